//! Focused tests for every rule id of rules.md sections T and C, on
//! hand-built extended FENs: moves present and absent, the FEN after a move.

mod common;

use common::chess::*;
use movegen::chess::{Color, GameHistory, Outcome, Position, TrisLock};
use movegen::{Game, Variant};

fn sq(s: &str) -> movegen::chess::Square {
    movegen::chess::Square::parse(s).unwrap()
}

// ---- T: common Tris rules ----------------------------------------------

#[test]
fn t1_two_neutral_tris_start_in_the_reserve() {
    let pos = Position::startpos(Variant::MengChess);
    assert_eq!(pos.reserve(), 2);
    assert!(pos.tris().is_empty());
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2 0 - -"
    );
    let three = Position::from_fen(
        Variant::MengChess,
        "4k3/8/8/8/3*4/8/8/4K3 w - - 0 1 2 2 - -",
    );
    let e = three.unwrap_err();
    assert_eq!(e.field, "board");
    assert!(e.reason.contains("3 Tris"), "{e}");
}

#[test]
fn t2_a_tris_never_returns_to_the_reserve() {
    // A drop empties the reserve by one; a capture of the Tris forms a
    // composite and leaves the reserve alone.
    let pos = meng("4k3/8/8/8/R7/8/8/4K3 w - - 0 1 2 2 - -");
    let dropped = after(&pos, "T@d4");
    assert_eq!(dropped.reserve(), 1);
    let taken = after(&dropped, "e8d8 a4d4");
    assert_eq!(taken.reserve(), 1);
    assert_eq!(taken.to_fen(), "3k4/8/8/8/3R^4/8/8/4K3 b - - 0 2 1 2 - -");
    // The Tris on the board and in the reserve always add up to two.
    let lost = Position::from_fen(Variant::MengChess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 1 2 - -");
    assert_eq!(lost.unwrap_err().field, "reserve");
}

#[test]
fn t3_two_captures_switch_drops_on() {
    let start = Position::startpos(Variant::MengChess);
    assert!(!moves(&start).iter().any(|m| m.starts_with("T@")));
    let one = after(&start, "e2e4 d7d5 e4d5");
    assert_eq!(one.captures(), 1);
    assert!(!moves(&one).iter().any(|m| m.starts_with("T@")));
    let two = after(&one, "d8d5");
    assert_eq!(two.captures(), 2);
    assert!(two.drop_switch());
    // Every empty square: 64 - 30 pieces.
    assert_eq!(
        moves(&two).iter().filter(|m| m.starts_with("T@")).count(),
        34
    );
    // The count is capped at 2.
    let three = after(&two, "b1c3 d5a2 a1a2");
    assert_eq!(three.captures(), 2);
}

#[test]
fn t4_tris_step_is_a_king_step_or_a_knight_leap_onto_empty_squares() {
    let pos = meng("4k3/8/8/8/3*4/8/8/4K3 w - - 0 1 1 2 - -");
    let expected = squares(&[
        "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5", "d4b3", "d4b5", "d4c2",
        "d4c6", "d4e2", "d4e6", "d4f3", "d4f5",
    ]);
    assert_eq!(moves_from(&pos, "d4"), expected);
    // The leap jumps over pieces; occupied squares are never a destination.
    let crowded = meng("4k3/8/4n3/2PPP3/2P*P3/2PPP3/8/4K3 w - - 0 1 1 2 - -");
    let from_d4 = moves_from(&crowded, "d4");
    assert!(from_d4.contains(&"d4c6".to_string()) && from_d4.contains(&"d4b5".to_string()));
    assert!(!from_d4
        .iter()
        .any(|m| m == "d4e6" || m == "d4d5" || m == "d4c4"));
}

#[test]
fn t5_tris_blocks_and_never_attacks() {
    // The Tris on d4 shields e4 from the rook and does not check the king.
    let pos = meng("8/8/8/4k3/R2*4/8/8/4K3 b - - 0 1 1 2 - -");
    assert!(!pos.in_check());
    assert_has(&pos, &["e5e4"]);
    let white = meng("8/8/8/4k3/R2*4/8/8/4K3 w - - 0 1 1 2 - -");
    assert_has(&white, &["a4b4", "a4c4"]);
    assert_lacks(&white, &["a4e4", "a4f4"]);
    // A Tris on the castling path blocks castling.
    let castle = meng("4k3/8/8/8/8/8/8/R3K1*R w KQ - 0 1 1 2 - -");
    assert_has(&castle, &["e1c1"]);
    assert_lacks(&castle, &["e1g1"]);
}

#[test]
fn t6_a_piece_taking_a_tris_forms_a_composite() {
    let pos = meng("4k3/8/8/8/R2*4/8/8/4K3 w - - 0 1 1 2 - -");
    let next = after(&pos, "a4d4");
    assert_eq!(next.to_fen(), "4k3/8/8/8/3R^4/8/8/4K3 b - - 0 1 1 2 - -");
    assert_eq!(next.piece_at(sq("d4")).unwrap().color, Color::White);
    assert!(next.composites().contains(sq("d4")));
}

#[test]
fn t7_composite_moves_as_a_tris_and_captures_as_its_piece() {
    let pos = meng("4k3/3p4/8/8/3R^4/8/8/K7 w - - 0 1 1 2 - -");
    let unit: Vec<String> = moves_from(&pos, "d4")
        .into_iter()
        .filter(|m| !m.ends_with('t'))
        .collect();
    // 16 Tris steps, and the capture d4d7 along the file as a rook.
    assert_eq!(unit.len(), 17, "{unit:?}");
    assert_has(&pos, &["d4d7", "d4d5", "d4e6"]);
    assert_lacks(&pos, &["d4a4", "d4d6", "d4d8"]);
    // Its attacks are the rook's: it gives check along the file.
    let check = meng("4k3/8/8/8/4R^3/8/8/K7 b - - 0 1 1 2 - -");
    assert!(check.in_check());
    // A composite pawn captures diagonally forward and steps as a Tris.
    let pawn = meng("4k3/8/8/3p4/4P^3/8/8/K7 w - - 0 1 1 2 - -");
    assert_has(&pawn, &["e4d5", "e4e5", "e4f6", "e4e3", "e4e5t"]);
    assert_lacks(&pawn, &["e4e6", "e4f5t"]);
}

#[test]
fn t8_separation_leaves_the_tris_behind() {
    let pos = meng("4k3/8/8/8/3R^4/8/8/4K3 w - - 0 1 1 2 - -");
    // The rook leaves as a rook would, without capturing.
    assert_has(&pos, &["d4d8t", "d4a4t", "d4h4t", "d4d1t"]);
    // K + R = 2 pieces: the Tris left behind is single-locked to White (C-7).
    let next = after(&pos, "d4d6t");
    assert_eq!(next.to_fen(), "4k3/8/3R4/8/3T4/8/8/4K3 b - - 1 1 1 2 - -");
}

#[test]
fn t9_promotion_inside_a_composite() {
    // A composite pawn reaching the last rank by a Tris step promotes.
    let pos = meng("4k3/8/2P^5/8/8/8/8/K7 w - - 0 1 1 2 - -");
    assert_has(&pos, &["c6d8q", "c6d8n", "c6b8r", "c6c7", "c6b7"]);
    assert_lacks(&pos, &["c6d8", "c6c8"]);
    let next = after(&pos, "c6d8n");
    assert_eq!(next.to_fen(), "3N^k3/8/8/8/8/8/8/K7 b - - 0 1 1 2 - -");
    // Separation onto the last rank promotes too, with `t` after the letter.
    let sep = meng("4k3/2P^5/8/8/8/8/8/K7 w - - 0 1 1 2 - -");
    assert_has(&sep, &["c7c8qt", "c7c8nt"]);
    assert_lacks(&sep, &["c7c8t"]);
}

#[test]
fn t10_redrop_may_block_the_check_the_capture_uncovered() {
    // The composite bishop on e2 shields the king from the rook; taking the
    // Tris on g4 uncovers the check, so the re-drop must block it.
    let pos = meng("k3r3/8/8/8/6*1/8/4B^3/4K3 w - - 0 1 0 2 - -");
    let redrops = moves_from(&pos, "e2g4");
    let expected = squares(&[
        "e2g4,g4e2",
        "e2g4,g4e3",
        "e2g4,g4e4",
        "e2g4,g4e5",
        "e2g4,g4e6",
        "e2g4,g4e7",
    ]);
    assert_eq!(redrops, expected);
}

#[test]
fn t10_drops_block_checks() {
    let pos = meng("k3r3/8/8/8/8/8/8/4K3 w - - 0 1 2 2 - -");
    let drops: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("T@"))
        .collect();
    assert_eq!(drops.len(), 6);
    assert_has(&pos, &["T@e2", "T@e7"]);
    assert_lacks(&pos, &["T@a1", "T@d2"]);
}

