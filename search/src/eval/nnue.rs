//! A small efficiently-updatable neural network for plain chess: 768 inputs
//! (colour relative to the side whose view it is × role × square, the square
//! mirrored for Black), one hidden layer of [`HIDDEN`] clipped-ReLU units
//! (or their squares) per side's view (shared weights), and one output from both views, the side to
//! move's first; the output layer may come in buckets by the number of
//! pieces on the board ([`bucket`]), one set of weights per bucket.
//!
//! The network in play by default is the one built into the binary
//! (`search/nets/chess.nnue`, [`use_embedded`]); [`set_network`] puts
//! another in play or, with `None`, the hand-written evaluation. It is
//! read for plain chess only: a Tris changes what the pieces mean, and no
//! data of MengChess exists to train on. In play the accumulators are
//! updated from the thread's last evaluated position
//! ([`evaluate_in_play`]).
//!
//! File format (little-endian), written by [`Network::to_bytes`] and by
//! the trainer ([`crate::eval::nnue_train`]):
//!
//! ```text
//! 8 bytes   magic "TRISNN01"
//! u32       hidden size (must be HIDDEN)
//! u32       flags: bit 0 = residual (the output is added to the
//!           hand-written evaluation); bit 1 = squared clipped ReLU
//!           (the hidden activation is clamp(x, 0, 1)²)
//! u32       output buckets B (1 to 16)
//! i16 × 768 × HIDDEN   input weights, input-major, scaled by QA
//! i16 × HIDDEN         hidden biases, scaled by QA
//! i16 × B × 2 × HIDDEN output weights by bucket (side to move's view
//!                      first), scaled by QB
//! i32 × B              output biases, scaled by QA × QB
//! ```

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};

use movegen::chess::{Color, Position, Role};
use movegen::{Game, Variant};

/// Hidden units per view.
pub const HIDDEN: usize = 128;
/// Inputs: 2 colours × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// Quantisation of the input layer: an activation of 1.0 is `QA`.
pub const QA: i32 = 255;
/// Quantisation of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output (the trainer's sigmoid
/// scale).
pub const SCALE: i32 = 400;
/// The largest evaluation magnitude the network gives (centipawns).
pub const MAX_EVAL: i64 = 10_000;
/// The file's magic bytes.
pub const MAGIC: &[u8; 8] = b"TRISNN01";
/// The most output buckets a file may have.
pub const MAX_BUCKETS: usize = 16;

/// The output bucket of a position with `pieces` pieces (kings included,
/// 2 to 32) among `buckets`: equal slices of 2..=32.
#[inline]
pub fn bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(2) * buckets / 31).min(buckets - 1)
}

/// A quantised network.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// `INPUTS` rows of `HIDDEN`.
    pub input_weights: Vec<[i16; HIDDEN]>,
    pub input_bias: [i16; HIDDEN],
    /// Per bucket: the side to move's view, then the other.
    pub output_weights: Vec<[[i16; HIDDEN]; 2]>,
    /// Per bucket.
    pub output_bias: Vec<i32>,
    /// The output corrects the hand-written evaluation rather than
    /// replacing it.
    pub residual: bool,
    /// The hidden activation is the square of the clipped ReLU.
    pub squared: bool,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({INPUTS} -> {HIDDEN} x 2 -> 1, {} buckets)",
            self.output_bias.len()
        )
    }
}

/// The input of a piece of `color` and `role` on square index `sq`, in the
/// view of `view`.
#[inline]
pub fn feature(view: Color, color: Color, role: Role, sq: usize) -> usize {
    let (c, s) = if view == Color::White {
        (color.index(), sq)
    } else {
        (color.other().index(), sq ^ 56)
    };
    (c * 6 + role.index()) * 64 + s
}

/// The inputs of a position in both views (White's, Black's).
pub fn features(pos: &Position) -> [arrayvec::ArrayVec<u16, 64>; 2] {
    let mut out = [arrayvec::ArrayVec::new(), arrayvec::ArrayVec::new()];
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in pos.pieces_of(color, role) {
                let i = sq.index();
                out[0].push(feature(Color::White, color, role, i) as u16);
                out[1].push(feature(Color::Black, color, role, i) as u16);
            }
        }
    }
    out
}

