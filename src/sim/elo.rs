//! Elo ratings from a round robin: the Bradley–Terry model fitted by maximum likelihood
//! (draws count half a win each way), with 95% intervals from the full covariance of the
//! fit (the inverse of the likelihood's curvature). Ratings are centred on a mean of 0.

use super::stats::Z95;

/// Points (wins + ½ draws) and games of bot `i` against bot `j`, over both side assignments.
#[derive(Clone, Debug, Default)]
pub struct Results {
    pub points: Vec<Vec<f64>>,
    pub games: Vec<Vec<f64>>,
}

impl Results {
    pub fn new(bots: usize) -> Self {
        Results {
            points: vec![vec![0.0; bots]; bots],
            games: vec![vec![0.0; bots]; bots],
        }
    }

    /// Records `games` games between `i` and `j` in which `i` scored `points`.
    pub fn add(&mut self, i: usize, j: usize, points: f64, games: f64) {
        self.points[i][j] += points;
        self.points[j][i] += games - points;
        self.games[i][j] += games;
        self.games[j][i] += games;
    }
}

/// A rating and its 95% interval half-width (both in Elo points).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    pub plus_minus: f64,
}

const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// Fits ratings by the minorisation–maximisation iteration of Bradley–Terry (Hunter 2004).
///
/// A bot that scored every point or none has no finite rating. Its games say nothing about
/// the others' relative strengths in the limit (every such game goes the expected way), so
/// it leaves the fit (repeatedly, as others may then score all or nothing among the rest),
/// and is shown 400 above the best or below the worst finite rating, with an unbounded
/// interval. The finite ratings are centred on 0.
pub fn ratings(r: &Results) -> Vec<Rating> {
    let n = r.points.len();
    let mut active = vec![true; n];
    loop {
        let score = |i: usize| -> (f64, f64) {
            (0..n)
                .filter(|&j| active[j] && j != i)
                .fold((0.0, 0.0), |(w, g), j| {
                    (w + r.points[i][j], g + r.games[i][j])
                })
        };
        let degenerate: Vec<usize> = (0..n)
            .filter(|&i| active[i])
            .filter(|&i| {
                let (won, played) = score(i);
                won == 0.0 || won == played
            })
            .collect();
        if degenerate.is_empty() || degenerate.len() == active.iter().filter(|&&a| a).count() {
            break;
        }
        for i in degenerate {
            active[i] = false;
        }
    }
    let strength = fit(r, &active);
    let finite: Vec<usize> = (0..n)
        .filter(|&i| active[i] && is_finite(r, &active, i))
        .collect();
    let cov = covariance(r, &strength, &finite);
    let elo = |i: usize| strength[i].ln() * ELO_PER_NAT;
    let top = finite
        .iter()
        .map(|&i| elo(i))
        .fold(f64::MIN, f64::max)
        .max(0.0);
    let bottom = finite
        .iter()
        .map(|&i| elo(i))
        .fold(f64::MAX, f64::min)
        .min(0.0);
    (0..n)
        .map(|i| match finite.iter().position(|&f| f == i) {
            Some(k) => Rating {
                elo: elo(i),
                plus_minus: Z95 * cov[k][k].max(0.0).sqrt() * ELO_PER_NAT,
            },
            None => {
                let best = r.points[i].iter().sum::<f64>() > 0.0;
                Rating {
                    elo: if best { top + 400.0 } else { bottom - 400.0 },
                    plus_minus: f64::INFINITY,
                }
            }
        })
        .collect()
}

/// The covariance of the fitted log-strengths of the `members` (centred on a mean of 0): the
/// pseudo-inverse of the Fisher information of the fit, whose (i, j) entry off the diagonal
/// is −n_ij p_ij (1 − p_ij) and whose rows sum to 0. Centring removes exactly its null
/// space (the constant vector), so `L⁺ = (L + 11ᵀ/m)⁻¹ − 11ᵀ/m`. Each rating's interval is
/// its own, from the diagonal, not the interval of its gap to one other bot.
fn covariance(r: &Results, strength: &[f64], members: &[usize]) -> Vec<Vec<f64>> {
    let m = members.len();
    let mut info = vec![vec![1.0 / m as f64; m]; m];
    for (a, &i) in members.iter().enumerate() {
        for (b, &j) in members.iter().enumerate() {
            if i != j {
                let p = strength[i] / (strength[i] + strength[j]);
                let w = r.games[i][j] * p * (1.0 - p);
                info[a][b] -= w;
                info[a][a] += w;
            }
        }
    }
    let mut inverse = invert(info);
    for row in &mut inverse {
        row.iter_mut().for_each(|x| *x -= 1.0 / m as f64);
    }
    inverse
}

