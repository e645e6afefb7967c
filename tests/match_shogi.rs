//! `triskelion match` in the shogi family, refereed by `movegen::shogi`:
//! the scripted fake engine (`tests/fake_engines/fake_engine.py`) speaking
//! USI for every way a game can end (mate, resignation, repetition,
//! perpetual check, right and wrong `bestmove win`, an illegal move, a
//! crash, a hang), and short matches between real USI engines
//! (Fairy-Stockfish, and GPS Shogi's `gpsusi`; `.ci/run` installs both)
//! whose every recorded game replays legally through the rules core and
//! ends with the recorded result. Plain-shogi matches also write CSA.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use movegen::shogi::{Color, GameHistory, Outcome, Position};
use movegen::{Game, Variant};

const FAIRY: &str = "/usr/games/fairy-stockfish";
const GPSUSI: &str = "/usr/games/gpsusi";
/// Rooks shuffling: the start position occurs the fourth time after 12
/// plies.
const SHUFFLE: &str = "2h3h:8b7b:3h2h:7b8b:2h3h:8b7b:3h2h:7b8b:2h3h:8b7b:3h2h:7b8b:5i5h";
/// A gold drop protected by a pawn mates.
const MATE_SFEN: &str = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
/// Black may declare: king and 10 pieces in the enemy camp, 28 points.
const DECLARE_SFEN: &str = "RRBBGGGG1/4K4/SS7/9/9/9/9/9/4k4 b 2P 1";
/// The same with 27 points: a wrong declaration for Black.
const SHORT_SFEN: &str = "RRBBGGGG1/4K4/SS7/9/9/9/9/9/4k4 b P 1";
/// Black's rook checks from 1i and 2i, White's king steps between 1a and
/// 2a: the fourth occurrence comes after 13 plies, every Black move a
/// check.
const PERPETUAL_SFEN: &str = "8k/9/9/9/9/9/9/9/4K1R2 b - 1";
const PERPETUAL: &str = "3i1i:1a2a:1i2i:2a1a:2i1i:1a2a:1i2i:2a1a:2i1i:1a2a:1i2i:2a1a:2i1i";

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("triskelion-shogi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn fake(name: &str, line: &str, extra: &str) -> String {
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fake_engines/fake_engine.py");
    format!(
        "cmd=python3 {} --line {line} {extra},name={name}",
        script.display()
    )
}

fn require(path: &str, package: &str) {
    assert!(
        Path::new(path).exists(),
        "{path} is missing: apt-get install -y {package} (as .ci/run does)"
    );
}

/// A finished match: the process output and the record files.
struct Match {
    out: Output,
    records: String,
    csa: String,
    log: String,
}

impl Match {
    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.out.stdout).into_owned()
    }

    /// The record blocks.
    fn games(&self) -> Vec<Game1> {
        self.records
            .split("\n\n")
            .filter(|b| !b.trim().is_empty())
            .map(|b| Game1(b.to_string()))
            .collect()
    }

    /// How many engine processes named `who` were started.
    fn starts(&self, who: &str) -> usize {
        self.log
            .lines()
            .filter(|l| l.contains(&format!("{who}[")) && l.contains("* started"))
            .count()
    }
}

/// One block of the shogi-family record file.
struct Game1(String);