impl Network {
    /// Reads a network file; the error says what is wrong with it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        if bytes.len() < 20 || &bytes[..8] != MAGIC {
            return Err("not a Triskelion network file (bad magic)".into());
        }
        let hidden = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
        if hidden != HIDDEN {
            return Err(format!(
                "the network has {hidden} hidden units, this build reads {HIDDEN}"
            ));
        }
        let flags = u32::from_le_bytes(bytes[12..16].try_into().unwrap());
        if flags > 3 {
            return Err(format!("unknown flags {flags:#x} in the network file"));
        }
        let buckets = u32::from_le_bytes(bytes[16..20].try_into().unwrap()) as usize;
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(format!(
                "the network has {buckets} output buckets, 1 to {MAX_BUCKETS} are read"
            ));
        }
        let expected = 20 + 2 * (INPUTS * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) + 4 * buckets;
        if bytes.len() != expected {
            return Err(format!(
                "the network file has {} bytes, expected {expected}",
                bytes.len()
            ));
        }
        let mut at = 20;
        let mut next16 = || {
            let v = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
            at += 2;
            v
        };
        let mut input_weights = vec![[0i16; HIDDEN]; INPUTS];
        for row in &mut input_weights {
            for w in row.iter_mut() {
                *w = next16();
            }
        }
        let mut input_bias = [0i16; HIDDEN];
        for b in &mut input_bias {
            *b = next16();
        }
        let mut output_weights = vec![[[0i16; HIDDEN]; 2]; buckets];
        for view in output_weights.iter_mut().flatten() {
            for w in view.iter_mut() {
                *w = next16();
            }
        }
        let output_bias = bytes[at..]
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes(b.try_into().unwrap()))
            .collect();
        let net = Network {
            input_weights,
            input_bias,
            output_weights,
            output_bias,
            residual: flags & 1 != 0,
            squared: flags & 2 != 0,
        };
        net.check_range()?;
        Ok(net)
    }

    /// The accumulators are `i16`: a position's sum must not overflow. With
    /// at most 32 pieces, each weight's magnitude times 32 plus the bias
    /// must fit.
    fn check_range(&self) -> Result<(), String> {
        for h in 0..HIDDEN {
            let mut worst: Vec<i32> = self
                .input_weights
                .iter()
                .map(|row| (row[h] as i32).abs())
                .collect();
            worst.sort_unstable_by(|a, b| b.cmp(a));
            let sum: i32 = worst.iter().take(32).sum::<i32>() + (self.input_bias[h] as i32).abs();
            if sum > i16::MAX as i32 {
                return Err(format!(
                    "hidden unit {h} could overflow its 16-bit accumulator ({sum})"
                ));
            }
        }
        Ok(())
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(20 + 2 * (INPUTS + 1 + 32) * HIDDEN);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        let flags = u32::from(self.residual) | u32::from(self.squared) << 1;
        out.extend_from_slice(&flags.to_le_bytes());
        out.extend_from_slice(&(self.output_bias.len() as u32).to_le_bytes());
        let all16 = self
            .input_weights
            .iter()
            .flatten()
            .chain(&self.input_bias)
            .chain(self.output_weights.iter().flatten().flatten());
        for v in all16 {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for b in &self.output_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// The accumulator of one view.
    #[inline]
    fn accumulate(&self, inputs: &[u16]) -> [i16; HIDDEN] {
        let mut acc = self.input_bias;
        for &f in inputs {
            let row = &self.input_weights[f as usize];
            for (a, w) in acc.iter_mut().zip(row) {
                *a = a.wrapping_add(*w);
            }
        }
        acc
    }

    /// The output in centipawns from the accumulators of the side to move's
    /// view and the other's, for `pieces` pieces on the board.
    fn output(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN], pieces: usize) -> i32 {
        let b = bucket(pieces, self.output_bias.len());
        let views = [us, them].into_iter().zip(&self.output_weights[b]);
        let sum = if self.squared {
            // Each term is below 255 × 127 × 255; their sum may pass i32.
            let mut sum = 0i64;
            for (a, w) in views {
                for (&x, &y) in a.iter().zip(w) {
                    let c = (x as i32).clamp(0, QA);
                    sum += (c * y as i32 * c) as i64;
                }
            }
            (sum / QA as i64) as i32
        } else {
            let mut sum = 0i32;
            for (a, w) in views {
                for (&x, &y) in a.iter().zip(w) {
                    sum += (x as i32).clamp(0, QA) * y as i32;
                }
            }
            sum
        };
        // In i64: a network may make the sum large (its file is checked
        // for its accumulators only); the result stays far from mate scores.
        let cp = (sum as i64 + self.output_bias[b] as i64) * SCALE as i64 / (QA * QB) as i64;
        cp.clamp(-MAX_EVAL, MAX_EVAL) as i32
    }

    /// The network's output in centipawns from the side to move (for a
    /// residual network, the correction to add), the accumulators
    /// computed afresh.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let [white, black] = features(pos);
        let (us, them) = if pos.turn() == Color::White {
            (white, black)
        } else {
            (black, white)
        };
        self.output(&self.accumulate(&us), &self.accumulate(&them), us.len())
    }
}

