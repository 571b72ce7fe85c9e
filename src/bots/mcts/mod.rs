//! Monte Carlo tree search for any [`Game`]: UCT at decision nodes, one child per outcome at
//! chance nodes (with its exact weight), rollouts by a random or any other bot with an
//! optional depth cut-off and the game's heuristic, the tree kept in a preallocated arena and
//! carried over from move to move, and root parallelism over rayon threads whose root
//! statistics are merged. With an iteration budget a search is deterministic for a given seed
//! and thread count. With `paired`, no tree: the paired root search of `paired.rs` judges the
//! root's moves by rollouts on common dice.

mod paired;
pub use paired::MIN_SEEDS as MIN_PAIRED_SEEDS;
mod rollout;
mod tree;

use super::Bot;
use crate::engine::{search_rng, Actor, Game, GameRng};
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use serde::Deserialize;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tree::Tree;

/// How the search treats chance nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChanceMode {
    /// Each visit draws an outcome by its weight.
    Sampled,
    /// Visits follow the exact distribution: the outcome furthest below its share goes next.
    Exact,
}

/// The rollout policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RolloutPolicy {
    Random,
    /// The game's scripted bot.
    Scripted,
}

/// Search settings (a bot preset's `[mcts]` table).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MctsConfig {
    /// Iterations per decision (per thread).
    pub iterations: u32,
    /// Wall-time budget per decision in milliseconds; when set it replaces `iterations`
    /// (and the search is then no longer reproducible).
    pub time_ms: Option<u64>,
    /// UCT exploration constant.
    pub exploration: f32,
    pub rollout: RolloutPolicy,
    /// Decisions played in a rollout before the game's heuristic judges the position
    /// (0: play to the end).
    pub rollout_depth: u32,
    /// Root-parallel worker trees.
    pub threads: usize,
    pub chance: ChanceMode,
    /// Keep the subtree of the actual moves from one decision to the next.
    pub reuse_tree: bool,
    /// Virtual visits given to the rollout policy's own choice at each new decision node
    /// (0: none; needs a scripted rollout policy).
    pub prior_visits: u32,
    /// Keep the rollout policy's own move unless the search finds another better by at least
    /// this many standard errors (0: always play the most visited move; needs a scripted
    /// rollout policy).
    pub policy_confidence: f32,
    /// Raise the `policy_confidence` bar with the number of moves the search compares: by
    /// √(2 ln k) standard errors for k alternatives to the policy's move, about how far the
    /// best of k equal moves strays above its worth by chance alone.
    pub options_correction: bool,
    /// Score finished rollouts by the game's graded rewards where it has them
    /// ([`Game::graded_rewards`]), not by the winner alone.
    pub graded_rewards: bool,
    /// No tree: every move at the root is judged by rollouts of the policy, each seed's
    /// rollouts on the same dice for every move (the paired root search, `paired.rs`). The
    /// budget, `iterations` times `threads` rollouts, is split evenly among the moves (at
    /// least 2 each), so a decision costs about what the tree's would.
    pub paired: bool,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 1000,
            time_ms: None,
            exploration: 0.7,
            rollout: RolloutPolicy::Random,
            rollout_depth: 0,
            threads: 1,
            chance: ChanceMode::Exact,
            reuse_tree: true,
            prior_visits: 0,
            policy_confidence: 0.0,
            options_correction: false,
            graded_rewards: false,
            paired: false,
        }
    }
}

/// The most iterations a decision (per thread): 250 times the strongest preset's, and a
/// tree that still fits in memory.
pub const MOST_ITERATIONS: u32 = 1_000_000;

impl MctsConfig {
    /// Every setting within what the search can use; the reason for the first that is not.
    pub fn check(&self) -> Result<(), String> {
        use crate::engine::data::Limit;
        let basis = "what the search can use";
        Limit {
            lo: 1,
            hi: MOST_ITERATIONS,
            basis: "a tree that fits in memory",
        }
        .check("iterations", self.iterations)?;
        if let Some(ms) = self.time_ms {
            Limit {
                lo: 1,
                hi: 3_600_000,
                basis: "at most an hour a decision",
            }
            .check("time_ms", ms)?;
        }
        Limit {
            lo: 1,
            hi: 1024,
            basis: "as --threads",
        }
        .check("threads", self.threads)?;
        // A number past f32's range (1e308) reads as infinite, which is no figure to quote.
        for (name, v) in [
            ("exploration", self.exploration),
            ("policy_confidence", self.policy_confidence),
        ] {
            if v.is_infinite() {
                let how = if v > 0.0 {
                    "larger than 3.4e38"
                } else {
                    "below -3.4e38"
                };
                return Err(format!(
                    "{name} is out of range 0–100: it is {how}, or infinite ({basis})"
                ));
            }
        }
        Limit {
            lo: 0.0,
            hi: 100.0,
            basis,
        }
        .check("exploration", self.exploration)?;
        Limit {
            lo: 0.0,
            hi: 100.0,
            basis,
        }
        .check("policy_confidence", self.policy_confidence)?;
        Limit {
            lo: 0,
            hi: MOST_ITERATIONS,
            basis,
        }
        .check("prior_visits", self.prior_visits)?;
        Limit {
            lo: 0,
            hi: 100_000,
            basis,
        }
        .check("rollout_depth", self.rollout_depth)?;
        Ok(())
    }
}

