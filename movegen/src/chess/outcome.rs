//! End of the game (C-11): checkmate, stalemate, threefold repetition of the
//! full state, the 50-move rule, insufficient material.

use super::{Bitboard, Color, Move, Position, Role};
use crate::{Game, Variant};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Checkmate { winner: Color },
    Stalemate,
    ThreefoldRepetition,
    FiftyMoves,
    InsufficientMaterial,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => "1-0",
            Outcome::Checkmate {
                winner: Color::Black,
            } => "0-1",
            _ => "1/2-1/2",
        }
    }
}

impl Position {
    /// C-11: `chess` uses the orthodox rule; in `mengchess` only king
    /// against king is dead, because Tris walls let a lone minor piece mate.
    pub fn insufficient_material(&self) -> bool {
        let kings = self.role(Role::King);
        let others = self.regular() & !kings;
        if self.variant == Variant::MengChess {
            return others.is_empty();
        }
        if (self.role(Role::Pawn) | self.role(Role::Rook) | self.role(Role::Queen)).nonempty() {
            return false;
        }
        let bishops = self.role(Role::Bishop);
        if others.count() <= 1 {
            return true;
        }
        let light = Bitboard(0x55AA_55AA_55AA_55AA);
        others == bishops && ((bishops & light).is_empty() || (bishops & !light).is_empty())
    }
}

/// A game from some start position: the current position and the keys of
/// every earlier position, for repetition.
#[derive(Clone, Debug)]
pub struct GameHistory {
    position: Position,
    keys: Vec<u64>,
}

impl GameHistory {
    pub fn new(position: Position) -> Self {
        Self {
            keys: vec![position.hash],
            position,
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn play(&mut self, mv: Move) {
        self.position.do_move(mv);
        self.keys.push(self.position.hash);
    }

    /// How often the current state occurred (the current one included).
    pub fn repetitions(&self) -> usize {
        // No window by the halfmove clock: in mengchess a capture (of a
        // Tris) is not irreversible, so every earlier state is compared.
        let key = self.position.hash;
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// The outcome if the game is over, decided in the order of C-11: a
    /// checkmate delivered on the move that reaches a draw still wins.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        if pos.legal_moves().is_empty() {
            return Some(if pos.in_check() {
                Outcome::Checkmate {
                    winner: pos.turn.other(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::ThreefoldRepetition);
        }
        if pos.halfmove >= 100 {
            return Some(Outcome::FiftyMoves);
        }
        if pos.insufficient_material() {
            return Some(Outcome::InsufficientMaterial);
        }
        None
    }
}
