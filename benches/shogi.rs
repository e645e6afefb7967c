//! Perft speed of the shogi-family rules core (plain perft, no hash table,
//! bulk counting at the last ply).

use criterion::{criterion_group, criterion_main, Criterion};
use movegen::perft::perft;
use movegen::shogi::Position;
use movegen::{Game, Variant};

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";

/// A trisshogi middlegame with a Black-locked Tris, composites of both
/// sides and pieces in hand.
const TRIS_MIDDLEGAME: &str =
    "ln1gkg1nl/1r1s3b1/p1pppp1pp/1p4p2/4t4/2P6/PP1PPPP1P/1B2S^2R1/LNSGKG1NL b Sp 15 0 3 - -";

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("shogi perft");
    g.sample_size(10);
    let start = Position::startpos(Variant::Shogi);
    g.bench_function("shogi start d4", |b| b.iter(|| perft(&start, 4)));
    let matsuri = Position::from_fen(Variant::Shogi, MATSURI).unwrap();
    g.bench_function("matsuri d3", |b| b.iter(|| perft(&matsuri, 3)));
    let tris = Position::from_fen(Variant::TrisShogi, TRIS_MIDDLEGAME).unwrap();
    g.bench_function("trisshogi middlegame d3", |b| b.iter(|| perft(&tris, 3)));
    g.finish();
}

criterion_group!(shogi, benches);
criterion_main!(shogi);
