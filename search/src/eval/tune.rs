//! Tuning of the evaluation's parameters against labelled positions
//! (`triskelion tune-chess`, `triskelion tune-shogi`): each sample is a
//! quiet position and a teacher's score; the loss is the mean squared
//! difference of the two scores mapped to winning chances,
//! `1 / (1 + 10^(-score / K))`. Two fits: coordinate descent (each
//! integer up or down by its step while that lowers the loss; slow, exact)
//! and gradient descent on the evaluation linearised around the current
//! parameters (fast enough for the hundreds of piece-square entries).

use movegen::{Game, MoveList, Variant};
use rayon::prelude::*;

use super::chess::{white_eval_with, ChessParams};
use super::shogi::{black_eval_with, ShogiParams};
use crate::SearchGame;

/// A parameter struct that can be fitted: the game it evaluates, its
/// score from the first player's side, and its tunable integers.
pub trait Tunable: Clone + Send + Sync {
    type Pos: SearchGame + Sync;
    /// The variant of the tuning data's positions.
    const VARIANT: Variant;
    /// The evaluation from the first player's side (White; Black in shogi).
    fn first_player_score(&self, pos: &Self::Pos) -> i32;
    /// The tunable integers in a fixed order: name, value, step.
    fn tunables(&mut self) -> Vec<(String, &mut i32, i32)>;
}

impl Tunable for ChessParams {
    type Pos = movegen::chess::Position;
    const VARIANT: Variant = Variant::Chess;
    fn first_player_score(&self, pos: &Self::Pos) -> i32 {
        white_eval_with(pos, self)
    }
    fn tunables(&mut self) -> Vec<(String, &mut i32, i32)> {
        ChessParams::tunables(self)
    }
}

impl Tunable for ShogiParams {
    type Pos = movegen::shogi::Position;
    const VARIANT: Variant = Variant::Shogi;
    fn first_player_score(&self, pos: &Self::Pos) -> i32 {
        black_eval_with(pos, self)
    }
    fn tunables(&mut self) -> Vec<(String, &mut i32, i32)> {
        ShogiParams::tunables(self)
    }
}

/// Appends one tunable per element of `values` whose index `keep` accepts,
/// named `name[label]` (for the `tunables` of the parameter structs).
pub(crate) fn table<'a>(
    v: &mut Vec<(String, &'a mut i32, i32)>,
    name: &str,
    values: &'a mut [i32],
    labels: &[&str],
    step: i32,
    keep: impl Fn(usize) -> bool,
) {
    for (i, x) in values.iter_mut().enumerate() {
        if keep(i) {
            v.push((format!("{name}[{}]", labels[i]), x, step));
        }
    }
}

/// A labelled position.
pub struct Sample<P> {
    pub pos: P,
    /// The teacher's winning chance for the first player.
    pub target: f64,
}

fn chance(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-score / k))
}

/// The capture or promotion that wins most by MVV-LVA among those that
/// win material by SEE for the side to move, if any.
fn winning_tactic<P: SearchGame>(pos: &P) -> Option<P::Move> {
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    moves
        .iter()
        .copied()
        .filter(|&m| pos.is_tactical(m) && pos.see_ge(m, 1))
        .max_by_key(|&m| pos.mvv_lva(m))
}

