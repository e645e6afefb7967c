//! The Triskelion search: one alpha-beta search, generic over the rules
//! cores through [`SearchGame`] and monomorphised per game. It never prints:
//! it reports through [`Reporter`], so the protocols and the command line own
//! all formatting and tests run it headless.
//!
//! Contents:
//! - [`game`]: the [`SearchGame`] trait (evaluation, move classes, SEE,
//!   null move, draw rules) that each rules core implements.
//! - [`score`]: scores, mate scores and their TT encoding.
//! - [`tt`]: the shared transposition table (atomics, racy by design).
//! - [`limits`], [`time`]: what to search and the time manager.
//! - [`mate`]: the df-pn mate solver of the shogi family (USI `go mate`).
//! - [`picker`], [`history`]: move ordering.
//! - [`search`]: the per-thread alpha-beta (PVS, quiescence, pruning).
//! - [`threads`]: Lazy SMP, the stop flag, the [`Searcher`] entry point.
//! - [`eval`]: evaluation parameters and the [`SearchGame`] implementations.
//! - [`bench`]: the fixed bench set.

pub mod bench;
pub mod eval;
pub mod game;
pub mod history;
pub mod limits;
pub mod mate;
pub mod picker;
pub mod score;
pub mod search;
pub mod threads;
pub mod time;
pub mod tt;

pub use game::{is_tsume, MateResult, SearchGame};
pub use limits::{Clock, Limits};
pub use score::Score;
pub use threads::{Bound, Control, Features, Info, Reporter, SearchResult, Searcher};
pub use tt::TranspositionTable;
