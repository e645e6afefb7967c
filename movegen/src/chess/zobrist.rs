//! Zobrist keys over the full chess-family state (rules.md "Summary of
//! state"), generated at compile time by splitmix64 from a fixed seed.

use crate::zobrist::fill;

pub(crate) struct Keys {
    /// [color][role][square]
    pub piece: [[[u64; 64]; 6]; 2],
    /// A Tris on the square (standalone or under a composite).
    pub tris: [u64; 64],
    /// A standalone Tris whose base state is single-locked to [color].
    pub single: [[u64; 64]; 2],
    /// The standalone Tris double-locked to White stands here.
    pub dlock: [u64; 64],
    /// The frozen pendulum square (C-5).
    pub frozen: [u64; 64],
    pub reserve: [u64; 3],
    pub captures: [u64; 3],
    /// Per castling right (bit index of the rights mask).
    pub castling: [u64; 4],
    pub ep_file: [u64; 8],
    pub black_to_move: u64,
}

const fn keys() -> Keys {
    let mut st = 0x5472_6973_6b65_6c69;
    let mut piece = [[[0; 64]; 6]; 2];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            piece[c][r] = fill::<64>(&mut st);
            r += 1;
        }
        c += 1;
    }
    let tris = fill::<64>(&mut st);
    let single = [fill::<64>(&mut st), fill::<64>(&mut st)];
    let dlock = fill::<64>(&mut st);
    let frozen = fill::<64>(&mut st);
    let reserve = fill::<3>(&mut st);
    let captures = fill::<3>(&mut st);
    let castling = fill::<4>(&mut st);
    let ep_file = fill::<8>(&mut st);
    let black = fill::<1>(&mut st);
    Keys {
        piece,
        tris,
        single,
        dlock,
        frozen,
        reserve,
        captures,
        castling,
        ep_file,
        black_to_move: black[0],
    }
}

pub(crate) static KEYS: Keys = keys();
