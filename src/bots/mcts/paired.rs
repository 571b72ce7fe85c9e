//! The paired root search: one step of policy improvement (the rollout algorithm of Tesauro and
//! Galperin's backgammon program, Bertsekas's "rollout"). Every move at the root is followed
//! by the policy the same number of times (the budget split evenly); the k-th rollout of every
//! move starts from the same determinization with a generator of the same seed (common random
//! numbers), so two moves are compared by their differences seed by seed, which vary less than
//! their results where the same dice decide both. The policy's own move is kept unless another beats it by
//! the bar of `policy_bar` in standard errors of the paired difference. A budget that cannot
//! roll every move out `MIN_SEEDS` times judges nothing and keeps the policy's move: from two or
//! three seeds a standard error is no measure at all (two equal differences have none, and clear
//! any bar), and the skill curve of Aachen showed it: 25 rollouts a decision lost 22 points to
//! the doctrine it was meant to improve (`results/skill-aachen`, 25 November).

use super::rollout::{rollout, Buffers};
use super::{policy_bar, MctsConfig, Worker};
use crate::engine::{Game, GameRng, PlayerId};
use rand::SeedableRng;
use rayon::prelude::*;

/// The fewest seeds a move is judged on against the policy's move.
pub const MIN_SEEDS: usize = 8;

/// Seeds a move gets from the budget: `iterations` times `threads` rollouts split evenly.
pub fn seeds(config: &MctsConfig, threads: usize, moves: usize) -> usize {
    config.iterations as usize * threads / moves.max(1)
}

/// Rewards of every move (columns) under every seed (rows), for player `me`.
pub struct Judged<A> {
    pub moves: Vec<A>,
    pub rewards: Vec<Vec<f32>>,
}

/// Rolls every move of `moves` out under as many seeds as the budget allows (`iterations` times
/// `threads` rollouts in all, at least 2 a move where there is no policy to fall back on). Seed k goes to worker k mod n, and each
/// seed's rollouts start afresh from it: the result depends on the seed alone, not on the
/// number of threads.
pub fn judge<G: Game>(
    game: &G,
    s: &G::State,
    me: PlayerId,
    moves: &[G::Action],
    config: &MctsConfig,
    workers: &mut [Worker<G>],
    seed: u64,
) -> Judged<G::Action>
where
    G::Action: Sync,
    G::State: Sync,
{
    let n = workers.len();
    let seeds = seeds(config, n, moves.len()).max(2);
    let mut rows: Vec<(usize, Vec<f32>)> = workers
        .par_iter_mut()
        .enumerate()
        .flat_map_iter(|(i, w)| {
            let mut buffers = Buffers::new();
            let mut rows = Vec::new();
            for k in (i..seeds).step_by(n) {
                let row_seed = seed ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let seen = game.determinize(s, me, &mut GameRng::seed_from_u64(row_seed));
                let row = moves
                    .iter()
                    .map(|&a| {
                        let mut next = seen.clone();
                        game.apply(&mut next, a);
                        let mut dice = GameRng::seed_from_u64(row_seed.rotate_left(17));
                        rollout(game, config, next, &mut w.rollout, &mut buffers, &mut dice)[me]
                    })
                    .collect();
                rows.push((k, row));
            }
            rows
        })
        .collect();
    rows.sort_by_key(|r| r.0);
    Judged {
        moves: moves.to_vec(),
        rewards: rows.into_iter().map(|r| r.1).collect(),
    }
}

impl<A: Copy + PartialEq> Judged<A> {
    /// Rollouts played in all.
    pub fn rollouts(&self) -> u64 {
        (self.rewards.len() * self.moves.len()) as u64
    }

    /// Move `m`'s mean reward.
    pub fn mean(&self, m: usize) -> f32 {
        let total: f32 = self.rewards.iter().map(|row| row[m]).sum();
        total / self.rewards.len().max(1) as f32
    }

    /// The move with the best mean reward (the first of equals).
    fn best_mean(&self) -> Option<usize> {
        (0..self.moves.len()).reduce(|best, m| {
            if self.mean(m) > self.mean(best) {
                m
            } else {
                best
            }
        })
    }

    /// The mean and standard error of move `m`'s reward minus move `base`'s, seed by seed.
    pub fn difference(&self, m: usize, base: usize) -> (f32, f32) {
        let k = self.rewards.len();
        if k < 2 {
            return (0.0, f32::INFINITY);
        }
        let d = || self.rewards.iter().map(|r| r[m] - r[base]);
        let mean = d().sum::<f32>() / k as f32;
        let var = d().map(|x| (x - mean).powi(2)).sum::<f32>() / (k - 1) as f32;
        (mean, (var / k as f32).sqrt())
    }

    /// The index of the move to play: the one whose paired difference from the policy's move
    /// is largest, if that difference clears `z` standard errors (`policy_bar`); else the
    /// policy's move. Without a policy move, the best mean.
    pub fn choice(&self, policy: Option<A>, config: &MctsConfig) -> Option<usize> {
        let Some(base) = policy.and_then(|p| self.moves.iter().position(|&a| a == p)) else {
            return self.best_mean();
        };
        let z = policy_bar(
            config.policy_confidence,
            self.moves.len(),
            config.options_correction,
        );
        let best = (0..self.moves.len())
            .filter(|&m| m != base)
            .map(|m| (m, self.difference(m, base)))
            .max_by(|a, b| a.1 .0.total_cmp(&b.1 .0));
        Some(match best {
            Some((m, (mean, se))) if mean > 0.0 && mean > z * se => m,
            _ => base,
        })
    }
}
