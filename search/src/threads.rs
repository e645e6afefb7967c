//! Lazy SMP: N threads search the same root with a shared transposition
//! table, a shared stop flag and per-thread node counters. The main thread
//! (id 0) keeps time, reports, and decides the result.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::SearchGame;
use crate::history::Histories;
use crate::limits::Limits;
use crate::score::{is_mate, Score, INFINITE, MATE_BOUND, MAX_PLY};
use crate::search::{RootMove, Worker};
use crate::time::{budget, TimeBudget};
use crate::tt::TranspositionTable;

/// How a reported score relates to the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// One line of search progress: a completed depth of one PV line.
#[derive(Debug, Clone)]
pub struct Info<M> {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based MultiPV index.
    pub multipv: usize,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    /// Permille of the table used.
    pub hashfull: usize,
    pub pv: Vec<M>,
}

/// Where the search reports; called from the main search thread.
pub trait Reporter<M>: Sync {
    fn info(&self, info: &Info<M>);
}

/// A reporter that drops everything.
pub struct Silent;

impl<M> Reporter<M> for Silent {
    fn info(&self, _: &Info<M>) {}
}

/// The outcome of a search.
#[derive(Debug, Clone)]
pub struct SearchResult<M> {
    /// `None` only when the side to move has no legal move.
    pub best: Option<M>,
    pub ponder: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    /// Every MultiPV line of the last completed depth, best first.
    pub lines: Vec<(Score, Vec<M>)>,
}

/// Flags another thread uses to steer a running search.
#[derive(Clone, Default)]
pub struct Control {
    stop: Arc<AtomicBool>,
    pondering: Arc<AtomicBool>,
    /// Nanoseconds from the search start to `ponderhit` (0: none yet).
    ponderhit_at: Arc<AtomicU64>,
    started: Arc<std::sync::Mutex<Option<Instant>>>,
}

impl Control {
    /// Ends the search as soon as possible (a few milliseconds).
    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// The opponent played the pondered move: the clock starts now.
    pub fn ponderhit(&self) {
        let started = *self.started.lock().unwrap_or_else(|e| e.into_inner());
        let at = started.map_or(1, |s| s.elapsed().as_nanos().max(1) as u64);
        self.ponderhit_at.store(at, Relaxed);
        self.pondering.store(false, Relaxed);
    }

    /// Clears the stop an earlier search left, before new work starts
    /// (work outside [`Searcher::search`], which clears it itself).
    pub fn clear_stop(&self) {
        self.stop.store(false, Relaxed);
    }

    pub fn is_stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }
}

/// Stack of a search thread.
const WORKER_STACK: usize = 64 * 1024 * 1024;

/// Search features that can be switched off, to measure what each is worth
/// (for example in `triskelion match` between two settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Features {
    pub null_move: bool,
    pub lmr: bool,
    pub reverse_futility: bool,
    pub futility: bool,
    pub late_move_pruning: bool,
    pub aspiration: bool,
    /// Internal iterative reduction.
    pub iir: bool,
    /// Quiet checks at the first ply of the quiescence search (shogi).
    pub qs_checks: bool,
    /// Singular extensions (and their multi-cut).
    pub singular: bool,
    /// Correction history applied to the static evaluation.
    pub correction: bool,
    /// Singular results beyond one ply: a double extension for a clearly
    /// singular move, a reduction for a table move expected to cut anyway.
    pub singular_range: bool,
    /// Late move reductions also for captures that lose material by SEE.
    pub lmr_captures: bool,
    /// Quiet moves one ply more reduced when the table move is tactical.
    pub lmr_tt_capture: bool,
    /// A mate-in-one probe at nodes without a table entry (shogi: contact
    /// checks and drops next to the enemy king).
    pub mate_probe: bool,
    /// Quiescence pruning (shogi family): in check, evasions losing by SEE
    /// once one evasion is searched; otherwise non-checking moves past the
    /// first two.
    pub qs_pruning: bool,
    /// Killers and the counter-move one ply less reduced in LMR (shogi
    /// family).
    pub killer_lmr: bool,
    /// Quiet moves ordered by the threats of cheaper enemy pieces: a bonus
    /// for leaving such a threat, a malus for walking into one.
    pub threat_order: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            null_move: true,
            lmr: true,
            reverse_futility: true,
            futility: true,
            late_move_pruning: true,
            aspiration: true,
            iir: true,
            qs_checks: true,
            singular: true,
            correction: true,
            singular_range: true,
            lmr_captures: true,
            lmr_tt_capture: true,
            mate_probe: true,
            qs_pruning: true,
            killer_lmr: true,
            threat_order: true,
        }
    }
}

