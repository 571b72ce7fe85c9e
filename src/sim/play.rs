//! Playing one game from the initial state to the end.

use crate::bots::Bot;
use crate::engine::{Actor, Game, GameRng, PlayerId, Replay, Tally};

/// Steps (decisions plus chance outcomes) after which a game is declared runaway. A real game
/// ends in far fewer; hitting the cap means a rules bug (a loop with no way out), and stopping
/// with the game's index and seed lets it be replayed and debugged.
pub const MAX_STEPS: u64 = 1_000_000;

/// What went wrong while playing: a bug in a game or a bot, never bad user input (or the
/// run was interrupted, or its threads could not start).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    #[error("{game}: game {index} (seed {seed}) did not end within {steps} steps")]
    Runaway {
        game: &'static str,
        index: u64,
        seed: u64,
        steps: u64,
    },
    #[error("{game}: game {index} (seed {seed}), step {step}: the bot chose {action}, which is not a legal action")]
    IllegalAction {
        game: &'static str,
        index: u64,
        seed: u64,
        step: u64,
        action: String,
    },
    #[error("{game}: game {index} (seed {seed}) ended without an outcome")]
    NoOutcome {
        game: &'static str,
        index: u64,
        seed: u64,
    },
    #[error("cannot start {threads} worker threads: {message}")]
    ThreadPool { threads: usize, message: String },
    /// Ctrl-C stopped the run between games (`sim::interrupt`): not a bug.
    #[error("interrupted: no file written")]
    Interrupted,
}

/// The result of one game: one CSV row, one input to the [`Summary`](super::Summary).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's index in its run.
    pub index: u64,
    /// The game's own seed (`engine::game_seed(run_seed, index)`): replays it alone.
    pub seed: u64,
    /// The winning player, `None` for a draw.
    pub winner: Option<PlayerId>,
    /// The game's name for the level of victory.
    pub level: &'static str,
    /// The turn in which the game was decided.
    pub turn: u32,
    /// Per-player losses and initiative turns, indexed by player.
    pub tallies: Vec<Tally>,
    /// Actions applied: decisions plus chance outcomes.
    pub steps: u64,
    /// The game's named final score (`Game::final_score`), if it reports one.
    pub score: Option<(&'static str, i32)>,
}

/// Plays from the initial state to the end and returns the final state and the number of
/// steps. At a chance node the outcome is drawn by `Game::draw_chance` with `rng`; at a
/// decision bot `p` chooses (with the same `rng`, so one seed fixes the whole game; a bot that
/// searches thinks with a generator of its own, seeded by `Bot::start`). With
/// `replay`, every step's index is appended to it; the bot's choice is then also checked to be
/// legal (recording needs the legal list anyway).
///
/// The chance and legal-action buffers are allocated once per game and reused at every step.
///
/// The bots are usually `Box<dyn Bot<G>>` (presets chosen at run time). With one concrete bot
/// type instead, the bot's choice can be inlined into this loop: for the random bot in Aachen
/// that is about 3.5% more games a second (`benches/aachen.rs` measures both).
pub fn play_to_end<G: Game, B: Bot<G> + ?Sized>(
    game: &G,
    bots: &mut [Box<B>],
    index: u64,
    seed: u64,
    rng: &mut GameRng,
    mut replay: Option<&mut Replay>,
) -> Result<(G::State, u64), SimError> {
    let mut s = game.initial_state();
    let mut chance: Vec<(G::Action, u32)> = Vec::with_capacity(64);
    let mut legal: Vec<G::Action> = Vec::new();
    let mut steps = 0u64;
    let observed = bots.iter().any(|b| b.observes());
    for bot in bots.iter_mut() {
        bot.start(seed);
    }
    loop {
        let a = match game.actor(&s) {
            Actor::Terminal => return Ok((s, steps)),
            Actor::Chance => {
                let a = game.draw_chance(&s, &mut chance, rng);
                if let Some(r) = replay.as_deref_mut() {
                    game.chance_outcomes(&s, &mut chance);
                    let i = chance.iter().position(|&(x, _)| x == a);
                    r.steps.push(i.expect("sampled outcome is on offer") as u16);
                }
                a
            }
            Actor::Player(p) => {
                let a = bots[p].choose(game, &s, rng);
                if let Some(r) = replay.as_deref_mut() {
                    game.legal_actions(&s, &mut legal);
                    let Some(i) = legal.iter().position(|&x| x == a) else {
                        return Err(SimError::IllegalAction {
                            game: game.id(),
                            index,
                            seed,
                            step: steps,
                            action: game.describe(&s, a),
                        });
                    };
                    r.steps.push(i as u16);
                }
                a
            }
        };
        if observed {
            for bot in bots.iter_mut() {
                bot.observe(game, &s, a);
            }
        }
        game.apply(&mut s, a);
        steps += 1;
        if steps >= MAX_STEPS && game.actor(&s) != Actor::Terminal {
            return Err(SimError::Runaway {
                game: game.id(),
                index,
                seed,
                steps,
            });
        }
    }
}

/// Plays one game (see [`play_to_end`]) and folds its final state into a [`GameRecord`].
pub fn play_game<G: Game, B: Bot<G> + ?Sized>(
    game: &G,
    bots: &mut [Box<B>],
    index: u64,
    seed: u64,
    rng: &mut GameRng,
    replay: Option<&mut Replay>,
) -> Result<GameRecord, SimError> {
    let (s, steps) = play_to_end(game, bots, index, seed, rng, replay)?;
    GameRecord::from_final_state(game, &s, index, seed, steps)
}

impl GameRecord {
    /// The record of a finished game.
    pub fn from_final_state<G: Game>(
        game: &G,
        s: &G::State,
        index: u64,
        seed: u64,
        steps: u64,
    ) -> Result<GameRecord, SimError> {
        let outcome = game.outcome(s).ok_or(SimError::NoOutcome {
            game: game.id(),
            index,
            seed,
        })?;
        Ok(GameRecord {
            index,
            seed,
            winner: outcome.winner,
            level: outcome.level,
            turn: outcome.turn,
            tallies: (0..game.num_players()).map(|p| game.tally(s, p)).collect(),
            steps,
            score: game.final_score(s),
        })
    }
}
