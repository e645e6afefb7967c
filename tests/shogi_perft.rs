//! Perft tables of the shogi family (tests/data/shogi.perft) within a node
//! budget, plus the equality of `trisshogi` and `mengshogi` trees.

use movegen::perft::{divide, perft, PerftOptions};
use movegen::shogi::Position;
use movegen::{Game, Variant};

fn budget() -> u64 {
    std::env::var("TRISKELION_PERFT_BUDGET")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(520_000_000)
}

struct Case {
    variant: Variant,
    sfen: String,
    depths: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/shogi.perft");
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 3, "line {}: three '|'-separated fields", n + 1);
        let variant: Variant = parts[0].parse().expect("variant");
        let depths = parts[2]
            .split_whitespace()
            .map(|dn| {
                let (d, nodes) = dn.split_once(':').expect("depth:nodes");
                (d.parse().unwrap(), nodes.parse().unwrap())
            })
            .collect();
        out.push(Case {
            variant,
            sfen: parts[1].to_string(),
            depths,
        });
    }
    out
}

#[test]
fn perft_tables() {
    let budget = budget();
    let mut ran = 0;
    for case in cases() {
        let pos = Position::from_fen(case.variant, &case.sfen).expect("valid SFEN");
        for &(depth, nodes) in &case.depths {
            if nodes > budget {
                continue;
            }
            assert_eq!(
                perft(&pos, depth),
                nodes,
                "{} {} depth {depth}",
                case.variant,
                case.sfen
            );
            ran += 1;
        }
    }
    assert!(ran >= 10, "only {ran} perft checks within the budget");
}

#[test]
fn hashed_divide_matches_plain_perft() {
    let case = &cases()[1];
    let pos = Position::from_fen(case.variant, &case.sfen).unwrap();
    let opts = PerftOptions {
        threads: 2,
        hash_bits: Some(16),
    };
    let total: u64 = divide(&pos, 3, opts).iter().map(|&(_, n)| n).sum();
    assert_eq!(total, case.depths[2].1);
}

/// A Tris middlegame reached by play: locked Tris, composites, hands.
const TRIS_LINE: &str = "7g7f 3c3d 8h2b+ 3a2b B*4e 8c8d T*5e T*5d 4e5d 2b3c";

#[test]
fn trisshogi_equals_mengshogi() {
    for depth in 1..=3 {
        let t = Position::startpos(Variant::TrisShogi)
            .play_sequence(TRIS_LINE)
            .unwrap();
        let m = Position::startpos(Variant::MengShogi)
            .play_sequence(TRIS_LINE)
            .unwrap();
        assert_eq!(t.to_fen(), m.to_fen());
        assert_eq!(perft(&t, depth), perft(&m, depth));
    }
}