impl Features {
    /// The names `set` takes.
    pub const NAMES: [&'static str; 17] = [
        "null_move",
        "lmr",
        "reverse_futility",
        "futility",
        "late_move_pruning",
        "aspiration",
        "iir",
        "qs_checks",
        "singular",
        "correction",
        "singular_range",
        "lmr_captures",
        "lmr_tt_capture",
        "mate_probe",
        "qs_pruning",
        "killer_lmr",
        "threat_order",
    ];

    /// Switches one feature by name; false for an unknown name.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let slot = match name {
            "null_move" => &mut self.null_move,
            "lmr" => &mut self.lmr,
            "reverse_futility" => &mut self.reverse_futility,
            "futility" => &mut self.futility,
            "late_move_pruning" => &mut self.late_move_pruning,
            "aspiration" => &mut self.aspiration,
            "iir" => &mut self.iir,
            "qs_checks" => &mut self.qs_checks,
            "singular" => &mut self.singular,
            "correction" => &mut self.correction,
            "singular_range" => &mut self.singular_range,
            "lmr_captures" => &mut self.lmr_captures,
            "lmr_tt_capture" => &mut self.lmr_tt_capture,
            "mate_probe" => &mut self.mate_probe,
            "qs_pruning" => &mut self.qs_pruning,
            "killer_lmr" => &mut self.killer_lmr,
            "threat_order" => &mut self.threat_order,
            _ => return false,
        };
        *slot = on;
        true
    }
}

/// What all threads of one search share.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub stop: &'a AtomicBool,
    pub nodes: Vec<AtomicU64>,
    pub features: Features,
    start: Instant,
    budget: Option<TimeBudget>,
    node_limit: Option<u64>,
    control: &'a Control,
}

impl Shared<'_> {
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Relaxed)).sum()
    }

    /// Elapsed time on the clock: from `ponderhit` when pondering ended.
    fn clock_elapsed(&self) -> Option<Duration> {
        if self.control.pondering.load(Relaxed) {
            return None;
        }
        let hit = self.control.ponderhit_at.load(Relaxed);
        let elapsed = self.start.elapsed();
        Some(elapsed.saturating_sub(Duration::from_nanos(hit)))
    }

    /// Called by the main thread every 1024 nodes.
    pub fn check_limits(&self) {
        if let Some(limit) = self.node_limit {
            if self.total_nodes() >= limit {
                self.stop.store(true, Relaxed);
            }
        }
        if let (Some(b), Some(e)) = (self.budget, self.clock_elapsed()) {
            if e >= b.hard {
                self.stop.store(true, Relaxed);
            }
        }
    }

    /// Whether a new iteration would likely not finish before the soft
    /// limit (the next one takes about as long as all before it). When the
    /// budget has no slack (soft = hard: a move time, or byoyomi without main
    /// time, which is lost if unused) the search runs to the hard limit: an
    /// iteration cut short still counts when it found a better move.
    ///
    /// `scale` stretches or shrinks the soft limit by how settled the
    /// search looks ([`soft_scale`]).
    fn no_time_for_another_iteration(&self, scale: f64) -> bool {
        match (self.budget, self.clock_elapsed()) {
            (Some(b), Some(e)) if b.soft < b.hard => {
                e.as_secs_f64() >= b.soft.as_secs_f64() * 0.6 * scale
            }
            _ => false,
        }
    }
}