/// Makes the rollout bot of one worker.
pub type RolloutFactory<G> = Arc<dyn Fn() -> Box<dyn Bot<G>> + Send + Sync>;

/// Aligned to its own cache lines: the threads write their trees' and generators' fields at
/// every step, and two workers side by side in one line would stall each other (false sharing).
#[repr(align(128))]
struct Worker<G: Game> {
    tree: Tree<G>,
    rollout: Option<Box<dyn Bot<G>>>,
    rng: GameRng,
}

/// The MCTS bot.
pub struct MctsBot<G: Game> {
    name: String,
    config: MctsConfig,
    workers: Vec<Worker<G>>,
    /// Actions applied since the workers' trees were last searched.
    history: Vec<G::Action>,
    /// The search's own random numbers, apart from the game's (see `Bot::start`).
    thinking: GameRng,
    /// Statistics of the last search: total iterations, and the chosen action's mean reward.
    pub last_iterations: u64,
    pub last_value: f32,
}

impl<G: Game> MctsBot<G> {
    /// `rollout` makes the rollout bot when the config asks for a scripted rollout.
    pub fn new(name: &str, config: MctsConfig, rollout: Option<RolloutFactory<G>>) -> Self {
        let threads = config.threads.max(1);
        let capacity = (config.iterations as usize * 8).clamp(1024, 1 << 22);
        let workers = (0..threads)
            .map(|_| Worker {
                tree: Tree::new(capacity),
                rollout: match config.rollout {
                    RolloutPolicy::Random => None,
                    RolloutPolicy::Scripted => rollout.as_ref().map(|f| f()),
                },
                rng: GameRng::seed_from_u64(0),
            })
            .collect();
        MctsBot {
            name: name.to_string(),
            config,
            workers,
            history: Vec::new(),
            thinking: GameRng::seed_from_u64(0),
            last_iterations: 0,
            last_value: 0.5,
        }
    }

