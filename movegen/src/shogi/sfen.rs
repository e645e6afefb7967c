//! Extended SFEN (notation.md §4): strict reading, canonical writing.

use super::{Color, Piece, Position, Role, Square};
use crate::{PositionError, Variant};

/// The orthodox start position.
pub const SHOGI_START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// The start position of `trisshogi` / `mengshogi`.
pub const TRISSHOGI_START: &str =
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 2 0 - -";

fn err(field: &'static str, reason: impl Into<String>) -> PositionError {
    PositionError::new(field, reason)
}

/// How many of each unpromoted kind a game has (board and hands together).
const fn set_count(role: Role) -> u32 {
    match role {
        Role::Pawn => 18,
        Role::Bishop | Role::Rook | Role::King => 2,
        _ => 4,
    }
}

impl Position {
    /// Reads an extended SFEN of `variant` (an orthodox 4-field SFEN is
    /// accepted). Never panics; the error names the field.
    pub fn from_sfen(variant: Variant, sfen: &str) -> Result<Position, PositionError> {
        if variant.family() != crate::Family::Shogi {
            return Err(err("variant", format!("{variant} is not a shogi variant")));
        }
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        if fields.len() != 4 && fields.len() != 8 {
            return Err(err(
                "fields",
                format!(
                    "expected 4 fields (orthodox SFEN) or 8 (extended SFEN), found {}",
                    fields.len()
                ),
            ));
        }
        let tris_ok = variant.has_tris();
        let mut pos = Position::empty(variant);
        parse_board(&mut pos, fields[0], tris_ok)?;
        pos.turn = match fields[1] {
            "b" => Color::Black,
            "w" => Color::White,
            s => return Err(err("side", format!("expected b or w, found '{s}'"))),
        };
        parse_hands(&mut pos, fields[2])?;
        pos.move_number = match fields[3].parse::<u32>() {
            Ok(n) if n >= 1 && !fields[3].starts_with('+') => n,
            _ => {
                return Err(err(
                    "move number",
                    format!("expected a positive integer, found '{}'", fields[3]),
                ))
            }
        };
        let in_hands: u32 = pos.hands.iter().flatten().map(|&n| n as u32).sum();
        if fields.len() == 8 {
            let reserve = match fields[4] {
                "0" => 0,
                "1" => 1,
                "2" => 2,
                s => return Err(err("reserve", format!("expected 0, 1 or 2, found '{s}'"))),
            };
            let captures = match fields[5] {
                "0" => 0,
                "1" => 1,
                "2" => 2,
                "3" => 3,
                s => {
                    return Err(err(
                        "captures",
                        format!("expected 0..3 (the count is capped at 3), found '{s}'"),
                    ))
                }
            };
            let forced = match fields[6] {
                "F" => true,
                "-" => false,
                s => return Err(err("forced", format!("expected F or -, found '{s}'"))),
            };
            let recapture = match fields[7] {
                "-" => None,
                s => Some(Square::parse(s).ok_or_else(|| {
                    err(
                        "recapture",
                        format!("expected a square 1a..9i or -, found '{s}'"),
                    )
                })?),
            };
            if !tris_ok {
                if reserve != 0 || forced || recapture.is_some() {
                    return Err(err(
                        "fields",
                        "plain shogi has no Tris: the extra fields must be absent or 0 <n> - -",
                    ));
                }
            } else {
                pos.reserve = reserve;
                pos.captures = captures;
                pos.forced = forced;
                pos.recapture = recapture;
            }
        } else if tris_ok {
            pos.reserve = 2;
            pos.captures = in_hands.min(3) as u8;
        }
        validate(&pos)?;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Writes the canonical SFEN: 8 fields in the Tris variants, 4 in
    /// `shogi`.
    pub fn to_sfen(&self) -> String {
        let mut s = String::new();
        for rank in 0..9u8 {
            let mut gap = 0;
            for file in (0..9u8).rev() {
                let sq = Square::from_coords(file, rank);
                let token = match self.board[sq.index()] {
                    Some(p) if self.tris.contains(sq) => format!("{}^", p.token()),
                    Some(p) => p.token(),
                    None if self.tris_lock[0].contains(sq) => "T".to_string(),
                    None if self.tris_lock[1].contains(sq) => "t".to_string(),
                    None => {
                        gap += 1;
                        continue;
                    }
                };
                if gap > 0 {
                    s.push((b'0' + gap) as char);
                    gap = 0;
                }
                s.push_str(&token);
            }
            if gap > 0 {
                s.push((b'0' + gap) as char);
            }
            if rank < 8 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.turn.char());
        s.push(' ');
        let mut hands = String::new();
        for c in [Color::Black, Color::White] {
            for role in Role::HAND {
                let n = self.hands[c.index()][role.hand_index()];
                if n > 1 {
                    hands.push_str(&n.to_string());
                }
                if n > 0 {
                    let l = role.letter();
                    hands.push(if c == Color::Black {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                }
            }
        }
        if hands.is_empty() {
            hands.push('-');
        }
        s.push_str(&hands);
        s.push_str(&format!(" {}", self.move_number));
        if self.variant.has_tris() {
            s.push_str(&format!(
                " {} {} {} {}",
                self.reserve,
                self.captures,
                if self.forced { "F" } else { "-" },
                self.recapture.map_or("-".to_string(), |q| q.to_string())
            ));
        }
        s
    }
}

fn parse_board(pos: &mut Position, board: &str, tris_ok: bool) -> Result<(), PositionError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 9 {
        return Err(err(
            "board",
            format!("expected 9 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (r, text) in ranks.iter().enumerate() {
        let rank_name = (b'a' + r as u8) as char;
        let mut file: i32 = 8; // file 9 first
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(err("board", format!("rank {rank_name}: a gap of 0")));
                }
                file -= d as i32;
                if file < -1 {
                    return Err(err(
                        "board",
                        format!("rank {rank_name}: more than 9 squares"),
                    ));
                }
                i += 1;
                continue;
            }
            if file < 0 {
                return Err(err(
                    "board",
                    format!("rank {rank_name}: more than 9 squares"),
                ));
            }
            let sq = Square::from_coords(file as u8, r as u8);
            if c == 'T' || c == 't' {
                if !tris_ok {
                    return Err(err("board", format!("{sq}: plain shogi has no Tris")));
                }
                pos.put_locked(sq, if c == 'T' { Color::Black } else { Color::White });
                file -= 1;
                i += 1;
                continue;
            }
            let promoted = c == '+';
            if promoted {
                i += 1;
            }
            let l = match chars.get(i) {
                Some(&l) => l,
                None => return Err(err("board", format!("{sq}: '+' without a piece"))),
            };
            let role = Role::from_letter(l)
                .ok_or_else(|| err("board", format!("{sq}: unknown piece letter '{l}'")))?;
            let color = if l.is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            };
            let role = if promoted {
                if !role.can_promote() {
                    return Err(err("board", format!("{sq}: '{l}' cannot be promoted")));
                }
                role.promoted()
            } else {
                role
            };
            if role == Role::King
                && pos.by_role[Role::King as usize]
                    .intersect(pos.by_color[color.index()])
                    .nonempty()
            {
                return Err(err("board", format!("{sq}: a second {color:?} king")));
            }
            if sq.relative_rank(color) < role.dead_ranks() {
                return Err(err(
                    "board",
                    format!("{sq}: an unpromoted '{l}' there would have no legal move"),
                ));
            }
            pos.put(sq, Piece::new(color, role));
            i += 1;
            if chars.get(i) == Some(&'^') {
                if !tris_ok {
                    return Err(err("board", format!("{sq}: plain shogi has no composites")));
                }
                pos.put_under(sq);
                i += 1;
            }
            file -= 1;
        }
        if file != -1 {
            return Err(err(
                "board",
                format!("rank {rank_name}: {} squares instead of 9", 8 - file),
            ));
        }
    }
    Ok(())
}

fn parse_hands(pos: &mut Position, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    let mut count: Option<u32> = None;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 18 || (count.is_none() && d == 0) {
                return Err(err("hands", format!("bad count in '{text}'")));
            }
            count = Some(n);
            continue;
        }
        let role = match Role::from_letter(c) {
            Some(r) if r != Role::King => r,
            _ => {
                return Err(err(
                    "hands",
                    format!("'{c}' is not a hand piece letter (P L N S G B R)"),
                ))
            }
        };
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let n = count.take().unwrap_or(1);
        let slot = &mut pos.hands[color.index()][role.hand_index()];
        if *slot != 0 {
            return Err(err("hands", format!("'{c}' is listed twice")));
        }
        *slot = n as u8;
    }
    if count.is_some() {
        return Err(err("hands", format!("'{text}' ends with a count")));
    }
    Ok(())
}

