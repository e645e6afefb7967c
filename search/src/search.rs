//! The alpha-beta search of one thread: principal variation search with
//! aspiration windows at the root, quiescence search, a transposition table
//! shared by all threads, and the pruning and reduction rules below, each a
//! small named function.

use std::sync::atomic::Ordering::Relaxed;

use arrayvec::ArrayVec;
use movegen::MoveList;

use crate::game::SearchGame;
use crate::history::Histories;
use crate::picker::{Context, Picker, Stage};
use crate::score::{from_tt, is_mate, mate_in, mated_in, to_tt, INFINITE, MATE_BOUND, MAX_PLY};
use crate::threads::{Bound, Shared};
use crate::tt::TtHit;

/// A root move with what the last iteration learnt about it.
#[derive(Debug, Clone)]
pub struct RootMove<M> {
    pub mv: M,
    pub score: i32,
    pub previous: i32,
    pub pv: Vec<M>,
    /// Nodes spent on this move since the search began (the time manager
    /// reads the best move's share).
    pub nodes: u64,
}

/// The state of one search thread.
pub(crate) struct Worker<'a, G: SearchGame> {
    pub id: usize,
    pub shared: &'a Shared<'a>,
    pub hist: &'a mut Histories<G>,
    pub nodes: u64,
    pub seldepth: usize,
    /// Keys and in-check flags: the game before the root, then the path.
    keys: Vec<(u64, bool)>,
    /// History index of the move that led to each ply.
    prev_move: [Option<usize>; MAX_PLY + 2],
    /// Static evaluations by ply (for the improving heuristic).
    evals: [i32; MAX_PLY + 2],
    pv: Vec<Vec<G::Move>>,
    pub root_moves: Vec<RootMove<G::Move>>,
    /// The depth of the current iteration (extensions stop at twice it).
    root_depth: i32,
    /// In the unfinished iteration, a root move that beat the first one
    /// (the previous best): its score and PV. Reset at each depth.
    pub partial: Option<(i32, Vec<G::Move>)>,
    /// The move left out at each ply by a singular-extension search.
    excluded: [Option<G::Move>; MAX_PLY + 2],
    /// Double extensions on the path to each ply.
    doubles: [u8; MAX_PLY + 2],
}

/// LMR: reduction by depth and move number, ln(d) * ln(m) / 2 (from a
/// table for the usual depths and move numbers).
fn lmr_reduction(depth: i32, moves: usize) -> i32 {
    fn formula(depth: i32, moves: usize) -> u8 {
        let d = (depth.max(1) as f64).ln();
        let m = (moves.max(1) as f64).ln();
        (0.5 + d * m / 2.0) as u8
    }
    const DEPTHS: usize = 64;
    const MOVES: usize = 128;
    static TABLE: std::sync::LazyLock<[[u8; MOVES]; DEPTHS]> = std::sync::LazyLock::new(|| {
        std::array::from_fn(|d| std::array::from_fn(|m| formula(d as i32, m)))
    });
    match (usize::try_from(depth), moves) {
        (Ok(d), m) if d < DEPTHS && m < MOVES => i32::from(TABLE[d][m]),
        _ => i32::from(formula(depth, moves)),
    }
}

/// Reverse futility: a node whose static eval beats beta by a margin per
/// depth is cut (non-PV, not in check, shallow).
fn reverse_futility(depth: i32, eval: i32, beta: i32, improving: bool) -> bool {
    let margin = 80 * depth - if improving { 40 } else { 0 };
    depth <= 7 && eval - margin >= beta && eval < MATE_BOUND
}

/// Futility: a quiet move cannot lift a hopeless static eval above alpha.
fn futile(depth: i32, eval: i32, alpha: i32) -> bool {
    depth <= 6 && eval + 120 + 90 * depth <= alpha
}

/// Late move pruning: at shallow depth, quiet moves after the first few.
fn late_move_prune(depth: i32, quiets_seen: usize, improving: bool) -> bool {
    let limit = (3 + depth * depth) as usize / if improving { 1 } else { 2 };
    depth <= 7 && quiets_seen >= limit.max(2)
}

/// Internal iterative reduction: no table move at a PV or expected cut node
/// of some depth.
fn iir(depth: i32, has_tt_move: bool, pv_or_cut: bool) -> bool {
    depth >= 4 && !has_tt_move && pv_or_cut
}

/// The score of a TT entry if its bound settles the window.
fn tt_cutoff(hit: TtHit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_tt(hit.score, ply);
    let usable = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    usable.then_some(score)
}

