//! The bench: a fixed set of positions searched to a fixed depth with one
//! thread and a 16 MB table. The node total is the search's signature.

use std::time::{Duration, Instant};

use movegen::Variant;

use crate::game::SearchGame;
use crate::limits::Limits;
use crate::threads::{Searcher, Silent};

/// Chess-family bench positions (variant, FEN).
pub const CHESS_POSITIONS: &[(Variant, &str)] = &[
    (
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        Variant::Chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (Variant::Chess, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        Variant::Chess,
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
    (Variant::Chess, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
    (
        Variant::MengChess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2 0 - -",
    ),
    (
        Variant::MengChess,
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B^1P3/5N2/PPPP2PP/RNBQK2R w KQkq - 0 1 1 2 - -",
    ),
    (
        Variant::MengChess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN2*/1p1*P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 0 2 - d4",
    ),
    (
        Variant::MengChess,
        "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 2 2 - -",
    ),
];

/// Shogi-family bench positions (variant, SFEN).
pub const SHOGI_POSITIONS: &[(Variant, &str)] = &[
    (
        Variant::Shogi,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ),
    (
        Variant::Shogi,
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    ),
    (
        Variant::Shogi,
        "ln1g3nl/1r1s1kg2/p1pppp1pp/6p2/1p5P1/2P6/PPSPPPP1P/2G4R1/LN2KGSNL b Bb 19",
    ),
    (
        Variant::TrisShogi,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 2 0 - -",
    ),
    (
        Variant::TrisShogi,
        "3lkl3/3l1l3/8p^/9/8R^/9/9/9/4K4 b - 1 0 2 - -",
    ),
    (
        Variant::MengShogi,
        "ln1g3nl/1r1s1kg2/p1pppptpp/6p2/1p5P1/2P6/PPS^PPPP1P/2G4R1/LN2KGSNL b Bb 19 0 2 - -",
    ),
];

/// Searches each position to `depth` from a fresh table; returns the nodes
/// and the time.
pub fn run<G: SearchGame>(positions: &[(Variant, &str)], depth: u32) -> (u64, Duration) {
    run_with::<G>(positions, depth, crate::threads::Features::default())
}

/// The bench with some search features switched off.
pub fn run_with<G: SearchGame>(
    positions: &[(Variant, &str)],
    depth: u32,
    features: crate::threads::Features,
) -> (u64, Duration) {
    let mut nodes = 0;
    let start = Instant::now();
    for &(variant, fen) in positions {
        let pos = G::from_fen(variant, fen).unwrap_or_else(|e| panic!("bench position {fen}: {e}"));
        let mut searcher: Searcher<G> = Searcher::new(16, 1);
        searcher.set_features(features);
        let result = searcher.search(&pos, &[], &Limits::depth(depth), &Silent);
        nodes += result.nodes;
    }
    (nodes, start.elapsed())
}

#[cfg(test)]
mod tests {
    #[test]
    fn shogi_bench_searches() {
        let (n, _) = super::run::<movegen::shogi::Position>(super::SHOGI_POSITIONS, 3);
        assert!(n > 100, "{n}");
    }
}
