//! Extended FEN (notation.md §3): reading with strict validation, and the
//! canonical writing.

use super::position::{
    Position, TrisLock, BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};
use super::{Color, Piece, Role, Square};
use crate::{PositionError, Variant};

pub const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
pub const MENGCHESS_START: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2 0 - -";

fn err(field: &'static str, reason: impl Into<String>) -> PositionError {
    PositionError::new(field, reason)
}

/// What a board square holds, as read from the FEN.
#[derive(Clone, Copy)]
enum Cell {
    Piece(Piece, bool),
    Tris(Option<Color>),
}

fn parse_board(text: &str) -> Result<Vec<(Square, Cell)>, PositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(
            "board",
            format!("expected 8 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    let mut cells = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(err(
                        "board",
                        format!("bad empty-square count '{c}' in rank {}", rank + 1),
                    ));
                }
                file += d as u8;
            } else {
                if file >= 8 {
                    return Err(err(
                        "board",
                        format!("rank {} has more than 8 squares", rank + 1),
                    ));
                }
                let sq = Square::from_coords(file, rank);
                let cell = match c {
                    '*' => Cell::Tris(None),
                    'T' => Cell::Tris(Some(Color::White)),
                    't' => Cell::Tris(Some(Color::Black)),
                    _ => {
                        let piece = Piece::from_char(c)
                            .ok_or_else(|| err("board", format!("unknown glyph '{c}' on {sq}")))?;
                        let composite = chars.peek() == Some(&'^');
                        if composite {
                            chars.next();
                        }
                        Cell::Piece(piece, composite)
                    }
                };
                if chars.peek() == Some(&'^') {
                    return Err(err(
                        "board",
                        format!("'^' on {sq} must follow a piece letter"),
                    ));
                }
                cells.push((sq, cell));
                file += 1;
            }
            if file > 8 {
                return Err(err(
                    "board",
                    format!("rank {} has more than 8 squares", rank + 1),
                ));
            }
        }
        if file != 8 {
            return Err(err(
                "board",
                format!("rank {} has {file} squares, expected 8", rank + 1),
            ));
        }
    }
    Ok(cells)
}

fn parse_square_field(field: &'static str, text: &str) -> Result<Option<Square>, PositionError> {
    if text == "-" {
        return Ok(None);
    }
    Square::parse(text)
        .map(Some)
        .ok_or_else(|| err(field, format!("'{text}' is not a square or '-'")))
}

fn parse_number<T: std::str::FromStr>(field: &'static str, text: &str) -> Result<T, PositionError> {
    text.parse()
        .map_err(|_| err(field, format!("'{text}' is not a valid number")))
}

impl Position {
    /// Reads an extended FEN (or an orthodox 6-field FEN) of `variant`.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, PositionError> {
        if variant.family() != crate::Family::Chess {
            return Err(err("variant", format!("{variant} is not a chess variant")));
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 10 {
            return Err(err(
                "fields",
                format!("expected 6 or 10 fields, found {}", fields.len()),
            ));
        }
        let cells = parse_board(fields[0])?;
        let mut pos = Position::empty(variant);
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(err("side", format!("expected 'w' or 'b', found '{other}'"))),
        };
        let mut tris_on_board = 0u32;
        for &(sq, cell) in &cells {
            match cell {
                Cell::Piece(p, composite) => {
                    pos.put_piece(p, sq);
                    if composite {
                        pos.put_tris(sq, None);
                        tris_on_board += 1;
                    }
                }
                Cell::Tris(single) => {
                    pos.put_tris(sq, single);
                    tris_on_board += 1;
                }
            }
        }
        for color in Color::ALL {
            let kings = pos.pieces_of(color, Role::King).count();
            if kings != 1 {
                return Err(err(
                    "board",
                    format!("{color:?} has {kings} kings, expected exactly 1"),
                ));
            }
            let last = super::Bitboard::rank(color.last_rank());
            if let Some(sq) = (pos.pieces_of(color, Role::Pawn) & last).first() {
                return Err(err(
                    "board",
                    format!("{color:?} pawn on its last rank ({sq})"),
                ));
            }
        }
        if variant == Variant::Chess {
            if tris_on_board > 0 {
                return Err(err("board", "plain chess has no Tris"));
            }
            if let Some(sq) = (pos.role(Role::Pawn)
                & (super::Bitboard::rank(0) | super::Bitboard::rank(7)))
            .first()
            {
                return Err(err(
                    "board",
                    format!("pawn on the first or last rank ({sq})"),
                ));
            }
        }