/// No legal move: mated (or, in shogi, lost whatever the check), or a
/// stalemate draw.
fn no_move_score<G: SearchGame>(in_check: bool, ply: usize) -> i32 {
    if in_check || !G::STALEMATE_IS_DRAW {
        mated_in(ply)
    } else {
        0
    }
}

/// Singular extension: the table move of a deep enough node whose entry is
/// a lower bound (or exact) from nearly this depth, away from mate scores,
/// is tested for being the only good move.
fn singular_candidate(depth: i32, hit: TtHit, tt_score: i32) -> bool {
    depth >= 6
        && hit.depth >= depth - 3
        && matches!(hit.bound, Bound::Lower | Bound::Exact)
        && tt_score.abs() < MATE_BOUND
}

/// A singular move far below the singular bound, off the PV, with few
/// double extensions on the path, is extended by two plies.
fn double_extension(pv: bool, score: i32, s_beta: i32, doubles: u8) -> bool {
    !pv && score < s_beta - 25 && doubles < 6
}

/// Null move reduction by depth and how far eval exceeds beta.
fn null_reduction(depth: i32, eval: i32, beta: i32) -> i32 {
    3 + depth / 4 + ((eval - beta) / 200).min(3)
}

impl<'a, G: SearchGame> Worker<'a, G> {
    pub fn new(
        id: usize,
        shared: &'a Shared<'a>,
        hist: &'a mut Histories<G>,
        game_keys: &[(u64, bool)],
        root_moves: Vec<RootMove<G::Move>>,
    ) -> Self {
        Worker {
            id,
            shared,
            hist,
            nodes: 0,
            seldepth: 0,
            keys: game_keys.to_vec(),
            prev_move: [None; MAX_PLY + 2],
            evals: [0; MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            root_moves,
            root_depth: 1,
            partial: None,
            excluded: [None; MAX_PLY + 2],
            doubles: [0; MAX_PLY + 2],
        }
    }

    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.shared.stop.load(Relaxed)
    }

    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        self.shared.nodes[self.id].store(self.nodes, Relaxed);
        if self.id == 0 && self.nodes & 1023 == 0 {
            self.shared.check_limits();
        }
    }

    /// Repetition: a draw, or a loss for the side that gave check with
    /// every move of the cycle when the game has that rule (S-11). As in
    /// Stockfish, the position must repeat one inside the search (after
    /// the root: the side that steered into it can repeat it again), or be
    /// the occurrence that ends the game by rule counting the game before
    /// the root: the third in chess (C-11), the fourth in shogi (S-11). A
    /// single earlier occurrence before the root settles nothing: the
    /// opponent may still deviate.
    fn repetition(&self, window: usize, ply: usize) -> Option<i32> {
        let n = self.keys.len() - 1;
        let (key, _) = self.keys[n];
        let limit = window.min(n);
        let final_count = if G::PERPETUAL_CHECK_LOSES { 3 } else { 2 };
        let mut count = 0;
        let mut back = 4;
        while back <= limit {
            if self.keys[n - back].0 == key {
                count += 1;
                // Only the nearest occurrence can lie inside the search:
                // the scan goes back from it.
                if back < ply || count == final_count {
                    return Some(self.repetition_score(back, ply));
                }
            }
            back += 2;
        }
        None
    }

    /// The score of a repetition whose cycle spans the last `back` plies:
    /// a draw, or under perpetual check a loss for the side that checked
    /// with every move of it (a draw if both sides did).
    fn repetition_score(&self, back: usize, ply: usize) -> i32 {
        if !G::PERPETUAL_CHECK_LOSES {
            return 0;
        }
        let n = self.keys.len() - 1;
        // Positions n, n-2, ..: the opponent's moves led there.
        let them_checked = (0..back).step_by(2).all(|i| self.keys[n - i].1);
        let we_checked = (1..back).step_by(2).all(|i| self.keys[n - i].1);
        match (them_checked, we_checked) {
            (true, false) => mate_in(ply),
            (false, true) => mated_in(ply),
            _ => 0,
        }
    }

    /// History indexes of the moves one, two and four plies before `ply`
    /// (`None` across a null move or before the root).
    fn prev_moves(&self, ply: usize) -> [Option<usize>; 3] {
        let back = |n: usize| {
            if ply >= n {
                self.prev_move[ply - n]
            } else {
                None
            }
        };
        [self.prev_move[ply], back(1), back(3)]
    }

    /// The root: every root move from `first` on, PVS, scores kept per move.
    pub fn root(&mut self, pos: &G, depth: i32, mut alpha: i32, beta: i32, first: usize) -> i32 {
        let mut best = -INFINITE;
        self.seldepth = 0;
        self.root_depth = depth;
        for i in first..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let nodes_before = self.nodes;
            let child = pos.play(mv);
            let child_key = child.hash();
            self.shared.tt.prefetch(child_key);
            let check = child.in_check();
            self.keys.push((child_key, check));
            self.prev_move[1] = Some(pos.history_index(mv));
            let ext = i32::from(check);
            let mut score;
            if i == first {
                score = -self.negamax::<true>(&child, depth - 1 + ext, 1, -beta, -alpha, false);
            } else {
                score =
                    -self.negamax::<false>(&child, depth - 1 + ext, 1, -alpha - 1, -alpha, true);
                if score > alpha && score < beta {
                    score = -self.negamax::<true>(&child, depth - 1 + ext, 1, -beta, -alpha, false);
                }
            }
            self.keys.pop();
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped() {
                break;
            }
            let rm = &mut self.root_moves[i];
            if i == first || score > alpha {
                rm.score = score;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1]);
                // Searched in full at this depth and better than the first
                // move: worth playing even if the iteration is cut short.
                if i > first && first == 0 {
                    self.partial = Some((score, rm.pv.clone()));
                }
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        // Best first; moves that failed low keep their previous order.
        self.root_moves[first..].sort_by_key(|r| std::cmp::Reverse(r.score));
        best
    }

    fn negamax<const PV: bool>(
        &mut self,
        pos: &G,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        cut_node: bool,
    ) -> i32 {
        debug_assert!(-INFINITE <= alpha && alpha < beta && beta <= INFINITE);
        debug_assert!(PV || alpha + 1 == beta);
        self.pv[ply].clear();
        if depth <= 0 {
            return self.qsearch(pos, ply, alpha, beta, true);
        }
        // 1. Stop, node count, selective depth.
        if self.stopped() {
            return 0;
        }
        self.count_node();
        self.seldepth = self.seldepth.max(ply);
        let in_check = self.keys.last().is_some_and(|k| k.1);
        if ply >= MAX_PLY {
            return if in_check { 0 } else { pos.evaluate() };
        }

        // 2. Draws by rule and repetition; mate-distance pruning.
        if pos.counting_draw() && !in_check {
            return 0;
        }
        if let Some(score) = self.repetition(pos.repetition_window(), ply) {
            return score;
        }
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // 3. Transposition table. A singular-extension search (a move
        // excluded) neither takes a cutoff from the entry nor stores: its
        // result is not the node's.
        let excluded = self.excluded[ply];
        let key = pos.hash();
        let hit = self.shared.tt.probe(key);
        // The picker matches the TT move against the legal list, so a stale
        // or colliding entry's move is never played.
        let tt_move = hit.and_then(|h| G::move_from_bits(h.mv));
        if let Some(h) = hit.filter(|h| !PV && h.depth >= depth && excluded.is_none()) {
            if let Some(score) = tt_cutoff(h, ply, alpha, beta) {
                return score;
            }
        }

        // Internal iterative reduction: a node worth a full search would
        // have left a move in the table; without one, search it shallower.
        if self.shared.features.iir && iir(depth, tt_move.is_some(), PV || cut_node) {
            depth -= 1;
        }

        // 4. Static evaluation and node pruning (before the moves are
        // generated: a node cut here needs none; a stalemate cut here goes
        // unnoticed, as in most engines).
        // The table keeps the static evaluation: a hit saves computing it.
        let raw_eval =
            (!in_check).then(|| hit.and_then(|h| h.eval).unwrap_or_else(|| pos.evaluate()));
        let static_eval = raw_eval.map_or(-INFINITE, |e| self.corrected(pos, e));
        self.evals[ply] = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.evals[ply - 2];
        // The table's score, where its bound says it is the better guess,
        // stands in for the static evaluation in the pruning decisions.
        let eval = match hit {
            Some(h) if !in_check && excluded.is_none() => {
                let s = from_tt(h.score, ply);
                let better = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s > static_eval,
                    Bound::Upper => s < static_eval,
                };
                if better && s.abs() < MATE_BOUND {
                    s
                } else {
                    static_eval
                }
            }
            _ => static_eval,
        };
        let f = self.shared.features;
        if !PV && !in_check && beta.abs() < MATE_BOUND && excluded.is_none() {
            if f.reverse_futility && reverse_futility(depth, eval, beta, improving) {
                return eval;
            }
            if f.null_move && depth >= 3 && eval >= beta && self.prev_move[ply].is_some() {
                if let Some(null) = pos.null_move() {
                    let r = null_reduction(depth, eval, beta);
                    let null_key = null.hash();
                    self.shared.tt.prefetch(null_key);
                    self.keys.push((null_key, false));
                    self.prev_move[ply + 1] = None;
                    let score = -self.negamax::<false>(
                        &null,
                        depth - 1 - r,
                        ply + 1,
                        -beta,
                        -beta + 1,
                        !cut_node,
                    );
                    self.keys.pop();
                    if self.stopped() {
                        return 0;
                    }
                    if score >= beta {
                        return if is_mate(score) { beta } else { score };
                    }
                }
            }
        }

        // 5. Moves; no legal move ends the game.
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        if moves.is_empty() {
            return no_move_score::<G>(in_check, ply);
        }

        // Mate in one (shogi): a node new to the table whose side can mate
        // at once needs no search. Not at the root, which must report a
        // line, nor in a singular search, whose result is not the node's.
        if f.mate_probe && ply > 0 && !in_check && hit.is_none() && excluded.is_none() {
            if let Some(mv) = pos.mate_in_one(&moves) {
                let score = mate_in(ply + 1);
                if PV {
                    self.pv[ply].push(mv);
                }
                self.store(key, ply, depth, (score, beta), Some(mv), false, raw_eval);
                return score;
            }
        }

        // Singular extension: if every move but the table move fails well
        // below the table score at half the depth, the table move alone
        // holds the node and is searched one ply deeper; if even without it
        // the node beats beta, several moves do (multi-cut).
        let mut singular_ext = 0;
        if let (Some(h), Some(ttm), true) = (hit, tt_move, excluded.is_none()) {
            let tt_score = from_tt(h.score, ply);
            if f.singular
                && ply > 0
                && singular_candidate(depth, h, tt_score)
                && moves.contains(&ttm)
            {
                let s_beta = tt_score - 2 * depth;
                self.excluded[ply] = Some(ttm);
                let score =
                    self.negamax::<false>(pos, (depth - 1) / 2, ply, s_beta - 1, s_beta, cut_node);
                self.excluded[ply] = None;
                if self.stopped() {
                    return 0;
                }
                if score < s_beta {
                    singular_ext = 1;
                    if f.singular_range && double_extension(PV, score, s_beta, self.doubles[ply]) {
                        singular_ext = 2;
                    }
                } else if s_beta >= beta {
                    return s_beta;
                } else if f.singular_range && tt_score >= beta {
                    // Not singular, and the table expects a cutoff: other
                    // moves may hold too, so the table move gets less.
                    singular_ext = -1;
                }
            }
        }

        // A tactical table move: the quiet moves are less likely best.
        let tt_capture = f.lmr_tt_capture && tt_move.is_some_and(|m| pos.is_tactical(m));
        let killer_lmr = G::KILLER_LMR && f.killer_lmr;

        // 6. The moves, in picker order.
        self.hist.clear_killers(ply + 1);
        let mut picker = Picker::new();
        let prev = self.prev_moves(ply);
        picker.fill(&moves, tt_move);
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets: ArrayVec<(G::Move, usize), 64> = ArrayVec::new();
        let mut captures: ArrayVec<usize, 32> = ArrayVec::new();
        loop {
            let cx = Context {
                pos,
                hist: self.hist,
                ply,
                prev,
                threats: f.threat_order,
            };
            let Some((mv, stage)) = picker.next(&cx) else {
                break;
            };
            if Some(mv) == excluded {
                continue;
            }
            let tactical =
                matches!(stage, Stage::GoodTactical | Stage::BadTactical) || pos.is_tactical(mv);
            let quiet = !tactical;
            // Moves are skipped only while no mate is at stake: a quiet move
            // can mate, and a mate bound needs the exact move.
            if !PV && !in_check && best > -MATE_BOUND && searched > 0 && alpha.abs() < MATE_BOUND {
                if f.late_move_pruning && quiet && late_move_prune(depth, quiets.len(), improving) {
                    continue;
                }
                if f.futility && quiet && futile(depth, eval, alpha) {
                    continue;
                }
                if stage == Stage::BadTactical && depth <= 4 && !pos.see_ge(mv, -80 * depth) {
                    continue;
                }
            }
            let child = pos.play(mv);
            let child_key = child.hash();
            self.shared.tt.prefetch(child_key);
            let gives_check = child.in_check();
            let hidx = pos.history_index(mv);
            self.keys.push((child_key, gives_check));
            self.prev_move[ply + 1] = Some(hidx);
            // Check and singular extensions, bounded so that extended
            // sequences end.
            let extend = (ply as i32) < 2 * self.root_depth && ply < MAX_PLY / 2;
            let ext = if stage == Stage::TtMove && singular_ext < 0 {
                singular_ext
            } else if !extend {
                0
            } else if stage == Stage::TtMove && singular_ext > 0 {
                singular_ext
            } else {
                i32::from(gives_check)
            };
            self.doubles[ply + 1] = self.doubles[ply] + u8::from(ext >= 2);
            let new_depth = depth - 1 + ext;
            let mut score;
            if searched == 0 {
                score = -self.negamax::<PV>(&child, new_depth, ply + 1, -beta, -alpha, false);
            } else {
                // Late move reductions for quiet moves (and, as a feature,
                // for captures that lose material by SEE).
                let mut r = 0;
                let bad_capture = f.lmr_captures && stage == Stage::BadTactical;
                if f.lmr
                    && depth >= 3
                    && (quiet || bad_capture)
                    && searched >= if PV { 3 } else { 2 }
                {
                    r = lmr_reduction(depth, searched + 1);
                    r -= i32::from(PV);
                    r += i32::from(cut_node);
                    // More where the static eval fell since two plies back.
                    r += i32::from(!improving);
                    r -= i32::from(gives_check);
                    r += i32::from(quiet && tt_capture);
                    // Killers and the counter-move refuted a sibling: less
                    // (the shogi family; in chess it measured worse).
                    r -= i32::from(killer_lmr && matches!(stage, Stage::Killer | Stage::Counter));
                    r -= if quiet {
                        (self.hist.quiet_score(hidx, prev) / 8000).clamp(-2, 2)
                    } else {
                        1 + (self.hist.capture(hidx) / 8000).clamp(-1, 1)
                    };
                    r = r.clamp(0, new_depth - 1);
                }
                score = -self.negamax::<false>(
                    &child,
                    new_depth - r,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    true,
                );
                if r > 0 && score > alpha {
                    score = -self.negamax::<false>(
                        &child,
                        new_depth,
                        ply + 1,
                        -alpha - 1,
                        -alpha,
                        !cut_node,
                    );
                }
                if PV && score > alpha && score < beta {
                    score = -self.negamax::<true>(&child, new_depth, ply + 1, -beta, -alpha, false);
                }
            }
            self.keys.pop();
            if self.stopped() {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if PV {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(mv);
                        head[ply].extend_from_slice(&tail[0]);
                    }
                    if score >= beta {
                        if quiet {
                            self.hist.reward(ply, depth, (mv, hidx), &quiets, prev);
                            self.hist.reward_captures(depth, None, &captures);
                        } else {
                            self.hist.reward_captures(depth, Some(hidx), &captures);
                        }
                        break;
                    }
                }
            }
            if quiet {
                let _ = quiets.try_push((mv, hidx));
            } else {
                let _ = captures.try_push(hidx);
            }
        }
        if excluded.is_some() {
            // Only the excluded move may have been legal: the node fails
            // low against the singular bound.
            return if searched == 0 { alpha } else { best };
        }
        debug_assert!(searched > 0, "the first move is never pruned");

        // The correction history learns from results the bound makes
        // informative, of nodes whose best move is not tactical (a capture's
        // gain is not the evaluation's error).
        if f.correction
            && !in_check
            && best.abs() < MATE_BOUND
            && best_move.map_or(true, |m| !pos.is_tactical(m))
        {
            let informative = if best >= beta {
                best > static_eval
            } else if PV && best_move.is_some() {
                true
            } else {
                best < static_eval
            };
            if informative {
                self.hist.update_correction(
                    pos.side_to_move(),
                    pos.correction_key(),
                    best - static_eval,
                    depth,
                );
            }
        }

        // 7. Store.
        self.store(
            key,
            ply,
            depth,
            (best, beta),
            best_move,
            PV && best_move.is_some(),
            raw_eval,
        );
        best
    }

    /// The static evaluation `eval` of `pos` with the correction history's
    /// term.
    fn corrected(&self, pos: &G, eval: i32) -> i32 {
        if !self.shared.features.correction {
            return eval;
        }
        let c = self
            .hist
            .correction(pos.side_to_move(), pos.correction_key());
        (eval + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Stores a node's result: a lower bound when it reached `beta`, exact
    /// when `exact`, else an upper bound; with the node's static evaluation
    /// (before correction; none in check).
    #[allow(clippy::too_many_arguments)]
    fn store(
        &self,
        key: u64,
        ply: usize,
        depth: i32,
        (best, beta): (i32, i32),
        best_move: Option<G::Move>,
        exact: bool,
        eval: Option<i32>,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if exact {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let mv = best_move.map_or(0, G::move_to_bits);
        self.shared
            .tt
            .store(key, mv, to_tt(best, ply), depth, bound, eval);
    }

    /// Quiescence search: captures and promotions (all evasions in check);
    /// with `checks` (its first ply) also the quiet moves that give check,
    /// so that a mate by a quiet check at the horizon is seen.
    fn qsearch(&mut self, pos: &G, ply: usize, mut alpha: i32, beta: i32, checks: bool) -> i32 {
        if self.stopped() {
            return 0;
        }
        self.count_node();
        self.seldepth = self.seldepth.max(ply);
        let in_check = self.keys.last().is_some_and(|k| k.1);
        if ply >= MAX_PLY {
            return if in_check { 0 } else { pos.evaluate() };
        }
        let key = pos.hash();
        let hit = self.shared.tt.probe(key);
        if let Some(score) = hit.and_then(|h| tt_cutoff(h, ply, alpha, beta)) {
            return score;
        }
        // Stand pat first: a node that already beats beta needs no moves
        // (so a stalemate there goes unnoticed, as in most engines).
        let mut best = -INFINITE;
        let raw_eval =
            (!in_check).then(|| hit.and_then(|h| h.eval).unwrap_or_else(|| pos.evaluate()));
        if let Some(raw) = raw_eval {
            let stand = self.corrected(pos, raw);
            if stand >= beta {
                self.store(key, ply, 0, (stand, beta), None, false, raw_eval);
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let original_alpha = alpha;
        let mut best_move = None;
        let mut moves = MoveList::new();
        let complete = if in_check {
            pos.generate(&mut moves);
            true
        } else {
            pos.generate_for_qsearch(&mut moves)
        };
        let mut quiet_checks = MoveList::new();
        if checks && !in_check && self.shared.features.qs_checks {
            pos.generate_quiet_checks(&mut quiet_checks);
        }
        if complete && moves.is_empty() {
            return no_move_score::<G>(in_check, ply);
        }
        // In check every evasion is searched; otherwise tactical moves.
        // The table's move first (a capture or an evasion).
        let tt_move = hit.and_then(|h| G::move_from_bits(h.mv));
        let mut picker = Picker::new();
        if in_check {
            picker.fill(&moves, tt_move);
        } else {
            picker.fill_tactical(pos, &moves, tt_move);
            picker.add_quiet(&quiet_checks);
        }
        let prune = G::QS_PRUNING && self.shared.features.qs_pruning;
        let mut taken = 0usize;
        loop {
            let next = if in_check {
                picker.next(&Context {
                    pos,
                    hist: self.hist,
                    ply,
                    prev: [None; 3],
                    threats: self.shared.features.threat_order,
                })
            } else {
                picker.pick()
            };
            let Some((mv, _)) = next else {
                break;
            };
            taken += 1;
            // Out of check a move losing by SEE is skipped; in check too,
            // with pruning, once an evasion has kept the node from being
            // mated (the rest are mostly interpositions that get taken).
            let skip_losing = !in_check || (prune && best > -MATE_BOUND);
            if skip_losing && !pos.see_ge(mv, 0) {
                continue;
            }
            let child = pos.play(mv);
            let child_key = child.hash();
            self.shared.tt.prefetch(child_key);
            let gives_check = child.in_check();
            // Out of check, past the picker's first two moves, only checks.
            if prune && !in_check && !gives_check && taken > 2 {
                continue;
            }
            self.keys.push((child_key, gives_check));
            let score = -self.qsearch(&child, ply + 1, -beta, -alpha, false);
            self.keys.pop();
            if self.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Stored at depth 0: only quiescence searches use it for a cutoff.
        // A score strictly inside the window is exact (fail-soft).
        self.store(
            key,
            ply,
            0,
            (best, beta),
            best_move,
            best > original_alpha,
            raw_eval,
        );
        best
    }
}