fn validate(pos: &Position) -> Result<(), PositionError> {
    for c in [Color::Black, Color::White] {
        let k = pos.by_role[Role::King as usize] & pos.by_color[c.index()];
        if k.count() != 1 {
            return Err(err(
                "board",
                format!("{c:?} must have exactly one king, found {}", k.count()),
            ));
        }
    }
    let mut counts = [0u32; 14];
    for sq in Square::all() {
        if let Some(p) = pos.board[sq.index()] {
            counts[p.role.unpromoted().index()] += 1;
        }
    }
    for c in 0..2 {
        for role in Role::HAND {
            counts[role.index()] += pos.hands[c][role.hand_index()] as u32;
        }
    }
    for role in Role::ALL.into_iter().take(8) {
        if counts[role.index()] > set_count(role) {
            return Err(err(
                "position",
                format!(
                    "{} pieces of kind '{}' on the board and in hands, at most {}",
                    counts[role.index()],
                    role.letter(),
                    set_count(role)
                ),
            ));
        }
    }
    if !pos.variant.has_tris() {
        // Nifu on the board (in the Tris variants a composite moving
        // sideways may leave two pawns on a file, S-9).
        for c in 0..2 {
            let pawns = pos.by_role[Role::Pawn as usize] & pos.by_color[c];
            for f in 0..9 {
                if (pawns & super::Bitboard::file(f)).count() > 1 {
                    return Err(err(
                        "board",
                        format!("two unpromoted pawns of one side on file {} (nifu)", f + 1),
                    ));
                }
            }
        }
    } else {
        let on_board = pos.tris.count() as u8;
        if on_board + pos.reserve != 2 {
            return Err(err(
                "reserve",
                format!(
                    "{} Tris on the board and {} in the reserve: there are always exactly 2",
                    on_board, pos.reserve
                ),
            ));
        }
        if pos.reserve < 2 && pos.captures < 2 {
            return Err(err(
                "captures",
                "a Tris was dropped, so at least 2 captures were made (T-3)",
            ));
        }
        if pos.forced && (pos.reserve == 0 || pos.captures < 3) {
            return Err(err(
                "forced",
                "forced-drop mode needs 3 captures and a Tris in the reserve (S-F1, S-F3)",
            ));
        }
        if let Some(sq) = pos.recapture {
            if !pos.forced {
                return Err(err(
                    "recapture",
                    "a recapture square needs forced-drop mode (S-F2b)",
                ));
            }
            match pos.board[sq.index()] {
                Some(p) if p.color != pos.turn => {}
                _ => {
                    return Err(err(
                        "recapture",
                        format!("{sq} must hold the piece that just captured"),
                    ))
                }
            }
        }
    }
    let them = pos.turn.other();
    if pos
        .attackers_to(pos.king(them), pos.turn, pos.occupied())
        .nonempty()
    {
        return Err(err("position", "the side not to move is in check"));
    }
    Ok(())
}
