//! `go` and the search thread: turning `go` into [`Limits`], running the
//! search on its own thread (which owns the searcher meanwhile and prints
//! `info` and `bestmove`), `stop`, `ponderhit` and reclaiming the searcher.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use movegen::perft::{divide, PerftOptions};
use search::{Clock, Limits, MateResult, SearchResult, Searcher};

use crate::command::{Go, MateArg, Protocol, TimeFields};
use crate::game::ProtocolGame;
use crate::output::{moves_text, score_text, InfoPrinter, Out};
use crate::session::Session;
use crate::usi::{self, MateFinder};

/// The deepest iteration the search runs (its `MAX_PLY - 1`).
const MAX_DEPTH: u32 = search::score::MAX_PLY as u32 - 1;

/// A search in progress on its own thread.
pub struct Running<G: ProtocolGame> {
    handle: JoinHandle<Searcher<G>>,
    control: search::threads::Control,
    /// Lets an infinite or ponder search that ended early answer.
    release: Arc<AtomicBool>,
    /// Set (under the lock) once the search has returned.
    done: Arc<Mutex<bool>>,
    /// Cleared when the search is abandoned: it then ends without a word.
    announce: Arc<AtomicBool>,
    /// The limits, for the clock after `ponderhit`.
    limits: Limits<G::Move>,
    side: usize,
}

/// What the search thread answers with.
enum Mode {
    /// `bestmove`.
    Move,
    /// USI `go mate`: `checkmate ...`.
    Mate,
}

