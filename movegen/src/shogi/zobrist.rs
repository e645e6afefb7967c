//! Zobrist keys over the full shogi-family state (rules.md "Summary of
//! state"), from the shared compile-time splitmix64 stream.

use crate::zobrist::fill;

/// Highest count a hand can hold of one kind (18 pawns).
pub(crate) const HAND_MAX: usize = 18;

pub(crate) struct Keys {
    /// [color][role][square] for regular pieces (inside composites too).
    pub piece: [[[u64; 81]; 14]; 2],
    /// A standalone Tris locked to [color] on the square.
    pub tris_lock: [[u64; 81]; 2],
    /// A Tris under a composite on the square (the side is the piece's).
    pub tris_under: [u64; 81],
    /// [color][hand index][count]; count 0 has key 0.
    pub hand: [[[u64; HAND_MAX + 1]; 7]; 2],
    pub reserve: [u64; 3],
    pub captures: [u64; 4],
    pub forced: u64,
    pub recapture: [u64; 81],
    pub white_to_move: u64,
}

const fn keys() -> Keys {
    let mut st = 0x5368_6f67_6954_7269;
    let mut piece = [[[0; 81]; 14]; 2];
    let mut hand = [[[0; HAND_MAX + 1]; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 14 {
            piece[c][r] = fill::<81>(&mut st);
            r += 1;
        }
        let mut h = 0;
        while h < 7 {
            hand[c][h] = fill::<{ HAND_MAX + 1 }>(&mut st);
            hand[c][h][0] = 0;
            h += 1;
        }
        c += 1;
    }
    let tris_lock = [fill::<81>(&mut st), fill::<81>(&mut st)];
    let tris_under = fill::<81>(&mut st);
    let reserve = fill::<3>(&mut st);
    let captures = fill::<4>(&mut st);
    let forced = fill::<1>(&mut st)[0];
    let recapture = fill::<81>(&mut st);
    let white_to_move = fill::<1>(&mut st)[0];
    Keys {
        piece,
        tris_lock,
        tris_under,
        hand,
        reserve,
        captures,
        forced,
        recapture,
        white_to_move,
    }
}

pub(crate) static KEYS: Keys = keys();