#[test]
fn t10_a_tris_step_may_not_uncover_the_own_king() {
    let pos = meng("k3r3/8/8/8/8/8/4*3/4K3 w - - 0 1 1 2 - -");
    assert_has(&pos, &["e2e3"]);
    assert_lacks(&pos, &["e2d3", "e2f4", "e2d2"]);
}

#[test]
fn t10_a_tris_step_may_uncover_a_check_on_the_enemy_king() {
    let pos = meng("4k3/8/8/8/4*3/8/8/K3R3 w - - 0 1 1 2 - -");
    let next = after(&pos, "e4d4");
    assert!(next.in_check());
}

// ---- C: MengChess ------------------------------------------------------

#[test]
fn c1_standalone_tris_belong_to_nobody_and_either_side_may_take_them() {
    // A Tris single-locked to White is still captured by Black (C-2).
    let pos = meng("4k3/8/8/3r4/3T4/8/8/4K3 b - - 0 1 1 2 - -");
    assert_eq!(
        pos.tris_lock(sq("d4")),
        Some(TrisLock::Single(Color::White))
    );
    assert_has(&pos, &["d5d4"]);
    assert_eq!(
        after(&pos, "d5d4").to_fen(),
        "4k3/8/8/8/3r^4/8/8/4K3 w - - 0 2 1 2 - -"
    );
}

