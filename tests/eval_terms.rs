//! Switching evaluation term groups off (process-wide, so in a test binary
//! of its own).

use movegen::chess::Position;
use movegen::{Game, Variant};
use search::eval::{chess::evaluate, set_disabled};

#[test]
fn term_groups_switch_off_and_back_on() {
    // Doubled isolated pawns and a composite: every group has a say.
    let pos = Position::from_fen(
        Variant::MengChess,
        "4k3/8/8/8/3R^4/2P5/2P5/4K3 w - - 0 1 1 2 - -",
    )
    .unwrap();
    let all = evaluate(&pos);
    set_disabled("pawn_structure").unwrap();
    let no_pawns = evaluate(&pos);
    set_disabled("tris").unwrap();
    let no_tris = evaluate(&pos);
    set_disabled("").unwrap();
    assert_eq!(evaluate(&pos), all);
    assert_ne!(no_pawns, all);
    assert_ne!(no_tris, all);
    let e = set_disabled("king_safety,bogus").unwrap_err();
    assert!(e.contains("'bogus'"), "{e}");
    assert_eq!(evaluate(&pos), all, "a rejected list changes nothing");
    assert!(pos.legal_moves().len() > 10);
}
