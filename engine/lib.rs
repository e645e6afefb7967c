//! The `triskelion` command line: subcommands and their wiring.

pub mod analyze;
pub mod arena;
pub mod board_view;
pub mod cli;
pub mod gen_data;
