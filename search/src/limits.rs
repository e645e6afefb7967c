//! What a search is asked to do.

use std::time::Duration;

/// The clock of the side to move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    /// Main time left.
    pub time: Duration,
    /// Increment per move.
    pub inc: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
    /// Byoyomi: time per move once the main time is spent.
    pub byoyomi: Duration,
}

/// Search limits; everything unset means "until stopped".
#[derive(Debug, Clone)]
pub struct Limits<M> {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Search until `stop`, whatever else is set.
    pub infinite: bool,
    /// Ponder: like infinite until `ponderhit` switches the clock on.
    pub ponder: bool,
    /// Only these root moves (empty: all).
    pub searchmoves: Vec<M>,
    pub multipv: usize,
    pub clock: Option<Clock>,
    /// Time kept back per move for the GUI and the pipe.
    pub move_overhead: Duration,
}

impl<M> Default for Limits<M> {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            mate: None,
            infinite: false,
            ponder: false,
            searchmoves: Vec::new(),
            multipv: 1,
            clock: None,
            move_overhead: Duration::from_millis(30),
        }
    }
}

impl<M> Limits<M> {
    pub fn depth(d: u32) -> Self {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    pub fn nodes(n: u64) -> Self {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    pub fn movetime(t: Duration) -> Self {
        Limits {
            movetime: Some(t),
            ..Limits::default()
        }
    }
}
