//! A set of squares of the 8x8 board in one `u64`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::Square;

#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(!0);

    pub const fn rank(r: u8) -> Bitboard {
        Bitboard(0xff << (8 * r))
    }

    pub const fn file(f: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << f)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn nonempty(self) -> bool {
        self.0 != 0
    }

    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros() as u8))
        }
    }

    /// The only square of a one-square set.
    pub const fn single(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    pub const fn shift(self, delta: i8) -> Bitboard {
        if delta >= 0 {
            Bitboard(self.0 << delta)
        } else {
            Bitboard(self.0 >> -delta)
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

macro_rules! bitops {
    ($($t:ident $f:ident $ta:ident $fa:ident $op:tt),*) => {$(
        impl $t for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard { Bitboard(self.0 $op rhs.0) }
        }
        impl $ta for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) { self.0 = self.0 $op rhs.0; }
        }
    )*};
}
bitops!(BitAnd bitand BitAndAssign bitand_assign &, BitOr bitor BitOrAssign bitor_assign |, BitXor bitxor BitXorAssign bitxor_assign ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..8).rev() {
            for fl in 0..8 {
                let c = if self.contains(Square::from_coords(fl, r)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