/// The evaluation of the network in play ([`set_network`]) for plain
/// chess: its output and whether it is residual, or `None` without one. The accumulators are
/// updated from those of the position this thread evaluated last: the
/// search evaluates positions near each other in its tree, a few pieces
/// apart, so an update adds and subtracts a few rows instead of one per
/// piece. The same as [`Network::evaluate`].
#[inline]
pub fn evaluate_in_play(pos: &Position) -> Option<(i32, bool)> {
    let slot = CURRENT.load(Relaxed);
    if slot == 0 || pos.variant() != Variant::Chess {
        return None;
    }
    let net = if slot == EMBEDDED_KEY {
        embedded()
    } else {
        LOADED[slot - 1].get()?
    };
    Some((evaluate_updated(net, slot, pos), net.residual))
}

/// The network built into the binary.
static EMBEDDED_BYTES: &[u8] = include_bytes!("../../nets/chess.nnue");
static EMBEDDED: OnceLock<Network> = OnceLock::new();
/// [`CURRENT`]'s value for the built-in network.
const EMBEDDED_KEY: usize = SLOTS + 1;

/// The network built into the binary (read once).
pub fn embedded() -> &'static Network {
    EMBEDDED.get_or_init(|| {
        Network::from_bytes(EMBEDDED_BYTES).expect("the built-in network is well formed")
    })
}

/// Puts the built-in network in play (the default).
pub fn use_embedded() {
    CURRENT.store(EMBEDDED_KEY, Relaxed);
}

/// [`Network::evaluate`] from this thread's last accumulators; `key` names
/// the network (a loaded network never changes, so its slot does).
fn evaluate_updated(net: &Network, key: usize, pos: &Position) -> i32 {
    LAST.with(|cell| {
        let mut last = cell.borrow_mut();
        last.update(net, key, pos);
        let (us, them) = if pos.turn() == Color::White {
            (&last.acc[0], &last.acc[1])
        } else {
            (&last.acc[1], &last.acc[0])
        };
        net.output(us, them, pos.regular().count() as usize)
    })
}

/// A thread's last evaluated position (its pieces by colour and role) and
/// its accumulators in White's and Black's views.
struct Last {
    /// The key of the network they belong to (its [`CURRENT`] value; 0 =
    /// none yet).
    net: usize,
    pieces: [u64; 12],
    acc: [[i16; HIDDEN]; 2],
}

/// Above this many changed pieces the accumulators are computed afresh.
const MAX_CHANGES: u32 = 12;

impl Last {
    fn update(&mut self, net: &Network, key: usize, pos: &Position) {
        let mut now = [0u64; 12];
        for color in Color::ALL {
            for role in Role::ALL {
                now[color.index() * 6 + role.index()] = pos.pieces_of(color, role).0;
            }
        }
        let changes: u32 = now
            .iter()
            .zip(&self.pieces)
            .map(|(a, b)| (a ^ b).count_ones())
            .sum();
        if self.net != key || changes > MAX_CHANGES {
            let [white, black] = features(pos);
            self.acc = [net.accumulate(&white), net.accumulate(&black)];
        } else if changes > 0 {
            for color in Color::ALL {
                for role in Role::ALL {
                    let i = color.index() * 6 + role.index();
                    let (old, new) = (self.pieces[i], now[i]);
                    for (bits, add) in [(old & !new, false), (new & !old, true)] {
                        for sq in movegen::chess::Bitboard(bits) {
                            for (v, view) in Color::ALL.into_iter().enumerate() {
                                let row =
                                    &net.input_weights[feature(view, color, role, sq.index())];
                                for (a, w) in self.acc[v].iter_mut().zip(row) {
                                    *a = if add {
                                        a.wrapping_add(*w)
                                    } else {
                                        a.wrapping_sub(*w)
                                    };
                                }
                            }
                        }
                    }
                }
            }
        }
        self.net = key;
        self.pieces = now;
    }
}