impl<G: ProtocolGame> Session<G> {
    /// Takes the searcher back from a search thread that has ended.
    pub(crate) fn reap(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished())
        {
            self.join();
        }
    }

    fn join(&mut self) {
        if let Some(r) = self.running.take() {
            match r.handle.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => self
                    .out
                    .error("the search thread failed; the table is reset"),
            }
        }
    }

    /// `stop` (and `quit`): stops a running search, which still prints its
    /// `bestmove`, and waits for it. The stop flag is raised until the
    /// thread ends: a search that is only starting clears the flag once
    /// when it begins.
    pub(crate) fn finish_search(&mut self) {
        self.end_search(true);
    }

    /// Ends a search the GUI has given up on without a `stop`: a new `go`,
    /// `ucinewgame`/`usinewgame`, `gameover`, an option that needs the
    /// searcher, `bench`. Its `bestmove` is not printed: the GUI no longer
    /// waits for one and would take it as the answer to its next `go`
    /// (python-chess ends a ponder search this way when the game is over,
    /// then starts an analysis). A search that ended by itself has already
    /// answered.
    pub(crate) fn abandon_search(&mut self) {
        self.end_search(false);
    }

    fn end_search(&mut self, announce: bool) {
        if let Some(r) = &self.running {
            if !announce {
                r.announce.store(false, Ordering::SeqCst);
            }
            r.release.store(true, Ordering::SeqCst);
            while !r.handle.is_finished() {
                r.control.stop();
                std::thread::sleep(Duration::from_micros(500));
            }
        }
        self.join();
    }

    /// The opponent played the expected move: the clock runs from now, by
    /// the `go ponder` clock or the one `ponderhit` brings (USI).
    pub(crate) fn ponderhit(&mut self, times: TimeFields) {
        let Some(r) = &self.running else { return };
        if !r.limits.ponder {
            return;
        }
        r.control.ponderhit();
        r.release.store(true, Ordering::SeqCst);
        let mut limits = r.limits.clone();
        limits.ponder = false;
        if !times.is_empty() {
            limits.clock = clock(&times, r.side);
        } else if limits.clock.is_none()
            && limits.movetime.is_none()
            && limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.mate.is_none()
        {
            // A bare `go ponder` and a bare `ponderhit`: no clock came with
            // either. The clock of the last timed `go` stands in for it, so
            // the search does not run until `stop`.
            limits.clock = clock(&self.last_times, r.side);
        }
        // The search keeps no clock while pondering: a timer stops it.
        if let Some(budget) = search::time::budget(&limits) {
            let deadline = Instant::now() + budget.soft;
            let control = r.control.clone();
            let done = r.done.clone();
            std::thread::spawn(move || {
                while Instant::now() < deadline {
                    if *done.lock().unwrap_or_else(|e| e.into_inner()) {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
                let done = done.lock().unwrap_or_else(|e| e.into_inner());
                if !*done {
                    control.stop();
                }
            });
        }
    }

    pub(crate) fn go(&mut self, go: Go) {
        self.abandon_search();
        if !go.times.is_empty() {
            self.last_times = go.times;
        }
        if let Some(depth) = go.perft {
            self.perft(depth);
            return;
        }
        let mut searchmoves = Vec::new();
        for text in &go.searchmoves {
            match self.pos.parse_move(text) {
                Ok(mv) => searchmoves.push(mv),
                Err(e) => {
                    self.out.error(format!("go searchmoves: {e}"));
                    return;
                }
            }
        }
        let side = self.pos.side_to_move();
        let mut limits = Limits {
            depth: go.depth.map(|d| d.clamp(1, MAX_DEPTH)),
            nodes: go.nodes,
            movetime: go.movetime.map(Duration::from_millis),
            mate: None,
            infinite: go.infinite,
            ponder: go.ponder,
            searchmoves,
            multipv: self.settings.multipv,
            clock: clock(&go.times, side),
            move_overhead: self.settings.move_overhead,
        };
        let mut mode = Mode::Move;
        match (self.protocol, go.mate) {
            (Protocol::Uci, Some(MateArg::Number(n))) => {
                limits.mate = Some(n.clamp(1, MAX_DEPTH as u64) as u32)
            }
            (Protocol::Uci, Some(MateArg::Infinite)) => {
                self.out
                    .error("go mate: expected a number of moves, got 'infinite'");
                return;
            }
            (Protocol::Usi, Some(arg)) => {
                mode = Mode::Mate;
                limits.multipv = 1;
                limits.clock = None;
                limits.move_overhead = Duration::ZERO;
                match arg {
                    MateArg::Number(ms) => limits.movetime = Some(Duration::from_millis(ms)),
                    MateArg::Infinite => limits.infinite = true,
                }
                if !usi::has_checking_move(&self.pos) {
                    self.out.line("checkmate nomate");
                    return;
                }
            }
            (_, None) => {}
        }
        if self.protocol == Protocol::Usi
            && matches!(mode, Mode::Move)
            && !go.ponder
            && !go.infinite
            && self.settings.entering_king
            && self.pos.declaration_wins()
        {
            self.out.line("bestmove win");
            return;
        }
        if self.settings.debug {
            self.out.info_string(format!(
                "debug: side {side}, {} earlier positions, budget {:?}, limits {limits:?}",
                self.keys.len(),
                search::time::budget(&limits)
            ));
        }
        self.ensure_searcher();
        let Some(mut searcher) = self.searcher.take() else {
            return;
        };
        let control = searcher.control();
        control.clear_stop();
        let release = Arc::new(AtomicBool::new(false));
        let done = Arc::new(Mutex::new(false));
        let announce = Arc::new(AtomicBool::new(true));
        let (pos, keys, out, protocol) = (
            self.pos.clone(),
            self.keys.clone(),
            self.out.clone(),
            self.protocol,
        );
        let thread_limits = limits.clone();
        let (thread_release, thread_done, thread_control, thread_announce) = (
            release.clone(),
            done.clone(),
            control.clone(),
            announce.clone(),
        );
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let limits = thread_limits;
                match mode {
                    Mode::Move => {
                        let printer = InfoPrinter {
                            out: out.clone(),
                            protocol,
                        };
                        let result = searcher.search(&pos, &keys, &limits, &printer);
                        *thread_done.lock().unwrap_or_else(|e| e.into_inner()) = true;
                        // An infinite or ponder search answers only when told.
                        if limits.infinite || limits.ponder {
                            while !thread_release.load(Ordering::SeqCst) {
                                std::thread::sleep(Duration::from_millis(1));
                            }
                        }
                        if thread_announce.load(Ordering::SeqCst) {
                            print_bestmove(&out, protocol, &result);
                        }
                    }
                    Mode::Mate => {
                        // The mate solver first (shogi family: df-pn over
                        // checks); the search only if it leaves the question
                        // open with time to spare.
                        let start = Instant::now();
                        let deadline = limits.movetime;
                        let out_of_time = || {
                            thread_control.is_stopped()
                                || deadline.is_some_and(|d| start.elapsed() >= d)
                        };
                        let answer = match pos.solve_mate(u64::MAX, &out_of_time) {
                            MateResult::Mate(line) => {
                                format!("checkmate {}", moves_text(&line))
                            }
                            MateResult::NoMate => "checkmate nomate".to_string(),
                            MateResult::Unknown if out_of_time() => "checkmate timeout".to_string(),
                            MateResult::Unknown => {
                                let mut limits = limits.clone();
                                limits.movetime =
                                    deadline.map(|d| d.saturating_sub(start.elapsed()));
                                let finder =
                                    MateFinder::new(&pos, out.clone(), thread_control.clone());
                                let result = searcher.search(&pos, &keys, &limits, &finder);
                                finder.answer(result.depth >= MAX_DEPTH)
                            }
                        };
                        *thread_done.lock().unwrap_or_else(|e| e.into_inner()) = true;
                        if thread_announce.load(Ordering::SeqCst) {
                            out.line(&answer);
                        }
                    }
                }
                searcher
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    handle,
                    control,
                    release,
                    done,
                    announce,
                    limits,
                    side,
                })
            }
            Err(e) => self
                .out
                .error(format!("go: cannot start the search thread: {e}")),
        }
    }

    /// `go perft N`: Stockfish's layout, `<move>: <count>`, a blank line,
    /// `Nodes searched: N`.
    fn perft(&mut self, depth: u32) {
        if !(1..=12).contains(&depth) {
            self.out
                .error(format!("go perft: depth {depth} is out of range 1..=12"));
            return;
        }
        let counts = divide(
            &self.pos,
            depth,
            PerftOptions {
                threads: self.settings.threads,
                hash_bits: Some(20),
            },
        );
        for (mv, n) in &counts {
            self.out.line(&format!("{mv}: {n}"));
        }
        self.out.line("");
        let total: u64 = counts.iter().map(|&(_, n)| n).sum();
        self.out.line(&format!("Nodes searched: {total}"));
    }
}

