//! The mergeable totals of a run: counts and integer sums only. Folding games in any order,
//! or merging the totals of shards played on different machines, gives exactly the same
//! totals, so every mean, standard error and interval derived from them prints the same
//! digits however the run was split. A run's memory is its totals, not its games.

use super::play::GameRecord;
use crate::engine::PlayerId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Count, sum and sum of squares of an integer quantity, for its mean and standard error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moments {
    pub n: u64,
    pub sum: i64,
    pub sum_sq: u128,
}

impl Moments {
    pub fn add(&mut self, v: i64) {
        self.n += 1;
        self.sum += v;
        self.sum_sq += u128::from(v.unsigned_abs()).pow(2);
    }

    /// Adds another share's moments; sums past their integers are an error, never wrapped.
    pub fn merge(&mut self, other: &Moments) -> Result<(), String> {
        self.n = add(self.n, other.n)?;
        self.sum = self.sum.checked_add(other.sum).ok_or_else(past)?;
        self.sum_sq = self.sum_sq.checked_add(other.sum_sq).ok_or_else(past)?;
        Ok(())
    }

    /// Whether these can be the moments of `n` values, each a whole number of at most 32
    /// bits (at least 0 when `signed` is false): the sums within those bounds, and (Cauchy–
    /// Schwarz) (Σv)² ≤ n·Σv², so the spread is never negative (trial 13a F1).
    pub fn check(&self, what: &str, signed: bool) -> Result<(), String> {
        let n = i128::from(self.n);
        let most = n * i128::from(u32::MAX);
        let sum = i128::from(self.sum);
        let low = if signed { -most } else { 0 };
        let spread = u128::from(self.n)
            .checked_mul(self.sum_sq)
            .is_none_or(|s| s >= sum.unsigned_abs().pow(2));
        let most_sq = (most as u128).saturating_mul(u128::from(u32::MAX));
        if (low..=most).contains(&sum) && self.sum_sq <= most_sq && spread {
            Ok(())
        } else {
            Err(format!("sums of {what} that no {} games can give", self.n))
        }
    }

    /// The moments of a histogram: `counts[v]` values equal to `v`.
    pub fn of_counts(counts: &BTreeMap<i32, u64>) -> Moments {
        let mut m = Moments::default();
        for (&value, &count) in counts {
            m.n += count;
            m.sum += i64::from(value) * count as i64;
            m.sum_sq += u128::from(value.unsigned_abs()).pow(2) * u128::from(count);
        }
        m
    }

    /// The mean and its standard error (sample standard deviation over √n), from exact
    /// integer sums: `(0, 0)` for no values, a standard error of 0 for one.
    pub fn mean_se(&self) -> (f64, f64) {
        if self.n == 0 {
            return (0.0, 0.0);
        }
        let n = self.n as f64;
        let mean = self.sum as f64 / n;
        if self.n == 1 {
            return (mean, 0.0);
        }
        // n·Σv² − (Σv)², exact in 128 bits: n(n−1)·variance.
        let spread = i128::from(self.n) * self.sum_sq as i128 - i128::from(self.sum).pow(2);
        let var = spread as f64 / (n * (n - 1.0));
        (mean, (var / n).sqrt())
    }
}

/// `a + b`, or the error of a merge past its integers.
fn add(a: u64, b: u64) -> Result<u64, String> {
    a.checked_add(b).ok_or_else(past)
}

fn past() -> String {
    "totals past the integers they are kept in".to_string()
}

/// The games that ended at one victory level, by the turn they were decided.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelTotals {
    /// The winner, `None` for a draw.
    pub winner: Option<PlayerId>,
    pub level: String,
    pub turns: BTreeMap<u32, u64>,
}

/// The totals of a run of a game with a fixed number of players.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    pub games: u64,
    /// Games won, by player.
    pub wins: Vec<u64>,
    pub draws: u64,
    /// Units lost and turns with the initiative, by player.
    pub losses: Vec<Moments>,
    pub initiative: Vec<Moments>,
    /// The turn each game was decided.
    pub turn: Moments,
    /// Actions applied, summed over games.
    pub steps: u64,
    /// The victory levels reached, ordered by (winner, level).
    pub levels: Vec<LevelTotals>,
    /// The game's final score (`Game::final_score`): its name and games per value.
    pub score: Option<(String, BTreeMap<i32, u64>)>,
}

impl Totals {
    pub fn new(num_players: usize) -> Totals {
        Totals {
            wins: vec![0; num_players],
            losses: vec![Moments::default(); num_players],
            initiative: vec![Moments::default(); num_players],
            ..Totals::default()
        }
    }

    /// The totals of `records`.
    pub fn of(num_players: usize, records: &[GameRecord]) -> Totals {
        let mut t = Totals::new(num_players);
        records.iter().for_each(|r| t.add(r));
        t
    }

