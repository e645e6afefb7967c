//! Move-ordering memory of one search thread: history, killers,
//! counter-moves.

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
}

impl<G: SearchGame> Histories<G> {
    pub fn new() -> Self {
        Histories {
            quiet: vec![0; G::HISTORY_SIZE],
            killers: vec![[None; 2]; MAX_PLY + 2],
            counters: vec![None; G::HISTORY_SIZE],
        }
    }

    pub fn clear(&mut self) {
        self.quiet.fill(0);
        self.killers.fill([None; 2]);
        self.counters.fill(None);
    }

    pub fn quiet(&self, index: usize) -> i32 {
        self.quiet[index]
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
        prev_index: Option<usize>,
    ) {
        let bonus = (depth * depth * 16).min(1_600);
        update(&mut self.quiet[best.1], bonus);
        for &(_, idx) in tried {
            update(&mut self.quiet[idx], -bonus);
        }
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

/// History gravity: entries saturate towards +-HISTORY_MAX.
fn update(entry: &mut i32, bonus: i32) {
    *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
}
