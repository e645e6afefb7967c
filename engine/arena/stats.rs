//! Match statistics: win/draw/loss counts, the Elo difference with a 95 %
//! interval, the likelihood of superiority (LOS), and a sequential
//! probability ratio test (SPRT) on game pairs with the pentanomial model.
//!
//! All scores are seen from the first engine of a pairing.

/// The two-sided 95 % quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one engine against another.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Wdl {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win is 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The mean score per game in [0, 1], or `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }
}

/// The logistic Elo difference that gives the expected score `s`
/// (infinite at 0 and 1).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        // `+ 0.0` turns the -0 of an even score into 0.
        -400.0 * (1.0 / s - 1.0).log10() + 0.0
    }
}

/// The expected score of a player `elo` points stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference with its 95 % confidence interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

impl EloEstimate {
    /// From the per-game (trinomial) variance of the score: the interval is
    /// `score ± 1.96 * sqrt(var / n)` mapped through the logistic curve.
    pub fn from_wdl(wdl: &Wdl) -> Option<EloEstimate> {
        let s = wdl.score()?;
        let n = wdl.games() as f64;
        let var = (wdl.wins as f64 * (1.0 - s).powi(2)
            + wdl.draws as f64 * (0.5 - s).powi(2)
            + wdl.losses as f64 * s.powi(2))
            / n;
        let margin = Z95 * (var / n).sqrt();
        Some(EloEstimate {
            elo: elo_from_score(s),
            low: elo_from_score(s - margin),
            high: elo_from_score(s + margin),
        })
    }
}

/// The complementary error function (Numerical Recipes' Chebyshev fit,
/// fractional error below 1.2e-7 everywhere).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

pub fn erf(x: f64) -> f64 {
    1.0 - erfc(x)
}

/// The likelihood of superiority: the probability that the first engine is
/// the stronger, from wins and losses only (draws carry no information):
/// `0.5 * (1 + erf((W - L) / sqrt(2 (W + L))))`, 0.5 without decisive games.
pub fn los(wdl: &Wdl) -> f64 {
    let decisive = (wdl.wins + wdl.losses) as f64;
    if decisive == 0.0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((wdl.wins as f64 - wdl.losses as f64) / (2.0 * decisive).sqrt()))
}

/// Counts of game-pair outcomes (one opening played with both colours),
/// indexed by the first engine's points in the pair times two: 0 = two
/// losses, 1 = loss + draw, 2 = win + loss or two draws, 3 = win + draw,
/// 4 = two wins.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Adds a pair from the first engine's two game points (each 0, 0.5, 1).
    pub fn add(&mut self, a: f64, b: f64) {
        let index = ((a + b) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[index] += 1;
    }
}

/// What an SPRT says after the pairs seen so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SprtState {
    Continue,
    /// H0 accepted: the first engine is not `elo1` stronger.
    AcceptH0,
    /// H1 accepted: the first engine is at least `elo0` stronger.
    AcceptH1,
}

/// [D] The fewest game pairs on which the SPRT stops.
pub const MIN_SPRT_PAIRS: u64 = 20;

