//! Elo ratings from a round robin: the Bradley–Terry model fitted by maximum likelihood
//! (draws count half a win each way), with 95% intervals from the curvature of the
//! likelihood. Ratings are centred on a mean of 0.

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
/// A bot that scored every point or none has no finite rating: it is held at ±800 of the rest.
pub fn ratings(r: &Results) -> Vec<Rating> {
    let n = r.points.len();
    let mut strength = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next = strength.clone();
        let mut change = 0.0f64;
        for i in 0..n {
            let won: f64 = r.points[i].iter().sum();
            let denom: f64 = (0..n)
                .filter(|&j| j != i && r.games[i][j] > 0.0)
                .map(|j| r.games[i][j] / (strength[i] + strength[j]))
                .sum();
            if denom > 0.0 {
                next[i] = (won / denom).clamp(1e-6, 1e6);
            }
            change = change.max((next[i].ln() - strength[i].ln()).abs());
        }
        let mean_log = next.iter().map(|s| s.ln()).sum::<f64>() / n as f64;
        strength = next.iter().map(|s| (s.ln() - mean_log).exp()).collect();
        if change < 1e-9 {
            break;
        }
    }
    (0..n)
        .map(|i| {
            let won: f64 = r.points[i].iter().sum();
            let played: f64 = r.games[i].iter().sum();
            if won == 0.0 || won == played {
                // No finite maximum: the rating is only bounded on one side.
                let elo = if won == 0.0 { -800.0 } else { 800.0 };
                return Rating {
                    elo,
                    plus_minus: f64::INFINITY,
                };
            }
            // Fisher information of i's log-strength: Σ n_ij p_ij (1 − p_ij).
            let info: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| {
                    let p = strength[i] / (strength[i] + strength[j]);
                    r.games[i][j] * p * (1.0 - p)
                })
                .sum();
            let se = if info > 0.0 {
                info.sqrt().recip()
            } else {
                f64::INFINITY
            };
            Rating {
                elo: (strength[i].ln() * ELO_PER_NAT).clamp(-800.0, 800.0),
                plus_minus: 1.959964 * se * ELO_PER_NAT,
            }
        })
        .collect()
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
        assert!(e[0].plus_minus > 50.0 && e[0].plus_minus < 150.0, "{e:?}");
    }

    #[test]
    fn a_perfect_score_has_no_finite_interval() {
        let mut r = Results::new(2);
        r.add(0, 1, 40.0, 40.0);
        let e = ratings(&r);
        assert_eq!((e[0].elo, e[1].elo), (800.0, -800.0));
        assert!(e[0].plus_minus.is_infinite() && e[1].plus_minus.is_infinite());
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
}
