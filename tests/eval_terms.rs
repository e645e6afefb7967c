//! Switching evaluation term groups off (process-wide, so in a test binary
//! of its own). The switches act on the hand-written evaluation, which
//! these tests read directly (in plain chess a network plays by default).

use movegen::chess::Position;
use movegen::{Game, Variant};
use search::eval::{chess::hand_written as evaluate, set_disabled};
use std::sync::Mutex;

/// The switches are process-wide: the tests of this binary take turns.
static SWITCHES: Mutex<()> = Mutex::new(());

#[test]
fn term_groups_switch_off_and_back_on() {
    let _turn = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
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
    set_disabled("mobility").unwrap();
    let no_mobility = evaluate(&pos);
    set_disabled("").unwrap();
    assert_eq!(evaluate(&pos), all);
    assert_ne!(no_pawns, all);
    assert_ne!(no_tris, all);
    assert_ne!(no_mobility, all, "the rook's mobility counts");
    let e = set_disabled("king_safety,bogus").unwrap_err();
    assert!(e.contains("'bogus'"), "{e}");
    assert_eq!(evaluate(&pos), all, "a rejected list changes nothing");
    assert!(pos.legal_moves().len() > 10);
}

#[test]
fn mobility_favours_the_free_rook() {
    let _turn = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    // White's rook on an open board, Black's boxed in its corner by its own
    // knight and pawns: the mobility term is in White's favour (and White
    // is to move, so the score is White's).
    let pos = Position::from_fen(Variant::Chess, "rn2k3/pp6/8/8/3R4/8/6PP/4K3 w - - 0 1").unwrap();
    set_disabled("").unwrap();
    let on = evaluate(&pos);
    set_disabled("mobility").unwrap();
    let off = evaluate(&pos);
    set_disabled("").unwrap();
    assert!(on > off + 20, "on {on} off {off}");
}
