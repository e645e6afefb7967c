//! The check options that switch search features and evaluation terms off
//! change the search (measured by its node count) and are declared in both
//! protocols.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Sends `input` (which ends with a `go`), waits for `bestmove`, quits.
fn session(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_triskelion"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start triskelion");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut out = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        out.push_str(&line);
        out.push('\n');
        if line.starts_with("bestmove") {
            break;
        }
    }
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    child.wait().unwrap();
    out
}

fn last_nodes(out: &str) -> u64 {
    let line = out
        .lines()
        .rfind(|l| l.starts_with("info depth"))
        .expect("an info line");
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == "nodes" {
            return words.next().unwrap().parse().unwrap();
        }
    }
    panic!("no nodes in '{line}'")
}

#[test]
fn switches_are_declared_and_change_the_search() {
    let base = session("uci\nposition startpos\ngo depth 7\n");
    for name in [
        "Search_NullMove",
        "Search_LMR",
        "Search_LateMovePruning",
        "Search_IIR",
        "Search_Singular",
        "Search_Correction",
        "Search_SingularRange",
        "Search_LmrCaptures",
        "Search_LmrTtCapture",
        "Search_MateProbe",
        "Search_QsPruning",
        "Search_KillerLmr",
        "Search_ThreatOrder",
        "Eval_PawnStructure",
        "Eval_KingSafety",
        "Eval_Mobility",
        "Eval_Threats",
    ] {
        assert!(
            base.contains(&format!("option name {name} type check default true")),
            "{name}"
        );
    }
    let off =
        session("uci\nsetoption name Search_LMR value false\nposition startpos\ngo depth 7\n");
    assert_ne!(last_nodes(&base), last_nodes(&off));
    let again = session("uci\nsetoption name Search_LMR value false\nsetoption name Search_LMR value true\nposition startpos\ngo depth 7\n");
    assert_eq!(last_nodes(&base), last_nodes(&again));
    let usi = session("usi\nsetoption name Eval_Tris value false\nsetoption name USI_Variant value trisshogi\nposition startpos\ngo depth 3\n");
    assert!(usi.contains("option name Eval_Tris type check default true"));
    assert!(usi.contains("bestmove "), "{usi}");
    assert!(!usi.contains("error"), "{usi}");
}

#[test]
fn chess_singular_correction_lmr_threat_order_and_threats_change_the_search() {
    // A middlegame where the table holds deep lower bounds by depth 9. The
    // evaluation's switches act on the hand-written evaluation, so it
    // plays here (`EvalFile <empty>`) in place of the built-in network.
    let go = "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4\ngo depth 9\n";
    let hce = "setoption name EvalFile value <empty>\n";
    let base = last_nodes(&session(&format!("uci\n{hce}{go}")));
    for name in [
        "Search_Singular",
        "Search_Correction",
        "Search_SingularRange",
        "Search_LmrCaptures",
        "Search_LmrTtCapture",
        "Search_ThreatOrder",
        "Eval_Threats",
    ] {
        let off = session(&format!(
            "uci\n{hce}setoption name {name} value false\n{go}"
        ));
        assert_ne!(base, last_nodes(&off), "{name}");
    }
}

#[test]
fn the_shogi_mate_probe_qs_pruning_killer_lmr_and_threats_change_the_search() {
    // A middlegame with pieces in hand on both sides: drop mates lie in
    // the tree, and pieces stand attacked. The position was chosen for the
    // hand-written evaluation's tree (with the built-in network's, the
    // killer switch happens not to change the node count at depth 6), so
    // it plays here (`EvalFile <empty>`).
    let go = "setoption name EvalFile value <empty>\nposition sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1\ngo depth 6\n";
    let base = session(&format!("usi\n{go}"));
    assert!(base.contains("option name Search_MateProbe type check default true"));
    assert!(base.contains("option name Eval_Threats type check default true"));
    for name in [
        "Search_MateProbe",
        "Search_QsPruning",
        "Search_KillerLmr",
        "Eval_Threats",
    ] {
        let off = session(&format!("usi\nsetoption name {name} value false\n{go}"));
        assert_ne!(last_nodes(&base), last_nodes(&off), "{name}");
    }
}
