//! The staged move picker. The rules cores generate the whole legal list at
//! once; the picker hands the moves out in stages of decreasing promise:
//!
//! 1. the transposition-table move;
//! 2. good tactical moves (SEE >= 0), by MVV-LVA and capture history;
//! 3. the two killers of the ply, then the counter-move;
//! 4. quiet moves by history and continuation history;
//! 5. losing tactical moves.
//!
//! Each move is scored once, and only when it is needed: the table move
//! comes out before anything is scored (it often cuts the node at once),
//! the quiet moves are scored when the good tactical moves are spent. The
//! first few moves are picked by selection (a cut usually comes early),
//! the rest are sorted once. The picker returns every move of the list
//! exactly once (tests run perft through it).

use arrayvec::ArrayVec;
use movegen::{MoveList, MAX_MOVES};

use crate::game::SearchGame;
use crate::history::Histories;

const TT: i32 = 1 << 30;
const GOOD_TACTICAL: i32 = 1 << 28;
const KILLER: [i32; 2] = [1 << 27, (1 << 27) - 1];
const COUNTER: i32 = (1 << 27) - 2;
const BAD_TACTICAL: i32 = -(1 << 28);
/// A quiet move not scored yet: below every good tactical move (whose
/// MVV-LVA and capture-history part is far smaller than 2^26), above every
/// quiet-stage score.
const PENDING: i32 = (1 << 27) + (1 << 26);

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

/// How much of a main-search list is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scored {
    /// Nothing yet (the table move may still come first).
    Nothing,
    /// The tactical moves; the quiet ones hold [`PENDING`].
    Tactical,
    /// Every move.
    All,
}

/// What the scores of a main-search node depend on besides the move.
pub struct Context<'a, G: SearchGame> {
    pub pos: &'a G,
    pub hist: &'a Histories<G>,
    pub ply: usize,
    pub prev: [Option<usize>; 3],
    /// Whether quiet moves are ordered by threats too (the `threat_order`
    /// feature).
    pub threats: bool,
}

pub struct Picker<M> {
    entries: ArrayVec<(i32, M), MAX_MOVES>,
    next: usize,
    sorted: bool,
    scored: Scored,
    /// The index of the table move in `entries`, until it is picked.
    tt: Option<usize>,
    /// Good tactical moves not yet picked (while the quiet ones wait).
    good_left: usize,
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
            scored: Scored::All,
            tt: None,
            good_left: 0,
        }
    }

    /// Takes the moves of a main-search node (or of an evasion in the
    /// quiescence search), to be picked with [`Picker::next`]; `tt_move`
    /// comes first if it is in the list.
    pub fn fill(&mut self, moves: &MoveList<M>, tt_move: Option<M>) {
        self.entries.extend(moves.iter().map(|&m| (0, m)));
        self.scored = Scored::Nothing;
        self.tt = tt_move.and_then(|t| moves.iter().position(|&m| m == t));
    }

    /// The next move of a list taken by [`Picker::fill`], and its stage.
    pub fn next<G: SearchGame<Move = M>>(&mut self, cx: &Context<G>) -> Option<(M, Stage)> {
        if self.scored == Scored::Nothing {
            if let Some(i) = self.tt.take() {
                // As a selection of the highest score would: to the front.
                self.entries.swap(self.next, i);
                self.entries[self.next].0 = TT;
                self.next += 1;
                return Some((self.entries[self.next - 1].1, Stage::TtMove));
            }
            self.score_tactical(cx);
        }
        if self.scored == Scored::Tactical && (self.good_left == 0 || self.next >= SELECT_FIRST) {
            self.score_quiet(cx);
        }
        let picked = self.pick();
        if self.scored == Scored::Tactical {
            // Selection took the best: a good tactical move (above PENDING).
            self.good_left -= 1;
        }
        picked
    }

    /// Scores the tactical moves not yet picked; the quiet ones wait.
    fn score_tactical<G: SearchGame<Move = M>>(&mut self, cx: &Context<G>) {
        let Context { pos, hist, .. } = *cx;
        self.good_left = 0;
        for e in &mut self.entries[self.next..] {
            let m = e.1;
            e.0 = if pos.is_tactical(m) {
                let mvv = pos.mvv_lva(m) + hist.capture(pos.history_index(m)) / 16;
                if pos.see_ge(m, 0) {
                    self.good_left += 1;
                    GOOD_TACTICAL + mvv
                } else {
                    BAD_TACTICAL + mvv
                }
            } else {
                PENDING
            };
        }
        self.scored = Scored::Tactical;
    }

    /// Scores the quiet moves: killers, counter-move, then history.
    fn score_quiet<G: SearchGame<Move = M>>(&mut self, cx: &Context<G>) {
        let Context {
            pos,
            hist,
            ply,
            prev,
            threats: by_threats,
        } = *cx;
        let killers = hist.killers(ply);
        let counter = hist.counter(prev[0]);
        let threats = by_threats.then(|| pos.threats());
        for e in &mut self.entries[self.next..] {
            if e.0 != PENDING {
                continue;
            }
            let m = e.1;
            e.0 = if Some(m) == killers[0] {
                KILLER[0]
            } else if Some(m) == killers[1] {
                KILLER[1]
            } else if Some(m) == counter {
                COUNTER
            } else {
                let bonus = threats.as_ref().map_or(0, |t| pos.threat_bonus(t, m));
                (hist.quiet_score(pos.history_index(m), prev) + bonus).clamp(-(1 << 26), 1 << 26)
            };
        }
        self.scored = Scored::All;
    }

    /// Orders the tactical moves of `moves` by MVV-LVA, `tt_move` first
    /// if it is one of them (quiescence search).
    pub fn fill_tactical<G: SearchGame<Move = M>>(
        &mut self,
        pos: &G,
        moves: &MoveList<M>,
        tt_move: Option<M>,
    ) {
        for &m in moves {
            if pos.is_tactical(m) {
                let score = if Some(m) == tt_move {
                    TT
                } else {
                    pos.mvv_lva(m)
                };
                self.entries.push((score, m));
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

    /// The next move of a scored list ([`Picker::fill_tactical`]) and its
    /// stage.
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