/// The inverse of a small symmetric positive-definite matrix, by Gauss–Jordan elimination
/// with partial pivoting.
fn invert(mut a: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let m = a.len();
    let mut inv: Vec<Vec<f64>> = (0..m)
        .map(|i| (0..m).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..m {
        let pivot = (col..m)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .expect("a non-empty column");
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for k in 0..m {
            a[col][k] /= d;
            inv[col][k] /= d;
        }
        for row in (0..m).filter(|&row| row != col) {
            let f = a[row][col];
            for k in 0..m {
                a[row][k] -= f * a[col][k];
                inv[row][k] -= f * inv[col][k];
            }
        }
    }
    inv
}

/// Did bot `i` score some but not all points against the bots still in the fit?
fn is_finite(r: &Results, active: &[bool], i: usize) -> bool {
    let (won, played) = (0..r.points.len())
        .filter(|&j| active[j] && j != i)
        .fold((0.0, 0.0), |(w, g), j| {
            (w + r.points[i][j], g + r.games[i][j])
        });
    won > 0.0 && won < played
}

/// Bradley–Terry strengths of the `active` bots by minorisation–maximisation, their logs
/// centred on 0.
fn fit(r: &Results, active: &[bool]) -> Vec<f64> {
    let n = r.points.len();
    let members: Vec<usize> = (0..n).filter(|&i| active[i]).collect();
    let mut strength = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next = strength.clone();
        let mut change = 0.0f64;
        for &i in &members {
            let won: f64 = members.iter().map(|&j| r.points[i][j]).sum();
            let denom: f64 = members
                .iter()
                .filter(|&&j| j != i && r.games[i][j] > 0.0)
                .map(|&j| r.games[i][j] / (strength[i] + strength[j]))
                .sum();
            if denom > 0.0 {
                next[i] = (won / denom).clamp(1e-9, 1e9);
            }
            change = change.max((next[i].ln() - strength[i].ln()).abs());
        }
        let mean_log = members.iter().map(|&i| next[i].ln()).sum::<f64>() / members.len() as f64;
        for &i in &members {
            strength[i] = (next[i].ln() - mean_log).exp();
        }
        if change < 1e-9 {
            break;
        }
    }
    strength
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_bots_rate_equal_and_a_75_percent_score_is_about_191_elo() {
        let mut r = Results::new(2);
        r.add(0, 1, 50.0, 100.0);
        let e = ratings(&r);
        assert!(e[0].elo.abs() < 1e-6 && e[1].elo.abs() < 1e-6);
        let mut r = Results::new(2);
        r.add(0, 1, 75.0, 100.0);
        let e = ratings(&r);
        // 400·log10(3) ≈ 190.8 between them, centred on 0.
        assert!((e[0].elo - e[1].elo - 190.85).abs() < 0.1, "{e:?}");
        // Each centred rating moves half the gap: its own interval is half the gap's,
        // 1.96 / √(n p (1 − p)) · 400 / ln 10 ≈ 78.6 Elo.
        assert!((e[0].plus_minus - 78.63 / 2.0).abs() < 0.1, "{e:?}");
        assert!((e[0].plus_minus - e[1].plus_minus).abs() < 1e-9, "{e:?}");
    }

    #[test]
    fn a_perfect_score_has_no_finite_interval() {
        let mut r = Results::new(2);
        r.add(0, 1, 40.0, 40.0);
        let e = ratings(&r);
        assert_eq!((e[0].elo, e[1].elo), (400.0, -400.0));
        assert!(e[0].plus_minus.is_infinite() && e[1].plus_minus.is_infinite());
    }

    #[test]
    fn a_bot_without_points_does_not_distort_the_others_ratings() {
        // Bots 0 and 1 beat bot 2 every time; between themselves 0 scores 75%.
        let mut r = Results::new(3);
        r.add(0, 1, 15.0, 20.0);
        r.add(0, 2, 20.0, 20.0);
        r.add(1, 2, 20.0, 20.0);
        let e = ratings(&r);
        assert!((e[0].elo - e[1].elo - 190.85).abs() < 0.1, "{e:?}");
        assert!(e[0].plus_minus.is_finite() && e[1].plus_minus.is_finite());
        assert!(e[2].plus_minus.is_infinite() && e[2].elo < e[1].elo);
    }

    #[test]
    fn three_bots_are_ordered_by_their_results() {
        let mut r = Results::new(3);
        r.add(0, 1, 30.0, 40.0);
        r.add(1, 2, 30.0, 40.0);
        r.add(0, 2, 36.0, 40.0);
        let e = ratings(&r);
        assert!(e[0].elo > e[1].elo && e[1].elo > e[2].elo, "{e:?}");
        assert!(e.iter().map(|x| x.elo).sum::<f64>().abs() < 1e-6);
    }

    /// A bot that met only one other is known less well than the one it met, which met
    /// everyone: the intervals come from the whole fit, not from each bot's own games alone.
    #[test]
    fn each_rating_has_its_own_interval_from_the_whole_fit() {
        let mut r = Results::new(3);
        r.add(0, 1, 50.0, 100.0);
        r.add(0, 2, 50.0, 100.0);
        let e = ratings(&r);
        assert!(e[1].plus_minus > e[0].plus_minus, "{e:?}");
        assert!((e[1].plus_minus - e[2].plus_minus).abs() < 1e-9, "{e:?}");
        // Centred ratings: the variances of the three sum to the trace of L⁺.
        let w = 100.0 * 0.25;
        let se = |x: &Rating| x.plus_minus / Z95 / ELO_PER_NAT;
        // L = [[2w, −w, −w], [−w, w, 0], [−w, 0, w]]: L⁺ has diagonal (2, 5, 5) / (9w).
        assert!((se(&e[0]).powi(2) - 2.0 / (9.0 * w)).abs() < 1e-9, "{e:?}");
        assert!((se(&e[1]).powi(2) - 5.0 / (9.0 * w)).abs() < 1e-9, "{e:?}");
    }
}
