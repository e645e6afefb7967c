//! Training the networks of [`crate::eval::nnue`] from labelled positions
//! (`scripts/nnue_data.py` and `triskelion gen-data` write them):
//!
//! ```text
//! <fen or sfen>\t<score in centipawns from the first player's side>\t<result from the first player's side: 1, 0.5 or 0>
//! ```
//!
//! (the first player: White in chess, Black in shogi).
//!
//! The network is trained in `f32` on the side to move's view: the loss is
//! the squared difference between sigmoid(output) and the target
//! λ · sigmoid(score / 400) + (1 − λ) · result, by Adam with batches split
//! over threads. Weights are kept within ±1.98 so that the quantised
//! network's 16-bit accumulators cannot overflow. A share of the lines
//! (the last ones, so that a game's positions stay on one side) is held
//! out and its loss reported after every epoch; with a held-out share the
//! network of the epoch with the lowest held-out loss is the result.
//! Training may start from a network instead of random weights
//! ([`TrainConfig::init`]): more data for a network that exists.

use std::io::BufRead;

use super::nnue::{
    bucket, is_hidden_size, InputSet, KingLayout, Network, MAX_ACTIVE, MAX_BUCKETS, MAX_HIDDEN, QA,
    QB, SCALE,
};

const CLIP: f32 = 1.98;

/// One training position: its inputs in the side to move's view and the
/// other's, and the target (side to move's view).
#[derive(Clone, Debug)]
pub struct Sample {
    len: u8,
    /// Pieces on the board (for the output bucket).
    pieces: u8,
    us: [u16; MAX_ACTIVE],
    them: [u16; MAX_ACTIVE],
    score: f32,
    result: f32,
    /// The hand-written evaluation (centipawns, side to move) that a
    /// residual network corrects; 0 otherwise.
    base: f32,
}

/// Parses one chess line: [`parse_line_for`] with the chess inputs.
pub fn parse_line(line: &str, residual: bool) -> Result<Sample, String> {
    parse_line_for(InputSet::Chess, line, residual)
}

/// Parses one line of `set`'s game; the error says what is wrong with it.
/// The position is read by the rules core and its inputs are those the
/// network reads in play ([`super::nnue::features`],
/// [`super::nnue::shogi_features`]); with `residual` the sample also gets
/// the hand-written evaluation.
pub fn parse_line_for(set: InputSet, line: &str, residual: bool) -> Result<Sample, String> {
    parse_line_with(set, &KingLayout::NONE, line, residual)
}

/// [`parse_line_for`] with the chess inputs of the king layout `kings`
/// (ignored in shogi).
pub fn parse_line_with(
    set: InputSet,
    kings: &KingLayout,
    line: &str,
    residual: bool,
) -> Result<Sample, String> {
    use movegen::chess::{Color, Position};
    use movegen::Variant;
    let mut parts = line.split('\t');
    let fen = parts.next().ok_or("empty line")?;
    let score: f32 = parts
        .next()
        .ok_or("no score")?
        .trim()
        .parse()
        .map_err(|_| "the score is not a number")?;
    let result: f32 = match parts.next().map(str::trim) {
        Some("1") => 1.0,
        Some("0") => 0.0,
        Some("0.5") => 0.5,
        Some(r) => return Err(format!("the result {r:?} is not 1, 0.5 or 0")),
        None => return Err("no result".into()),
    };
    let (first, second, first_to_move, pieces, base) = match set {
        InputSet::Chess => {
            let pos = Position::from_fen(Variant::Chess, fen).map_err(|e| e.to_string())?;
            let [white, black] = super::nnue::features(&pos, kings);
            if white.len() > set.max_active() {
                return Err(format!("more than {} pieces", set.max_active()));
            }
            let base = if residual {
                super::chess::hand_written(&pos) as f32
            } else {
                0.0
            };
            let n = white.len();
            (
                white
                    .into_iter()
                    .collect::<arrayvec::ArrayVec<u16, MAX_ACTIVE>>(),
                black.into_iter().collect(),
                pos.turn() == Color::White,
                n,
                base,
            )
        }
        InputSet::Shogi => {
            use movegen::shogi;
            let pos = <shogi::Position as movegen::Game>::from_fen(Variant::Shogi, fen)
                .map_err(|e| e.to_string())?;
            let [black, white] = super::nnue::shogi_features(&pos);
            let base = if residual {
                super::shogi::evaluate_hand_written(&pos) as f32
            } else {
                0.0
            };
            let pieces = pos.occupied().count() as usize;
            (
                black,
                white,
                pos.turn() == shogi::Color::Black,
                pieces,
                base,
            )
        }
    };
    let (us, them) = if first_to_move {
        (first, second)
    } else {
        (second, first)
    };
    let mut sample = Sample {
        len: us.len() as u8,
        pieces: pieces as u8,
        us: [0; MAX_ACTIVE],
        them: [0; MAX_ACTIVE],
        score: if first_to_move { score } else { -score },
        result: if first_to_move { result } else { 1.0 - result },
        base,
    };
    sample.us[..us.len()].copy_from_slice(&us);
    sample.them[..them.len()].copy_from_slice(&them);
    Ok(sample)
}

/// The SFEN of the left-right mirror of a shogi position (file 1 becomes
/// file 9; hands, side to move and move number kept). Shogi's rules are
/// the same on both wings, so a position and its mirror have one value:
/// training on both doubles the data without a new game. `None` when the
/// board part is not nine ranks of pieces and digits.
pub fn mirror_sfen(sfen: &str) -> Option<String> {
    let (board, rest) = sfen.split_once(' ').unwrap_or((sfen, ""));
    let mut ranks = Vec::new();
    for rank in board.split('/') {
        let mut units: Vec<&str> = Vec::new();
        let mut start = 0;
        for (i, c) in rank.char_indices() {
            match c {
                '+' => continue,
                c if c.is_ascii_alphanumeric() => {
                    units.push(&rank[start..=i]);
                    start = i + 1;
                }
                _ => return None,
            }
        }
        if start != rank.len() {
            return None;
        }
        units.reverse();
        ranks.push(units.concat());
    }
    if ranks.len() != 9 {
        return None;
    }
    let board = ranks.join("/");
    Some(if rest.is_empty() {
        board
    } else {
        format!("{board} {rest}")
    })
}

