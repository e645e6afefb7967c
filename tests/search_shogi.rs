//! The search on the shogi family: forced mates (a drop mate, a mate by
//! separation, a mate by capture with re-drop), no legal move loses,
//! legality of the result over a playout.

mod common;

use movegen::shogi::Position;
use movegen::{Game, Variant};
use search::threads::Silent;
use search::{Limits, Score, Searcher};

fn pos(variant: Variant, sfen: &str) -> Position {
    Position::from_fen(variant, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// A mate in `plies`, checked through the rules core (no legal move loses
/// in shogi, S-11).
fn assert_mate(variant: Variant, sfen: &str, plies: i32) -> Vec<String> {
    common::mate::assert_mate_in_plies::<Position>(variant, sfen, plies)
}

#[test]
fn shogi_drop_mate() {
    // A gold dropped on 5b, held by the pawn on 5c.
    assert_eq!(
        assert_mate(Variant::Shogi, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 1),
        ["G*5b"]
    );
}

#[test]
fn shogi_mate_in_three_plies() {
    // No drop mates at once (nothing holds a gold on 5b); the pawn
    // promotes with check first.
    assert_mate(Variant::Shogi, "4k4/9/9/4P4/9/9/9/9/4K4 b 2G 1", 3);
}

#[test]
fn trisshogi_mate_by_separation() {
    // The composite rook on 1e cannot reach file 5 as a unit (Tris steps);
    // its rook leaves the Tris, slides to 5e and mates behind the lances.
    assert_eq!(
        assert_mate(
            Variant::TrisShogi,
            "3lkl3/3l1l3/8p^/9/8R^/9/9/9/4K4 b - 1 0 2 - -",
            1
        ),
        ["1e5et"]
    );
}

#[test]
fn trisshogi_mate_by_capture_with_redrop() {
    // Taking the white composite on 5c checks along the file; the re-drop
    // goes anywhere but 5b.
    let pv = assert_mate(
        Variant::MengShogi,
        "3lkl3/3l1l3/4p^4/9/4R^4/9/9/9/4K4 b - 1 0 2 - -",
        1,
    );
    // The rook enters the zone and may promote: `5e5c,5c..` or `5e5c+,5c..`.
    assert!(
        pv[0].starts_with("5e5c") && pv[0].contains(",5c") && !pv[0].ends_with("5b"),
        "{pv:?}"
    );
}

#[test]
fn no_legal_move_loses() {
    let mut s: Searcher<Position> = Searcher::new(1, 1);
    // White's king is mated: no legal move.
    let mated = pos(Variant::Shogi, "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    let r = s.search(&mated, &[], &Limits::depth(3), &Silent);
    assert_eq!((r.best, r.score), (None, Score::MatePlies(0)));
}

#[test]
fn the_best_move_is_always_legal_in_trisshogi() {
    let mut s: Searcher<Position> = Searcher::new(8, 1);
    let mut p = Position::startpos(Variant::TrisShogi);
    for ply in 0..50 {
        let r = s.search(&p, &[], &Limits::nodes(2_000), &Silent);
        let Some(best) = r.best else { break };
        assert!(p.is_legal(best), "ply {ply}: {best} in {}", p.to_fen());
        p = p.play(best);
    }
}
