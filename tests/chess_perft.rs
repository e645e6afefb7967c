//! Perft of the chess family against the data files in tests/data.

mod common;

use movegen::chess::Position;
use movegen::perft::{divide, PerftOptions};
use movegen::{Game, Variant};

#[test]
fn chessprogramming_perft_table() {
    let checked = common::perft_file::run::<Position>(include_str!("data/chess.perft"));
    assert!(checked >= 25, "only {checked} entries ran");
}

#[test]
fn mengchess_perft() {
    let checked = common::perft_file::run::<Position>(include_str!("data/mengchess.perft"));
    assert!(checked >= 5, "only {checked} entries ran");
}

/// The hashed and threaded divide agrees with plain perft.
#[test]
fn divide_with_table_and_threads_agrees() {
    let pos = Position::from_fen(
        Variant::Chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let plain = divide(
        &pos,
        3,
        PerftOptions {
            threads: 1,
            hash_bits: None,
        },
    );
    let fancy = divide(
        &pos,
        3,
        PerftOptions {
            threads: 2,
            hash_bits: Some(12),
        },
    );
    assert_eq!(plain, fancy);
    assert_eq!(plain.iter().map(|p| p.1).sum::<u64>(), 97862);
    assert_eq!(plain.len(), pos.legal_moves().len());
}
