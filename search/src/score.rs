//! Scores in centipawns from the side to move, and mate scores.

/// A mate found at ply `p` from the root scores `MATE - p`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Above every score.
pub const INFINITE: i32 = MATE + 1;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;

/// Winning: we mate at `ply`.
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// Losing: we are mated at `ply`.
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

pub const fn is_mate(score: i32) -> bool {
    score.abs() > MATE_BOUND
}

/// Mate scores are stored relative to the node, not the root.
pub const fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub const fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A score as a protocol shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many plies (negative: being mated).
    MatePlies(i32),
}

impl Score {
    pub fn from_internal(score: i32) -> Score {
        if score > MATE_BOUND {
            Score::MatePlies(MATE - score)
        } else if score < -MATE_BOUND {
            Score::MatePlies(-(MATE + score))
        } else {
            Score::Cp(score)
        }
    }

    /// Mate in moves as UCI shows it (1 = mate with the next move).
    pub fn mate_moves(self) -> Option<i32> {
        match self {
            Score::MatePlies(p) if p > 0 => Some((p + 1) / 2),
            Score::MatePlies(p) => Some(-((-p) / 2)),
            Score::Cp(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_survive_the_table() {
        for ply in [0, 1, 7, 60] {
            for s in [mate_in(ply + 3), mated_in(ply + 4), 123, -77, 0] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        assert_eq!(Score::from_internal(mate_in(1)).mate_moves(), Some(1));
        assert_eq!(Score::from_internal(mate_in(3)).mate_moves(), Some(2));
        assert_eq!(Score::from_internal(mated_in(2)).mate_moves(), Some(-1));
        assert_eq!(Score::from_internal(mated_in(0)).mate_moves(), Some(0));
        assert_eq!(Score::from_internal(-50), Score::Cp(-50));
    }
}