/// How much of the soft limit a search should use, from how settled it
/// looks after an iteration: `stable` iterations in a row with the same best
/// move, the best move's share of the root nodes, and how far the score
/// fell since the previous iteration (centipawns; negative = it rose).
/// A best move that keeps changing, that the search is unsure of, or a
/// falling score earn more time; a long-settled move less.
pub(crate) fn soft_scale(stable: u32, best_share: f64, score_drop: i32) -> f64 {
    // A settled search (best move unchanged for four iterations, 85 % of
    // the nodes on it, a steady score) comes out near 1: the soft limit's
    // average use stays what it was, spent where the search is unsure.
    const STABILITY: [f64; 5] = [1.8, 1.3, 1.1, 1.0, 0.9];
    let stability = STABILITY[(stable as usize).min(STABILITY.len() - 1)];
    let effort = (1.5 - best_share.clamp(0.0, 1.0)) * 1.6;
    let drop = (1.0 + f64::from(score_drop.clamp(-50, 100)) / 200.0).clamp(0.85, 1.5);
    (stability * effort * drop).clamp(0.4, 2.5)
}

/// The search engine: a transposition table, thread count, and per-thread
/// histories that persist between searches of one game.
pub struct Searcher<G: SearchGame> {
    tt: TranspositionTable,
    threads: usize,
    histories: Vec<Histories<G>>,
    control: Control,
    features: Features,
}

impl<G: SearchGame> Searcher<G> {
    pub fn new(hash_mb: usize, threads: usize) -> Self {
        let threads = threads.max(1);
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            threads,
            histories: (0..threads).map(|_| Histories::new()).collect(),
            control: Control::default(),
            features: Features::default(),
        }
    }

    pub fn set_hash(&mut self, mb: usize) {
        self.tt = TranspositionTable::new(mb);
    }

    pub fn features(&self) -> Features {
        self.features
    }

    pub fn set_features(&mut self, features: Features) {
        self.features = features;
    }

    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
        self.histories = (0..self.threads).map(|_| Histories::new()).collect();
    }

    /// A new game: forget everything learnt.
    pub fn clear(&mut self) {
        self.tt.clear();
        for h in &mut self.histories {
            h.clear();
        }
    }

    /// A handle to stop the next or the running search from another thread.
    pub fn control(&self) -> Control {
        self.control.clone()
    }

    pub fn hashfull(&self) -> usize {
        self.tt.hashfull()
    }

    /// Searches `pos`. `game_keys` are the keys and in-check flags of the
    /// positions before it in the game (oldest first), for repetitions.
    pub fn search(
        &mut self,
        pos: &G,
        game_keys: &[(u64, bool)],
        limits: &Limits<G::Move>,
        reporter: &dyn Reporter<G::Move>,
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        let control = self.control.clone();
        *control.started.lock().unwrap_or_else(|e| e.into_inner()) = Some(start);
        control.clear_stop();
        control.ponderhit_at.store(0, Relaxed);
        control.pondering.store(limits.ponder, Relaxed);
        self.tt.new_search();

        let mut root_moves: Vec<RootMove<G::Move>> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
            .map(|mv| RootMove {
                mv,
                score: -INFINITE,
                previous: -INFINITE,
                pv: vec![mv],
                nodes: 0,
            })
            .collect();
        if root_moves.is_empty() {
            let score = if pos.in_check() || !G::STALEMATE_IS_DRAW {
                Score::MatePlies(0)
            } else {
                Score::Cp(0)
            };
            return SearchResult {
                best: None,
                ponder: None,
                score,
                depth: 0,
                nodes: 0,
                time: start.elapsed(),
                lines: Vec::new(),
            };
        }
        // Order the root by a shallow look: the TT move first.
        if let Some(h) = self.tt.probe(pos.hash()) {
            if let Some(i) = root_moves
                .iter()
                .position(|r| Some(r.mv) == G::move_from_bits(h.mv))
            {
                root_moves.swap(0, i);
            }
        }
        let mut keys = game_keys.to_vec();
        keys.push((pos.hash(), pos.in_check()));
        let multipv = limits.multipv.clamp(1, root_moves.len());
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1) as i32;

        let shared = Shared {
            tt: &self.tt,
            stop: &control.stop,
            nodes: (0..self.threads).map(|_| AtomicU64::new(0)).collect(),
            features: self.features,
            start,
            budget: budget(limits),
            node_limit: limits.nodes,
            control: &control,
        };
        let shared = &shared;
        // Every worker runs on a thread of its own with a deep stack: a
        // node keeps its move list (up to MAX_MOVES) on the stack.
        let result = std::thread::scope(|scope| {
            let mut hists = self.histories.iter_mut();
            let main_hist = hists.next().expect("at least one thread");
            for (i, hist) in hists.enumerate() {
                let root_moves = root_moves.clone();
                let keys = &keys;
                let spawned = std::thread::Builder::new()
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(scope, move || {
                        let mut w = Worker::new(i + 1, shared, hist, keys, root_moves);
                        iterate(&mut w, pos, max_depth, 1, limits, None);
                    });
                // Without a helper the main thread still searches alone.
                drop(spawned);
            }
            let keys = &keys;
            let main = std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, move || {
                    let mut w = Worker::new(0, shared, main_hist, keys, root_moves);
                    let result = iterate(&mut w, pos, max_depth, multipv, limits, Some(reporter));
                    // The main thread is done: the helpers stop too.
                    shared.stop.store(true, Relaxed);
                    result
                })
                .expect("spawn the main search thread");
            main.join().expect("the main search thread does not panic")
        });
        let mut result = result;
        result.nodes = shared.total_nodes();
        result.time = start.elapsed();
        result
    }
}

