//! `triskelion match` between two Triskelion processes (the binary with no
//! subcommand speaks UCI or USI) in each of the five variants: every game
//! of the record replays legally through the rules core and ends with the
//! recorded result.

mod common;

use std::path::PathBuf;
use std::process::Command;

use movegen::{chess, shogi, Variant};

use common::pgn::parse_pgn;

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("triskelion-self-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Plays one game pair of Triskelion against itself in `variant`; returns
/// the record file and stdout.
fn self_play(variant: &str, max_plies: u32) -> (String, String) {
    let out = tmp(&format!("{variant}.rec"));
    let engine = format!("cmd={},option.Hash=8", env!("CARGO_BIN_EXE_triskelion"));
    let engine = if variant.contains("shogi") {
        engine.replace("option.Hash", "option.USI_Hash")
    } else {
        engine
    };
    let run = Command::new(env!("CARGO_BIN_EXE_triskelion"))
        .arg("match")
        .args(["--variant", variant])
        .args(["--engine", &engine, "--engine", &engine])
        .args(["--depth", "3", "--random-plies", "2", "--seed", "5"])
        .args(["--maxplies", &max_plies.to_string()])
        .args(["--out", out.to_str().unwrap()])
        .output()
        .expect("run triskelion");
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success(),
        "{}\n{stdout}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        stdout.contains("triskelion vs triskelion (2): 2 games"),
        "{stdout}"
    );
    assert!(!stdout.contains("lost by failure"), "{stdout}");
    (std::fs::read_to_string(out).unwrap(), stdout)
}

fn check_chess(variant: Variant, pgn: &str, max_plies: usize) {
    let games = parse_pgn(pgn);
    assert_eq!(games.len(), 2, "{pgn}");
    for g in &games {
        assert_eq!(g.tag("Variant"), Some(variant.name()));
        assert_eq!(g.tag("Result"), Some(g.result.as_str()));
        let start = match g.tag("FEN") {
            Some(f) => chess::Position::from_fen(variant, f).unwrap(),
            None => chess::Position::startpos(variant),
        };
        let mut h = chess::GameHistory::new(start);
        for (i, m) in g.moves.iter().enumerate() {
            assert!(h.outcome().is_none(), "ply {i} {m} after the end: {pgn}");
            let mv = h
                .position()
                .parse_move(m)
                .unwrap_or_else(|e| panic!("ply {i}: {e}: {pgn}"));
            h.play(mv);
        }
        match g.tag("Termination") {
            Some("normal") => {
                let outcome = h.outcome().expect("a normal end is an end by the rules");
                assert_eq!(outcome.result(), g.result);
            }
            Some("adjudication") => {
                assert!(h.outcome().is_none());
                assert_eq!(g.moves.len(), max_plies);
                assert_eq!(g.result, "1/2-1/2");
            }
            t => panic!("unexpected termination {t:?}: {pgn}"),
        }
    }
}

fn field<'a>(block: &'a str, key: &str) -> &'a str {
    block
        .lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("no {key} in {block}"))
}

fn check_shogi(variant: Variant, records: &str, max_plies: usize) {
    let blocks: Vec<&str> = records
        .split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .collect();
    assert_eq!(blocks.len(), 2, "{records}");
    for b in blocks {
        assert_eq!(field(b, "variant"), variant.name());
        let p = field(b, "position");
        let (head, moves) = p.split_once(" moves ").unwrap_or((p, ""));
        let start = match head.strip_prefix("sfen ") {
            Some(f) => shogi::Position::from_sfen(variant, f).unwrap(),
            None => {
                assert_eq!(head, "startpos");
                shogi::Position::startpos(variant)
            }
        };
        let mut h = shogi::GameHistory::new(start);
        let moves: Vec<&str> = moves.split_whitespace().collect();
        for (i, m) in moves.iter().enumerate() {
            assert!(h.outcome().is_none(), "ply {i} {m} after the end: {b}");
            h.play_str(m)
                .unwrap_or_else(|e| panic!("ply {i}: {e}: {b}"));
        }
        let result = field(b, "result");
        let mover_wins = match h.position().turn() {
            shogi::Color::Black => "1-0",
            shogi::Color::White => "0-1",
        };
        let mover_loses = if mover_wins == "1-0" { "0-1" } else { "1-0" };
        match (field(b, "termination"), h.outcome()) {
            ("normal", Some(shogi::Outcome::NoLegalMove { .. })) => {
                assert_eq!(result, mover_loses)
            }
            ("normal", Some(shogi::Outcome::Repetition)) => assert_eq!(result, "1/2-1/2"),
            ("normal", Some(shogi::Outcome::PerpetualCheck { winner })) => assert_eq!(
                result,
                if winner == shogi::Color::Black {
                    "1-0"
                } else {
                    "0-1"
                }
            ),
            ("normal", None) if field(b, "reason").ends_with(" resigns") => {
                assert_eq!(result, mover_loses)
            }
            ("normal", None) => {
                assert!(h.position().declaration_wins(), "{b}");
                assert_eq!(result, mover_wins);
            }
            ("adjudication", None) => {
                assert_eq!(moves.len(), max_plies, "{b}");
                assert_eq!(result, "1/2-1/2");
            }
            _ => panic!("unexpected end: {b}"),
        }
    }
}

fn check(variant: Variant, max_plies: u32) {
    let (text, _) = self_play(variant.name(), max_plies);
    match variant {
        Variant::Chess | Variant::MengChess => check_chess(variant, &text, max_plies as usize),
        _ => check_shogi(variant, &text, max_plies as usize),
    }
}

#[test]
fn chess() {
    check(Variant::Chess, 160);
}

#[test]
fn mengchess() {
    check(Variant::MengChess, 160);
}

#[test]
fn shogi() {
    check(Variant::Shogi, 160);
}

#[test]
fn trisshogi() {
    check(Variant::TrisShogi, 160);
}

#[test]
fn mengshogi() {
    check(Variant::MengShogi, 160);
}
