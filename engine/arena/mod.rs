//! `triskelion match`: games between engine processes over UCI (chess
//! family) or USI (shogi family), refereed by the rules cores.
//!
//! - [`options`]: the command line;
//! - [`engine_proc`]: an engine process and its protocol client, every
//!   read with a deadline;
//! - [`clock`]: time controls and the clocks the runner keeps;
//! - [`referee`]: game end per family (the [`referee::Rules`] trait, the
//!   seam for the shogi family) and score adjudication;
//! - [`openings`]: opening files and random plies;
//! - [`game`]: one refereed game;
//! - [`record`]: PGN and the shogi-family record format;
//! - [`stats`]: Elo, LOS, pentanomial SPRT;
//! - [`runner`]: scheduling, concurrency, progress and the summary.

pub mod clock;
pub mod engine_proc;
pub mod game;
pub mod openings;
pub mod options;
pub mod record;
pub mod referee;
pub mod runner;
pub mod stats;

use movegen::Family;

/// Runs `triskelion match` with the arguments after `match`.
pub fn run(args: &[String]) -> Result<(), String> {
    let cfg = options::MatchConfig::parse(args)?;
    match cfg.variant.family() {
        Family::Chess => runner::run::<movegen::chess::Position>(&cfg),
        // The shogi rules core implements `referee::Rules` when it lands;
        // then this arm becomes `runner::run::<movegen::shogi::Position>`.
        Family::Shogi => Err(format!(
            "--variant: {} is not available yet (the shogi rules core is not in this build)",
            cfg.variant
        )),
    }
}
