//! Command-line subcommands. Each returns the process exit status; errors
//! go to stderr with status 2.

use std::time::Instant;

use movegen::perft::{divide, PerftOptions};
use movegen::{Family, Game, Variant};

pub const USAGE: &str = "\
usage:
  triskelion perft [--variant V] [--fen FEN] [--moves \"m1 m2 ...\"] --depth N [--threads T] [--no-hash]
  triskelion [--variant V]        (UCI or USI on stdin/stdout, chosen by the first uci or usi line)
  triskelion bench [depth] [--off FEATURE[,FEATURE...]]
  triskelion analyze [--variant V] [--fen F] [--moves \"...\"] [--depth D | --movetime MS] [--multipv K] [--threads T] [--hash MB]
  triskelion tune-chess --data FILE [--method gradient|descent] [--passes N] [--epochs E] [--l2 L] [--rate R] [--resolve] [--k K] [--only PREFIX[,PREFIX...]]
  triskelion tune-shogi --data FILE [--method gradient|descent] [--passes N] [--epochs E] [--l2 L] [--rate R] [--resolve] [--k K] [--only PREFIX[,PREFIX...]]
  triskelion train-nnue [--variant chess|shogi] --data FILE[,FILE...] --out NET [--epochs E] [--batch B] [--rate R] [--lambda L] [--holdout H] [--threads T] [--seed S] [--buckets N] [--hidden UNITS] [--king-buckets 1|4] [--screlu] [--residual] [--mirror] [--test FILE[,FILE...]] [--init NET]
  triskelion gen-data --variant V --out FILE --games N [--nodes N] [--seed S] [--random-plies LO-HI] [--threads T] [--adjudicate CP] [--max-plies N]
  triskelion match [--variant V] --engine cmd=CMD[,name=N,option.X=Y] --engine ... [options]
      time control (one): --tc [MOVES/]SECONDS[+INC] [--byoyomi SECONDS] | --movetime MS | --depth N | --nodes N
      --rounds R  --tournament round-robin|gauntlet  --concurrency N  --openings FILE  --random-plies N  --seed S
      --timemargin MS  --wait-limit MS  --init-timeout MS  --maxplies N
      --resign movecount=N,score=CP  --draw movenumber=M,movecount=N,score=CP
      --sprt elo0=E0,elo1=E1,alpha=A,beta=B  --out FILE  --csa FILE (plain shogi)  --log FILE  --event NAME

variants: chess, mengchess (perft default), shogi, trisshogi, mengshogi (match default: chess)";

/// A command-line error: the message names the argument and why.
#[derive(Debug)]
pub struct CliError(pub String);

/// Reads `--name value` pairs and bare flags.
pub struct Args {
    pairs: Vec<(String, Option<String>)>,
}

impl Args {
    /// `flags` are the options that take no value.
    pub fn parse(args: &[String], flags: &[&str]) -> Result<Args, CliError> {
        let mut pairs = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if !a.starts_with("--") {
                return Err(CliError(format!("unexpected argument '{a}'")));
            }
            if flags.contains(&a.as_str()) {
                pairs.push((a.clone(), None));
            } else {
                let v = it
                    .next()
                    .ok_or_else(|| CliError(format!("{a} needs a value")))?;
                pairs.push((a.clone(), Some(v.clone())));
            }
        }
        Ok(Args { pairs })
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .and_then(|(_, v)| v.as_deref())
    }

    pub fn flag(&self, name: &str) -> bool {
        self.pairs.iter().any(|(k, _)| k == name)
    }

    pub fn check_known(&self, known: &[&str]) -> Result<(), CliError> {
        match self
            .pairs
            .iter()
            .find(|(k, _)| !known.contains(&k.as_str()))
        {
            Some((k, _)) => Err(CliError(format!("unknown option {k}"))),
            None => Ok(()),
        }
    }

    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, CliError> {
        match self.value(name) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| CliError(format!("{name}: '{v}' is not a valid number"))),
        }
    }

    pub fn variant(&self, default: Variant) -> Result<Variant, CliError> {
        match self.value("--variant") {
            None => Ok(default),
            Some(v) => v.parse().map_err(CliError),
        }
    }
}

