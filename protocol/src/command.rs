//! The commands a GUI sends, typed, and the hand-written parser that reads
//! them. A line that does not parse gives a [`ParseError`] naming what was
//! wrong and where; the caller answers it with one `info string error:` line.

use std::fmt;

/// The two protocols. The first `uci` or `usi` line chooses one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Usi,
}

/// A line that is not a valid command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where a `position` command starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    StartPos,
    /// A FEN (UCI) or SFEN (USI), fields joined by single spaces.
    Fen(String),
}

/// Clock fields of `go` and of USI `ponderhit`, indexed by player: 0 is the
/// side that moves first (White in UCI, Black/sente in USI), 1 the other.
/// Times are milliseconds; negative values (some GUIs send them when a
/// clock is overdrawn) read as 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TimeFields {
    pub time: [Option<u64>; 2],
    pub inc: [Option<u64>; 2],
    pub byoyomi: Option<u64>,
    pub moves_to_go: Option<u32>,
}

impl TimeFields {
    pub fn is_empty(&self) -> bool {
        *self == TimeFields::default()
    }
}

/// The argument of `go mate`: moves in UCI, a time limit (ms) or
/// `infinite` in USI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MateArg {
    Number(u64),
    Infinite,
}

/// The parameters of `go`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    pub times: TimeFields,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub mate: Option<MateArg>,
    pub infinite: bool,
    pub ponder: bool,
    /// Move strings, resolved against the position when the search starts.
    pub searchmoves: Vec<String>,
    pub perft: Option<u32>,
}

/// `gameover` argument (USI).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    Win,
    Lose,
    Draw,
}

/// One command of either protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Uci,
    Usi,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    /// `ucinewgame` / `usinewgame`.
    NewGame,
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    /// `ponderhit`, with the clock fields USI GUIs may add.
    PonderHit(TimeFields),
    Quit,
    GameOver(Option<GameResult>),
    /// `d`: the board, the FEN and the key.
    Display,
    /// `eval`: the static evaluation.
    Eval,
    /// `bench [depth]`.
    Bench(Option<u32>),
}

/// Keywords that end a `searchmoves` list.
const GO_KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "byoyomi",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// Parses one line. `Ok(None)` for a blank line.
pub fn parse(line: &str, protocol: Protocol) -> Result<Option<Command>, ParseError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    let no_args = |cmd: Command| {
        if rest.is_empty() {
            Ok(Some(cmd))
        } else {
            Err(ParseError(format!(
                "{head}: unexpected argument '{}'",
                rest[0]
            )))
        }
    };
    match head {
        "uci" => no_args(Command::Uci),
        "usi" => no_args(Command::Usi),
        "isready" => no_args(Command::IsReady),
        "ucinewgame" | "usinewgame" => no_args(Command::NewGame),
        "stop" => no_args(Command::Stop),
        "quit" => no_args(Command::Quit),
        "d" => no_args(Command::Display),
        "eval" => no_args(Command::Eval),
        "debug" => match rest {
            [] | ["on"] => Ok(Some(Command::Debug(true))),
            ["off"] => Ok(Some(Command::Debug(false))),
            _ => Err(ParseError(format!(
                "debug: expected 'on' or 'off', got '{}'",
                rest.join(" ")
            ))),
        },
        "setoption" => parse_setoption(rest).map(Some),
        "position" => parse_position(rest).map(Some),
        "go" => parse_go(rest, protocol).map(|g| Some(Command::Go(g))),
        "ponderhit" => {
            let mut times = TimeFields::default();
            let mut i = 0;
            while i < rest.len() {
                if !time_field(rest, &mut i, protocol, &mut times, "ponderhit")? {
                    return Err(ParseError(format!(
                        "ponderhit: unknown token '{}'",
                        rest[i]
                    )));
                }
            }
            Ok(Some(Command::PonderHit(times)))
        }
        "gameover" => match rest {
            [] => Ok(Some(Command::GameOver(None))),
            ["win"] => Ok(Some(Command::GameOver(Some(GameResult::Win)))),
            ["lose"] => Ok(Some(Command::GameOver(Some(GameResult::Lose)))),
            ["draw"] => Ok(Some(Command::GameOver(Some(GameResult::Draw)))),
            _ => Err(ParseError(format!(
                "gameover: expected win, lose or draw, got '{}'",
                rest.join(" ")
            ))),
        },
        "bench" => match rest {
            [] => Ok(Some(Command::Bench(None))),
            [d] => number::<u32>(d, "bench depth")
                .and_then(|d| {
                    if (1..=64).contains(&d) {
                        Ok(d)
                    } else {
                        Err(ParseError(format!(
                            "bench: depth {d} is out of range 1..=64"
                        )))
                    }
                })
                .map(|d| Some(Command::Bench(Some(d)))),
            _ => Err(ParseError("bench: expected at most one depth".into())),
        },
        other => Err(ParseError(format!("unknown command '{other}'"))),
    }
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, ParseError> {
    text.parse()
        .map_err(|_| ParseError(format!("{what}: '{text}' is not a valid number")))
}