    pub fn add(&mut self, r: &GameRecord) {
        self.games += 1;
        match r.winner {
            Some(p) => self.wins[p] += 1,
            None => self.draws += 1,
        }
        for (p, tally) in r.tallies.iter().enumerate() {
            self.losses[p].add(i64::from(tally.losses));
            self.initiative[p].add(i64::from(tally.initiative_turns));
        }
        self.turn.add(i64::from(r.turn));
        self.steps += r.steps;
        *self
            .level(r.winner, r.level)
            .turns
            .entry(r.turn)
            .or_insert(0) += 1;
        if let Some((name, value)) = r.score {
            let (_, counts) = self
                .score
                .get_or_insert_with(|| (name.to_string(), BTreeMap::new()));
            *counts.entry(value).or_insert(0) += 1;
        }
    }

    /// Whether these are totals of `games` games of `players` players (a shard's header, read
    /// back): every count in its place and adding up, so that merging them cannot go wrong.
    pub fn check(&self, players: usize, games: u64) -> Result<(), String> {
        let per_player = [self.wins.len(), self.losses.len(), self.initiative.len()];
        if per_player.iter().any(|&n| n != players) {
            return Err(format!("figures for {per_player:?} players, not {players}"));
        }
        let sum = |counts: &mut dyn Iterator<Item = u64>| counts.map(u128::from).sum::<u128>();
        let decided = sum(&mut self.wins.iter().copied()) + u128::from(self.draws);
        let tallied = self
            .losses
            .iter()
            .chain(&self.initiative)
            .all(|m| m.n == games);
        let levels = sum(&mut self.levels.iter().flat_map(|l| l.turns.values().copied()));
        let winners = self
            .levels
            .iter()
            .all(|l| l.winner.is_none_or(|w| w < players));
        let scored = self
            .score
            .as_ref()
            .map_or(0, |(_, c)| sum(&mut c.values().copied()));
        // Merging finds a level by binary search: the levels in order, each once.
        let ordered = self
            .levels
            .windows(2)
            .all(|w| (w[0].winner, &w[0].level) < (w[1].winner, &w[1].level));
        let moments = self
            .losses
            .iter()
            .chain(&self.initiative)
            .map(|m| (m, "losses or initiative"));
        for (m, what) in moments.chain([(&self.turn, "turns")]) {
            m.check(what, false)?;
        }
        let g = u128::from(games);
        let checks = [
            (self.games == games, format!("{} games", self.games)),
            (decided == g, format!("{decided} games won or drawn")),
            (
                self.turn.n == games,
                format!("{} games with a last turn", self.turn.n),
            ),
            (tallied, "losses or initiative of other games".to_string()),
            (levels == g, format!("{levels} games at a victory level")),
            (winners, "a victory level of no player".to_string()),
            (
                ordered,
                "victory levels out of order or listed twice".to_string(),
            ),
            (scored <= g, format!("{scored} games scored")),
        ];
        match checks.into_iter().find(|(ok, _)| !ok) {
            Some((_, what)) => Err(format!("{what} in a share of {games} games")),
            None => Ok(()),
        }
    }

    /// Adds another run's totals (another shard of the same run); a count past its integer
    /// is an error, never wrapped.
    pub fn merge(&mut self, other: &Totals) -> Result<(), String> {
        self.games = add(self.games, other.games)?;
        self.draws = add(self.draws, other.draws)?;
        self.steps = add(self.steps, other.steps)?;
        self.turn.merge(&other.turn)?;
        for (p, o) in other.wins.iter().enumerate() {
            self.wins[p] = add(self.wins[p], *o)?;
            self.losses[p].merge(&other.losses[p])?;
            self.initiative[p].merge(&other.initiative[p])?;
        }
        for l in &other.levels {
            let mine = &mut self.level(l.winner, &l.level).turns;
            for (&turn, &count) in &l.turns {
                let c = mine.entry(turn).or_insert(0);
                *c = add(*c, count)?;
            }
        }
        if let Some((name, counts)) = &other.score {
            let (_, mine) = self
                .score
                .get_or_insert_with(|| (name.clone(), BTreeMap::new()));
            for (&value, &count) in counts {
                let c = mine.entry(value).or_insert(0);
                *c = add(*c, count)?;
            }
        }
        Ok(())
    }

    /// The entry of a victory level, inserted in (winner, level) order if new.
    fn level(&mut self, winner: Option<PlayerId>, level: &str) -> &mut LevelTotals {
        // Compared as borrowed strings: a game's fold allocates only for a new level.
        let at = self
            .levels
            .binary_search_by(|l| (l.winner, l.level.as_str()).cmp(&(winner, level)));
        let i = match at {
            Ok(i) => i,
            Err(i) => {
                self.levels.insert(
                    i,
                    LevelTotals {
                        winner,
                        level: level.to_string(),
                        turns: BTreeMap::new(),
                    },
                );
                i
            }
        };
        &mut self.levels[i]
    }

