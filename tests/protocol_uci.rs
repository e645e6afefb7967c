//! The UCI front end driven over pipes as a GUI drives it. Every line the
//! engine prints in chess mode must parse with vampirc-uci, an independent
//! UCI grammar (which never reads our input side), except the lines it has
//! no grammar for: `bestmove (none)` and the `go perft` report.

mod common;

use std::time::{Duration, Instant};

use common::engine::{any_bestmove, bestmove, field, Engine, PATIENCE};
use movegen::chess::Position;
use movegen::{Game, Variant};
use vampirc_uci::UciMessage;

fn uci_engine(args: &[&str]) -> Engine {
    let mut e = Engine::start(args);
    e.send("uci");
    e.expect("uciok", PATIENCE);
    e
}

/// The vampirc-uci check over everything the engine printed.
fn check_grammar(e: &Engine) {
    e.assert_ascii();
    for raw in &e.log {
        let line = String::from_utf8_lossy(raw);
        if line.is_empty() || line == "bestmove (none)" || line.starts_with("Nodes searched") {
            continue;
        }
        if line.split(':').count() == 2 && !line.starts_with("info") {
            continue; // a `go perft` line
        }
        if let UciMessage::Unknown(text, err) = vampirc_uci::parse_one(&line) {
            panic!("vampirc-uci cannot parse '{text}': {err:?}");
        }
    }
}

fn legal_in(variant: Variant, fen: Option<&str>, moves: &str, mv: &str) -> bool {
    let pos = match fen {
        Some(f) => Position::from_fen(variant, f).unwrap(),
        None => Position::startpos(variant),
    };
    let pos = pos.play_sequence(moves).unwrap();
    pos.parse_move(mv).is_ok()
}

#[test]
fn handshake_and_options() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let lines = e.expect("uciok", PATIENCE);
    assert!(lines[0].starts_with("id name Triskelion "), "{lines:?}");
    assert!(lines[1].starts_with("id author "));
    for want in [
        "option name Hash type spin default 16 min 1",
        "option name Threads type spin default 1 min 1",
        "option name MultiPV type spin default 1 min 1",
        "option name Ponder type check default false",
        "option name Move Overhead type spin default 30 min 0",
        "option name Clear Hash type button",
        "option name UCI_Variant type combo default chess var chess var mengchess",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(want)),
            "{want} in {lines:?}"
        );
    }
    for set in [
        "setoption name Hash value 8",
        "setoption name Threads value 2",
        "setoption name MultiPV value 2",
        "setoption name Ponder value true",
        "setoption name Move Overhead value 10",
        "setoption name Clear Hash",
        "setoption name hash value 4",
        "ucinewgame",
    ] {
        e.send(set);
    }
    assert_eq!(
        e.sync(),
        Vec::<String>::new(),
        "options are accepted silently"
    );
    // debug on: the go parameters are echoed as an info string.
    e.send("debug on");
    e.send("go depth 1");
    let lines = e.expect("bestmove", PATIENCE);
    assert!(
        lines[0].starts_with("info string debug: side 0"),
        "{lines:?}"
    );
    e.send("debug off");
    e.send("go depth 1");
    let lines = e.expect("bestmove", PATIENCE);
    assert!(!lines.iter().any(|l| l.contains("debug")), "{lines:?}");
    e.send("position startpos moves e2e4");
    e.send("go depth 4");
    let lines = e.expect("bestmove", PATIENCE);
    // MultiPV 2: both lines at each depth.
    assert!(lines.iter().any(|l| field(l, "multipv") == Some("2")));
    let (mv, _) = bestmove(lines.last().unwrap());
    assert!(legal_in(Variant::Chess, None, "e2e4", &mv));
    e.send("quit");
    assert!(e.exits_within(Duration::from_secs(5)));
    check_grammar(&e);
}

#[test]
fn search_limits_and_info_fields() {
    let mut e = uci_engine(&[]);
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 5");
    let lines = e.expect("bestmove", PATIENCE);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 5, "{lines:?}");
    for (i, l) in infos.iter().enumerate() {
        assert_eq!(field(l, "depth"), Some((i + 1).to_string().as_str()));
        for key in [
            "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv",
        ] {
            assert!(field(l, key).is_some(), "{key} in {l}");
        }
    }
    let (mv, ponder) = bestmove(lines.last().unwrap());
    assert!(legal_in(Variant::Chess, None, "e2e4 e7e5 g1f3", &mv));
    let ponder = ponder.expect("a ponder move after depth 5");
    assert!(legal_in(
        Variant::Chess,
        None,
        &format!("e2e4 e7e5 g1f3 {mv}"),
        &ponder
    ));

    // movetime, nodes, a clock, searchmoves.
    let t = Instant::now();
    e.send("go movetime 300");
    e.expect("bestmove", PATIENCE);
    let took = t.elapsed();
    assert!(
        took >= Duration::from_millis(100) && took < Duration::from_millis(1500),
        "{took:?}"
    );
    e.send("go nodes 3000");
    let lines = e.expect("bestmove", PATIENCE);
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(field(last_info, "nodes").unwrap().parse::<u64>().unwrap() < 3000 + 5000);
    let t = Instant::now();
    e.send("go wtime 1000 btime 1000 winc 0 binc 0 movestogo 10");
    e.expect("bestmove", PATIENCE);
    assert!(
        t.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
    e.send("go depth 3 searchmoves a7a6 h7h6");
    let (mv, _) = bestmove(e.expect("bestmove", PATIENCE).last().unwrap());
    assert!(mv == "a7a6" || mv == "h7h6", "{mv}");
    e.send("go depth 300");
    e.send("stop");
    e.expect("bestmove", PATIENCE);
    check_grammar(&e);
}

