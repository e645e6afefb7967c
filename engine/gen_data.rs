//! `triskelion gen-data`: labelled positions for training a network, from
//! games the engine plays against itself in this process.
//!
//! Each game starts from the start position plus a few random legal moves;
//! then every move is chosen by a search of a fixed number of nodes (one
//! thread, its own 16 MB table, kept through the game). A position is
//! written when the side to move is not in check, the chosen move is not
//! tactical (capture or promotion: the position is quiet, so its search
//! score measures its static value), and the score is no mate and within
//! 3,000 cp:
//!
//! ```text
//! <fen or sfen>\t<score in centipawns from the first player's side>\t<result from the first player's side: 1, 0.5 or 0>
//! ```
//!
//! (the first player is White in chess and Black, sente, in shogi: the
//! format of `scripts/nnue_data.py`, which `train-nnue` reads).
//!
//! A game ends by the rules of its family (the referee of `match`), by an
//! entering-king declaration that holds, by a mate score (the side it
//! favours wins), by a score beyond the adjudication bound for both sides
//! on four plies in a row, or as a draw at the ply cap. The games are split
//! over worker threads; each game's positions are written together once it
//! ends, so that a held-out tail of the file holds whole games. Game `i`
//! uses the seed `seed + i`, so a run is reproducible game by game
//! (with one worker also line by line).

use std::io::Write;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::Instant;

use movegen::{Family, Variant};
use search::{Limits, Score, SearchGame, Searcher};

use crate::arena::openings::SplitMix;
use crate::arena::referee::{GameResult, Rules, Side};
use crate::cli::{number, Args, CliError};

/// Scores beyond this are not written (centipawns).
const MAX_SCORE: i32 = 3_000;
/// Plies in a row beyond the adjudication bound that end a game.
const ADJUDICATION_PLIES: u32 = 4;

/// What a run makes.
#[derive(Debug, Clone)]
pub struct GenConfig {
    pub variant: Variant,
    pub games: u64,
    pub nodes: u64,
    pub seed: u64,
    /// Random plies at the start: from `random_plies.0` to `.1`.
    pub random_plies: (u32, u32),
    pub threads: usize,
    /// A score (centipawns) beyond which, for both sides four plies in a
    /// row, the game is adjudicated.
    pub adjudicate: i32,
    pub max_plies: u32,
}

/// The positions of one game and its winner (`None`: a draw).
pub struct GameRecord {
    pub lines: Vec<(String, i32)>,
    pub winner: Option<Side>,
}

impl GameRecord {
    /// The result from the first player's side as the data file writes it.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Side::First) => "1",
            Some(Side::Second) => "0",
            None => "0.5",
        }
    }
}

/// Plays game number `index` of `cfg`.
pub fn play_game<G: Rules + SearchGame>(
    cfg: &GenConfig,
    index: u64,
    searcher: &mut Searcher<G>,
) -> GameRecord {
    let mut rng = SplitMix::new(cfg.seed.wrapping_add(index));
    let (lo, hi) = cfg.random_plies;
    let plies = lo + (rng.next_u64() % u64::from(hi - lo + 1)) as u32;
    let mut history = G::start(G::startpos(cfg.variant));
    let mut keys: Vec<(u64, bool)> = Vec::new();
    for _ in 0..plies {
        if G::game_end(&history).is_some() {
            break;
        }
        let pos = G::current(&history);
        let list = pos.legal_moves();
        let mv = list[(rng.next_u64() % list.len() as u64) as usize];
        keys.push((pos.hash(), pos.in_check()));
        G::push(&mut history, mv);
    }
    searcher.clear();
    let mut lines = Vec::new();
    let mut streak: (i32, u32) = (0, 0); // (sign of the first player's score, plies)
    let mut ply = 0;
    let winner: Option<Side> = loop {
        if let Some(end) = G::game_end(&history) {
            break match end.result {
                GameResult::Win(side) => Some(side),
                GameResult::Draw => None,
            };
        }
        let pos = G::current(&history).clone();
        let us = <G as Rules>::side_to_move(&pos);
        if let Some(end) = G::declaration(&history, "win") {
            if end.result == GameResult::Win(us) {
                break Some(us);
            }
        }
        if ply >= cfg.max_plies {
            break None;
        }
        let result = searcher.search(
            &pos,
            &keys,
            &Limits::nodes(cfg.nodes),
            &search::threads::Silent,
        );
        let Some(best) = result.best else {
            // The rules said the game goes on, so there is a legal move.
            unreachable!("no move in a position the referee did not end");
        };
        let sign = if us == Side::First { 1 } else { -1 };
        match result.score {
            Score::MatePlies(p) => {
                break Some(if p > 0 { us } else { us.other() });
            }
            Score::Cp(cp) => {
                if !pos.in_check() && !pos.is_tactical(best) && cp.abs() <= MAX_SCORE {
                    lines.push((pos.to_fen(), sign * cp));
                }
                if cp.abs() > cfg.adjudicate {
                    let s = (sign * cp).signum();
                    streak = if streak.0 == s {
                        (s, streak.1 + 1)
                    } else {
                        (s, 1)
                    };
                    if streak.1 >= ADJUDICATION_PLIES {
                        break Some(if s > 0 { Side::First } else { Side::Second });
                    }
                } else {
                    streak = (0, 0);
                }
            }
        }
        keys.push((pos.hash(), pos.in_check()));
        G::push(&mut history, best);
        ply += 1;
    };
    GameRecord { lines, winner }
}

