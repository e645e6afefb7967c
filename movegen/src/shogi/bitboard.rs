//! A set of squares of the 9x9 board.
//!
//! [D] One `u128` (81 bits used, bit i = square index i): every operation is
//! a single expression, shifts need no carry between halves written by
//! hand, and the compiler lowers it to two 64-bit registers anyway. Bits 81
//! and above are always zero.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::Square;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u128);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard((1 << 81) - 1);

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn nonempty(self) -> bool {
        self.0 != 0
    }

    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    pub const fn intersect(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// The lowest square, if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest square, if any.
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new((127 - self.0.leading_zeros()) as u8))
        }
    }

    /// Whether more than one square is set.
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// All squares of one rank (0 = rank a).
    pub const fn rank(r: u8) -> Bitboard {
        Bitboard(0x1FF << (9 * r as u32))
    }

    /// All squares of one file (0 = file 1).
    pub const fn file(f: u8) -> Bitboard {
        let mut b = 0u128;
        let mut r = 0;
        while r < 9 {
            b |= 1 << (r * 9 + f as u32);
            r += 1;
        }
        Bitboard(b)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::new(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_last_iter() {
        let b = Square::new(3).bb() | Square::new(80).bb();
        assert_eq!(b.first(), Some(Square::new(3)));
        assert_eq!(b.last(), Some(Square::new(80)));
        assert_eq!(b.collect::<Vec<_>>().len(), 2);
        assert_eq!((!Bitboard::EMPTY).count(), 81);
        assert_eq!(Bitboard::file(0).count(), 9);
        assert_eq!(Bitboard::rank(8).count(), 9);
        assert!(b.more_than_one());
    }
}
