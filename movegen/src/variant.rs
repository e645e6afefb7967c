//! The five variants the engine plays.

use std::fmt;
use std::str::FromStr;

/// A variant name as the protocols and the command line spell it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    Chess,
    MengChess,
    Shogi,
    TrisShogi,
    MengShogi,
}

/// The board family of a variant: which rules core plays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// 8x8, UCI, FEN: `chess`, `mengchess`.
    Chess,
    /// 9x9, USI, SFEN: `shogi`, `trisshogi`, `mengshogi`.
    Shogi,
}

impl Variant {
    pub const ALL: [Variant; 5] = [
        Variant::Chess,
        Variant::MengChess,
        Variant::Shogi,
        Variant::TrisShogi,
        Variant::MengShogi,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::MengChess => "mengchess",
            Variant::Shogi => "shogi",
            Variant::TrisShogi => "trisshogi",
            Variant::MengShogi => "mengshogi",
        }
    }

    pub const fn family(self) -> Family {
        match self {
            Variant::Chess | Variant::MengChess => Family::Chess,
            Variant::Shogi | Variant::TrisShogi | Variant::MengShogi => Family::Shogi,
        }
    }

    /// Whether the variant has the two Tris pieces (rules.md T-1).
    pub const fn has_tris(self) -> bool {
        !matches!(self, Variant::Chess | Variant::Shogi)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown variant '{s}' (expected one of: chess, mengchess, shogi, trisshogi, mengshogi)"
                )
            })
    }
}