impl Game1 {
    fn field(&self, key: &str) -> &str {
        self.0
            .lines()
            .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(' ')))
            .unwrap_or_else(|| panic!("no {key} in {}", self.0))
    }

    /// The start position and the moves of the `position` line.
    fn start_and_moves(&self) -> (Option<String>, Vec<String>) {
        let p = self.field("position");
        let (head, moves) = match p.split_once(" moves ") {
            Some((h, m)) => (h, m.split_whitespace().map(String::from).collect()),
            None => (p, Vec::new()),
        };
        let fen = match head.strip_prefix("sfen ") {
            Some(f) => Some(f.to_string()),
            None => {
                assert_eq!(head, "startpos", "{}", self.0);
                None
            }
        };
        (fen, moves)
    }

    /// Replays the game through the rules core: every move legal, no end
    /// by the rules before the last one. Returns the final history.
    fn replay(&self) -> GameHistory {
        let variant: Variant = self.field("variant").parse().unwrap();
        let (fen, moves) = self.start_and_moves();
        let start = match fen {
            Some(f) => Position::from_sfen(variant, &f).unwrap(),
            None => Position::startpos(variant),
        };
        let mut h = GameHistory::new(start);
        for (i, m) in moves.iter().enumerate() {
            assert!(
                h.outcome().is_none(),
                "the game was over before ply {i}: {}",
                self.0
            );
            h.play_str(m)
                .unwrap_or_else(|e| panic!("ply {i} {m} is illegal ({e}): {}", self.0));
        }
        h
    }

    /// The side to move at the end as a record result winning for it.
    fn win_for_mover(h: &GameHistory) -> &'static str {
        match h.position().turn() {
            Color::Black => "1-0",
            Color::White => "0-1",
        }
    }

    /// The result the final position gives, checked against the record:
    /// the rules' end, a resignation or a declaration of the side to move,
    /// or the maximum length.
    fn check_result(&self, max_plies: Option<usize>) {
        let h = self.replay();
        let result = self.field("result");
        let termination = self.field("termination");
        let reason = self.field("reason");
        let (_, moves) = self.start_and_moves();
        let mover_loses = match Self::win_for_mover(&h) {
            "1-0" => "0-1",
            _ => "1-0",
        };
        match (termination, h.outcome()) {
            ("normal", Some(Outcome::NoLegalMove { winner })) => {
                assert_eq!(h.position().turn(), winner.other());
                assert_eq!(result, mover_loses, "{}", self.0);
            }
            ("normal", Some(Outcome::Repetition)) => assert_eq!(result, "1/2-1/2"),
            ("normal", Some(Outcome::PerpetualCheck { winner })) => {
                assert_eq!(result, if winner == Color::Black { "1-0" } else { "0-1" })
            }
            ("normal", _) if reason.ends_with(" resigns") => {
                assert_eq!(result, mover_loses, "{}", self.0)
            }
            ("normal", None) => {
                assert!(h.position().declaration_wins(), "{}", self.0);
                assert_eq!(result, Self::win_for_mover(&h));
            }
            ("adjudication", None) => {
                assert_eq!(Some(moves.len()), max_plies, "{}", self.0);
                assert_eq!(result, "1/2-1/2");
            }
            _ => panic!("unexpected end: {}", self.0),
        }
    }
}

/// Runs a match in `variant`; `csa` adds `--csa`.
fn play(file: &str, variant: &str, engines: [&str; 2], extra: &[&str], csa: bool) -> Match {
    let records = tmp(&format!("{file}.txt"));
    let csa_file = tmp(&format!("{file}.csa"));
    let log = tmp(&format!("{file}.log"));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_triskelion"));
    cmd.arg("match")
        .args(["--variant", variant])
        .args(["--engine", engines[0], "--engine", engines[1]])
        .args(["--out", records.to_str().unwrap()])
        .args(["--log", log.to_str().unwrap()])
        .args(extra);
    if csa {
        cmd.args(["--csa", csa_file.to_str().unwrap()]);
    }
    let out = cmd.output().expect("run triskelion");
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    let m = Match {
        records: read(&records),
        csa: read(&csa_file),
        log: read(&log),
        out,
    };
    assert!(
        m.out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&m.out.stderr),
        m.stdout()
    );
    m
}

/// An openings file with one line.
fn opening(file: &str, line: &str) -> String {
    let path = tmp(file);
    std::fs::write(&path, format!("{line}\n")).unwrap();
    path.to_str().unwrap().to_string()
}

const FAST: [&str; 4] = ["--byoyomi", "0.5", "--timemargin", "400"];

