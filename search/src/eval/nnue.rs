//! A small efficiently-updatable neural network for plain chess or plain
//! shogi. Inputs ([`InputSet`]): in chess 768 (colour relative to the side
//! whose view it is × role × square, the square mirrored for Black), or
//! 768 per bucket of the view's king square ([`KingLayout`]); in
//! shogi 2,344 (relative colour × 14 roles × 81 squares, the board turned
//! for White, then each hand's pieces counted one input per piece:
//! "at least k pawns in hand" and so on). One hidden layer (its size a
//! multiple of 16 up to [`MAX_HIDDEN`], read from the file) of
//! clipped-ReLU units (or their squares) per side's view (shared weights),
//! and one output from both views, the side to move's first; the output
//! layer may come in buckets by the number of pieces on the board
//! ([`bucket`]), one set of weights per bucket.
//!
//! The network in play by default is the one built into the binary
//! (`search/nets/chess.nnue`, [`use_embedded`]); [`set_network`] puts
//! another in play or, with `None`, the hand-written evaluation. It is
//! read for plain chess only: a Tris changes what the pieces mean, and no
//! data of MengChess exists to train on. Plain shogi has its own built-in
//! network (`search/nets/shogi.nnue`, a residual one: it corrects the
//! hand-written evaluation); TrisShogi and MengShogi keep the hand-written
//! evaluation. In play the accumulators are
//! updated from the thread's last evaluated position
//! ([`evaluate_in_play`]).
//!
//! File format (little-endian), written by [`Network::to_bytes`] and by
//! the trainer ([`crate::eval::nnue_train`]):
//!
//! ```text
//! 8 bytes   magic "TRISNN01"
//! u32       hidden size H (a multiple of 16, 16 to MAX_HIDDEN)
//! u32       flags: bit 0 = residual (the output is added to the
//!           hand-written evaluation); bit 1 = squared clipped ReLU
//!           (the hidden activation is clamp(x, 0, 1)²); bit 2 = the
//!           shogi inputs (else chess); bit 3 = king buckets (chess)
//! u32       output buckets B (1 to 16)
//! with bit 3 only, the king layout ([`KingLayout`]):
//!   u32       king buckets K (1 to 16)
//!   u8 × 64   the bucket of each king square (a1 = 0 ... h8 = 63, in
//!             the view's orientation: rank 1 is the view's own)
//!   u32       1: mirror the view whose king is on files e-h; else 0
//! i16 × N × H       input weights (N = 768 × K or 2,344), input-major, scaled by QA
//! i16 × H           hidden biases, scaled by QA
//! i16 × B × 2 × H   output weights by bucket (side to move's view
//!                   first), scaled by QB
//! i32 × B           output biases, scaled by QA × QB
//! ```

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};

use movegen::chess::{Color, Position, Role};
use movegen::shogi;
use movegen::{Game, Variant};

/// The most hidden units per view a network may have.
pub const MAX_HIDDEN: usize = 512;
/// Hidden units per view of a network the trainer makes unless told
/// otherwise (the built-in networks' size).
pub const DEFAULT_HIDDEN: usize = 128;
/// Whether a network may have `n` hidden units per view: a multiple of
/// 16 (whole 256-bit vectors of i16 in the accumulators' loops) from 16
/// to [`MAX_HIDDEN`].
pub const fn is_hidden_size(n: usize) -> bool {
    n > 0 && n % 16 == 0 && n <= MAX_HIDDEN
}
/// One view's accumulator; a network of `hidden` units uses the first
/// `hidden` entries.
type Acc = [i16; MAX_HIDDEN];
/// Chess inputs: 2 colours × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// Shogi board inputs: 2 colours × 14 roles × 81 squares.
const SHOGI_BOARD_INPUTS: usize = 2 * 14 * 81;
/// Shogi hand inputs per colour: one per piece a hand can hold (18 pawns,
/// 4 lances, knights, silvers and golds, 2 bishops and rooks).
const SHOGI_HAND_INPUTS: usize = 38;
/// Shogi inputs: the board's and both hands'.
pub const SHOGI_INPUTS: usize = SHOGI_BOARD_INPUTS + 2 * SHOGI_HAND_INPUTS;
/// The most inputs a position has on at once (shogi: 40 pieces, each on
/// the board or in a hand).
pub const MAX_ACTIVE: usize = 40;

/// The game whose positions a network reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InputSet {
    Chess,
    Shogi,
}

impl InputSet {
    /// The number of inputs.
    pub const fn inputs(self) -> usize {
        match self {
            InputSet::Chess => INPUTS,
            InputSet::Shogi => SHOGI_INPUTS,
        }
    }

    /// The most inputs on at once, which is also the most pieces on the
    /// board (for [`bucket`]).
    pub const fn max_active(self) -> usize {
        match self {
            InputSet::Chess => 32,
            InputSet::Shogi => MAX_ACTIVE,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            InputSet::Chess => "chess",
            InputSet::Shogi => "shogi",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}
/// Quantisation of the input layer: an activation of 1.0 is `QA`.
pub const QA: i32 = 255;
/// Quantisation of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output (the trainer's sigmoid
/// scale).
pub const SCALE: i32 = 400;
/// The largest evaluation magnitude the network gives (centipawns).
pub const MAX_EVAL: i64 = 10_000;
/// The largest output weight magnitude of a network with the squared
/// activation (the trainer clips weights to ±1.98, 126.7 × [`QB`]).
pub const OUTPUT_MOST: i16 = 127;
/// The file's magic bytes.
pub const MAGIC: &[u8; 8] = b"TRISNN01";
/// The most output buckets a file may have.
pub const MAX_BUCKETS: usize = 16;

/// The output bucket of a position with `pieces` pieces on the board
/// (kings included, 2 to `set`'s most: 32 in chess, 40 in shogi) among
/// `buckets`: equal slices of that range.
#[inline]
pub fn bucket(pieces: usize, buckets: usize, set: InputSet) -> usize {
    (pieces.saturating_sub(2) * buckets / (set.max_active() - 1)).min(buckets - 1)
}

/// A quantised network.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// The inputs it reads.
    pub set: InputSet,
    /// Chess inputs by the view's king ([`KingLayout::NONE`] in shogi).
    pub kings: KingLayout,
    /// Hidden units per view: a multiple of 16, 16 to [`MAX_HIDDEN`].
    pub hidden: usize,
    /// [`Network::inputs`] rows of `hidden`, one after the other.
    pub input_weights: Vec<i16>,
    /// `hidden` biases.
    pub input_bias: Vec<i16>,
    /// Per bucket: `hidden` weights of the side to move's view, then
    /// `hidden` of the other's.
    pub output_weights: Vec<i16>,
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
            "Network({} {} -> {} x 2 -> 1, {} buckets)",
            self.set.name(),
            self.inputs(),
            self.hidden,
            self.output_bias.len()
        )
    }
}

