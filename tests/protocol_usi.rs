//! The USI front end driven over pipes as a shogi GUI drives it.

mod common;

use std::time::{Duration, Instant};

use common::engine::{any_bestmove, bestmove, field, Engine, PATIENCE};
use movegen::shogi::Position;
use movegen::{Game, Variant};

fn usi_engine(args: &[&str]) -> Engine {
    let mut e = Engine::start(args);
    e.send("usi");
    e.expect("usiok", PATIENCE);
    e
}

fn legal_in(variant: Variant, sfen: Option<&str>, moves: &str, mv: &str) -> bool {
    let pos = match sfen {
        Some(f) => Position::from_fen(variant, f).unwrap(),
        None => Position::startpos(variant),
    };
    let pos = pos.play_sequence(moves).unwrap();
    pos.parse_move(mv).is_ok()
}

/// Black's king and twelve pieces in White's camp, 28 points: Black may
/// declare (CSA 27-point rule).
const DECLARE: &str = "+R+R+B+BGGSS1/GGSS1K3/9/9/9/9/9/9/4k4 b - 1";
/// White king on 5a, black pawn on 5c, a gold in Black's hand: G*5b mates.
const TSUME: &str = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";

#[test]
fn handshake_options_and_a_timed_game_move() {
    let mut e = Engine::start(&[]);
    e.send("usi");
    let lines = e.expect("usiok", PATIENCE);
    assert!(lines[0].starts_with("id name Triskelion "));
    assert!(lines[0].is_ascii());
    for want in [
        "option name USI_Hash type spin",
        "option name USI_Ponder type check",
        "option name Threads type spin",
        "option name MultiPV type spin",
        "option name Move_Overhead type spin",
        "option name USI_Variant type combo default shogi var shogi var trisshogi var mengshogi",
        "option name EnteringKingRule type combo default CSARule27",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(want)), "{want}");
    }
    for l in lines.iter().filter(|l| l.starts_with("option name ")) {
        assert_eq!(
            l.split_whitespace().nth(3),
            Some("type"),
            "single-token name: {l}"
        );
    }
    for set in [
        "setoption name USI_Hash value 32",
        "setoption name USI_Ponder value false",
        "setoption name USI_MultiPV value 1",
        "setoption name Threads value 1",
        "setoption name Move_Overhead value 20",
    ] {
        e.send(set);
    }
    assert_eq!(e.sync(), Vec::<String>::new());
    e.send("usinewgame");
    e.send("position startpos moves 7g7f 3c3d");
    let t = Instant::now();
    e.send("go btime 2000 wtime 2000 byoyomi 300");
    let lines = e.expect("bestmove", PATIENCE);
    assert!(
        t.elapsed() < Duration::from_millis(2300),
        "{:?}",
        t.elapsed()
    );
    let (mv, ponder) = bestmove(lines.last().unwrap());
    assert!(legal_in(Variant::Shogi, None, "7g7f 3c3d", &mv), "{mv}");
    if let Some(p) = ponder {
        assert!(legal_in(
            Variant::Shogi,
            None,
            &format!("7g7f 3c3d {mv}"),
            &p
        ));
    }
    e.send("go btime 0 wtime 0 binc 200 winc 200");
    let (mv, _) = bestmove(e.expect("bestmove", PATIENCE).last().unwrap());
    assert!(legal_in(Variant::Shogi, None, "7g7f 3c3d", &mv));
    // Fixed limits.
    for go in ["go depth 4", "go nodes 3000", "go movetime 200"] {
        let t = Instant::now();
        e.send(go);
        let (mv, _) = bestmove(e.expect("bestmove", PATIENCE).last().unwrap());
        assert!(
            legal_in(Variant::Shogi, None, "7g7f 3c3d", &mv),
            "{go}: {mv}"
        );
        assert!(t.elapsed() < Duration::from_secs(5), "{go}");
    }
    e.send("gameover win");
    e.send("gameover");
    assert_eq!(e.sync(), Vec::<String>::new());
    e.send("quit");
    assert!(e.exits_within(Duration::from_secs(5)));
    e.assert_ascii();
}