#[test]
fn stop_isready_and_quit_during_search() {
    let mut e = uci_engine(&[]);
    let mut worst = Duration::ZERO;
    for _ in 0..3 {
        e.send("position startpos");
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(300));
        // isready is answered during the search, before any bestmove.
        e.send("isready");
        let lines = e.expect("readyok", Duration::from_millis(500));
        assert!(!any_bestmove(&lines), "{lines:?}");
        let sent = Instant::now();
        e.send("stop");
        let (_, at) = e.expect_timed("bestmove", PATIENCE);
        worst = worst.max(at.duration_since(sent));
    }
    assert!(worst < Duration::from_millis(50), "stop took {worst:?}");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("quit");
    assert!(e.exits_within(Duration::from_secs(2)), "quit ends a search");
    check_grammar(&e);

    // The end of input also ends a search and the engine.
    let mut e = uci_engine(&[]);
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.close_input();
    assert!(
        e.exits_within(Duration::from_secs(2)),
        "end of input ends the engine"
    );
}

#[test]
fn ponder_then_ponderhit_or_stop() {
    let mut e = uci_engine(&[]);
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 3000 btime 3000");
    let early = e.drain(Duration::from_millis(400));
    assert!(!any_bestmove(&early), "no bestmove while pondering");
    let sent = Instant::now();
    e.send("ponderhit");
    let (lines, at) = e.expect_timed("bestmove", PATIENCE);
    let took = at.duration_since(sent);
    assert!(
        took < Duration::from_millis(1300),
        "after ponderhit the clock runs: {took:?}"
    );
    let (mv, _) = bestmove(lines.last().unwrap());
    assert!(legal_in(Variant::Chess, None, "e2e4 e7e5", &mv));
    // A ponder miss: stop, then the real search.
    e.send("go ponder wtime 3000 btime 3000");
    std::thread::sleep(Duration::from_millis(100));
    e.send("stop");
    e.expect("bestmove", PATIENCE);
    // A ponder search that ends early (mate found) still waits for ponderhit.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go ponder depth 3");
    let early = e.drain(Duration::from_millis(300));
    assert!(!any_bestmove(&early), "{early:?}");
    e.send("ponderhit");
    let (mv, _) = bestmove(e.expect("bestmove", PATIENCE).last().unwrap());
    assert_eq!(mv, "d1d8");
    check_grammar(&e);
}

#[test]
fn mates_and_no_legal_move() {
    let mut e = uci_engine(&[]);
    // Back-rank mate in 1: mate counted in moves.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go depth 4");
    let lines = e.expect("bestmove", PATIENCE);
    assert!(
        lines.iter().any(|l| l.contains("score mate 1 ")),
        "{lines:?}"
    );
    assert_eq!(bestmove(lines.last().unwrap()).0, "d1d8");
    // Mate in 2 moves (3 plies) with `go mate 2`.
    e.send("position fen 7k/8/8/8/8/8/R7/1R4K1 w - - 0 1");
    e.send("go mate 2");
    let lines = e.expect("bestmove", PATIENCE);
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert_eq!(field(last, "mate"), Some("2"), "{lines:?}");
    // The mated side.
    e.send("position fen 3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1");
    e.send("go depth 5");
    let lines = e.expect("bestmove", PATIENCE);
    assert_eq!(lines[lines.len() - 2], "info depth 0 score mate 0");
    assert_eq!(lines[lines.len() - 1], "bestmove (none)");
    // Stalemate.
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go wtime 1000 btime 1000");
    let lines = e.expect("bestmove", PATIENCE);
    assert_eq!(lines[lines.len() - 2], "info depth 0 score cp 0");
    assert_eq!(lines[lines.len() - 1], "bestmove (none)");
    check_grammar(&e);
}

