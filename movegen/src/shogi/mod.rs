//! The shogi family: `shogi`, `trisshogi` and `mengshogi` (rules.md sections
//! T and S, notation.md §1, §2 and §4). `trisshogi` and `mengshogi` are one
//! rule set under two names; `shogi` is the same code with an empty reserve.
//!
//! - [`types`]: squares, colours, roles, pieces; [`bitboard`]: square sets.
//! - [`attacks`]: const-fn attack tables and ray-walk sliders.
//! - [`mv`]: the compact [`Move`] and its context-free syntax.
//! - [`position`]: the state and copy-make; [`movegen`]: legal moves.
//! - [`sfen`]: extended SFEN; [`outcome`]: game end (S-11).
//!
//! ```
//! use movegen::shogi::Position;
//! use movegen::{Game, Variant};
//! let pos = Position::startpos(Variant::TrisShogi);
//! assert_eq!(pos.legal_moves().len(), 30);
//! ```

pub mod attacks;
pub mod bitboard;
pub mod movegen;
pub mod mv;
pub mod outcome;
pub mod position;
pub mod sfen;
pub mod types;
mod zobrist;

pub use bitboard::Bitboard;
pub use mv::{Move, MoveKind, MoveSyntax};
pub use outcome::{GameHistory, Outcome};
pub use position::Position;
pub use sfen::{SHOGI_START, TRISSHOGI_START};
pub use types::{Color, Piece, Role, Square};

use crate::{Game, MoveError, MoveList, PositionError, Variant};

impl Position {
    /// The start position of `variant` (a shogi-family variant).
    pub fn startpos(variant: Variant) -> Position {
        let sfen = if variant.has_tris() {
            TRISSHOGI_START
        } else {
            SHOGI_START
        };
        Position::from_sfen(variant, sfen).expect("the start position is valid")
    }

    /// Resolves move syntax against this position (notation.md §2).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = MoveSyntax::parse(text).map_err(|reason| MoveError::new(text, reason))?;
        let mut list = MoveList::new();
        self.generate_into(&mut list);
        if let Some(&mv) = list.iter().find(|m| m.syntax() == syntax) {
            return Ok(mv);
        }
        let us = self.turn;
        let tris = self.variant.has_tris();
        let reason = match syntax {
            MoveSyntax::TrisDrop(_) | MoveSyntax::TrisLeaves { .. } if !tris => {
                "plain shogi has no Tris".to_string()
            }
            MoveSyntax::TrisDrop(_) if self.reserve == 0 => "the Tris reserve is empty".into(),
            MoveSyntax::TrisDrop(_) if !self.drop_switch() => {
                "Tris drops need two captures first (T-3)".into()
            }
            MoveSyntax::Drop(r, _) if self.hand(us, r) == 0 => {
                format!("no '{}' in the hand", r.letter())
            }
            MoveSyntax::Board {
                separation: true, ..
            }
            | MoveSyntax::TrisLeaves { .. }
                if !tris =>
            {
                "plain shogi has no composites to separate".into()
            }
            MoveSyntax::Board { from, .. } | MoveSyntax::TrisLeaves { from, .. }
                if !self.occupied().contains(from) =>
            {
                format!("{from} is empty")
            }
            MoveSyntax::Board { from, .. } | MoveSyntax::TrisLeaves { from, .. }
                if self.pieces(us.other()).contains(from)
                    || self.tris_lock[us.other().index()].contains(from) =>
            {
                format!("{from} belongs to the opponent (S-2)")
            }
            _ if self.forced && self.reserve > 0 && !self.in_check() => {
                "forced-drop mode: a Tris must be dropped (S-F2)".into()
            }
            MoveSyntax::Board {
                from,
                to,
                redrop: None,
                separation: false,
                ..
            } if list
                .iter()
                .any(|m| m.from() == from && m.to() == to && m.redrop().is_some()) =>
            {
                format!("capturing the Tris on {to} needs its re-drop leg ,{to}<square> (S-5)")
            }
            MoveSyntax::Board {
                from,
                to,
                promote: false,
                separation,
                redrop,
            } if list.iter().any(|m| {
                m.syntax()
                    == MoveSyntax::Board {
                        from,
                        to,
                        promote: true,
                        separation,
                        redrop,
                    }
            }) =>
            {
                "the piece must promote there (+)".into()
            }
            _ => "not a legal move in this position".into(),
        };
        Err(MoveError::new(text, reason))
    }
}

impl Game for Position {
    type Move = Move;

    fn startpos(variant: Variant) -> Self {
        Position::startpos(variant)
    }

    fn from_fen(variant: Variant, fen: &str) -> Result<Self, PositionError> {
        Position::from_sfen(variant, fen)
    }

    fn to_fen(&self) -> String {
        self.to_sfen()
    }

    fn variant(&self) -> Variant {
        self.variant
    }

    #[inline]
    fn generate(&self, list: &mut MoveList<Move>) {
        self.generate_into(list);
    }

    #[inline]
    fn count_legal(&self) -> u64 {
        self.count_moves()
    }

    #[inline]
    fn play(&self, mv: Move) -> Self {
        let mut next = self.clone();
        next.do_move(mv);
        next
    }

    fn play_mut(&mut self, mv: Move) {
        self.do_move(mv);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        Position::compute_hash(self)
    }
}
