//! The `triskelion match` command line.
//!
//! An option is `--name` followed by one or more values up to the next
//! `--` word. Options made of fields (`--engine`, `--sprt`, `--resign`,
//! `--draw`) take `key=value` fields, separated by commas or given as
//! separate arguments: `--engine cmd=stockfish name=sf option.Hash=16` and
//! `--engine "cmd=python3 fake.py --mode crash,name=crashy"` both work
//! (an engine command may contain spaces, never commas).

use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use movegen::{Family, Variant};

use super::clock::{parse_seconds, TimeControl};
use super::engine_proc::{EngineSpec, Protocol};
use super::referee::{Adjudication, DrawRule, ResignRule};
use super::stats::Sprt;

/// How pairings are formed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tournament {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// Everything a match needs, read from the command line.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    pub variant: Variant,
    pub protocol: Protocol,
    pub engines: Vec<EngineSpec>,
    pub tournament: Tournament,
    /// Game pairs per pairing: each round plays one opening twice, with the
    /// colours swapped.
    pub rounds: u32,
    pub concurrency: usize,
    pub tc: TimeControl,
    pub margin_ms: u64,
    /// The longest wait for a depth or node search.
    pub wait_limit: Duration,
    /// The longest wait for `uciok`/`usiok` and `readyok`.
    pub init_timeout: Duration,
    pub openings: Option<PathBuf>,
    pub random_plies: u32,
    pub seed: u64,
    pub adjudication: Adjudication,
    pub sprt: Option<Sprt>,
    pub out: Option<PathBuf>,
    /// CSA records (plain shogi only).
    pub csa: Option<PathBuf>,
    pub log: Option<PathBuf>,
    pub event: String,
}

const KNOWN: &[&str] = &[
    "--variant",
    "--engine",
    "--tournament",
    "--rounds",
    "--concurrency",
    "--tc",
    "--byoyomi",
    "--movetime",
    "--depth",
    "--nodes",
    "--timemargin",
    "--wait-limit",
    "--init-timeout",
    "--openings",
    "--random-plies",
    "--seed",
    "--resign",
    "--draw",
    "--maxplies",
    "--sprt",
    "--out",
    "--csa",
    "--log",
    "--event",
];

/// Options with multi-word values, in order.
fn group(args: &[String]) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for a in args {
        if a.starts_with("--") {
            if !KNOWN.contains(&a.as_str()) {
                return Err(format!("unknown option {a}"));
            }
            out.push((a.clone(), Vec::new()));
        } else {
            match out.last_mut() {
                Some((_, values)) => values.push(a.clone()),
                None => return Err(format!("unexpected argument '{a}'")),
            }
        }
    }
    for (name, values) in &out {
        if values.is_empty() {
            return Err(format!("{name} needs a value"));
        }
    }
    Ok(out)
}

/// `key=value` fields from comma- or argument-separated words.
fn fields(option: &str, values: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for v in values {
        for part in v.split(',') {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let (k, val) = part
                .split_once('=')
                .ok_or_else(|| format!("{option}: '{part}' is not key=value"))?;
            out.push((k.trim().to_string(), val.trim().to_string()));
        }
    }
    Ok(out)
}

fn number<T: std::str::FromStr>(option: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{option}: '{text}' is not a valid number"))
}

fn default_name(command: &[String]) -> String {
    let base = |s: &str| {
        let b = s.rsplit('/').next().unwrap_or(s);
        b.split('.').next().unwrap_or(b).to_string()
    };
    let program = base(&command[0]);
    let interpreter = ["python", "python3", "sh", "bash", "perl", "node", "ruby"];
    match command.get(1) {
        Some(script) if interpreter.contains(&program.as_str()) => base(script),
        _ => program,
    }
}

