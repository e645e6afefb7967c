//! The time manager: a soft limit (no new iteration after it) and a hard
//! limit (stop at once), from the clock, a fixed move time or nothing.

use std::time::Duration;

use crate::limits::{Clock, Limits};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeBudget {
    /// The target: no new iteration after 60 % of it; when it equals
    /// `hard` (no slack) the search runs to `hard`.
    pub soft: Duration,
    /// Stop the search at this point.
    pub hard: Duration,
}

const MIN_THINK: Duration = Duration::from_millis(5);

/// The budget for one move, or `None` for no time limit (infinite, ponder,
/// depth, nodes or mate searches without a clock).
pub fn budget<M>(limits: &Limits<M>) -> Option<TimeBudget> {
    if limits.infinite || limits.ponder {
        return None;
    }
    if let Some(t) = limits.movetime {
        let t = t.saturating_sub(limits.move_overhead).max(MIN_THINK);
        return Some(TimeBudget { soft: t, hard: t });
    }
    limits.clock.map(|c| clock_budget(&c, limits.move_overhead))
}

fn clock_budget(c: &Clock, overhead: Duration) -> TimeBudget {
    // Time we may spend on this move without losing: the main time (minus
    // the overhead) plus the byoyomi, which is used only when it is there.
    let available = (c.time + c.byoyomi).saturating_sub(overhead).max(MIN_THINK);
    // Byoyomi alone: the period is lost if unused, so all of it is ours.
    if c.time.is_zero() && c.byoyomi > Duration::ZERO {
        return TimeBudget {
            soft: available,
            hard: available,
        };
    }
    let moves = c.moves_to_go.unwrap_or(30).clamp(1, 50);
    let share = c.time / moves + c.inc * 3 / 4;
    let base = if c.byoyomi > Duration::ZERO {
        // With byoyomi the period is ours on every move: use most of it.
        share + c.byoyomi * 9 / 10
    } else {
        share
    };
    let soft = base.min(available);
    // A hard limit of a few soft limits, but never more than a fraction of
    // the main time when there is no byoyomi to fall back on.
    // With little main time left keep most of it back: a busy machine may not
    // schedule the process at once, and the increment refills the clock.
    let share_of_time = if c.time < Duration::from_secs(2) {
        c.time / 8
    } else {
        c.time * 2 / 5
    };
    let cap = if c.byoyomi > Duration::ZERO {
        available
    } else {
        share_of_time.max(MIN_THINK).min(available)
    };
    let soft = soft.min(cap);
    let hard = (soft * 4).min(cap).max(soft);
    TimeBudget {
        soft: soft.max(MIN_THINK.min(available)),
        hard: hard.max(MIN_THINK.min(available)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn sudden_death_with_increment_keeps_most_of_the_clock() {
        let limits: Limits<()> = Limits {
            clock: Some(Clock {
                time: ms(10_000),
                inc: ms(100),
                ..Clock::default()
            }),
            ..Limits::default()
        };
        let b = budget(&limits).unwrap();
        assert!(b.soft >= ms(300) && b.soft <= ms(500), "{b:?}");
        assert!(b.hard <= ms(4_000) && b.hard >= b.soft);
        // Nearly flagged: never more than what is left minus the overhead.
        let low: Limits<()> = Limits {
            clock: Some(Clock {
                time: ms(50),
                inc: ms(100),
                ..Clock::default()
            }),
            ..Limits::default()
        };
        let b = budget(&low).unwrap();
        assert!(b.hard <= ms(50), "{b:?}");
        // Under two seconds of main time at most an eighth of it is used.
        let short: Limits<()> = Limits {
            clock: Some(Clock {
                time: ms(160),
                inc: ms(50),
                ..Clock::default()
            }),
            ..Limits::default()
        };
        assert!(
            budget(&short).unwrap().hard <= ms(20),
            "{:?}",
            budget(&short)
        );
    }

    #[test]
    fn byoyomi_uses_the_period_but_not_past_it() {
        let limits: Limits<()> = Limits {
            clock: Some(Clock {
                byoyomi: ms(1_000),
                ..Clock::default()
            }),
            ..Limits::default()
        };
        let b = budget(&limits).unwrap();
        assert!(b.hard <= ms(970), "{b:?}");
        // No slack: the search runs to the hard limit.
        assert_eq!(b.soft, b.hard, "{b:?}");
        assert!(b.soft >= ms(900), "{b:?}");
    }

    #[test]
    fn movetime_and_no_limit() {
        let l: Limits<()> = Limits::movetime(ms(200));
        assert_eq!(budget(&l).unwrap().hard, ms(170));
        let inf: Limits<()> = Limits {
            infinite: true,
            movetime: Some(ms(5)),
            ..Limits::default()
        };
        assert!(budget(&inf).is_none());
        assert!(budget(&Limits::<()>::depth(5)).is_none());
    }
}