#[test]
fn fake_games_end_by_the_shogi_rules() {
    // Mate from a set-up position; both games are Black's.
    let book = opening("mate.txt", &format!("sfen {MATE_SFEN}"));
    let mut extra = FAST.to_vec();
    extra.extend(["--openings", &book]);
    let m = play(
        "mate",
        "shogi",
        [&fake("a", "G*5b", ""), &fake("b", "G*5b", "")],
        &extra,
        true,
    );
    let games = m.games();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.field("result"), "1-0");
        assert_eq!(g.field("reason"), "Black mates");
        assert_eq!(g.field("timecontrol"), "0|0.5");
        assert_eq!(g.field("position"), format!("sfen {MATE_SFEN} moves G*5b"));
        g.check_result(None);
    }
    assert!(
        m.log.contains("> go btime 0 wtime 0 byoyomi 500"),
        "{}",
        m.log
    );
    assert!(m.log.contains("> gameover win") && m.log.contains("> gameover lose"));
    // No USI_Variant for plain shogi.
    assert!(!m.log.contains("setoption name USI_Variant"));
    // Two CSA games, a '/' between them.
    let csa: Vec<&str> = m.csa.split("\n/\n").collect();
    assert_eq!(csa.len(), 2, "{}", m.csa);
    for c in csa {
        assert!(c.starts_with("V2.2\nN+"), "{c}");
        assert!(c.contains("P+00KI\n+\n+0052KI\n%TSUMI\n'1-0 normal: Black mates"));
    }

    // Resignation, in trisshogi: USI_Variant is sent.
    let m = play(
        "resign",
        "trisshogi",
        [&fake("a", "7g7f:resign", ""), &fake("b", "7g7f:resign", "")],
        &FAST,
        false,
    );
    for g in m.games() {
        assert_eq!(g.field("variant"), "trisshogi");
        assert_eq!(g.field("result"), "1-0");
        assert!(g.field("reason").ends_with(" resigns"));
        g.check_result(None);
    }
    assert!(m
        .log
        .contains("> setoption name USI_Variant value trisshogi"));

    // Fourfold repetition: a draw after 12 plies, the 13th never asked.
    let m = play(
        "repetition",
        "shogi",
        [&fake("a", SHUFFLE, ""), &fake("b", SHUFFLE, "")],
        &FAST,
        true,
    );
    for g in m.games() {
        assert_eq!(g.field("result"), "1/2-1/2");
        assert_eq!(g.field("reason"), "fourfold repetition");
        assert_eq!(g.start_and_moves().1.len(), 12);
        g.check_result(None);
    }
    assert!(m.csa.contains("-7282HI\n%SENNICHITE\n"));
    assert!(m.stdout().contains("a vs b: 2 games, +0 -0 =2"));

    // Perpetual check: the checking side (Black) loses.
    let book = opening("perpetual.txt", &format!("sfen {PERPETUAL_SFEN}"));
    let mut extra = FAST.to_vec();
    extra.extend(["--openings", &book]);
    let m = play(
        "perpetual",
        "shogi",
        [&fake("a", PERPETUAL, ""), &fake("b", PERPETUAL, "")],
        &extra,
        true,
    );
    for g in m.games() {
        assert_eq!(g.field("result"), "0-1");
        assert!(g.field("reason").contains("perpetual check by Black"));
        g.check_result(None);
    }
    assert!(m.csa.contains("+2919HI\n%+ILLEGAL_ACTION\n"));
}

