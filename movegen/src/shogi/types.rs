//! Vocabulary types of the 9x9 board: squares, colours, roles, pieces.

use std::fmt;

/// A square of the 9x9 board. Index = `rank * 9 + (file - 1)`, where rank 0
/// is USI rank `a` (the top, White's camp) and file 1 is the right-hand file
/// seen from Black: `1a` = 0, `9a` = 8, `1i` = 72, `9i` = 80.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with index `i`; `i` must be below 81.
    pub const fn new(i: u8) -> Self {
        assert!(i < 81);
        Square(i)
    }

    /// `file` 0..9 (0 = USI file 1), `rank` 0..9 (0 = USI rank a).
    pub const fn from_coords(file: u8, rank: u8) -> Self {
        Square::new(rank * 9 + file)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 = USI file 1.
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// 0 = USI rank a.
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    pub const fn bb(self) -> super::Bitboard {
        super::Bitboard(1 << self.0)
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 9 && r >= 0 && r < 9 {
            Some(Square::from_coords(f as u8, r as u8))
        } else {
            None
        }
    }

    /// Reads a USI square `1a`..`9i`.
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            [f @ b'1'..=b'9', r @ b'a'..=b'i'] => Some(Square::from_coords(f - b'1', r - b'a')),
            _ => None,
        }
    }

    /// All 81 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81).map(Square)
    }

    /// The rank counted from `color`'s side: 0 = its last (farthest) rank.
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Black => self.rank(),
            Color::White => 8 - self.rank(),
        }
    }

    /// Whether the square is in `color`'s promotion zone (its last 3 ranks).
    pub const fn in_zone(self, color: Color) -> bool {
        self.relative_rank(color) < 3
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'1' + self.file()) as char,
            (b'a' + self.rank()) as char
        )
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A side: Black (sente) moves first, upwards towards rank `a`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank step of a forward move.
    pub const fn forward(self) -> i8 {
        match self {
            Color::Black => -1,
            Color::White => 1,
        }
    }

    pub const fn char(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }
}

/// A regular piece kind, promoted kinds included.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Lance = 1,
    Knight = 2,
    Silver = 3,
    Gold = 4,
    Bishop = 5,
    Rook = 6,
    King = 7,
    ProPawn = 8,
    ProLance = 9,
    ProKnight = 10,
    ProSilver = 11,
    Horse = 12,
    Dragon = 13,
}

impl Role {
    pub const ALL: [Role; 14] = [
        Role::Pawn,
        Role::Lance,
        Role::Knight,
        Role::Silver,
        Role::Gold,
        Role::Bishop,
        Role::Rook,
        Role::King,
        Role::ProPawn,
        Role::ProLance,
        Role::ProKnight,
        Role::ProSilver,
        Role::Horse,
        Role::Dragon,
    ];

    /// The kinds a hand may hold, in the SFEN writing order R B G S N L P.
    pub const HAND: [Role; 7] = [
        Role::Rook,
        Role::Bishop,
        Role::Gold,
        Role::Silver,
        Role::Knight,
        Role::Lance,
        Role::Pawn,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Option<Role> {
        if i < 14 {
            Some(Role::ALL[i])
        } else {
            None
        }
    }

    /// Whether this is an unpromoted kind that has a promoted form.
    pub const fn can_promote(self) -> bool {
        (self as u8) < 7 && !matches!(self, Role::Gold)
    }

    pub const fn promoted(self) -> Role {
        match self {
            Role::Pawn => Role::ProPawn,
            Role::Lance => Role::ProLance,
            Role::Knight => Role::ProKnight,
            Role::Silver => Role::ProSilver,
            Role::Bishop => Role::Horse,
            Role::Rook => Role::Dragon,
            r => r,
        }
    }

    /// The unpromoted kind (what goes to the captor's hand).
    pub const fn unpromoted(self) -> Role {
        match self {
            Role::ProPawn => Role::Pawn,
            Role::ProLance => Role::Lance,
            Role::ProKnight => Role::Knight,
            Role::ProSilver => Role::Silver,
            Role::Horse => Role::Bishop,
            Role::Dragon => Role::Rook,
            r => r,
        }
    }

    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// The number of ranks at the far end where this unpromoted kind may not
    /// stand (pawn and lance 1, knight 2): promotion is mandatory there.
    pub const fn dead_ranks(self) -> u8 {
        match self {
            Role::Pawn | Role::Lance => 1,
            Role::Knight => 2,
            _ => 0,
        }
    }

    /// Index 0..7 of a hand kind in [`Role::HAND`] order (only for
    /// unpromoted kinds other than the king).
    pub const fn hand_index(self) -> usize {
        match self {
            Role::Rook => 0,
            Role::Bishop => 1,
            Role::Gold => 2,
            Role::Silver => 3,
            Role::Knight => 4,
            Role::Lance => 5,
            _ => 6,
        }
    }

    /// The SFEN letter of the unpromoted kind (uppercase).
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            Role::Pawn => 'P',
            Role::Lance => 'L',
            Role::Knight => 'N',
            Role::Silver => 'S',
            Role::Gold => 'G',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            _ => 'K',
        }
    }

    /// Reads an SFEN letter of an unpromoted kind (either case).
    pub fn from_letter(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'L' => Role::Lance,
            'N' => Role::Knight,
            'S' => Role::Silver,
            'G' => Role::Gold,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// Impasse points (CSA 27-point rule): rook and bishop kinds 5, the
    /// other non-king pieces 1, the king 0.
    pub const fn impasse_points(self) -> u32 {
        match self.unpromoted() {
            Role::Rook | Role::Bishop => 5,
            Role::King => 0,
            _ => 1,
        }
    }
}

/// A regular piece: a colour and a role.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Self {
        Piece { color, role }
    }

    /// The SFEN token: `+` for promoted kinds, uppercase for Black.
    pub fn token(self) -> String {
        let l = self.role.letter();
        let l = match self.color {
            Color::Black => l,
            Color::White => l.to_ascii_lowercase(),
        };
        if self.role.is_promoted() {
            format!("+{l}")
        } else {
            l.to_string()
        }
    }
}
