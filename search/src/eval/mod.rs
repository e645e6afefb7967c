//! Evaluation: one parameter struct per game family (terms are data, so
//! they can be tuned), and the [`crate::SearchGame`] implementations.

pub mod chess;
pub mod pesto;
pub mod shogi;