/// The clock of `side` from the `go` fields, if it has one.
fn clock(times: &TimeFields, side: usize) -> Option<Clock> {
    if times.time[side].is_none() && times.byoyomi.is_none() {
        return None;
    }
    Some(Clock {
        time: Duration::from_millis(times.time[side].unwrap_or(0)),
        inc: Duration::from_millis(times.inc[side].unwrap_or(0)),
        moves_to_go: times.moves_to_go,
        byoyomi: Duration::from_millis(times.byoyomi.unwrap_or(0)),
    })
}

/// `bestmove`; with no legal move, the mate or stalemate score first, then
/// `bestmove (none)` (UCI) or `bestmove resign` (USI).
fn print_bestmove<M: std::fmt::Display + Copy>(
    out: &Out,
    protocol: Protocol,
    result: &SearchResult<M>,
) {
    match result.best {
        Some(best) => match result.ponder {
            Some(p) => out.line(&format!("bestmove {best} ponder {p}")),
            None => out.line(&format!("bestmove {best}")),
        },
        None => {
            out.line(&format!(
                "info depth 0 score {}",
                score_text(protocol, result.score)
            ));
            match protocol {
                Protocol::Uci => out.line("bestmove (none)"),
                Protocol::Usi => out.line("bestmove resign"),
            }
        }
    }
}
