//! Move-ordering memory of one search thread: history, continuation
//! history, capture history, killers, counter-moves.

use crate::game::SearchGame;
use crate::score::MAX_PLY;

const HISTORY_MAX: i32 = 16_384;

/// Per-thread ordering tables.
pub struct Histories<G: SearchGame> {
    /// Quiet-move history by [`SearchGame::history_index`].
    quiet: Vec<i32>,
    /// Two killer moves per ply.
    killers: Vec<[Option<G::Move>; 2]>,
    /// The reply that refuted a move, by the refuted move's history index.
    counters: Vec<Option<G::Move>>,
    /// Continuation history: how a quiet move fared after the move one,
    /// two and four plies before it (the last two share slots, as in
    /// Stockfish), by [`cont_index`]. `i16` entries keep the
    /// table small (15 MB per thread in shogi, where a history index has
    /// 3,888 values; 1 MB in chess).
    cont: Vec<i16>,
    /// Capture history: how a tactical move (by its history index: mover,
    /// side, target) fared, rewarded and punished like the quiet history.
    capture: Vec<i32>,
    /// Correction history: by side to move and [`SearchGame::correction_key`],
    /// a running average of how far search results stood from the static
    /// evaluation, in 1/`CORRECTION_GRAIN` centipawns.
    correction: Vec<i32>,
}

const CORRECTION_SIZE: usize = 16_384;
const CORRECTION_GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const CORRECTION_MAX: i32 = 64;

/// Half the history size: a history index without its side (the side of
/// the continuation is fixed by the earlier move's index).
const fn half<G: SearchGame>() -> usize {
    G::HISTORY_SIZE / 2
}

/// The continuation-history slot of a move (history index `idx`) played
/// after a move with history index `prev`.
fn cont_index<G: SearchGame>(prev: usize, idx: usize) -> usize {
    prev * half::<G>() + idx % half::<G>()
}

impl<G: SearchGame> Histories<G> {
    pub fn new() -> Self {
        Histories {
            quiet: vec![0; G::HISTORY_SIZE],
            killers: vec![[None; 2]; MAX_PLY + 2],
            counters: vec![None; G::HISTORY_SIZE],
            cont: vec![0; G::HISTORY_SIZE * half::<G>()],
            capture: vec![0; G::HISTORY_SIZE],
            correction: vec![0; 2 * CORRECTION_SIZE],
        }
    }

    pub fn clear(&mut self) {
        self.quiet.fill(0);
        self.killers.fill([None; 2]);
        self.counters.fill(None);
        self.cont.fill(0);
        self.capture.fill(0);
        self.correction.fill(0);
    }

    fn correction_slot(side: usize, key: u64) -> usize {
        side * CORRECTION_SIZE + (key as usize & (CORRECTION_SIZE - 1))
    }

    /// The correction (centipawns) to add to the static evaluation.
    pub fn correction(&self, side: usize, key: u64) -> i32 {
        self.correction[Self::correction_slot(side, key)] / CORRECTION_GRAIN
    }

    /// A search of `depth` found `diff` = result - corrected static eval:
    /// the entry moves towards it, faster for deeper searches.
    pub fn update_correction(&mut self, side: usize, key: u64, diff: i32, depth: i32) {
        let e = &mut self.correction[Self::correction_slot(side, key)];
        let target = diff.clamp(-4 * CORRECTION_MAX, 4 * CORRECTION_MAX) * CORRECTION_GRAIN;
        // At most an eighth of the way per update: a quarter of the way
        // (tried first, at a scale of 256) let single deep results swing
        // whole pawn structures and measured -4 in self-play.
        let w = (depth * depth + 2 * depth + 1).min(128);
        *e = (*e * (1024 - w) + target * w) / 1024;
        *e = (*e).clamp(
            -CORRECTION_MAX * CORRECTION_GRAIN,
            CORRECTION_MAX * CORRECTION_GRAIN,
        );
    }

    pub fn capture(&self, index: usize) -> i32 {
        self.capture[index]
    }

    /// A node's best move reached beta: a tactical best move is rewarded,
    /// and the tactical moves tried before it fail (also when a quiet move
    /// was the cut: the captures before it did not refute the position).
    pub fn reward_captures(&mut self, depth: i32, best: Option<usize>, tried: &[usize]) {
        let bonus = bonus(depth);
        if let Some(b) = best {
            update(&mut self.capture[b], bonus);
        }
        for &idx in tried {
            update(&mut self.capture[idx], -bonus);
        }
    }

    pub fn quiet(&self, index: usize) -> i32 {
        self.quiet[index]
    }

    /// Quiet history plus the continuation histories after the moves one,
    /// two and four plies back (`prev` = their history indexes).
    pub fn quiet_score(&self, index: usize, prev: [Option<usize>; 3]) -> i32 {
        let mut score = self.quiet[index];
        for p in prev.into_iter().flatten() {
            score += i32::from(self.cont[cont_index::<G>(p, index)]);
        }
        score
    }

