//! The Tris variants over the engine's own protocol mode: the match runner
//! (a UCI client that referees every move by the rules core) plays
//! Triskelion against itself in mengchess, which it selects with
//! `UCI_Variant`. No existing GUI can do this; the project's tools can.

use std::process::Command;

#[test]
fn triskelion_plays_mengchess_against_itself_through_the_match_runner() {
    let bin = env!("CARGO_BIN_EXE_triskelion");
    let dir = std::env::temp_dir().join(format!("triskelion-tris-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let log = dir.join("traffic.log");
    let out = Command::new(bin)
        .args(["match", "--variant", "mengchess"])
        .args(["--engine", &format!("cmd={bin},name=first")])
        .args(["--engine", &format!("cmd={bin},name=second")])
        .args(["--depth", "3", "--rounds", "1", "--maxplies", "80"])
        .args([
            "--out",
            pgn.to_str().unwrap(),
            "--log",
            log.to_str().unwrap(),
        ])
        .output()
        .expect("run the match");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("2 games"), "{stdout}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    let traffic = std::fs::read_to_string(&log).unwrap();
    // Both games were played out: no forfeits for illegal moves or silence.
    for bad in ["illegal", "forfeit", "crash", "timeout", "hung"] {
        assert!(!games.to_lowercase().contains(bad), "{bad}: {games}");
    }
    assert!(traffic.contains("setoption name UCI_Variant value mengchess"));
    assert!(traffic.contains("info string variant mengchess startpos"));
    assert!(!traffic.contains("info string error"), "{traffic}");
    assert_eq!(
        games.matches("[Variant \"mengchess\"]").count(),
        2,
        "{games}"
    );
}