    /// Searches from `s` and returns each root action with its merged visits and mean reward
    /// for the acting player, most visited first.
    pub fn analyse(
        &mut self,
        game: &G,
        s: &G::State,
        rng: &mut GameRng,
    ) -> Vec<(G::Action, u32, f32)>
    where
        G::Action: Sync,
    {
        let Actor::Player(me) = game.actor(s) else {
            return Vec::new();
        };
        let seed: u64 = rng.random();
        let history = std::mem::take(&mut self.history);
        let config = &self.config;
        let deadline = config
            .time_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        self.workers.par_iter_mut().enumerate().for_each(|(i, w)| {
            w.rng = GameRng::seed_from_u64(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            if config.reuse_tree {
                w.tree.advance(game, &history, s);
            } else {
                w.tree.reset(s);
            }
            let mut done = 0u32;
            loop {
                let over = match deadline {
                    Some(d) => done.is_multiple_of(16) && Instant::now() >= d,
                    None => done >= config.iterations,
                };
                if over {
                    break;
                }
                w.tree.iterate(game, config, me, &mut w.rollout, &mut w.rng);
                done += 1;
            }
        });
        self.last_iterations = self
            .workers
            .iter()
            .map(|w| u64::from(w.tree.nodes[0].visits))
            .sum();
        let mut merged: Vec<(G::Action, u32, f32)> = Vec::new();
        for w in &self.workers {
            for (a, visits, reward) in w.tree.root_children() {
                match merged.iter_mut().find(|m| m.0 == a) {
                    Some(m) => {
                        m.1 += visits;
                        m.2 += reward[me];
                    }
                    None => merged.push((a, visits, reward[me])),
                }
            }
        }
        for m in &mut merged {
            m.2 = if m.1 > 0 { m.2 / m.1 as f32 } else { 0.0 };
        }
        merged.sort_by_key(|m| std::cmp::Reverse(m.1));
        merged
    }
}

impl<G: Game> MctsBot<G> {
    /// The rollout policy's own move, asked at every decision (kept by default when
    /// `policy_confidence` asks). The policy sees a determinization drawn from the search's
    /// generator, as the search does, so it reads nothing hidden; and it chooses with the
    /// game's `rng`, drawing from it exactly what it draws when it plays the game itself, so a
    /// search that keeps its moves leaves the dice where the doctrine's game has them.
    fn policy_move(&mut self, game: &G, s: &G::State, rng: &mut GameRng) -> Option<G::Action> {
        let Actor::Player(me) = game.actor(s) else {
            return None;
        };
        let bot = self.workers.first_mut()?.rollout.as_mut()?;
        let seen = game.determinize(s, me, &mut self.thinking);
        Some(bot.choose(game, &seen, rng))
    }
}

/// The standard errors by which the search's move must beat the policy's: `z`, raised by
/// √(2 ln k) with `options_correction` for k alternatives (the expected maximum of k standard
/// normal errors grows so), so that more moves to compare do not mean more moves taken on noise.
pub fn policy_bar(z: f32, options: usize, options_correction: bool) -> f32 {
    let alternatives = options.saturating_sub(1);
    if !options_correction || alternatives < 2 {
        return z;
    }
    z + (2.0 * (alternatives as f32).ln()).sqrt()
}

/// The most visited move if its mean reward beats the policy's move by `z` standard errors
/// (a reward in [0, 1] has a standard deviation of at most ½), else the policy's move: among
/// moves the search cannot tell apart, the doctrine's is the better bet than the noise. A
/// policy move the search never tried (fewer iterations than moves) is kept: nothing was
/// measured against it.
pub fn keep_policy_move<A: Copy + PartialEq>(
    ranked: &[(A, u32, f32)],
    policy: A,
    z: f32,
) -> Option<(A, u32, f32)> {
    let best = *ranked.first()?;
    let Some(&kept) = ranked.iter().find(|r| r.0 == policy) else {
        return Some(best);
    };
    if kept.1 == 0 {
        return Some(kept);
    }
    let se = (0.25 / best.1.max(1) as f32 + 0.25 / kept.1 as f32).sqrt();
    Some(if best.2 - kept.2 > z * se { best } else { kept })
}

impl<G: Game> Bot<G> for MctsBot<G>
where
    G::Action: Sync,
    G::State: Sync,
{
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &G, s: &G::State, rng: &mut GameRng) -> G::Action {
        let policy_move = self.policy_move(game, s, rng);
        let mut legal = Vec::new();
        game.legal_actions(s, &mut legal);
        if legal.len() == 1 {
            // Nothing to think about; keep the history so the trees can still follow.
            return legal[0];
        }
        let mut thinking = self.thinking.clone();
        if self.config.paired {
            let seed: u64 = thinking.random();
            self.thinking = thinking;
            let Actor::Player(me) = game.actor(s) else {
                return legal[0];
            };
            let threads = self.workers.len();
            if let Some(kept) = policy_move
                .filter(|_| paired::seeds(&self.config, threads, legal.len()) < paired::MIN_SEEDS)
            {
                self.last_iterations = 0;
                self.last_value = 0.5;
                return kept;
            }
            let judged = paired::judge(game, s, me, &legal, &self.config, &mut self.workers, seed);
            self.last_iterations = judged.rollouts();
            let chosen = judged.choice(policy_move, &self.config).unwrap_or(0);
            self.last_value = judged.mean(chosen);
            return legal[chosen];
        }
        let ranked = self.analyse(game, s, &mut thinking);
        self.thinking = thinking;
        let chosen = match policy_move.filter(|_| self.config.policy_confidence > 0.0) {
            Some(p) => {
                let c = &self.config;
                let z = policy_bar(c.policy_confidence, ranked.len(), c.options_correction);
                keep_policy_move(&ranked, p, z)
            }
            None => ranked.first().copied(),
        };
        // A policy move never tried has no mean of its own.
        self.last_value = chosen.filter(|r| r.1 > 0).map_or(0.5, |r| r.2);
        chosen.map_or(legal[0], |r| r.0)
    }

    fn start(&mut self, game_seed: u64) {
        self.thinking = search_rng(game_seed);
    }

    fn observe(&mut self, _game: &G, _before: &G::State, action: G::Action) {
        if self.config.reuse_tree && !self.config.paired {
            self.history.push(action);
        }
    }
}
