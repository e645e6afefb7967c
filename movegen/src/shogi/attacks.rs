//! Attack tables of the 9x9 board, computed at compile time (const fn), and
//! slider attacks by ray walking with one bit scan per ray: the ray beyond
//! the first blocker is cut off with the blocker's own ray.

use super::{Bitboard, Color, Role, Square};

/// The 8 directions as (file step, rank step). A positive rank step goes
/// down (towards rank i), a positive file step towards file 9.
pub const DIRS: [(i8, i8); 8] = [
    (0, -1),
    (0, 1),
    (1, 0),
    (-1, 0),
    (1, -1),
    (-1, -1),
    (1, 1),
    (-1, 1),
];

/// Directions 0..4 are orthogonal (rook), 4..8 diagonal (bishop).
pub const UP: usize = 0;
pub const DOWN: usize = 1;

/// Whether moving along `d` increases the square index (the nearest blocker
/// is then the lowest set bit).
const fn positive(d: usize) -> bool {
    let (df, dr) = DIRS[d];
    dr * 9 + df > 0
}

const fn bb_of(offsets: &[(i8, i8)], sq: Square) -> Bitboard {
    let mut b = 0u128;
    let mut i = 0;
    while i < offsets.len() {
        if let Some(t) = sq.offset(offsets[i].0, offsets[i].1) {
            b |= 1 << t.index();
        }
        i += 1;
    }
    Bitboard(b)
}

/// Step offsets of a non-sliding Black piece (rank step -1 = forward).
const PAWN: [(i8, i8); 1] = [(0, -1)];
const KNIGHT: [(i8, i8); 2] = [(1, -2), (-1, -2)];
const SILVER: [(i8, i8); 5] = [(0, -1), (1, -1), (-1, -1), (1, 1), (-1, 1)];
const GOLD: [(i8, i8); 6] = [(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)];
const KING: [(i8, i8); 8] = [
    (0, -1),
    (1, -1),
    (-1, -1),
    (1, 0),
    (-1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
];
/// T-4: a king step or a chess knight leap.
const TRIS: [(i8, i8); 16] = [
    (0, -1),
    (1, -1),
    (-1, -1),
    (1, 0),
    (-1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];

const fn flip(offsets: &[(i8, i8)], out: &mut [(i8, i8); 8]) -> usize {
    let mut i = 0;
    while i < offsets.len() {
        out[i] = (offsets[i].0, -offsets[i].1);
        i += 1;
    }
    offsets.len()
}

/// Step kinds of the table: pawn, knight, silver, gold-like.
pub const S_PAWN: usize = 0;
pub const S_KNIGHT: usize = 1;
pub const S_SILVER: usize = 2;
pub const S_GOLD: usize = 3;

const fn step_table() -> [[[Bitboard; 81]; 4]; 2] {
    let mut t = [[[Bitboard::EMPTY; 81]; 4]; 2];
    let mut s = 0;
    while s < 81 {
        let sq = Square::new(s as u8);
        t[0][S_PAWN][s] = bb_of(&PAWN, sq);
        t[0][S_KNIGHT][s] = bb_of(&KNIGHT, sq);
        t[0][S_SILVER][s] = bb_of(&SILVER, sq);
        t[0][S_GOLD][s] = bb_of(&GOLD, sq);
        let mut buf = [(0i8, 0i8); 8];
        let n = flip(&PAWN, &mut buf);
        t[1][S_PAWN][s] = bb_of(buf.split_at(n).0, sq);
        let n = flip(&KNIGHT, &mut buf);
        t[1][S_KNIGHT][s] = bb_of(buf.split_at(n).0, sq);
        let n = flip(&SILVER, &mut buf);
        t[1][S_SILVER][s] = bb_of(buf.split_at(n).0, sq);
        let n = flip(&GOLD, &mut buf);
        t[1][S_GOLD][s] = bb_of(buf.split_at(n).0, sq);
        s += 1;
    }
    t
}

const fn single_table(offsets: &[(i8, i8)]) -> [Bitboard; 81] {
    let mut t = [Bitboard::EMPTY; 81];
    let mut s = 0;
    while s < 81 {
        t[s] = bb_of(offsets, Square::new(s as u8));
        s += 1;
    }
    t
}

const fn ray_table() -> [[Bitboard; 81]; 8] {
    let mut t = [[Bitboard::EMPTY; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 81 {
            let mut b = 0u128;
            let mut cur = Square::new(s as u8);
            while let Some(n) = cur.offset(DIRS[d].0, DIRS[d].1) {
                b |= 1 << n.index();
                cur = n;
            }
            t[d][s] = Bitboard(b);
            s += 1;
        }
        d += 1;
    }
    t
}

/// [color][step kind][square]: the squares a piece of `color` attacks.
pub static STEP: [[[Bitboard; 81]; 4]; 2] = step_table();
pub static KING_STEP: [Bitboard; 81] = single_table(&KING);
/// T-4: the destinations of a Tris step (also the squares a Tris gives its
/// virtual attack to, S-3b).
pub static TRIS_STEP: [Bitboard; 81] = single_table(&TRIS);
/// [direction][square]: the squares strictly beyond `square` along the
/// direction, to the edge.
pub static RAYS: [[Bitboard; 81]; 8] = ray_table();

const fn pseudo_table(first: usize) -> [Bitboard; 81] {
    let rays = ray_table();
    let mut t = [Bitboard::EMPTY; 81];
    let mut s = 0;
    while s < 81 {
        let mut d = first;
        while d < first + 4 {
            t[s] = t[s].union(rays[d][s]);
            d += 1;
        }
        s += 1;
    }
    t
}

/// Rook lines from a square on an empty board.
pub static ROOK_PSEUDO: [Bitboard; 81] = pseudo_table(0);
/// Bishop lines from a square on an empty board.
pub static BISHOP_PSEUDO: [Bitboard; 81] = pseudo_table(4);

/// The squares a slider on `sq` reaches along `d`, the first blocker
/// included.
#[inline]
pub fn ray_attacks(d: usize, sq: Square, occ: Bitboard) -> Bitboard {
    let ray = RAYS[d][sq.index()];
    let blockers = ray & occ;
    let b = if positive(d) {
        blockers.first()
    } else {
        blockers.last()
    };
    match b {
        Some(b) => ray ^ RAYS[d][b.index()],
        None => ray,
    }
}

#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    ray_attacks(0, sq, occ)
        | ray_attacks(1, sq, occ)
        | ray_attacks(2, sq, occ)
        | ray_attacks(3, sq, occ)
}

#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    ray_attacks(4, sq, occ)
        | ray_attacks(5, sq, occ)
        | ray_attacks(6, sq, occ)
        | ray_attacks(7, sq, occ)
}

#[inline]
pub fn lance_attacks(color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    ray_attacks(
        match color {
            Color::Black => UP,
            Color::White => DOWN,
        },
        sq,
        occ,
    )
}

/// The squares a `role` of `color` on `sq` attacks (its capture pattern).
#[inline]
pub fn attacks(color: Color, role: Role, sq: Square, occ: Bitboard) -> Bitboard {
    let c = color.index();
    let s = sq.index();
    match role {
        Role::Pawn => STEP[c][S_PAWN][s],
        Role::Knight => STEP[c][S_KNIGHT][s],
        Role::Silver => STEP[c][S_SILVER][s],
        Role::Gold | Role::ProPawn | Role::ProLance | Role::ProKnight | Role::ProSilver => {
            STEP[c][S_GOLD][s]
        }
        Role::King => KING_STEP[s],
        Role::Lance => lance_attacks(color, sq, occ),
        Role::Bishop => bishop_attacks(sq, occ),
        Role::Rook => rook_attacks(sq, occ),
        Role::Horse => bishop_attacks(sq, occ) | KING_STEP[s],
        Role::Dragon => rook_attacks(sq, occ) | KING_STEP[s],
    }
}

/// The direction index from `a` to `b` if they share a line, else `None`.
pub const fn direction(a: Square, b: Square) -> Option<usize> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    if df == 0 && dr == 0 {
        return None;
    }
    if !(df == 0 || dr == 0 || df == dr || df == -dr) {
        return None;
    }
    let sf = df.signum();
    let sr = dr.signum();
    let mut d = 0;
    while d < 8 {
        if DIRS[d].0 == sf && DIRS[d].1 == sr {
            return Some(d);
        }
        d += 1;
    }
    None
}