#[test]
fn c2_a_composite_taking_a_tris_redrops_it() {
    let pos = meng("4k3/8/8/8/3*4/8/8/3R^K3 w - - 0 1 0 2 - -");
    // After d1xd4 the empty squares are 64 - 3 (king, king, composite) - 0:
    // the captured Tris goes to any of them, d1 included.
    let redrops = moves_from(&pos, "d1d4");
    assert_eq!(redrops.len(), 61);
    assert!(redrops.contains(&"d1d4,d4d1".to_string()));
    assert!(!redrops.contains(&"d1d4".to_string()));
    let next = after(&pos, "d1d4,d4a8");
    assert_eq!(next.to_fen(), "*3k3/8/8/8/3R^4/8/8/4K3 b - - 0 1 0 2 a8 -");
}

#[test]
fn c3_king_takes_a_neutral_tris_only_with_a_co_attacker() {
    let alone = meng("4k3/8/8/8/8/8/3*4/4K3 w - - 0 1 1 2 - -");
    assert_lacks(&alone, &["e1d2"]);
    let helped = meng("4k3/8/8/8/8/8/3*4/3RK3 w - - 0 1 1 2 - -");
    assert_has(&helped, &["e1d2"]);
    assert_eq!(
        after(&helped, "e1d2").to_fen(),
        "4k3/8/8/8/8/8/3K^4/3R4 b - - 0 1 1 2 - -"
    );
}

#[test]
fn c3_a_pinned_co_attacker_counts() {
    // The rook on e2 is pinned by the rook on e8 but still attacks d2.
    let pos = meng("4r1k1/8/8/8/8/8/3*R3/4K3 w - - 0 1 1 2 - -");
    assert_has(&pos, &["e1d2"]);
}

#[test]
fn c3_the_king_blocks_lines_through_its_own_square() {
    // The rook on h1 reaches d1 only through the king.
    let pos = meng("4k3/8/8/8/8/8/8/3*K2R w - - 0 1 1 2 - -");
    assert_lacks(&pos, &["e1d1"]);
}

#[test]
fn c4_lock_states_decide_who_moves_a_tris() {
    let pendulum_w = meng("4k3/8/8/8/3*4/8/8/4K3 w - - 0 1 1 2 - -");
    let pendulum_b = meng("4k3/8/8/8/3*4/8/8/4K3 b - - 0 1 1 2 - -");
    assert_has(&pendulum_w, &["d4d5"]);
    assert_has(&pendulum_b, &["d4d5"]);
    let single_w = meng("4k3/8/8/8/3T4/8/8/4K3 w - - 0 1 1 2 - -");
    let single_w_b = meng("4k3/8/8/8/3T4/8/8/4K3 b - - 0 1 1 2 - -");
    assert_has(&single_w, &["d4d5"]);
    assert_lacks(&single_w_b, &["d4d5"]);
    // Double lock: d4 to White, f2 to Black.
    let double_w = meng("4k3/8/8/8/3*4/8/5*2/4K3 w - - 0 1 0 2 - d4");
    let double_b = meng("4k3/8/8/8/3*4/8/5*2/4K3 b - - 0 1 0 2 - d4");
    assert_eq!(
        double_w.tris_lock(sq("d4")),
        Some(TrisLock::Double(Color::White))
    );
    assert_eq!(
        double_w.tris_lock(sq("f2")),
        Some(TrisLock::Double(Color::Black))
    );
    assert_has(&double_w, &["d4d5"]);
    assert_lacks(&double_w, &["f2f3"]);
    assert_has(&double_b, &["f2f3"]);
    assert_lacks(&double_b, &["d4d5"]);
    // Two standalone Tris without a double lock cannot be written.
    let e = Position::from_fen(
        Variant::MengChess,
        "4k3/8/8/8/3*4/8/5*2/4K3 w - - 0 1 0 2 - -",
    )
    .unwrap_err();
    assert_eq!(e.field, "dlock");
}

