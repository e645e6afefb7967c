//! Shared helpers of the integration tests.

pub mod chess;
pub mod engine;
pub mod perft_file;