/// How a chess network's inputs depend on the king of the view: the
/// inputs come in `buckets` sets of 768, one per group of king squares
/// (`map`, by the king's square in the view's orientation), and with
/// `mirror` a view whose king stands on files e to h sees the board
/// mirrored left to right (its king then always on files a to d, so
/// `map` is read only there). [`KingLayout::NONE`]: one set, no mirror
/// (the inputs of a network without the layout).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KingLayout {
    pub buckets: usize,
    pub map: [u8; 64],
    pub mirror: bool,
}

/// The most king buckets a file may have.
pub const MAX_KING_BUCKETS: usize = 16;

impl KingLayout {
    /// One set of inputs, whatever the king's square.
    pub const NONE: KingLayout = KingLayout {
        buckets: 1,
        map: [0; 64],
        mirror: false,
    };

    /// The layouts `train-nnue --king-buckets N` offers: 1 ([`Self::NONE`])
    /// or 4, mirrored: the king on its first rank on files a-b (after the
    /// mirror: a castled king's corner), on c-d, on the second rank, and
    /// further up.
    pub fn preset(n: usize) -> Option<KingLayout> {
        match n {
            1 => Some(KingLayout::NONE),
            4 => {
                let mut map = [0u8; 64];
                for (sq, b) in map.iter_mut().enumerate() {
                    let (file, rank) = (sq % 8, sq / 8);
                    *b = match (rank, file) {
                        (0, 0..=1) => 0,
                        (0, _) => 1,
                        (1, _) => 2,
                        _ => 3,
                    };
                }
                Some(KingLayout {
                    buckets: 4,
                    map,
                    mirror: true,
                })
            }
            _ => None,
        }
    }

    /// The view's frame for a king on `king` (square index in the view's
    /// orientation): the first input of its bucket and the square
    /// mirror (0 or 7, to xor with a square index).
    #[inline]
    pub fn frame(&self, king: usize) -> Frame {
        let flip = if self.mirror && king % 8 >= 4 { 7 } else { 0 };
        Frame {
            base: self.map[king ^ flip] as usize * INPUTS,
            flip,
        }
    }

    /// Whether the king's square changes anything (else every frame is
    /// [`Frame::default`]).
    #[inline]
    pub fn matters(&self) -> bool {
        self.buckets > 1 || self.mirror
    }

    /// The frame of `view` in `pos`.
    #[inline]
    pub fn frame_of(&self, pos: &Position, view: Color) -> Frame {
        if !self.matters() {
            return Frame::default();
        }
        let king = pos.king(view).index();
        self.frame(if view == Color::White {
            king
        } else {
            king ^ 56
        })
    }
}

/// Where a view's inputs lie for its king's square ([`KingLayout::frame`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Frame {
    base: usize,
    flip: usize,
}

/// The input of a piece of `color` and `role` on square index `sq`, in the
/// view of `view` (without king buckets: [`Frame::default`]).
#[inline]
pub fn feature(view: Color, frame: Frame, color: Color, role: Role, sq: usize) -> usize {
    let (c, s) = if view == Color::White {
        (color.index(), sq)
    } else {
        (color.other().index(), sq ^ 56)
    };
    frame.base + (c * 6 + role.index()) * 64 + (s ^ frame.flip)
}

/// The inputs of a position in `view` under `kings`.
pub fn view_features(
    pos: &Position,
    view: Color,
    kings: &KingLayout,
) -> arrayvec::ArrayVec<u16, 64> {
    let [out] = views_features(pos, [view], kings);
    out
}

/// The inputs of a position in both views (White's, Black's) under `kings`.
pub fn features(pos: &Position, kings: &KingLayout) -> [arrayvec::ArrayVec<u16, 64>; 2] {
    views_features(pos, Color::ALL, kings)
}

/// The inputs of a position in each of `views`, the pieces scanned once
/// for all of them.
#[inline]
fn views_features<const N: usize>(
    pos: &Position,
    views: [Color; N],
    kings: &KingLayout,
) -> [arrayvec::ArrayVec<u16, 64>; N] {
    let frames = views.map(|view| kings.frame_of(pos, view));
    let mut out = [(); N].map(|_| arrayvec::ArrayVec::new());
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in pos.pieces_of(color, role) {
                for (v, &view) in views.iter().enumerate() {
                    out[v].push(feature(view, frames[v], color, role, sq.index()) as u16);
                }
            }
        }
    }
    out
}

/// The first shogi hand input of each role (pawn to rook), within a colour's.
const HAND_OFFSET: [usize; 7] = [0, 18, 22, 26, 30, 34, 36];
/// The most pieces of each role (pawn to rook) a hand can hold.
const HAND_MOST: [usize; 7] = [18, 4, 4, 4, 4, 2, 2];

/// The input of a shogi piece of `color` and `role` on square index `sq`
/// in the view of `view` (White's view turns the board).
#[inline]
pub fn shogi_feature(
    view: shogi::Color,
    color: shogi::Color,
    role: shogi::Role,
    sq: usize,
) -> usize {
    let (c, s) = if view == shogi::Color::Black {
        (color.index(), sq)
    } else {
        (color.other().index(), 80 - sq)
    };
    (c * 14 + role.index()) * 81 + s
}

/// The input "`color` holds at least `k` (1-based) pieces of `role`
/// (pawn to rook) in hand" in the view of `view`.
#[inline]
pub fn shogi_hand_feature(
    view: shogi::Color,
    color: shogi::Color,
    role: shogi::Role,
    k: usize,
) -> usize {
    let c = if view == shogi::Color::Black {
        color.index()
    } else {
        color.other().index()
    };
    SHOGI_BOARD_INPUTS + c * SHOGI_HAND_INPUTS + HAND_OFFSET[role.index()] + k - 1
}

/// The inputs of a shogi position in both views (Black's, White's), each
/// in ascending order.
pub fn shogi_features(pos: &shogi::Position) -> [arrayvec::ArrayVec<u16, MAX_ACTIVE>; 2] {
    use shogi::Color as C;
    let mut out = [arrayvec::ArrayVec::new(), arrayvec::ArrayVec::new()];
    for color in [C::Black, C::White] {
        let own = pos.pieces(color);
        for role in shogi::Role::ALL {
            for sq in own & pos.role(role) {
                let i = sq.index();
                out[0].push(shogi_feature(C::Black, color, role, i) as u16);
                out[1].push(shogi_feature(C::White, color, role, i) as u16);
            }
        }
        for role in &shogi::Role::ALL[..7] {
            let most = HAND_MOST[role.index()];
            for k in 1..=(pos.hand(color, *role) as usize).min(most) {
                out[0].push(shogi_hand_feature(C::Black, color, *role, k) as u16);
                out[1].push(shogi_hand_feature(C::White, color, *role, k) as u16);
            }
        }
    }
    out[0].sort_unstable();
    out[1].sort_unstable();
    out
}

