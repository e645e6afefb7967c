//! The tournament: pairings and game pairs, worker threads that each keep
//! their own engine processes, the running score, records, and the final
//! statistics.

use std::collections::{HashMap, VecDeque};
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{SystemTime, UNIX_EPOCH};

use super::engine_proc::{check_declared, EngineProc, Log};
use super::game::{self, GameConfig, Played, Seat};
use super::openings::{self, Opening, SplitMix};
use super::options::MatchConfig;
use super::record::GameRecord;
use super::referee::{GameResult, Rules, Side, Termination};
use super::stats::{los, EloEstimate, Pentanomial, Sprt, SprtState, Wdl};

/// One game to play.
#[derive(Debug, Clone)]
struct Job {
    /// 1-based game number.
    number: usize,
    pairing: usize,
    round: u32,
    /// 0: the pairing's first engine moves first; 1: colours swapped.
    leg: u8,
    first: usize,
    second: usize,
    opening: Arc<Opening>,
}

/// The running results of one pairing, from its first engine's side.
#[derive(Debug, Clone, Default)]
pub struct PairingStats {
    pub wdl: Wdl,
    pub penta: Pentanomial,
    /// First-engine points of the first finished game of each open pair.
    open_pairs: HashMap<u32, f64>,
}

impl PairingStats {
    fn add(&mut self, round: u32, points: f64) {
        if points >= 1.0 {
            self.wdl.wins += 1;
        } else if points <= 0.0 {
            self.wdl.losses += 1;
        } else {
            self.wdl.draws += 1;
        }
        match self.open_pairs.remove(&round) {
            Some(other) => self.penta.add(other, points),
            None => {
                self.open_pairs.insert(round, points);
            }
        }
    }
}

/// The state the workers share: the queue, the running results, the
/// record file and the progress display.
struct Board {
    queue: VecDeque<Job>,
    stop: bool,
    stats: Vec<PairingStats>,
    /// Per engine: games lost by a failure (termination tag, count).
    failures: Vec<Vec<(&'static str, u64)>>,
    done: usize,
    total: usize,
    out: Option<BufWriter<File>>,
    csa: Option<BufWriter<File>>,
    /// CSA records written so far (a `/` line goes between two).
    csa_games: usize,
    write_error: Option<String>,
    terminal: bool,
    date: String,
    tc_tag: String,
}

impl Board {
    /// Records a finished game: results, record file, progress, SPRT.
    fn finish(
        &mut self,
        cfg: &MatchConfig,
        names: &[String],
        pairings: &[(usize, usize)],
        job: Job,
        played: Played,
    ) {
        self.done += 1;
        let (a, b) = pairings[job.pairing];
        let side_of_a = if job.first == a {
            Side::First
        } else {
            Side::Second
        };
        if let GameResult::Win(winner) = played.end.result {
            let t = played.end.termination;
            if !matches!(t, Termination::Normal | Termination::Adjudication) {
                let loser = if winner == Side::First {
                    job.second
                } else {
                    job.first
                };
                let list = &mut self.failures[loser];
                match list.iter_mut().find(|(k, _)| *k == t.tag()) {
                    Some((_, n)) => *n += 1,
                    None => list.push((t.tag(), 1)),
                }
            }
        }
        let st = &mut self.stats[job.pairing];
        st.add(job.round, played.end.result.points(side_of_a));
        let record = GameRecord {
            event: cfg.event.clone(),
            site: "?".into(),
            date: self.date.clone(),
            round: format!("{}.{}", job.round + 1, job.leg + 1),
            first: names[job.first].clone(),
            second: names[job.second].clone(),
            variant: cfg.variant,
            fen: job.opening.fen.clone(),
            moves: played.moves,
            end: played.end.clone(),
            time_control: self.tc_tag.clone(),
            number: job.number,
        };
        if let Some(w) = self.out.as_mut() {
            if let Err(e) = w
                .write_all(record.write().as_bytes())
                .and_then(|_| w.flush())
            {
                self.write_error.get_or_insert(format!("--out: {e}"));
                self.stop = true;
            }
        }
        if let Some(w) = self.csa.as_mut() {
            let separator = if self.csa_games > 0 { "/\n" } else { "" };
            let written = record.csa().and_then(|text| {
                w.write_all(format!("{separator}{text}").as_bytes())
                    .and_then(|_| w.flush())
                    .map_err(|e| e.to_string())
            });
            match written {
                Ok(()) => self.csa_games += 1,
                Err(e) => {
                    self.write_error.get_or_insert(format!("--csa: {e}"));
                    self.stop = true;
                }
            }
        }
        let mut line = score_line(&names[a], &names[b], st);
        if let Some(sprt) = &cfg.sprt {
            let (lo, hi) = sprt.bounds();
            line.push_str(&format!(
                ", LLR {:.2} [{lo:.2}, {hi:.2}]",
                sprt.llr(&st.penta)
            ));
        }
        let (done, total) = (self.done, self.total);
        if self.terminal {
            eprint!("\r\x1b[K[{done}/{total}] {line}");
        } else {
            eprintln!(
                "game {} ({} vs {}): {} {{{}}}",
                job.number,
                names[job.first],
                names[job.second],
                played.end.result.as_str(),
                played.end.reason
            );
            eprintln!("[{done}/{total}] {line}");
        }
        if let Some(sprt) = &cfg.sprt {
            if !self.stop && sprt.state(&st.penta) != SprtState::Continue {
                self.stop = true;
                if self.terminal {
                    eprintln!();
                }
                eprintln!("{}: stopping", sprt_line(sprt, &st.penta));
            }
        }
    }
}

/// Today's date as `YYYY.MM.DD` (UTC), from days since the epoch by the
/// civil-from-days algorithm.
fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    civil_date((secs / 86_400) as i64)
}

