//! The interface every game implements and every bot, simulator and analysis uses.
//!
//! A game is an immutable ruleset (map, tables, counters: shared by every thread by reference)
//! plus a small `Copy` state. Every die roll is an explicit chance node with exact integer
//! weights, so the same interface serves exact enumeration, chance-aware search, replays and
//! reproducible Monte Carlo.

use rand::Rng;

/// A player's index: 0 or 1 in a two-player game (the game names them).
pub type PlayerId = usize;

/// Who acts in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// A player must choose one of `legal_actions`.
    Player(PlayerId),
    /// Nature acts: pick one of `chance_outcomes` with probability weight / total.
    Chance,
    /// The game is over: see `outcome`.
    Terminal,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winning player, or `None` for a draw.
    pub winner: Option<PlayerId>,
    /// The game's own name for the level of victory (e.g. "sudden death", "decisive").
    pub level: &'static str,
    /// The game turn in which the result was decided.
    pub turn: u32,
}

/// Per-player counts a game keeps for reports (losses, turns holding the initiative).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Personnel units eliminated.
    pub losses: u32,
    /// Game turns in which the player held the initiative.
    pub initiative_turns: u32,
}

/// Which per-game counts mean something in a game, for the columns of a balance CSV.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordColumns {
    /// Whether the turn a game was decided in says anything (not in a scenario without turns).
    pub turn: bool,
    /// What `Tally::initiative_turns` counts; `None` when the game has no initiative.
    pub initiative: Option<InitiativeCount>,
}

/// What a game's `Tally::initiative_turns` counts: turns, or Ops Cycles, holding the initiative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InitiativeCount {
    /// The balance CSV's column prefix (`initiative` makes `initiative_rangers`).
    pub column: &'static str,
    /// The report's row ("turns with initiative").
    pub label: &'static str,
}

impl InitiativeCount {
    /// Game turns holding the initiative.
    pub const TURNS: InitiativeCount = InitiativeCount {
        column: "initiative",
        label: "turns with initiative",
    };
}

/// A game: ruleset + scenario. Implementations must keep `legal_actions`, `chance_outcomes`
/// and `apply` free of heap allocation (buffers are passed in and reused).
pub trait Game: Sync {
    /// Fixed-size state: cloning is a memcpy.
    type State: Clone + Send + Sync + PartialEq;
    /// A small decision or chance outcome (hashable, so a list can be checked for a repeat,
    /// or a search can key a table by it, in time linear in its length).
    type Action: Copy + Eq + std::hash::Hash + Send + Sync + std::fmt::Debug + 'static;

    /// The game's identifier (`rudders-line`).
    fn id(&self) -> &'static str;
    /// Number of players (sides).
    fn num_players(&self) -> usize;

    /// The players that make decisions: the first `acting_players()` of them. A solitaire
    /// game has one; the rules play the other side through chance.
    fn acting_players(&self) -> usize {
        self.num_players()
    }
    /// The rulebook's name for a player (`Rangers`, `Germans`).
    fn player_name(&self, p: PlayerId) -> &'static str;

