//! `triskelion tune-shogi` and `tune-chess` on the command line: a fit on
//! a small labelled file, and clear errors for bad input.

mod common;

use common::engine::run;

fn data_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("triskelion-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn tune_shogi_fits_a_small_file_and_prints_the_struct() {
    // Eighteen quiet positions where a gold in hand is worth 1,000 to the
    // teacher (and nothing is worth anything otherwise).
    let mut text = String::new();
    for j in 0..9 {
        // The White king on each square of rank a.
        let rank = match j {
            0 => "k8".to_string(),
            8 => "8k".to_string(),
            _ => format!("{j}k{}", 8 - j),
        };
        text += &format!("{rank}/9/9/9/9/9/9/9/4K4 b G 1\t1000\n");
        text += &format!("{rank}/9/9/9/9/9/9/9/4K4 b - 1\t0\n");
    }
    let path = data_file("gold.txt", &text);
    let (code, out, err) = run(&[
        "tune-shogi",
        "--data",
        path.to_str().unwrap(),
        "--passes",
        "3",
    ]);
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(out.contains("quiet positions to fit"), "{out}");
    assert!(out.contains("pass 1: loss"), "{out}");
    assert!(
        out.contains("hand_value[G]"),
        "the gold's hand value moves:\n{out}"
    );
    assert!(out.contains("ShogiParams {"), "{out}");
}

#[test]
fn tune_shogi_rejects_bad_input_with_the_reason() {
    let bad = data_file("bad.txt", "4k4/9/9/9/9/9/9/9/4K4 b - 1\tmany\n");
    let bad = bad.to_str().unwrap();
    for (args, expected) in [
        (vec!["tune-shogi"], "--data FILE is required"),
        (
            vec!["tune-shogi", "--data", "/nonexistent/x.txt"],
            "cannot read",
        ),
        (vec!["tune-shogi", "--data", bad], "line 1: bad score"),
        (
            vec!["tune-shogi", "--data", bad, "--passes", "0"],
            "--passes",
        ),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

#[test]
fn tune_chess_fits_a_small_file_and_prints_the_struct() {
    // An extra white knight is worth 700 to the teacher: the knight's value
    // moves (up) from PeSTO's.
    let mut text = String::new();
    for file in 0..8 {
        let rank = match file {
            0 => "N7".to_string(),
            7 => "7N".to_string(),
            _ => format!("{file}N{}", 7 - file),
        };
        text += "4k3/8/8/8/8/8/8/4K3 w - - 0 1\t0\n";
        text += &format!("4k3/8/8/8/{rank}/8/8/4K3 w - - 0 1\t700\n");
    }
    let path = data_file("knight.txt", &text);
    let (code, out, err) = run(&[
        "tune-chess",
        "--data",
        path.to_str().unwrap(),
        "--passes",
        "3",
    ]);
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(out.contains("pass 1: loss"), "{out}");
    assert!(out.contains("value[N]"), "the knight's value moves:\n{out}");
    assert!(out.contains("ChessParams {"), "{out}");
    let (code, _, err) = run(&["tune-chess", "--data", path.to_str().unwrap(), "--k", "-1"]);
    assert_eq!(code, 2);
    assert!(err.contains("--k"), "{err}");
}