        // Extra fields.
        let regular = pos.regular().count();
        let (reserve, captures, frozen, dlock) = if fields.len() == 10 {
            let reserve: u8 = parse_number("reserve", fields[6])?;
            if reserve > 2 {
                return Err(err(
                    "reserve",
                    format!("{reserve} Tris in the reserve, at most 2"),
                ));
            }
            let captures: u8 = parse_number("captures", fields[7])?;
            if captures > 2 {
                return Err(err(
                    "captures",
                    format!("capture count {captures} is above its cap 2"),
                ));
            }
            let frozen = parse_square_field("frozen", fields[8])?;
            let dlock = parse_square_field("dlock", fields[9])?;
            (reserve, captures, frozen, dlock)
        } else if variant == Variant::Chess {
            (0, 0, None, None)
        } else {
            (2, 32u32.saturating_sub(regular).min(2) as u8, None, None)
        };
        if variant == Variant::Chess {
            if reserve != 0 || frozen.is_some() || dlock.is_some() {
                return Err(err(
                    "reserve",
                    "plain chess takes the extra fields only as '0 <n> - -'",
                ));
            }
        } else {
            let total = tris_on_board + reserve as u32;
            if total > 2 {
                return Err(err(
                    "board",
                    format!("{total} Tris in all (board and reserve), at most 2"),
                ));
            }
            if total < 2 {
                return Err(err("reserve", format!("{total} Tris in all (board and reserve); a Tris never leaves the game, so there are always 2")));
            }
            if tris_on_board > 0 && captures < 2 {
                return Err(err(
                    "captures",
                    "a Tris is on the board before the drop switch (captures < 2)",
                ));
            }
        }
        let standalone = pos.standalone_tris();
        if standalone.count() == 2 {
            let w = dlock.ok_or_else(|| {
                err(
                    "dlock",
                    "two standalone Tris are on the board, so one must be double-locked to White",
                )
            })?;
            if !standalone.contains(w) {
                return Err(err("dlock", format!("{w} does not hold a standalone Tris")));
            }
        } else if let Some(w) = dlock {
            return Err(err(
                "dlock",
                format!("{w} given, but a double lock needs two standalone Tris on the board"),
            ));
        }
        pos.dlock = dlock;
        if let Some(f) = frozen {
            pos.frozen = Some(f);
            if pos.tris_lock(f) != Some(TrisLock::Pendulum) {
                return Err(err("frozen", format!("{f} does not hold a pendulum Tris")));
            }
        }

        // Castling: rights the board cannot support are dropped.
        let mut rights = 0u8;
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let (bit, king, rook, color) = match c {
                    'K' => (WHITE_KINGSIDE, 4, 7, Color::White),
                    'Q' => (WHITE_QUEENSIDE, 4, 0, Color::White),
                    'k' => (BLACK_KINGSIDE, 60, 63, Color::Black),
                    'q' => (BLACK_QUEENSIDE, 60, 56, Color::Black),
                    _ => return Err(err("castling", format!("unknown castling glyph '{c}'"))),
                };
                let standalone = |sq: u8, role| {
                    let sq = Square::new(sq);
                    pos.pieces_of(color, role).contains(sq) && !pos.tris.contains(sq)
                };
                if standalone(king, Role::King) && standalone(rook, Role::Rook) {
                    rights |= bit;
                }
            }
        }

        let halfmove: u32 = parse_number("halfmove", fields[4])?;
        let fullmove: u32 = parse_number("fullmove", fields[5])?;
        if fullmove == 0 {
            return Err(err("fullmove", "the fullmove number starts at 1"));
        }
        pos.halfmove = halfmove;
        pos.fullmove = fullmove;
        pos.init_counters(reserve, captures, rights);
        pos.hash = pos.compute_hash();

        if pos
            .attackers(pos.king(pos.turn.other()), pos.occupied(), pos.turn)
            .nonempty()
        {
            return Err(err("position", "the side not to move is in check"));
        }
        if let Some(ep) = parse_square_field("ep", fields[3])? {
            let expected_rank = match pos.turn {
                Color::White => 5,
                Color::Black => 2,
            };
            if ep.rank() != expected_rank {
                return Err(err(
                    "ep",
                    format!(
                        "{ep} cannot be an en-passant square with {:?} to move",
                        pos.turn
                    ),
                ));
            }
            if pos.ep_capture_legal(ep) {
                pos.set_ep(Some(ep));
            }
        }
        Ok(pos)
    }

    /// The canonical FEN: ten fields in `mengchess`, six in `chess`.
    pub fn to_fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::from_coords(file, rank);
                let glyph = match (self.piece_at(sq), self.tris.contains(sq)) {
                    (Some(p), composite) => {
                        let mut g = p.char().to_string();
                        if composite {
                            g.push('^');
                        }
                        g
                    }
                    (None, true) => {
                        if self.single[0].contains(sq) {
                            "T".into()
                        } else if self.single[1].contains(sq) {
                            "t".into()
                        } else {
                            "*".into()
                        }
                    }
                    (None, false) => {
                        empty += 1;
                        continue;
                    }
                };
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push_str(&glyph);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.turn == Color::White {
            " w "
        } else {
            " b "
        });
        let mut castling = String::new();
        for (bit, c) in [
            (WHITE_KINGSIDE, 'K'),
            (WHITE_QUEENSIDE, 'Q'),
            (BLACK_KINGSIDE, 'k'),
            (BLACK_QUEENSIDE, 'q'),
        ] {
            if self.castling & bit != 0 {
                castling.push(c);
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        out.push_str(&castling);
        match self.ep {
            Some(ep) => out.push_str(&format!(" {ep}")),
            None => out.push_str(" -"),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        if self.variant == Variant::MengChess {
            let sq = |s: Option<Square>| s.map_or("-".to_string(), |s| s.to_string());
            out.push_str(&format!(
                " {} {} {} {}",
                self.reserve,
                self.captures,
                sq(self.frozen),
                sq(self.dlock)
            ));
        }
        out
    }
}