    fn initial_state(&self) -> Self::State;
    fn actor(&self, s: &Self::State) -> Actor;
    /// The decisions open to the acting player. `out` is cleared first.
    fn legal_actions(&self, s: &Self::State, out: &mut Vec<Self::Action>);
    /// The outcomes of the pending chance node with exact integer weights. `out` is cleared first.
    fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Action, u32)>);
    /// Draws the outcome of the pending chance node, each with probability weight / total of
    /// `chance_outcomes`. By default it samples that list (built in `buf`); a game may draw
    /// directly instead (a die roll needs no list), with the same probabilities.
    fn draw_chance(
        &self,
        s: &Self::State,
        buf: &mut Vec<(Self::Action, u32)>,
        rng: &mut crate::engine::GameRng,
    ) -> Self::Action {
        self.chance_outcomes(s, buf);
        sample_chance(buf, rng)
    }
    /// The version of the decision and chance-outcome lists, which replay logs index: raised
    /// whenever a change to the game changes what a list offers or its order, so that an
    /// older log is refused instead of replayed into another game.
    fn log_version(&self) -> u32 {
        1
    }
    /// Draws a decision uniformly at random: the action at index `random_range(0..n)` of the
    /// `n` that `legal_actions` lists. By default it builds that list (in `buf`); a game may
    /// find the same action without building the whole list, so random play (the random bot,
    /// MCTS rollouts) gives the same games either way, only faster.
    fn random_action(
        &self,
        s: &Self::State,
        buf: &mut Vec<Self::Action>,
        rng: &mut crate::engine::GameRng,
    ) -> Self::Action {
        random_listed_action(self, s, buf, rng)
    }
    /// Apply a decision or a chance outcome. The action must be on offer (debug builds check
    /// it: every game's `apply` starts with [`debug_assert_on_offer`]).
    fn apply(&self, s: &mut Self::State, a: Self::Action);
    /// `Some` once the game is over.
    fn outcome(&self, s: &Self::State) -> Option<Outcome>;
    /// Per-player counts for reports.
    fn tally(&self, s: &Self::State, p: PlayerId) -> Tally;
    /// The current game turn (1-based).
    fn turn(&self, s: &Self::State) -> u32;

    /// A game-specific number worth reporting about a finished game, with its name (Aachen:
    /// `("German Morale", morale)`). Balance runs record it per game, write it as a CSV column
    /// and print its distribution. `None` (the default): the game has none.
    fn final_score(&self, _s: &Self::State) -> Option<(&'static str, i32)> {
        None
    }

    /// Every (winner, victory level) a game can end with, so that reports also show the
    /// levels no game reached (with their intervals). Empty (the default): reports show the
    /// levels that occurred.
    fn victory_levels(&self) -> &'static [(Option<PlayerId>, &'static str)] {
        &[]
    }
    /// A victory level in the rulebook's words for reports, where the level's name alone
    /// would read wrong beside its winner ("failed" scored as a win of the other side).
    /// `None` (the default): the name says it.
    fn level_words(&self, _level: &str) -> Option<&'static str> {
        None
    }

    /// Which per-game counts the game's balance CSV carries. By default the turn and the
    /// turns holding the initiative.
    fn record_columns(&self) -> RecordColumns {
        RecordColumns {
            turn: true,
            initiative: Some(InitiativeCount::TURNS),
        }
    }

    /// A plain description of an action in the current state, for logs and the play screen.
    fn describe(&self, s: &Self::State, a: Self::Action) -> String;

    /// Another player's decision as `viewer` learns of it (the play screen's line for the
    /// opponent's moves): what the rules keep secret is left out. By default, all of it.
    fn describe_seen(&self, s: &Self::State, a: Self::Action, _viewer: PlayerId) -> String {
        self.describe(s, a)
    }

    /// The situation as a person reads it (board, units, markers, whose move), for the play
    /// screen.
    fn render(&self, _s: &Self::State) -> String {
        String::new()
    }

    /// What just happened, in words, when `a` took `before` to `after` (a die roll and its
    /// result, say). `None` when the action's description says it all.
    fn narrate(
        &self,
        _before: &Self::State,
        _a: Self::Action,
        _after: &Self::State,
    ) -> Option<String> {
        None
    }

    /// `narrate` as player `viewer` sees it: a game with hidden information tells a side what
    /// only it may know (the marker it drew). By default the same for everyone.
    fn narrate_seen(
        &self,
        before: &Self::State,
        a: Self::Action,
        after: &Self::State,
        _viewer: PlayerId,
    ) -> Option<String> {
        self.narrate(before, a, after)
    }

    /// Each player's reward in [0, 1] for a finished game, which search maximises. By default
    /// 1 for the winner, 0 for the others and ½ each for a draw ([`rewards`]); a game whose
    /// levels of victory differ in worth may grade them, so that a search prefers a decisive
    /// win to a marginal one.
    fn outcome_rewards(&self, outcome: &Outcome) -> [f32; 2] {
        rewards(outcome, self.num_players())
    }

    /// Each player's reward for the finished game `s` graded by how it finished, for search
    /// that asks for it (`graded_rewards` in a bot preset): finer than the winner alone where
    /// the last steps are luck a search cannot change (Aachen: the surrender odds of the final
    /// Morale rather than the die). `None`: [`Game::outcome_rewards`].
    fn graded_rewards(&self, _s: &Self::State) -> Option<[f32; 2]> {
        None
    }

    /// A heuristic estimate of player 0's reward (1 win, ½ draw, 0 loss) in a state that is not
    /// over, for search that stops its rollouts early. `None`: play rollouts to the end.
    fn heuristic(&self, _s: &Self::State) -> Option<f32> {
        None
    }

    /// A state consistent with everything `viewer` may know of `s`, with the rest drawn anew
    /// from `rng` (for information-set search: a bot must not read what its player cannot
    /// see). Games without hidden information return `s` unchanged.
    fn determinize(
        &self,
        s: &Self::State,
        _viewer: PlayerId,
        _rng: &mut crate::engine::GameRng,
    ) -> Self::State {
        s.clone()
    }
}