impl Network {
    /// Reads a network file; the error says what is wrong with it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        if bytes.len() < 20 || &bytes[..8] != MAGIC {
            return Err("not a Triskelion network file (bad magic)".into());
        }
        let hidden = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
        if !is_hidden_size(hidden) {
            return Err(format!(
                "the network has {hidden} hidden units; a multiple of 16 up to {MAX_HIDDEN} is read"
            ));
        }
        let flags = u32::from_le_bytes(bytes[12..16].try_into().unwrap());
        if flags > 15 {
            return Err(format!("unknown flags {flags:#x} in the network file"));
        }
        let buckets = u32::from_le_bytes(bytes[16..20].try_into().unwrap()) as usize;
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(format!(
                "the network has {buckets} output buckets, 1 to {MAX_BUCKETS} are read"
            ));
        }
        let set = if flags & 4 != 0 {
            InputSet::Shogi
        } else {
            InputSet::Chess
        };
        let (kings, header) = if flags & 8 != 0 {
            if set != InputSet::Chess {
                return Err("king buckets are for chess networks only".into());
            }
            if bytes.len() < 92 {
                return Err("the network file ends inside its king layout".into());
            }
            let n = u32::from_le_bytes(bytes[20..24].try_into().unwrap()) as usize;
            if !(1..=MAX_KING_BUCKETS).contains(&n) {
                return Err(format!(
                    "the network has {n} king buckets, 1 to {MAX_KING_BUCKETS} are read"
                ));
            }
            let map: [u8; 64] = bytes[24..88].try_into().unwrap();
            if let Some(sq) = map.iter().position(|&b| b as usize >= n) {
                return Err(format!(
                    "the king layout gives square {sq} bucket {}, of {n}",
                    map[sq]
                ));
            }
            let mirror = match u32::from_le_bytes(bytes[88..92].try_into().unwrap()) {
                0 => false,
                1 => true,
                m => return Err(format!("the king layout's mirror flag is {m}, not 0 or 1")),
            };
            let kings = KingLayout {
                buckets: n,
                map,
                mirror,
            };
            (kings, 92)
        } else {
            (KingLayout::NONE, 20)
        };
        let inputs = set.inputs() * kings.buckets;
        let expected = header + 2 * (inputs * hidden + hidden + buckets * 2 * hidden) + 4 * buckets;
        if bytes.len() != expected {
            return Err(format!(
                "the network file has {} bytes, expected {expected}",
                bytes.len()
            ));
        }
        let mut at = header;
        let mut read16 = |n: usize| -> Vec<i16> {
            let v = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let input_weights = read16(inputs * hidden);
        let input_bias = read16(hidden);
        let output_weights = read16(buckets * 2 * hidden);
        let output_bias = bytes[at..]
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes(b.try_into().unwrap()))
            .collect();
        let net = Network {
            set,
            kings,
            hidden,
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
    /// at most 32 inputs on (40 in shogi), the largest 32 (40) weight
    /// magnitudes plus the bias must fit. With the squared activation the
    /// output weights must be within ±[`OUTPUT_MOST`] (the output's
    /// arithmetic relies on it; the trainer's clipping keeps them there).
    fn check_range(&self) -> Result<(), String> {
        if self.squared {
            if let Some(w) = self
                .output_weights
                .iter()
                .find(|w| w.unsigned_abs() > OUTPUT_MOST as u16)
            {
                return Err(format!(
                    "an output weight ({w}) is beyond ±{OUTPUT_MOST}, the most a squared-activation network may have"
                ));
            }
        }
        let most = self.set.max_active();
        for h in 0..self.hidden {
            let mut worst: Vec<i32> = self
                .input_weights
                .chunks_exact(self.hidden)
                .map(|row| (row[h] as i32).abs())
                .collect();
            worst.sort_unstable_by(|a, b| b.cmp(a));
            let sum: i32 = worst.iter().take(most).sum::<i32>() + (self.input_bias[h] as i32).abs();
            if sum > i16::MAX as i32 {
                return Err(format!(
                    "hidden unit {h} could overflow its 16-bit accumulator ({sum})"
                ));
            }
        }
        Ok(())
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(92 + 2 * (self.inputs() + 1 + 32) * self.hidden);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        let layout = self.kings != KingLayout::NONE;
        let flags = u32::from(self.residual)
            | u32::from(self.squared) << 1
            | u32::from(self.set == InputSet::Shogi) << 2
            | u32::from(layout) << 3;
        out.extend_from_slice(&flags.to_le_bytes());
        out.extend_from_slice(&(self.output_bias.len() as u32).to_le_bytes());
        if layout {
            out.extend_from_slice(&(self.kings.buckets as u32).to_le_bytes());
            out.extend_from_slice(&self.kings.map);
            out.extend_from_slice(&u32::from(self.kings.mirror).to_le_bytes());
        }
        let all16 = self
            .input_weights
            .iter()
            .chain(&self.input_bias)
            .chain(&self.output_weights);
        for v in all16 {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for b in &self.output_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// The number of inputs (rows of input weights).
    pub fn inputs(&self) -> usize {
        self.set.inputs() * self.kings.buckets
    }

    /// The input weights of input `f` (`hidden` of them).
    #[inline]
    pub fn row(&self, f: usize) -> &[i16] {
        &self.input_weights[f * self.hidden..(f + 1) * self.hidden]
    }

    /// The output weights of bucket `b` for view `v` (0: the side to
    /// move's, 1: the other's).
    #[inline]
    pub fn output_row(&self, b: usize, v: usize) -> &[i16] {
        let at = (2 * b + v) * self.hidden;
        &self.output_weights[at..at + self.hidden]
    }

    /// The accumulator of one view.
    #[inline]
    fn accumulate(&self, inputs: &[u16]) -> Acc {
        let mut acc = [0; MAX_HIDDEN];
        acc[..self.hidden].copy_from_slice(&self.input_bias);
        for &f in inputs {
            add_row(&mut acc, self.row(f as usize), true);
        }
        acc
    }

    /// The output in centipawns from the accumulators of the side to move's
    /// view and the other's, for `pieces` pieces on the board.
    fn output(&self, us: &Acc, them: &Acc, pieces: usize) -> i32 {
        let b = bucket(pieces, self.output_bias.len(), self.set);
        let h = self.hidden;
        let views = [&us[..h], &them[..h]]
            .into_iter()
            .zip([self.output_row(b, 0), self.output_row(b, 1)]);
        // The range of each term: [`dot`].
        let mut sum = 0i64;
        for (a, w) in views {
            sum += if self.squared {
                dot::<true>(a, w)
            } else {
                dot::<false>(a, w)
            };
        }
        if self.squared {
            sum /= QA as i64;
        }
        // The result stays far from mate scores.
        let cp = (sum + self.output_bias[b] as i64) * SCALE as i64 / (QA * QB) as i64;
        cp.clamp(-MAX_EVAL, MAX_EVAL) as i32
    }

    /// The network's output in centipawns from the side to move (for a
    /// residual network, the correction to add), the accumulators
    /// computed afresh.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let [white, black] = features(pos, &self.kings);
        let (us, them) = if pos.turn() == Color::White {
            (white, black)
        } else {
            (black, white)
        };
        self.output(&self.accumulate(&us), &self.accumulate(&them), us.len())
    }

    /// [`Network::evaluate`] for a shogi position.
    pub fn evaluate_shogi(&self, pos: &shogi::Position) -> i32 {
        let [black, white] = shogi_features(pos);
        let (us, them) = if pos.turn() == shogi::Color::Black {
            (black, white)
        } else {
            (white, black)
        };
        let pieces = pos.occupied().count() as usize;
        self.output(&self.accumulate(&us), &self.accumulate(&them), pieces)
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
    if pos.variant() != Variant::Chess {
        return None;
    }
    let (net, slot) = in_play(InputSet::Chess)?;
    Some((evaluate_updated(net, slot, pos), net.residual))
}

/// The network in play for `set` and its [`CURRENT`] key, or `None` for
/// the hand-written evaluation.
#[inline]
fn in_play(set: InputSet) -> Option<(&'static Network, usize)> {
    let slot = CURRENT[set.index()].load(Relaxed);
    match slot {
        0 => None,
        EMBEDDED_KEY => Some((embedded(set), slot)),
        _ => Some((LOADED.get(slot - 1)?.get()?, slot)),
    }
}

/// The networks built into the binary, by input set (chess, shogi).
static EMBEDDED_BYTES: [&[u8]; 2] = [
    include_bytes!("../../nets/chess.nnue"),
    include_bytes!("../../nets/shogi.nnue"),
];
static EMBEDDED: [OnceLock<Network>; 2] = [const { OnceLock::new() }; 2];
/// [`CURRENT`]'s value for the built-in network.
const EMBEDDED_KEY: usize = SLOTS + 1;

/// The network of `set` built into the binary (read once).
pub fn embedded(set: InputSet) -> &'static Network {
    EMBEDDED[set.index()].get_or_init(|| {
        Network::from_bytes(EMBEDDED_BYTES[set.index()])
            .expect("the built-in network is well formed")
    })
}

/// Puts the built-in network of `set` in play (the default of both).
pub fn use_embedded(set: InputSet) {
    CURRENT[set.index()].store(EMBEDDED_KEY, Relaxed);
}

/// The evaluation of the shogi network in play for plain shogi, as
/// [`evaluate_in_play`] for chess: `None` without one.
#[inline]
pub fn evaluate_shogi_in_play(pos: &shogi::Position) -> Option<(i32, bool)> {
    if pos.variant() != Variant::Shogi {
        return None;
    }
    let (net, slot) = in_play(InputSet::Shogi)?;
    Some((evaluate_shogi_updated(net, slot, pos), net.residual))
}

/// [`Network::evaluate_shogi`] from this thread's last accumulators,
/// updated by the pieces that moved and the hand counts that changed.
fn evaluate_shogi_updated(net: &Network, key: usize, pos: &shogi::Position) -> i32 {
    use shogi::{Color as C, Role};
    LAST_SHOGI.with(|cell| {
        let mut last = cell.borrow_mut();
        let mut pieces = [0u128; 28];
        let mut hands = [[0u8; 7]; 2];
        for color in [C::Black, C::White] {
            let own = pos.pieces(color);
            for role in Role::ALL {
                pieces[color.index() * 14 + role.index()] = (own & pos.role(role)).0;
            }
            for role in &Role::ALL[..7] {
                hands[color.index()][role.index()] =
                    pos.hand(color, *role).min(HAND_MOST[role.index()] as u8);
            }
        }
        let mut changes: u32 = pieces
            .iter()
            .zip(&last.pieces)
            .map(|(a, b)| (a ^ b).count_ones())
            .sum();
        for (now, old) in hands.iter().flatten().zip(last.hands.iter().flatten()) {
            changes += u32::from(now.abs_diff(*old));
        }
        if last.net != key || changes > MAX_CHANGES {
            let [black, white] = shogi_features(pos);
            last.acc = [net.accumulate(&black), net.accumulate(&white)];
        } else if changes > 0 {
            let LastShogi {
                pieces: old_pieces,
                hands: old_hands,
                acc,
                ..
            } = &mut *last;
            let mut apply = |f: [usize; 2], add: bool| {
                for (a, f) in acc.iter_mut().zip(f) {
                    add_row(a, net.row(f), add);
                }
            };
            for color in [C::Black, C::White] {
                for role in Role::ALL {
                    let i = color.index() * 14 + role.index();
                    let (old, new) = (old_pieces[i], pieces[i]);
                    for (bits, add) in [(old & !new, false), (new & !old, true)] {
                        for sq in shogi::Bitboard(bits) {
                            let sq = sq.index();
                            apply(
                                [
                                    shogi_feature(C::Black, color, role, sq),
                                    shogi_feature(C::White, color, role, sq),
                                ],
                                add,
                            );
                        }
                    }
                }
                for role in &Role::ALL[..7] {
                    let old = old_hands[color.index()][role.index()] as usize;
                    let new = hands[color.index()][role.index()] as usize;
                    let (range, add) = if new > old {
                        (old + 1..=new, true)
                    } else {
                        (new + 1..=old, false)
                    };
                    for k in range {
                        apply(
                            [
                                shogi_hand_feature(C::Black, color, *role, k),
                                shogi_hand_feature(C::White, color, *role, k),
                            ],
                            add,
                        );
                    }
                }
            }
        }
        last.net = key;
        last.pieces = pieces;
        last.hands = hands;
        let (us, them) = if pos.turn() == C::Black {
            (&last.acc[0], &last.acc[1])
        } else {
            (&last.acc[1], &last.acc[0])
        };
        net.output(us, them, pos.occupied().count() as usize)
    })
}

/// The sum of the activations of `a` times the weights `w` (the same
/// length): with `SQUARED`, clamp(x, 0, QA)² × w, computed as (clamp × w)
/// × clamp, else clamp(x, 0, QA) × w. Each term is below 2^23: a squared
/// network's output weights are within ±[`OUTPUT_MOST`]
/// ([`Network::check_range`]), so clamp × w fits i16 (255 × 127 = 32,385);
/// a plain one's clamp × w < 255 × 2^15. Blocks of 256 terms are
/// therefore summed in i32 (the compiler's vector reductions) and the
/// blocks in i64.
#[inline(always)]
fn dot<const SQUARED: bool>(a: &[i16], w: &[i16]) -> i64 {
    let mut total = 0i64;
    for (xs, ys) in a.chunks(256).zip(w.chunks(256)) {
        let mut sum = 0i32;
        for (&x, &y) in xs.iter().zip(ys) {
            let c = x.clamp(0, QA as i16);
            sum += if SQUARED {
                i32::from(c.wrapping_mul(y)) * i32::from(c)
            } else {
                i32::from(c) * i32::from(y)
            };
        }
        total += i64::from(sum);
    }
    total
}

/// Adds an input's row to the first `row.len()` entries of an accumulator
/// (or subtracts it).
#[inline]
fn add_row(acc: &mut Acc, row: &[i16], add: bool) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = if add {
            a.wrapping_add(*w)
        } else {
            a.wrapping_sub(*w)
        };
    }
}