    pub fn killers(&self, ply: usize) -> [Option<G::Move>; 2] {
        self.killers[ply]
    }

    pub fn counter(&self, prev_index: Option<usize>) -> Option<G::Move> {
        prev_index.and_then(|i| self.counters[i])
    }

    /// A quiet move caused a beta cutoff; the quiets tried before it failed.
    pub fn reward(
        &mut self,
        ply: usize,
        depth: i32,
        best: (G::Move, usize),
        tried: &[(G::Move, usize)],
        prev: [Option<usize>; 3],
    ) {
        let bonus = bonus(depth);
        update(&mut self.quiet[best.1], bonus);
        for &(_, idx) in tried {
            update(&mut self.quiet[idx], -bonus);
        }
        for p in prev.into_iter().flatten() {
            update_i16(&mut self.cont[cont_index::<G>(p, best.1)], bonus);
            for &(_, idx) in tried {
                update_i16(&mut self.cont[cont_index::<G>(p, idx)], -bonus);
            }
        }
        let prev_index = prev[0];
        let k = &mut self.killers[ply];
        if k[0] != Some(best.0) {
            k[1] = k[0];
            k[0] = Some(best.0);
        }
        if let Some(p) = prev_index {
            self.counters[p] = Some(best.0);
        }
    }

    /// Killers of the grandchildren's ply start fresh.
    pub fn clear_killers(&mut self, ply: usize) {
        if ply < self.killers.len() {
            self.killers[ply] = [None; 2];
        }
    }
}

impl<G: SearchGame> Default for Histories<G> {
    fn default() -> Self {
        Self::new()
    }
}

/// The history bonus (and malus) of a cutoff at `depth`: linear in the
/// depth, as Stockfish's, from 60 at depth 1 to the cap of 1,600 at depth
/// 11. (It was 16 × depth², which gave the shallow cutoffs, the most
/// frequent, far less: 16 at depth 1 where it is now 60, 144 at depth 3
/// where it is now 380; the same cap from depth 11 on.)
fn bonus(depth: i32) -> i32 {
    (160 * depth - 100).clamp(60, 1_600)
}

/// History gravity: entries saturate towards +-HISTORY_MAX.
fn update(entry: &mut i32, bonus: i32) {
    *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
}

/// The same for an `i16` entry (HISTORY_MAX fits).
fn update_i16(entry: &mut i16, bonus: i32) {
    let mut e = i32::from(*entry);
    update(&mut e, bonus);
    *entry = e as i16;
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::chess::Position;
    use movegen::{Game, MoveList, Variant};

    #[test]
    fn continuation_history_reaches_back_four_plies() {
        let pos = Position::startpos(Variant::Chess);
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        let (best, tried) = (moves[0], moves[1]);
        let (bi, ti) = (pos.history_index(best), pos.history_index(tried));
        // The history indexes of three earlier moves (the last one, two
        // and four plies back).
        let (one, two, four) = (pos.history_index(moves[2]), 7, 11);
        let mut h = Histories::<Position>::new();
        h.reward(
            3,
            6,
            (best, bi),
            &[(tried, ti)],
            [Some(one), Some(two), Some(four)],
        );
        let plain = h.quiet(bi);
        // Only the move four plies back is known: its continuation counts.
        let after_four = h.quiet_score(bi, [None, None, Some(four)]);
        assert!(after_four > plain, "{after_four} {plain}");
        assert!(h.quiet_score(ti, [None, None, Some(four)]) < h.quiet(ti));
        // Another move four plies back has learnt nothing.
        assert_eq!(h.quiet_score(bi, [None, None, Some(13)]), plain);
        // With all three, each adds its share.
        assert!(h.quiet_score(bi, [Some(one), Some(two), Some(four)]) > after_four);
    }

    #[test]
    fn correction_follows_results_per_side_and_key_and_is_bounded() {
        let mut h = Histories::<Position>::new();
        assert_eq!(h.correction(0, 42), 0);
        h.update_correction(0, 42, 200, 3);
        let first = h.correction(0, 42);
        assert!(first > 0 && first < 200, "{first}");
        // Deeper results weigh more.
        let mut deep = Histories::<Position>::new();
        deep.update_correction(0, 42, 200, 8);
        assert!(deep.correction(0, 42) > first);
        // The other side and other keys are untouched.
        assert_eq!(h.correction(1, 42), 0);
        assert_eq!(h.correction(0, 43), 0);
        // However large the errors, the correction stays within its bound.
        for _ in 0..50 {
            h.update_correction(0, 42, -5_000, 20);
        }
        assert_eq!(h.correction(0, 42), -CORRECTION_MAX);
        h.clear();
        assert_eq!(h.correction(0, 42), 0);
    }
}