fn engine_spec(values: &[String]) -> Result<EngineSpec, String> {
    let mut spec = EngineSpec {
        name: String::new(),
        command: Vec::new(),
        options: Vec::new(),
    };
    for (k, v) in fields("--engine", values)? {
        match k.as_str() {
            "cmd" => spec.command = v.split_whitespace().map(String::from).collect(),
            "name" => spec.name = v,
            _ => match k.strip_prefix("option.") {
                Some(name) if !name.is_empty() => spec.options.push((name.to_string(), v)),
                _ => {
                    return Err(format!(
                        "--engine: unknown field '{k}' (expected cmd=, name=, option.NAME=)"
                    ))
                }
            },
        }
    }
    if spec.command.is_empty() {
        return Err("--engine: cmd=COMMAND is required".into());
    }
    if spec.name.is_empty() {
        spec.name = default_name(&spec.command);
    }
    Ok(spec)
}

fn sprt(values: &[String]) -> Result<Sprt, String> {
    let mut s = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (k, v) in fields("--sprt", values)? {
        let x: f64 = number("--sprt", &v)?;
        match k.as_str() {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            _ => return Err(format!("--sprt: unknown field '{k}'")),
        }
    }
    let ordered = s.elo0.is_finite() && s.elo1.is_finite() && s.elo0 < s.elo1;
    if !ordered {
        return Err("--sprt: elo0 must be below elo1".into());
    }
    if !(s.alpha > 0.0 && s.alpha < 0.5 && s.beta > 0.0 && s.beta < 0.5) {
        return Err("--sprt: alpha and beta must be in (0, 0.5)".into());
    }
    Ok(s)
}

fn resign(values: &[String]) -> Result<ResignRule, String> {
    let mut r = ResignRule {
        moves: 3,
        score: 1000,
    };
    for (k, v) in fields("--resign", values)? {
        match k.as_str() {
            "movecount" => r.moves = number("--resign", &v)?,
            "score" => r.score = number("--resign", &v)?,
            _ => return Err(format!("--resign: unknown field '{k}'")),
        }
    }
    if r.moves == 0 || r.score <= 0 {
        return Err("--resign: movecount and score must be positive".into());
    }
    Ok(r)
}

fn draw(values: &[String]) -> Result<DrawRule, String> {
    let mut d = DrawRule {
        from_move: 40,
        moves: 8,
        score: 10,
    };
    for (k, v) in fields("--draw", values)? {
        match k.as_str() {
            "movenumber" => d.from_move = number("--draw", &v)?,
            "movecount" => d.moves = number("--draw", &v)?,
            "score" => d.score = number("--draw", &v)?,
            _ => return Err(format!("--draw: unknown field '{k}'")),
        }
    }
    if d.moves == 0 || d.score < 0 {
        return Err("--draw: movecount must be positive and score not negative".into());
    }
    Ok(d)
}

