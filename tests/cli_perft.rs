//! The `triskelion perft` command line (notation.md §5): output layout,
//! options, and errors on stderr with exit status 2.

use std::process::{Command, Output};

fn perft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_triskelion"))
        .arg("perft")
        .args(args)
        .output()
        .expect("run triskelion")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn divide_layout_matches_stockfish() {
    let o = perft(&["--variant", "chess", "--depth", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 22, "{text}");
    assert!(lines[..20].iter().all(|l| {
        let (mv, n) = l.split_once(": ").unwrap();
        mv.len() == 4 && n == "20"
    }));
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 400");
    assert!(stderr(&o).contains("Mnodes/s"));
}

#[test]
fn defaults_to_mengchess_and_takes_fen_moves_and_threads() {
    let o = perft(&["--depth", "1", "--moves", "e2e4 d7d5 e4d5 d8d5"]);
    let text = stdout(&o);
    assert!(text.contains("T@e4: 1"), "{text}");
    // 29 chess moves (as python-chess counts them) and 34 drops.
    assert!(text.ends_with("Nodes searched: 63\n"), "{text}");
    let o = perft(&[
        "--variant",
        "mengchess",
        "--fen",
        "4k3/8/8/8/3R^4/8/8/4K3 w - - 0 1 1 2 - -",
        "--depth",
        "3",
        "--threads",
        "2",
    ]);
    let single = perft(&[
        "--variant",
        "mengchess",
        "--fen",
        "4k3/8/8/8/3R^4/8/8/4K3 w - - 0 1 1 2 - -",
        "--depth",
        "3",
        "--no-hash",
    ]);
    assert_eq!(stdout(&o).lines().last(), stdout(&single).lines().last());
    assert!(o.status.success());
}

#[test]
fn errors_name_the_problem_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--depth", "2", "--fen", "8/8/8 w - - 0 1"],
            "--fen: invalid board field",
        ),
        (
            &["--depth", "2", "--moves", "e2e4 e7e5 e1e3"],
            "move 'e1e3'",
        ),
        (
            &["--depth", "2", "--moves", "e2e4 e7e5 e1e3"],
            "move 3 of the sequence",
        ),
        (&["--depth", "x"], "--depth: 'x' is not a valid number"),
        (&["--depth", "-1"], "--depth"),
        (&[], "--depth N is required"),
        (&["--depth", "2", "--variant", "go"], "unknown variant 'go'"),
        (&["--depth", "2", "--threads", "0"], "--threads"),
        (&["--depth", "2", "--bogus", "1"], "unknown option --bogus"),
        (&["--depth"], "--depth needs a value"),
    ];
    for (args, needle) in cases {
        let o = perft(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
}

/// A reader that stops early (`triskelion analyze ... | head -1`) closes
/// the pipe while the engine still prints a line per depth: it ends
/// quietly, without a panic message.
#[test]
fn a_closed_stdout_ends_the_command_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_triskelion"))
        .args(["analyze", "--variant", "chess", "--depth", "30"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run triskelion");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(!first.is_empty());
    drop(out);
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(o.status.code(), Some(0), "{err}");
}
