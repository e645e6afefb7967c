//! The staged move picker. The rules cores generate the whole legal list at
//! once; the picker hands the moves out in stages of decreasing promise:
//!
//! 1. the transposition-table move;
//! 2. good tactical moves (SEE >= 0), by MVV-LVA and capture history;
//! 3. the two killers of the ply, then the counter-move;
//! 4. quiet moves by history and continuation history;
//! 5. losing tactical moves.
//!
//! Each move is scored once; the first few are picked by selection (a
//! cut usually comes early), the rest are sorted once. The picker returns
//! every move of the list exactly once (tests run perft through it).

use arrayvec::ArrayVec;
use movegen::{MoveList, MAX_MOVES};

use crate::game::SearchGame;
use crate::history::Histories;

const TT: i32 = 1 << 30;
const GOOD_TACTICAL: i32 = 1 << 28;
const KILLER: [i32; 2] = [1 << 27, (1 << 27) - 1];
const COUNTER: i32 = (1 << 27) - 2;
const BAD_TACTICAL: i32 = -(1 << 28);

/// Moves picked by selection before the rest is sorted.
const SELECT_FIRST: usize = 4;

/// The stage a picked move came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    TtMove,
    GoodTactical,
    Killer,
    Counter,
    Quiet,
    BadTactical,
}

fn stage_of(score: i32) -> Stage {
    match score {
        s if s >= TT => Stage::TtMove,
        s if s >= GOOD_TACTICAL => Stage::GoodTactical,
        s if s >= KILLER[1] => Stage::Killer,
        s if s == COUNTER => Stage::Counter,
        s if s > BAD_TACTICAL / 2 => Stage::Quiet,
        _ => Stage::BadTactical,
    }
}

pub struct Picker<M> {
    entries: ArrayVec<(i32, M), MAX_MOVES>,
    next: usize,
    sorted: bool,
}

impl<M: Copy + Eq> Default for Picker<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy + Eq> Picker<M> {
    /// An empty picker; fill it with [`Picker::fill`] or
    /// [`Picker::fill_tactical`] where it stands (no large copies).
    pub fn new() -> Self {
        Picker {
            entries: ArrayVec::new(),
            next: 0,
            sorted: false,
        }
    }

    /// Orders `moves` for a main-search node.
    pub fn fill<G: SearchGame<Move = M>>(
        &mut self,
        pos: &G,
        moves: &MoveList<M>,
        tt_move: Option<M>,
        hist: &Histories<G>,
        ply: usize,
        prev: [Option<usize>; 2],
    ) {
        let killers = hist.killers(ply);
        let counter = hist.counter(prev[0]);
        for &m in moves {
            let score = if Some(m) == tt_move {
                TT
            } else if pos.is_tactical(m) {
                let mvv = pos.mvv_lva(m) + hist.capture(pos.history_index(m)) / 16;
                if pos.see_ge(m, 0) {
                    GOOD_TACTICAL + mvv
                } else {
                    BAD_TACTICAL + mvv
                }
            } else if Some(m) == killers[0] {
                KILLER[0]
            } else if Some(m) == killers[1] {
                KILLER[1]
            } else if Some(m) == counter {
                COUNTER
            } else {
                hist.quiet_score(pos.history_index(m), prev)
                    .clamp(-(1 << 26), 1 << 26)
            };
            self.entries.push((score, m));
        }
    }

    /// Orders the tactical moves of `moves` by MVV-LVA (quiescence search).
    pub fn fill_tactical<G: SearchGame<Move = M>>(&mut self, pos: &G, moves: &MoveList<M>) {
        for &m in moves {
            if pos.is_tactical(m) {
                self.entries.push((pos.mvv_lva(m), m));
            }
        }
    }

    /// Appends quiet checks after the tactical moves (quiescence search).
    pub fn add_quiet(&mut self, moves: &MoveList<M>) {
        for &m in moves {
            self.entries.push((-(1 << 20), m));
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The next move and its stage.
    pub fn pick(&mut self) -> Option<(M, Stage)> {
        let n = self.entries.len();
        if self.next >= n {
            return None;
        }
        if !self.sorted && self.next >= SELECT_FIRST {
            self.entries[self.next..].sort_by_key(|e| std::cmp::Reverse(e.0));
            self.sorted = true;
        }
        if !self.sorted {
            let mut best = self.next;
            for i in self.next + 1..n {
                if self.entries[i].0 > self.entries[best].0 {
                    best = i;
                }
            }
            self.entries.swap(self.next, best);
        }
        let (score, m) = self.entries[self.next];
        self.next += 1;
        Some((m, stage_of(score)))
    }
}