    /// The mean final score and its standard error, over every game (a game without a score
    /// counts 0), with the score's name.
    pub fn mean_score(&self) -> Option<(&str, f64, f64)> {
        let (name, counts) = self.score.as_ref()?;
        let mut m = Moments::of_counts(counts);
        m.n = self.games;
        let (mean, se) = m.mean_se();
        Some((name, mean, se))
    }
}

/// Paired outcomes of a variant against the baseline on the same game seeds, by side: the
/// seeds the side won in the variant only, and in the baseline only (the seeds where both
/// or neither won add nothing to the difference).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedWins {
    pub games: u64,
    pub variant_only: Vec<u64>,
    pub baseline_only: Vec<u64>,
    /// The per-seed difference of the game's final score (variant minus baseline), in games
    /// that have one (Crossing the Line's VP and activations, Aachen's Morale).
    pub score: Moments,
}

impl PairedWins {
    pub fn new(num_players: usize) -> PairedWins {
        PairedWins {
            games: 0,
            variant_only: vec![0; num_players],
            baseline_only: vec![0; num_players],
            score: Moments::default(),
        }
    }

    /// Adds one seed's pair of games.
    pub fn add(&mut self, variant: &GameRecord, baseline: &GameRecord) {
        debug_assert_eq!(variant.seed, baseline.seed, "pairs share their game seed");
        self.games += 1;
        for p in 0..self.variant_only.len() {
            match (variant.winner == Some(p), baseline.winner == Some(p)) {
                (true, false) => self.variant_only[p] += 1,
                (false, true) => self.baseline_only[p] += 1,
                _ => {}
            }
        }
        if let (Some((_, v)), Some((_, b))) = (variant.score, baseline.score) {
            self.score.add(i64::from(v) - i64::from(b));
        }
    }

    /// Whether these are the pairs of `games` games of `players` players (see
    /// [`Totals::check`]).
    pub fn check(&self, players: usize, games: u64) -> Result<(), String> {
        let lengths = [self.variant_only.len(), self.baseline_only.len()];
        if lengths != [players; 2] || self.games != games {
            return Err(format!(
                "pairs of {} games in a share of {games}",
                self.games
            ));
        }
        let sum = |c: &[u64]| c.iter().copied().map(u128::from).sum::<u128>();
        if sum(&self.variant_only) > u128::from(games)
            || sum(&self.baseline_only) > u128::from(games)
        {
            return Err(format!("paired wins past the {games} games"));
        }
        self.score.check("paired score differences", true)
    }

    pub fn merge(&mut self, other: &PairedWins) -> Result<(), String> {
        self.games = add(self.games, other.games)?;
        for p in 0..self.variant_only.len() {
            self.variant_only[p] = add(self.variant_only[p], other.variant_only[p])?;
            self.baseline_only[p] = add(self.baseline_only[p], other.baseline_only[p])?;
        }
        self.score.merge(&other.score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Tally;

    fn record(winner: Option<PlayerId>, level: &'static str, losses: u32) -> GameRecord {
        GameRecord {
            index: 0,
            seed: 0,
            winner,
            level,
            turn: 3,
            tallies: vec![
                Tally {
                    losses,
                    ..Tally::default()
                };
                2
            ],
            steps: 10,
            score: None,
        }
    }

    /// Totals sealed again after an edit (trial 13a F1): sums no games can give, victory
    /// levels out of order, and sums that would pass their integers when merged are each
    /// refused, never wrapped or mis-merged.
    #[test]
    fn totals_no_games_can_give_are_refused_and_merging_never_wraps() {
        let honest = Totals::of(2, &[record(Some(0), "win", 4), record(None, "draw", 1)]);
        assert_eq!(honest.check(2, 2), Ok(()));
        let mut huge = honest.clone();
        huge.losses[0].sum = i64::MAX - 7;
        assert!(huge.check(2, 2).unwrap_err().contains("losses"));
        let mut negative = honest.clone();
        negative.turn.sum = -5000;
        assert!(negative.check(2, 2).unwrap_err().contains("turns"));
        let mut spread = honest.clone();
        spread.losses[1].sum_sq = 0;
        assert!(spread.check(2, 2).is_err(), "(Σv)² > n·Σv²");
        let mut reversed = honest.clone();
        reversed.levels.reverse();
        assert!(reversed.check(2, 2).unwrap_err().contains("out of order"));
        let mut a = honest.clone();
        a.steps = u64::MAX;
        assert!(a.merge(&honest).unwrap_err().contains("past the integers"));
        let mut b = honest.clone();
        b.merge(&honest).unwrap();
        assert_eq!(b.games, 4);
        assert_eq!(b.losses[0].sum, 10);
    }
}
