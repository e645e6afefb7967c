//! The check options that switch search features and evaluation terms off
//! change the search (measured by its node count) and are declared in both
//! protocols.

use std::io::Write;
use std::process::{Command, Stdio};

fn session(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_triskelion"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start triskelion");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap()
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
    let base = session("uci\nposition startpos\ngo depth 7\nisready\nquit\n");
    for name in [
        "Search_NullMove",
        "Search_LMR",
        "Search_LateMovePruning",
        "Eval_PawnStructure",
        "Eval_KingSafety",
    ] {
        assert!(
            base.contains(&format!("option name {name} type check default true")),
            "{name}"
        );
    }
    let off = session("uci\nsetoption name Search_LMR value false\nposition startpos\ngo depth 7\nisready\nquit\n");
    assert_ne!(last_nodes(&base), last_nodes(&off));
    let again = session("uci\nsetoption name Search_LMR value false\nsetoption name Search_LMR value true\nposition startpos\ngo depth 7\nisready\nquit\n");
    assert_eq!(last_nodes(&base), last_nodes(&again));
    let usi = session("usi\nsetoption name Eval_Tris value false\nsetoption name USI_Variant value trisshogi\nposition startpos\ngo depth 3\nisready\nquit\n");
    assert!(usi.contains("option name Eval_Tris type check default true"));
    assert!(usi.contains("bestmove "), "{usi}");
    assert!(!usi.contains("error"), "{usi}");
}
