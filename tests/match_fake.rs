//! `triskelion match` against scripted fake engines
//! (`tests/fake_engines/fake_engine.py`): games end by the rules, and an
//! engine that plays an illegal move, crashes, hangs, never answers
//! `isready`, prints garbage or overdraws its clock loses that game, is
//! restarted, and the match finishes.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::Instant;

const FOOLS_MATE: &str = "f2f3:e7e5:g2g4:d8h4";
const MENG_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2 0 - -";
/// Mengchess after f2f3 e7e5 g2g4 (Black mates with d8h4).
const MENG_G4: &str = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2 2 0 - -";
const SHUFFLE: &str = "g1f3:g8f6:f3g1:f6g8:g1f3:g8f6:f3g1:f6g8:g1f3:g8f6";

fn fake(name: &str, line: &str, extra: &str) -> String {
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fake_engines/fake_engine.py");
    format!(
        "cmd=python3 {} --line {line} {extra},name={name}",
        script.display()
    )
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("triskelion-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_triskelion"))
        .arg("match")
        .args(args)
        .output()
        .expect("run triskelion")
}

struct Match {
    out: Output,
    pgn: String,
    secs: f64,
}

impl Match {
    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.out.stdout).into_owned()
    }
    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.out.stderr).into_owned()
    }
    /// The PGN games, each with its line breaks turned into spaces.
    fn games(&self) -> Vec<String> {
        self.pgn
            .split("[Event ")
            .skip(1)
            .map(|g| g.replace('\n', " "))
            .collect()
    }
}

/// Runs a match of `a` against `b` with the PGN in a temporary file.
fn play(file: &str, a: &str, b: &str, extra: &[&str]) -> Match {
    let pgn = tmp(file);
    let mut args = vec!["--engine", a, "--engine", b, "--out", pgn.to_str().unwrap()];
    args.extend_from_slice(extra);
    let start = Instant::now();
    let out = run(&args);
    let secs = start.elapsed().as_secs_f64();
    let pgn = std::fs::read_to_string(&pgn).unwrap_or_default();
    let m = Match { out, pgn, secs };
    assert!(m.out.status.success(), "{}\n{}", m.stderr(), m.stdout());
    m
}

fn tag<'a>(game: &'a str, name: &str) -> &'a str {
    let key = format!("[{name} \"");
    let start = game
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} tag in {game}"))
        + key.len();
    let end = game[start..].find('"').unwrap() + start;
    &game[start..end]
}

#[test]
fn games_end_by_the_rules_with_colours_swapped() {
    let m = play(
        "mate.pgn",
        &fake("a", FOOLS_MATE, ""),
        &fake("b", FOOLS_MATE, ""),
        &["--movetime", "100", "--timemargin", "400"],
    );
    let games = m.games();
    assert_eq!(games.len(), 2, "{}", m.pgn);
    let mut whites = Vec::new();
    for g in &games {
        assert_eq!(tag(g, "Result"), "0-1");
        assert_eq!(tag(g, "Termination"), "normal");
        assert_eq!(tag(g, "Variant"), "chess");
        assert_eq!(tag(g, "TimeControl"), "0.1/move");
        assert!(
            g.contains("1. f2f3 e7e5 2. g2g4 d8h4 {Black mates} 0-1"),
            "{g}"
        );
        assert!(!g.contains("[FEN"));
        whites.push(tag(g, "White").to_string());
    }
    whites.sort();
    assert_eq!(whites, ["a", "b"]);
    // Each engine won once, with Black.
    assert!(
        m.stdout()
            .contains("a vs b: 2 games, +1 -1 =0, score 50.0%"),
        "{}",
        m.stdout()
    );
    assert!(m
        .stdout()
        .contains("pairs 1 [LL LD DD/WL WD WW]: [0 0 1 0 0]"));
    // Progress on a non-terminal stderr: plain lines per game.
    assert!(
        m.stderr().contains("game 1 (a vs b): 0-1 {Black mates}"),
        "{}",
        m.stderr()
    );
}

