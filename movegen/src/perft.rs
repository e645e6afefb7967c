//! The perft driver, generic over the rules core: divide at the root, bulk
//! counting at the last ply, an optional hash table of subtree counts, and
//! root moves split over threads.

use crate::Game;

/// Counts the leaves of the legal move tree of `depth` plies, without a hash
/// table. This is the plain definition, used by the tests.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|m| perft(&pos.play(m), depth - 1))
            .sum(),
    }
}

/// A table of subtree counts keyed by (position key, depth).
///
/// Each slot holds the full 64-bit key, so a hit needs a full key match: a
/// wrong count needs a 64-bit Zobrist collision of two different states.
pub struct PerftTable {
    slots: Vec<(u64, u64)>,
    mask: usize,
}

impl PerftTable {
    /// A table of `2^bits` slots (16 bytes each).
    pub fn new(bits: u32) -> Self {
        let len = 1usize << bits;
        Self {
            slots: vec![(0, 0); len],
            mask: len - 1,
        }
    }

    fn key(hash: u64, depth: u32) -> u64 {
        // Mix the depth in; `| 1` keeps every real key non-zero, so an empty
        // slot (key 0) never matches.
        (hash ^ (depth as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1
    }

    fn get(&self, key: u64) -> Option<u64> {
        let (k, n) = self.slots[key as usize & self.mask];
        (k == key).then_some(n)
    }

    fn put(&mut self, key: u64, nodes: u64) {
        self.slots[key as usize & self.mask] = (key, nodes);
    }
}

/// Perft with a table of subtree counts.
pub fn perft_hashed<G: Game>(pos: &G, depth: u32, table: &mut PerftTable) -> u64 {
    if depth <= 1 {
        return perft(pos, depth);
    }
    let key = PerftTable::key(pos.hash(), depth);
    if let Some(n) = table.get(key) {
        return n;
    }
    let n = pos
        .legal_moves()
        .into_iter()
        .map(|m| perft_hashed(&pos.play(m), depth - 1, table))
        .sum();
    table.put(key, n);
    n
}

/// Options of a divide run.
#[derive(Debug, Clone, Copy)]
pub struct PerftOptions {
    /// Worker threads (1 = run on the calling thread).
    pub threads: usize,
    /// log2 of the slots of each thread's table; `None` = no table.
    pub hash_bits: Option<u32>,
}

impl Default for PerftOptions {
    fn default() -> Self {
        Self {
            threads: 1,
            hash_bits: Some(20),
        }
    }
}

/// The count below every legal root move, in generation order.
pub fn divide<G: Game>(pos: &G, depth: u32, opts: PerftOptions) -> Vec<(G::Move, u64)> {
    let moves: Vec<G::Move> = pos.legal_moves().into_iter().collect();
    if depth == 0 {
        return Vec::new();
    }
    let count = |table: &mut Option<PerftTable>, m: G::Move| {
        let child = pos.play(m);
        match table {
            Some(t) => perft_hashed(&child, depth - 1, t),
            None => perft(&child, depth - 1),
        }
    };
    let new_table = || opts.hash_bits.map(PerftTable::new);
    if opts.threads <= 1 {
        let mut table = new_table();
        return moves
            .into_iter()
            .map(|m| (m, count(&mut table, m)))
            .collect();
    }
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build();
    let run = || {
        moves
            .par_iter()
            .map_init(new_table, |table, &m| (m, count(table, m)))
            .collect::<Vec<_>>()
    };
    match pool {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    }
}
