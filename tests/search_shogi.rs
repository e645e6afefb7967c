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

/// Depth 1 with and without quiet checks in the quiescence search.
fn depth_one_score(sfen: &str, qs_checks: bool) -> Score {
    let p = pos(Variant::Shogi, sfen);
    let mut s: Searcher<Position> = Searcher::new(16, 1);
    let mut f = s.features();
    f.qs_checks = qs_checks;
    s.set_features(f);
    s.search(&p, &[], &Limits::depth(1), &Silent).score
}

#[test]
fn quiescence_checks_see_a_drop_mate_beyond_the_horizon() {
    // A checking drop (extended one ply), the king's reply, then a drop
    // that mates: the third ply is a quiet check that only the quiescence
    // search's first ply can see at depth 1.
    for sfen in [
        "9/4g2k1/4s4/6G2/9/9/9/9/K8 b GS 1",
        "9/8k/9/7S1/9/9/9/9/K8 b GS 1",
    ] {
        assert_eq!(depth_one_score(sfen, true), Score::MatePlies(3), "{sfen}");
        assert!(
            !matches!(depth_one_score(sfen, false), Score::MatePlies(_)),
            "{sfen}: a capture-only quiescence search should not see it"
        );
    }
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

/// The quiet checks the quiescence search adds are exactly the legal
/// non-tactical moves after which the moved piece attacks the king from a
/// square next to it (contact checks), over pseudo-random playouts of all
/// three shogi variants (composites and Tris included).
#[test]
fn quiet_checks_match_play_and_test_over_playouts() {
    use search::SearchGame;
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut checked = 0;
    for variant in [Variant::Shogi, Variant::TrisShogi, Variant::MengShogi] {
        for _game in 0..6 {
            let mut p = Position::startpos(variant);
            for _ply in 0..120 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut list = movegen::MoveList::new();
                p.generate_quiet_checks(&mut list);
                let them = p.turn().other();
                let ksq = p.king(them);
                let ring = movegen::shogi::attacks::KING_STEP[ksq.index()];
                let expected: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let after = p.play(m);
                        !p.is_tactical(m)
                            && ring.contains(m.to())
                            && after
                                .attackers_to(ksq, p.turn(), after.occupied())
                                .contains(m.to())
                    })
                    .collect();
                assert_eq!(list.len(), expected.len(), "{}", p.to_fen());
                for m in &expected {
                    assert!(list.contains(m), "{m} missing in {}", p.to_fen());
                }
                checked += expected.len();
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                p = p.play(moves[(seed % moves.len() as u64) as usize]);
            }
        }
    }
    assert!(checked > 50, "only {checked} contact checks seen");
}

/// A depth-6 search of the position reached from `sfen` by the first
/// `plies` moves of `cycle` repeated, with the game's earlier positions:
/// the best move and the score.
fn search_after_cycles(sfen: &str, cycle: &[&str], plies: usize) -> (Option<String>, Score) {
    let mut p = pos(Variant::Shogi, sfen);
    let mut keys = Vec::new();
    for m in cycle.iter().cycle().take(plies) {
        keys.push((p.hash(), p.in_check()));
        let mv = p.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
        p = p.play(mv);
    }
    let mut s: Searcher<Position> = Searcher::new(16, 1);
    let r = s.search(&p, &keys, &Limits::depth(6), &Silent);
    (r.best.map(|m| m.to_string()), r.score)
}

/// A lost score: below -500 cp or being mated.
fn lost(score: Score) -> bool {
    matches!(score, Score::Cp(c) if c < -500) || matches!(score, Score::MatePlies(m) if m < 0)
}

/// S-11: the fourth occurrence of a position is a draw, counting the game
/// before the root; a third whose others lie before the root is not.
#[test]
fn s_11_fourfold_repetition_with_the_game_history_is_a_draw() {
    // White's king has one move each time (1a-2a, the rook on 3b and the
    // gold behind it take the rest) while Black's king steps 5i-4i.
    let start = "7k1/6R2/6G2/9/9/9/9/9/4K4 b - 1";
    let cycle = ["5i4i", "2a1a", "4i5i", "1a2a"];
    // Root: the start with White to move, for the third time; 1a2a makes
    // the start a fourth time.
    let (best, score) = search_after_cycles(start, &cycle, 11);
    assert_eq!(best.as_deref(), Some("1a2a"));
    assert_eq!(score, Score::Cp(0));
    // Once round less: a third time only, and Black, a rook and a gold up,
    // does not repeat.
    let (_, score) = search_after_cycles(start, &cycle, 7);
    assert!(lost(score), "{score:?}");
}

/// S-11: a fourth occurrence reached while every move of one side gave
/// check loses for that side, counting the checks since the first
/// occurrence, before the root too.
#[test]
fn s_11_perpetual_check_with_the_game_history_loses_for_the_checker() {
    // Black's rook checks from 1i and 2i, White's king steps 2a-1a.
    let start = "7k1/9/9/9/9/9/9/9/4K3R b - 1";
    let cycle = ["1i2i", "2a1a", "2i1i", "1a2a"];
    // Root: White in check for the third time in this position; 1a2a makes
    // the start a fourth time, every Black move since then a check.
    let (best, score) = search_after_cycles(start, &cycle, 11);
    assert_eq!(best.as_deref(), Some("1a2a"));
    assert_eq!(score, Score::MatePlies(1));
    // Once round less the repetition decides nothing yet: White, without a
    // piece, is lost.
    let (_, score) = search_after_cycles(start, &cycle, 7);
    assert!(lost(score), "{score:?}");
}