#[test]
fn bad_input_is_reported_and_the_state_kept() {
    let mut e = uci_engine(&[]);
    e.send("position startpos moves e2e4 e7e5");
    e.send("d");
    let before: Vec<String> = e.sync();
    let fen_before = before
        .iter()
        .find(|l| l.starts_with("info string fen "))
        .unwrap()
        .clone();
    let bad = [
        ("xyzzy", "unknown command 'xyzzy'"),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8 w KQkq - 0 1",
            "position: FEN",
        ),
        ("position startpos moves e2e4 e7e5 g1f3 e8e6", "move 4 of 4"),
        ("position startpos moves e2e4 zz", "'zz'"),
        ("position startpos moves T@e4", "'T@e4'"),
        ("setoption name Hash value 0", "out of range"),
        ("setoption name Threads value many", "not a number"),
        ("setoption name UCI_Variant value shogi", "not one of"),
        ("setoption name Bogus value 1", "unknown option 'Bogus'"),
        ("go depth", "needs a value"),
        ("go searchmoves e2e5", "'e2e5'"),
        ("go mate infinite", "go mate"),
        ("usi", "speaks uci"),
    ];
    for (line, needle) in bad {
        e.send(line);
        let answer = e.sync();
        assert_eq!(answer.len(), 1, "{line}: {answer:?}");
        assert!(
            answer[0].starts_with("info string error: "),
            "{line}: {answer:?}"
        );
        assert!(
            answer[0].contains(needle),
            "{line}: {answer:?} lacks {needle}"
        );
    }
    e.send("d");
    let after = e.sync();
    assert!(after.contains(&fen_before), "{after:?}");
    // Still playing.
    e.send("go depth 3");
    let (mv, _) = bestmove(e.expect("bestmove", PATIENCE).last().unwrap());
    assert!(legal_in(Variant::Chess, None, "e2e4 e7e5", &mv));
    // Non-ASCII and invalid UTF-8 input.
    e.send("position startpos moves e2\u{e9}4");
    assert_eq!(e.sync().len(), 1);
    check_grammar(&e);
}