/// Reads labelled positions of `set`'s game; a bad line is an error naming
/// its number. With `residual` each sample also gets the hand-written
/// evaluation. With `mirror` (shogi only) each line gives two samples, the
/// position and its left-right mirror ([`mirror_sfen`]), one after the
/// other, so that a held-out tail of the samples still holds out whole
/// games.
pub fn read_samples(
    set: InputSet,
    kings: &KingLayout,
    paths: &[String],
    residual: bool,
    mirror: bool,
) -> Result<Vec<Sample>, String> {
    if mirror && set != InputSet::Shogi {
        return Err(
            "mirrored samples are for shogi only (castling tells a chess king's wings apart)"
                .into(),
        );
    }
    let mut out = Vec::new();
    for path in paths {
        let f = std::fs::File::open(path).map_err(|e| format!("cannot open {path}: {e}"))?;
        for (n, line) in std::io::BufReader::new(f).lines().enumerate() {
            let line = line.map_err(|e| format!("{path}: {e}"))?;
            if line.trim().is_empty() {
                continue;
            }
            let at = |e: String| format!("{path} line {}: {e}", n + 1);
            out.push(parse_line_with(set, kings, &line, residual).map_err(at)?);
            if mirror {
                let (sfen, labels) = line.split_once('\t').unwrap_or((&line, ""));
                let turned = mirror_sfen(sfen)
                    .ok_or_else(|| at(format!("cannot mirror the board of {sfen:?}")))?;
                out.push(
                    parse_line_with(set, kings, &format!("{turned}\t{labels}"), residual)
                        .map_err(at)?,
                );
            }
        }
    }
    Ok(out)
}

/// Training settings.
#[derive(Debug, Clone)]
pub struct TrainConfig {
    pub epochs: usize,
    pub batch: usize,
    pub lr: f32,
    /// Weight of the score in the target (the rest is the result).
    pub lambda: f32,
    /// Share of the samples held out (the last ones).
    pub holdout: f64,
    pub threads: usize,
    pub seed: u64,
    /// Train a correction to the hand-written evaluation (the samples
    /// carry it: [`read_samples`] with `residual`).
    pub residual: bool,
    /// Output buckets by the number of pieces (1 to 16).
    pub buckets: usize,
    /// Hidden units per view (a multiple of 16 up to
    /// [`MAX_HIDDEN`]).
    pub hidden: usize,
    /// The squared clipped ReLU as the hidden activation.
    pub squared: bool,
    /// The game of the samples.
    pub set: InputSet,
    /// Chess inputs by the view's king ([`KingLayout::NONE`]: without).
    pub kings: KingLayout,
    /// Start from this network instead of random weights. Its inputs,
    /// buckets, activation and residual flag must be those above, its
    /// hidden size at most the one above (new units start as
    /// [`FloatNet::with_hidden`] adds them), and its king layout the one
    /// above unless it has none (then each king bucket starts from its
    /// weights: [`FloatNet::widened`]); its
    /// held-out loss is reported as epoch 0 and kept if no epoch beats it.
    pub init: Option<Network>,
}

impl TrainConfig {
    /// Whether the shape asked for can be trained: king buckets only for
    /// chess, and [`TrainConfig::init`], if any, of that shape (else the
    /// error names both shapes).
    pub fn check_shape(&self) -> Result<(), String> {
        if self.set != InputSet::Chess && self.kings != KingLayout::NONE {
            return Err("king buckets are for chess networks only".into());
        }
        let Some(init) = &self.init else {
            return Ok(());
        };
        let shape = |set: InputSet,
                     kings: &KingLayout,
                     hidden: usize,
                     buckets: usize,
                     squared: bool,
                     residual: bool| {
            format!(
                "{} inputs ({}{}), {hidden} hidden units, {buckets} bucket(s), {}{}",
                set.name(),
                set.inputs() * kings.buckets,
                if *kings == KingLayout::NONE {
                    String::new()
                } else {
                    format!(
                        " in {} king buckets{}",
                        kings.buckets,
                        if kings.mirror { ", mirrored" } else { "" }
                    )
                },
                if squared { "SCReLU" } else { "CReLU" },
                if residual { ", residual" } else { "" }
            )
        };
        // A network without king buckets widens into any layout, and a
        // network into more hidden units.
        let init_kings = if init.kings == KingLayout::NONE {
            &self.kings
        } else {
            &init.kings
        };
        let init_hidden = init.hidden.max(self.hidden);
        let (want, have) = (
            shape(
                self.set,
                &self.kings,
                self.hidden,
                self.buckets,
                self.squared,
                self.residual,
            ),
            shape(
                init.set,
                init_kings,
                init_hidden,
                init.output_bias.len(),
                init.squared,
                init.residual,
            ),
        );
        if want != have {
            return Err(format!(
                "the initial network has {have}; the training asks for {want}"
            ));
        }
        Ok(())
    }
}