thread_local! {
    static LAST: std::cell::RefCell<Last> = const {
        std::cell::RefCell::new(Last {
            net: 0,
            pieces: [0; 12],
            acc: [[0; HIDDEN]; 2],
        })
    };
}

/// Networks loaded in this process. Each slot is set once and never
/// freed, so an evaluation reads the current one without a lock.
const SLOTS: usize = 32;
static LOADED: [OnceLock<Network>; SLOTS] = [const { OnceLock::new() }; SLOTS];
/// 0: none (the hand-written evaluation); 1 to [`SLOTS`]: the slot index
/// + 1 of the loaded network in play; [`EMBEDDED_KEY`]: the built-in one.
static CURRENT: AtomicUsize = AtomicUsize::new(EMBEDDED_KEY);
static LOAD_LOCK: Mutex<()> = Mutex::new(());

/// Puts `net` in play (or the hand-written evaluation with `None`). A
/// process can load at most 32 networks; the error says so.
pub fn set_network(net: Option<Network>) -> Result<(), String> {
    let Some(net) = net else {
        CURRENT.store(0, Relaxed);
        return Ok(());
    };
    let _guard = LOAD_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(i) = LOADED.iter().position(|s| s.get() == Some(&net)) {
        CURRENT.store(i + 1, Relaxed);
        return Ok(());
    }
    let i = LOADED
        .iter()
        .position(|s| s.get().is_none())
        .ok_or_else(|| {
            format!("at most {SLOTS} different networks can be loaded in one process")
        })?;
    let _ = LOADED[i].set(net);
    CURRENT.store(i + 1, Relaxed);
    Ok(())
}

