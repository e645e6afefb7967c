//! The staged move picker. The rules cores generate the whole legal list at
//! once; the picker hands the moves out in stages of decreasing promise:
//!
//! 1. the transposition-table move;
//! 2. good tactical moves (SEE >= 0), by MVV-LVA;
//! 3. the two killers of the ply, then the counter-move;
//! 4. quiet moves by history;
//! 5. losing tactical moves.
//!
//! Each move is scored once and picked by selection, so the picker returns
//! every move of the list exactly once (tests run perft through it).

use movegen::MoveList;

use crate::game::SearchGame;
use crate::history::Histories;

const TT: i32 = 1 << 30;
const GOOD_TACTICAL: i32 = 1 << 28;
const KILLER: [i32; 2] = [1 << 27, (1 << 27) - 1];
const COUNTER: i32 = (1 << 27) - 2;
const BAD_TACTICAL: i32 = -(1 << 28);

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
    moves: MoveList<M>,
    scores: MoveList<i32>,
    next: usize,
}

impl<M: Copy + Eq> Picker<M> {
    /// Orders `moves` for a main-search node.
    pub fn new<G: SearchGame<Move = M>>(
        pos: &G,
        moves: MoveList<M>,
        tt_move: Option<M>,
        hist: &Histories<G>,
        ply: usize,
        prev_index: Option<usize>,
    ) -> Self {
        let killers = hist.killers(ply);
        let counter = hist.counter(prev_index);
        let scores = moves
            .iter()
            .map(|&m| {
                if Some(m) == tt_move {
                    TT
                } else if pos.is_tactical(m) {
                    let mvv = pos.mvv_lva(m);
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
                    hist.quiet(pos.history_index(m)).clamp(-(1 << 26), 1 << 26)
                }
            })
            .collect();
        Picker {
            moves,
            scores,
            next: 0,
        }
    }

    /// Orders tactical moves only, by MVV-LVA (quiescence search).
    pub fn tactical<G: SearchGame<Move = M>>(pos: &G, moves: MoveList<M>) -> Self {
        let moves: MoveList<M> = moves.into_iter().filter(|&m| pos.is_tactical(m)).collect();
        let scores = moves.iter().map(|&m| pos.mvv_lva(m)).collect();
        Picker {
            moves,
            scores,
            next: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The next move and its stage.
    pub fn pick(&mut self) -> Option<(M, Stage)> {
        if self.next >= self.moves.len() {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.moves.len() {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let out = (self.moves[self.next], stage_of(self.scores[self.next]));
        self.next += 1;
        Some(out)
    }
}
