//! The interface every rules core offers to the perft driver, the search and
//! the protocols. Implementations are monomorphised: there is no runtime game
//! switch in a hot path.

use std::fmt;

use arrayvec::ArrayVec;

use crate::{MoveError, PositionError, Variant};

/// Capacity of a move list. The largest lists are far below it: chess has at
/// most 218 ordinary moves, and the Tris add at most 64 drops, 2 x 16 Tris
/// steps, 2 x 27 separations and 4 x 64 re-drop captures; the shogi maximum
/// is 593 plus Tris moves of the same order.
pub const MAX_MOVES: usize = 1024;

/// A fixed-capacity list of moves, on the stack.
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// A position of one rules core.
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// The compact move type of the game.
    type Move: Copy + Eq + Send + Sync + fmt::Display + fmt::Debug;

    /// The start position of `variant` (which must belong to this family).
    fn startpos(variant: Variant) -> Self;

    /// Reads a position string (FEN or SFEN) of `variant`.
    fn from_fen(variant: Variant, fen: &str) -> Result<Self, PositionError>;

    /// Writes the canonical position string.
    fn to_fen(&self) -> String;

    /// The variant this position is played under.
    fn variant(&self) -> Variant;

    /// Appends every legal move to `list`.
    fn generate(&self, list: &mut MoveList<Self::Move>);

    /// All legal moves.
    fn legal_moves(&self) -> MoveList<Self::Move> {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal moves (bulk counting at perft leaves).
    fn count_legal(&self) -> u64 {
        self.legal_moves().len() as u64
    }

    /// The position after `mv`, which must be legal here (copy-make).
    fn play(&self, mv: Self::Move) -> Self;

    /// Plays `mv` in place.
    fn play_mut(&mut self, mv: Self::Move) {
        *self = self.play(mv);
    }

    /// Whether `mv` (from a transposition table, a killer slot, anywhere) is
    /// legal in this position.
    fn is_legal(&self, mv: Self::Move) -> bool;

    /// Reads a move in the project's notation and resolves it against this
    /// position; the error names the string and why it was refused.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The incrementally maintained Zobrist key of the full state
    /// (also the repetition key).
    fn hash(&self) -> u64;

    /// The Zobrist key recomputed from scratch (for tests).
    fn compute_hash(&self) -> u64;

    /// Plays a whitespace-separated move sequence; the error names the move
    /// and its 1-based index. `self` is unchanged on error.
    fn play_sequence(&self, moves: &str) -> Result<Self, MoveError> {
        let mut pos = self.clone();
        for (i, text) in moves.split_whitespace().enumerate() {
            let mv = pos.parse_move(text).map_err(|e| MoveError {
                text: e.text,
                reason: format!("{} (move {} of the sequence)", e.reason, i + 1),
            })?;
            pos.play_mut(mv);
        }
        Ok(pos)
    }
}
