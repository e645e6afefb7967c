//! The shogi-family move (notation.md §2, USI column) and its context-free
//! syntax.

use std::fmt;
use std::num::NonZeroU32;

use super::{Role, Square};

/// What kind of move a [`Move`] is. Which unit moves in a `Normal` move (a
/// regular piece, a standalone Tris or a whole composite) follows from the
/// origin square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Everything on the origin square moves (`7g7f`, `8h2b+`, `5e4c`).
    Normal = 1,
    /// A piece from the hand (`P*5e`).
    Drop = 2,
    /// A Tris from the reserve (`T*5e`, S-D1).
    TrisDrop = 3,
    /// S-8.1: the top piece leaves the composite (`5e5ct`).
    SeparateX = 4,
    /// S-8.2: the Tris leaves the composite (`T5e4e`).
    SeparateTris = 5,
    /// S-5: a composite captures a Tris or a composite and re-drops the
    /// captured Tris (`5e4c,4c9a`).
    CaptureRedrop = 6,
}

/// A compact move: `Option<Move>` has the size of `Move`.
///
/// ```text
///  bits 0..7   from square (the dropped role's index for Drop)
///  bits 7..14  to square
///  bits 14..21 re-drop square (CaptureRedrop only)
///  bit  21     promotion
///  bits 22..25 MoveKind (never 0, the niche)
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU32);

const _: () = assert!(std::mem::size_of::<Option<Move>>() == 4);

impl Move {
    const fn pack(kind: MoveKind, from: u32, to: Square, promote: bool, redrop: u32) -> Move {
        let bits = from
            | (to.index() as u32) << 7
            | redrop << 14
            | (promote as u32) << 21
            | (kind as u32) << 22;
        match NonZeroU32::new(bits) {
            Some(n) => Move(n),
            None => unreachable!(),
        }
    }

    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        Move::pack(MoveKind::Normal, from.index() as u32, to, promote, 0)
    }

    pub const fn drop(role: Role, to: Square) -> Move {
        Move::pack(MoveKind::Drop, role.index() as u32, to, false, 0)
    }

    pub const fn tris_drop(to: Square) -> Move {
        Move::pack(MoveKind::TrisDrop, 0, to, false, 0)
    }

    pub const fn separate_x(from: Square, to: Square, promote: bool) -> Move {
        Move::pack(MoveKind::SeparateX, from.index() as u32, to, promote, 0)
    }

    pub const fn separate_tris(from: Square, to: Square) -> Move {
        Move::pack(MoveKind::SeparateTris, from.index() as u32, to, false, 0)
    }

    pub const fn capture_redrop(from: Square, to: Square, promote: bool, redrop: Square) -> Move {
        Move::pack(
            MoveKind::CaptureRedrop,
            from.index() as u32,
            to,
            promote,
            redrop.index() as u32,
        )
    }

    /// The packed bits (for transposition tables).
    pub const fn to_raw(self) -> u32 {
        self.0.get()
    }

    /// A move from packed bits, if they hold a valid encoding; whether it is
    /// legal somewhere is for `is_legal` to say.
    pub const fn from_raw(bits: u32) -> Option<Move> {
        let kind = bits >> 22;
        let from = bits & 127;
        let to = bits >> 7 & 127;
        let redrop = bits >> 14 & 127;
        let from_limit = if kind == MoveKind::Drop as u32 {
            14
        } else {
            81
        };
        if kind == 0 || kind > 6 || from >= from_limit || to >= 81 || redrop >= 81 {
            return None;
        }
        match NonZeroU32::new(bits) {
            Some(n) => Some(Move(n)),
            None => None,
        }
    }

    pub const fn kind(self) -> MoveKind {
        match self.0.get() >> 22 {
            1 => MoveKind::Normal,
            2 => MoveKind::Drop,
            3 => MoveKind::TrisDrop,
            4 => MoveKind::SeparateX,
            5 => MoveKind::SeparateTris,
            _ => MoveKind::CaptureRedrop,
        }
    }

    /// The origin square (meaningless for drops).
    pub const fn from(self) -> Square {
        Square::new((self.0.get() & 127) as u8 % 81)
    }

    pub const fn to(self) -> Square {
        Square::new((self.0.get() >> 7 & 127) as u8)
    }

    /// The dropped role of a `Drop`.
    pub const fn drop_role(self) -> Role {
        Role::ALL[(self.0.get() & 127) as usize % 14]
    }

    pub const fn promotes(self) -> bool {
        self.0.get() >> 21 & 1 != 0
    }

    pub const fn redrop(self) -> Option<Square> {
        match self.kind() {
            MoveKind::CaptureRedrop => Some(Square::new((self.0.get() >> 14 & 127) as u8)),
            _ => None,
        }
    }

    /// The context-free syntax of this move.
    pub fn syntax(self) -> MoveSyntax {
        match self.kind() {
            MoveKind::Drop => MoveSyntax::Drop(self.drop_role(), self.to()),
            MoveKind::TrisDrop => MoveSyntax::TrisDrop(self.to()),
            MoveKind::SeparateTris => MoveSyntax::TrisLeaves {
                from: self.from(),
                to: self.to(),
            },
            _ => MoveSyntax::Board {
                from: self.from(),
                to: self.to(),
                promote: self.promotes(),
                separation: self.kind() == MoveKind::SeparateX,
                redrop: self.redrop(),
            },
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.syntax().fmt(f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({:?})", self.kind())
    }
}

/// A move as written, before it is resolved against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveSyntax {
    /// `P*5e`
    Drop(Role, Square),
    /// `T*5e`
    TrisDrop(Square),
    /// `T5e4e`
    TrisLeaves { from: Square, to: Square },
    /// `7g7f`, `8h2b+`, `5e5ct`, `5e5c+t`, `5e4c,4c9a`, `2c2b+,2b9i`
    Board {
        from: Square,
        to: Square,
        promote: bool,
        separation: bool,
        redrop: Option<Square>,
    },
}

