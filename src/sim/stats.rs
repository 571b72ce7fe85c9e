//! Statistics of a run: win/draw/loss rates with Wilson score intervals, the victory-level
//! histogram and per-side means.

use super::play::GameRecord;
use super::totals::{PairedWins, Totals};
use crate::engine::PlayerId;
use std::collections::BTreeMap;

/// The standard normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959964;

/// A closed interval of proportions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    pub lo: f64,
    pub hi: f64,
}

/// The Wilson score interval for `successes` out of `n` at normal quantile `z`.
///
/// Wilson rather than the textbook normal ("Wald") interval because balance runs often see rates
/// near 0 or 1 (a side that almost never wins), where Wald collapses to a zero-width interval
/// or leaves [0, 1]; Wilson stays inside [0, 1] and keeps close to its nominal coverage.
/// With no games at all nothing is known: [0, 1].
pub fn wilson(successes: u64, n: u64, z: f64) -> Interval {
    if n == 0 {
        return Interval { lo: 0.0, hi: 1.0 };
    }
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    Interval {
        lo: (centre - half).max(0.0),
        hi: (centre + half).min(1.0),
    }
}

/// A count out of the run's games, its proportion and its 95% Wilson interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub count: u64,
    pub p: f64,
    pub ci: Interval,
}

impl Rate {
    pub fn new(count: u64, n: u64) -> Rate {
        Rate {
            count,
            p: if n == 0 { 0.0 } else { count as f64 / n as f64 },
            ci: wilson(count, n, Z95),
        }
    }
}

/// One side's results.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSummary {
    pub wins: Rate,
    pub draws: Rate,
    pub losses: Rate,
    /// Mean personnel units this side lost per game (its casualties).
    pub mean_losses: f64,
    /// Mean game turns per game in which this side held the initiative.
    pub mean_initiative: f64,
    /// The standard errors of the two means.
    pub mean_losses_se: f64,
    pub mean_initiative_se: f64,
}

/// A victory level: its winner (`None`: a draw) and name.
pub type LevelKey = (Option<PlayerId>, String);

/// The summary of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub games: u64,
    /// Indexed by player.
    pub sides: Vec<SideSummary>,
    /// Games per (winner, victory level); `None` is a draw.
    pub levels: BTreeMap<LevelKey, u64>,
    /// Games per (winner, victory level) and turn decided.
    pub level_turns: BTreeMap<LevelKey, BTreeMap<u32, u64>>,
    /// The name of the game's final score (`Game::final_score`) and games per value; `None`
    /// when the game reports none.
    pub scores: Option<(String, BTreeMap<i32, u64>)>,
    /// Mean turn in which the game was decided, and its standard error.
    pub mean_turn: f64,
    pub mean_turn_se: f64,
    /// Mean actions (decisions plus chance outcomes) per game.
    pub mean_steps: f64,
    /// The game's own order of its victory levels (`Game::victory_levels`), for reports;
    /// empty: by winner, then by name.
    pub level_order: Vec<LevelKey>,
}

impl Summary {
    /// Adds the victory levels no game reached (`Game::victory_levels`) with a count of 0,
    /// so the report shows them and their intervals.
    pub fn with_levels(mut self, all: &[(Option<PlayerId>, &str)]) -> Summary {
        self.level_order = all.iter().map(|&(p, l)| (p, l.to_string())).collect();
        for key in &self.level_order {
            self.levels.entry(key.clone()).or_insert(0);
        }
        self
    }

    /// Folds the records of a run of a `num_players`-player game.
    pub fn from_records(num_players: usize, records: &[GameRecord]) -> Summary {
        Summary::from_totals(&Totals::of(num_players, records))
    }