/// The `YYYY.MM.DD` of a day counted from 1970-01-01.
fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

fn fmt_elo(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

/// One line on a pairing's score.
pub fn score_line(a: &str, b: &str, s: &PairingStats) -> String {
    let w = &s.wdl;
    let mut line = format!(
        "{a} vs {b}: {} games, +{} -{} ={}",
        w.games(),
        w.wins,
        w.losses,
        w.draws
    );
    if let (Some(score), Some(e)) = (w.score(), EloEstimate::from_wdl(w)) {
        line.push_str(&format!(
            ", score {:.1}%, Elo {} [{}, {}], LOS {:.1}%",
            score * 100.0,
            fmt_elo(e.elo),
            fmt_elo(e.low),
            fmt_elo(e.high),
            los(w) * 100.0
        ));
    }
    line
}

fn sprt_line(sprt: &Sprt, penta: &Pentanomial) -> String {
    let (lo, hi) = sprt.bounds();
    let state = match sprt.state(penta) {
        SprtState::Continue => "no decision",
        SprtState::AcceptH0 => "H0 accepted",
        SprtState::AcceptH1 => "H1 accepted",
    };
    format!(
        "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.3} [{:.3}, {:.3}] {state}",
        sprt.elo0,
        sprt.elo1,
        sprt.alpha,
        sprt.beta,
        sprt.llr(penta),
        lo,
        hi
    )
}

/// Plays the whole match; the summary goes to stdout, progress to stderr.
pub fn run<G: Rules>(cfg: &MatchConfig) -> Result<(), String> {
    let openings = match &cfg.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("--openings: {}: {e}", path.display()))?;
            openings::parse_file::<G>(cfg.variant, &text)
                .map_err(|e| format!("--openings: {}: {e}", path.display()))?
        }
        None => vec![Opening::startpos()],
    };
    let out = match &cfg.out {
        Some(path) => Some(BufWriter::new(
            File::create(path).map_err(|e| format!("--out: {}: {e}", path.display()))?,
        )),
        None => None,
    };
    let csa = match &cfg.csa {
        Some(path) => Some(BufWriter::new(
            File::create(path).map_err(|e| format!("--csa: {}: {e}", path.display()))?,
        )),
        None => None,
    };
    let log = match &cfg.log {
        Some(path) => Some(Log::new(
            File::create(path).map_err(|e| format!("--log: {}: {e}", path.display()))?,
        )),
        None => None,
    };
    // A command that cannot even be started is a usage error, not a lost
    // game; so is an option the engine does not declare, or a Tris variant
    // it does not offer. An engine that does not answer `uci`/`usi` here
    // is left to lose its games, as it would without the check.
    for spec in &cfg.engines {
        let mut p = EngineProc::spawn(spec, cfg.protocol, None, spec.name.clone())
            .map_err(|e| format!("--engine {}: {e}", spec.name))?;
        if !spec.options.is_empty() || cfg.variant.has_tris() {
            if let Ok(declared) = p.hello(cfg.init_timeout) {
                check_declared(cfg.protocol, cfg.variant, &declared, &spec.options)
                    .map_err(|e| format!("--engine {}: {e}", spec.name))?;
            }
            p.quit();
        }
    }

    let pairings = cfg.pairings();
    let mut rng = SplitMix::new(cfg.seed);
    if cfg.random_plies > 0 {
        eprintln!(
            "random opening plies: {}, seed {}",
            cfg.random_plies, cfg.seed
        );
    }
    let mut jobs = VecDeque::new();
    for round in 0..cfg.rounds {
        for (p, &(a, b)) in pairings.iter().enumerate() {
            let base = &openings[round as usize % openings.len()];
            let opening =
                Arc::new(base.with_random_plies::<G>(cfg.variant, cfg.random_plies, &mut rng));
            for leg in 0..2u8 {
                let (first, second) = if leg == 0 { (a, b) } else { (b, a) };
                jobs.push_back(Job {
                    number: jobs.len() + 1,
                    pairing: p,
                    round,
                    leg,
                    first,
                    second,
                    opening: Arc::clone(&opening),
                });
            }
        }
    }
    let total = jobs.len();
    let game_cfg = GameConfig {
        variant: cfg.variant,
        protocol: cfg.protocol,
        tc: cfg.tc,
        margin_ms: cfg.margin_ms,
        wait_limit: cfg.wait_limit,
        init_timeout: cfg.init_timeout,
        adjudication: cfg.adjudication,
        log,
    };
    let names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    let board = Mutex::new(Board {
        queue: jobs,
        stop: false,
        stats: vec![PairingStats::default(); pairings.len()],
        failures: vec![Vec::new(); cfg.engines.len()],
        done: 0,
        total,
        out,
        csa,
        csa_games: 0,
        write_error: None,
        terminal: std::io::stderr().is_terminal(),
        date: today(),
        tc_tag: cfg.tc.tag(),
    });
    let workers = cfg.concurrency.min(total);
    thread::scope(|scope| {
        for w in 0..workers {
            let (board, game_cfg, names, pairings) = (&board, &game_cfg, &names, &pairings);
            scope.spawn(move || {
                let mut seats: Vec<Seat> = cfg
                    .engines
                    .iter()
                    .map(|s| Seat::new(s.clone(), format!("w{}", w + 1)))
                    .collect();
                loop {
                    // The bookkeeping of a game and the choice of the next
                    // one happen under one lock, so a stop (SPRT, write
                    // error) is seen before any further game starts.
                    let job = match board.lock() {
                        Ok(mut b) if !b.stop => b.queue.pop_front(),
                        _ => None,
                    };
                    let Some(job) = job else { break };
                    let (first, second) = two_mut(&mut seats, job.first, job.second);
                    let played = game::play::<G>(game_cfg, &job.opening, [first, second]);
                    match board.lock() {
                        Ok(mut b) => b.finish(cfg, names, pairings, job, played),
                        Err(_) => break,
                    }
                }
                for seat in &mut seats {
                    seat.close();
                }
            });
        }
    });
    let board = board
        .into_inner()
        .map_err(|_| "a worker thread panicked".to_string())?;
    if board.terminal {
        eprintln!();
    }
    if let Some(e) = board.write_error {
        return Err(e);
    }
    let (done, stats, tc_tag, failures) = (board.done, board.stats, board.tc_tag, board.failures);

    let mut summary = format!(
        "Match of {} games ({} planned), variant {}, time control {}\n",
        done, total, cfg.variant, tc_tag
    );
    for (p, &(a, b)) in pairings.iter().enumerate() {
        let st = &stats[p];
        summary.push_str(&score_line(&names[a], &names[b], st));
        summary.push('\n');
        let c = st.penta.0;
        summary.push_str(&format!(
            "  pairs {} [LL LD DD/WL WD WW]: [{} {} {} {} {}]\n",
            st.penta.pairs(),
            c[0],
            c[1],
            c[2],
            c[3],
            c[4]
        ));
        if let Some(sprt) = &cfg.sprt {
            summary.push_str(&format!("  {}\n", sprt_line(sprt, &st.penta)));
        }
    }
    if pairings.len() > 1 {
        summary.push_str(&standings(names.len(), &pairings, &stats, &names));
    }
    for (name, list) in names.iter().zip(&failures) {
        if !list.is_empty() {
            let parts: Vec<String> = list.iter().map(|(k, n)| format!("{n} {k}")).collect();
            summary.push_str(&format!("{name} lost by failure: {}\n", parts.join(", ")));
        }
    }
    print!("{summary}");
    Ok(())
}

