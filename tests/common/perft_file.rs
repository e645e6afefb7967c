//! Line-based perft data files with a node budget (after shakmaty's
//! `tests/perft.rs`): `id`, `variant`, `fen`, then `perft <depth> <nodes>`.
#![allow(dead_code)]

use movegen::perft::perft;
use movegen::{Game, Variant};

/// Nodes one entry may cost in a default `cargo test`; the rest runs with
/// `TRISKELION_DEEP_PERFT=1`.
pub const NODE_BUDGET: u64 = 5_000_000;

pub struct Case {
    pub id: String,
    pub variant: Variant,
    pub fen: String,
    pub depths: Vec<(u32, u64)>,
}

pub fn read(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("line {}: '{line}'", n + 1));
        match key {
            "id" => cases.push(Case {
                id: value.to_string(),
                variant: Variant::Chess,
                fen: String::new(),
                depths: Vec::new(),
            }),
            "variant" => cases.last_mut().expect("id first").variant = value.parse().unwrap(),
            "fen" => cases.last_mut().expect("id first").fen = value.to_string(),
            "perft" => {
                let (d, nodes) = value.split_once(' ').expect("perft <depth> <nodes>");
                cases
                    .last_mut()
                    .expect("id first")
                    .depths
                    .push((d.parse().unwrap(), nodes.parse().unwrap()));
            }
            _ => panic!("line {}: unknown key '{key}'", n + 1),
        }
    }
    cases
}

/// Runs every depth within the budget; returns how many were checked.
pub fn run<G: Game>(text: &str) -> usize {
    let deep = std::env::var_os("TRISKELION_DEEP_PERFT").is_some();
    let mut checked = 0;
    for case in read(text) {
        let pos =
            G::from_fen(case.variant, &case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, nodes) in &case.depths {
            if nodes > NODE_BUDGET && !deep {
                continue;
            }
            assert_eq!(perft(&pos, depth), nodes, "{} depth {depth}", case.id);
            checked += 1;
        }
    }
    checked
}