/// `setoption name <name words> [value <value words>]`.
fn parse_setoption(rest: &[&str]) -> Result<Command, ParseError> {
    if rest.first() != Some(&"name") {
        return Err(ParseError("setoption: expected 'name'".into()));
    }
    let rest = &rest[1..];
    let split = rest.iter().position(|&t| t == "value");
    let (name, value) = match split {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(ParseError("setoption: missing option name".into()));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos|fen <fen>|sfen <sfen> [moves ...]`.
fn parse_position(rest: &[&str]) -> Result<Command, ParseError> {
    let moves_at = rest.iter().position(|&t| t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (
            &rest[..i],
            rest[i + 1..].iter().map(|s| s.to_string()).collect(),
        ),
        None => (rest, Vec::new()),
    };
    let start = match setup {
        ["startpos"] => Start::StartPos,
        ["fen" | "sfen"] => {
            return Err(ParseError(format!(
                "position {}: missing the position",
                setup[0]
            )));
        }
        ["fen" | "sfen", fields @ ..] => Start::Fen(fields.join(" ")),
        [] => {
            return Err(ParseError(
                "position: expected startpos, fen or sfen".into(),
            ))
        }
        [other, ..] => {
            return Err(ParseError(format!(
                "position: expected startpos, fen or sfen, got '{other}'"
            )))
        }
    };
    Ok(Command::Position { start, moves })
}

/// Reads one clock field at `rest[*i]` into `times`; false if the token is
/// not a clock field. Player 0 is White in UCI and Black in USI.
fn time_field(
    rest: &[&str],
    i: &mut usize,
    protocol: Protocol,
    times: &mut TimeFields,
    context: &str,
) -> Result<bool, ParseError> {
    let key = rest[*i];
    let (white, black) = match protocol {
        Protocol::Uci => (0, 1),
        Protocol::Usi => (1, 0),
    };
    let slot: &mut Option<u64> = match key {
        "wtime" => &mut times.time[white],
        "btime" => &mut times.time[black],
        "winc" => &mut times.inc[white],
        "binc" => &mut times.inc[black],
        "byoyomi" => &mut times.byoyomi,
        "movestogo" => {
            let v = value(rest, *i, context)?;
            times.moves_to_go = Some(number(v, &format!("{context} movestogo"))?);
            *i += 2;
            return Ok(true);
        }
        _ => return Ok(false),
    };
    let v = value(rest, *i, context)?;
    let ms: i64 = number(v, &format!("{context} {key}"))?;
    *slot = Some(ms.max(0) as u64);
    *i += 2;
    Ok(true)
}

fn value<'a>(rest: &[&'a str], i: usize, context: &str) -> Result<&'a str, ParseError> {
    rest.get(i + 1)
        .copied()
        .ok_or_else(|| ParseError(format!("{context}: '{}' needs a value", rest[i])))
}

fn parse_go(rest: &[&str], protocol: Protocol) -> Result<Go, ParseError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < rest.len() {
        if time_field(rest, &mut i, protocol, &mut go.times, "go")? {
            continue;
        }
        let key = rest[i];
        match key {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while i + 1 < rest.len() && !GO_KEYWORDS.contains(&rest[i + 1]) {
                    go.searchmoves.push(rest[i + 1].to_string());
                    i += 1;
                }
            }
            "depth" => {
                let d: u64 = number(value(rest, i, "go")?, "go depth")?;
                go.depth = Some(d.min(u32::MAX as u64) as u32);
                i += 1;
            }
            "perft" => {
                go.perft = Some(number(value(rest, i, "go")?, "go perft")?);
                i += 1;
            }
            "nodes" => {
                go.nodes = Some(number(value(rest, i, "go")?, "go nodes")?);
                i += 1;
            }
            "movetime" => {
                let ms: i64 = number(value(rest, i, "go")?, "go movetime")?;
                go.movetime = Some(ms.max(0) as u64);
                i += 1;
            }
            "mate" => {
                let v = value(rest, i, "go")?;
                go.mate = Some(if v == "infinite" {
                    MateArg::Infinite
                } else {
                    MateArg::Number(number(v, "go mate")?)
                });
                i += 1;
            }
            other => return Err(ParseError(format!("go: unknown token '{other}'"))),
        }
        i += 1;
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uci(line: &str) -> Command {
        parse(line, Protocol::Uci).unwrap().unwrap()
    }

    #[test]
    fn clock_fields_follow_the_protocol() {
        let Command::Go(go) = uci("go wtime 1000 btime -5 winc 10 binc 20 movestogo 7") else {
            panic!()
        };
        assert_eq!(go.times.time, [Some(1000), Some(0)]);
        assert_eq!(go.times.inc, [Some(10), Some(20)]);
        assert_eq!(go.times.moves_to_go, Some(7));
        let Some(Command::Go(go)) =
            parse("go btime 300 wtime 200 byoyomi 1000", Protocol::Usi).unwrap()
        else {
            panic!()
        };
        assert_eq!(go.times.time, [Some(300), Some(200)]);
        assert_eq!(go.times.byoyomi, Some(1000));
    }

    #[test]
    fn go_reads_every_field() {
        let Command::Go(go) = uci("go depth 300 nodes 5 searchmoves e2e4 d2d4 ponder mate 3")
        else {
            panic!()
        };
        assert_eq!(go.depth, Some(300));
        assert_eq!(go.nodes, Some(5));
        assert_eq!(go.searchmoves, vec!["e2e4", "d2d4"]);
        assert!(go.ponder);
        assert_eq!(go.mate, Some(MateArg::Number(3)));
        let Command::Go(go) = uci("go mate infinite") else {
            panic!()
        };
        assert_eq!(go.mate, Some(MateArg::Infinite));
        assert!(parse("go depth", Protocol::Uci).is_err());
        assert!(parse("go depth x", Protocol::Uci).is_err());
        assert!(parse("go sideways", Protocol::Uci).is_err());
    }

    #[test]
    fn position_and_setoption() {
        assert_eq!(
            uci("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2"),
            Command::Position {
                start: Start::Fen("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: vec!["a1a2".into()],
            }
        );
        assert_eq!(
            uci("position startpos"),
            Command::Position {
                start: Start::StartPos,
                moves: vec![],
            }
        );
        assert!(parse("position", Protocol::Uci).is_err());
        assert!(parse("position fen", Protocol::Uci).is_err());
        assert!(parse("position somewhere", Protocol::Uci).is_err());
        assert_eq!(
            uci("setoption name Move Overhead value 50"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("50".into()),
            }
        );
        assert_eq!(
            uci("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None,
            }
        );
        assert!(parse("setoption value 3", Protocol::Uci).is_err());
    }

    #[test]
    fn small_commands() {
        assert_eq!(parse("   ", Protocol::Uci), Ok(None));
        assert_eq!(
            parse("gameover", Protocol::Usi),
            Ok(Some(Command::GameOver(None)))
        );
        assert_eq!(
            parse("gameover lose", Protocol::Usi),
            Ok(Some(Command::GameOver(Some(GameResult::Lose))))
        );
        let Some(Command::PonderHit(t)) =
            parse("ponderhit btime 5 wtime 6 byoyomi 7", Protocol::Usi).unwrap()
        else {
            panic!()
        };
        assert_eq!(t.time, [Some(5), Some(6)]);
        assert!(parse("isready now", Protocol::Uci).is_err());
        assert!(parse("xyzzy", Protocol::Uci)
            .unwrap_err()
            .0
            .contains("xyzzy"));
        assert_eq!(uci("bench 3"), Command::Bench(Some(3)));
        assert!(parse("bench 0", Protocol::Uci).is_err());
    }
}
