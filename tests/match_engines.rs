//! `triskelion match` with real engines (Stockfish, GNU Chess; `.ci/run`
//! installs them): short matches whose PGN replays legally through the
//! rules core and whose every game ends as recorded.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use movegen::chess::{GameHistory, Position};
use movegen::Variant;

use common::pgn::{parse_pgn, PgnGame};

const STOCKFISH: &str = "/usr/games/stockfish";
const GNUCHESS: &str = "/usr/games/gnuchess";

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("triskelion-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn require(path: &str) {
    assert!(
        Path::new(path).exists(),
        "{path} is missing: apt-get install -y stockfish gnuchess (as .ci/run does)"
    );
}

/// Runs a match and returns the PGN text and stdout.
fn run_match(file: &str, args: &[&str]) -> (String, String) {
    let pgn = tmp(file);
    let out = Command::new(env!("CARGO_BIN_EXE_triskelion"))
        .arg("match")
        .args(args)
        .args(["--out", pgn.to_str().unwrap()])
        .output()
        .expect("run triskelion");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    (
        std::fs::read_to_string(pgn).unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Replays every game through the rules core and checks that it ends as
/// recorded; returns the games. `crashes` names an engine whose crash is
/// expected now and then: such a game must be `abandoned`, lost by that
/// engine, with the runner's comment saying it exited. GNU Chess 6.2.7
/// (Debian 12) aborts now and then on its own assertion `nread <
/// BUF_SIZE-1` in `ForwardEngineOutputToUser`, the reader of its engine's
/// output (6 runs of 10 at `go movetime 20` in the position where one such
/// game ended); GNU Chess 6.3.0 lists "fix potential buffer overflows in
/// the pipes read/write".
fn check_pgn(text: &str, max_plies: usize, crashes: Option<&str>) -> Vec<PgnGame> {
    let games = parse_pgn(text);
    let mut crashed = 0;
    for g in &games {
        assert_eq!(g.tag("Variant"), Some("chess"));
        assert_eq!(g.tag("Result"), Some(g.result.as_str()));
        let start = match g.tag("FEN") {
            Some(f) => {
                assert_eq!(g.tag("SetUp"), Some("1"));
                Position::from_fen(Variant::Chess, f).unwrap()
            }
            None => Position::startpos(Variant::Chess),
        };
        let mut h = GameHistory::new(start);
        for (i, m) in g.moves.iter().enumerate() {
            assert!(h.outcome().is_none(), "move {i} {m} after the end");
            let mv = h
                .position()
                .parse_move(m)
                .unwrap_or_else(|e| panic!("game {:?}: {e}", g.tag("Round")));
            h.play(mv);
        }
        match (g.tag("Termination"), crashes) {
            (Some("normal"), _) => {
                let outcome = h.outcome().expect("a normal end is an end by the rules");
                assert_eq!(outcome.result(), g.result);
            }
            (Some("adjudication"), _) => {
                if g.result == "1/2-1/2" {
                    assert_eq!(g.moves.len(), max_plies, "a draw by length at the limit");
                }
                assert!(h.outcome().is_none());
            }
            (Some("abandoned"), Some(name)) => {
                assert_ne!(g.result, "1/2-1/2", "an abandoned game has a loser");
                let loser = if g.result == "1-0" { "Black" } else { "White" };
                assert_eq!(g.tag(loser), Some(name), "only {name} may crash");
                assert!(h.outcome().is_none(), "abandoned after the end");
                crashed += 1;
            }
            (t, _) => panic!("unexpected termination {t:?} in a match of healthy engines"),
        }
    }
    if let Some(name) = crashes {
        // The PGN wraps comments at any space.
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let said = flat
            .matches(&format!("{{{name} exited (crashed or quit)"))
            .count();
        assert_eq!(said, crashed, "each crash is said in its game's comment");
    }
    games
}

#[test]
fn stockfish_against_gnuchess() {
    require(STOCKFISH);
    require(GNUCHESS);
    let (pgn, stdout) = run_match(
        "sf-gnu.pgn",
        &[
            "--engine",
            "cmd=/usr/games/stockfish,name=sf,option.Hash=16,option.Threads=1",
            "--engine",
            "cmd=/usr/games/gnuchess --uci,name=gnu",
            "--movetime",
            "20",
            // Generous: the test machine is shared; forfeits are tested
            // with fake engines.
            "--timemargin",
            "500",
            "--maxplies",
            "100",
            "--concurrency",
            "2",
        ],
    );
    let games = check_pgn(&pgn, 100, Some("gnu"));
    assert_eq!(games.len(), 2);
    let whites: Vec<_> = games.iter().map(|g| g.tag("White").unwrap()).collect();
    assert!(whites.contains(&"sf") && whites.contains(&"gnu"));
    assert!(games
        .iter()
        .all(|g| g.tag("TimeControl") == Some("0.02/move")));
    assert!(stdout.contains("sf vs gnu: 2 games"), "{stdout}");
}

#[test]
fn stockfish_self_play_with_openings_clock_and_resign() {
    require(STOCKFISH);
    let book = tmp("book.epd");
    std::fs::write(
        &book,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n",
    )
    .unwrap();
    let sf = "cmd=/usr/games/stockfish,option.Hash=16";
    let (pgn, stdout) = run_match(
        "sf-sf.pgn",
        &[
            "--engine",
            sf,
            "--engine",
            sf,
            "--tc",
            "1+0.02",
            "--timemargin",
            "1000",
            "--openings",
            book.to_str().unwrap(),
            "--random-plies",
            "2",
            "--seed",
            "7",
            "--rounds",
            "2",
            "--concurrency",
            "2",
            "--maxplies",
            "40",
            "--resign",
            "movecount=2,score=700",
        ],
    );
    let games = check_pgn(&pgn, 40, None);
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g.tag("TimeControl"), Some("1+0.02"));
        assert!(g
            .tag("FEN")
            .unwrap()
            .starts_with("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/"));
    }
    // Each pair shares its opening and random plies.
    let first_two = |g: &PgnGame| g.moves[..2].to_vec();
    let by_round = |r: &str| -> Vec<Vec<String>> {
        games
            .iter()
            .filter(|g| g.tag("Round").unwrap().starts_with(r))
            .map(first_two)
            .collect()
    };
    let (r1, r2) = (by_round("1."), by_round("2."));
    assert_eq!(r1[0], r1[1]);
    assert_eq!(r2[0], r2[1]);
    assert!(
        stdout.contains("stockfish vs stockfish (2): 4 games"),
        "{stdout}"
    );
    assert!(stdout.contains("pairs 2 "), "{stdout}");
}