/// Sets up the position named by `--fen` and `--moves`.
pub fn setup<G: Game>(
    variant: Variant,
    fen: Option<&str>,
    moves: Option<&str>,
) -> Result<G, CliError> {
    let pos = match fen {
        Some(f) => G::from_fen(variant, f).map_err(|e| CliError(format!("--fen: {e}")))?,
        None => G::startpos(variant),
    };
    match moves {
        Some(m) => pos
            .play_sequence(m)
            .map_err(|e| CliError(format!("--moves: {e}"))),
        None => Ok(pos),
    }
}

fn run_perft<G: Game>(
    variant: Variant,
    args: &Args,
    depth: u32,
    opts: PerftOptions,
) -> Result<(), CliError> {
    let pos: G = setup(variant, args.value("--fen"), args.value("--moves"))?;
    let start = Instant::now();
    let counts = divide(&pos, depth, opts);
    let total: u64 = if depth == 0 {
        1
    } else {
        counts.iter().map(|&(_, n)| n).sum()
    };
    let elapsed = start.elapsed();
    let mut out = String::new();
    for (mv, n) in &counts {
        out.push_str(&format!("{mv}: {n}\n"));
    }
    out.push_str(&format!("\nNodes searched: {total}\n"));
    print!("{out}");
    let secs = elapsed.as_secs_f64();
    eprintln!(
        "time {:.3} s, {:.2} Mnodes/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

pub fn perft(args: &[String]) -> Result<(), CliError> {
    let args = Args::parse(args, &["--no-hash"])?;
    args.check_known(&[
        "--variant",
        "--fen",
        "--moves",
        "--depth",
        "--threads",
        "--no-hash",
    ])?;
    let variant = args.variant(Variant::MengChess)?;
    let depth: u32 = args
        .number("--depth")?
        .ok_or_else(|| CliError("--depth N is required".into()))?;
    if depth > 20 {
        return Err(CliError(format!(
            "--depth: {depth} is too deep (at most 20)"
        )));
    }
    let threads: usize = args.number("--threads")?.unwrap_or(1);
    if threads == 0 || threads > 1024 {
        return Err(CliError(format!(
            "--threads: {threads} is out of range 1..=1024"
        )));
    }
    let opts = PerftOptions {
        threads,
        hash_bits: if args.flag("--no-hash") {
            None
        } else {
            Some(22)
        },
    };
    match variant.family() {
        Family::Chess => run_perft::<movegen::chess::Position>(variant, &args, depth, opts),
        Family::Shogi => run_perft::<movegen::shogi::Position>(variant, &args, depth, opts),
    }
}

/// `triskelion bench [depth]`: the fixed bench set, 1 thread, 16 MB.
pub fn bench(args: &[String]) -> Result<(), CliError> {
    let mut depth = DEFAULT_BENCH_DEPTH;
    let mut features = search::Features::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--off" {
            let names = it
                .next()
                .ok_or_else(|| CliError("--off needs a feature list".into()))?;
            for name in names.split(',') {
                if !features.set(name, false) {
                    return Err(CliError(format!(
                        "--off: unknown search feature '{name}' (known: {})",
                        search::Features::NAMES.join(", ")
                    )));
                }
            }
        } else {
            depth = a
                .parse()
                .ok()
                .filter(|&d| (1..=64).contains(&d))
                .ok_or_else(|| {
                    CliError(format!("bench: depth '{a}' must be a number from 1 to 64"))
                })?;
        }
    }
    let (chess_nodes, chess_time) = search::bench::run_with::<movegen::chess::Position>(
        search::bench::CHESS_POSITIONS,
        depth,
        features,
    );
    let (shogi_nodes, shogi_time) = search::bench::run_with::<movegen::shogi::Position>(
        search::bench::SHOGI_POSITIONS,
        depth,
        features,
    );
    let (nodes, time) = (chess_nodes + shogi_nodes, chess_time + shogi_time);
    println!("Nodes searched: {nodes}");
    println!(
        "Nodes/second: {}",
        (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
    );
    let nps = |n: u64, t: std::time::Duration| (n as f64 / t.as_secs_f64().max(1e-9)) as u64;
    eprintln!(
        "time {:.3} s (chess family {chess_nodes} nodes, {} nps; shogi family {shogi_nodes} nodes, {} nps)",
        time.as_secs_f64(),
        nps(chess_nodes, chess_time),
        nps(shogi_nodes, shogi_time),
    );
    Ok(())
}

/// The depth `bench` uses without an argument.
pub const DEFAULT_BENCH_DEPTH: u32 = 9;

/// `triskelion [--variant V]`: the UCI/USI mode with a preset variant.
pub fn protocol_mode(args: &[String]) -> Result<(), CliError> {
    let args = Args::parse(args, &[])?;
    args.check_known(&["--variant"])?;
    let variant = args.variant(Variant::Chess)?;
    protocol::run_stdio(Some(variant));
    Ok(())
}

/// `tune-shogi`: fits the shogi evaluation's parameters to labelled
/// positions (`scripts/shogi_teacher.py` writes them) and prints the loss
/// per pass, the changed parameters and the whole tuned struct.
pub fn tune_shogi(args: &[String]) -> Result<(), CliError> {
    tune_eval(
        args,
        "tune-shogi",
        search::eval::shogi::ShogiParams::default(),
    )
}

/// `tune-chess`: the same for the chess evaluation (FEN lines, scores
/// from White's side).
pub fn tune_chess(args: &[String]) -> Result<(), CliError> {
    tune_eval(
        args,
        "tune-chess",
        search::eval::chess::ChessParams::default(),
    )
}

/// `train-nnue`: trains a chess or shogi network of `search::eval::nnue` on
/// labelled positions (`gen-data`, `scripts/nnue_data.py`) and writes it to
/// `--out`.
pub fn train_nnue(args: &[String]) -> Result<(), CliError> {
    use search::eval::nnue::{is_hidden_size, InputSet, KingLayout, DEFAULT_HIDDEN, MAX_HIDDEN};
    use search::eval::nnue_train::{read_samples, train, TrainConfig};
    let a = Args::parse(args, &["--residual", "--screlu", "--mirror"])?;
    a.check_known(&[
        "--variant",
        "--mirror",
        "--test",
        "--data",
        "--out",
        "--residual",
        "--screlu",
        "--epochs",
        "--batch",
        "--rate",
        "--lambda",
        "--holdout",
        "--threads",
        "--seed",
        "--buckets",
        "--hidden",
        "--king-buckets",
        "--init",
    ])?;
    // The shape of a network to start from is its own: --hidden, --buckets,
    // --king-buckets, --screlu and --residual default to it (a contradiction is refused below,
    // before the data is read).
    let init = match a.value("--init") {
        None => None,
        Some(path) => Some(
            std::fs::read(path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| search::eval::nnue::Network::from_bytes(&bytes))
                .map_err(|e| CliError(format!("--init: {path}: {e}")))?,
        ),
    };
    let data = a
        .value("--data")
        .ok_or_else(|| CliError("train-nnue: --data FILE[,FILE...] is required".into()))?;
    let out = a
        .value("--out")
        .ok_or_else(|| CliError("train-nnue: --out NET is required".into()))?;
    let kings = match a.value("--king-buckets") {
        None => init.as_ref().map_or(KingLayout::NONE, |n| n.kings),
        Some(v) => v
            .parse()
            .ok()
            .and_then(KingLayout::preset)
            .ok_or_else(|| CliError(format!("--king-buckets: '{v}' must be 1 or 4")))?,
    };
    let cfg = TrainConfig {
        epochs: number(&a, "--epochs", 20, |&n| (1..=10_000).contains(&n))
            .map_err(|v| CliError(format!("--epochs: '{v}' must be 1 to 10000")))?,
        batch: number(&a, "--batch", 16_384, |&n| (1..=1 << 24).contains(&n))
            .map_err(|v| CliError(format!("--batch: '{v}' must be 1 to 16777216")))?,
        lr: number(&a, "--rate", 0.001, |&x: &f32| x > 0.0 && x.is_finite())
            .map_err(|v| CliError(format!("--rate: '{v}' must be a positive number")))?,
        lambda: number(&a, "--lambda", 1.0, |&x: &f32| (0.0..=1.0).contains(&x))
            .map_err(|v| CliError(format!("--lambda: '{v}' must be 0 to 1")))?,
        holdout: number(&a, "--holdout", 0.02, |&x: &f64| (0.0..1.0).contains(&x))
            .map_err(|v| CliError(format!("--holdout: '{v}' must be at least 0 and below 1")))?,
        threads: number(&a, "--threads", 2, |&n| (1..=256).contains(&n))
            .map_err(|v| CliError(format!("--threads: '{v}' must be 1 to 256")))?,
        seed: number(&a, "--seed", 1, |_: &u64| true)
            .map_err(|v| CliError(format!("--seed: '{v}' must be a whole number")))?,
        residual: a.flag("--residual") || init.as_ref().is_some_and(|n| n.residual),
        buckets: number(
            &a,
            "--buckets",
            init.as_ref().map_or(1, |n| n.output_bias.len()),
            |&n| (1..=16).contains(&n),
        )
        .map_err(|v| CliError(format!("--buckets: '{v}' must be 1 to 16")))?,
        hidden: number(
            &a,
            "--hidden",
            init.as_ref().map_or(DEFAULT_HIDDEN, |n| n.hidden),
            |&n| is_hidden_size(n),
        )
        .map_err(|v| {
            CliError(format!(
                "--hidden: '{v}' must be a multiple of 16 up to {MAX_HIDDEN}"
            ))
        })?,
        squared: a.flag("--screlu") || init.as_ref().is_some_and(|n| n.squared),
        set: match a.value("--variant") {
            None | Some("chess") => InputSet::Chess,
            Some("shogi") => InputSet::Shogi,
            Some(v) => {
                return Err(CliError(format!(
                    "--variant: '{v}': networks are trained for chess or shogi"
                )))
            }
        },
        kings,
        init,
    };
    cfg.check_shape()
        .map_err(|e| CliError(format!("train-nnue: {e}")))?;
    let files = |list: &str| -> Vec<String> { list.split(',').map(str::to_string).collect() };
    let start = Instant::now();
    let mut samples = read_samples(
        cfg.set,
        &cfg.kings,
        &files(data),
        cfg.residual,
        a.flag("--mirror"),
    )
    .map_err(|e| CliError(format!("train-nnue: {e}")))?;
    eprintln!(
        "{} positions read in {:.1} s",
        samples.len(),
        start.elapsed().as_secs_f64()
    );
    let test = match a.value("--test") {
        None => Vec::new(),
        Some(list) => read_samples(cfg.set, &cfg.kings, &files(list), cfg.residual, false)
            .map_err(|e| CliError(format!("train-nnue: --test: {e}")))?,
    };
    let net = train(&mut samples, &test, &cfg, |line| {
        eprintln!("{line} ({:.0} s)", start.elapsed().as_secs_f64())
    })
    .map_err(|e| CliError(format!("train-nnue: {e}")))?;
    let bytes = net.quantise().to_bytes();
    std::fs::write(out, &bytes).map_err(|e| CliError(format!("cannot write {out}: {e}")))?;
    eprintln!("wrote {out} ({} bytes)", bytes.len());
    Ok(())
}

/// The value of option `name` (or `default` without one) when it parses
/// and `ok` accepts it; else the text given.
pub(crate) fn number<T: std::str::FromStr>(
    a: &Args,
    name: &str,
    default: T,
    ok: impl Fn(&T) -> bool,
) -> Result<T, String> {
    match a.value(name) {
        None => Ok(default),
        Some(v) => v
            .parse()
            .ok()
            .filter(|x| ok(x))
            .ok_or_else(|| v.to_string()),
    }
}

fn tune_eval<T: search::eval::tune::Tunable + std::fmt::Debug>(
    args: &[String],
    command: &str,
    start: T,
) -> Result<(), CliError> {
    use search::eval::tune;
    let a = Args::parse(args, &["--resolve"])?;
    a.check_known(&[
        "--data",
        "--passes",
        "--k",
        "--method",
        "--epochs",
        "--l2",
        "--rate",
        "--resolve",
        "--only",
    ])?;
    let gradient = match a.value("--method") {
        None | Some("gradient") => true,
        Some("descent") => false,
        Some(v) => {
            return Err(CliError(format!(
                "--method: '{v}' must be gradient or descent"
            )))
        }
    };
    let path = a
        .value("--data")
        .ok_or_else(|| CliError(format!("{command}: --data FILE is required")))?;
    let passes: usize = number(&a, "--passes", if gradient { 3 } else { 10 }, |&n| {
        (1..=1000).contains(&n)
    })
    .map_err(|v| CliError(format!("--passes: '{v}' must be 1 to 1000")))?;
    let epochs: usize = number(&a, "--epochs", 2000, |&n| (1..=100_000).contains(&n))
        .map_err(|v| CliError(format!("--epochs: '{v}' must be 1 to 100000")))?;
    let l2: f64 = number(&a, "--l2", 3e-8, |&x: &f64| x >= 0.0 && x.is_finite())
        .map_err(|v| CliError(format!("--l2: '{v}' must be a number >= 0")))?;
    let rate: f64 = number(&a, "--rate", 0.25, |&x: &f64| x > 0.0 && x.is_finite())
        .map_err(|v| CliError(format!("--rate: '{v}' must be a positive number")))?;
    let k: f64 = number(&a, "--k", 400.0, |&k: &f64| k > 0.0 && k.is_finite())
        .map_err(|v| CliError(format!("--k: '{v}' must be a positive number")))?;
    // Prefixes of the tunables' names that may change; each must name
    // at least one.
    let only: Vec<String> = a
        .value("--only")
        .map(|v| v.split(',').map(str::to_string).collect())
        .unwrap_or_default();
    let names: Vec<String> = start.clone().tunables().into_iter().map(|t| t.0).collect();
    for prefix in &only {
        if prefix.is_empty() || !names.iter().any(|n| n.starts_with(prefix.as_str())) {
            return Err(CliError(format!(
                "--only: '{prefix}' is the start of no tunable's name"
            )));
        }
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("{command}: cannot read '{path}': {e}")))?;
    let (samples, skipped) = tune::load::<T>(&text, k, a.flag("--resolve"))
        .map_err(|e| CliError(format!("{command}: {path}: {e}")))?;
    if samples.is_empty() {
        return Err(CliError(format!(
            "{command}: no quiet position in '{path}'"
        )));
    }
    // Every tenth block of 100 positions is held out to stop before
    // over-fitting: the teachers write a game's positions together, so
    // whole blocks keep the held-out positions mostly from other games
    // (a position's neighbours in its game would flatter an over-fit).
    // Files under 1,000 positions hold out every tenth position.
    let block = if samples.len() >= 1000 { 100 } else { 1 };
    let (mut train, mut check) = (Vec::new(), Vec::new());
    for (i, s) in samples.into_iter().enumerate() {
        if (i / block) % 10 == 9 {
            check.push(s);
        } else {
            train.push(s);
        }
    }
    println!(
        "{} quiet positions to fit, {} held out ({skipped} skipped as not quiet); loss {:.6} / {:.6}",
        train.len(),
        check.len(),
        tune::loss(&train, &start, k),
        tune::loss(&check, &start, k)
    );
    let mut report = |pass, l: f64, c: f64| {
        println!("pass {pass}: loss {l:.6}, held out {c:.6}");
    };
    let tuned = if gradient {
        tune::tune_gradient(
            &train,
            &check,
            start.clone(),
            k,
            &tune::GradientOptions {
                passes,
                epochs,
                l2,
                rate,
                only: &only,
            },
            &mut report,
        )
    } else {
        tune::tune(&train, &check, start.clone(), k, passes, &only, &mut report)
    };
    let (mut before, mut after) = (start, tuned.clone());
    for ((name, old, _), (_, new, _)) in before.tunables().into_iter().zip(after.tunables()) {
        if *old != *new {
            println!("{name}: {old} -> {new}");
        }
    }
    println!("{tuned:#?}");
    Ok(())
}