impl MatchConfig {
    pub fn parse(args: &[String]) -> Result<MatchConfig, String> {
        let groups = group(args)?;
        let single = |name: &str| -> Result<Option<String>, String> {
            let mut found = groups.iter().filter(|(k, _)| k == name);
            match (found.next(), found.next()) {
                (None, _) => Ok(None),
                (Some(_), Some(_)) => Err(format!("{name} is given twice")),
                (Some((_, v)), None) if name == "--engine" || v.len() == 1 => {
                    Ok(Some(v[0].clone()))
                }
                (Some((_, v)), None) => match name {
                    "--sprt" | "--resign" | "--draw" => Ok(Some(v.join(","))),
                    "--event" => Ok(Some(v.join(" "))),
                    _ => Err(format!("{name} takes one value, got '{}'", v.join(" "))),
                },
            }
        };
        let num = |name: &str| -> Result<Option<u64>, String> {
            single(name)?.map(|v| number(name, &v)).transpose()
        };

        let variant = match single("--variant")? {
            Some(v) => v
                .parse::<Variant>()
                .map_err(|e| format!("--variant: {e}"))?,
            None => Variant::Chess,
        };
        let protocol = match variant.family() {
            Family::Chess => Protocol::Uci,
            Family::Shogi => Protocol::Usi,
        };

        let mut engines = Vec::new();
        for (_, v) in groups.iter().filter(|(k, _)| k == "--engine") {
            engines.push(engine_spec(v)?);
        }
        if engines.len() < 2 {
            return Err("at least two --engine options are needed".into());
        }
        for i in 1..engines.len() {
            let base = engines[i].name.clone();
            let mut n = 2;
            while engines[..i].iter().any(|e| e.name == engines[i].name) {
                engines[i].name = format!("{base} ({n})");
                n += 1;
            }
        }

        let tournament = match single("--tournament")?.as_deref() {
            None | Some("round-robin") => Tournament::RoundRobin,
            Some("gauntlet") => Tournament::Gauntlet,
            Some(t) => {
                return Err(format!(
                    "--tournament: '{t}' is not round-robin or gauntlet"
                ))
            }
        };
        let rounds = num("--rounds")?.unwrap_or(1);
        if rounds == 0 || rounds > 1_000_000 {
            return Err(format!("--rounds: {rounds} is out of range 1..=1000000"));
        }
        let concurrency = num("--concurrency")?.unwrap_or(1);
        if concurrency == 0 || concurrency > 256 {
            return Err(format!(
                "--concurrency: {concurrency} is out of range 1..=256"
            ));
        }

        let byoyomi = single("--byoyomi")?
            .map(|v| parse_seconds(&v).ok_or_else(|| format!("--byoyomi: '{v}' is not seconds")))
            .transpose()?;
        let mut tcs = Vec::new();
        if let Some(t) = single("--tc")? {
            tcs.push(TimeControl::parse_clock(&t)?);
        }
        if let Some(ms) = num("--movetime")? {
            if ms == 0 {
                return Err("--movetime must be positive".into());
            }
            tcs.push(TimeControl::MoveTime(ms));
        }
        if let Some(d) = num("--depth")? {
            if d == 0 || d > 1000 {
                return Err(format!("--depth: {d} is out of range 1..=1000"));
            }
            tcs.push(TimeControl::Depth(d as u32));
        }
        if let Some(n) = num("--nodes")? {
            if n == 0 {
                return Err("--nodes must be positive".into());
            }
            tcs.push(TimeControl::Nodes(n));
        }
        let mut tc = match (tcs.len(), byoyomi) {
            (0, Some(_)) => TimeControl::Clock {
                base_ms: 0,
                inc_ms: 0,
                byoyomi_ms: 0,
                moves: None,
            },
            (0, None) => {
                return Err(
                    "a time control is needed: --tc, --byoyomi, --movetime, --depth or --nodes"
                        .into(),
                )
            }
            (1, _) => tcs[0],
            _ => return Err("give only one of --tc, --movetime, --depth, --nodes".into()),
        };
        if let Some(b) = byoyomi {
            if protocol != Protocol::Usi {
                return Err("--byoyomi is a USI (shogi family) time control".into());
            }
            match &mut tc {
                TimeControl::Clock {
                    byoyomi_ms, inc_ms, ..
                } if *inc_ms == 0 => *byoyomi_ms = b,
                _ => return Err("--byoyomi goes with --tc without increment, or alone".into()),
            }
            if b == 0 && matches!(tc, TimeControl::Clock { base_ms: 0, .. }) {
                return Err("--byoyomi 0 without --tc gives no time at all".into());
            }
        }

        let ms =
            |name: &str, default: u64| -> Result<u64, String> { Ok(num(name)?.unwrap_or(default)) };
        let margin_ms = ms("--timemargin", 100)?;
        let wait_limit = Duration::from_millis(ms("--wait-limit", 60_000)?.max(1));
        let init_timeout = Duration::from_millis(ms("--init-timeout", 15_000)?.max(1));

        let random_plies = num("--random-plies")?.unwrap_or(0);
        if random_plies > 1000 {
            return Err(format!("--random-plies: {random_plies} is more than 1000"));
        }
        let seed = match num("--seed")? {
            Some(s) => s,
            None => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(1),
        };

        let adjudication = Adjudication {
            resign: single("--resign")?.map(|v| resign(&[v])).transpose()?,
            draw: single("--draw")?.map(|v| draw(&[v])).transpose()?,
            max_plies: match num("--maxplies")? {
                Some(0) => return Err("--maxplies must be positive".into()),
                Some(n) => Some(u32::try_from(n).map_err(|_| "--maxplies is too large")?),
                None => None,
            },
        };
        let sprt = single("--sprt")?.map(|v| sprt(&[v])).transpose()?;
        if sprt.is_some() && engines.len() != 2 {
            return Err("--sprt needs exactly two engines".into());
        }

        let csa = single("--csa")?.map(PathBuf::from);
        if csa.is_some() && variant != Variant::Shogi {
            return Err(format!(
                "--csa: CSA records are for plain shogi, not {variant}"
            ));
        }

        Ok(MatchConfig {
            variant,
            protocol,
            engines,
            tournament,
            rounds: rounds as u32,
            concurrency: concurrency as usize,
            tc,
            margin_ms,
            wait_limit,
            init_timeout,
            openings: single("--openings")?.map(PathBuf::from),
            random_plies: random_plies as u32,
            seed,
            adjudication,
            sprt,
            out: single("--out")?.map(PathBuf::from),
            csa,
            log: single("--log")?.map(PathBuf::from),
            event: single("--event")?.unwrap_or_else(|| "triskelion match".to_string()),
        })
    }

