//! Checking a forced mate found by the search, for both rules cores.
#![allow(dead_code)]

use movegen::Variant;
use search::threads::Silent;
use search::{Limits, Score, SearchGame, Searcher};

/// Searches `fen` to `plies + 3`; the score must be a mate in `plies` and
/// playing the PV (every move legal) must leave the side to move in check
/// with no legal move. Returns the PV as strings.
pub fn assert_mate_in_plies<G: SearchGame>(variant: Variant, fen: &str, plies: i32) -> Vec<String> {
    assert_mate_in_plies_by::<G>(variant, fen, plies, plies + 3)
}

/// The same, searching to `depth`.
pub fn assert_mate_in_plies_by<G: SearchGame>(
    variant: Variant,
    fen: &str,
    plies: i32,
    depth: i32,
) -> Vec<String> {
    let p = G::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut s: Searcher<G> = Searcher::new(16, 1);
    let r = s.search(&p, &[], &Limits::depth(depth as u32), &Silent);
    assert_eq!(r.score, Score::MatePlies(plies), "{fen}");
    let pv = &r.lines[0].1;
    assert_eq!(pv.len() as i32, plies, "{fen}: pv {pv:?}");
    let mut q = p.clone();
    for &m in pv {
        assert!(q.is_legal(m), "{m} illegal in {}", q.to_fen());
        q = q.play(m);
    }
    assert!(
        q.in_check() && q.legal_moves().is_empty(),
        "{fen}: the PV does not end in mate"
    );
    pv.iter().map(|m| m.to_string()).collect()
}