/// Each player's reward for a finished game: 1 for the winner, 0 for the others, ½ each for a
/// draw.
pub fn rewards(outcome: &Outcome, players: usize) -> [f32; 2] {
    let mut r = [0.0; 2];
    for (p, x) in r.iter_mut().enumerate().take(players) {
        *x = match outcome.winner {
            None => 0.5,
            Some(w) if w == p => 1.0,
            Some(_) => 0.0,
        };
    }
    r
}

/// `Game::random_action` by the list: builds it in `buf` and picks index `random_range(0..n)`.
/// A game that draws some steps directly calls this for the others.
pub fn random_listed_action<G: Game + ?Sized>(
    game: &G,
    s: &G::State,
    buf: &mut Vec<G::Action>,
    rng: &mut crate::engine::GameRng,
) -> G::Action {
    game.legal_actions(s, buf);
    buf[rng.random_range(0..buf.len())]
}

/// Draws one outcome of a chance node with probability proportional to its weight.
pub fn sample_chance<A: Copy, R: Rng + ?Sized>(outcomes: &[(A, u32)], rng: &mut R) -> A {
    let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
    debug_assert!(total > 0, "chance node without outcomes");
    let mut pick = rng.random_range(0..total);
    for &(a, w) in outcomes {
        if pick < w {
            return a;
        }
        pick -= w;
    }
    unreachable!("pick < total")
}

/// Debug builds: panics unless `a` is on offer in `s` (a decision in `legal_actions`, an
/// outcome in `chance_outcomes`, nothing once the game is over). Every game's `apply` calls it
/// first, so a bot, a replay or a test that applies an action the rules do not offer fails
/// at once instead of corrupting the state; release builds compile it away.
#[inline]
pub fn debug_assert_on_offer<G: Game + ?Sized>(game: &G, s: &G::State, a: G::Action) {
    #[cfg(debug_assertions)]
    on_offer::check(game, s, a);
    #[cfg(not(debug_assertions))]
    let _ = (game, s, a);
}

#[cfg(debug_assertions)]
mod on_offer {
    use super::{Actor, Game};
    use std::any::{Any, TypeId};
    use std::cell::RefCell;
    use std::collections::HashMap;

    thread_local! {
        /// One reused list per action type, so the check allocates nothing once warm (the
        /// allocation tests count `apply`).
        static LISTS: RefCell<HashMap<TypeId, Box<dyn Any>>> = RefCell::new(HashMap::new());
    }

    pub(super) fn check<G: Game + ?Sized>(game: &G, s: &G::State, a: G::Action) {
        let taken = LISTS.with(|l| l.borrow_mut().remove(&TypeId::of::<G::Action>()));
        let mut buf = match taken.map(|b| b.downcast::<(Vec<G::Action>, Vec<(G::Action, u32)>)>()) {
            Some(Ok(b)) => b,
            _ => Box::new((Vec::with_capacity(4096), Vec::with_capacity(1024))),
        };
        let (legal, chance) = &mut *buf;
        let on_offer = match game.actor(s) {
            Actor::Player(_) => {
                game.legal_actions(s, legal);
                legal.contains(&a)
            }
            Actor::Chance => {
                game.chance_outcomes(s, chance);
                chance.iter().any(|&(x, _)| x == a)
            }
            Actor::Terminal => false,
        };
        LISTS.with(|l| l.borrow_mut().insert(TypeId::of::<G::Action>(), buf));
        assert!(
            on_offer,
            "{a:?} is not on offer ({:?} to act)",
            game.actor(s)
        );
    }
}
