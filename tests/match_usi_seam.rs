//! The shogi-family seam of the match runner: the runner is generic over
//! `arena::referee::Rules`, so a rules core only has to implement it. A toy
//! rules core of shogi-like moves stands in for `movegen::shogi` here, so
//! that the USI path is tested apart from the real rules (which
//! `tests/match_shogi.rs` plays), against the scripted fake engine: `usi`, `USI_Variant`, `usinewgame`, `position startpos moves`,
//! `go btime wtime byoyomi`, `bestmove resign`, `bestmove win` judged by
//! the rules, `gameover`, and the shogi-family record file.

use std::fmt;
use std::path::PathBuf;

use movegen::{Game, MoveError, MoveList, PositionError, Variant};
use triskelion::arena::options::MatchConfig;
use triskelion::arena::referee::{GameEnd, GameResult, Rules, Side, Termination};
use triskelion::arena::runner;

/// Black's moves, then White's; the last of each wins on the spot ("mate").
const BLACK: [&str; 3] = ["7g7f", "2g2f", "1g1f"];
const WHITE: [&str; 3] = ["3c3d", "8c8d", "9c9d"];
const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Toy(&'static str);

impl fmt::Display for Toy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// A toy game: the ply count and the last move.
#[derive(Clone, Debug)]
struct ToyPos {
    variant: Variant,
    ply: u32,
    last: Option<Toy>,
}

impl ToyPos {
    fn black_to_move(&self) -> bool {
        self.ply % 2 == 0
    }
}

impl Game for ToyPos {
    type Move = Toy;

    fn startpos(variant: Variant) -> Self {
        ToyPos {
            variant,
            ply: 0,
            last: None,
        }
    }

    fn from_fen(variant: Variant, fen: &str) -> Result<Self, PositionError> {
        if fen == START {
            Ok(Self::startpos(variant))
        } else {
            Err(PositionError::new("position", "only the start position"))
        }
    }

    fn to_fen(&self) -> String {
        if self.ply == 0 {
            START.to_string()
        } else {
            format!("toy ply {}", self.ply)
        }
    }

    fn variant(&self) -> Variant {
        self.variant
    }

    fn generate(&self, list: &mut MoveList<Toy>) {
        let own = if self.black_to_move() { BLACK } else { WHITE };
        list.extend(own.into_iter().map(Toy));
    }

    fn play(&self, mv: Toy) -> Self {
        ToyPos {
            variant: self.variant,
            ply: self.ply + 1,
            last: Some(mv),
        }
    }

    fn is_legal(&self, mv: Toy) -> bool {
        self.legal_moves().contains(&mv)
    }

    fn parse_move(&self, text: &str) -> Result<Toy, MoveError> {
        self.legal_moves()
            .into_iter()
            .find(|m| m.0 == text)
            .ok_or_else(|| MoveError::new(text, "not a toy move here"))
    }

    fn hash(&self) -> u64 {
        self.ply as u64
    }

    fn compute_hash(&self) -> u64 {
        self.ply as u64
    }
}

impl Rules for ToyPos {
    type History = ToyPos;

    fn start(position: Self) -> ToyPos {
        position
    }
    fn current(history: &ToyPos) -> &Self {
        history
    }
    fn push(history: &mut ToyPos, mv: Toy) {
        history.play_mut(mv);
    }
    fn side_to_move(position: &Self) -> Side {
        if position.black_to_move() {
            Side::First
        } else {
            Side::Second
        }
    }
    fn game_end(history: &ToyPos) -> Option<GameEnd> {
        let last = history.last?;
        let winner = if last.0 == BLACK[2] {
            Side::First
        } else if last.0 == WHITE[2] {
            Side::Second
        } else {
            return None;
        };
        Some(GameEnd::new(
            GameResult::Win(winner),
            Termination::Normal,
            "toy mate",
        ))
    }
    /// The entering-king declaration of the toy: right from ply 2 on.
    fn declaration(history: &ToyPos, word: &str) -> Option<GameEnd> {
        if word != "win" {
            return None;
        }
        let side = Self::side_to_move(history);
        Some(if history.ply >= 2 {
            GameEnd::new(
                GameResult::Win(side),
                Termination::Normal,
                "declaration accepted",
            )
        } else {
            GameEnd::loss(side, Termination::RulesInfraction, "declaration refused")
        })
    }
    fn position_keyword() -> &'static str {
        "sfen"
    }
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("triskelion-usi-seam-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn fake(name: &str, line: &str) -> String {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fake_engines/fake_engine.py"
    );
    format!("cmd=python3 {script} --line {line},name={name}")
}