#[test]
fn ponder_with_ponderhit_times_and_stop() {
    let mut e = usi_engine(&[]);
    e.send("position startpos moves 2g2f");
    // YaneuraOu style: `go ponder` without a clock, the clock on `ponderhit`.
    e.send("go ponder");
    let early = e.drain(Duration::from_millis(400));
    assert!(!any_bestmove(&early), "{early:?}");
    let sent = Instant::now();
    e.send("ponderhit btime 1000 wtime 1000 byoyomi 200");
    let (lines, at) = e.expect_timed("bestmove", PATIENCE);
    assert!(at.duration_since(sent) < Duration::from_millis(1300));
    assert!(legal_in(
        Variant::Shogi,
        None,
        "2g2f",
        &bestmove(lines.last().unwrap()).0
    ));
    // Classic: the clock with `go ponder`, a bare `ponderhit`.
    e.send("go ponder btime 1000 wtime 1000 byoyomi 200");
    std::thread::sleep(Duration::from_millis(200));
    let sent = Instant::now();
    e.send("ponderhit");
    let (_, at) = e.expect_timed("bestmove", PATIENCE);
    assert!(at.duration_since(sent) < Duration::from_millis(1300));
    // Bare `go ponder` and bare `ponderhit`: the clock of the last timed
    // `go` (byoyomi 300 ms) stands in, instead of searching until `stop`.
    e.send("go btime 0 wtime 0 byoyomi 300");
    e.expect("bestmove", PATIENCE);
    e.send("go ponder");
    std::thread::sleep(Duration::from_millis(200));
    let sent = Instant::now();
    e.send("ponderhit");
    let (_, at) = e.expect_timed("bestmove", PATIENCE);
    assert!(
        at.duration_since(sent) < Duration::from_millis(1000),
        "{:?}",
        at.duration_since(sent)
    );
    // stop during go infinite, isready answered meanwhile.
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("isready");
    let lines = e.expect("readyok", Duration::from_millis(500));
    assert!(!any_bestmove(&lines));
    let sent = Instant::now();
    e.send("stop");
    let (_, at) = e.expect_timed("bestmove", PATIENCE);
    assert!(
        at.duration_since(sent) < Duration::from_millis(50),
        "{:?}",
        at.duration_since(sent)
    );
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("quit");
    assert!(e.exits_within(Duration::from_secs(2)));
}