#[test]
fn c5_pendulum_alternation_freezes_the_tris_for_one_ply() {
    let pos = meng("3rk3/8/8/8/3*4/8/8/4K3 w - - 0 1 1 2 - -");
    let moved = after(&pos, "d4d5");
    assert_eq!(moved.to_fen(), "3rk3/8/8/3*4/8/8/8/4K3 b - - 1 1 1 2 d5 -");
    assert_eq!(moved.frozen(), Some(sq("d5")));
    // Black may not move it, but may capture it at once [D].
    assert!(moves_from(&moved, "d5").is_empty());
    assert_has(&moved, &["d8d5"]);
    // The side that moved it may move it again on its next turn.
    let later = after(&moved, "e8e7");
    assert_eq!(later.frozen(), None);
    assert_has(&later, &["d5d6"]);
    // A frozen square must hold a pendulum Tris.
    let e = Position::from_fen(
        Variant::MengChess,
        "4k3/8/8/8/3T4/8/8/4K3 b - - 0 1 1 2 d4 -",
    )
    .unwrap_err();
    assert_eq!(e.field, "frozen");
}

#[test]
fn c6_the_second_tris_double_locks_both() {
    let pos = meng("4k3/8/8/8/3*4/8/8/4K3 b - - 0 1 1 2 - -");
    let next = after(&pos, "T@h5");
    // The new Tris is Black's, the old one White's: dlock names d4.
    assert_eq!(next.to_fen(), "4k3/8/8/7*/3*4/8/8/4K3 w - - 0 2 0 2 - d4");
    assert_eq!(
        next.tris_lock(sq("h5")),
        Some(TrisLock::Double(Color::Black))
    );
    // Whoever drops second is locked to it: here White.
    let white = after(&meng("4k3/8/8/8/3*4/8/8/4K3 w - - 0 1 1 2 - -"), "T@h5");
    assert_eq!(white.dlock(), Some(sq("h5")));
}

#[test]
fn c6_base_states_survive_a_double_lock() {
    // d4 is single-locked to White; a second Tris double-locks both; when
    // h5 is captured, d4 returns to its base state, not frozen.
    let pos = meng("4k3/8/8/8/3T4/8/8/4K2R b - - 0 1 1 2 - -");
    let locked = after(&pos, "T@h5");
    assert_eq!(
        locked.to_fen(),
        "4k3/8/8/7*/3T4/8/8/4K2R w - - 0 2 0 2 - d4"
    );
    let ended = after(&locked, "h1h5");
    assert_eq!(ended.to_fen(), "4k3/8/8/7R^/3T4/8/8/4K3 b - - 0 2 0 2 - -");
    assert_eq!(
        ended.tris_lock(sq("d4")),
        Some(TrisLock::Single(Color::White))
    );
}

#[test]
fn c7_separation_with_four_pieces_leaves_a_pendulum_tris() {
    // White has K, R, N, B (4 pieces): pendulum, and frozen for Black (C-5).
    let pos = meng("4k3/8/8/8/3R^4/8/8/1NB1K3 w - - 0 1 1 2 - -");
    let next = after(&pos, "d4d6t");
    assert_eq!(
        next.to_fen(),
        "4k3/8/3R4/8/3*4/8/8/1NB1K3 b - - 1 1 1 2 d4 -"
    );
}