#[test]
fn variant_switching_and_preset() {
    let mut e = uci_engine(&[]);
    e.send("setoption name UCI_Variant value mengchess");
    let lines = e.sync();
    assert_eq!(
        lines,
        vec!["info string variant mengchess startpos rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2 0 - -"]
    );
    // A Tris drop, legal once two captures were made.
    let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B^1P3/5N2/PPPP2PP/RNBQK2R w KQkq - 0 1 1 2 - -";
    let pos = Position::from_fen(Variant::MengChess, fen).unwrap();
    let drop = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .find(|m| m.starts_with("T@"))
        .unwrap();
    e.send(&format!("position fen {fen} moves {drop}"));
    assert_eq!(
        e.sync(),
        Vec::<String>::new(),
        "Tris moves are read in mengchess"
    );
    e.send("go depth 3");
    let (mv, _) = bestmove(e.expect("bestmove", PATIENCE).last().unwrap());
    assert!(legal_in(Variant::MengChess, Some(fen), &drop, &mv), "{mv}");
    e.send("setoption name UCI_Variant value chess");
    assert_eq!(
        e.sync(),
        vec!["info string variant chess startpos rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    );
    e.send(&format!("position fen {fen} moves {drop}"));
    assert_eq!(e.sync().len(), 1, "no Tris in plain chess");
    check_grammar(&e);

    let mut e = uci_engine(&["--variant", "mengchess"]);
    e.send("d");
    let lines = e.sync();
    assert!(
        lines.contains(&"info string variant mengchess".to_string()),
        "{lines:?}"
    );
}

#[test]
fn extras_perft_d_eval_bench() {
    let mut e = uci_engine(&[]);
    e.send("go perft 3");
    let lines = e.expect("Nodes searched", PATIENCE);
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    assert_eq!(lines.len(), 20 + 2);
    e.send("eval");
    let lines = e.sync();
    assert!(lines[0].starts_with("info string eval "), "{lines:?}");
    e.send("bench 2");
    let lines = e.sync();
    assert!(
        lines[0].starts_with("info string bench depth 2 "),
        "{lines:?}"
    );
    let nodes: u64 = field(&lines[0], "nodes").unwrap().parse().unwrap();
    assert!(nodes > 0);
    check_grammar(&e);
}

#[test]
fn repetitions_reach_the_search() {
    // White's king shuffles h1-g1 against a queen: lost, unless the game's
    // earlier positions are known and the only move makes a position the
    // third time (C-11, a draw); a second time is not enough.
    let mut e = uci_engine(&[]);
    let fen = "k7/8/8/8/8/8/q7/7K w - - 0 1";
    let score = |e: &mut Engine, cmd: &str| {
        e.send(cmd);
        e.send("go depth 6");
        let lines = e.expect("bestmove", PATIENCE);
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap()
            .clone();
        field(&last, "cp").map(|v| v.parse::<i32>().unwrap())
    };
    let lost = |cp: Option<i32>| cp.is_none_or(|cp| cp < -500);
    let fresh = score(&mut e, &format!("position fen {fen}"));
    assert!(lost(fresh), "{fresh:?}");
    let once = score(
        &mut e,
        &format!("position fen {fen} moves h1g1 a8b8 g1h1 b8a8"),
    );
    assert!(lost(once), "{once:?}");
    let twice = score(
        &mut e,
        &format!("position fen {fen} moves h1g1 a8b8 g1h1 b8a8 h1g1 a8b8 g1h1 b8a8"),
    );
    assert_eq!(twice, Some(0));
    check_grammar(&e);
}

/// python-chess ends a ponder search without `stop` when the game is over
/// and the opponent played the expected move: the next command is an
/// analysis (`setoption`, `ucinewgame`, `isready`, `position`, `go`). The
/// abandoned search must not answer: its `bestmove` would be taken as the
/// answer to the new `go` ("was not searching, but engine sent bestmove").
#[test]
fn abandoned_ponder_search_sends_no_bestmove() {
    let mut e = uci_engine(&[]);
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 3000 btime 3000");
    std::thread::sleep(Duration::from_millis(200));
    e.send("setoption name Ponder value false");
    e.send("setoption name MultiPV value 3");
    e.send("ucinewgame");
    let before = e.sync();
    assert!(
        !any_bestmove(&before),
        "the abandoned ponder search answered: {before:?}"
    );
    e.send("position startpos moves d2d4");
    e.send("go depth 4");
    let lines = e.expect("bestmove", PATIENCE);
    let (mv, _) = bestmove(lines.last().unwrap());
    assert!(legal_in(Variant::Chess, None, "d2d4", &mv), "{mv}");
    let after = e.drain(Duration::from_millis(300));
    assert!(!any_bestmove(&after), "one go, one bestmove: {after:?}");
    // A new `go` over a running search replaces it: one bestmove in all,
    // for the new position.
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("position startpos moves g1f3");
    e.send("go depth 3");
    let lines = e.expect("bestmove", PATIENCE);
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1,
        "{lines:?}"
    );
    let (mv, _) = bestmove(lines.last().unwrap());
    assert!(legal_in(Variant::Chess, None, "g1f3", &mv), "{mv}");
    assert!(!any_bestmove(&e.drain(Duration::from_millis(300))));
    check_grammar(&e);
}

/// Cute Chess's command sequence (docs: `../shared/spec/protocol.md`):
/// `uci`, options, `isready`, then per game `ucinewgame` and for every move
/// `position startpos moves <all moves>` with `go wtime W btime B winc I
/// binc I`; no `UCI_Variant` for standard chess. Cute Chess is not
/// packaged in Debian, so this replays its sequence: one engine plays both
/// sides of 24 plies on a running clock, every answer legal and in time.
#[test]
fn cute_chess_sequence() {
    let mut e = uci_engine(&[]);
    e.send("setoption name Hash value 16");
    e.send("setoption name Threads value 1");
    e.send("setoption name Ponder value false");
    assert!(e.sync().is_empty());
    e.send("ucinewgame");
    assert!(e.sync().is_empty());
    let mut moves: Vec<String> = Vec::new();
    let mut clock = [3000u64, 3000u64];
    for ply in 0..24 {
        let line = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        e.send(&line);
        e.send(&format!(
            "go wtime {} btime {} winc 50 binc 50",
            clock[0], clock[1]
        ));
        let sent = Instant::now();
        let (lines, at) = e.expect_timed("bestmove", PATIENCE);
        let spent = at.duration_since(sent).as_millis() as u64;
        let side = ply % 2;
        assert!(
            spent < clock[side],
            "ply {ply}: {spent} ms of {}",
            clock[side]
        );
        clock[side] = clock[side] - spent + 50;
        let (mv, _) = bestmove(lines.last().unwrap());
        assert!(
            legal_in(Variant::Chess, None, &moves.join(" "), &mv),
            "ply {ply}: {mv} after {moves:?}"
        );
        moves.push(mv);
        let pos = Position::startpos(Variant::Chess)
            .play_sequence(&moves.join(" "))
            .unwrap();
        if pos.legal_moves().is_empty() {
            break;
        }
    }
    // Its other controls, and `stop` answered well within its 15 s.
    for go in ["go movetime 100", "go depth 5", "go nodes 5000"] {
        e.send(go);
        e.expect("bestmove", PATIENCE);
    }
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let sent = Instant::now();
    e.send("stop");
    let (_, at) = e.expect_timed("bestmove", PATIENCE);
    assert!(at.duration_since(sent) < Duration::from_millis(100));
    e.send("quit");
    assert!(e.exits_within(Duration::from_secs(2)));
    check_grammar(&e);
}