/// Reads `fen<TAB>score` lines (FEN or SFEN of `T::VARIANT`; score in
/// centipawns from the first player's side), keeping the quiet positions:
/// not in check, and no capture or promotion that wins material by SEE for
/// the side to move. With `resolve`, a position that is not quiet is
/// replaced by the one its winning captures lead to (each side in turn
/// plays its best by MVV-LVA, at most 8 plies) when that one is quiet: the
/// teacher's score, which saw the exchange, belongs to its end. Returns the
/// samples and the number of lines skipped as not quiet.
#[allow(clippy::type_complexity)]
pub fn load<T: Tunable>(
    text: &str,
    k: f64,
    resolve: bool,
) -> Result<(Vec<Sample<T::Pos>>, usize), String> {
    let mut samples = Vec::new();
    let mut skipped = 0;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (fen, score) = line
            .split_once('\t')
            .ok_or_else(|| format!("line {}: no tab between position and score", n + 1))?;
        let score: f64 = score
            .trim()
            .parse()
            .map_err(|_| format!("line {}: bad score '{score}'", n + 1))?;
        let mut pos = <T::Pos as Game>::from_fen(T::VARIANT, fen)
            .map_err(|e| format!("line {}: {e}", n + 1))?;
        let mut plies = 0;
        let quiet = loop {
            if pos.in_check() {
                break false;
            }
            match winning_tactic(&pos) {
                None => break true,
                Some(m) if resolve && plies < 8 => {
                    pos = pos.play(m);
                    plies += 1;
                }
                Some(_) => break false,
            }
        };
        if !quiet {
            skipped += 1;
            continue;
        }
        samples.push(Sample {
            pos,
            target: chance(score, k),
        });
    }
    Ok((samples, skipped))
}

/// The mean squared error of `params` over `samples`.
pub fn loss<T: Tunable>(samples: &[Sample<T::Pos>], params: &T, k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = chance(f64::from(params.first_player_score(&s.pos)), k) - s.target;
            d * d
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// Coordinate descent on `train` from `params` for at most `passes` passes;
/// after each pass `report` hears the losses on `train` and on `check`
/// (held-out positions), and the descent stops when a pass changes nothing
/// or makes the held-out loss worse. Returns the parameters of the pass
/// with the lowest held-out loss.
pub fn tune<T: Tunable>(
    train: &[Sample<T::Pos>],
    check: &[Sample<T::Pos>],
    mut params: T,
    k: f64,
    passes: usize,
    only: &[String],
    report: &mut dyn FnMut(usize, f64, f64),
) -> T {
    let mut best = loss(train, &params, k);
    let mut best_check = loss(check, &params, k);
    let mut kept = params.clone();
    let free: Vec<bool> = params
        .tunables()
        .iter()
        .map(|t| is_free(&t.0, only))
        .collect();
    for pass in 0..passes {
        let mut improved = false;
        for i in (0..free.len()).filter(|&i| free[i]) {
            for dir in [1, -1] {
                loop {
                    let mut trial = params.clone();
                    {
                        let mut t = trial.tunables();
                        let step = t[i].2;
                        *t[i].1 += dir * step;
                    }
                    let l = loss(train, &trial, k);
                    if l < best {
                        best = l;
                        params = trial;
                        improved = true;
                    } else {
                        break;
                    }
                }
            }
        }
        let c = loss(check, &params, k);
        report(pass + 1, best, c);
        if c > best_check || !improved {
            break;
        }
        best_check = c;
        kept = params.clone();
    }
    kept
}

/// The evaluation linearised around a parameter set: per sample, the
/// score there and its nonzero derivatives by each tunable.
struct Linearised {
    base: Vec<f64>,
    coefs: Vec<Vec<(u32, f32)>>,
}

/// The finite difference that measures a derivative, in steps of the
/// parameter: central, and wide enough that the integer divisions of the
/// evaluation (by 24 for the phase, by 100 for the king-attack weights)
/// round it little.
const PROBE_STEPS: i32 = 8;

/// Parameters whose `free` entry is false get no derivative (they stay).
fn linearise<T: Tunable>(samples: &[Sample<T::Pos>], params: &T, free: &[bool]) -> Linearised {
    let base: Vec<f64> = samples
        .par_iter()
        .map(|s| f64::from(params.first_player_score(&s.pos)))
        .collect();
    let count = params.clone().tunables().len();
    let columns: Vec<Vec<(u32, f32)>> = (0..count)
        .into_par_iter()
        .map(|i| {
            if !free[i] {
                return Vec::new();
            }
            let probe = params.clone().tunables()[i].2.max(1) * PROBE_STEPS;
            let (mut up, mut down) = (params.clone(), params.clone());
            *up.tunables()[i].1 += probe;
            *down.tunables()[i].1 -= probe;
            samples
                .iter()
                .enumerate()
                .filter_map(|(n, s)| {
                    let d =
                        f64::from(up.first_player_score(&s.pos) - down.first_player_score(&s.pos));
                    (d != 0.0).then_some((n as u32, (d / f64::from(2 * probe)) as f32))
                })
                .collect()
        })
        .collect();
    let mut coefs = vec![Vec::new(); samples.len()];
    for (i, column) in columns.iter().enumerate() {
        for &(n, c) in column {
            coefs[n as usize].push((i as u32, c));
        }
    }
    Linearised { base, coefs }
}

impl Linearised {
    fn score(&self, n: usize, delta: &[f64]) -> f64 {
        self.base[n]
            + self.coefs[n]
                .iter()
                .map(|&(i, c)| f64::from(c) * delta[i as usize])
                .sum::<f64>()
    }

    /// The loss at `delta` (parameters minus the linearisation point).
    fn loss<P: Sync>(&self, samples: &[Sample<P>], delta: &[f64], k: f64) -> f64 {
        let sum: f64 = (0..samples.len())
            .into_par_iter()
            .map(|n| {
                let d = chance(self.score(n, delta), k) - samples[n].target;
                d * d
            })
            .sum();
        sum / samples.len().max(1) as f64
    }

    /// The loss's gradient by each parameter at `delta`.
    fn gradient<P: Sync>(&self, samples: &[Sample<P>], delta: &[f64], k: f64) -> Vec<f64> {
        let len = delta.len();
        let scale = 2.0 * std::f64::consts::LN_10 / k / samples.len().max(1) as f64;
        (0..samples.len())
            .into_par_iter()
            .fold(
                || vec![0.0; len],
                |mut g, n| {
                    let p = chance(self.score(n, delta), k);
                    let r = (p - samples[n].target) * p * (1.0 - p) * scale;
                    for &(i, c) in &self.coefs[n] {
                        g[i as usize] += r * f64::from(c);
                    }
                    g
                },
            )
            .reduce(
                || vec![0.0; len],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(b) {
                        *x += y;
                    }
                    a
                },
            )
    }
}