/// Iterative deepening with aspiration windows, for one thread.
fn iterate<G: SearchGame>(
    w: &mut Worker<'_, G>,
    pos: &G,
    max_depth: i32,
    multipv: usize,
    limits: &Limits<G::Move>,
    reporter: Option<&dyn Reporter<G::Move>>,
) -> SearchResult<G::Move> {
    let shared = w.shared;
    let mut result = SearchResult {
        best: Some(w.root_moves[0].mv),
        ponder: None,
        score: Score::Cp(0),
        depth: 0,
        nodes: 0,
        time: Duration::ZERO,
        lines: Vec::new(),
    };
    let mut depth = 1 + (w.id as i32 & 1);
    // The time manager's view of the main thread's iterations.
    let mut stable = 0u32;
    let mut last_best: Option<(G::Move, i32)> = None;
    while depth <= max_depth {
        w.partial = None;
        for rm in &mut w.root_moves {
            rm.previous = rm.score;
        }
        for pv_idx in 0..multipv {
            let prev = w.root_moves[pv_idx].previous;
            let mut delta = 18;
            let (mut alpha, mut beta) =
                if shared.features.aspiration && depth >= 4 && prev.abs() < 2000 {
                    ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
                } else {
                    (-INFINITE, INFINITE)
                };
            loop {
                let score = w.root(pos, depth, alpha, beta, pv_idx);
                if w.stopped() {
                    break;
                }
                if score <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITE);
                } else if score >= beta {
                    beta = (score + delta).min(INFINITE);
                } else {
                    break;
                }
                delta += delta / 2 + 8;
                if delta > 1000 {
                    alpha = -INFINITE;
                    beta = INFINITE;
                }
            }
            if w.stopped() {
                break;
            }
            // The lines so far best first, as they are reported: a later
            // line's search can find more than an earlier one's (the table
            // and the histories changed since), and the first line is the
            // move played.
            w.root_moves[..=pv_idx].sort_by_key(|r| std::cmp::Reverse(r.score));
        }
        // A depth stopped midway is dropped: the last completed one stands,
        // unless a move searched in full at this depth beat its best move.
        if w.stopped() {
            if let Some((score, pv)) = w.partial.take().filter(|_| multipv == 1) {
                result.best = Some(pv[0]);
                result.ponder = pv.get(1).copied();
                result.score = Score::from_internal(score);
                result.lines = vec![(result.score, pv.clone())];
                if let Some(rep) = reporter {
                    // At least this score: the iteration did not finish.
                    let line = (1, result.score, Bound::Lower, pv);
                    report_line(rep, w, depth, line);
                }
            }
            break;
        }
        result.depth = depth as u32;
        record(&mut result, &w.root_moves, multipv);
        if let Some(rep) = reporter {
            for (i, rm) in w.root_moves.iter().take(multipv).enumerate() {
                let score = Score::from_internal(rm.score);
                report_line(rep, w, depth, (i + 1, score, Bound::Exact, rm.pv.clone()));
            }
        }
        if w.id == 0 {
            let best = w.root_moves[0].score;
            if let Some(n) = limits.mate {
                if is_mate(best)
                    && best > 0
                    && Score::from_internal(best)
                        .mate_moves()
                        .is_some_and(|m| m as u32 <= n)
                {
                    break;
                }
            }
            let best_move = w.root_moves[0].mv;
            let mut scale = 1.0;
            if let Some((mv, score)) = last_best {
                stable = if mv == best_move { stable + 1 } else { 0 };
                let total: u64 = w.root_moves.iter().map(|r| r.nodes).sum();
                let share = w.root_moves[0].nodes as f64 / total.max(1) as f64;
                let drop = if score.abs() < MATE_BOUND && best.abs() < MATE_BOUND {
                    score - best
                } else {
                    0
                };
                if depth >= 6 {
                    scale = soft_scale(stable, share, drop);
                }
            }
            last_best = Some((best_move, best));
            // A single legal move needs no thought under a clock.
            if shared.no_time_for_another_iteration(scale)
                || (w.root_moves.len() == 1 && limits.clock.is_some())
            {
                break;
            }
        }
        depth += 1;
    }
    result
}

