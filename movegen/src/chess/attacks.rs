//! Attack tables of the 8x8 board. The leaper and line tables are built by
//! `const fn` at compile time; the sliding tables are computed by the
//! hermetic build script (magic or PEXT layout). Nothing is initialised at
//! run time.

use super::{Bitboard, Color, Role, Square};

pub(crate) struct Magic {
    pub mask: u64,
    pub factor: u64,
    pub shift: u32,
    pub offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/sliders8.rs"));

const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const fn leaper_table(deltas: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut out = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut bb = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                bb |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        out[sq] = Bitboard(bb);
        sq += 1;
    }
    out
}

const fn pawn_table(color: Color) -> [Bitboard; 64] {
    let dr = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    leaper_table(&[(-1, dr), (1, dr)])
}

static KNIGHT: [Bitboard; 64] = leaper_table(&KNIGHT_DELTAS);
static KING: [Bitboard; 64] = leaper_table(&KING_DELTAS);
static PAWN: [[Bitboard; 64]; 2] = [pawn_table(Color::White), pawn_table(Color::Black)];

/// Squares strictly between two squares on a common line (else empty), and
/// the whole line through both (else empty).
const fn line_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = KING_DELTAS[d];
            // Walk from a in direction d; every square b on the way shares a line.
            let (af, ar) = ((a % 8) as i8, (a / 8) as i8);
            // The full line through a in this direction (both ways).
            let mut full = 1u64 << a;
            let (mut f, mut r) = (af + df, ar + dr);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                full |= 1 << (r * 8 + f);
                f += df;
                r += dr;
            }
            let (mut f, mut r) = (af - df, ar - dr);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                full |= 1 << (r * 8 + f);
                f -= df;
                r -= dr;
            }
            let mut gap = 0u64;
            let (mut f, mut r) = (af + df, ar + dr);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                between[a][b] = Bitboard(gap);
                line[a][b] = Bitboard(full);
                gap |= 1 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = line_tables();

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// The squares a pawn of `color` on `sq` captures on.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// T-4: the Tris step, a king step or a knight leap.
#[inline]
pub fn tris_steps(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()].0 | KNIGHT[sq.index()].0)
}

#[inline]
fn slider(magic: &Magic, occ: Bitboard) -> Bitboard {
    let idx = if USES_PEXT {
        pext(occ.0, magic.mask)
    } else {
        ((occ.0 & magic.mask).wrapping_mul(magic.factor) >> magic.shift) as usize
    };
    Bitboard(SLIDER_TABLE[magic.offset + idx])
}

#[cfg(target_feature = "bmi2")]
#[inline]
fn pext(a: u64, mask: u64) -> usize {
    // SAFETY: this function is only compiled when the bmi2 target feature is
    // enabled, so the instruction exists. Measured gain over magics: see
    // README "Build flags".
    unsafe { std::arch::x86_64::_pext_u64(a, mask) as usize }
}

#[cfg(not(target_feature = "bmi2"))]
#[inline]
fn pext(_: u64, _: u64) -> usize {
    unreachable!("the build script lays the table out for PEXT only with bmi2")
}

#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    slider(&ROOK_MAGICS[sq.index()], occ)
}

#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    slider(&BISHOP_MAGICS[sq.index()], occ)
}

#[inline]
pub fn queen_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    rook_attacks(sq, occ) | bishop_attacks(sq, occ)
}

/// Squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; otherwise empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.0[a.index()][b.index()]
}

/// The whole line through `a` and `b` if they share one; otherwise empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.1[a.index()][b.index()]
}

/// The capture pattern of a piece of `role` and `color` on `sq` (T-7: also
/// the capture pattern and the attacks of a composite whose top piece it is).
#[inline]
pub fn attacks(role: Role, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occ),
        Role::Rook => rook_attacks(sq, occ),
        Role::Queen => queen_attacks(sq, occ),
        Role::King => king_attacks(sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow(sq: Square, occ: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let s = Square::from_coords(f as u8, r as u8);
                out = out.with(s);
                if occ.contains(s) {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    /// Every occupancy of every ray mask, fast lookup against a slow walk.
    #[test]
    fn sliding_attacks_exhaustive() {
        let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        for sq in Square::all() {
            for (mask, dirs, fast) in [
                (
                    ROOK_MAGICS[sq.index()].mask,
                    &rook,
                    rook_attacks as fn(Square, Bitboard) -> Bitboard,
                ),
                (BISHOP_MAGICS[sq.index()].mask, &bishop, bishop_attacks),
            ] {
                let mut s = 0u64;
                loop {
                    // Squares outside the mask must not matter either.
                    let noise = Bitboard(s | 0x8100_0000_0000_0081);
                    assert_eq!(
                        fast(sq, Bitboard(s)),
                        slow(sq, Bitboard(s), dirs),
                        "{sq} {s:#x}"
                    );
                    assert_eq!(
                        fast(sq, noise),
                        slow(sq, noise, dirs),
                        "{sq} {s:#x} + corners"
                    );
                    s = s.wrapping_sub(mask) & mask;
                    if s == 0 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn between_and_line() {
        let sq = |s| Square::parse(s).unwrap();
        assert_eq!(between(sq("a1"), sq("d4")), sq("b2").bb() | sq("c3").bb());
        assert!(between(sq("a1"), sq("b3")).is_empty());
        assert!(line(sq("a1"), sq("b3")).is_empty());
        assert_eq!(line(sq("b2"), sq("c3")).count(), 8);
        assert_eq!(tris_steps(sq("a1")).count(), 3 + 2);
        assert_eq!(tris_steps(sq("d4")).count(), 16);
    }
}