/// Whether the tunable `name` may change: `only` is empty (all may) or
/// holds a prefix of it.
pub fn is_free(name: &str, only: &[String]) -> bool {
    only.is_empty() || only.iter().any(|p| name.starts_with(p.as_str()))
}

/// The settings of [`tune_gradient`].
#[derive(Debug, Clone, Copy)]
pub struct GradientOptions<'a> {
    /// Linearisations at most.
    pub passes: usize,
    /// Adam steps per linearisation at most.
    pub epochs: usize,
    /// Weight of the squared change of each parameter (centipawns²).
    pub l2: f64,
    /// Adam's step size (centipawns).
    pub rate: f64,
    /// Prefixes of the names of the tunables that may change (empty: all).
    pub only: &'a [String],
}

/// Gradient descent (Adam) on `train` from `params`: each pass linearises
/// the evaluation around the current parameters, descends on the
/// linearised loss plus `l2` times the sum of the squared changes (in
/// centipawns; it keeps rarely seen entries, a knight in a corner, near
/// their start) for at most `epochs` steps (keeping the step with the
/// lowest linearised held-out loss), rounds to integers and halves the
/// step until the true loss on `train` falls; `report` hears the true
/// losses on `train` and on `check` after each pass. Stops when a pass no
/// longer lowers the held-out loss; returns the parameters of the best
/// pass.
pub fn tune_gradient<T: Tunable>(
    train: &[Sample<T::Pos>],
    check: &[Sample<T::Pos>],
    mut params: T,
    k: f64,
    o: &GradientOptions,
    report: &mut dyn FnMut(usize, f64, f64),
) -> T {
    let GradientOptions {
        passes,
        epochs,
        l2,
        rate,
        only,
    } = *o;
    let free: Vec<bool> = params
        .tunables()
        .iter()
        .map(|t| is_free(&t.0, only))
        .collect();
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    let mut best_check = loss(check, &params, k);
    let mut kept = params.clone();
    for pass in 0..passes {
        let (lt, lc) = (
            linearise(train, &params, &free),
            linearise(check, &params, &free),
        );
        let start: Vec<i32> = params.tunables().iter().map(|t| *t.1).collect();
        let n = start.len();
        let (mut delta, mut m, mut v) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        let (mut best_delta, mut best_lin) = (delta.clone(), lc.loss(check, &delta, k));
        for epoch in 1..=epochs {
            let mut g = lt.gradient(train, &delta, k);
            for (g, d) in g.iter_mut().zip(&delta) {
                *g += 2.0 * l2 * d;
            }
            let (c1, c2) = (
                1.0 - BETA1.powi(epoch as i32),
                1.0 - BETA2.powi(epoch as i32),
            );
            for i in 0..n {
                m[i] = BETA1 * m[i] + (1.0 - BETA1) * g[i];
                v[i] = BETA2 * v[i] + (1.0 - BETA2) * g[i] * g[i];
                delta[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-12);
            }
            if epoch % 25 == 0 || epoch == epochs {
                let l = lc.loss(check, &delta, k);
                // Ties go to the later step: it fits the training set better.
                if l <= best_lin {
                    (best_lin, best_delta) = (l, delta.clone());
                }
            }
        }
        // The linear model is only near the truth close to its point (the
        // king danger is quadratic): halve the step until the true loss
        // falls.
        let train_loss = loss(train, &params, k);
        let mut accepted = None;
        for halving in 0..6 {
            let scale = 0.5f64.powi(halving);
            let mut trial = params.clone();
            for ((_, x, _), (s, d)) in trial
                .tunables()
                .into_iter()
                .zip(start.iter().zip(&best_delta))
            {
                *x = s + (d * scale).round() as i32;
            }
            let l = loss(train, &trial, k);
            if l < train_loss {
                accepted = Some((trial, l));
                break;
            }
        }
        let Some((trial, l)) = accepted else {
            report(pass + 1, train_loss, loss(check, &params, k));
            break;
        };
        let c = loss(check, &trial, k);
        report(pass + 1, l, c);
        if c > best_check {
            break;
        }
        best_check = c;
        kept = trial.clone();
        params = trial;
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loading_skips_noisy_positions_and_reports_bad_lines() {
        // Start position: quiet. A hanging rook to take: not quiet.
        let text = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t30\n\
                    4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1\t900\n";
        let (samples, skipped) = load::<ShogiParams>(text, 400.0, false).unwrap();
        assert_eq!((samples.len(), skipped), (1, 1));
        assert!(load::<ShogiParams>("not a line", 400.0, false).is_err());
        assert!(load::<ShogiParams>("4k4/9/9/9/9/9/9/9/4K4 b - 1\tx", 400.0, false).is_err());
    }

    #[test]
    fn resolving_plays_the_winning_captures_to_a_quiet_position() {
        // White to move takes the hanging knight: the sample is the
        // position after Rxd5 (Black to move, quiet); without resolving it
        // is skipped.
        let text = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1\t300\n";
        let (kept, skipped) = load::<ChessParams>(text, 400.0, false).unwrap();
        assert_eq!((kept.len(), skipped), (0, 1));
        let (kept, skipped) = load::<ChessParams>(text, 400.0, true).unwrap();
        assert_eq!((kept.len(), skipped), (1, 0));
        assert_eq!(kept[0].pos.to_fen(), "4k3/8/8/3R4/8/8/8/4K3 b - - 0 1");
        // In check after the exchange, or in check at once: skipped.
        let check = "4k3/8/8/8/8/8/8/3RK2r w - - 0 1\t0\n";
        assert_eq!(load::<ChessParams>(check, 400.0, true).unwrap().0.len(), 0);
    }

    /// A teacher that values a gold in hand at 1,000.
    fn gold_teacher() -> Vec<Sample<movegen::shogi::Position>> {
        let text = "4k4/9/9/9/9/9/9/9/4K4 b G 1\t1000\n\
                    4k4/9/9/9/9/9/9/9/4K4 w g 1\t-1000\n\
                    4k4/9/9/9/9/9/9/9/4K4 b - 1\t0\n";
        load::<ShogiParams>(text, 400.0, false).unwrap().0
    }

    #[test]
    fn descent_lowers_the_loss_towards_the_teacher() {
        // Tuning raises the gold's hand value from its default.
        let samples = gold_teacher();
        let start = ShogiParams::default();
        let before = loss(&samples, &start, 400.0);
        let tuned = tune(
            &samples,
            &samples,
            start.clone(),
            400.0,
            3,
            &[],
            &mut |_, _, _| {},
        );
        assert!(loss(&samples, &tuned, 400.0) < before);
        assert!(tuned.hand_value[2] > start.hand_value[2]);
        // With only the rook's hand value free, the gold's stays.
        let only = ["hand_value[R]".to_string()];
        let kept = tune(
            &samples,
            &samples,
            start.clone(),
            400.0,
            3,
            &only,
            &mut |_, _, _| {},
        );
        assert_eq!(kept.hand_value[2], start.hand_value[2]);
    }

    #[test]
    fn linearised_derivatives_match_the_evaluation() {
        // A gold in hand: the score moves one for one with its hand value
        // and not at all with a rook's.
        let text = "4k4/9/9/9/9/9/9/9/4K4 b G 1\t1000\n";
        let (samples, _) = load::<ShogiParams>(text, 400.0, false).unwrap();
        let mut params = ShogiParams::default();
        let free = vec![true; params.clone().tunables().len()];
        let lin = linearise(&samples, &params, &free);
        let names: Vec<String> = params.tunables().into_iter().map(|t| t.0).collect();
        let gold = names.iter().position(|n| n == "hand_value[G]").unwrap();
        let rook = names.iter().position(|n| n == "hand_value[R]").unwrap();
        let coef = |i: usize| lin.coefs[0].iter().find(|c| c.0 as usize == i).map(|c| c.1);
        assert_eq!(coef(gold), Some(1.0));
        assert_eq!(coef(rook), None);
        assert_eq!(
            lin.base[0],
            f64::from(params.first_player_score(&samples[0].pos))
        );
    }

    #[test]
    fn gradient_descent_lowers_the_loss_towards_the_teacher() {
        let samples = gold_teacher();
        let start = ShogiParams::default();
        let before = loss(&samples, &start, 400.0);
        let mut passes = 0;
        let tuned = tune_gradient(
            &samples,
            &samples,
            start.clone(),
            400.0,
            &GradientOptions {
                passes: 2,
                epochs: 200,
                l2: 0.0,
                rate: 1.0,
                only: &[],
            },
            &mut |_, _, _| passes += 1,
        );
        assert!(passes >= 1);
        assert!(loss(&samples, &tuned, 400.0) < before);
        // The gold in hand (its value, and the king danger it brings) is
        // worth more than before, towards the teacher's 1,000 (past it
        // costs little: winning chances flatten out there).
        let gold = |p: &ShogiParams| p.first_player_score(&samples[0].pos);
        assert!(
            gold(&tuned) > gold(&start),
            "{} {}",
            gold(&tuned),
            gold(&start)
        );
        // Only the king-danger scale free: the gold's hand value stays.
        let only = ["king_danger_scale".to_string()];
        let options = GradientOptions {
            passes: 2,
            epochs: 200,
            l2: 0.0,
            rate: 1.0,
            only: &only,
        };
        let kept = tune_gradient(
            &samples,
            &samples,
            start.clone(),
            400.0,
            &options,
            &mut |_, _, _| {},
        );
        assert_eq!(kept.hand_value, start.hand_value);
    }
}