    /// The summary of a run's totals.
    pub fn from_totals(t: &Totals) -> Summary {
        let n = t.games;
        let sides = (0..t.wins.len())
            .map(|p| {
                let wins = t.wins[p];
                let losses = t.losses[p].mean_se();
                let initiative = t.initiative[p].mean_se();
                SideSummary {
                    wins: Rate::new(wins, n),
                    draws: Rate::new(t.draws, n),
                    losses: Rate::new(n - wins - t.draws, n),
                    mean_losses: losses.0,
                    mean_initiative: initiative.0,
                    mean_losses_se: losses.1,
                    mean_initiative_se: initiative.1,
                }
            })
            .collect();
        let key = |l: &super::totals::LevelTotals| (l.winner, l.level.clone());
        let (mean_turn, mean_turn_se) = t.turn.mean_se();
        Summary {
            games: n,
            sides,
            levels: t
                .levels
                .iter()
                .map(|l| (key(l), l.turns.values().sum()))
                .collect(),
            level_turns: t.levels.iter().map(|l| (key(l), l.turns.clone())).collect(),
            scores: t.score.clone(),
            mean_turn,
            mean_turn_se,
            mean_steps: if n == 0 {
                0.0
            } else {
                t.steps as f64 / n as f64
            },
            level_order: Vec::new(),
        }
    }

    /// The widest 95% Wilson half-width of any side's win rate.
    pub fn widest_half_width(&self) -> f64 {
        self.sides
            .iter()
            .map(|s| (s.wins.ci.hi - s.wins.ci.lo) / 2.0)
            .fold(0.0, f64::max)
    }
}

/// A difference of two rates (variant minus baseline) with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    pub diff: f64,
    pub ci: Interval,
}

/// The paired difference of side `p`'s win rate between a variant and the baseline played
/// on the same seeds: the mean per-seed difference (+1 where only the variant won, −1 where
/// only the baseline did) ± 1.96 standard errors. Common random numbers make the two games of
/// a seed agree often, so this interval is narrower than the unpaired one. A difference of
/// two rates lies in [−1, 1], and so does its interval (the normal approximation overshoots
/// on a few games).
pub fn paired_difference(pairs: &PairedWins, p: PlayerId) -> Difference {
    let (a, b) = (pairs.variant_only[p], pairs.baseline_only[p]);
    let d = super::totals::Moments {
        n: pairs.games,
        sum: a as i64 - b as i64,
        sum_sq: u128::from(a + b),
    };
    let mut difference = mean_interval(&d);
    if a + b == 0 {
        // No seed's winner changed: not a difference known to be 0, but one whose discordant
        // pairs are few; at most Wilson's bound on 0 of the pairs, either way (trial 18b F5:
        // "+0.0 [+0.0, +0.0]" claimed a precision it did not have).
        let half = wilson(0, pairs.games, Z95).hi;
        difference.ci = Interval {
            lo: -half,
            hi: half,
        };
    }
    difference.ci.lo = difference.ci.lo.max(-1.0);
    difference.ci.hi = difference.ci.hi.min(1.0);
    difference
}

/// The mean of per-seed differences ± 1.96 standard errors.
fn mean_interval(d: &super::totals::Moments) -> Difference {
    let (diff, se) = d.mean_se();
    Difference {
        diff,
        ci: Interval {
            lo: diff - Z95 * se,
            hi: diff + Z95 * se,
        },
    }
}

/// The paired difference of the game's final score between a variant and the baseline, in
/// the score's own units: the mean per-seed difference ± 1.96 standard errors; `None` for a
/// game without a score.
pub fn paired_score_difference(pairs: &PairedWins) -> Option<Difference> {
    if pairs.score.n == 0 {
        return None;
    }
    Some(mean_interval(&pairs.score))
}

/// The difference of two independent rates, `k1` of `n1` minus `k0` of `n0`, with
/// Newcombe's hybrid score interval (his method 10: built from the two Wilson intervals, so
/// it behaves near 0 and 1 as they do).
pub fn unpaired_difference(k1: u64, n1: u64, k0: u64, n0: u64) -> Difference {
    let (a, b) = (Rate::new(k1, n1), Rate::new(k0, n0));
    let diff = a.p - b.p;
    Difference {
        diff,
        ci: Interval {
            lo: diff - ((a.p - a.ci.lo).powi(2) + (b.ci.hi - b.p).powi(2)).sqrt(),
            hi: diff + ((a.ci.hi - a.p).powi(2) + (b.p - b.ci.lo).powi(2)).sqrt(),
        },
    }
}