/// One info line: (multipv index, score, bound, PV) at `depth`.
fn report_line<G: SearchGame>(
    rep: &dyn Reporter<G::Move>,
    w: &Worker<'_, G>,
    depth: i32,
    (multipv, score, bound, pv): (usize, Score, Bound, Vec<G::Move>),
) {
    let shared = w.shared;
    let nodes = shared.total_nodes();
    let time = shared.start.elapsed();
    rep.info(&Info {
        depth: depth as u32,
        seldepth: w.seldepth.max(depth as usize) as u32,
        multipv,
        score,
        bound,
        nodes,
        nps: (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
        time,
        hashfull: shared.tt.hashfull(),
        pv,
    });
}

fn record<M: Copy>(result: &mut SearchResult<M>, root_moves: &[RootMove<M>], multipv: usize) {
    let best = &root_moves[0];
    result.best = Some(best.mv);
    result.ponder = best.pv.get(1).copied();
    result.score = Score::from_internal(best.score);
    result.lines = root_moves
        .iter()
        .take(multipv)
        .map(|r| (Score::from_internal(r.score), r.pv.clone()))
        .collect();
}

#[cfg(test)]
mod tests {
    use super::soft_scale;

    #[test]
    fn the_soft_limit_grows_for_unsettled_searches() {
        let settled = soft_scale(4, 0.9, 0);
        // A best move that just changed, one that took few of the nodes, a
        // falling score: each asks for more time.
        assert!(soft_scale(0, 0.9, 0) > settled);
        assert!(soft_scale(4, 0.3, 0) > settled);
        assert!(soft_scale(4, 0.9, 60) > settled);
        // A rising score asks for no more than a steady one.
        assert!(soft_scale(4, 0.9, -40) <= settled);
        // Bounded whatever comes in (the hard limit still caps the move).
        for stable in [0, 1, 3, 100] {
            for share in [-1.0, 0.0, 0.5, 1.0, 2.0] {
                for drop in [-10_000, -50, 0, 300, 10_000] {
                    let s = soft_scale(stable, share, drop);
                    assert!((0.4..=2.5).contains(&s), "{stable} {share} {drop}: {s}");
                }
            }
        }
    }
}
