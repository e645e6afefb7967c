//! Vocabulary types of the 8x8 board: squares, colours, roles, pieces.

use std::fmt;

/// A square of the 8x8 board, `a1` = 0, `b1` = 1, ..., `h8` = 63.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with index `i`; `i` must be below 64.
    pub const fn new(i: u8) -> Self {
        assert!(i < 64);
        Square(i)
    }

    pub const fn from_coords(file: u8, rank: u8) -> Self {
        Square::new(rank * 8 + file)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 = a-file.
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 = first rank.
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    pub const fn bb(self) -> super::Bitboard {
        super::Bitboard(1 << self.0)
    }

    /// The square `delta` indices away, if it lies on the board (no file wrap
    /// check: callers use it along ranks only through tables).
    pub const fn offset(self, delta: i8) -> Option<Square> {
        let i = self.0 as i8 + delta;
        if i >= 0 && i < 64 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The same square seen from the other side (rank mirrored).
    pub const fn flip(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Reads `a1`..`h8`.
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::from_coords(f - b'a', r - b'1')),
            _ => None,
        }
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The rank index (0-based) a pawn of this side starts on.
    pub const fn pawn_rank(self) -> u8 {
        match self {
            Color::White => 1,
            Color::Black => 6,
        }
    }

    /// The rank index on which a pawn of this side promotes.
    pub const fn last_rank(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }

    /// The rank index a pawn of this side moves away from (its own first rank).
    pub const fn first_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    /// The square index step of a pawn move forward.
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 8,
            Color::Black => -8,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

/// The kind of a regular piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// Promotion targets, in the order moves are generated.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Option<Role> {
        match i {
            0 => Some(Role::Pawn),
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            5 => Some(Role::King),
            _ => None,
        }
    }

    /// Lowercase letter (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    pub fn from_char(c: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.char() == c.to_ascii_lowercase())
    }
}

/// A regular piece: a role and a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// FEN letter: uppercase for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.char().to_ascii_uppercase(),
            Color::Black => self.role.char(),
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}
