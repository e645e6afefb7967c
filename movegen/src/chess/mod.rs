//! The chess family: `chess` and `mengchess` (rules.md sections T and C,
//! notation.md §2 and §3).
//!
//! - [`types`]: squares, colours, roles, pieces; [`bitboard`]: square sets.
//! - [`attacks`]: attack tables (const fn and build-script sliders).
//! - [`mv`]: the compact [`Move`] and its context-free syntax.
//! - [`position`]: the state and copy-make; [`movegen`]: legal moves.
//! - [`fen`]: extended FEN; [`outcome`]: game end (C-11).

pub mod attacks;
pub mod bitboard;
pub mod fen;
mod legal;
pub mod movegen;
pub mod mv;
pub mod outcome;
pub mod position;
pub mod types;
mod zobrist;

pub use bitboard::Bitboard;
pub use fen::{CHESS_START, MENGCHESS_START};
pub use mv::{Move, MoveKind, MoveSyntax};
pub use outcome::{GameHistory, Outcome};
pub use position::{Position, TrisLock};
pub use types::{Color, Piece, Role, Square};

use crate::{Game, MoveError, MoveList, PositionError, Variant};

impl Position {
    /// The start position of `variant`.
    pub fn startpos(variant: Variant) -> Position {
        let fen = if variant == Variant::Chess {
            CHESS_START
        } else {
            MENGCHESS_START
        };
        Position::from_fen(variant, fen).expect("the start position is valid")
    }

    /// Resolves move syntax against this position (notation.md §2).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = MoveSyntax::parse(text).map_err(|reason| MoveError::new(text, reason))?;
        if syntax == MoveSyntax::Null {
            return Err(MoveError::new(
                text,
                "the null move is not a move of the game",
            ));
        }
        let mut list = MoveList::new();
        self.generate_into(&mut list);
        if let Some(&mv) = list.iter().find(|m| m.syntax() == syntax) {
            return Ok(mv);
        }
        let reason = match syntax {
            MoveSyntax::Drop(_) if self.variant == Variant::Chess => {
                "plain chess has no Tris drops".to_string()
            }
            MoveSyntax::Drop(_) if self.reserve == 0 => "the Tris reserve is empty".to_string(),
            MoveSyntax::Drop(_) if !self.drop_switch() => {
                "Tris drops need two captures first (T-3)".to_string()
            }
            MoveSyntax::Board { from, .. } if !self.occupied().contains(from) => {
                format!("{from} is empty")
            }
            MoveSyntax::Board { from, .. } if self.pieces(self.turn.other()).contains(from) => {
                format!("the piece on {from} belongs to the opponent")
            }
            _ => "not a legal move in this position".to_string(),
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
        Position::from_fen(variant, fen)
    }

    fn to_fen(&self) -> String {
        Position::to_fen(self)
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