/// Reads the network file at `path` and puts it in play.
pub fn load_file(path: &str) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let net = Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    set_network(Some(net))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pseudo_random_net(seed: u64) -> Network {
        let mut s = seed;
        let mut next = move |range: i64| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s % (2 * range as u64 + 1)) as i64 - range) as i16
        };
        let mut net = Network {
            input_weights: vec![[0; HIDDEN]; INPUTS],
            input_bias: [0; HIDDEN],
            output_weights: vec![[[0; HIDDEN]; 2]; 1 + seed as usize % 8],
            output_bias: (0..1 + seed as i32 % 8).map(|b| 1234 - 100 * b).collect(),
            residual: seed % 2 == 1,
            squared: seed % 3 == 1,
        };
        for row in &mut net.input_weights {
            row.iter_mut().for_each(|w| *w = next(300));
        }
        net.input_bias.iter_mut().for_each(|w| *w = next(300));
        for v in net.output_weights.iter_mut().flatten() {
            v.iter_mut().for_each(|w| *w = next(120));
        }
        net
    }

    #[test]
    fn a_network_survives_a_round_trip_through_its_bytes() {
        let net = pseudo_random_net(7);
        let back = Network::from_bytes(&net.to_bytes()).unwrap();
        assert!(back == net);
    }

    #[test]
    fn a_bad_network_file_is_refused_with_the_reason() {
        let bytes = pseudo_random_net(9).to_bytes();
        assert!(Network::from_bytes(b"hello").unwrap_err().contains("magic"));
        let short = &bytes[..bytes.len() - 1];
        assert!(Network::from_bytes(short).unwrap_err().contains("bytes"));
        let mut wide = bytes.clone();
        wide[8..12].copy_from_slice(&256u32.to_le_bytes());
        assert!(Network::from_bytes(&wide).unwrap_err().contains("256"));
        let mut flagged = bytes.clone();
        flagged[12] = 5;
        assert!(Network::from_bytes(&flagged).unwrap_err().contains("flags"));
        let mut many = bytes.clone();
        many[16] = 17;
        assert!(Network::from_bytes(&many)
            .unwrap_err()
            .contains("17 output buckets"));
        let mut big = pseudo_random_net(9);
        big.input_weights.iter_mut().for_each(|r| r[5] = 2000);
        let err = Network::from_bytes(&big.to_bytes()).unwrap_err();
        assert!(err.contains("overflow"), "{err}");
    }

    #[test]
    fn the_evaluation_is_the_same_from_either_side_of_a_mirrored_position() {
        let net = pseudo_random_net(11);
        let pairs = [
            (
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
            ),
            (
                "8/5k2/8/3p4/8/2N5/5K2/8 b - - 0 1",
                "8/5k2/2n5/8/3P4/8/5K2/8 w - - 0 1",
            ),
        ];
        for (a, b) in pairs {
            let a = Position::from_fen(Variant::Chess, a).unwrap();
            let b = Position::from_fen(Variant::Chess, b).unwrap();
            assert_eq!(net.evaluate(&a), net.evaluate(&b));
        }
    }

    #[test]
    fn the_updated_accumulators_give_the_fresh_evaluation() {
        // A walk through legal moves with jumps back (as a search returns to
        // a sibling), and two networks taking turns: every evaluation from
        // the updated accumulators equals the fresh one.
        let nets = [pseudo_random_net(21), pseudo_random_net(22)];
        let mut s = 99u64;
        let mut next = move |n: usize| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s % n as u64) as usize
        };
        let mut line = vec![Position::startpos(Variant::Chess)];
        for step in 0..3000 {
            let pos = line.last().unwrap().clone();
            let key = 1 + (step / 500) % 2;
            let net = &nets[key - 1];
            assert_eq!(
                evaluate_updated(net, key, &pos),
                net.evaluate(&pos),
                "{}",
                pos.to_fen()
            );
            let moves = pos.legal_moves();
            if moves.is_empty() || line.len() > 60 || next(10) == 0 {
                let keep = 1 + next(line.len());
                line.truncate(keep);
            } else {
                line.push(pos.play(moves[next(moves.len())]));
            }
        }
    }

    #[test]
    fn the_built_in_network_reads_and_plays_by_default() {
        let net = embedded();
        assert_eq!(Network::from_bytes(EMBEDDED_BYTES).unwrap(), *net);
        let pos = Position::startpos(Variant::Chess);
        let v = net.evaluate(&pos);
        assert!((-150..=150).contains(&v), "the start position: {v}");
        // A queen up is a large advantage to it.
        let up = Position::from_fen(
            Variant::Chess,
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap();
        assert!(net.evaluate(&up) > 600, "{}", net.evaluate(&up));
    }

    #[test]
    fn buckets_split_the_piece_counts_evenly() {
        assert_eq!(bucket(32, 1), 0);
        assert_eq!(bucket(2, 8), 0);
        assert_eq!(bucket(32, 8), 7);
        let per: Vec<usize> = (0..8)
            .map(|b| (2..=32).filter(|&n| bucket(n, 8) == b).count())
            .collect();
        assert!(per.iter().all(|&c| (3..=5).contains(&c)), "{per:?}");
    }

    #[test]
    fn the_bucket_of_the_piece_count_gives_the_output_layer() {
        let mut net = pseudo_random_net(8); // one bucket
        let pos = Position::startpos(Variant::Chess);
        let one = net.evaluate(&pos);
        // Eight buckets, the start position's (32 pieces) the last: only
        // its weights count.
        let w = net.output_weights[0];
        net.output_weights = vec![[[0; HIDDEN]; 2]; 8];
        net.output_bias = vec![0; 8];
        net.output_weights[7] = w;
        net.output_bias[7] = 1234;
        assert_eq!(net.evaluate(&pos), one);
        net.output_bias[7] = 0;
        net.output_weights[7] = [[0; HIDDEN]; 2];
        net.output_weights[6] = w;
        assert_eq!(net.evaluate(&pos), 0);
    }

    #[test]
    fn the_evaluation_adds_up_the_rows_of_the_pieces() {
        // One active unit: the output is its clipped sum times its weight.
        let mut net = Network {
            input_weights: vec![[0; HIDDEN]; INPUTS],
            input_bias: [0; HIDDEN],
            output_weights: vec![[[0; HIDDEN]; 2]],
            output_bias: vec![0],
            residual: false,
            squared: false,
        };
        let pos = Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let pawn = feature(Color::White, Color::White, Role::Pawn, 12);
        net.input_weights[pawn][0] = 100;
        net.output_weights[0][0][0] = QB as i16;
        // 100 / 255 of an activation, times SCALE.
        assert_eq!(net.evaluate(&pos), 100 * SCALE / QA);
        // Black to move sees the pawn as the other side's: the second view.
        let pos = Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1").unwrap();
        assert_eq!(net.evaluate(&pos), 0);
        net.output_weights[0][1][0] = -(QB as i16);
        assert_eq!(net.evaluate(&pos), -100 * SCALE / QA);
    }
}
