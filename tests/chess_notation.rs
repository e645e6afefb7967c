//! Extended FEN (notation.md §3) and move strings (§2): canonical output,
//! strict input with errors that name the field or the move and why.

mod common;

use common::chess::*;
use movegen::chess::{Move, MoveSyntax, Position, Square};
use movegen::{Game, Variant};

fn fen_error(variant: Variant, fen: &str) -> movegen::PositionError {
    Position::from_fen(variant, fen).expect_err(fen)
}

#[test]
fn orthodox_fens_are_accepted_and_extended_in_mengchess() {
    let pos = meng("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    assert_eq!(
        pos.to_fen(),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 2 0 - -"
    );
    // captures = min(2, 32 - regular pieces): 30 pieces here.
    let two_gone = meng("rnbqkbnr/ppp1pppp/8/8/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3");
    assert_eq!(two_gone.captures(), 2);
    let one_gone = meng("rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3");
    assert_eq!(one_gone.captures(), 1);
    // Plain chess writes exactly six fields, and takes `0 <n> - -`.
    let plain = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 0 - -");
    assert_eq!(
        plain.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn unsupported_castling_rights_are_dropped_and_ep_written_only_when_legal() {
    let pos = chess("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1");
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    // e3 is given, but no black pawn can take en passant.
    let no_ep = chess("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(
        no_ep.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let ep = chess("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(ep.ep_square(), Square::parse("e3"));
    // A pinned pawn cannot take en passant, so the square is not written.
    let pinned = chess("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
    assert_eq!(pinned.ep_square(), None);
}

#[test]
fn fen_errors_name_the_field() {
    let cases: &[(Variant, &str, &str, &str)] = &[
        (Variant::Chess, "8/8/8 w - - 0 1", "board", "8 ranks"),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/4K3 w - -",
            "fields",
            "6 or 10",
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 2",
            "fields",
            "6 or 10",
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/4KX2 w - - 0 1",
            "board",
            "glyph 'X'",
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/4K4 w - - 0 1",
            "board",
            "more than 8 squares",
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
            "board",
            "7 squares",
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/4K9 w - - 0 1",
            "board",
            "empty-square count",
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            "board",
            "2 kings",
        ),
        (
            Variant::Chess,
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            "board",
            "0 kings",
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            "side",
            "'x'",
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/4K3 w Z - 0 1",
            "castling",
            "'Z'",
        ),
        (Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - e4 0 1", "ep", "e4"),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
            "halfmove",
            "'x'",
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
            "fullmove",
            "starts at 1",
        ),
        (
            Variant::Chess,
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
            "position",
            "not to move is in check",
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/3*4/8/8/4K3 w - - 0 1 0 2 - -",
            "board",
            "no Tris",
        ),
        (
            Variant::Chess,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 2 0 - -",
            "reserve",
            "0 <n> - -",
        ),
        (
            Variant::Chess,
            "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
            "board",
            "last rank",
        ),
        (
            Variant::MengChess,
            "4k3/8/8/8/3**3/8/8/4K3 w - - 0 1 1 2 - -",
            "board",
            "3 Tris",
        ),
        (
            Variant::MengChess,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 3 0 - -",
            "reserve",
            "at most 2",
        ),
        (
            Variant::MengChess,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 2 3 - -",
            "captures",
            "cap 2",
        ),
        (
            Variant::MengChess,
            "4k3/8/8/8/3*4/8/8/4K3 w - - 0 1 1 1 - -",
            "captures",
            "drop switch",
        ),
        (
            Variant::MengChess,
            "4k3/8/8/8/3*4/8/8/4K3 w - - 0 1 1 2 e4 -",
            "frozen",
            "e4",
        ),
        (
            Variant::MengChess,
            "4k3/8/8/8/3*4/8/8/4K3 w - - 0 1 1 2 z9 -",
            "frozen",
            "'z9'",
        ),
        (
            Variant::MengChess,
            "4k3/8/8/8/3*4/8/8/4K3 w - - 0 1 1 2 - d4",
            "dlock",
            "two standalone",
        ),
        (
            Variant::MengChess,
            "4k3/8/8/8/3**3/8/8/4K3 w - - 0 1 0 2 - a1",
            "dlock",
            "a1",
        ),
        (
            Variant::MengChess,
            "4k3/8/8/8/^7/8/8/4K3 w - - 0 1 2 2 - -",
            "board",
            "'^'",
        ),
        (
            Variant::Shogi,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "variant",
            "not a chess variant",
        ),
    ];
    for &(variant, fen, field, needle) in cases {
        let e = fen_error(variant, fen);
        assert_eq!(e.field, field, "{fen}: {e}");
        assert!(
            e.to_string().contains(needle),
            "{fen}: '{e}' should mention {needle}"
        );
    }
}

#[test]
fn move_syntax_round_trips() {
    for text in [
        "e2e4",
        "e7e8q",
        "T@e4",
        "d4e6",
        "d4d6t",
        "d7d8qt",
        "d4f6,f6a3",
        "b7a8q,a8c3",
        "0000",
    ] {
        let syntax = MoveSyntax::parse(text).unwrap();
        assert_eq!(syntax.to_string(), text);
    }
    for bad in [
        "",
        "e2",
        "e2e9",
        "i2e4",
        "e2e4x",
        "e7e8k",
        "T@",
        "T@i9",
        "d4d6t,d6a1",
        "d4f6,f5a3",
        "d4f6,f6",
        "é2e4",
    ] {
        assert!(MoveSyntax::parse(bad).is_err(), "{bad} should not parse");
    }
    let mv = Move::capture_redrop(
        Square::parse("b7").unwrap(),
        Square::parse("a8").unwrap(),
        None,
        Square::parse("c3").unwrap(),
    );
    assert_eq!(mv.to_string(), "b7a8,a8c3");
}

#[test]
fn move_errors_name_the_move_and_keep_the_position() {
    let pos = Position::startpos(Variant::MengChess);
    let e = pos.parse_move("e2e5").unwrap_err();
    assert_eq!(e.text, "e2e5");
    assert!(e.reason.contains("not a legal move"));
    assert!(pos
        .parse_move("e3e4")
        .unwrap_err()
        .reason
        .contains("e3 is empty"));
    assert!(pos
        .parse_move("e7e5")
        .unwrap_err()
        .reason
        .contains("opponent"));
    assert!(pos
        .parse_move("T@e4")
        .unwrap_err()
        .reason
        .contains("two captures"));
    assert!(pos.parse_move("0000").is_err());
    let e = pos
        .play_sequence("e2e4 e7e5 g1f3 b8c6 f1c4 e8e7 e1e3")
        .unwrap_err();
    assert!(e.reason.contains("move 7"), "{e}");
    assert_eq!(e.text, "e1e3");
    assert_eq!(pos, Position::startpos(Variant::MengChess));
    let plain = Position::startpos(Variant::Chess);
    assert!(plain
        .parse_move("T@e4")
        .unwrap_err()
        .reason
        .contains("plain chess"));
}

#[test]
fn composite_pawn_on_the_last_rank_always_names_its_promotion() {
    let pos = meng("4k3/8/2P^5/8/8/8/8/K7 w - - 0 1 1 2 - -");
    assert!(pos.parse_move("c6d8").is_err());
    assert!(pos.parse_move("c6d8n").is_ok());
}
