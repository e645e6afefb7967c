//! Shared helpers of the integration tests.

pub mod chess;
pub mod engine;
pub mod mate;
pub mod perft_file;
pub mod pgn;
