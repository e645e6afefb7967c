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
//!
//! Decisions where the issue left room (marked \[D\]):
//! - \[D\] `--variant` defaults to `chess`, so plain engines work unasked.
//! - \[D\] An engine command is split on spaces (no shell quoting); commas
//!   separate `--engine` fields, so a command cannot contain one.
//! - \[D\] An engine that cannot start, or answer `uci`/`isready` before the
//!   first move, loses the game as `abandoned` (if both fail, the first
//!   player, checked first, loses).
//! - \[D\] A `bestmove` is awaited 0.5 s past the side's allowance; a late one
//!   is charged to the clock (a time forfeit, the engine kept); none at all
//!   means the engine hung: a time forfeit, and the process is killed and
//!   restarted. A crash or a write failure is `abandoned`, restarted too.
//!   An illegal or unparsable move (`rules infraction`) also restarts the
//!   engine: its idea of the game is not the referee's.
//! - \[D\] A fixed move time overdrawn by more than the margin also loses.
//! - \[D\] A clock overdraw against a side that cannot mate is a draw
//!   (FIDE 6.9, as cutechess does); a hung engine always loses.
//! - \[D\] Each round plays one opening twice, colours swapped, in file order
//!   (cycling); random plies are drawn once per pair.
//! - \[D\] `--maxplies` counts from the game's start position (a FEN's too),
//!   opening moves included.
//! - \[D\] Score adjudication reads the last `info score` of each search from
//!   the engine's own side; a search without a score breaks the run.
//! - \[D\] `--byoyomi` is USI only; moves per period are not sent to USI
//!   engines (USI has no such field) but are kept by the runner's clock.
//! - \[D\] SPRT: the normal-approximation GSPRT on pentanomial pair scores
//!   (as fishtest), zero counts regularised with 1e-3, two engines only;
//!   games in flight when a bound is crossed are finished and recorded.
//! - \[D\] PGN `TimeControl`: `N/move` for a move time (as cutechess), `-` for
//!   depth and node limits, a byoyomi appended as `|S`; `Round` is
//!   `<round>.<game of the pair>`.

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
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{}", crate::cli::USAGE);
        return Ok(());
    }
    let cfg = options::MatchConfig::parse(args)?;
    match cfg.variant.family() {
        Family::Chess => runner::run::<movegen::chess::Position>(&cfg),
        Family::Shogi => runner::run::<movegen::shogi::Position>(&cfg),
    }
}
