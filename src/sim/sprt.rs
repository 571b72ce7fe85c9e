//! The sequential probability ratio test of two bots, as chess-engine testers run it: the
//! bots play game pairs on common seeds (each seed once with each bot on each side), and
//! after every pair the log-likelihood ratio of "A is `elo1` stronger than B" against "A is
//! `elo0` stronger" is compared with Wald's bounds. It stops as soon as the evidence decides.
//!
//! The ratio is the generalised SPRT's normal approximation on pair scores (the
//! "pentanomial" model: a pair scores 0, ¼, ½, ¾ or 1 for A), which needs no draw model and
//! counts the correlation the common seeds create: with per-pair mean score `m`, sample
//! variance `v` over `n` pairs and the scores `s0`, `s1` the two Elo differences predict,
//! `LLR = n (s1 − s0)(2m − s0 − s1) / (2v)`, with a tiny prior on the five pair scores
//! (as Fishtest has) so that `v` is never 0.

use super::totals::Moments;

/// The test: the two hypotheses in Elo and the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds, and of accepting H0 when H1 holds.
    pub alpha: f64,
    pub beta: f64,
}

/// What the test says after some pairs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// H1: A is at least `elo1` stronger.
    H1,
    /// H0: A is at most `elo0` stronger.
    H0,
    Continue,
}

/// The expected score of a player `elo` stronger than its opponent (logistic Elo).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The closest two hypotheses may be, in Elo.
const MIN_GAP: f64 = 0.5;

impl Sprt {
    /// Parses `elo0,elo1` (`0,10`), with α = β = 0.05.
    pub fn parse(arg: &str) -> Result<Sprt, String> {
        let bad = || {
            format!(
                "'{arg}' is not elo0,elo1 with elo0 < elo1, each strictly between -2000 and \
                 2000 (e.g. 0,10)"
            )
        };
        let (a, b) = arg.split_once(',').ok_or_else(bad)?;
        let (elo0, elo1) = (
            a.trim().parse::<f64>().map_err(|_| bad())?,
            b.trim().parse::<f64>().map_err(|_| bad())?,
        );
        let valid = |e: f64| e.is_finite() && e.abs() < 2000.0;
        if !(valid(elo0) && valid(elo1) && elo0 < elo1) {
            return Err(bad());
        }
        // Hypotheses closer than this need more games than any run plays, and an Elo with
        // more than two decimals is not a figure anyone means (1e-300 printed 300 digits).
        let two_decimals = |e: f64| ((e * 100.0).round() / 100.0 - e).abs() < 1e-9;
        if !(two_decimals(elo0) && two_decimals(elo1) && elo1 - elo0 >= MIN_GAP) {
            return Err(format!(
                "'{arg}': give Elo to at most two decimals, elo1 at least {MIN_GAP} above elo0 \
                 (e.g. 0,10)"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        })
    }

    /// Wald's bounds on the log-likelihood ratio: below the first, accept H0; above the
    /// second, H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    fn scores(&self) -> (f64, f64) {
        (expected_score(self.elo0), expected_score(self.elo1))
    }

