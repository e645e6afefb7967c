//! SFEN (notation.md §4) and USI move (§2) reading and writing: canonical
//! output, strict validation with the field named, and no panic on any
//! input string.

use movegen::shogi::{Position, SHOGI_START, TRISSHOGI_START};
use movegen::{Game, Variant};

#[test]
fn start_positions_round_trip() {
    assert_eq!(Position::startpos(Variant::Shogi).to_fen(), SHOGI_START);
    assert_eq!(
        Position::startpos(Variant::TrisShogi).to_fen(),
        TRISSHOGI_START
    );
    assert_eq!(
        Position::startpos(Variant::MengShogi).to_fen(),
        TRISSHOGI_START
    );
}

#[test]
fn orthodox_sfen_in_a_tris_variant_gets_default_extra_fields() {
    let p = Position::from_fen(
        Variant::TrisShogi,
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    )
    .unwrap();
    // captures = min(3, pieces in hands)
    assert_eq!(
        p.to_fen(),
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1 2 3 - -"
    );
    let p = Position::from_fen(Variant::TrisShogi, SHOGI_START).unwrap();
    assert_eq!(p.to_fen(), TRISSHOGI_START);
}

#[test]
fn hands_written_in_order_with_counts_above_one() {
    let p = Position::from_fen(
        Variant::Shogi,
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b 17pP3gRB3nSLGN 1",
    )
    .unwrap();
    assert_eq!(
        p.to_fen(),
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
    );
}

#[test]
fn shogi_extra_fields_must_be_empty_ones() {
    let p = Position::from_fen(Variant::Shogi, &format!("{SHOGI_START} 0 2 - -")).unwrap();
    assert_eq!(p.to_fen(), SHOGI_START);
    let e = Position::from_fen(Variant::Shogi, TRISSHOGI_START).unwrap_err();
    assert_eq!(e.field, "fields");
    let e = Position::from_fen(Variant::Shogi, "4k4/9/9/9/4T4/9/9/9/4K4 b - 1").unwrap_err();
    assert_eq!(e.field, "board");
}

#[test]
fn errors_name_the_field() {
    let cases = [
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
            "board",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
            "board",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
            "board",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
            "board",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+G b - 1",
            "board",
        ),
        ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "board"),
        ("4k4/N8/9/9/9/9/9/9/4K4 b - 1", "board"),
        ("4k4/9/9/9/9/9/P8/P8/4K4 b - 1", "board"),
        ("4k4/9/9/9/9/9/9/9/4K3K b - 1", "board"),
        ("9/9/9/9/9/9/9/9/4K4 b - 1", "board"),
        ("4k4/9/9/9/9/9/9/9/4K4 x - 1", "side"),
        ("4k4/9/9/9/9/9/9/9/4K4 b K 1", "hands"),
        ("4k4/9/9/9/9/9/9/9/4K4 b 2 1", "hands"),
        ("4k4/9/9/9/9/9/9/9/4K4 b PP 1", "hands"),
        ("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "hands"),
        ("4k4/9/9/9/9/9/9/9/4K4 b 3R 1", "position"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 0", "move number"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - x", "move number"),
        ("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "position"),
        ("4k4/9/9/9/9/9/9/9/4K4 b -", "fields"),
        ("", "fields"),
    ];
    for (sfen, field) in cases {
        let e = Position::from_fen(Variant::Shogi, sfen).expect_err(sfen);
        assert_eq!(e.field, field, "{sfen}: {e}");
    }
    let tris_cases = [
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1 3 0 - -", "reserve"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1 1 2 - -", "reserve"),
        ("4k4/9/9/9/4T4/9/9/9/4K4 b - 1 1 1 - -", "captures"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 4 - -", "captures"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 2 F -", "forced"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 3 X -", "forced"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 3 - 5e", "recapture"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 3 F 5e", "recapture"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 3 F 5z", "recapture"),
        ("4k4/9/9/9/4T^4/9/9/9/4K4 b - 1 1 2 - -", "board"),
        ("4k4/9/9/9/^4/9/9/9/4K4 b - 1 1 2 - -", "board"),
    ];
    for (sfen, field) in tris_cases {
        let e = Position::from_fen(Variant::TrisShogi, sfen).expect_err(sfen);
        assert_eq!(e.field, field, "{sfen}: {e}");
    }
}

#[test]
fn move_errors_name_the_string() {
    let p = Position::startpos(Variant::TrisShogi);
    for (text, why) in [
        ("7g7e", "not a legal"),
        ("5e5d", "empty"),
        ("3c3d", "opponent"),
        ("P*5e", "hand"),
        ("T*5e", "two captures"),
        ("7g7f+", "not a legal"),
        ("7g", "squares"),
    ] {
        let e = p.parse_move(text).unwrap_err();
        assert_eq!(e.text, text);
        assert!(e.reason.contains(why), "{text}: {}", e.reason);
    }
    let s = Position::startpos(Variant::Shogi);
    assert!(s
        .parse_move("T5e4e")
        .unwrap_err()
        .reason
        .contains("no Tris"));
    let e = p.play_sequence("7g7f 3c3d 7f7e 8h2b").unwrap_err();
    assert!(e.reason.contains("move 4"), "{}", e.reason);
}

/// Deterministic garbage and mutations of valid SFENs and moves: every
/// input is answered with a value or an error, never a panic.
#[test]
fn no_panic_on_any_input() {
    let mut state = 0x1234_5678_9abc_def1u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let alphabet: Vec<char> = "0123456789/+^*,-abcdefghiklnprsgtwKLNPRSGBTFxé "
        .chars()
        .collect();
    let bases = [
        TRISSHOGI_START,
        "4k4/9/4p^4/9/4R^4/9/9/9/4K4 b - 1 0 2 - -",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    ];
    let pos = Position::from_fen(Variant::TrisShogi, bases[1]).unwrap();
    for i in 0..20_000 {
        let base: Vec<char> = bases[i % bases.len()].chars().collect();
        let mut s = base.clone();
        for _ in 0..1 + next() % 4 {
            let at = (next() as usize) % (s.len() + 1);
            let c = alphabet[(next() as usize) % alphabet.len()];
            match next() % 3 {
                0 if at < s.len() => s[at] = c,
                1 if at < s.len() => {
                    s.remove(at);
                }
                _ => s.insert(at, c),
            }
        }
        let text: String = s.into_iter().collect();
        for v in [Variant::Shogi, Variant::TrisShogi] {
            if let Ok(p) = Position::from_fen(v, &text) {
                // Whatever is accepted writes back to an accepted SFEN.
                let again = Position::from_fen(v, &p.to_fen()).unwrap();
                assert_eq!(again.to_fen(), p.to_fen());
                assert_eq!(p.hash(), p.compute_hash());
            }
        }
        let mv: String = (0..(next() % 12))
            .map(|_| alphabet[(next() as usize) % alphabet.len()])
            .collect();
        let _ = pos.parse_move(&mv);
        let prefix: String = text.chars().take(9).collect();
        let _ = pos.parse_move(&prefix);
    }
}

#[test]
fn huge_move_number_does_not_overflow() {
    let p = Position::from_fen(Variant::Shogi, "4k4/9/9/9/9/9/9/9/4K4 b - 4294967295").unwrap();
    let next = p.play_sequence("5i5h").unwrap();
    assert_eq!(next.move_number(), u32::MAX);
}