/// Runs a toy match and returns the record file and the log.
fn toy_match(file: &str, a: &str, b: &str) -> (String, String) {
    let out = tmp(&format!("{file}.txt"));
    let log = tmp(&format!("{file}.log"));
    let args: Vec<String> = [
        "--variant",
        "trisshogi",
        "--engine",
        a,
        "--engine",
        b,
        "--byoyomi",
        "2",
        "--out",
        out.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let cfg = MatchConfig::parse(&args).unwrap();
    runner::run::<ToyPos>(&cfg).unwrap();
    (
        std::fs::read_to_string(out).unwrap(),
        std::fs::read_to_string(log).unwrap(),
    )
}

/// The records as blocks of lines.
fn blocks(text: &str) -> Vec<&str> {
    text.split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .collect()
}

fn field<'a>(block: &'a str, key: &str) -> &'a str {
    block
        .lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("no {key} in {block}"))
}

#[test]
fn usi_games_end_by_the_rules_and_are_recorded() {
    let line = "7g7f:3c3d:2g2f:8c8d:1g1f";
    let (records, log) = toy_match("mate", &fake("a", line), &fake("b", line));
    let games = blocks(&records);
    assert_eq!(games.len(), 2, "{records}");
    for g in &games {
        assert_eq!(field(g, "variant"), "trisshogi");
        assert_eq!(
            field(g, "position"),
            "startpos moves 7g7f 3c3d 2g2f 8c8d 1g1f"
        );
        assert_eq!(field(g, "result"), "1-0");
        assert_eq!(field(g, "termination"), "normal");
        assert_eq!(field(g, "reason"), "toy mate");
        assert_eq!(field(g, "timecontrol"), "0|2");
    }
    let mut blacks: Vec<&str> = games.iter().map(|g| field(g, "black")).collect();
    blacks.sort();
    assert_eq!(blacks, ["a", "b"]);
    assert!(
        log.contains("> setoption name USI_Variant value trisshogi"),
        "{log}"
    );
    assert!(log.contains("> usinewgame"));
    assert!(log.contains("> position startpos moves 7g7f 3c3d 2g2f 8c8d\n"));
    assert!(log.contains("> go btime 0 wtime 0 byoyomi 2000"), "{log}");
    assert!(log.contains("> gameover win") && log.contains("> gameover lose"));
}

#[test]
fn resignation_and_declarations() {
    let (records, _) = toy_match(
        "resign",
        &fake("a", "7g7f:resign"),
        &fake("b", "7g7f:resign"),
    );
    for g in blocks(&records) {
        assert_eq!(field(g, "result"), "1-0");
        assert_eq!(field(g, "termination"), "normal");
        assert!(field(g, "reason").ends_with(" resigns"), "{g}");
        assert_eq!(field(g, "position"), "startpos moves 7g7f");
    }
    // "win" at ply 2 is a right declaration for Black.
    let (records, _) = toy_match(
        "win",
        &fake("a", "7g7f:3c3d:win"),
        &fake("b", "7g7f:3c3d:win"),
    );
    for g in blocks(&records) {
        assert_eq!(field(g, "result"), "1-0");
        assert_eq!(field(g, "reason"), "declaration accepted");
    }
    // At ply 0 it is wrong and loses.
    let (records, _) = toy_match("badwin", &fake("a", "win"), &fake("b", "win"));
    for g in blocks(&records) {
        assert_eq!(field(g, "result"), "0-1");
        assert_eq!(field(g, "termination"), "rules infraction");
        assert_eq!(field(g, "position"), "startpos");
    }
}