#[test]
fn declarations_are_judged_by_the_rules() {
    let book = opening("declare.txt", &format!("sfen {DECLARE_SFEN}"));
    let mut extra = FAST.to_vec();
    extra.extend(["--openings", &book]);
    let m = play(
        "declare",
        "shogi",
        [
            &fake("a", "7g7f", "--mode declare"),
            &fake("b", "7g7f", "--mode declare"),
        ],
        &extra,
        true,
    );
    for g in m.games() {
        assert_eq!(g.field("result"), "1-0");
        assert_eq!(g.field("termination"), "normal");
        assert!(g.field("reason").contains("entering-king declaration"));
        g.check_result(None);
    }
    assert!(m.csa.contains("\n+\n%KACHI\n"), "{}", m.csa);

    // 27 points are one short for Black: the declaration loses.
    let book = opening("short.txt", &format!("sfen {SHORT_SFEN}"));
    let mut extra = FAST.to_vec();
    extra.extend(["--openings", &book]);
    let m = play(
        "short",
        "shogi",
        [
            &fake("a", "7g7f", "--mode declare"),
            &fake("b", "7g7f", "--mode declare"),
        ],
        &extra,
        true,
    );
    for g in m.games() {
        assert_eq!(g.field("result"), "0-1");
        assert_eq!(g.field("termination"), "rules infraction");
        assert!(g.field("reason").contains("27-point rule refuses"));
    }
    assert!(m.csa.contains("\n+\n%ILLEGAL_MOVE\n"));

    // A declaration in mengshogi's start position, from White's first
    // move on: always wrong.
    let m = play(
        "early",
        "mengshogi",
        [
            &fake("good", "7g7f:3c3d:2g2f:8c8d", ""),
            &fake("bad", "7g7f:3c3d:2g2f:8c8d", "--mode declare --at 1"),
        ],
        &FAST,
        false,
    );
    for g in m.games() {
        assert_eq!(g.field("termination"), "rules infraction");
        let good_black = g.field("black") == "good";
        assert_eq!(g.field("result"), if good_black { "1-0" } else { "0-1" });
        // The bad engine declared at its first turn from ply 1 on.
        let plies = if good_black { 1 } else { 2 };
        assert_eq!(g.start_and_moves().1.len(), plies, "{}", g.0);
    }
    assert!(m.stdout().contains("good vs bad: 2 games, +2 -0 =0"));
}

#[test]
fn failing_usi_engines_lose_and_are_restarted() {
    let line = "7g7f:3c3d:2g2f:8c8d:2f2e:8d8e:6i7h:4a3b";
    // An illegal move (a king's jump), both colours.
    let m = play(
        "illegal",
        "trisshogi",
        [
            &fake("good", line, ""),
            &fake("bad", line, "--mode illegal --at 1 --illegal 5i5a"),
        ],
        &FAST,
        false,
    );
    for g in m.games() {
        assert_eq!(g.field("termination"), "rules infraction");
        let good_black = g.field("black") == "good";
        assert_eq!(g.field("result"), if good_black { "1-0" } else { "0-1" });
        assert!(
            g.field("reason")
                .contains("bad makes an illegal move: move '5i5a'"),
            "{}",
            g.0
        );
        g.replay();
    }
    assert_eq!((m.starts("bad"), m.starts("good")), (2, 1), "{}", m.log);

    // A crash at ply 2 or 3 loses as abandoned; the engine is restarted.
    let m = play(
        "crash",
        "shogi",
        [
            &fake("good", line, ""),
            &fake("crashy", line, "--mode crash --at 2"),
        ],
        &FAST,
        true,
    );
    for g in m.games() {
        assert_eq!(g.field("termination"), "abandoned");
        assert!(g.field("reason").contains("crashy exited"), "{}", g.0);
        let good_black = g.field("black") == "good";
        assert_eq!(g.field("result"), if good_black { "1-0" } else { "0-1" });
        g.replay();
    }
    assert_eq!(m.starts("crashy"), 2, "{}", m.log);
    assert!(m.csa.contains("%CHUDAN\n'"));
    assert!(m.stdout().contains("crashy lost by failure: 2 abandoned"));

    // A hang: a time forfeit after the byoyomi and the grace, the process
    // killed and restarted.
    let m = play(
        "hang",
        "mengshogi",
        [
            &fake("good", line, ""),
            &fake("stuck", line, "--mode hang --at 2"),
        ],
        &["--byoyomi", "0.2", "--timemargin", "100"],
        false,
    );
    for g in m.games() {
        assert_eq!(g.field("termination"), "time forfeit");
        let good_black = g.field("black") == "good";
        assert_eq!(g.field("result"), if good_black { "1-0" } else { "0-1" });
        g.replay();
    }
    assert_eq!(m.starts("stuck"), 2, "{}", m.log);
    assert!(m.stdout().contains("stuck lost by failure: 2 time forfeit"));
}