#[test]
fn go_mate_answers() {
    let mut e = usi_engine(&[]);
    e.send(&format!("position sfen {TSUME}"));
    e.send("go mate 5000");
    assert_eq!(
        e.expect("checkmate", PATIENCE).last().unwrap(),
        "checkmate G*5b"
    );
    e.send("go mate infinite");
    assert_eq!(
        e.expect("checkmate", PATIENCE).last().unwrap(),
        "checkmate G*5b"
    );
    // No checking move at all.
    e.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1");
    e.send("go mate 1000");
    assert_eq!(
        e.expect("checkmate", PATIENCE).last().unwrap(),
        "checkmate nomate"
    );
    // A lone rook checks but cannot mate: the solver proves it.
    e.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b R 1");
    e.send("go mate 5000");
    assert_eq!(
        e.expect("checkmate", PATIENCE).last().unwrap(),
        "checkmate nomate"
    );
    // A middlegame (from a game against GPS Shogi) with many checks and
    // no mate the solver settles in seconds: timeout.
    e.send(
        "position sfen 2pkl2s1/R1sg1+b3/pNbG1pP2/4r4/1s1pNNlp1/4PP3/PPPPp4/1KS5+l/LN1GG4 b P4p 121",
    );
    let t = Instant::now();
    e.send("go mate 300");
    assert_eq!(
        e.expect("checkmate", PATIENCE).last().unwrap(),
        "checkmate timeout"
    );
    assert!(t.elapsed() < Duration::from_millis(1500));
    e.send("go mate infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("stop");
    assert_eq!(
        e.expect("checkmate", PATIENCE).last().unwrap(),
        "checkmate timeout"
    );
    // The mate score of an ordinary search is in plies.
    e.send(&format!("position sfen {TSUME}"));
    e.send("go depth 3");
    let lines = e.expect("bestmove", PATIENCE);
    assert!(lines.iter().any(|l| field(l, "mate") == Some("1")));
    assert_eq!(bestmove(lines.last().unwrap()).0, "G*5b");
}

#[test]
fn resign_and_entering_king_win() {
    let mut e = usi_engine(&[]);
    // White to move, mated.
    e.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    e.send("go btime 1000 wtime 1000 byoyomi 100");
    let lines = e.expect("bestmove", PATIENCE);
    assert_eq!(lines[lines.len() - 2], "info depth 0 score mate 0");
    assert_eq!(lines[lines.len() - 1], "bestmove resign");
    // The declaration.
    e.send(&format!("position sfen {DECLARE}"));
    e.send("go btime 1000 wtime 1000 byoyomi 100");
    assert_eq!(
        e.expect("bestmove", PATIENCE).last().unwrap(),
        "bestmove win"
    );
    e.send("setoption name EnteringKingRule value NoEnteringKing");
    e.send("go btime 1000 wtime 1000 byoyomi 100");
    let (mv, _) = bestmove(e.expect("bestmove", PATIENCE).last().unwrap());
    assert!(legal_in(Variant::Shogi, Some(DECLARE), "", &mv), "{mv}");
}

#[test]
fn bad_input_and_variants() {
    let mut e = usi_engine(&[]);
    e.send("position startpos moves 7g7f");
    e.send("d");
    let before = e.sync();
    let bad = [
        ("position sfen lnsgkgsnl/9 b - 1", "position: SFEN"),
        (
            "position startpos moves 7g7f 3c3d 8h2b+ 9a8a",
            "move 4 of 4",
        ),
        ("position startpos moves 7g7f P*5e", "'P*5e'"),
        ("setoption name USI_Hash value -1", "out of range"),
        ("setoption name USI_Variant value chess", "not one of"),
        ("setoption name Hash value 16", "unknown option 'Hash'"),
        ("gameover maybe", "gameover"),
        ("go mate", "needs a value"),
        ("flip", "unknown command 'flip'"),
        ("uci", "speaks usi"),
    ];
    for (line, needle) in bad {
        e.send(line);
        let answer = e.sync();
        assert_eq!(answer.len(), 1, "{line}: {answer:?}");
        assert!(
            answer[0].starts_with("info string error: ") && answer[0].contains(needle),
            "{line}: {answer:?}"
        );
    }
    e.send("d");
    assert_eq!(e.sync(), before, "the position is kept");

    for (variant, alias) in [("trisshogi", "USI_Variant"), ("mengshogi", "UCI_Variant")] {
        e.send(&format!("setoption name {alias} value {variant}"));
        let lines = e.sync();
        let v: Variant = variant.parse().unwrap();
        let start = Position::startpos(v).to_fen();
        assert_eq!(
            lines,
            vec![format!("info string variant {variant} startpos {start}")]
        );
        e.send("position startpos");
        e.send("go depth 3");
        let (mv, _) = bestmove(e.expect("bestmove", PATIENCE).last().unwrap());
        assert!(legal_in(v, None, "", &mv), "{variant}: {mv}");
    }
    e.assert_ascii();

    let mut e = usi_engine(&["--variant", "trisshogi"]);
    e.send("d");
    assert!(e
        .sync()
        .contains(&"info string variant trisshogi".to_string()));
}

/// `gameover` while pondering ends the search without a `bestmove`: a GUI
/// (cshogi reads lines up to the next `bestmove`) would take it as the
/// answer to its next `go`.
#[test]
fn gameover_while_pondering_sends_no_bestmove() {
    let mut e = usi_engine(&[]);
    e.send("position startpos moves 2g2f");
    e.send("go ponder btime 5000 wtime 5000 byoyomi 1000");
    std::thread::sleep(Duration::from_millis(200));
    e.send("gameover lose");
    let lines = e.sync();
    assert!(!any_bestmove(&lines), "{lines:?}");
    e.send("usinewgame");
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.expect("bestmove", PATIENCE);
    let (mv, _) = bestmove(lines.last().unwrap());
    assert!(legal_in(Variant::Shogi, None, "", &mv), "{mv}");
    assert!(!any_bestmove(&e.drain(Duration::from_millis(300))));
    e.assert_ascii();
}