/// A thread's last evaluated shogi position (its pieces by colour and
/// role, its hands) and its accumulators in Black's and White's views.
struct LastShogi {
    net: usize,
    pieces: [u128; 28],
    hands: [[u8; 7]; 2],
    acc: [Acc; 2],
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

/// A thread's last evaluated position (its pieces by colour and role), its
/// views' frames and its accumulators in White's and Black's views.
struct Last {
    /// The key of the network they belong to (its [`CURRENT`] value; 0 =
    /// none yet).
    net: usize,
    pieces: [u64; 12],
    frames: [Frame; 2],
    acc: [Acc; 2],
}

/// Above this many changed pieces the accumulators are computed afresh.
const MAX_CHANGES: u32 = 12;

impl Last {
    fn update(&mut self, net: &Network, key: usize, pos: &Position) {
        // Without king buckets every frame is the default one: the
        // compiler drops their bookkeeping from the evaluation's hot path
        // (8 % of all instructions of a search when it was kept).
        if net.kings.matters() {
            self.update_with::<true>(net, key, pos);
        } else {
            self.update_with::<false>(net, key, pos);
        }
    }

    #[inline(always)]
    fn update_with<const KINGS: bool>(&mut self, net: &Network, key: usize, pos: &Position) {
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
        let frames = if KINGS {
            Color::ALL.map(|view| net.kings.frame_of(pos, view))
        } else {
            [Frame::default(); 2]
        };
        if self.net != key || changes > MAX_CHANGES {
            let [white, black] = features(pos, &net.kings);
            self.acc = [net.accumulate(&white), net.accumulate(&black)];
        } else {
            // A king that changes bucket or wing changes every input of
            // its view: that view is computed afresh.
            let mut afresh = [false; 2];
            if KINGS {
                for (v, view) in Color::ALL.into_iter().enumerate() {
                    if frames[v] != self.frames[v] {
                        self.acc[v] = net.accumulate(&view_features(pos, view, &net.kings));
                        afresh[v] = true;
                    }
                }
            }
            if changes > 0 {
                for color in Color::ALL {
                    for role in Role::ALL {
                        let i = color.index() * 6 + role.index();
                        let (old, new) = (self.pieces[i], now[i]);
                        for (bits, add) in [(old & !new, false), (new & !old, true)] {
                            for sq in movegen::chess::Bitboard(bits) {
                                for (v, view) in Color::ALL.into_iter().enumerate() {
                                    if !afresh[v] {
                                        let f = feature(view, frames[v], color, role, sq.index());
                                        add_row(&mut self.acc[v], net.row(f), add);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        self.frames = frames;
        self.net = key;
        self.pieces = now;
    }
}

thread_local! {
    static LAST_SHOGI: std::cell::RefCell<LastShogi> = const {
        std::cell::RefCell::new(LastShogi {
            net: 0,
            pieces: [0; 28],
            hands: [[0; 7]; 2],
            acc: [[0; MAX_HIDDEN]; 2],
        })
    };
    static LAST: std::cell::RefCell<Last> = const {
        std::cell::RefCell::new(Last {
            net: 0,
            pieces: [0; 12],
            frames: [Frame { base: 0, flip: 0 }; 2],
            acc: [[0; MAX_HIDDEN]; 2],
        })
    };
}

/// Networks loaded in this process. Each slot is set once and never
/// freed, so an evaluation reads the current one without a lock.
const SLOTS: usize = 32;
static LOADED: [OnceLock<Network>; SLOTS] = [const { OnceLock::new() }; SLOTS];
/// Per input set (chess, shogi), 0: none (the hand-written evaluation); 1
/// to [`SLOTS`]: the slot index + 1 of the loaded network in play;
/// [`EMBEDDED_KEY`]: the built-in one (the default).
static CURRENT: [AtomicUsize; 2] = [
    AtomicUsize::new(EMBEDDED_KEY),
    AtomicUsize::new(EMBEDDED_KEY),
];
static LOAD_LOCK: Mutex<()> = Mutex::new(());

/// Puts `net` in play for the games of `set` (or their hand-written
/// evaluation with `None`). A network of the other game is refused, and a
/// process can load at most 32 networks; the error says so.
pub fn set_network(set: InputSet, net: Option<Network>) -> Result<(), String> {
    let current = &CURRENT[set.index()];
    let Some(net) = net else {
        current.store(0, Relaxed);
        return Ok(());
    };
    if net.set != set {
        return Err(format!(
            "the network reads {} positions, not {}",
            net.set.name(),
            set.name()
        ));
    }
    let _guard = LOAD_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(i) = LOADED.iter().position(|s| s.get() == Some(&net)) {
        current.store(i + 1, Relaxed);
        return Ok(());
    }
    let i = LOADED
        .iter()
        .position(|s| s.get().is_none())
        .ok_or_else(|| {
            format!("at most {SLOTS} different networks can be loaded in one process")
        })?;
    let _ = LOADED[i].set(net);
    current.store(i + 1, Relaxed);
    Ok(())
}

/// Reads the network file at `path` and puts it in play for `set`.
pub fn load_file(set: InputSet, path: &str) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let net = Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    set_network(set, Some(net)).map_err(|e| format!("{path}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next number of a xorshift generator.
    fn xorshift(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    fn pseudo_random_net(seed: u64) -> Network {
        let mut s = seed;
        let mut next =
            move |range: i64| ((xorshift(&mut s) % (2 * range as u64 + 1)) as i64 - range) as i16;
        let set = if seed >= 100 {
            InputSet::Shogi
        } else {
            InputSet::Chess
        };
        // Sizes from the smallest a file may have to twice the built-in one.
        let hidden = [128, 16, 256, 48][seed as usize % 4];
        let buckets = 1 + seed as usize % 8;
        let mut net = Network {
            set,
            kings: KingLayout::NONE,
            hidden,
            input_weights: vec![0; set.inputs() * hidden],
            input_bias: vec![0; hidden],
            output_weights: vec![0; buckets * 2 * hidden],
            output_bias: (0..1 + seed as i32 % 8).map(|b| 1234 - 100 * b).collect(),
            residual: seed % 2 == 1,
            squared: seed % 3 == 1,
        };
        net.input_weights.iter_mut().for_each(|w| *w = next(300));
        net.input_bias.iter_mut().for_each(|w| *w = next(300));
        net.output_weights.iter_mut().for_each(|w| *w = next(120));
        net
    }

    /// [`pseudo_random_net`] (a chess one) with the inputs of `kings`,
    /// each bucket's weights different.
    fn pseudo_random_kings_net(seed: u64, kings: KingLayout) -> Network {
        let mut net = pseudo_random_net(seed);
        assert_eq!(net.set, InputSet::Chess);
        let mut s = seed ^ 0x5555;
        net.input_weights = (0..kings.buckets * net.input_weights.len())
            .map(|_| (xorshift(&mut s) % 601) as i16 - 300)
            .collect();
        net.kings = kings;
        net
    }

    /// A layout of three buckets by the king's file (a-c, d-e, f-h), not
    /// mirrored.
    fn files_layout() -> KingLayout {
        let mut map = [0u8; 64];
        for (sq, b) in map.iter_mut().enumerate() {
            *b = [0, 0, 0, 1, 1, 2, 2, 2][sq % 8];
        }
        KingLayout {
            buckets: 3,
            map,
            mirror: false,
        }
    }

    #[test]
    fn a_king_bucket_network_survives_a_round_trip_and_a_bad_layout_is_refused() {
        for kings in [KingLayout::preset(4).unwrap(), files_layout()] {
            let net = pseudo_random_kings_net(5, kings);
            assert_eq!(net.inputs(), kings.buckets * INPUTS);
            let bytes = net.to_bytes();
            assert_eq!(bytes[12] & 8, 8);
            assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        }
        let bytes = pseudo_random_kings_net(5, KingLayout::preset(4).unwrap()).to_bytes();
        let mut none = bytes.clone();
        none[20..24].copy_from_slice(&0u32.to_le_bytes());
        let err = Network::from_bytes(&none).unwrap_err();
        assert!(err.contains("0 king buckets"), "{err}");
        let mut outside = bytes.clone();
        outside[24 + 33] = 4;
        let err = Network::from_bytes(&outside).unwrap_err();
        assert!(err.contains("square 33 bucket 4, of 4"), "{err}");
        let mut flag = bytes.clone();
        flag[88] = 2;
        let err = Network::from_bytes(&flag).unwrap_err();
        assert!(err.contains("mirror flag is 2"), "{err}");
        let mut shogi = bytes.clone();
        shogi[12] |= 4;
        let err = Network::from_bytes(&shogi).unwrap_err();
        assert!(err.contains("chess networks only"), "{err}");
        let err = Network::from_bytes(&bytes[..60]).unwrap_err();
        assert!(err.contains("inside its king layout"), "{err}");
        // Without its layout the file is too long for the plain inputs.
        let mut plain = bytes.clone();
        plain[12] &= !8;
        assert!(Network::from_bytes(&plain).unwrap_err().contains("bytes"));
    }

    #[test]
    fn the_four_bucket_layout_groups_the_king_squares_of_each_view() {
        let kings = KingLayout::preset(4).unwrap();
        let frame = |fen: &str, view: Color| {
            let pos = Position::from_fen(Variant::Chess, fen).unwrap();
            kings.frame_of(&pos, view)
        };
        let f = |base: usize, flip: usize| Frame {
            base: base * INPUTS,
            flip,
        };
        // White castled short (g1, mirrored to b1), Black's king at home
        // (e8: mirrored to d8, its view's first rank, c-d).
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 w kq - 0 1";
        assert_eq!(frame(fen, Color::White), f(0, 7));
        assert_eq!(frame(fen, Color::Black), f(1, 7));
        // Long castling (c1: files c-d, not mirrored), a king on its
        // second rank, a king up the board.
        let fen = "8/8/8/3k4/8/8/8/2K5 w - - 0 1";
        assert_eq!(frame(fen, Color::White), f(1, 0));
        assert_eq!(frame(fen, Color::Black), f(3, 0));
        let fen = "8/6k1/8/8/8/8/1K6/8 w - - 0 1";
        assert_eq!(frame(fen, Color::White), f(2, 0));
        assert_eq!(frame(fen, Color::Black), f(2, 7));
        assert_eq!(
            KingLayout::NONE.frame_of(&Position::startpos(Variant::Chess), Color::Black),
            Frame::default()
        );
        assert_eq!(KingLayout::preset(3), None);
    }

    #[test]
    fn a_mirrored_layout_gives_a_position_and_its_mirror_one_value() {
        // Without castling rights, a position mirrored left to right is the
        // same position to a network whose views are mirrored.
        let net = pseudo_random_kings_net(9, KingLayout::preset(4).unwrap());
        for (fen, mirrored) in [
            (
                "r4rk1/pp3ppp/2n1bn2/q7/3P4/2N2N2/PP2BPPP/R2Q1RK1 b - - 3 12",
                "1kr4r/ppp3pp/2nb1n2/7q/4P3/2N2N2/PPPB2PP/1KR1Q2R b - - 3 12",
            ),
            (
                "8/8/4k3/8/2P5/8/3K4/8 w - - 0 1",
                "8/8/3k4/8/5P2/8/4K3/8 w - - 0 1",
            ),
        ] {
            let a = Position::from_fen(Variant::Chess, fen).unwrap();
            let b = Position::from_fen(Variant::Chess, mirrored).unwrap();
            assert_eq!(net.evaluate(&a), net.evaluate(&b), "{fen}");
        }
        // Not so without the mirror: the buckets by file see other kings.
        let net = pseudo_random_kings_net(9, files_layout());
        let a = Position::from_fen(Variant::Chess, "8/8/4k3/8/2P5/8/3K4/8 w - - 0 1").unwrap();
        let b = Position::from_fen(Variant::Chess, "8/8/3k4/8/5P2/8/4K3/8 w - - 0 1").unwrap();
        assert_ne!(net.evaluate(&a), net.evaluate(&b));
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
        for odd in [0u32, 100, 1024] {
            let mut wide = bytes.clone();
            wide[8..12].copy_from_slice(&odd.to_le_bytes());
            let err = Network::from_bytes(&wide).unwrap_err();
            assert!(err.contains(&format!("{odd} hidden units")), "{err}");
        }
        // Another valid size than the file's: its length is wrong.
        let mut wide = bytes.clone();
        wide[8..12].copy_from_slice(&512u32.to_le_bytes());
        assert!(Network::from_bytes(&wide).unwrap_err().contains("bytes"));
        let mut flagged = bytes.clone();
        flagged[12] = 17;
        assert!(Network::from_bytes(&flagged).unwrap_err().contains("flags"));
        let mut many = bytes.clone();
        many[16] = 17;
        assert!(Network::from_bytes(&many)
            .unwrap_err()
            .contains("17 output buckets"));
        let mut big = pseudo_random_net(9);
        let h = big.hidden;
        big.input_weights
            .chunks_exact_mut(h)
            .for_each(|r| r[5] = 2000);
        let err = Network::from_bytes(&big.to_bytes()).unwrap_err();
        assert!(err.contains("overflow"), "{err}");
        // The squared activation's output weights stay within ±127.
        let mut wide_out = pseudo_random_net(7);
        assert!(wide_out.squared);
        wide_out.output_weights[3] = -128;
        let err = Network::from_bytes(&wide_out.to_bytes()).unwrap_err();
        assert!(err.contains("output weight (-128)"), "{err}");
        wide_out.squared = false;
        assert!(Network::from_bytes(&wide_out.to_bytes()).is_ok());
    }

    #[test]
    fn the_output_is_exact_at_every_size_and_weight_range() {
        // The output's chunked arithmetic against a plain sum in i128, with
        // accumulators beyond both ends of the clipping range and the
        // largest weights a file may hold (±127 squared, any i16 plain).
        let mut s = 5u64;
        let mut next =
            move |lo: i64, hi: i64| lo + (xorshift(&mut s) % (hi - lo + 1) as u64) as i64;
        for (hidden, squared, extreme) in [
            (16, true, false),
            (128, true, true),
            (512, true, true),
            (48, false, false),
            (128, false, true),
            (512, false, true),
        ] {
            let most = if squared { 127 } else { i16::MAX as i64 };
            let mut net = Network {
                kings: KingLayout::NONE,
                set: InputSet::Chess,
                hidden,
                input_weights: vec![0; INPUTS * hidden],
                input_bias: vec![0; hidden],
                output_weights: vec![0; 2 * hidden],
                output_bias: vec![next(-100_000, 100_000) as i32],
                residual: false,
                squared,
            };
            for _ in 0..20 {
                let mut acc = [[0i16; MAX_HIDDEN]; 2];
                for a in acc.iter_mut().flat_map(|view| &mut view[..hidden]) {
                    *a = next(-400, 600) as i16;
                }
                for (i, w) in net.output_weights.iter_mut().enumerate() {
                    *w = if extreme {
                        // The largest terms, positive in the first view and
                        // negative in the second: at 512 units the first
                        // view's sum passes i32 (512 × 255 × 32,767 > 2^31)
                        // before the second brings it back (an i32 sum
                        // that wrapped would come back right too: the
                        // overflow checks of the suite's dev profile catch it).
                        if i < hidden {
                            most as i16
                        } else {
                            -most as i16
                        }
                    } else {
                        next(-most, most) as i16
                    };
                }
                if extreme {
                    for a in acc.iter_mut().flatten() {
                        *a = 300;
                    }
                }
                let mut sum = 0i128;
                for (v, a) in acc.iter().enumerate() {
                    for (x, w) in a[..hidden].iter().zip(net.output_row(0, v)) {
                        let c = (*x as i128).clamp(0, QA as i128);
                        sum += if squared {
                            c * c * *w as i128
                        } else {
                            c * *w as i128
                        };
                    }
                }
                if squared {
                    sum /= QA as i128;
                }
                let cp = (sum + net.output_bias[0] as i128) * SCALE as i128 / (QA * QB) as i128;
                let want = cp.clamp(-MAX_EVAL as i128, MAX_EVAL as i128) as i32;
                assert_eq!(net.output(&acc[0], &acc[1], 32), want, "{hidden} {squared}");
            }
        }
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
        let nets = [
            pseudo_random_net(21),
            pseudo_random_net(22),
            pseudo_random_kings_net(23, KingLayout::preset(4).unwrap()),
            pseudo_random_kings_net(24, files_layout()),
        ];
        let mut s = 99u64;
        let mut next = move |n: usize| (xorshift(&mut s) % n as u64) as usize;
        let mut line = vec![Position::startpos(Variant::Chess)];
        for step in 0..6000 {
            let pos = line.last().unwrap().clone();
            let key = 1 + (step / 500) % nets.len();
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
        let net = embedded(InputSet::Chess);
        assert_eq!(Network::from_bytes(EMBEDDED_BYTES[0]).unwrap(), *net);
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
        let c = InputSet::Chess;
        assert_eq!(bucket(32, 1, c), 0);
        assert_eq!(bucket(2, 8, c), 0);
        assert_eq!(bucket(32, 8, c), 7);
        let per: Vec<usize> = (0..8)
            .map(|b| (2..=32).filter(|&n| bucket(n, 8, c) == b).count())
            .collect();
        assert!(per.iter().all(|&c| (3..=5).contains(&c)), "{per:?}");
        let s = InputSet::Shogi;
        assert_eq!(bucket(40, 8, s), 7);
        assert_eq!(bucket(2, 8, s), 0);
        let per: Vec<usize> = (0..8)
            .map(|b| (2..=40).filter(|&n| bucket(n, 8, s) == b).count())
            .collect();
        assert!(per.iter().all(|&c| (4..=6).contains(&c)), "{per:?}");
    }

    #[test]
    fn the_bucket_of_the_piece_count_gives_the_output_layer() {
        let mut net = pseudo_random_net(8); // one bucket
        let pos = Position::startpos(Variant::Chess);
        let one = net.evaluate(&pos);
        // Eight buckets, the start position's (32 pieces) the last: only
        // its weights count.
        let w = net.output_weights.clone();
        let per = w.len();
        net.output_weights = vec![0; 8 * per];
        net.output_bias = vec![0; 8];
        net.output_weights[7 * per..].copy_from_slice(&w);
        net.output_bias[7] = 1234;
        assert_eq!(net.evaluate(&pos), one);
        net.output_bias[7] = 0;
        net.output_weights[7 * per..].fill(0);
        net.output_weights[6 * per..7 * per].copy_from_slice(&w);
        assert_eq!(net.evaluate(&pos), 0);
    }

    #[test]
    fn the_evaluation_adds_up_the_rows_of_the_pieces() {
        // One active unit: the output is its clipped sum times its weight.
        let h = 32;
        let mut net = Network {
            kings: KingLayout::NONE,
            set: InputSet::Chess,
            hidden: h,
            input_weights: vec![0; INPUTS * h],
            input_bias: vec![0; h],
            output_weights: vec![0; 2 * h],
            output_bias: vec![0],
            residual: false,
            squared: false,
        };
        let pos = Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let pawn = feature(Color::White, Frame::default(), Color::White, Role::Pawn, 12);
        net.input_weights[pawn * h] = 100;
        net.output_weights[0] = QB as i16;
        // 100 / 255 of an activation, times SCALE.
        assert_eq!(net.evaluate(&pos), 100 * SCALE / QA);
        // Black to move sees the pawn as the other side's: the second view.
        let pos = Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1").unwrap();
        assert_eq!(net.evaluate(&pos), 0);
        net.output_weights[h] = -(QB as i16);
        assert_eq!(net.evaluate(&pos), -100 * SCALE / QA);
    }

    /// The SFEN of `sfen` turned round with the colours swapped (the same
    /// position for the other side): the left-right mirror with the ranks
    /// in reverse order and the pieces' cases swapped.
    fn turned_sfen(sfen: &str) -> String {
        let mirrored = super::super::nnue_train::mirror_sfen(sfen).unwrap();
        let parts: Vec<&str> = mirrored.split(' ').collect();
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let ranks: Vec<String> = parts[0].split('/').rev().map(swap).collect();
        let turn = if parts[1] == "b" { "w" } else { "b" };
        format!("{} {turn} {} {}", ranks.join("/"), swap(parts[2]), parts[3])
    }

    fn shogi(sfen: &str) -> shogi::Position {
        <shogi::Position as Game>::from_fen(Variant::Shogi, sfen).unwrap()
    }

    #[test]
    fn a_shogi_network_survives_a_round_trip_and_is_told_from_a_chess_one() {
        let net = pseudo_random_net(107);
        assert_eq!(net.set, InputSet::Shogi);
        assert_eq!(net.input_weights.len(), SHOGI_INPUTS * net.hidden);
        let bytes = net.to_bytes();
        assert!(Network::from_bytes(&bytes).unwrap() == net);
        // Chess's length with the shogi flag (or the reverse) is refused.
        let mut flagged = pseudo_random_net(7).to_bytes();
        flagged[12] |= 4;
        assert!(Network::from_bytes(&flagged).unwrap_err().contains("bytes"));
        // A network of one game is refused for the other.
        let err = set_network(InputSet::Chess, Some(net)).unwrap_err();
        assert!(err.contains("shogi positions, not chess"), "{err}");
        // The built-in shogi network reads (a residual one).
        assert!(embedded(InputSet::Shogi).residual);
        assert_eq!(embedded(InputSet::Shogi).set, InputSet::Shogi);
    }

    #[test]
    fn shogi_inputs_count_every_piece_once_on_the_board_or_in_hand() {
        let start = shogi("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        let [b, w] = shogi_features(&start);
        assert_eq!((b.len(), w.len()), (40, 40));
        // Hands: two pawns and a rook for Black, a bishop for White.
        let pos = shogi("lnsgkgsnl/9/ppppppp2/9/9/9/PPPPPPP2/9/LNSGKGSNL b 2PRb 1");
        let [b, w] = shogi_features(&pos);
        assert_eq!(b.len(), 32 + 4);
        use shogi::{Color as C, Role as R};
        for (view, list) in [(C::Black, &b), (C::White, &w)] {
            for f in [
                shogi_hand_feature(view, C::Black, R::Pawn, 1),
                shogi_hand_feature(view, C::Black, R::Pawn, 2),
                shogi_hand_feature(view, C::Black, R::Rook, 1),
                shogi_hand_feature(view, C::White, R::Bishop, 1),
            ] {
                assert!(list.contains(&(f as u16)), "{view:?} {f}");
            }
            assert!(!list.contains(&(shogi_hand_feature(view, C::Black, R::Pawn, 3) as u16)));
            assert!(list.windows(2).all(|p| p[0] < p[1]), "ascending, distinct");
            assert!(list.iter().all(|&f| (f as usize) < SHOGI_INPUTS));
        }
        // Black's view of Black's pieces is White's view of White's.
        assert_eq!(
            shogi_hand_feature(C::Black, C::Black, R::Gold, 3),
            shogi_hand_feature(C::White, C::White, R::Gold, 3)
        );
        assert_eq!(
            shogi_feature(C::Black, C::Black, R::Silver, 70),
            shogi_feature(C::White, C::White, R::Silver, 10)
        );
    }

    #[test]
    fn a_shogi_evaluation_is_the_same_from_either_side_of_a_turned_position() {
        let net = pseudo_random_net(111);
        for sfen in [
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            "ln1g3nl/1r1s1kg2/p1pppp1pp/6p2/1p5P1/2P6/PPSPPPP1P/2G4R1/LN2KGSNL b Bb 19",
        ] {
            let turned = turned_sfen(sfen);
            let (a, b) = (shogi(sfen), shogi(&turned));
            assert_eq!(
                net.evaluate_shogi(&a),
                net.evaluate_shogi(&b),
                "{sfen} / {turned}"
            );
        }
    }

    #[test]
    fn the_updated_shogi_accumulators_give_the_fresh_evaluation() {
        let nets = [pseudo_random_net(121), pseudo_random_net(122)];
        let mut s = 77u64;
        let mut next = move |n: usize| (xorshift(&mut s) % n as u64) as usize;
        let mut line = vec![<shogi::Position as Game>::startpos(Variant::Shogi)];
        let mut drops = 0;
        for step in 0..3000 {
            let pos = line.last().unwrap().clone();
            let key = 1 + (step / 500) % 2;
            let net = &nets[key - 1];
            assert_eq!(
                evaluate_shogi_updated(net, key, &pos),
                net.evaluate_shogi(&pos),
                "{}",
                pos.to_fen()
            );
            let moves = pos.legal_moves();
            if moves.is_empty() || line.len() > 120 || next(20) == 0 {
                let keep = 1 + next(line.len());
                line.truncate(keep);
            } else {
                let mv = moves[next(moves.len())];
                drops += usize::from(mv.to_string().contains('*'));
                line.push(pos.play(mv));
            }
        }
        assert!(drops > 20, "the walk drops pieces: {drops}");
    }
}
