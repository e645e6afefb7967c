//! `triskelion analyze`: the board, then one line per completed depth.

use std::io::IsTerminal;
use std::time::Duration;

use movegen::{Family, Variant};
use search::{Info, Limits, Reporter, Score, SearchGame, Searcher};

use crate::board_view::BoardView;
use crate::cli::{setup, Args, CliError};

/// Formats a score as an analyst reads it: pawns from the side to move,
/// or `#n` / `#-n` for mates in moves (plies in the shogi family).
pub fn score_text(score: Score, family: Family) -> String {
    match score {
        Score::Cp(c) => format!("{:+.2}", c as f64 / 100.0),
        Score::MatePlies(p) => match family {
            Family::Chess => format!("#{}", Score::MatePlies(p).mate_moves().unwrap_or(0)),
            Family::Shogi => format!("#{p} plies"),
        },
    }
}

struct Lines {
    family: Family,
    multipv: usize,
}

impl<M: std::fmt::Display> Reporter<M> for Lines {
    fn info(&self, i: &Info<M>) {
        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
        let line = if self.multipv > 1 {
            format!("{}. ", i.multipv)
        } else {
            String::new()
        };
        println!(
            "{line}depth {:>2}/{:<2} score {:>8}  nodes {:>10}  nps {:>8}  time {:>7.2}s  pv {}",
            i.depth,
            i.seldepth,
            score_text(i.score, self.family),
            i.nodes,
            i.nps,
            i.time.as_secs_f64(),
            pv.join(" ")
        );
    }
}

fn run<G: SearchGame + BoardView>(variant: Variant, args: &Args) -> Result<(), CliError> {
    let pos: G = setup(variant, args.value("--fen"), args.value("--moves"))?;
    let color = std::io::stdout().is_terminal();
    print!("{}", pos.draw(color));
    println!(
        "{}: {}",
        if variant.family() == Family::Chess {
            "FEN"
        } else {
            "SFEN"
        },
        pos.to_fen()
    );
    let depth: Option<u32> = args.number("--depth")?;
    let movetime: Option<u64> = args.number("--movetime")?;
    if depth.is_some() && movetime.is_some() {
        return Err(CliError(
            "give either --depth or --movetime, not both".into(),
        ));
    }
    if depth.is_some_and(|d| d == 0 || d > 120) {
        return Err(CliError("--depth: must be from 1 to 120".into()));
    }
    let multipv: usize = args.number("--multipv")?.unwrap_or(1);
    let threads: usize = args.number("--threads")?.unwrap_or(1);
    let hash: usize = args.number("--hash")?.unwrap_or(64);
    if multipv == 0 || multipv > 256 {
        return Err(CliError("--multipv: must be from 1 to 256".into()));
    }
    if threads == 0 || threads > 1024 {
        return Err(CliError("--threads: must be from 1 to 1024".into()));
    }
    if hash == 0 || hash > 65_536 {
        return Err(CliError("--hash: must be from 1 to 65536 MB".into()));
    }
    let mut limits = Limits {
        multipv,
        ..Limits::default()
    };
    match (depth, movetime) {
        (_, Some(ms)) => limits.movetime = Some(Duration::from_millis(ms)),
        (Some(d), _) => limits.depth = Some(d),
        (None, None) => limits.depth = Some(12),
    }
    limits.move_overhead = Duration::ZERO;
    let mut searcher: Searcher<G> = Searcher::new(hash, threads);
    let result = searcher.search(
        &pos,
        &[],
        &limits,
        &Lines {
            family: variant.family(),
            multipv,
        },
    );
    match result.best {
        Some(best) => println!(
            "best move {best} ({})",
            score_text(result.score, variant.family())
        ),
        None if pos.in_check() || !G::STALEMATE_IS_DRAW => {
            println!("no legal move: the side to move has lost")
        }
        None => println!("no legal move: stalemate"),
    }
    Ok(())
}

/// `triskelion analyze [--variant V] [--fen F] [--moves "..."] [--depth D | --movetime MS] [--multipv K] [--threads T] [--hash MB]`
pub fn analyze(args: &[String]) -> Result<(), CliError> {
    let args = Args::parse(args, &[])?;
    args.check_known(&[
        "--variant",
        "--fen",
        "--moves",
        "--depth",
        "--movetime",
        "--multipv",
        "--threads",
        "--hash",
    ])?;
    let variant = args.variant(Variant::MengChess)?;
    match variant.family() {
        Family::Chess => run::<movegen::chess::Position>(variant, &args),
        Family::Shogi => run::<movegen::shogi::Position>(variant, &args),
    }
}