#[test]
fn c7_separation_with_three_pieces_single_locks_to_the_separator() {
    let white = meng("4k3/8/8/8/3R^4/8/8/2B1K3 w - - 0 1 1 2 - -");
    assert_eq!(
        after(&white, "d4d6t").to_fen(),
        "4k3/8/3R4/8/3T4/8/8/2B1K3 b - - 1 1 1 2 - -"
    );
    let black = meng("4k3/8/8/3r^4/8/8/8/4K3 b - - 0 1 1 2 - -");
    assert_eq!(
        after(&black, "d5d2t").to_fen(),
        "4k3/8/8/3t4/8/8/3r4/4K3 w - - 1 2 1 2 - -"
    );
    // [D] This side >= 4 and the other side <= 3: pendulum.
    let mixed = meng("4k3/8/8/8/3R^4/8/8/1NB1K3 w - - 0 1 1 2 - -");
    assert_eq!(
        after(&mixed, "d4d6t").tris_lock(sq("d4")),
        Some(TrisLock::Pendulum)
    );
}

#[test]
fn c8_flying_knife_takes_an_enemy_composite_and_redrops_its_tris() {
    // White's composite rook takes Black's composite knight on d7; the
    // knight leaves the game and its Tris is re-dropped by White.
    let pos = meng("4k3/3n^4/8/8/3R^4/8/8/4K3 w - - 0 1 0 2 - -");
    let redrops = moves_from(&pos, "d4d7");
    // Empty after the capture: 64 - 3 occupied (e8, d7, e1).
    assert_eq!(redrops.len(), 61);
    let next = after(&pos, "d4d7,d7d4");
    assert_eq!(next.to_fen(), "4k3/3R^4/8/8/3*4/8/8/4K3 b - - 0 1 0 2 d4 -");
    // Taking a standalone Tris: the re-dropped one is pendulum and frozen.
    let two = meng("4k3/8/8/8/8/8/8/*2R^K3 w - - 0 1 0 2 - -");
    let next = after(&two, "d1a1,a1h8");
    assert_eq!(next.to_fen(), "4k2*/8/8/8/8/8/8/R^3K3 b - - 0 1 0 2 h8 -");
}

#[test]
fn c9_a_standalone_piece_takes_an_enemy_composite_and_stands_on_its_tris() {
    let pos = meng("4k3/8/8/3n^4/8/8/8/3RK3 w - - 0 1 1 2 - -");
    assert_eq!(
        after(&pos, "d1d5").to_fen(),
        "4k3/8/8/3R^4/8/8/8/4K3 b - - 0 1 1 2 - -"
    );
    // A composite taking an enemy standalone piece is an ordinary capture.
    let plain = meng("4k3/8/8/3n4/8/8/8/3R^K3 w - - 0 1 1 2 - -");
    assert_eq!(moves_from(&plain, "d1d5"), vec!["d1d5".to_string()]);
}

#[test]
fn c9_en_passant_only_by_and_against_standalone_pawns() {
    // A composite pawn on e5 cannot take en passant: e5d6 is a Tris step
    // and the d5 pawn stays.
    let pos = meng("4k3/3p4/8/4P^3/8/8/8/4K3 b - - 0 1 1 2 - -");
    let next = after(&pos, "d7d5");
    assert_eq!(next.ep_square(), None);
    let step = after(&next, "e5d6");
    assert_eq!(step.to_fen(), "4k3/8/3P^4/3p4/8/8/8/4K3 b - - 0 2 1 2 - -");
    // A standalone pawn takes en passant as usual.
    let plain = meng("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 2 0 - -");
    let pushed = after(&plain, "d7d5");
    assert_eq!(pushed.ep_square(), Some(sq("d6")));
    assert_eq!(
        after(&pushed, "e5d6").to_fen(),
        "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2 2 1 - -"
    );
}

#[test]
fn c9_composite_pawn_may_visit_its_first_rank_and_single_steps_from_it() {
    let pos = meng("4k3/8/8/8/8/8/1P^6/4K3 w - - 0 1 1 2 - -");
    assert_has(&pos, &["b2b1", "b2a1", "b2c1"]);
    let low = after(&pos, "b2b1");
    assert_eq!(low.to_fen(), "4k3/8/8/8/8/8/8/1P^2K3 b - - 0 1 1 2 - -");
    // Separation from the first rank: one step forward only.
    let back = after(&low, "e8e7");
    assert_has(&back, &["b1b2t"]);
    assert_lacks(&back, &["b1b3t"]);
    // A standalone pawn on its first rank moves one square.
    let standalone = meng("4k3/8/8/8/8/8/8/P3K3 w - - 0 1 2 0 - -");
    assert_has(&standalone, &["a1a2"]);
    assert_lacks(&standalone, &["a1a3"]);
}

