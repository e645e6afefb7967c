//! The `triskelion` command line: subcommands and their wiring.

pub mod arena;
pub mod cli;
