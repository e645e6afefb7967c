//! Evaluation: one parameter struct per game family (terms are data, so
//! they can be tuned), and the [`crate::SearchGame`] implementations.
//!
//! Groups of terms can be switched off for the whole process
//! ([`set_disabled`]), so that a match between two engine processes measures
//! what a group is worth.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

pub mod chess;
pub mod fitted_pst;
pub mod nnue;
pub mod nnue_train;
pub mod pesto;
pub mod shogi;
pub mod tune;

/// A group of evaluation terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// Doubled, isolated, connected and passed pawns (chess family; passed
    /// pawns also by the kings' distance, blockade and a free way).
    PawnStructure = 1,
    /// Pawn shield, king-ring attackers and safe checks (chess); king
    /// danger from ring attacks, pieces in hand and defenders, and king
    /// proximity (shogi).
    KingSafety = 2,
    /// Every Tris term (composites, locks, Tris by the king, reserve, re-drop
    /// threats, forced-drop phase).
    Tris = 4,
    /// Mobility of the pieces that slide or jump (knights, bishops, rooks,
    /// queens, rooks on open files and knight and bishop outposts in chess;
    /// lances, bishops, rooks and their promotions in shogi).
    Mobility = 8,
    /// Attacks on enemy pieces: by pawns, by minors on rooks and queens,
    /// by rooks on queens, and on undefended pieces (chess family).
    Threats = 16,
    /// The endgame part scaled down where the stronger side may not win:
    /// opposite-coloured bishops, few pawns, no pawns and little extra
    /// material (chess family).
    Scale = 32,
}

impl Term {
    pub const ALL: [(Term, &'static str); 6] = [
        (Term::PawnStructure, "pawn_structure"),
        (Term::KingSafety, "king_safety"),
        (Term::Tris, "tris"),
        (Term::Mobility, "mobility"),
        (Term::Threats, "threats"),
        (Term::Scale, "scale"),
    ];
}

static DISABLED: AtomicU32 = AtomicU32::new(0);

/// Whether a term group is on.
#[inline]
pub fn enabled(term: Term) -> bool {
    DISABLED.load(Relaxed) & term as u32 == 0
}

/// Switches off the named term groups (comma-separated; empty = all on).
/// On an unknown name nothing changes and the error names it.
pub fn set_disabled(names: &str) -> Result<(), String> {
    let mut mask = 0;
    for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let (term, _) = Term::ALL.iter().find(|(_, n)| *n == name).ok_or_else(|| {
            let known: Vec<&str> = Term::ALL.iter().map(|t| t.1).collect();
            format!(
                "unknown evaluation term '{name}' (known: {})",
                known.join(", ")
            )
        })?;
        mask |= *term as u32;
    }
    DISABLED.store(mask, Relaxed);
    Ok(())
}

/// A 64-bit mixer (the finaliser of MurmurHash3) for the correction keys.
#[inline]
pub(crate) fn mix64(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// Visits every position of `walks` random games of up to `plies` plies
/// from each of `starts` (a fixed xorshift seed: the same games each run).
#[cfg(test)]
pub(crate) fn random_walks<G: crate::game::SearchGame>(
    starts: &[G],
    walks: usize,
    plies: usize,
    mut visit: impl FnMut(&G),
) {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for start in starts {
        for _ in 0..walks {
            let mut pos = start.clone();
            for _ in 0..plies {
                let mut all = movegen::MoveList::new();
                pos.generate(&mut all);
                if all.is_empty() {
                    break;
                }
                visit(&pos);
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = pos.play(all[(seed % all.len() as u64) as usize]);
            }
        }
    }
}

/// Checks `generate_for_qsearch` against `candidates` (a move list that
/// holds every tactical move) filtered by `is_tactical`: the same moves in
/// the same order, along random games from the bench positions `starts`
/// and the start positions of `variants`. `kind` sorts a tactical move
/// into one of three kinds, each of which must occur.
#[cfg(test)]
pub(crate) fn check_tactical_generation<G: crate::game::SearchGame>(
    starts: &[(movegen::Variant, &str)],
    variants: &[movegen::Variant],
    walks: usize,
    candidates: impl Fn(&G, &mut movegen::MoveList<G::Move>),
    kind: impl Fn(&G, G::Move) -> Option<usize>,
) {
    let mut positions: Vec<G> = starts
        .iter()
        .map(|(v, f)| G::from_fen(*v, f).unwrap())
        .collect();
    positions.extend(variants.iter().map(|&v| G::startpos(v)));
    let mut seen = [0usize; 3];
    random_walks(&positions, walks, 160, |pos| {
        let mut all = movegen::MoveList::new();
        candidates(pos, &mut all);
        let want: Vec<G::Move> = all
            .iter()
            .copied()
            .filter(|&m| pos.is_tactical(m))
            .collect();
        let mut got = movegen::MoveList::new();
        assert!(!pos.generate_for_qsearch(&mut got));
        assert!(got.as_slice() == want.as_slice(), "{}", pos.to_fen());
        for &m in &want {
            if let Some(k) = kind(pos, m) {
                seen[k] += 1;
            }
        }
    });
    assert!(seen.iter().all(|&n| n > 0), "kinds seen: {seen:?}");
}