#[test]
fn c9_a_king_that_was_a_composite_has_lost_castling() {
    let pos = meng("4k3/8/8/8/8/8/8/R3K^2R w KQ - 0 1 1 2 - -");
    assert_eq!(pos.castling_rights(), 0);
    assert_lacks(&pos, &["e1g1", "e1c1"]);
    assert!(pos.to_fen().contains(" w - - "));
}

#[test]
fn c10_drops_need_the_switch_and_an_empty_square() {
    let before = meng("4k3/8/8/8/8/8/8/4K3 w - - 0 1 2 1 - -");
    assert!(!moves(&before).iter().any(|m| m.starts_with("T@")));
    let e = before.parse_move("T@d4").unwrap_err();
    assert!(e.reason.contains("two captures"), "{e}");
    let pos = meng("4k3/8/8/8/8/8/8/4K3 w - - 0 1 2 2 - -");
    assert_eq!(
        moves(&pos).iter().filter(|m| m.starts_with("T@")).count(),
        62
    );
    assert_lacks(&pos, &["T@e1", "T@e8"]);
    assert_eq!(
        after(&pos, "T@d4").to_fen(),
        "4k3/8/8/8/3*4/8/8/4K3 b - - 0 1 1 2 d4 -"
    );
    // Black may drop the second one at once.
    assert_has(&after(&pos, "T@d4"), &["T@a1"]);
}

#[test]
fn c11_checkmate_and_stalemate() {
    let mate = GameHistory::new(chess("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"));
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    let stale = GameHistory::new(chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    assert_eq!(stale.outcome(), Some(Outcome::Stalemate));
    // A Tris wall lets a lone knight mate in mengchess.
    let wall = GameHistory::new(meng("6*k/5N1*/5K2/8/8/8/8/8 b - - 0 1 0 2 - g8"));
    assert_eq!(
        wall.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn c11_fifty_moves_and_threefold_repetition() {
    let pos = meng("4k3/8/8/8/8/8/8/R3K3 w - - 99 60 2 0 - -");
    let mut game = GameHistory::new(pos.clone());
    assert_eq!(game.outcome(), None);
    game.play(pos.parse_move("a1a2").unwrap());
    assert_eq!(game.outcome(), Some(Outcome::FiftyMoves));
    // Mate on the move that reaches the limit still wins.
    let mating = chess("7k/8/6K1/8/8/8/8/R7 w - - 99 60");
    let mut g = GameHistory::new(mating.clone());
    g.play(mating.parse_move("a1a8").unwrap());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    // Threefold on the full state.
    let start = Position::startpos(Variant::MengChess);
    let mut rep = GameHistory::new(start.clone());
    for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        let mv = rep.position().parse_move(text).unwrap();
        rep.play(mv);
        assert_eq!(rep.outcome(), None, "after {text}");
    }
    let mv = rep.position().parse_move("f6g8").unwrap();
    rep.play(mv);
    assert_eq!(rep.outcome(), Some(Outcome::ThreefoldRepetition));
}

#[test]
fn c11_repetition_compares_tris_state() {
    // The same squares but the Tris frozen in one and not the other: the
    // frozen square is part of the state, so these differ.
    let a = meng("4k3/8/8/3*4/8/8/8/4K3 b - - 1 1 1 2 d5 -");
    let b = meng("4k3/8/8/3*4/8/8/8/4K3 b - - 1 1 1 2 - -");
    assert_ne!(a.hash(), b.hash());
    let c = meng("4k3/8/8/3T4/8/8/8/4K3 b - - 1 1 1 2 - -");
    assert_ne!(b.hash(), c.hash());
}

#[test]
fn c11_insufficient_material() {
    assert!(chess("4k3/8/8/8/8/8/8/4KN2 w - - 0 1").insufficient_material());
    assert!(!chess("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1").insufficient_material());
    assert!(chess("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1").insufficient_material());
    assert!(!chess("4k3/8/8/8/8/8/8/4K1R1 w - - 0 1").insufficient_material());
    // In mengchess only king against king is dead.
    assert!(!meng("4k3/8/8/8/8/8/8/4KN2 w - - 0 1 2 1 - -").insufficient_material());
    assert!(meng("4k3/8/8/8/8/8/8/4K3 w - - 0 1 2 2 - -").insufficient_material());
}

#[test]
fn c11_move_generation_ignores_draws() {
    let pos = meng("4k3/8/8/8/8/8/8/4K3 w - - 150 90 2 2 - -");
    assert!(!pos.legal_moves().is_empty());
}
