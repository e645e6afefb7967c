//! Zobrist machinery shared by the rules cores: a splitmix64 stream,
//! evaluated at compile time, that fills key tables.

/// One step of splitmix64: the next state and its output.
pub(crate) const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// `N` keys from the stream, advancing `state`.
pub(crate) const fn fill<const N: usize>(state: &mut u64) -> [u64; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        let (s, v) = splitmix(*state);
        *state = s;
        out[i] = v;
        i += 1;
    }
    out
}