/// The network in `f32`.
#[derive(Clone)]
pub struct FloatNet {
    set: InputSet,
    kings: KingLayout,
    hidden: usize,
    w1: Vec<f32>, // inputs × hidden
    b1: Vec<f32>, // hidden
    w2: Vec<f32>, // buckets × 2 × hidden
    b2: Vec<f32>, // buckets
    residual: bool,
    squared: bool,
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// Uniform in [-1, 1).
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl FloatNet {
    /// Random weights; `hidden` must be a multiple of 16 up to
    /// [`MAX_HIDDEN`] (the sizes a network file may have).
    pub fn new(
        set: InputSet,
        seed: u64,
        residual: bool,
        buckets: usize,
        hidden: usize,
    ) -> FloatNet {
        FloatNet::with_kings(set, KingLayout::NONE, seed, residual, buckets, hidden)
    }

    /// [`FloatNet::new`] with the chess inputs of the king layout `kings`.
    pub fn with_kings(
        set: InputSet,
        kings: KingLayout,
        seed: u64,
        residual: bool,
        buckets: usize,
        hidden: usize,
    ) -> FloatNet {
        assert!(is_hidden_size(hidden), "hidden size {hidden}");
        let mut rng = Rng(seed | 1);
        let s1 = (1.0 / set.max_active() as f32).sqrt();
        let s2 = (1.0 / (2 * hidden) as f32).sqrt();
        FloatNet {
            set,
            kings,
            hidden,
            w1: (0..set.inputs() * kings.buckets * hidden)
                .map(|_| rng.unit() * s1)
                .collect(),
            b1: vec![0.0; hidden],
            w2: (0..buckets * 2 * hidden).map(|_| rng.unit() * s2).collect(),
            b2: vec![0.0; buckets],
            residual,
            squared: false,
        }
    }

    /// The quantised network's weights in `f32` (the inverse of
    /// [`FloatNet::quantise`]: quantising the result gives `net` again).
    pub fn from_network(net: &Network) -> FloatNet {
        let (qa, qb) = (QA as f32, QB as f32);
        FloatNet {
            set: net.set,
            kings: net.kings,
            hidden: net.hidden,
            w1: net.input_weights.iter().map(|&w| w as f32 / qa).collect(),
            b1: net.input_bias.iter().map(|&b| b as f32 / qa).collect(),
            w2: net.output_weights.iter().map(|&w| w as f32 / qb).collect(),
            b2: net
                .output_bias
                .iter()
                .map(|&b| b as f32 / (qa * qb))
                .collect(),
            residual: net.residual,
            squared: net.squared,
        }
    }

    /// This network, without king buckets, as one with the layout `kings`
    /// that evaluates every position as this one evaluates it with its
    /// view mirrored where the layout mirrors it: each bucket's weights
    /// are this network's.
    pub fn widened(&self, kings: KingLayout) -> FloatNet {
        assert_eq!(
            self.kings,
            KingLayout::NONE,
            "only a network without king buckets widens"
        );
        let mut net = self.clone();
        net.kings = kings;
        net.w1 = self.w1.repeat(kings.buckets);
        net
    }

    /// This network with `hidden` units (at least its own), evaluating
    /// every position as this one does: the new units' input weights are
    /// random (as a fresh network's, from `seed`), their biases and output
    /// weights zero, so training grows them from where this network is.
    pub fn with_hidden(&self, hidden: usize, seed: u64) -> FloatNet {
        let h = self.hidden;
        assert!(
            is_hidden_size(hidden) && hidden >= h,
            "hidden size {hidden} from {h}"
        );
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
        let s1 = (1.0 / self.set.max_active() as f32).sqrt();
        let mut net = self.clone();
        net.hidden = hidden;
        net.w1 = self
            .w1
            .chunks_exact(h)
            .flat_map(|row| {
                let fresh: Vec<f32> = (h..hidden).map(|_| rng.unit() * s1).collect();
                row.iter().copied().chain(fresh)
            })
            .collect();
        net.b1.resize(hidden, 0.0);
        net.w2 = self
            .w2
            .chunks_exact(h)
            .flat_map(|view| {
                view.iter()
                    .copied()
                    .chain(std::iter::repeat(0.0).take(hidden - h))
            })
            .collect();
        net
    }

    fn accumulate(&self, inputs: &[u16], acc: &mut [f32]) {
        let h = self.hidden;
        acc.copy_from_slice(&self.b1);
        for &f in inputs {
            let row = &self.w1[f as usize * h..(f as usize + 1) * h];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// Both views' accumulators of a sample (the first `hidden` entries).
    fn accumulators(&self, s: &Sample) -> [[f32; MAX_HIDDEN]; 2] {
        let (n, h) = (s.len as usize, self.hidden);
        let mut a = [[0f32; MAX_HIDDEN]; 2];
        self.accumulate(&s.us[..n], &mut a[0][..h]);
        self.accumulate(&s.them[..n], &mut a[1][..h]);
        a
    }

    /// The hidden activation.
    #[inline]
    fn activation(&self, x: f32) -> f32 {
        let c = x.clamp(0.0, 1.0);
        if self.squared {
            c * c
        } else {
            c
        }
    }

    fn bucket(&self, s: &Sample) -> usize {
        bucket(s.pieces as usize, self.b2.len(), self.set)
    }

    /// The output weights of a bucket (both views).
    fn w2_of(&self, b: usize) -> &[f32] {
        &self.w2[b * 2 * self.hidden..(b + 1) * 2 * self.hidden]
    }

    /// The output from the accumulators and the sample's base.
    fn output(&self, a: &[[f32; MAX_HIDDEN]; 2], s: &Sample) -> f32 {
        let b = self.bucket(s);
        let mut out = self.b2[b] + s.base / SCALE as f32;
        for (acc, w) in a.iter().zip(self.w2_of(b).chunks_exact(self.hidden)) {
            out += acc
                .iter()
                .zip(w)
                .map(|(&x, w)| self.activation(x) * w)
                .sum::<f32>();
        }
        out
    }

    /// The output (units of [`SCALE`] centipawns), with the hand-written
    /// evaluation added for a residual network.
    pub fn forward(&self, s: &Sample) -> f32 {
        self.output(&self.accumulators(s), s)
    }

    /// Adds the gradient of one sample's loss to `g`; returns the loss.
    fn backward(&self, s: &Sample, lambda: f32, g: &mut FloatNet) -> f32 {
        let n = s.len as usize;
        let a = self.accumulators(s);
        let p = sigmoid(self.output(&a, s));
        let target = lambda * sigmoid(s.score / SCALE as f32) + (1.0 - lambda) * s.result;
        let err = p - target;
        let d_out = 2.0 * err * p * (1.0 - p);
        let b = self.bucket(s);
        g.b2[b] += d_out;
        let views = [&s.us[..n], &s.them[..n]];
        let h = self.hidden;
        for (((inputs, acc), w), gw2) in views
            .into_iter()
            .zip(&a)
            .zip(self.w2_of(b).chunks_exact(h))
            .zip(g.w2[b * 2 * h..(b + 1) * 2 * h].chunks_exact_mut(h))
        {
            let mut d_acc = [0f32; MAX_HIDDEN];
            let d_acc = &mut d_acc[..h];
            for (((&x, &w), gw), d) in acc.iter().zip(w).zip(gw2.iter_mut()).zip(d_acc.iter_mut()) {
                *gw += d_out * self.activation(x);
                if x > 0.0 && x < 1.0 {
                    *d = d_out * w * if self.squared { 2.0 * x } else { 1.0 };
                }
            }
            for (gb, d) in g.b1.iter_mut().zip(d_acc.iter()) {
                *gb += d;
            }
            for &f in inputs {
                let row = &mut g.w1[f as usize * h..(f as usize + 1) * h];
                for (gw, d) in row.iter_mut().zip(d_acc.iter()) {
                    *gw += d;
                }
            }
        }
        err * err
    }

    fn zero(&mut self) {
        self.w1.iter_mut().for_each(|x| *x = 0.0);
        self.b1.iter_mut().for_each(|x| *x = 0.0);
        self.w2.iter_mut().for_each(|x| *x = 0.0);
        self.b2.iter_mut().for_each(|x| *x = 0.0);
    }

    fn slices_mut(&mut self) -> [&mut [f32]; 4] {
        [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2]
    }

    fn add(&mut self, other: &FloatNet) {
        for (a, b) in self.slices_mut().into_iter().zip(other.slices()) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
    }

    fn slices(&self) -> [&[f32]; 4] {
        [&self.w1, &self.b1, &self.w2, &self.b2]
    }

    /// Rounds to the quantised network.
    pub fn quantise(&self) -> Network {
        let q = |x: f32, s: i32| (x * s as f32).round() as i16;
        Network {
            set: self.set,
            kings: self.kings,
            hidden: self.hidden,
            input_weights: self.w1.iter().map(|&x| q(x, QA)).collect(),
            input_bias: self.b1.iter().map(|&x| q(x, QA)).collect(),
            output_weights: self.w2.iter().map(|&x| q(x, QB)).collect(),
            output_bias: self
                .b2
                .iter()
                .map(|b| (b * (QA * QB) as f32).round() as i32)
                .collect(),
            residual: self.residual,
            squared: self.squared,
        }
    }
}

/// The mean loss of `samples` (for the held-out share).
pub fn mean_loss(net: &FloatNet, samples: &[Sample], lambda: f32) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(net.forward(s));
            let t = lambda * sigmoid(s.score / SCALE as f32) + (1.0 - lambda) * s.result;
            ((p - t) * (p - t)) as f64
        })
        .sum();
    total / samples.len() as f64
}

