//! The chess-family move (notation.md §2) and its context-free syntax.

use std::fmt;
use std::num::NonZeroU32;

use super::{Role, Square};

/// What kind of move a [`Move`] is. Which unit moves in a `Normal` move (a
/// regular piece, a standalone Tris or a whole composite) follows from the
/// origin square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Everything on the origin square moves (piece, standalone Tris or
    /// composite), capturing or not, with an optional promotion.
    Normal = 1,
    /// King and rook; `to` is the king's destination (`e1g1`).
    Castle = 2,
    /// A standalone pawn captures en passant.
    EnPassant = 3,
    /// A Tris drop from the reserve (`T@e4`); `from` is unused.
    Drop = 4,
    /// T-8: the top piece leaves the composite (`d4d6t`), the Tris stays.
    Separation = 5,
    /// C-8: a composite captures a Tris and re-drops it (`d4f6,f6a3`).
    CaptureRedrop = 6,
}

/// A compact move: `Option<Move>` has the size of `Move`.
///
/// ```text
///  bits 0..6   from square
///  bits 6..12  to square
///  bits 12..18 re-drop square (CaptureRedrop only)
///  bits 18..21 promotion role (0 = none, else Role index 1..=4)
///  bits 21..24 MoveKind (never 0, the niche)
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU32);

const _: () = assert!(std::mem::size_of::<Option<Move>>() == 4);

impl Move {
    const fn pack(
        kind: MoveKind,
        from: Square,
        to: Square,
        promo: Option<Role>,
        redrop: Option<Square>,
    ) -> Move {
        let p = match promo {
            Some(r) => r as u32,
            None => 0,
        };
        let d = match redrop {
            Some(s) => s.index() as u32,
            None => 0,
        };
        let bits = from.index() as u32
            | (to.index() as u32) << 6
            | d << 12
            | p << 18
            | (kind as u32) << 21;
        match NonZeroU32::new(bits) {
            Some(n) => Move(n),
            None => unreachable!(),
        }
    }

    pub const fn normal(from: Square, to: Square, promo: Option<Role>) -> Move {
        Move::pack(MoveKind::Normal, from, to, promo, None)
    }

    pub const fn castle(king: Square, to: Square) -> Move {
        Move::pack(MoveKind::Castle, king, to, None, None)
    }

    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(MoveKind::EnPassant, from, to, None, None)
    }

    pub const fn drop(to: Square) -> Move {
        Move::pack(MoveKind::Drop, to, to, None, None)
    }

    pub const fn separation(from: Square, to: Square, promo: Option<Role>) -> Move {
        Move::pack(MoveKind::Separation, from, to, promo, None)
    }

    pub const fn capture_redrop(
        from: Square,
        to: Square,
        promo: Option<Role>,
        redrop: Square,
    ) -> Move {
        Move::pack(MoveKind::CaptureRedrop, from, to, promo, Some(redrop))
    }

    /// The packed bits (for transposition tables).
    pub const fn to_raw(self) -> u32 {
        self.0.get()
    }

    /// A move from packed bits, if they hold a valid encoding. Whether it is
    /// legal somewhere is for `is_legal` to say.
    pub const fn from_raw(bits: u32) -> Option<Move> {
        let kind = bits >> 21;
        if kind == 0 || kind > 6 || (bits >> 18) & 7 > 4 {
            return None;
        }
        match NonZeroU32::new(bits) {
            Some(n) => Some(Move(n)),
            None => None,
        }
    }

    pub const fn kind(self) -> MoveKind {
        match self.0.get() >> 21 {
            1 => MoveKind::Normal,
            2 => MoveKind::Castle,
            3 => MoveKind::EnPassant,
            4 => MoveKind::Drop,
            5 => MoveKind::Separation,
            _ => MoveKind::CaptureRedrop,
        }
    }

    pub const fn from(self) -> Square {
        Square::new((self.0.get() & 63) as u8)
    }

    pub const fn to(self) -> Square {
        Square::new((self.0.get() >> 6 & 63) as u8)
    }

    pub const fn promotion(self) -> Option<Role> {
        Role::from_index(match (self.0.get() >> 18) & 7 {
            0 => 99,
            i => i as usize,
        })
    }

    pub const fn redrop(self) -> Option<Square> {
        match self.kind() {
            MoveKind::CaptureRedrop => Some(Square::new((self.0.get() >> 12 & 63) as u8)),
            _ => None,
        }
    }

    /// The context-free syntax of this move.
    pub fn syntax(self) -> MoveSyntax {
        match self.kind() {
            MoveKind::Drop => MoveSyntax::Drop(self.to()),
            _ => MoveSyntax::Board {
                from: self.from(),
                to: self.to(),
                promotion: self.promotion(),
                separation: self.kind() == MoveKind::Separation,
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
    /// `T@e4`
    Drop(Square),
    /// `e2e4`, `e7e8q`, `d4d6t`, `d7d8qt`, `d4f6,f6a3`, `b7a8q,a8c3`
    Board {
        from: Square,
        to: Square,
        promotion: Option<Role>,
        separation: bool,
        redrop: Option<Square>,
    },
    /// `0000`
    Null,
}

impl MoveSyntax {
    /// Reads the syntax of notation.md §2 (chess column); the error says
    /// what is malformed.
    pub fn parse(text: &str) -> Result<MoveSyntax, String> {
        if text == "0000" {
            return Ok(MoveSyntax::Null);
        }
        if let Some(sq) = text.strip_prefix("T@") {
            return Square::parse(sq)
                .map(MoveSyntax::Drop)
                .ok_or_else(|| format!("bad drop square '{sq}'"));
        }
        let (main, second) = match text.split_once(',') {
            Some((a, b)) => (a, Some(b)),
            None => (text, None),
        };
        if !main.is_ascii() || main.len() < 4 {
            return Err("expected <from><to> squares such as e2e4".into());
        }
        let from = Square::parse(&main[0..2])
            .ok_or_else(|| format!("bad origin square '{}'", &main[0..2]))?;
        let to = Square::parse(&main[2..4])
            .ok_or_else(|| format!("bad destination square '{}'", &main[2..4]))?;
        let mut rest = &main[4..];
        let mut promotion = None;
        if let Some(c) = rest.chars().next().filter(|c| "qrbn".contains(*c)) {
            promotion = Role::from_char(c);
            rest = &rest[1..];
        }
        let separation = match rest {
            "" => false,
            "t" => true,
            _ => {
                return Err(format!(
                    "unexpected '{rest}' after the squares (expected a promotion q/r/b/n and/or t)"
                ))
            }
        };
        let redrop = match second {
            None => None,
            Some(leg) => {
                if separation {
                    return Err("a separation cannot re-drop a Tris".into());
                }
                if !leg.is_ascii() || leg.len() != 4 {
                    return Err(format!(
                        "bad re-drop leg '{leg}' (expected ,<capture square><drop square>)"
                    ));
                }
                let a = Square::parse(&leg[0..2])
                    .ok_or_else(|| format!("bad square '{}' in the re-drop leg", &leg[0..2]))?;
                let b = Square::parse(&leg[2..4])
                    .ok_or_else(|| format!("bad square '{}' in the re-drop leg", &leg[2..4]))?;
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
            promotion,
            separation,
            redrop,
        })
    }
}

impl fmt::Display for MoveSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveSyntax::Null => f.write_str("0000"),
            MoveSyntax::Drop(sq) => write!(f, "T@{sq}"),
            MoveSyntax::Board {
                from,
                to,
                promotion,
                separation,
                redrop,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(r) = promotion {
                    write!(f, "{}", r.char())?;
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