    /// The pairings as engine indices (first, second).
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let n = self.engines.len();
        match self.tournament {
            Tournament::Gauntlet => (1..n).map(|j| (0, j)).collect(),
            Tournament::RoundRobin => (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &[&str]) -> Result<MatchConfig, String> {
        let args: Vec<String> = line.iter().map(|s| s.to_string()).collect();
        MatchConfig::parse(&args)
    }

    #[test]
    fn engines_and_fields() {
        let c = parse(&[
            "--engine",
            "cmd=/usr/games/stockfish",
            "name=sf",
            "option.Hash=16",
            "--engine",
            "cmd=python3 tests/x.py --mode crash,option.Skill Level=3",
            "--engine",
            "cmd=/usr/games/stockfish",
            "--movetime",
            "20",
            "--sprt",
            "elo0=0",
            "elo1=5",
            "alpha=0.05",
            "beta=0.1",
            "--tournament",
            "gauntlet",
        ]);
        // --sprt with three engines is refused.
        assert_eq!(c.unwrap_err(), "--sprt needs exactly two engines");
        let c = parse(&[
            "--engine",
            "cmd=/usr/games/stockfish",
            "name=sf",
            "option.Hash=16",
            "--engine",
            "cmd=python3 tests/x.py --mode crash,option.Skill Level=3",
            "--engine",
            "cmd=/usr/games/stockfish",
            "--engine",
            "cmd=/usr/games/stockfish",
            "--movetime",
            "20",
            "--tournament",
            "gauntlet",
        ])
        .unwrap();
        assert_eq!(c.engines[0].name, "sf");
        assert_eq!(c.engines[0].options, [("Hash".into(), "16".into())]);
        assert_eq!(
            c.engines[1].command,
            ["python3", "tests/x.py", "--mode", "crash"]
        );
        assert_eq!(c.engines[1].name, "x");
        assert_eq!(c.engines[1].options, [("Skill Level".into(), "3".into())]);
        assert_eq!(c.engines[2].name, "stockfish");
        assert_eq!(c.engines[3].name, "stockfish (2)");
        assert_eq!(c.tc, TimeControl::MoveTime(20));
        assert_eq!(c.pairings(), [(0, 1), (0, 2), (0, 3)]);
        assert_eq!(c.variant, Variant::Chess);
        assert_eq!(c.protocol, Protocol::Uci);
    }

    #[test]
    fn sprt_adjudication_and_round_robin() {
        let c = parse(&[
            "--variant",
            "mengchess",
            "--engine",
            "cmd=a",
            "--engine",
            "cmd=b",
            "--tc",
            "10+0.1",
            "--sprt",
            "elo0=0",
            "elo1=5",
            "alpha=0.05",
            "beta=0.1",
            "--resign",
            "movecount=3,score=600",
            "--draw",
            "movenumber=30",
            "movecount=6",
            "score=5",
            "--maxplies",
            "300",
        ])
        .unwrap();
        let s = c.sprt.unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 5.0, 0.05, 0.1));
        assert_eq!(
            c.adjudication.resign,
            Some(ResignRule {
                moves: 3,
                score: 600
            })
        );
        assert_eq!(
            c.adjudication.draw,
            Some(DrawRule {
                from_move: 30,
                moves: 6,
                score: 5
            })
        );
        assert_eq!(c.adjudication.max_plies, Some(300));
        assert_eq!(c.pairings(), [(0, 1)]);
        assert_eq!(c.variant, Variant::MengChess);
    }

    #[test]
    fn usi_byoyomi() {
        let c = parse(&[
            "--variant",
            "shogi",
            "--engine",
            "cmd=a",
            "--engine",
            "cmd=b",
            "--tc",
            "60",
            "--byoyomi",
            "1.5",
        ])
        .unwrap();
        assert_eq!(c.protocol, Protocol::Usi);
        assert_eq!(
            c.tc,
            TimeControl::Clock {
                base_ms: 60_000,
                inc_ms: 0,
                byoyomi_ms: 1500,
                moves: None
            }
        );
    }

    #[test]
    fn bad_command_lines() {
        let two = ["--engine", "cmd=a", "--engine", "cmd=b"];
        let with = |extra: &[&str]| {
            let mut v: Vec<&str> = two.to_vec();
            v.extend_from_slice(extra);
            parse(&v).unwrap_err()
        };
        assert!(with(&[]).contains("time control"));
        assert!(with(&["--depth", "3", "--movetime", "5"]).contains("only one"));
        assert!(with(&["--depth", "x"]).contains("not a valid number"));
        assert!(with(&["--depth", "3", "--bogus", "1"]).contains("unknown option --bogus"));
        assert!(with(&["--depth", "3", "--variant", "xiangqi"]).contains("unknown variant"));
        assert!(with(&["--depth", "3", "--byoyomi", "1"]).contains("USI"));
        assert!(with(&["--depth", "3", "--sprt", "elo0=5,elo1=0"]).contains("below"));
        assert!(with(&["--depth", "3", "--resign", "score"]).contains("key=value"));
        assert!(with(&["--depth", "3", "--rounds"]).contains("needs a value"));
        assert!(with(&["--depth", "3", "--rounds", "1", "2"]).contains("one value"));
        assert!(with(&["--depth", "3", "--tournament", "swiss"]).contains("swiss"));
        assert!(parse(&["--engine", "cmd=a", "--depth", "1"])
            .unwrap_err()
            .contains("two --engine"));
        assert!(
            parse(&["--engine", "name=x", "--engine", "cmd=b", "--depth", "1"])
                .unwrap_err()
                .contains("cmd=")
        );
        assert!(parse(&["stray"]).unwrap_err().contains("unexpected"));
        assert!(with(&["--depth", "3", "--csa", "x.csa"]).contains("plain shogi"));
        let c = parse(&[
            "--variant",
            "shogi",
            "--engine",
            "cmd=a",
            "--engine",
            "cmd=b",
            "--depth",
            "1",
            "--csa",
            "x.csa",
        ])
        .unwrap();
        assert_eq!(c.csa, Some(PathBuf::from("x.csa")));
    }
}