fn square(text: &str, what: &str) -> Result<Square, String> {
    Square::parse(text).ok_or_else(|| format!("bad {what} square '{text}' (expected 1a..9i)"))
}

impl MoveSyntax {
    /// Reads the syntax of notation.md §2 (USI column); the error says what
    /// is malformed. Never panics.
    pub fn parse(text: &str) -> Result<MoveSyntax, String> {
        if !text.is_ascii() {
            return Err("a move is plain ASCII".into());
        }
        let b = text.as_bytes();
        if b.len() >= 2 && b[1] == b'*' {
            let sq = square(&text[2..], "drop")?;
            if b[0] == b'T' {
                return Ok(MoveSyntax::TrisDrop(sq));
            }
            return match Role::from_letter(b[0] as char) {
                Some(r) if b[0].is_ascii_uppercase() && r != Role::King => {
                    Ok(MoveSyntax::Drop(r, sq))
                }
                _ => Err(format!(
                    "bad drop piece '{}' (expected one of P L N S G B R T)",
                    b[0] as char
                )),
            };
        }
        if let Some(rest) = text.strip_prefix('T') {
            if rest.len() != 4 {
                return Err("a Tris separation is T<from><to>, such as T5e4e".into());
            }
            return Ok(MoveSyntax::TrisLeaves {
                from: square(&rest[0..2], "origin")?,
                to: square(&rest[2..4], "destination")?,
            });
        }
        let (main, second) = match text.split_once(',') {
            Some((a, b)) => (a, Some(b)),
            None => (text, None),
        };
        if main.len() < 4 {
            return Err("expected <from><to> squares such as 7g7f".into());
        }
        let from = square(&main[0..2], "origin")?;
        let to = square(&main[2..4], "destination")?;
        let (promote, separation) = match &main[4..] {
            "" => (false, false),
            "+" => (true, false),
            "t" => (false, true),
            "+t" => (true, true),
            rest => {
                return Err(format!(
                    "unexpected '{rest}' after the squares (expected + and/or t)"
                ))
            }
        };
        let redrop = match second {
            None => None,
            Some(leg) => {
                if separation {
                    return Err("a separation cannot re-drop a Tris".into());
                }
                if leg.len() != 4 {
                    return Err(format!(
                        "bad re-drop leg '{leg}' (expected ,<capture square><drop square>)"
                    ));
                }
                let a = square(&leg[0..2], "re-drop leg")?;
                let b = square(&leg[2..4], "re-drop leg")?;
                if a != to {
                    return Err(format!(
                        "the re-drop leg must start on the capture square {to}, not {a}"
                    ));
                }
                Some(b)
            }
        };
        Ok(MoveSyntax::Board {
            from,
            to,
            promote,
            separation,
            redrop,
        })
    }
}

impl fmt::Display for MoveSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveSyntax::Drop(r, sq) => write!(f, "{}*{sq}", r.letter()),
            MoveSyntax::TrisDrop(sq) => write!(f, "T*{sq}"),
            MoveSyntax::TrisLeaves { from, to } => write!(f, "T{from}{to}"),
            MoveSyntax::Board {
                from,
                to,
                promote,
                separation,
                redrop,
            } => {
                write!(f, "{from}{to}")?;
                if promote {
                    f.write_str("+")?;
                }
                if separation {
                    f.write_str("t")?;
                }
                if let Some(d) = redrop {
                    write!(f, ",{to}{d}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for s in [
            "7g7f",
            "8h2b+",
            "P*5e",
            "T*5e",
            "5e4c",
            "5e5a+",
            "5e5ct",
            "5e5c+t",
            "T5e4e",
            "5e4c,4c9a",
            "2c2b+,2b9i",
        ] {
            assert_eq!(MoveSyntax::parse(s).unwrap().to_string(), s);
        }
        for s in [
            "",
            "7g",
            "7g7",
            "7g7f++",
            "K*5e",
            "p*5e",
            "5e4c,4d9a",
            "5e5ct,5c1a",
            "T5e",
            "é5e4c",
            "0g7f",
            "7j7f",
            "5e4cq",
        ] {
            assert!(MoveSyntax::parse(s).is_err(), "{s}");
        }
    }
}