/// The squares strictly between two aligned squares (empty if not aligned).
pub fn between(a: Square, b: Square) -> Bitboard {
    match direction(a, b) {
        Some(d) => RAYS[d][a.index()] & !RAYS[d][b.index()] & !b.bb(),
        None => Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn tables() {
        assert_eq!(STEP[0][S_PAWN][sq("5e").index()], sq("5d").bb());
        assert_eq!(STEP[1][S_PAWN][sq("5e").index()], sq("5f").bb());
        assert_eq!(
            STEP[0][S_KNIGHT][sq("5e").index()],
            sq("4c").bb() | sq("6c").bb()
        );
        assert_eq!(TRIS_STEP[sq("5e").index()].count(), 16);
        assert_eq!(TRIS_STEP[sq("1a").index()].count(), 5);
        let occ = sq("5b").bb() | sq("2e").bb();
        let r = rook_attacks(sq("5e"), occ);
        assert!(r.contains(sq("5b")) && !r.contains(sq("5a")));
        assert!(r.contains(sq("2e")) && !r.contains(sq("1e")));
        assert_eq!(r.count(), 3 + 4 + 3 + 4);
        assert_eq!(between(sq("5e"), sq("5a")).count(), 3);
        assert_eq!(between(sq("1a"), sq("9i")).count(), 7);
        assert!(between(sq("1a"), sq("2c")).is_empty());
        assert_eq!(
            lance_attacks(Color::White, sq("1a"), Bitboard::EMPTY).count(),
            8
        );
    }
}
