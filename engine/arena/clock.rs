//! Time controls and the clocks the runner keeps for both sides.
//!
//! The runner measures each search from the `go` line to the `bestmove`
//! line, charges it to the side to move, and declares a time forfeit when a
//! side overdraws by more than the margin.

use std::time::Duration;

use super::engine_proc::Protocol;
use super::referee::Side;

/// How long the engines may think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock: `base_ms` per period (`moves` moves per period, or the whole
    /// game), `inc_ms` added after every move, and `byoyomi_ms` per move once
    /// the base time is spent (USI).
    Clock {
        base_ms: u64,
        inc_ms: u64,
        byoyomi_ms: u64,
        moves: Option<u32>,
    },
    /// A fixed time per move (`go movetime`).
    MoveTime(u64),
    /// A fixed depth (`go depth`).
    Depth(u32),
    /// A fixed node count (`go nodes`).
    Nodes(u64),
}

fn secs(ms: u64) -> String {
    let s = format!("{:.3}", ms as f64 / 1000.0);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl TimeControl {
    /// Reads `[moves/]base[+inc]` with times in seconds (`40/60+0.5`,
    /// `10+0.1`, `60`).
    pub fn parse_clock(text: &str) -> Result<TimeControl, String> {
        let err = || format!("--tc: '{text}' is not [moves/]seconds[+increment]");
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => {
                let m: u32 = m.parse().map_err(|_| err())?;
                if m == 0 {
                    return Err(format!("--tc: '{text}': moves per period must be positive"));
                }
                (Some(m), r)
            }
            None => (None, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base_ms = parse_seconds(base).ok_or_else(err)?;
        let inc_ms = match inc {
            Some(i) => parse_seconds(i).ok_or_else(err)?,
            None => 0,
        };
        if base_ms == 0 && inc_ms == 0 {
            return Err(format!("--tc: '{text}' gives no time at all"));
        }
        Ok(TimeControl::Clock {
            base_ms,
            inc_ms,
            byoyomi_ms: 0,
            moves,
        })
    }

    /// The PGN `TimeControl` tag: `40/60+0.5`, `60+0.1`; a byoyomi is
    /// appended as `|byoyomi` seconds (not in the PGN standard, which has
    /// none), a fixed move time as cutechess writes it (`0.05/move`), and a
    /// fixed depth or node count as `-` (no clock).
    pub fn tag(&self) -> String {
        match *self {
            TimeControl::Clock {
                base_ms,
                inc_ms,
                byoyomi_ms,
                moves,
            } => {
                let mut s = String::new();
                if let Some(m) = moves {
                    s.push_str(&format!("{m}/"));
                }
                s.push_str(&secs(base_ms));
                if inc_ms > 0 {
                    s.push_str(&format!("+{}", secs(inc_ms)));
                }
                if byoyomi_ms > 0 {
                    s.push_str(&format!("|{}", secs(byoyomi_ms)));
                }
                s
            }
            TimeControl::MoveTime(ms) => format!("{}/move", secs(ms)),
            TimeControl::Depth(_) | TimeControl::Nodes(_) => "-".to_string(),
        }
    }
}

/// Seconds with an optional fraction, to whole milliseconds.
pub fn parse_seconds(text: &str) -> Option<u64> {
    let v: f64 = text.parse().ok()?;
    (v.is_finite() && (0.0..=1e9).contains(&v)).then(|| (v * 1000.0).round() as u64)
}

/// The two clocks of a game.
#[derive(Debug, Clone)]
pub struct Clock {
    tc: TimeControl,
    margin_ms: u64,
    /// Remaining base time per side (`Side::index`), in milliseconds.
    remaining: [i64; 2],
    /// Moves made in the current period per side.
    period_moves: [u32; 2],
}

impl Clock {
    pub fn new(tc: TimeControl, margin_ms: u64) -> Clock {
        let base = match tc {
            TimeControl::Clock { base_ms, .. } => base_ms as i64,
            _ => 0,
        };
        Clock {
            tc,
            margin_ms,
            remaining: [base; 2],
            period_moves: [0; 2],
        }
    }

    pub fn remaining_ms(&self, side: Side) -> i64 {
        self.remaining[side.index()]
    }

    /// The `go` command for `side` to move.
    pub fn go_command(&self, protocol: Protocol, side: Side) -> String {
        match self.tc {
            TimeControl::MoveTime(ms) => format!("go movetime {ms}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
            TimeControl::Nodes(n) => format!("go nodes {n}"),
            TimeControl::Clock {
                inc_ms,
                byoyomi_ms,
                moves,
                ..
            } => {
                // USI byoyomi-only controls send `btime 0`; otherwise at
                // least 1 ms, since some engines read 0 as "no clock".
                let floor = if protocol == Protocol::Usi && byoyomi_ms > 0 {
                    0
                } else {
                    1
                };
                let t = |s: Side| self.remaining[s.index()].max(floor);
                let (first, second) = (t(Side::First), t(Side::Second));
                match protocol {
                    Protocol::Uci => {
                        let mut s = format!("go wtime {first} btime {second}");
                        if inc_ms > 0 {
                            s.push_str(&format!(" winc {inc_ms} binc {inc_ms}"));
                        }
                        if let Some(m) = moves {
                            let left = m - self.period_moves[side.index()];
                            s.push_str(&format!(" movestogo {left}"));
                        }
                        s
                    }
                    // USI: `btime` is Black, who moves first.
                    Protocol::Usi => {
                        let mut s = format!("go btime {first} wtime {second}");
                        if byoyomi_ms > 0 {
                            s.push_str(&format!(" byoyomi {byoyomi_ms}"));
                        } else if inc_ms > 0 {
                            s.push_str(&format!(" binc {inc_ms} winc {inc_ms}"));
                        }
                        s
                    }
                }
            }
        }
    }

    /// How long to wait for `side`'s `bestmove` before giving up: everything
    /// it may use plus the margin; `None` for depth and node searches, which
    /// have no clock (the runner applies its own wait limit).
    pub fn allowance(&self, side: Side) -> Option<Duration> {
        let ms = match self.tc {
            TimeControl::MoveTime(ms) => ms,
            TimeControl::Clock { byoyomi_ms, .. } => {
                self.remaining[side.index()].max(0) as u64 + byoyomi_ms
            }
            TimeControl::Depth(_) | TimeControl::Nodes(_) => return None,
        };
        Some(Duration::from_millis(ms + self.margin_ms))
    }

    /// Charges `elapsed` to `side` after its move. `Err` with the overdraw
    /// in milliseconds when it lost on time.
    pub fn charge(&mut self, side: Side, elapsed: Duration) -> Result<(), u64> {
        let used = elapsed.as_millis() as i64;
        let margin = self.margin_ms as i64;
        let i = side.index();
        match self.tc {
            TimeControl::MoveTime(ms) => {
                let over = used - ms as i64;
                if over > margin {
                    return Err(over as u64);
                }
            }
            TimeControl::Depth(_) | TimeControl::Nodes(_) => {}
            TimeControl::Clock {
                base_ms,
                inc_ms,
                byoyomi_ms,
                moves,
            } => {
                let left = self.remaining[i] - used;
                if left >= 0 {
                    self.remaining[i] = left;
                } else if byoyomi_ms > 0 {
                    // Byoyomi is used per move and never accumulates.
                    let over = -left - byoyomi_ms as i64;
                    if over > margin {
                        return Err(over as u64);
                    }
                    self.remaining[i] = 0;
                } else if -left > margin {
                    return Err((-left) as u64);
                } else {
                    self.remaining[i] = left;
                }
                self.remaining[i] += inc_ms as i64;
                if let Some(m) = moves {
                    self.period_moves[i] += 1;
                    if self.period_moves[i] == m {
                        self.period_moves[i] = 0;
                        self.remaining[i] += base_ms as i64;
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn parses_clock_specs() {
        assert_eq!(
            TimeControl::parse_clock("40/60+0.5").unwrap(),
            TimeControl::Clock {
                base_ms: 60_000,
                inc_ms: 500,
                byoyomi_ms: 0,
                moves: Some(40)
            }
        );
        assert_eq!(TimeControl::parse_clock("10+0.1").unwrap().tag(), "10+0.1");
        assert_eq!(
            TimeControl::parse_clock("40/60+0.5").unwrap().tag(),
            "40/60+0.5"
        );
        assert_eq!(TimeControl::parse_clock("2.5").unwrap().tag(), "2.5");
        for bad in ["", "x", "0", "0/10", "10+", "-5", "1/2/3", "nan"] {
            assert!(TimeControl::parse_clock(bad).is_err(), "{bad}");
        }
        assert_eq!(TimeControl::MoveTime(50).tag(), "0.05/move");
        assert_eq!(TimeControl::Depth(3).tag(), "-");
    }

    #[test]
    fn increment_and_forfeit_with_margin() {
        let tc = TimeControl::parse_clock("1+0.1").unwrap();
        let mut c = Clock::new(tc, 50);
        assert_eq!(
            c.go_command(Protocol::Uci, Side::First),
            "go wtime 1000 btime 1000 winc 100 binc 100"
        );
        c.charge(Side::First, ms(300)).unwrap();
        assert_eq!(c.remaining_ms(Side::First), 800);
        assert_eq!(c.remaining_ms(Side::Second), 1000);
        assert_eq!(c.allowance(Side::First), Some(ms(850)));
        // Overdraw within the margin: kept, negative.
        c.charge(Side::First, ms(830)).unwrap();
        assert_eq!(c.remaining_ms(Side::First), 70);
        // 70 left, 200 used: 130 over, more than the 50 ms margin.
        assert_eq!(c.charge(Side::First, ms(200)), Err(130));
    }

    #[test]
    fn moves_per_period_refills() {
        let tc = TimeControl::parse_clock("2/1").unwrap();
        let mut c = Clock::new(tc, 0);
        assert_eq!(
            c.go_command(Protocol::Uci, Side::Second),
            "go wtime 1000 btime 1000 movestogo 2"
        );
        c.charge(Side::Second, ms(400)).unwrap();
        assert!(c
            .go_command(Protocol::Uci, Side::Second)
            .ends_with("movestogo 1"));
        c.charge(Side::Second, ms(400)).unwrap();
        assert_eq!(c.remaining_ms(Side::Second), 1200);
        assert!(c
            .go_command(Protocol::Uci, Side::Second)
            .ends_with("movestogo 2"));
    }

    #[test]
    fn byoyomi_per_move() {
        let tc = TimeControl::Clock {
            base_ms: 1000,
            inc_ms: 0,
            byoyomi_ms: 500,
            moves: None,
        };
        let mut c = Clock::new(tc, 10);
        assert_eq!(
            c.go_command(Protocol::Usi, Side::First),
            "go btime 1000 wtime 1000 byoyomi 500"
        );
        c.charge(Side::First, ms(1400)).unwrap();
        assert_eq!(c.remaining_ms(Side::First), 0);
        assert_eq!(
            c.go_command(Protocol::Usi, Side::First),
            "go btime 0 wtime 1000 byoyomi 500"
        );
        assert_eq!(c.allowance(Side::First), Some(ms(510)));
        c.charge(Side::First, ms(505)).unwrap();
        assert_eq!(c.charge(Side::First, ms(520)), Err(20));
    }

    #[test]
    fn fixed_limits() {
        let mut c = Clock::new(TimeControl::MoveTime(100), 20);
        assert_eq!(c.go_command(Protocol::Uci, Side::First), "go movetime 100");
        assert_eq!(c.allowance(Side::First), Some(ms(120)));
        c.charge(Side::First, ms(115)).unwrap();
        assert_eq!(c.charge(Side::First, ms(130)), Err(30));
        let mut d = Clock::new(TimeControl::Depth(4), 20);
        assert_eq!(d.go_command(Protocol::Usi, Side::Second), "go depth 4");
        assert_eq!(d.allowance(Side::Second), None);
        d.charge(Side::Second, ms(99_999)).unwrap();
        let n = Clock::new(TimeControl::Nodes(1000), 0);
        assert_eq!(n.go_command(Protocol::Uci, Side::First), "go nodes 1000");
    }
}