fn run<G: Rules + SearchGame>(cfg: &GenConfig, out: &mut (dyn Write + Send)) -> Result<(), String> {
    let next = AtomicU64::new(0);
    let written = AtomicUsize::new(0);
    let results = Mutex::new([0u64; 3]);
    let sink = Mutex::new((out, None::<String>));
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..cfg.threads {
            s.spawn(|| {
                let mut searcher: Searcher<G> = Searcher::new(16, 1);
                loop {
                    let i = next.fetch_add(1, Relaxed);
                    if i >= cfg.games {
                        break;
                    }
                    let game = play_game::<G>(cfg, i, &mut searcher);
                    let mut text = String::new();
                    for (fen, score) in &game.lines {
                        text.push_str(&format!("{fen}\t{score}\t{}\n", game.result()));
                    }
                    let mut sink = sink.lock().unwrap_or_else(|e| e.into_inner());
                    if sink.1.is_some() {
                        break;
                    }
                    // Flushed game by game: a run stopped early leaves whole
                    // games in the file.
                    if let Err(e) = sink
                        .0
                        .write_all(text.as_bytes())
                        .and_then(|()| sink.0.flush())
                    {
                        sink.1 = Some(e.to_string());
                        break;
                    }
                    let n = written.fetch_add(game.lines.len(), Relaxed) + game.lines.len();
                    let mut r = results.lock().unwrap_or_else(|e| e.into_inner());
                    r[match game.winner {
                        Some(Side::First) => 0,
                        None => 1,
                        Some(Side::Second) => 2,
                    }] += 1;
                    let played = r.iter().sum::<u64>();
                    if played % 100 == 0 || played == cfg.games {
                        eprintln!(
                            "{played} games ({} first-player wins, {} draws, {} losses), {n} positions, {:.0} s",
                            r[0],
                            r[1],
                            r[2],
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    let (out, error) = sink.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = error {
        return Err(format!("cannot write: {e}"));
    }
    out.flush().map_err(|e| format!("cannot write: {e}"))
}

/// `gen-data --variant V --out FILE --games N [--nodes 5000] [--seed 1]
/// [--random-plies 8-12] [--threads 1] [--adjudicate 2000] [--max-plies 400]`
pub fn gen_data(args: &[String]) -> Result<(), CliError> {
    let a = Args::parse(args, &[])?;
    a.check_known(&[
        "--variant",
        "--out",
        "--games",
        "--nodes",
        "--seed",
        "--random-plies",
        "--threads",
        "--adjudicate",
        "--max-plies",
    ])?;
    let err = |m: String| CliError(format!("gen-data: {m}"));
    let variant = match a.value("--variant") {
        Some(v) => v.parse::<Variant>().map_err(err)?,
        None => return Err(err("--variant V is required".into())),
    };
    let out = a
        .value("--out")
        .ok_or_else(|| err("--out FILE is required".into()))?;
    let num = |name: &str, default: u64, lo: u64, hi: u64| -> Result<u64, CliError> {
        number(&a, name, default, |n| (lo..=hi).contains(n))
            .map_err(|v| err(format!("{name}: '{v}' must be {lo} to {hi}")))
    };
    let games = match a.value("--games") {
        Some(_) => num("--games", 0, 1, 100_000_000)?,
        None => return Err(err("--games N is required".into())),
    };
    let random_plies = match a.value("--random-plies") {
        None => (8, 12),
        Some(v) => {
            let parse = |t: &str| t.parse::<u32>().ok().filter(|&n| n <= 100);
            let range = match v.split_once('-') {
                Some((lo, hi)) => parse(lo).zip(parse(hi)),
                None => parse(v).map(|n| (n, n)),
            };
            range.filter(|(lo, hi)| lo <= hi).ok_or_else(|| {
                err(format!(
                    "--random-plies: '{v}' must be N or LO-HI (0 to 100, LO <= HI)"
                ))
            })?
        }
    };
    let cfg = GenConfig {
        variant,
        games,
        nodes: num("--nodes", 5_000, 1, 1_000_000_000)?,
        seed: num("--seed", 1, 0, u64::MAX)?,
        random_plies,
        threads: num("--threads", 1, 1, 256)? as usize,
        adjudicate: num("--adjudicate", 2_000, 100, 30_000)? as i32,
        max_plies: num("--max-plies", 400, 1, 100_000)? as u32,
    };
    let file = std::fs::File::create(out).map_err(|e| err(format!("cannot create {out}: {e}")))?;
    let mut w = std::io::BufWriter::new(file);
    match variant.family() {
        Family::Chess => run::<movegen::chess::Position>(&cfg, &mut w),
        Family::Shogi => run::<movegen::shogi::Position>(&cfg, &mut w),
    }
    .map_err(|e| err(format!("{out}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(variant: Variant) -> GenConfig {
        GenConfig {
            variant,
            games: 2,
            nodes: 300,
            seed: 5,
            random_plies: (4, 6),
            threads: 1,
            adjudicate: 1_000,
            max_plies: 60,
        }
    }

    #[test]
    fn a_game_is_reproducible_and_its_lines_are_quiet_positions_of_it() {
        let c = cfg(Variant::Shogi);
        let mut s1: Searcher<movegen::shogi::Position> = Searcher::new(1, 1);
        let mut s2: Searcher<movegen::shogi::Position> = Searcher::new(1, 1);
        let a = play_game(&c, 3, &mut s1);
        let b = play_game(&c, 3, &mut s2);
        assert_eq!(a.lines, b.lines);
        assert_eq!(a.winner, b.winner);
        assert!(!a.lines.is_empty());
        for (sfen, score) in &a.lines {
            let pos = <movegen::shogi::Position as movegen::Game>::from_fen(Variant::Shogi, sfen)
                .unwrap();
            assert!(!pos.in_check(), "{sfen}");
            assert!(score.abs() <= MAX_SCORE);
        }
    }

    #[test]
    fn the_ply_cap_draws_and_the_lines_read_as_training_positions() {
        // A cap of one searched ply: the game is a draw with at most one line.
        let mut c = cfg(Variant::Chess);
        c.max_plies = 1;
        let mut s: Searcher<movegen::chess::Position> = Searcher::new(1, 1);
        let g = play_game(&c, 0, &mut s);
        assert_eq!(g.result(), "0.5");
        assert!(g.lines.len() <= 1);
        // Whole runs over two workers: every line is one the trainer
        // reads, each game's lines share their result.
        let mut c = cfg(Variant::Chess);
        c.games = 4;
        c.threads = 2;
        let mut out: Vec<u8> = Vec::new();
        run::<movegen::chess::Position>(&c, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().count() > 10, "{text}");
        for line in text.lines() {
            search::eval::nnue_train::parse_line(line, false).unwrap();
        }
    }
}
