//! `triskelion analyze` and `triskelion bench` on the command line.

mod common;

use common::engine::run;

#[test]
fn analyze_draws_the_board_and_one_line_per_depth() {
    let (code, out, err) = run(&[
        "analyze",
        "--fen",
        "4k3/8/8/8/3R^4/8/6*1/4K3 w - - 0 1 0 2 g2 -",
        "--depth",
        "4",
    ]);
    assert_eq!(code, 0, "{err}");
    // Plain text when stdout is not a terminal: no escape codes.
    assert!(!out.contains('\u{1b}'));
    assert!(out.contains("(♖)"), "the composite rook is marked:\n{out}");
    assert!(
        out.contains('◈'),
        "the frozen pendulum Tris is marked:\n{out}"
    );
    for d in 1..=4 {
        assert!(
            out.contains(&format!("depth  {d}/")),
            "depth {d} line missing:\n{out}"
        );
    }
    assert!(out.contains("best move "), "{out}");
}

#[test]
fn analyze_shogi_with_multipv_and_movetime() {
    let (code, out, err) = run(&[
        "analyze",
        "--variant",
        "shogi",
        "--movetime",
        "300",
        "--multipv",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("SFEN: lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
        "{out}"
    );
    assert!(
        out.contains("1. depth") && out.contains("2. depth"),
        "{out}"
    );
}

#[test]
fn analyze_reports_mates_and_bad_input() {
    let (_, out, _) = run(&[
        "analyze",
        "--variant",
        "chess",
        "--fen",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "--depth",
        "3",
    ]);
    assert!(out.contains("best move d1d8 (#1)"), "{out}");
    let (code, _, err) = run(&["analyze", "--depth", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--depth"), "{err}");
    let (code, _, err) = run(&["analyze", "--depth", "3", "--movetime", "10"]);
    assert_eq!(code, 2);
    assert!(err.contains("either --depth or --movetime"), "{err}");
}

#[test]
fn bench_prints_its_signature_and_takes_feature_switches() {
    let (code, out, _) = run(&["bench", "5"]);
    assert_eq!(code, 0);
    let nodes = |text: &str| -> u64 {
        text.lines()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .expect("a node line")
            .parse()
            .unwrap()
    };
    assert!(out.lines().any(|l| l.starts_with("Nodes/second: ")));
    let (_, again, _) = run(&["bench", "5"]);
    assert_eq!(nodes(&out), nodes(&again));
    let (_, off, _) = run(&["bench", "5", "--off", "null_move,lmr"]);
    assert_ne!(nodes(&off), nodes(&out));
    let (code, _, err) = run(&["bench", "3", "--off", "magic"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown search feature 'magic'"), "{err}");
}