#[test]
fn illegal_and_garbage_moves_lose_with_the_position_logged() {
    let m = play(
        "illegal.pgn",
        &fake("good", FOOLS_MATE, ""),
        &fake("bad", FOOLS_MATE, "--mode illegal --at 1"),
        &["--movetime", "100", "--timemargin", "400"],
    );
    let games = m.games();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(tag(g, "Termination"), "rules infraction");
        let good_white = tag(g, "White") == "good";
        assert_eq!(tag(g, "Result"), if good_white { "1-0" } else { "0-1" });
    }
    let text = m.pgn.replace('\n', " ");
    assert!(text.contains("{bad makes an illegal move: move 'h1h8': the piece on h1 belongs to the opponent, in position rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1}"), "{text}");
    assert!(text.contains("{bad makes an illegal move: move 'h1h8': not a legal move in this position, in position rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2}"), "{text}");
    assert!(m.stdout().contains("good vs bad: 2 games, +2 -0 =0"));

    let log = tmp("garbage.log");
    let m = play(
        "garbage.pgn",
        &fake("good", FOOLS_MATE, ""),
        &fake("junk", FOOLS_MATE, "--mode garbage"),
        &[
            "--movetime",
            "100",
            "--timemargin",
            "400",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    // The junk engine is restarted after its loss; the good one is kept.
    let log = std::fs::read_to_string(log).unwrap();
    let starts = |who: &str| {
        log.lines()
            .filter(|l| l.contains(&format!("{who}[")) && l.contains("* started"))
            .count()
    };
    assert_eq!((starts("junk"), starts("good")), (2, 1), "{log}");
    assert_eq!(m.games().len(), 2);
    assert!(
        m.pgn
            .replace('\n', " ")
            .contains("junk makes an illegal move: move '@@garbage@@'"),
        "{}",
        m.pgn
    );
    assert!(m.stdout().contains("good vs junk: 2 games, +2 -0 =0"));
    assert!(m
        .stdout()
        .contains("junk lost by failure: 2 rules infraction\n"));
}

#[test]
fn a_crashing_engine_loses_and_is_restarted() {
    let log = tmp("crash.log");
    let m = play(
        "crash.pgn",
        &fake("good", SHUFFLE, ""),
        &fake("crashy", SHUFFLE, "--mode crash --at 2"),
        &[
            "--movetime",
            "100",
            "--timemargin",
            "400",
            "--rounds",
            "2",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    let games = m.games();
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(tag(g, "Termination"), "abandoned");
        assert!(g.contains("crashy exited (crashed or quit) after"), "{g}");
    }
    assert!(m.stdout().contains("good vs crashy: 4 games, +4 -0 =0"));
    assert!(
        m.stdout().contains("crashy lost by failure: 4 abandoned\n"),
        "{}",
        m.stdout()
    );
    assert!(!m.stdout().contains("good lost by failure"));
    // One process per game for the crashing engine: four starts.
    let log = std::fs::read_to_string(log).unwrap();
    let starts = log
        .lines()
        .filter(|l| l.contains("crashy[") && l.contains("* started"))
        .count();
    assert_eq!(starts, 4, "{log}");
    assert!(log.contains("good[w1.1] > go movetime 100"));
    // The engines' stderr goes to the log too.
    assert!(
        log.contains("crashy[w1.4] ! fake engine crash starting"),
        "{log}"
    );
    let good_starts = log
        .lines()
        .filter(|l| l.contains("good[") && l.contains("* started"))
        .count();
    assert_eq!(good_starts, 1, "a healthy engine is kept between games");
}

#[test]
fn hanging_and_unready_engines_lose_without_hanging_the_match() {
    let m = play(
        "hang.pgn",
        &fake("good", SHUFFLE, ""),
        &fake("hangs", SHUFFLE, "--mode hang --at 1"),
        &["--movetime", "50", "--timemargin", "300"],
    );
    for g in &m.games() {
        assert_eq!(tag(g, "Termination"), "time forfeit");
        assert!(g.contains("hangs did not send 'bestmove' in time"), "{g}");
    }
    assert!(m.stdout().contains("good vs hangs: 2 games, +2 -0 =0"));
    assert!(m.secs < 10.0, "took {} s", m.secs);

    let m = play(
        "noready.pgn",
        &fake("good", SHUFFLE, ""),
        &fake("sleepy", SHUFFLE, "--mode noready"),
        &[
            "--depth",
            "1",
            "--init-timeout",
            "2000",
            "--concurrency",
            "2",
        ],
    );
    for g in &m.games() {
        assert_eq!(tag(g, "Termination"), "abandoned");
        assert!(
            g.contains("sleepy did not send 'readyok' in time at the start"),
            "{g}"
        );
    }
    assert!(m.stdout().contains("good vs sleepy: 2 games, +2 -0 =0"));

    let m = play(
        "silent.pgn",
        &fake("mute", SHUFFLE, "--mode silent"),
        &fake("good", SHUFFLE, ""),
        &["--depth", "1", "--init-timeout", "2000"],
    );
    assert!(
        m.pgn
            .replace('\n', " ")
            .contains("mute did not send 'uciok' in time"),
        "{}",
        m.pgn
    );
    assert!(m.stdout().contains("mute vs good: 2 games, +0 -2 =0"));
}

#[test]
fn clock_overdraw_is_a_time_forfeit() {
    let m = play(
        "flag.pgn",
        &fake("fast", SHUFFLE, ""),
        &fake("slow", SHUFFLE, "--sleep 600"),
        &["--tc", "0.3+0", "--timemargin", "150"],
    );
    for g in &m.games() {
        assert_eq!(tag(g, "Termination"), "time forfeit");
        assert_eq!(tag(g, "TimeControl"), "0.3");
        assert!(g.contains("slow loses on time"), "{g}");
    }
    assert!(m.stdout().contains("fast vs slow: 2 games, +2 -0 =0"));

    // Against a lone king, overdrawing the clock is a draw (FIDE 6.9).
    let book = tmp("lone.txt");
    std::fs::write(&book, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1\n").unwrap();
    let line = "a1a2:e5e4:a2a1:e4e5";
    let m = play(
        "lone.pgn",
        &fake("fast", line, ""),
        &fake("slow", line, "--sleep 600"),
        &[
            "--tc",
            "0.3",
            "--timemargin",
            "150",
            "--openings",
            book.to_str().unwrap(),
        ],
    );
    for g in &m.games() {
        assert_eq!(tag(g, "Termination"), "time forfeit");
        if tag(g, "White") == "slow" {
            assert_eq!(tag(g, "Result"), "1/2-1/2");
            assert!(g.contains("but the opponent cannot mate: draw"), "{g}");
        } else {
            assert_eq!(tag(g, "Result"), "1-0");
        }
    }
}

#[test]
fn repetition_and_score_adjudication() {
    let m = play(
        "rep.pgn",
        &fake("a", SHUFFLE, ""),
        &fake("b", SHUFFLE, ""),
        &["--depth", "2"],
    );
    for g in &m.games() {
        assert_eq!(tag(g, "Result"), "1/2-1/2");
        assert!(g.contains("{threefold repetition}"), "{g}");
        // The third occurrence arrives with the eighth move.
        assert!(g.contains("4. f3g1 f6g8 {threefold"), "{g}");
    }

    let m = play(
        "resign.pgn",
        &fake("hopeful", SHUFFLE, "--score 30"),
        &fake("gloomy", SHUFFLE, "--score -700"),
        &["--depth", "2", "--resign", "movecount=2,score=600"],
    );
    for g in &m.games() {
        assert_eq!(tag(g, "Termination"), "adjudication");
        let gloomy_white = tag(g, "White") == "gloomy";
        // The loser's second move is ply 3 as White, ply 4 as Black.
        assert_eq!(tag(g, "Result"), if gloomy_white { "0-1" } else { "1-0" });
        let moves = if gloomy_white {
            "2. f3g1 {"
        } else {
            "2. f3g1 f6g8 {"
        };
        assert!(g.contains(moves), "{g}");
    }
    assert!(m.stdout().contains("hopeful vs gloomy: 2 games, +2 -0 =0"));

    let m = play(
        "maxplies.pgn",
        &fake("a", SHUFFLE, "--score 0"),
        &fake("b", SHUFFLE, "--score 0"),
        &["--depth", "2", "--maxplies", "3"],
    );
    for g in &m.games() {
        assert_eq!(tag(g, "Result"), "1/2-1/2");
        assert!(
            g.contains("2. f3g1 {maximum game length of 3 plies reached}"),
            "{g}"
        );
    }
    let m = play(
        "draw.pgn",
        &fake("a", SHUFFLE, "--score 3"),
        &fake("b", SHUFFLE, "--score -3"),
        &["--depth", "2", "--draw", "movenumber=2,movecount=2,score=5"],
    );
    for g in &m.games() {
        assert_eq!(tag(g, "Termination"), "adjudication");
        assert!(g.contains("2. f3g1 f6g8 {both scores within 5 cp"), "{g}");
    }
}

#[test]
fn openings_from_a_file_with_fen_and_moves() {
    let book = tmp("book.txt");
    std::fs::write(
        &book,
        "# two openings\n6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30\nf2f3 e7e5\n",
    )
    .unwrap();
    // Both engines play Rook a1-a8 at ply 0 and Fool's Mate after it.
    let line = "a1a8:e7e5:g2g4:d8h4";
    let m = play(
        "book.pgn",
        &fake("a", line, ""),
        &fake("b", line, ""),
        &[
            "--depth",
            "1",
            "--rounds",
            "2",
            "--openings",
            book.to_str().unwrap(),
        ],
    );
    let games = m.games();
    assert_eq!(games.len(), 4);
    let (from_fen, from_moves): (Vec<_>, Vec<_>) = games.iter().partition(|g| g.contains("[FEN"));
    assert_eq!(from_fen.len(), 2);
    for g in from_fen {
        assert_eq!(tag(g, "FEN"), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30");
        assert_eq!(tag(g, "SetUp"), "1");
        assert_eq!(tag(g, "Result"), "1-0");
        assert!(g.contains("30. a1a8 {White mates} 1-0"), "{g}");
    }
    // Round 2: the opening's moves are part of the game record.
    for g in from_moves {
        assert_eq!(tag(g, "Result"), "0-1");
        assert!(
            g.contains("1. f2f3 e7e5 2. g2g4 d8h4 {Black mates} 0-1"),
            "{g}"
        );
    }
    assert!(
        m.stdout().contains("a vs b: 4 games, +2 -2 =0"),
        "{}",
        m.stdout()
    );
}

#[test]
fn sprt_stops_at_a_bound() {
    // All two-win pairs: the LLR passes the bound at once, but the test
    // decides only from 20 pairs on (stats.rs): H1 after 40 games.
    let m = play(
        "sprt1.pgn",
        &fake("good", FOOLS_MATE, ""),
        &fake("bad", FOOLS_MATE, "--mode illegal"),
        &[
            "--depth", "1", "--rounds", "50", "--sprt", "elo0=0", "elo1=10",
        ],
    );
    assert_eq!(m.games().len(), 40);
    assert!(
        m.stdout().contains("Match of 40 games (100 planned)"),
        "{}",
        m.stdout()
    );
    assert!(m.stdout().contains("H1 accepted"), "{}", m.stdout());
    assert!(
        m.stderr()
            .contains("good vs bad: 40 games, +40 -0 =0, score 100.0%"),
        "{}",
        m.stderr()
    );
    assert!(
        m.stderr().contains("LLR 1512.80 [-2.94, 2.94]"),
        "{}",
        m.stderr()
    );
    // All draws: H0 after 20 pairs (LLR -0.1656 N^2, below -2.944 from
    // N = 5 on, but 20 pairs are needed).
    let m = play(
        "sprt0.pgn",
        &fake("a", SHUFFLE, ""),
        &fake("b", SHUFFLE, ""),
        &[
            "--depth",
            "1",
            "--rounds",
            "50",
            "--sprt",
            "elo0=0,elo1=10,alpha=0.05,beta=0.05",
        ],
    );
    assert!(
        m.stdout().contains("Match of 40 games (100 planned)"),
        "{}",
        m.stdout()
    );
    assert!(m.stdout().contains("LLR -66.25"), "{}", m.stdout());
    assert!(m.stdout().contains("H0 accepted"));
}

#[test]
fn gauntlet_and_round_robin_pairings() {
    let a = fake("a", FOOLS_MATE, "");
    let b = fake("b", FOOLS_MATE, "");
    let c = fake("c", FOOLS_MATE, "--mode illegal");
    let rr = run(&[
        "--engine",
        &a,
        "--engine",
        &b,
        "--engine",
        &c,
        "--depth",
        "1",
        "--concurrency",
        "3",
    ]);
    assert!(rr.status.success());
    let text = String::from_utf8_lossy(&rr.stdout);
    assert!(text.contains("Match of 6 games (6 planned)"), "{text}");
    assert!(text.contains("a vs b: 2 games, +1 -1 =0"));
    assert!(text.contains("a vs c: 2 games, +2 -0 =0"));
    assert!(text.contains("b vs c: 2 games, +2 -0 =0"));
    assert!(
        text.contains("Standings:\n  1. a: 3 / 4\n  2. b: 3 / 4\n  3. c: 0 / 4\n"),
        "{text}"
    );
    let g = run(&[
        "--engine",
        &c,
        "--engine",
        &a,
        "--engine",
        &b,
        "--depth",
        "1",
        "--tournament",
        "gauntlet",
    ]);
    let text = String::from_utf8_lossy(&g.stdout);
    assert!(text.contains("Match of 4 games (4 planned)"), "{text}");
    assert!(text.contains("c vs a: 2 games, +0 -2 =0"));
    assert!(text.contains("c vs b: 2 games, +0 -2 =0"));
    assert!(!text.contains("a vs b"));
}

#[test]
fn help_prints_the_usage() {
    let o = run(&["--help"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("triskelion match [--variant V] --engine cmd=CMD"),
        "{text}"
    );
}

#[test]
fn bad_input_exits_with_status_2() {
    let a = fake("a", FOOLS_MATE, "");
    // An option the engine does not declare (Fairy-Stockfish's is
    // `Move Overhead`), a variant it does not offer.
    let a_overhead = format!("{a},option.Move_Overhead=300");
    let bare = fake("bare", FOOLS_MATE, "--options none");
    let shogi_only = fake("c", FOOLS_MATE, "--variants shogi");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--engine", &a, "--depth", "1"], "two --engine"),
        (
            vec!["--engine", &a, "--engine", &a, "--movetime", "x"],
            "not a valid number",
        ),
        (
            vec![
                "--engine",
                &a,
                "--engine",
                "cmd=/nonexistent/engine",
                "--depth",
                "1",
            ],
            "--engine engine: could not be started",
        ),
        (
            vec![
                "--engine",
                &a,
                "--engine",
                &a,
                "--depth",
                "1",
                "--openings",
                "/nonexistent/book",
            ],
            "--openings: /nonexistent/book",
        ),
        (
            vec![
                "--variant",
                "trisshogi",
                "--engine",
                &a,
                "--engine",
                &a,
                "--depth",
                "1",
                "--csa",
                "x.csa",
            ],
            "--csa: CSA records are for plain shogi, not trisshogi",
        ),
        (
            vec![
                "--engine",
                &a,
                "--engine",
                &a,
                "--depth",
                "1",
                "--frobnicate",
                "1",
            ],
            "unknown option",
        ),
        (
            vec!["--engine", &a_overhead, "--engine", &a, "--depth", "1"],
            "--engine a: declares no option 'Move_Overhead' (it declares: Hash, UCI_Variant)",
        ),
        (
            vec![
                "--variant",
                "mengchess",
                "--engine",
                &a,
                "--engine",
                &bare,
                "--depth",
                "1",
            ],
            "--engine bare: cannot play mengchess: it declares no UCI_Variant option",
        ),
        (
            vec![
                "--variant",
                "mengshogi",
                "--engine",
                &a,
                "--engine",
                &shogi_only,
                "--depth",
                "1",
            ],
            "--engine c: cannot play mengshogi: its USI_Variant does not offer it",
        ),
    ];
    for (args, message) in cases {
        let o = run(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(message),
            "{args:?}: {err}"
        );
    }
    let book = tmp("badbook.txt");
    std::fs::write(&book, "e2e4\ne2e4 e2e4\n").unwrap();
    let o = run(&[
        "--engine",
        &a,
        "--engine",
        &a,
        "--depth",
        "1",
        "--openings",
        book.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 2: move 2: move 'e2e4'"));
    // A shogi book with a bad SFEN and an illegal USI move.
    std::fs::write(&book, "sfen 9/9/9 b - 1\n").unwrap();
    let shogi = |book: &str| {
        run(&[
            "--variant",
            "shogi",
            "--engine",
            &a,
            "--engine",
            &a,
            "--depth",
            "1",
            "--openings",
            book,
        ])
    };
    let o = shogi(book.to_str().unwrap());
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        err.starts_with("error: --openings:") && err.contains("line 1"),
        "{err}"
    );
    std::fs::write(&book, "7g7f 7g7f\n").unwrap();
    let o = shogi(book.to_str().unwrap());
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(err.contains("line 1: move 2: move '7g7f'"), "{err}");
}

#[test]
fn tris_variants_are_selected_by_uci_variant() {
    let log = tmp("meng.log");
    let book = tmp("meng.txt");
    std::fs::write(&book, format!("{MENG_START} moves f2f3\n{MENG_G4}\n")).unwrap();
    let m = play(
        "meng.pgn",
        &fake("a", FOOLS_MATE, "--fen-offset 3"),
        &fake("b", FOOLS_MATE, "--fen-offset 3"),
        &[
            "--variant",
            "mengchess",
            "--depth",
            "1",
            "--rounds",
            "2",
            "--openings",
            book.to_str().unwrap(),
            "--log",
            log.to_str().unwrap(),
        ],
    );
    let games = m.games();
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(tag(g, "Variant"), "mengchess");
        assert_eq!(tag(g, "Result"), "0-1");
    }
    // Round 1: the start position written as an extended FEN is the start.
    for g in games.iter().filter(|g| tag(g, "Round").starts_with("1.")) {
        assert!(!g.contains("[FEN"), "{g}");
        assert!(
            g.contains("1. f2f3 e7e5 2. g2g4 d8h4 {Black mates} 0-1"),
            "{g}"
        );
    }
    // Round 2: a set-up position keeps all ten fields.
    for g in games.iter().filter(|g| tag(g, "Round").starts_with("2.")) {
        assert_eq!(tag(g, "FEN"), MENG_G4);
        assert!(g.contains("2... d8h4 {Black mates} 0-1"), "{g}");
    }
    let log = std::fs::read_to_string(log).unwrap();
    assert!(
        log.contains("a[w1.1] > setoption name UCI_Variant value mengchess"),
        "{log}"
    );
    assert!(
        log.contains("> position startpos moves f2f3 e7e5 g2g4"),
        "{log}"
    );
    assert!(
        log.contains(&format!("> position fen {MENG_G4}\n")),
        "{log}"
    );
    // Plain chess sends no UCI_Variant.
    let log2 = tmp("plain.log");
    play(
        "plain.pgn",
        &fake("a", FOOLS_MATE, ""),
        &fake("b", FOOLS_MATE, ""),
        &["--depth", "1", "--log", log2.to_str().unwrap()],
    );
    assert!(!std::fs::read_to_string(log2)
        .unwrap()
        .contains("setoption name UCI_Variant"));
}

/// On a terminal (a pseudo-terminal from util-linux `script`, part of
/// Debian's essential bsdutils) the progress is one line rewritten in
/// place; elsewhere it is plain lines (see the tests above).
#[test]
fn progress_is_a_live_line_on_a_terminal() {
    let a = fake("a", FOOLS_MATE, "");
    let b = fake("b", FOOLS_MATE, "");
    let command = format!(
        "'{}' match --engine '{a}' --engine '{b}' --depth 1 --rounds 2",
        env!("CARGO_BIN_EXE_triskelion")
    );
    let out = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("util-linux script");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\r\x1b[K[1/4] a vs b: 1 games"), "{text:?}");
    assert!(
        text.contains("\r\x1b[K[4/4] a vs b: 4 games, +2 -2 =0"),
        "{text:?}"
    );
    assert!(!text.contains("game 1 (a vs b)"), "{text:?}");
}
