//! Helpers for the chess-family rule tests.
#![allow(dead_code)]

use movegen::chess::Position;
use movegen::{Game, Variant};

pub fn meng(fen: &str) -> Position {
    Position::from_fen(Variant::MengChess, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

pub fn chess(fen: &str) -> Position {
    Position::from_fen(Variant::Chess, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Every legal move as a string.
pub fn moves(pos: &Position) -> Vec<String> {
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// Legal moves whose string starts with `prefix`, sorted.
pub fn moves_from(pos: &Position, prefix: &str) -> Vec<String> {
    let mut v: Vec<String> = moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect();
    v.sort();
    v
}

pub fn has(pos: &Position, mv: &str) -> bool {
    moves(pos).iter().any(|m| m == mv)
}

#[track_caller]
pub fn assert_has(pos: &Position, mvs: &[&str]) {
    for mv in mvs {
        assert!(has(pos, mv), "{mv} should be legal in {}", pos.to_fen());
    }
}

#[track_caller]
pub fn assert_lacks(pos: &Position, mvs: &[&str]) {
    for mv in mvs {
        assert!(
            !has(pos, mv),
            "{mv} should not be legal in {}",
            pos.to_fen()
        );
    }
}

/// The FEN after playing `mvs` (each must parse and be legal).
#[track_caller]
pub fn after(pos: &Position, mvs: &str) -> Position {
    let next = pos
        .play_sequence(mvs)
        .unwrap_or_else(|e| panic!("{e} in {}", pos.to_fen()));
    assert_eq!(
        next.hash(),
        next.compute_hash(),
        "incremental hash after {mvs}"
    );
    next
}

/// Sorted squares written as strings, for comparing destination sets.
pub fn squares(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}