    /// The log-likelihood ratio of the pair scores, counted in quarters (0–4 per pair); 0
    /// before the first pair.
    pub fn llr(&self, quarters: &Moments) -> f64 {
        let Some((mean, var)) = mean_var(quarters) else {
            return 0.0;
        };
        let (s0, s1) = self.scores();
        quarters.n as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    pub fn verdict(&self, quarters: &Moments) -> Verdict {
        let (lower, upper) = self.bounds();
        let llr = self.llr(quarters);
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// Wald's approximation of the expected number of pairs until a decision if the true
    /// per-pair mean score is `mean`, with per-pair variance `var` (`None` without a
    /// variance): `(L·a + (1 − L)·b) / d`, where `d` is the expected LLR step and `L` the
    /// chance of accepting H0.
    pub fn expected_pairs(&self, mean: f64, var: f64) -> Option<f64> {
        if var <= 0.0 {
            return None;
        }
        let (s0, s1) = self.scores();
        let (a, b) = self.bounds();
        let drift = (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
        let step_var = (s1 - s0).powi(2) / var;
        if drift.abs() < 1e-12 {
            return Some(-a * b / step_var);
        }
        let h = -2.0 * drift / step_var;
        let accept_h0 = ((h * b).exp() - 1.0) / ((h * b).exp() - (h * a).exp());
        Some((accept_h0 * a + (1.0 - accept_h0) * b) / drift)
    }

    /// The expected number of pairs if H0 holds, and if H1 holds, at variance `var`.
    pub fn expected_under_hypotheses(&self, var: f64) -> Option<(f64, f64)> {
        let (s0, s1) = self.scores();
        Some((self.expected_pairs(s0, var)?, self.expected_pairs(s1, var)?))
    }
}

/// A pseudo-count of pairs at each of the five scores (half a pair in all), as Fishtest adds
/// to its pentanomial counts: it keeps the variance above 0 when every pair so far scored
/// the same (two equal bots, or one that wins everything), where the ratio would be
/// undefined, and keeps the first few pairs from deciding alone. Fishtest's 10⁻³ suits its
/// tens of thousands of games; a bot ladder decides in tens of pairs, so this is larger: a
/// bot that wins every pair is accepted as 50 Elo stronger after 5, and two equal bots as no
/// stronger after about 20 when H1 is 20 Elo.
const PRIOR: f64 = 0.1;

/// The mean and variance of pair scores (as fractions of a pair's two points) from their
/// moments in quarters, regularised by [`PRIOR`]; `None` before the first pair.
pub fn mean_var(quarters: &Moments) -> Option<(f64, f64)> {
    if quarters.n == 0 {
        return None;
    }
    // The five scores 0–4 quarters, PRIOR each: Σq = 10·PRIOR, Σq² = 30·PRIOR.
    let n = quarters.n as f64 + 5.0 * PRIOR;
    let mean = (quarters.sum as f64 + 10.0 * PRIOR) / n;
    let var = (quarters.sum_sq as f64 + 30.0 * PRIOR) / n - mean * mean;
    Some((mean / 4.0, var / 16.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moments(pairs: &[i64]) -> Moments {
        let mut m = Moments::default();
        pairs.iter().for_each(|&q| m.add(q));
        m
    }

    #[test]
    fn wald_bounds_for_five_percent_errors_are_about_2_94() {
        let t = Sprt::parse("0,10").unwrap();
        let (a, b) = t.bounds();
        assert!((a + 2.944).abs() < 1e-3 && (b - 2.944).abs() < 1e-3);
        assert!(Sprt::parse("10,0").is_err() && Sprt::parse("x").is_err());
        // A bound out of range says what the range is.
        let e = Sprt::parse("0,10000").unwrap_err();
        assert!(e.contains("between -2000 and 2000"), "{e}");
        // Too close to mean anything, or more digits than an Elo figure has.
        for bad in ["1e-300,2e-300", "0,0.1", "0.001,10", "0,1e-5"] {
            let e = Sprt::parse(bad).unwrap_err();
            assert!(e.contains("two decimals"), "{bad}: {e}");
        }
        assert!(Sprt::parse("-2.5,2.75").is_ok());
    }

    /// A bot that wins three pair-points in four decides for H1; one that scores half, for
    /// H0 when H0 is "no stronger" and H1 "much stronger".
    #[test]
    fn a_clear_result_decides_and_an_even_one_accepts_h0() {
        let t = Sprt::parse("0,100").unwrap();
        let strong: Vec<i64> = [3, 4, 2, 3].repeat(20);
        assert_eq!(t.verdict(&moments(&strong)), Verdict::H1);
        let even: Vec<i64> = [1, 3, 2, 2].repeat(20);
        assert_eq!(t.verdict(&moments(&even)), Verdict::H0);
        assert_eq!(t.verdict(&moments(&[3, 1])), Verdict::Continue);
        // A bot against itself: every pair scores 2; the prior keeps the variance above 0,
        // and the test accepts H0 within a few pairs instead of never deciding.
        let t = Sprt::parse("0,20").unwrap();
        let pairs = (1..100).find(|&n| t.verdict(&moments(&vec![2; n])) == Verdict::H0);
        assert!(pairs.is_some_and(|n| (10..=30).contains(&n)), "{pairs:?}");
        let t = Sprt::parse("0,50").unwrap();
        let pairs = (1..100).find(|&n| t.verdict(&moments(&vec![4; n])) == Verdict::H1);
        assert!(pairs.is_some_and(|n| (3..=8).contains(&n)), "{pairs:?}");
    }

    /// Halfway between the hypotheses the drift is 0 and Wald's expected length is −ab over
    /// the step variance; at either hypothesis it is shorter.
    #[test]
    fn the_expected_length_is_longest_between_the_hypotheses() {
        let t = Sprt::parse("0,20").unwrap();
        let var = 0.05;
        let mid = (expected_score(0.0) + expected_score(20.0)) / 2.0;
        let middle = t.expected_pairs(mid, var).unwrap();
        let (h0, h1) = t.expected_under_hypotheses(var).unwrap();
        assert!(middle > h0 && middle > h1, "{middle} {h0} {h1}");
        assert!((h0 - h1).abs() / h0 < 1e-9, "symmetric: {h0} {h1}");
    }
}
