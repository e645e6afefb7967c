//! End of the game (S-11): no legal move loses, fourfold repetition of the
//! full state (perpetual check loses), and the entering-king declaration
//! under the CSA 27-point rule.

use super::{Bitboard, Color, Move, Position, Role};
use crate::{Game, MoveError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move has no legal move (checkmated or not) and loses.
    NoLegalMove { winner: Color },
    /// Fourth occurrence of the same state: a draw.
    Repetition,
    /// Fourth occurrence where every move of `loser` since the first
    /// occurrence gave check.
    PerpetualCheck { winner: Color },
    /// A successful entering-king declaration.
    Declaration { winner: Color },
}

impl Position {
    /// The CSA 27-point entering-king declaration of the side to move:
    /// its king stands in the enemy camp and is not in check, at least 10
    /// other pieces of that side stand in the enemy camp, and the points of
    /// those pieces plus its hand (rook and bishop kinds 5, others 1; Tris
    /// never count, S-11) reach 28 for Black, 27 for White.
    pub fn declaration_wins(&self) -> bool {
        let us = self.turn;
        let camp = match us {
            Color::Black => Bitboard::rank(0) | Bitboard::rank(1) | Bitboard::rank(2),
            Color::White => Bitboard::rank(6) | Bitboard::rank(7) | Bitboard::rank(8),
        };
        if !camp.contains(self.king(us)) || self.in_check() {
            return false;
        }
        let others = self.pieces(us) & camp & !self.role(Role::King);
        if others.count() < 10 {
            return false;
        }
        let mut points: u32 = others
            .map(|sq| self.piece_at(sq).map_or(0, |p| p.role.impasse_points()))
            .sum();
        for role in Role::HAND {
            points += self.hand(us, role) as u32 * role.impasse_points();
        }
        points >= if us == Color::Black { 28 } else { 27 }
    }
}

/// A game from some start position: the current position, the key of every
/// earlier position and whether the move that reached it gave check.
#[derive(Clone, Debug)]
pub struct GameHistory {
    position: Position,
    /// (key, the move that led here gave check) per position, the current
    /// one last.
    keys: Vec<(u64, bool)>,
}

impl GameHistory {
    pub fn new(position: Position) -> Self {
        let key = position.hash;
        GameHistory {
            position,
            keys: vec![(key, false)],
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        self.position.play_mut(mv);
        let check = self.position.in_check();
        self.keys.push((self.position.hash, check));
    }

    /// Plays a move string.
    pub fn play_str(&mut self, text: &str) -> Result<(), MoveError> {
        let mv = self.position.parse_move(text)?;
        self.play(mv);
        Ok(())
    }

    /// The result if the game is over in the current position.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        if !pos.has_legal_move() {
            return Some(Outcome::NoLegalMove {
                winner: pos.turn.other(),
            });
        }
        let (key, _) = *self.keys.last().expect("at least one position");
        let hits: Vec<usize> = (0..self.keys.len())
            .filter(|&i| self.keys[i].0 == key)
            .collect();
        if hits.len() >= 4 {
            let first = hits[hits.len() - 4];
            // Moves after the first occurrence: index i is the position
            // reached by a move of the side not to move in position i.
            let n = self.keys.len();
            let mover_of = |i: usize| {
                // the position at i was reached by the side to move at i-1
                if (n - 1 - i) % 2 == 0 {
                    pos.turn.other()
                } else {
                    pos.turn
                }
            };
            let mut all_check = [true, true];
            for i in first + 1..n {
                if !self.keys[i].1 {
                    all_check[mover_of(i).index()] = false;
                }
            }
            return Some(match all_check {
                [true, false] => Outcome::PerpetualCheck {
                    winner: Color::White,
                },
                [false, true] => Outcome::PerpetualCheck {
                    winner: Color::Black,
                },
                _ => Outcome::Repetition,
            });
        }
        None
    }
}
