//! Perft benchmarks of the chess family, with cozy-chess (a peer move
//! generator) on the same positions for a side-by-side figure.
//!
//! `cargo bench --bench perft`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use movegen::chess::Position;
use movegen::perft::perft;
use movegen::{Game, Variant};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Standalone Tris under a double lock, composites and the drop switch on.
const TRIS: &str =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN2*/1p1*P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 0 2 - d4";
const TRIS_COMPOSITE: &str =
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B^1P3/5N2/PPPP2PP/RNBQK2R w KQkq - 0 1 1 2 - -";

fn cozy_perft(board: &cozy_chess::Board, depth: u8) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn bench(c: &mut Criterion) {
    let cases = [
        (
            "chess-start",
            Variant::Chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
        ),
        ("kiwipete", Variant::Chess, KIWIPETE, 4),
        ("mengchess-double-lock", Variant::MengChess, TRIS, 4),
        ("mengchess-composite", Variant::MengChess, TRIS_COMPOSITE, 4),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, variant, fen, depth) in cases {
        let pos = Position::from_fen(variant, fen).unwrap();
        let nodes = perft(&pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("triskelion", name), &pos, |b, pos| {
            b.iter(|| perft(pos, depth))
        });
        if variant == Variant::Chess {
            let board = cozy_chess::Board::from_fen(fen, false).unwrap();
            assert_eq!(cozy_perft(&board, depth as u8), nodes, "{name}");
            group.bench_with_input(BenchmarkId::new("cozy-chess", name), &board, |b, board| {
                b.iter(|| cozy_perft(board, depth as u8))
            });
        }
    }
    group.finish();
    let start = Position::startpos(Variant::Chess);
    c.bench_function("movegen/start-legal-moves", |b| {
        b.iter(|| start.legal_moves().len())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