/// `, test L (N samples)` for a report line, or nothing without a test set.
fn test_loss(net: &FloatNet, test: &[Sample], lambda: f32) -> String {
    if test.is_empty() {
        String::new()
    } else {
        format!(
            ", test {:.6} ({} samples)",
            mean_loss(net, test, lambda),
            test.len()
        )
    }
}

/// Trains a network on `samples` (the last `cfg.holdout` of them held
/// out; the epoch with the lowest held-out loss is returned, or the
/// initial network of `cfg.init` if none beats it). `test`, when not
/// empty, is a separate set whose loss each epoch also reports (it chooses
/// nothing); `report` gets one line per epoch (and one for the initial
/// network first).
pub fn train(
    samples: &mut [Sample],
    test: &[Sample],
    cfg: &TrainConfig,
    mut report: impl FnMut(&str),
) -> Result<FloatNet, String> {
    if cfg.epochs == 0 || cfg.batch == 0 || cfg.threads == 0 {
        return Err("epochs, batch and threads must be positive".into());
    }
    if !(1..=MAX_BUCKETS).contains(&cfg.buckets) {
        return Err(format!("buckets must be 1 to {MAX_BUCKETS}"));
    }
    if !is_hidden_size(cfg.hidden) {
        return Err(format!(
            "the hidden size must be a multiple of 16 up to {MAX_HIDDEN}, not {}",
            cfg.hidden
        ));
    }
    cfg.check_shape()?;
    let held = ((samples.len() as f64 * cfg.holdout) as usize).min(samples.len());
    let (fit, held_out) = samples.split_at_mut(samples.len() - held);
    if fit.is_empty() {
        return Err("no samples to fit".into());
    }
    let mut best: Option<(f64, FloatNet)> = None;
    let mut net = match &cfg.init {
        None => {
            let mut net = FloatNet::with_kings(
                cfg.set,
                cfg.kings,
                cfg.seed,
                cfg.residual,
                cfg.buckets,
                cfg.hidden,
            );
            net.squared = cfg.squared;
            net
        }
        Some(init) => {
            let mut net = FloatNet::from_network(init);
            if net.hidden != cfg.hidden {
                net = net.with_hidden(cfg.hidden, cfg.seed);
            }
            if net.kings != cfg.kings {
                net = net.widened(cfg.kings);
            }
            let held_loss = mean_loss(&net, held_out, cfg.lambda);
            report(&format!(
                "epoch 0 (the initial network): held out {held_loss:.6} ({} samples){}",
                held_out.len(),
                test_loss(&net, test, cfg.lambda)
            ));
            if !held_out.is_empty() {
                best = Some((held_loss, net.clone()));
            }
            net
        }
    };
    let mut m = net.clone();
    m.zero();
    let mut v = m.clone();
    let mut grads: Vec<FloatNet> = (0..cfg.threads).map(|_| m.clone()).collect();
    let mut rng = Rng(cfg.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut step = 0i32;
    for epoch in 0..cfg.epochs {
        // Shuffle (Fisher-Yates).
        for i in (1..fit.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            fit.swap(i, j);
        }
        // The rate falls by ten for the last quarter of the epochs.
        let lr = if epoch * 4 >= cfg.epochs * 3 {
            cfg.lr * 0.1
        } else {
            cfg.lr
        };
        let mut epoch_loss = 0f64;
        for batch in fit.chunks(cfg.batch) {
            let per = batch.len().div_ceil(cfg.threads);
            let losses: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(batch.chunks(per))
                    .map(|(g, part)| {
                        let net = &net;
                        scope.spawn(move || {
                            g.zero();
                            part.iter()
                                .map(|s| net.backward(s, cfg.lambda, g) as f64)
                                .sum::<f64>()
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let used = batch.len().div_ceil(per);
            epoch_loss += losses.iter().sum::<f64>();
            let (first, rest) = grads.split_at_mut(1);
            for g in &rest[..used - 1] {
                first[0].add(g);
            }
            step += 1;
            let scale = 1.0 / batch.len() as f32;
            let c1 = 1.0 - beta1.powi(step);
            let c2 = 1.0 - beta2.powi(step);
            for (((p, g), m), v) in net
                .slices_mut()
                .into_iter()
                .zip(grads[0].slices())
                .zip(m.slices_mut())
                .zip(v.slices_mut())
            {
                for i in 0..p.len() {
                    let gi = g[i] * scale;
                    m[i] = beta1 * m[i] + (1.0 - beta1) * gi;
                    v[i] = beta2 * v[i] + (1.0 - beta2) * gi * gi;
                    let update = lr * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
                    p[i] = (p[i] - update).clamp(-CLIP, CLIP);
                }
            }
        }
        let held_loss = mean_loss(&net, held_out, cfg.lambda);
        report(&format!(
            "epoch {}: rate {lr}, loss {:.6}, held out {:.6} ({} samples){}",
            epoch + 1,
            epoch_loss / fit.len() as f64,
            held_loss,
            held_out.len(),
            test_loss(&net, test, cfg.lambda)
        ));
        if !held_out.is_empty() && best.as_ref().map_or(true, |(l, _)| held_loss < *l) {
            best = Some((held_loss, net.clone()));
        }
    }
    Ok(best.map_or(net, |(_, n)| n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::DEFAULT_HIDDEN;
    use movegen::chess::Position;
    use movegen::Variant;

    #[test]
    fn a_line_gives_the_inputs_of_both_views_and_the_mover_s_target() {
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4";
        let s = parse_line(&format!("{fen}\t35\t1"), false).unwrap();
        // Black to move: the score and result turn to Black's view.
        assert_eq!((s.score, s.result), (-35.0, 0.0));
        let pos = Position::from_fen(Variant::Chess, fen).unwrap();
        let [white, black] = super::super::nnue::features(&pos, &KingLayout::NONE);
        let mut us: Vec<u16> = s.us[..s.len as usize].to_vec();
        let mut them: Vec<u16> = s.them[..s.len as usize].to_vec();
        let (mut b, mut w) = (black.to_vec(), white.to_vec());
        us.sort_unstable();
        them.sort_unstable();
        b.sort_unstable();
        w.sort_unstable();
        assert_eq!((us, them), (b, w));
    }

    #[test]
    fn a_shogi_line_gives_white_s_inputs_first_when_white_moves() {
        let sfen = "ln1g3nl/1r1s1kg2/p1pppp1pp/6p2/1p5P1/2P6/PPSPPPP1P/2G4R1/LN2KGSNL w Bb 19";
        let s = parse_line_for(InputSet::Shogi, &format!("{sfen}\t-80\t0"), false).unwrap();
        assert_eq!((s.score, s.result), (80.0, 1.0));
        let pos =
            <movegen::shogi::Position as movegen::Game>::from_fen(Variant::Shogi, sfen).unwrap();
        let [black, white] = super::super::nnue::shogi_features(&pos);
        // 37 pieces on the board (a silver is missing), two bishops in hand.
        assert_eq!(s.len, 39);
        assert_eq!(s.pieces, 37);
        assert_eq!(&s.us[..39], &white[..]);
        assert_eq!(&s.them[..39], &black[..]);
        // A chess line is no shogi position.
        let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\t0\t0.5";
        assert!(parse_line_for(InputSet::Shogi, chess, false).is_err());
    }

    #[test]
    fn a_mirrored_sfen_swaps_the_wings_and_keeps_the_rest() {
        let sfen = "ln1g3nl/1r1s1kg2/p1pppp1pp/6p2/1p5P1/2P6/PPSPPPP1P/2G4R1/LN2KGSNL b Bb 19";
        let turned = mirror_sfen(sfen).unwrap();
        assert_eq!(
            turned,
            "ln3g1nl/2gk1s1r1/pp1pppp1p/2p6/1P5p1/6P2/P1PPPPSPP/1R4G2/LNSGK2NL b Bb 19"
        );
        assert_eq!(mirror_sfen(&turned).unwrap(), sfen);
        // A promoted piece stays one unit.
        assert_eq!(
            mirror_sfen("4k4/9/9/9/9/9/9/+P8/4K4 w - 1").as_deref(),
            Some("4k4/9/9/9/9/9/9/8+P/4K4 w - 1")
        );
        assert_eq!(mirror_sfen("4k4/9/9 b - 1"), None);
        assert_eq!(mirror_sfen("4k4/9/9/9/9/9/9/9/4K*4 b - 1"), None);
    }

    #[test]
    fn mirrored_samples_follow_their_lines_and_carry_their_labels() {
        // The start position is its own mirror but for the rook and the
        // bishop; a position with only kings and pawns is its own mirror.
        let own = "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/9/4K4 b G 1";
        let other = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
        let path = std::env::temp_dir().join(format!("mirror-{}.tsv", std::process::id()));
        std::fs::write(&path, format!("{own}\t120\t1\n{other}\t-30\t0.5\n")).unwrap();
        let paths = [path.to_string_lossy().into_owned()];
        let plain = read_samples(InputSet::Shogi, &KingLayout::NONE, &paths, true, false).unwrap();
        let both = read_samples(InputSet::Shogi, &KingLayout::NONE, &paths, true, true).unwrap();
        let chess = read_samples(InputSet::Chess, &KingLayout::NONE, &paths, false, true);
        std::fs::remove_file(&path).unwrap();
        assert_eq!((plain.len(), both.len()), (2, 4));
        let view = |s: &Sample| {
            (
                s.us[..s.len as usize].to_vec(),
                s.them[..s.len as usize].to_vec(),
            )
        };
        assert_eq!(view(&both[0]), view(&plain[0]));
        assert_eq!(view(&both[1]), view(&plain[0]));
        assert_eq!(view(&both[2]), view(&plain[1]));
        assert_ne!(view(&both[3]), view(&plain[1]));
        let mirrored = parse_line_for(
            InputSet::Shogi,
            &format!("{}\t-30\t0.5", mirror_sfen(other).unwrap()),
            true,
        )
        .unwrap();
        assert_eq!(view(&both[3]), view(&mirrored));
        for (s, t) in [(&both[1], &plain[0]), (&both[3], &plain[1])] {
            assert_eq!((s.score, s.result, s.pieces), (t.score, t.result, t.pieces));
        }
        assert!(chess.unwrap_err().contains("shogi only"));
    }

    #[test]
    fn a_bad_line_names_what_is_wrong() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(parse_line(&format!("{start}\tx\t1"), false)
            .unwrap_err()
            .contains("score"));
        assert!(parse_line(&format!("{start}\t10\t2"), false)
            .unwrap_err()
            .contains("result"));
        assert!(parse_line(&format!("{start}\t10"), false)
            .unwrap_err()
            .contains("result"));
        assert!(parse_line(
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\t0\t1",
            false
        )
        .unwrap_err()
        .contains("unknown glyph 'X'"));
        assert!(parse_line("8/8/8 w - - 0 1\t0\t1", false)
            .unwrap_err()
            .contains("ranks"));
    }

    #[test]
    fn the_quantised_network_plays_as_the_float_one() {
        // Weights on the quantisation grid: only the arithmetic may differ.
        for (squared, hidden) in [(false, DEFAULT_HIDDEN), (true, DEFAULT_HIDDEN), (true, 32)] {
            let mut net = FloatNet::new(InputSet::Chess, 5, false, 4, hidden);
            net.squared = squared;
            net.b1
                .iter_mut()
                .enumerate()
                .for_each(|(i, b)| *b = 0.02 * (i % 7) as f32);
            net.b2 = vec![0.1, -0.2, 0.3, 0.05];
            let grid = |x: &mut f32, s: i32| *x = (*x * s as f32).round() / s as f32;
            net.w1
                .iter_mut()
                .chain(net.b1.iter_mut())
                .for_each(|x| grid(x, QA));
            net.w2.iter_mut().for_each(|x| grid(x, QB));
            net.b2.iter_mut().for_each(|x| grid(x, QA * QB));
            let q = net.quantise();
            for fen in [
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4",
                "8/5k2/8/3p4/8/2N5/5K2/8 w - - 0 1",
            ] {
                let s = parse_line(&format!("{fen}\t0\t0.5"), false).unwrap();
                let float_cp = net.forward(&s) * SCALE as f32;
                let pos = Position::from_fen(Variant::Chess, fen).unwrap();
                let int_cp = q.evaluate(&pos) as f32;
                assert!(
                    (float_cp - int_cp).abs() < 1.5,
                    "{fen}: {float_cp} vs {int_cp}"
                );
            }
        }
    }

    /// `n` positions whose score is 100 cp per extra white knight (none,
    /// one or two), drawn by `seed`.
    fn knight_samples(seed: u64, n: usize) -> Vec<Sample> {
        knight_lines(seed, n)
            .iter()
            .map(|l| parse_line(l, false).unwrap())
            .collect()
    }

    /// The lines of [`knight_samples`].
    fn knight_lines(seed: u64, n: usize) -> Vec<String> {
        let mut lines = Vec::new();
        let mut rng = Rng(seed);
        for _ in 0..n {
            let knights = (rng.next() % 3) as usize;
            let mut rank2 = String::new();
            let file = (rng.next() % 8) as usize;
            for f in 0..8 {
                rank2.push(if f == file && knights > 0 { 'N' } else { '1' });
            }
            let extra = if knights == 2 { "N7" } else { "8" };
            let fen = format!("4k3/8/8/8/8/{extra}/{rank2}/4K3 w - - 0 1");
            let score = 100 * knights as i32;
            let result = if knights > 0 { "1" } else { "0.5" };
            lines.push(format!("{fen}\t{score}\t{result}"));
        }
        lines
    }

    /// Settings for the small tests: a tenth held out, batches of 256,
    /// one plain bucket.
    fn small_config(epochs: usize, seed: u64) -> TrainConfig {
        TrainConfig {
            epochs,
            batch: 256,
            lr: 0.002,
            lambda: 1.0,
            holdout: 0.1,
            threads: 2,
            seed,
            residual: false,
            buckets: 1,
            hidden: DEFAULT_HIDDEN,
            squared: false,
            set: InputSet::Chess,
            kings: KingLayout::NONE,
            init: None,
        }
    }

    #[test]
    fn training_lowers_the_loss_on_a_material_signal() {
        // A network must learn the knights' value well below the loss of a
        // constant guess.
        // The same with a smaller hidden layer than the built-in networks'.
        for hidden in [DEFAULT_HIDDEN, 32] {
            let mut samples = knight_samples(3, 3000);
            let cfg = TrainConfig {
                hidden,
                ..small_config(8, 1)
            };
            let before = mean_loss(
                &FloatNet::new(InputSet::Chess, 1, false, 1, hidden),
                &samples,
                1.0,
            );
            let net = train(&mut samples, &[], &cfg, |_| {}).unwrap();
            let after = mean_loss(&net, &samples, 1.0);
            assert!(after < before / 10.0, "{hidden}: {before} -> {after}");
            let pos = Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/N7/4K3 w - - 0 1").unwrap();
            let q = net.quantise();
            assert_eq!(q.hidden, hidden);
            let cp = q.evaluate(&pos);
            assert!((60..=140).contains(&cp), "{hidden}: one knight up: {cp}");
        }
    }

    #[test]
    fn a_hidden_size_a_file_cannot_hold_is_refused() {
        let mut samples = knight_samples(3, 100);
        for hidden in [0, 24, 1024] {
            let cfg = TrainConfig {
                hidden,
                ..small_config(1, 1)
            };
            let err = train(&mut samples, &[], &cfg, |_| {}).err().unwrap();
            assert!(err.contains(&format!("not {hidden}")), "{err}");
        }
    }

    #[test]
    fn training_from_a_network_starts_at_its_loss_and_refuses_another_shape() {
        // A network trained on the knights, and a second training that
        // starts from it.
        let mut samples = knight_samples(5, 2000);
        let mut cfg = TrainConfig {
            buckets: 2,
            squared: true,
            ..small_config(6, 1)
        };
        let first = train(&mut samples, &[], &cfg, |_| {}).unwrap().quantise();
        // Its weights in f32 quantise back to the same network.
        assert!(FloatNet::from_network(&first).quantise() == first);

        cfg.init = Some(first.clone());
        cfg.epochs = 1;
        let mut lines = Vec::new();
        let again = train(&mut samples, &[], &cfg, |l| lines.push(l.to_string())).unwrap();
        let held = &samples[samples.len() - 200..];
        let start = mean_loss(&FloatNet::from_network(&first), held, 1.0);
        assert!(
            lines[0].starts_with(&format!(
                "epoch 0 (the initial network): held out {start:.6} (200 samples)"
            )),
            "{lines:?}"
        );
        assert!(lines[1].starts_with("epoch 1:"), "{lines:?}");
        // Kept: the better of the start and the epoch.
        assert!(mean_loss(&again, held, 1.0) <= start);
        let random = mean_loss(
            &FloatNet::new(InputSet::Chess, 1, false, 2, DEFAULT_HIDDEN),
            held,
            1.0,
        );
        assert!(start < random / 10.0, "{start} vs {random}");

        for (buckets, squared, residual, set, hidden) in [
            (4, true, false, InputSet::Chess, DEFAULT_HIDDEN),
            (2, false, false, InputSet::Chess, DEFAULT_HIDDEN),
            (2, true, true, InputSet::Chess, DEFAULT_HIDDEN),
            (2, true, false, InputSet::Shogi, DEFAULT_HIDDEN),
            // Fewer hidden units than the network's (more widen it).
            (2, true, false, InputSet::Chess, 64),
        ] {
            let other = TrainConfig {
                buckets,
                squared,
                residual,
                set,
                hidden,
                ..cfg.clone()
            };
            let err = train(&mut samples, &[], &other, |_| {}).err().unwrap();
            assert!(
                err.starts_with(
                    "the initial network has chess inputs (768), 128 hidden units, 2 bucket(s), SCReLU;"
                ),
                "{err}"
            );
        }
    }

    #[test]
    fn a_network_given_more_hidden_units_evaluates_as_it_did_and_trains_on() {
        let mut samples = knight_samples(11, 2000);
        let cfg = TrainConfig {
            buckets: 2,
            squared: true,
            hidden: 32,
            ..small_config(4, 1)
        };
        let first = train(&mut samples, &[], &cfg, |_| {}).unwrap();
        let wide = first.with_hidden(64, 9);
        assert_eq!(wide.hidden, 64);
        // The new units' outputs are zero: the same evaluation (up to the
        // order of the sums), here and after quantising.
        for s in &samples[..50] {
            let (a, b) = (first.forward(s), wide.forward(s));
            assert!((a - b).abs() < 1e-5, "{a} vs {b}");
        }
        let (qa, qb) = (first.quantise(), wide.quantise());
        assert_eq!(qb.hidden, 64);
        assert_eq!(
            mean_loss(&FloatNet::from_network(&qa), &samples, 1.0),
            mean_loss(&FloatNet::from_network(&qb), &samples, 1.0)
        );
        // Training with more units from the network starts at its loss and
        // keeps the better of the start and the epochs.
        let more = TrainConfig {
            hidden: 64,
            init: Some(qa.clone()),
            ..cfg.clone()
        };
        let mut report = Vec::new();
        let net = train(&mut samples, &[], &more, |l| report.push(l.to_string())).unwrap();
        let held = &samples[samples.len() - 200..];
        let start = mean_loss(&FloatNet::from_network(&qa), held, 1.0);
        assert!(
            report[0].contains(&format!("held out {start:.6}")),
            "{report:?}"
        );
        assert_eq!(net.hidden, 64);
        assert!(mean_loss(&net, held, 1.0) <= start);
        // The new units learnt something: not all their output weights
        // are zero any more.
        assert!(net.w2[32..64].iter().any(|&w| w != 0.0));
    }

    #[test]
    fn a_network_without_king_buckets_widens_into_a_layout_that_plays_as_it_did() {
        let kings = KingLayout::preset(4).unwrap();
        let mut plain = FloatNet::new(InputSet::Chess, 3, false, 2, 32);
        plain.squared = true;
        let wide = plain.widened(kings);
        let sample = |fen: &str, kings: &KingLayout| {
            parse_line_with(InputSet::Chess, kings, &format!("{fen}\t0\t0.5"), false).unwrap()
        };
        // Kings on files a-d: no view is mirrored, every bucket has the
        // network's weights.
        for fen in [
            "r1bk1r2/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BK3R w - - 6 5",
            "2kr3r/ppp2ppp/8/8/8/8/PPP2PPP/2KR3R b - - 0 20",
            "8/3k4/8/8/8/8/1K6/8 w - - 0 1",
        ] {
            let (a, b) = (
                plain.forward(&sample(fen, &KingLayout::NONE)),
                wide.forward(&sample(fen, &kings)),
            );
            assert_eq!(a, b, "{fen}");
        }
        // Kings on files e-h: both views mirrored, the widened network
        // sees the mirrored position.
        let (fen, mirrored) = (
            "r4rk1/pp3ppp/2n1bn2/q7/3P4/2N2N2/PP2BPPP/R2Q1RK1 b - - 3 12",
            "1kr4r/ppp3pp/2nb1n2/7q/4P3/2N2N2/PPPB2PP/1KR1Q2R b - - 3 12",
        );
        // (The same sums in another order: equal up to rounding.)
        let (a, b) = (
            wide.forward(&sample(fen, &kings)),
            plain.forward(&sample(mirrored, &KingLayout::NONE)),
        );
        assert!((a - b).abs() < 1e-5, "{a} vs {b}");
        assert_eq!(wide.quantise().kings, kings);

        // Training with the layout from a network without it starts from
        // the widened network; a network with a layout does not go back.
        let lines = knight_lines(7, 2000);
        let mut with_kings: Vec<Sample> = lines
            .iter()
            .map(|l| parse_line_with(InputSet::Chess, &kings, l, false).unwrap())
            .collect();
        let first = train(
            &mut knight_samples(7, 2000),
            &[],
            &small_config(4, 1),
            |_| {},
        )
        .unwrap()
        .quantise();
        let cfg = TrainConfig {
            kings,
            init: Some(first.clone()),
            ..small_config(2, 1)
        };
        let mut report = Vec::new();
        let net = train(&mut with_kings, &[], &cfg, |l| report.push(l.to_string())).unwrap();
        let held = &with_kings[with_kings.len() - 200..];
        let start = mean_loss(&FloatNet::from_network(&first).widened(kings), held, 1.0);
        assert!(
            report[0].contains(&format!("held out {start:.6}")),
            "{report:?}"
        );
        assert!(mean_loss(&net, held, 1.0) <= start);
        let net = net.quantise();
        assert_eq!(net.kings, kings);
        let back = TrainConfig {
            init: Some(net),
            ..small_config(1, 1)
        };
        let err = train(&mut knight_samples(7, 500), &[], &back, |_| {})
            .err()
            .unwrap();
        assert!(
            err.starts_with(
                "the initial network has chess inputs (3072 in 4 king buckets, mirrored), 128 hidden units"
            ),
            "{err}"
        );
        let shogi = TrainConfig {
            kings,
            set: InputSet::Shogi,
            ..small_config(1, 1)
        };
        let err = train(&mut knight_samples(7, 500), &[], &shogi, |_| {})
            .err()
            .unwrap();
        assert!(
            err.contains("king buckets are for chess networks only"),
            "{err}"
        );
    }

    #[test]
    fn a_residual_network_learns_what_the_hand_written_evaluation_misses() {
        // Scores = the hand-written evaluation + 150 cp for White whenever a
        // white rook stands on the seventh rank: a residual network learns
        // the 150 and adds it to the hand-written value.
        use movegen::chess::Position;
        let mut rng = Rng(11);
        let dir = std::env::temp_dir().join(format!("triskelion-residual-{}", std::process::id()));
        let mut lines = String::new();
        for _ in 0..4000 {
            let on7 = rng.next() % 2 == 0;
            // Files b to h: the black king on a8 is never in check.
            let file = 1 + (rng.next() % 7) as usize;
            let mut rank = String::new();
            for f in 0..8 {
                rank.push(if f == file { 'R' } else { '1' });
            }
            let fen = if on7 {
                format!("k7/{rank}/8/8/8/8/8/7K w - - 0 1")
            } else {
                format!("k7/8/8/8/{rank}/8/8/7K w - - 0 1")
            };
            let pos = Position::from_fen(Variant::Chess, &fen).unwrap();
            let hce = super::super::chess::hand_written(&pos);
            let score = hce + if on7 { 150 } else { 0 };
            lines.push_str(&format!("{fen}\t{score}\t1\n"));
        }
        std::fs::write(&dir, lines).unwrap();
        let mut samples = read_samples(
            InputSet::Chess,
            &KingLayout::NONE,
            &[dir.to_string_lossy().into_owned()],
            true,
            false,
        )
        .unwrap();
        std::fs::remove_file(&dir).unwrap();
        let cfg = TrainConfig {
            residual: true,
            buckets: 2,
            squared: true,
            ..small_config(12, 3)
        };
        let net = train(&mut samples, &[], &cfg, |_| {}).unwrap().quantise();
        assert!(net.residual);
        let on7 = Position::from_fen(Variant::Chess, "k7/3R4/8/8/8/8/8/7K w - - 0 1").unwrap();
        let off = Position::from_fen(Variant::Chess, "k7/8/8/8/3R4/8/8/7K w - - 0 1").unwrap();
        let (a, b) = (net.evaluate(&on7), net.evaluate(&off));
        assert!(
            (100..=200).contains(&(a - b)),
            "correction on the seventh {a}, off it {b}"
        );
        assert!(b.abs() <= 40, "correction off the seventh {b}");
    }
}