/// Points per engine over all its pairings, best first.
fn standings(
    engines: usize,
    pairings: &[(usize, usize)],
    stats: &[PairingStats],
    names: &[String],
) -> String {
    let mut rows = vec![(0.0f64, 0u64); engines];
    for (&(a, b), st) in pairings.iter().zip(stats) {
        let games = st.wdl.games();
        rows[a].0 += st.wdl.points();
        rows[a].1 += games;
        rows[b].0 += games as f64 - st.wdl.points();
        rows[b].1 += games;
    }
    let mut order: Vec<usize> = (0..engines).collect();
    order.sort_by(|&x, &y| rows[y].0.total_cmp(&rows[x].0));
    let mut out = String::from("Standings:\n");
    for (rank, &i) in order.iter().enumerate() {
        let (points, games) = rows[i];
        out.push_str(&format!(
            "  {}. {}: {points} / {games}\n",
            rank + 1,
            names[i]
        ));
    }
    out
}

/// Two distinct elements of a slice, mutably.
fn two_mut<T>(v: &mut [T], i: usize, j: usize) -> (&mut T, &mut T) {
    assert_ne!(i, j, "an engine never plays itself in one process");
    if i < j {
        let (lo, hi) = v.split_at_mut(j);
        (&mut lo[i], &mut hi[0])
    } else {
        let (lo, hi) = v.split_at_mut(i);
        (&mut hi[0], &mut lo[j])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_collected_per_round() {
        let mut s = PairingStats::default();
        s.add(0, 1.0);
        s.add(1, 0.5);
        assert_eq!(s.penta.pairs(), 0);
        s.add(1, 0.5);
        s.add(0, 0.0);
        assert_eq!(s.penta, Pentanomial([0, 0, 2, 0, 0]));
        s.add(2, 1.0);
        s.add(2, 0.5);
        assert_eq!(s.penta, Pentanomial([0, 0, 2, 1, 0]));
        assert_eq!(
            s.wdl,
            Wdl {
                wins: 2,
                draws: 3,
                losses: 1
            }
        );
    }

    #[test]
    fn date_and_two_mut() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"), "{d}");
        assert_eq!(civil_date(0), "1970.01.01");
        // 2000-02-29 is day 11016; 2024-12-31 is day 20088.
        assert_eq!(civil_date(11_016), "2000.02.29");
        assert_eq!(civil_date(11_017), "2000.03.01");
        assert_eq!(civil_date(20_088), "2024.12.31");
        let mut v = [1, 2, 3];
        let (a, b) = two_mut(&mut v, 2, 0);
        std::mem::swap(a, b);
        assert_eq!(v, [3, 2, 1]);
    }

    #[test]
    fn score_line_layout() {
        let mut s = PairingStats::default();
        for _ in 0..3 {
            s.add(0, 1.0);
        }
        s.add(1, 0.0);
        let line = score_line("A", "B", &s);
        assert!(
            line.starts_with("A vs B: 4 games, +3 -1 =0, score 75.0%, Elo 190.8"),
            "{line}"
        );
    }
}