/// Checks a real-engine match: every game replays legally and ends as
/// recorded; the CSA file, if any, has one game per record with the same
/// number of moves.
fn check_real_match(m: &Match, games: usize, max_plies: usize) {
    let blocks = m.games();
    assert_eq!(blocks.len(), games, "{}", m.records);
    for g in &blocks {
        g.check_result(Some(max_plies));
    }
    if !m.csa.is_empty() {
        let csa: Vec<&str> = m.csa.split("\n/\n").collect();
        assert_eq!(csa.len(), games);
        let mut csa_plies: Vec<usize> = csa
            .iter()
            .map(|c| {
                c.lines()
                    .filter(|l| l.len() == 7 && (l.starts_with('+') || l.starts_with('-')))
                    .count()
            })
            .collect();
        let mut plies: Vec<usize> = blocks.iter().map(|g| g.start_and_moves().1.len()).collect();
        csa_plies.sort();
        plies.sort();
        assert_eq!(csa_plies, plies, "{}", m.csa);
    }
}

#[test]
fn fairy_stockfish_plays_a_short_shogi_match() {
    require(FAIRY, "fairy-stockfish");
    let engine = format!("cmd={FAIRY},option.USI_Hash=16");
    let m = play(
        "fairy",
        "shogi",
        [&engine, &engine],
        &[
            "--depth",
            "3",
            "--rounds",
            "2",
            "--random-plies",
            "4",
            "--seed",
            "11",
            "--maxplies",
            "90",
        ],
        true,
    );
    check_real_match(&m, 4, 90);
    assert!(
        m.stdout()
            .contains("fairy-stockfish vs fairy-stockfish (2): 4 games"),
        "{}",
        m.stdout()
    );
}

/// gpsusi writes every option set into this file and reads it back at
/// start (one file for the whole machine): `scripts/gpsusi.sh` gives each
/// process a home of its own instead.
const GPSUSI_CONF: &str = "/usr/share/gpsshogi-data/gpsusi.conf";

#[test]
fn gps_shogi_plays_fairy_stockfish() {
    require(GPSUSI, "gpsshogi");
    require(FAIRY, "fairy-stockfish");
    let wrapper = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/gpsusi.sh");
    let conf_before = std::fs::read(GPSUSI_CONF).ok();
    let m = play(
        "gps",
        "shogi",
        // GPS Shogi thinks up to a second a move out of its book even
        // with a short byoyomi and depth 4 (more on a loaded machine): a
        // wide margin, since clocks are tested with fake engines.
        [
            &format!("cmd={},name=gps,option.LimitDepth=4", wrapper.display()),
            &format!("cmd={FAIRY}"),
        ],
        &[
            "--byoyomi",
            "0.5",
            "--timemargin",
            "2500",
            "--maxplies",
            "20",
        ],
        true,
    );
    check_real_match(&m, 2, 20);
    // Neither engine failed.
    assert!(!m.stdout().contains("lost by failure"), "{}", m.stdout());
    // The depth set for this test stayed in the wrapper's own home: the
    // machine's file (read by every later gpsusi) is as it was.
    assert_eq!(
        std::fs::read(GPSUSI_CONF).ok(),
        conf_before,
        "{GPSUSI_CONF} changed: gpsusi ran without scripts/gpsusi.sh's home"
    );
}

#[test]
fn replays_catch_a_wrong_result() {
    // The checker itself must fail on a record that lies about its result.
    let lie = Game1(format!(
        "game 1\nvariant shogi\nposition sfen {MATE_SFEN} moves G*5b\nresult 0-1\n\
termination normal\nreason Black mates\n"
    ));
    let caught = std::panic::catch_unwind(|| lie.check_result(None));
    assert!(caught.is_err());
    let illegal = Game1("game 1\nvariant shogi\nposition startpos moves 7g7f 7g7f\n".into());
    assert!(std::panic::catch_unwind(|| illegal.replay()).is_err());
    // Sanity of the constants: the declaration positions are as described.
    let right = Position::from_sfen(Variant::Shogi, DECLARE_SFEN).unwrap();
    let short = Position::from_sfen(Variant::Shogi, SHORT_SFEN).unwrap();
    assert!(right.declaration_wins() && !short.declaration_wins());
    assert!(right.legal_moves().len() > 1);
}