/// An SPRT of `elo0` against `elo1` (logistic Elo) with error rates `alpha`
/// and `beta`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// The log-likelihood-ratio bounds (lower, upper): `ln(beta / (1 - alpha))`
    /// and `ln((1 - beta) / alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The generalised log-likelihood ratio of the pentanomial results under
    /// the normal approximation (as fishtest computes it):
    /// `N * (s1 - s0) * (2 mu - s0 - s1) / (2 var)`, where `mu` and `var`
    /// are the mean and variance of the pair score (0, 1/4, 1/2, 3/4, 1),
    /// `N` the number of pairs and `s0`, `s1` the expected scores at `elo0`
    /// and `elo1`. When a count is zero, every count gets 1e-3 added first
    /// (fishtest's regularisation), so that a one-sided result gives a
    /// finite, decisive ratio instead of a zero variance.
    pub fn llr(&self, penta: &Pentanomial) -> f64 {
        let pairs = penta.pairs();
        if pairs == 0 {
            return 0.0;
        }
        let reg = if penta.0.contains(&0) { 1e-3 } else { 0.0 };
        let counts: Vec<f64> = penta.0.iter().map(|&c| c as f64 + reg).collect();
        let total: f64 = counts.iter().sum();
        let x = |i: usize| i as f64 / 4.0;
        let mu: f64 = counts
            .iter()
            .enumerate()
            .map(|(i, c)| c * x(i))
            .sum::<f64>()
            / total;
        let var: f64 = counts
            .iter()
            .enumerate()
            .map(|(i, c)| c * (x(i) - mu).powi(2))
            .sum::<f64>()
            / total;
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        pairs as f64 * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
    }

    /// The test decides only from [`MIN_SPRT_PAIRS`] pairs on: the
    /// variance is estimated from the data, and a handful of one-sided
    /// pairs (regularised to a variance near zero) give a huge ratio that
    /// proves nothing — one pair won twice gave LLR 11 with bounds
    /// +-2.94.
    pub fn state(&self, penta: &Pentanomial) -> SprtState {
        if penta.pairs() < MIN_SPRT_PAIRS {
            return SprtState::Continue;
        }
        let llr = self.llr(penta);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtState::AcceptH1
        } else if llr <= lower {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    /// W 60, D 20, L 20 (n = 100):
    /// score s = (60 + 10) / 100 = 0.7;
    /// Elo = -400 log10(1/0.7 - 1) = -400 log10(0.428571) = 147.19;
    /// var = (60 * 0.3^2 + 20 * 0.2^2 + 20 * 0.7^2) / 100
    ///     = (5.4 + 0.8 + 9.8) / 100 = 0.16; sqrt(var / n) = 0.04;
    /// s ± 1.96 * 0.04 = 0.62160 .. 0.77840;
    /// Elo(0.62160) = -400 log10(0.37840 / 0.62160) = 86.23,
    /// Elo(0.77840) = -400 log10(0.22160 / 0.77840) = 218.25.
    #[test]
    fn elo_interval_by_hand() {
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let e = EloEstimate::from_wdl(&wdl).unwrap();
        assert!(close(e.elo, 147.19, 0.01), "{e:?}");
        assert!(close(e.low, 86.23, 0.01), "{e:?}");
        assert!(close(e.high, 218.25, 0.01), "{e:?}");
    }

    #[test]
    fn elo_edges() {
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(elo_from_score(0.5).is_sign_positive());
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        assert!(close(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12));
        assert!(EloEstimate::from_wdl(&Wdl::default()).is_none());
        // All draws: zero variance, a point interval at 0.
        let e = EloEstimate::from_wdl(&Wdl {
            wins: 0,
            draws: 10,
            losses: 0,
        })
        .unwrap();
        assert_eq!((e.elo, e.low, e.high), (0.0, 0.0, 0.0));
    }

    /// W 60, L 20: (W - L) / sqrt(2 (W + L)) = 40 / sqrt(160) = 3.16228;
    /// erf(3.16228) = 0.9999923; LOS = 0.5 * (1 + 0.9999923) = 0.9999961.
    /// W 10, L 10: erf(0) = 0, LOS = 0.5.
    #[test]
    fn los_by_hand() {
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!(close(los(&wdl), 0.999_996_1, 1e-6));
        let even = Wdl {
            wins: 10,
            draws: 3,
            losses: 10,
        };
        assert!(close(los(&even), 0.5, 1e-7));
        assert_eq!(los(&Wdl::default()), 0.5);
        // erf is odd and matches a table value: erf(1) = 0.8427008.
        assert!(close(erf(1.0), 0.842_700_8, 1e-6));
        assert!(close(erf(-1.0), -0.842_700_8, 1e-6));
    }

    /// Pentanomial counts [1, 3, 8, 5, 3], N = 20 pairs, pair scores
    /// x = 0, 0.25, 0.5, 0.75, 1:
    /// mu = (0 + 0.75 + 4 + 3.75 + 3) / 20 = 0.575;
    /// deviations -0.575, -0.325, -0.075, 0.175, 0.425, squared
    /// 0.330625, 0.105625, 0.005625, 0.030625, 0.180625;
    /// var = (0.330625 + 3 * 0.105625 + 8 * 0.005625 + 5 * 0.030625
    ///        + 3 * 0.180625) / 20 = 1.3875 / 20 = 0.069375;
    /// elo0 = 0: s0 = 0.5; elo1 = 10: s1 = 1 / (1 + 10^-0.025) = 0.514387;
    /// LLR = 20 * 0.014387 * (1.15 - 1.014387) / (2 * 0.069375) = 0.28124.
    /// Bounds for alpha = beta = 0.05: ln(0.05 / 0.95) = -2.944439 and
    /// +2.944439.
    #[test]
    fn sprt_llr_by_hand() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let penta = Pentanomial([1, 3, 8, 5, 3]);
        assert!(
            close(sprt.llr(&penta), 0.28124, 1e-4),
            "{}",
            sprt.llr(&penta)
        );
        let (lo, hi) = sprt.bounds();
        assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
        assert_eq!(sprt.state(&penta), SprtState::Continue);
        // Ten times the data: same mean and variance, ten times the ratio.
        let big = Pentanomial([10, 30, 80, 50, 30]);
        assert!(close(sprt.llr(&big), 2.8124, 1e-3));
        assert_eq!(sprt.state(&big), SprtState::Continue);
        let bigger = Pentanomial([11, 33, 88, 55, 33]);
        assert!(close(sprt.llr(&bigger), 3.0936, 1e-3));
        assert_eq!(sprt.state(&bigger), SprtState::AcceptH1);
    }

    /// Only two-win pairs: with 1e-3 added to each count (N = 5 pairs),
    /// total = 5.005, mu = (0.00025 + 0.0005 + 0.00075 + 5.001) / 5.005
    /// = 0.999500, var ~ 0.000375; LLR = 5 * 0.014387 * (1.999 - 1.014387)
    /// / 0.00075 ~ 94 > 2.94, but 5 pairs are too few to stop on; 20 such
    /// pairs stop (H1). Only draws: mu = 0.5, below the midpoint
    /// (s0 + s1) / 2 = 0.507194, so the ratio is negative and large: H0
    /// from 20 pairs on.
    #[test]
    fn sprt_one_sided_results_stop() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let wins = Pentanomial([0, 0, 0, 0, 5]);
        assert!(sprt.llr(&wins) > 50.0, "{}", sprt.llr(&wins));
        assert_eq!(sprt.state(&wins), SprtState::Continue);
        assert_eq!(
            sprt.state(&Pentanomial([0, 0, 0, 0, 1])),
            SprtState::Continue
        );
        let wins = Pentanomial([0, 0, 0, 0, MIN_SPRT_PAIRS - 1]);
        assert_eq!(sprt.state(&wins), SprtState::Continue);
        let wins = Pentanomial([0, 0, 0, 0, MIN_SPRT_PAIRS]);
        assert_eq!(sprt.state(&wins), SprtState::AcceptH1);
        let draws = Pentanomial([0, 0, 5, 0, 0]);
        assert!(sprt.llr(&draws) < -2.95, "{}", sprt.llr(&draws));
        assert_eq!(sprt.state(&draws), SprtState::Continue);
        let draws = Pentanomial([0, 0, MIN_SPRT_PAIRS, 0, 0]);
        assert_eq!(sprt.state(&draws), SprtState::AcceptH0);
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn pentanomial_add() {
        let mut p = Pentanomial::default();
        p.add(1.0, 1.0);
        p.add(0.5, 0.5);
        p.add(1.0, 0.0);
        p.add(0.0, 0.5);
        p.add(1.0, 0.5);
        assert_eq!(p, Pentanomial([0, 1, 2, 1, 1]));
        assert_eq!(p.pairs(), 5);
    }
}
