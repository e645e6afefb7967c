//! Tuning of the evaluation's parameters against labelled positions
//! (`triskelion tune-chess`, `triskelion tune-shogi`): each sample is a
//! quiet position and a teacher's score; the loss is the mean squared
//! difference of the two scores mapped to winning chances,
//! `1 / (1 + 10^(-score / K))`, and the parameters move by coordinate
//! descent (each integer up or down by its step while that lowers the
//! loss).

use movegen::{Game, MoveList, Variant};

use super::chess::{white_eval_with, ChessParams};
use super::shogi::{black_eval_with, ShogiParams};
use crate::SearchGame;

/// A parameter struct that can be fitted: the game it evaluates, its
/// score from the first player's side, and its tunable integers.
pub trait Tunable: Clone {
    type Pos: SearchGame;
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

/// Reads `fen<TAB>score` lines (FEN or SFEN of `T::VARIANT`; score in
/// centipawns from the first player's side), keeping the quiet positions:
/// not in check, and no capture or promotion that wins material by SEE for
/// the side to move. Returns the samples and the number of lines skipped as
/// not quiet.
#[allow(clippy::type_complexity)]
pub fn load<T: Tunable>(text: &str, k: f64) -> Result<(Vec<Sample<T::Pos>>, usize), String> {
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
        let pos = <T::Pos as Game>::from_fen(T::VARIANT, fen)
            .map_err(|e| format!("line {}: {e}", n + 1))?;
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        let noisy = pos.in_check()
            || moves
                .iter()
                .any(|&m| pos.is_tactical(m) && pos.see_ge(m, 1));
        if noisy {
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
    report: &mut dyn FnMut(usize, f64, f64),
) -> T {
    let mut best = loss(train, &params, k);
    let mut best_check = loss(check, &params, k);
    let mut kept = params.clone();
    let count = params.tunables().len();
    for pass in 0..passes {
        let mut improved = false;
        for i in 0..count {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loading_skips_noisy_positions_and_reports_bad_lines() {
        // Start position: quiet. A hanging rook to take: not quiet.
        let text = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t30\n\
                    4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1\t900\n";
        let (samples, skipped) = load::<ShogiParams>(text, 400.0).unwrap();
        assert_eq!((samples.len(), skipped), (1, 1));
        assert!(load::<ShogiParams>("not a line", 400.0).is_err());
        assert!(load::<ShogiParams>("4k4/9/9/9/9/9/9/9/4K4 b - 1\tx", 400.0).is_err());
    }

    #[test]
    fn descent_lowers_the_loss_towards_the_teacher() {
        // A teacher that values a gold in hand at 1,000: tuning raises
        // the gold's hand value from its default.
        let text = "4k4/9/9/9/9/9/9/9/4K4 b G 1\t1000\n\
                    4k4/9/9/9/9/9/9/9/4K4 w g 1\t-1000\n\
                    4k4/9/9/9/9/9/9/9/4K4 b - 1\t0\n";
        let (samples, _) = load::<ShogiParams>(text, 400.0).unwrap();
        let start = ShogiParams::default();
        let before = loss(&samples, &start, 400.0);
        let tuned = tune(
            &samples,
            &samples,
            start.clone(),
            400.0,
            3,
            &mut |_, _, _| {},
        );
        assert!(loss(&samples, &tuned, 400.0) < before);
        assert!(tuned.hand_value[2] > start.hand_value[2]);
    }
}
