//! Rules cores of Triskelion: board representation, move generation,
//! notation and perft for the five variants.
//!
//! Contents:
//! - [`game`]: the [`Game`] trait that every rules core implements, so the
//!   perft driver (and later the search) is generic and monomorphised per game.
//! - [`variant`]: the five variant names and their families.
//! - [`error`]: typed errors for positions and moves.
//! - [`perft`]: the generic perft driver (divide, bulk counting, threads).
//! - [`chess`]: `chess` and `mengchess` (rules.md sections T and C).
//!
//! ```
//! use movegen::chess::Position;
//! use movegen::{Game, Variant};
//! let pos = Position::startpos(Variant::MengChess);
//! assert_eq!(pos.legal_moves().len(), 20);
//! ```

pub mod chess;
pub mod error;
pub mod game;
pub mod perft;
pub mod shogi;
pub mod variant;
mod zobrist;

pub use error::{MoveError, PositionError};
pub use game::{Game, MoveList, MAX_MOVES};
pub use variant::{Family, Variant};
