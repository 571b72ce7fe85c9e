//! The conformance suite: the contract of the `Game` interface, checked the same way for
//! every game and every scenario of the registry (as OpenSpiel's random-simulation test and
//! board-game-rs's generic board tests do). Adding a game adds one `conformance!` line.
//!
//! For random and scripted games, at every step:
//! * a decision offers a non-empty list without duplicates; a chance node a non-empty list of
//!   distinct outcomes with positive weights;
//! * the turn never goes back nor past the scenario's last, and the game ends;
//! * `legal_actions`, `chance_outcomes` and `apply` allocate nothing (counted per thread);
//! * `determinize` keeps what the viewer sees (the board as the viewer may see it) and, when
//!   the viewer is to act, the viewer's list of decisions.
//!
//! Every step of random games is told on every player's screen (options with costs and odds,
//! the screen, the board, the standing, the narration) without a panic.
//!
//! And: `random_action` picks what index `random_range(0..n)` of the list picks, and
//! `draw_chance` follows the weights (a chi-square test over many draws); `apply` of an action
//! not on offer panics in debug builds; a replay log, through its JSON form, replays to the
//! same final state, and one with an index past its list is refused. The property test plays sequences of choice indices, so a failure
//! shrinks to a short list of actions, printed in the game's own words.

use proptest::prelude::*;
use rand::Rng;
use sandtable::bots::{Bot, RandomBot};
use sandtable::engine::game::sample_chance;
use sandtable::engine::replay::ReplayError;
use sandtable::engine::{game_rng, Actor, Game, GameRng, Replay};
use sandtable::registry::Entry;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::HashSet;
use std::fmt::Display;

// ------------------------------------------------------------------ allocation counting

struct Counting;

thread_local! {
    /// Allocations made by this thread (the tests run side by side on several threads).
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

// ------------------------------------------------------------------ the games

/// Every scenario of `G`, loaded from the embedded data.
fn scenarios<G: Entry>() -> Vec<(String, G)> {
    let ids: Vec<Option<&str>> = if G::INFO.scenarios.is_empty() {
        vec![None]
    } else {
        G::INFO.scenarios.iter().map(|&s| Some(s)).collect()
    };
    ids.into_iter()
        .map(|id| {
            let game = G::load(None, id, false).expect("the embedded data loads");
            (format!("{} {}", G::INFO.id, id.unwrap_or("")), game)
        })
        .collect()
}

/// Who chooses the decisions of a game under test.
enum Players<G: Game> {
    Random(RandomBot<G::Action>),
    Scripted(Vec<Box<dyn Bot<G>>>),
}

impl<G: Entry> Players<G> {
    fn scripted(game: &G) -> Self {
        let make = G::scripted();
        Players::Scripted((0..game.num_players()).map(|_| make()).collect())
    }

    fn choose(&mut self, game: &G, s: &G::State, p: usize, rng: &mut GameRng) -> G::Action {
        match self {
            Players::Random(bot) => bot.choose(game, s, rng),
            Players::Scripted(bots) => bots[p].choose(game, s, rng),
        }
    }
}

/// The buffers and tallies of one game under test.
struct Run<G: Game> {
    legal: Vec<G::Action>,
    chance: Vec<(G::Action, u32)>,
    /// The actions of the list seen so far, to find one offered twice (linear in the list's
    /// length: a Campaign's lists are long, and comparing every pair was a sixth of its run).
    seen: HashSet<G::Action>,
    /// Allocations inside `legal_actions`, `chance_outcomes` and `apply`.
    allocations: u64,
    steps: u64,
}

impl<G: Game> Run<G> {
    fn new() -> Self {
        Run {
            legal: Vec::with_capacity(4096),
            chance: Vec::with_capacity(1024),
            seen: HashSet::with_capacity(4096),
            allocations: 0,
            steps: 0,
        }
    }

    /// The list on offer in `s` (decisions, or chance outcomes), checked.
    fn offer(&mut self, game: &G, s: &G::State, at: &dyn Display) -> Actor {
        let actor = game.actor(s);
        let before = allocations();
        match actor {
            Actor::Player(_) => game.legal_actions(s, &mut self.legal),
            Actor::Chance => game.chance_outcomes(s, &mut self.chance),
            Actor::Terminal => {}
        }
        self.allocations += allocations() - before;
        match actor {
            Actor::Player(p) => {
                assert!(p < game.num_players(), "{at}: player {p} to act");
                assert!(!self.legal.is_empty(), "{at}: a decision with no action");
                assert_distinct(&mut self.seen, self.legal.iter(), at);
            }
            Actor::Chance => {
                assert!(
                    !self.chance.is_empty(),
                    "{at}: a chance node with no outcome"
                );
                assert!(
                    self.chance.iter().all(|&(_, w)| w > 0),
                    "{at}: an outcome of weight 0 in {:?}",
                    self.chance
                );
                let total: u64 = self.chance.iter().map(|&(_, w)| u64::from(w)).sum();
                assert!(total <= u64::from(u32::MAX), "{at}: weights overflow");
                assert_distinct(&mut self.seen, self.chance.iter().map(|(a, _)| a), at);
            }
            Actor::Terminal => {}
        }
        actor
    }

    fn apply(&mut self, game: &G, s: &mut G::State, a: G::Action) {
        let before = allocations();
        game.apply(s, a);
        self.allocations += allocations() - before;
        self.steps += 1;
    }
}

fn assert_distinct<'a, A: Copy + Eq + std::hash::Hash + std::fmt::Debug + 'a>(
    seen: &mut HashSet<A>,
    list: impl Iterator<Item = &'a A>,
    at: &dyn Display,
) {
    seen.clear();
    for &a in list {
        assert!(seen.insert(a), "{at}: {a:?} offered twice");
    }
}

/// Where a check failed: the game and scenario, the seed and the step (formatted only then,
/// so that long runs format nothing per step).
struct Step<'a> {
    label: &'a str,
    seed: u64,
    step: u64,
}

impl Display for Step<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} seed {} step {}", self.label, self.seed, self.step)
    }
}

/// Plays one game to its end with `players`, checking every step; returns the final state,
/// the replay log and the run's tallies.
fn play<G: Entry>(
    game: &G,
    label: &str,
    seed: u64,
    players: &mut Players<G>,
    mut each_step: impl FnMut(&G::State, Actor),
) -> (G::State, Replay, Run<G>) {
    const MOST_STEPS: u64 = 2_000_000;
    let mut rng = game_rng(seed, 0);
    let mut run = Run::new();
    let mut log = Replay::new(game, seed);
    let mut s = game.initial_state();
    let last = game.last_turn();
    let mut turn = game.turn(&s);
    loop {
        let at = Step {
            label,
            seed,
            step: run.steps,
        };
        let now = game.turn(&s);
        assert!(now >= turn, "{at}: the turn went back from {turn} to {now}");
        assert!(now <= last, "{at}: turn {now} is past the last, {last}");
        turn = now;
        let actor = run.offer(game, &s, &at);
        each_step(&s, actor);
        let a = match actor {
            Actor::Terminal => break,
            Actor::Chance => sample_chance(&run.chance, &mut rng),
            Actor::Player(p) => players.choose(game, &s, p, &mut rng),
        };
        // The log keeps the index in the list on offer (what `Replay::record` finds by building
        // the list again; here the list is at hand).
        let index = match actor {
            Actor::Player(_) => run.legal.iter().position(|&x| x == a),
            _ => run.chance.iter().position(|&(x, _)| x == a),
        };
        let index = index.unwrap_or_else(|| panic!("{at}: the bot chose {a:?}, not on offer"));
        log.record_index(index);
        run.apply(game, &mut s, a);
        assert!(run.steps < MOST_STEPS, "{label} seed {seed}: no end");
    }
    let outcome = game.outcome(&s).expect("a finished game has an outcome");
    assert!(
        outcome.turn <= last,
        "{label}: decided on turn {}",
        outcome.turn
    );
    (s, log, run)
}

// ------------------------------------------------------------------ the checks

/// Random and scripted games end, every list is sound, and the hot path allocates nothing
/// once its buffers are warm (the first game of each kind warms them).
///
/// The long run: `SANDTABLE_CONFORMANCE_GAMES=N` plays N random and N scripted games of every
/// scenario instead, from seed `SANDTABLE_CONFORMANCE_FROM` (0 unless set), so that a run may
/// be done in parts; each game and kind prints one line of figures (`--nocapture`).
/// `SANDTABLE_CONFORMANCE_ONLY=text` plays only the lines whose "scenario kind" contains it
/// (e.g. "campaign scripted"), to finish a part that was cut short.
fn games_keep_the_contract<G: Entry>(random_games: u64, scripted_games: u64) {
    let long_run = env_u64("SANDTABLE_CONFORMANCE_GAMES");
    let from = env_u64("SANDTABLE_CONFORMANCE_FROM").unwrap_or(0);
    let only = std::env::var("SANDTABLE_CONFORMANCE_ONLY").unwrap_or_default();
    for (label, game) in scenarios::<G>() {
        for (kind, games) in [("random", random_games), ("scripted", scripted_games)] {
            if !format!("{label} {kind}").contains(&only) {
                continue;
            }
            let games = long_run.unwrap_or(games);
            let mut players = match kind {
                "random" => Players::Random(RandomBot::default()),
                _ => Players::scripted(&game),
            };
            let (mut allocations, mut steps) = (0, 0);
            let started = std::time::Instant::now();
            // The first game warms the buffers; its allocations are not counted.
            for seed in from..=from + games {
                let (_, _, run) = play(&game, &label, seed, &mut players, |_, _| {});
                if seed > from {
                    allocations += run.allocations;
                    steps += run.steps;
                }
            }
            assert_eq!(
                allocations, 0,
                "{label}: {kind} games allocated in legal_actions, chance_outcomes or apply"
            );
            if long_run.is_some() {
                println!(
                    "conformance {label:<36} {kind:<8} {games} games from seed {} \
                     {steps} steps checked  0 failures  {:.1} s",
                    from + 1,
                    started.elapsed().as_secs_f64()
                );
            }
        }
    }
}

/// A whole number from the environment (absent: `None`; malformed: a failed test).
fn env_u64(name: &str) -> Option<u64> {
    let value = std::env::var(name).ok()?;
    Some(
        value
            .parse()
            .unwrap_or_else(|_| panic!("{name}={value}: not a whole number")),
    )
}

/// 1 − the chi-square distribution function at `x` with `k` degrees of freedom is below
/// 1e-7 when this is true (Wilson–Hilferty: the cube root is nearly normal; z > 5.2).
fn chi_square_rejects(x: f64, k: usize) -> bool {
    let k = k as f64;
    let z = ((x / k).powf(1.0 / 3.0) - (1.0 - 2.0 / (9.0 * k))) / (2.0 / (9.0 * k)).sqrt();
    z > 5.2
}

/// Pearson's statistic of `counts` against `weights`.
fn chi_square(counts: &[u64], weights: &[u64]) -> f64 {
    let n: u64 = counts.iter().sum();
    let total: u64 = weights.iter().sum();
    counts
        .iter()
        .zip(weights)
        .map(|(&c, &w)| {
            let expected = n as f64 * w as f64 / total as f64;
            (c as f64 - expected).powi(2) / expected
        })
        .sum()
}

/// Every 17th step of random games: `random_action` is the list's entry at the index
/// `random_range(0..n)` draws (the same games whether a game builds the list or not), and
/// `draw_chance` follows the weights.
fn draws_follow_the_lists<G: Entry>(games: u64) {
    for (label, game) in scenarios::<G>() {
        let mut tested = [0; 2];
        let mut players = Players::Random(RandomBot::default());
        let mut draw_rng = game_rng(99, 0);
        for seed in 0..games {
            let mut step = 0;
            play(&game, &label, seed, &mut players, |s, actor| {
                step += 1;
                if step % 17 != 0 {
                    return;
                }
                match actor {
                    Actor::Player(_) => {
                        random_action_is_the_listed_draw(&game, s, &mut draw_rng, &label);
                        tested[0] += 1;
                    }
                    Actor::Chance => {
                        draw_chance_follows_the_weights(&game, s, &mut draw_rng, &label);
                        tested[1] += 1;
                    }
                    Actor::Terminal => {}
                }
            });
        }
        assert!(tested[0] > 0, "{label}: no decision drawn");
    }
}

fn random_action_is_the_listed_draw<G: Game>(game: &G, s: &G::State, rng: &mut GameRng, at: &str) {
    let mut list = Vec::new();
    let mut buf = Vec::new();
    game.legal_actions(s, &mut list);
    for _ in 0..20 {
        let mut listed = rng.clone();
        let a = game.random_action(s, &mut buf, rng);
        let i = listed.random_range(0..list.len());
        assert_eq!(
            a, list[i],
            "{at}: random_action is not entry {i} of the list"
        );
        assert_eq!(
            listed.random::<u64>(),
            rng.clone().random::<u64>(),
            "{at}: random_action drew other numbers than random_range(0..n)"
        );
    }
}

fn draw_chance_follows_the_weights<G: Game>(game: &G, s: &G::State, rng: &mut GameRng, at: &str) {
    let mut list = Vec::new();
    let mut buf = Vec::new();
    game.chance_outcomes(s, &mut list);
    let weights: Vec<u64> = list.iter().map(|&(_, w)| u64::from(w)).collect();
    let draws = 300 * list.len().max(2);
    let mut counts = vec![0u64; list.len()];
    for _ in 0..draws {
        let a = game.draw_chance(s, &mut buf, rng);
        let i = list
            .iter()
            .position(|&(x, _)| x == a)
            .unwrap_or_else(|| panic!("{at}: draw_chance gave {a:?}, not an outcome"));
        counts[i] += 1;
    }
    if list.len() > 1 {
        let x = chi_square(&counts, &weights);
        assert!(
            !chi_square_rejects(x, list.len() - 1),
            "{at}: draw_chance does not follow the weights: {counts:?} against {weights:?}"
        );
    }
}

/// Every text a screen makes of a step, for each player: the options with their costs, odds
/// and places, the screen, the board and the standing, and the narration of the step taken
/// (trial 22b F1: a Battle Victory bonus's attack option panicked while its cost was worded,
/// in a position the rules engine played through).
fn screens_are_told<G: Entry>(games: u64) {
    for (label, game) in scenarios::<G>() {
        let mut bot = RandomBot::default();
        for seed in 1..=games {
            let mut rng = game_rng(seed, 0);
            let (mut s, mut legal, mut chance) = (game.initial_state(), Vec::new(), Vec::new());
            for step in 0.. {
                let at = format!("{label} seed {seed} step {step}");
                let actor = game.actor(&s);
                let a = match actor {
                    Actor::Terminal => break,
                    Actor::Chance => {
                        game.chance_outcomes(&s, &mut chance);
                        sample_chance(&chance, &mut rng)
                    }
                    Actor::Player(_) => {
                        game.legal_actions(&s, &mut legal);
                        bot.choose(&game, &s, &mut rng)
                    }
                };
                let before = s.clone();
                game.apply(&mut s, a);
                let told = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    tell(&game, &before, actor, &legal, a, &s)
                }));
                assert!(told.is_ok(), "{at}: a screen's text panicked (above)");
            }
            assert!(game.result_reason(&s).is_some() || game.outcome(&s).is_some());
        }
    }
}

/// The texts of one step, as each player's screen makes them.
fn tell<G: Entry>(
    game: &G,
    before: &G::State,
    actor: Actor,
    legal: &[G::Action],
    a: G::Action,
    after: &G::State,
) {
    let mut texts = 0usize;
    for viewer in 0..game.num_players() {
        if actor == Actor::Player(viewer) {
            for &option in legal {
                texts += sandtable::registry::action_text(game, before, option).len();
                texts += game.describe_seen(before, option, viewer).len();
                texts += game.action_place(before, option).map_or(0, |p| p.len());
            }
        }
        texts += game.render_seen(before, Some(viewer)).len();
        texts += game.board(before, Some(viewer)).places.len();
        texts += game.standing(before, Some(viewer)).len();
        let told = game.narrate_seen(before, a, after, viewer);
        texts += told.map_or(0, |t| t.len());
    }
    assert!(texts > 0, "a step with no text at all");
}

/// What `viewer` may see of `s`: the board drawn for that viewer (a stack in any order), who
/// is to act, and (when it is the viewer) the list of decisions.
fn view<G: Entry>(game: &G, s: &G::State, viewer: usize) -> String {
    let mut board = game.board(s, Some(viewer));
    for place in &mut board.places {
        // The order of a stack's counters is the drawing's, not something seen.
        place.counters.sort_by_key(|c| format!("{c:?}"));
    }
    let mut view = format!("{board:?} {:?}", game.actor(s));
    if game.actor(s) == Actor::Player(viewer) {
        let mut list = Vec::new();
        game.legal_actions(s, &mut list);
        view += &format!("{list:?}");
    }
    view
}

/// Every 5th step of random and scripted games, for each viewer: a determinized state looks
/// the same to the viewer as the real one.
fn determinize_keeps_the_view<G: Entry>(games: u64) {
    for (label, game) in scenarios::<G>() {
        let mut rng = game_rng(7, 0);
        for seed in 0..games {
            let mut players = if seed % 2 == 0 {
                Players::Random(RandomBot::default())
            } else {
                Players::scripted(&game)
            };
            let mut step = 0;
            play(&game, &label, seed, &mut players, |s, _| {
                step += 1;
                if step % 5 != 0 {
                    return;
                }
                for viewer in 0..game.num_players() {
                    let det = game.determinize(s, viewer, &mut rng);
                    let (seen, real) = (view(&game, &det, viewer), view(&game, s, viewer));
                    assert!(
                        seen == real,
                        "{label} seed {seed} step {step}: player {viewer} sees a difference: {}",
                        first_difference(&seen, &real)
                    );
                }
            });
        }
    }
}

/// Where two texts part, with a little of each from there.
fn first_difference(a: &str, b: &str) -> String {
    let at = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let from = a[..at].char_indices().rev().nth(80).map_or(0, |(i, _)| i);
    let show = |t: &str| t[from..].chars().take(200).collect::<String>();
    format!("determinized «{}» real «{}»", show(a), show(b))
}

/// A replay log written to JSON and read back replays to the same final state.
fn replays_round_trip<G: Entry>(games: u64) {
    for (label, game) in scenarios::<G>() {
        for seed in 0..games {
            let mut players = Players::Random(RandomBot::default());
            let (end, log, _) = play(&game, &label, seed, &mut players, |_, _| {});
            let text = serde_json::to_string(&log).expect("a log serialises");
            let back: Replay = serde_json::from_str(&text).expect("a log reads back");
            assert_eq!(back, log, "{label}: the log changed through JSON");
            let replayed = back.replay(&game).expect("the log replays");
            assert!(
                replayed == end,
                "{label} seed {seed}: the replay ends elsewhere"
            );
            if seed == 0 {
                bad_indices_are_refused(&game, &log, &label);
            }
        }
    }
}

/// A log with an index past its list, at any step, is refused with the list's length (found
/// by a fuzzed save: the message once built the list of decisions at a chance node, which a
/// game need not be able to do).
fn bad_indices_are_refused<G: Entry>(game: &G, log: &Replay, label: &str) {
    let mut s = game.initial_state();
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    for (step, &index) in log.steps.iter().enumerate() {
        let len = match game.actor(&s) {
            Actor::Chance => {
                game.chance_outcomes(&s, &mut chance);
                chance.len()
            }
            _ => {
                game.legal_actions(&s, &mut legal);
                legal.len()
            }
        };
        let mut bad = log.clone();
        bad.steps.truncate(step + 1);
        bad.steps[step] = u16::MAX;
        let expected = ReplayError::BadIndex {
            step,
            index: u16::MAX,
            len,
        };
        assert_eq!(
            bad.replay(game).err(),
            Some(expected),
            "{label}: step {step}"
        );
        let a = Replay::action_at(game, &s, index).expect("the log replays");
        game.apply(&mut s, a);
    }
}

/// Every 11th step of a random game, an action seen elsewhere but not on offer here (or, at a
/// chance node, not an outcome) is refused by `apply` (debug builds).
fn illegal_actions_are_caught<G: Entry>() {
    if !cfg!(debug_assertions) {
        return;
    }
    for (label, game) in scenarios::<G>() {
        let mut seen: Vec<G::Action> = Vec::new();
        let mut states: Vec<G::State> = Vec::new();
        let mut players = Players::Random(RandomBot::default());
        let mut step = 0;
        play(&game, &label, 1, &mut players, |s, actor| {
            step += 1;
            let mut list = Vec::new();
            match actor {
                Actor::Player(_) => game.legal_actions(s, &mut list),
                Actor::Chance => {
                    let mut chance = Vec::new();
                    game.chance_outcomes(s, &mut chance);
                    list = chance.into_iter().map(|(a, _)| a).collect();
                }
                Actor::Terminal => {}
            }
            for a in list {
                if !seen.contains(&a) {
                    seen.push(a);
                }
            }
            if step % 11 == 0 && actor != Actor::Terminal {
                states.push(s.clone());
            }
        });
        let mut refused = 0;
        for s in &states {
            let mut list = Vec::new();
            let mut chance = Vec::new();
            game.legal_actions_or_outcomes(s, &mut list, &mut chance);
            let Some(&a) = seen.iter().find(|a| !list.contains(a)) else {
                continue;
            };
            let mut t = s.clone();
            let applied =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| game.apply(&mut t, a)));
            assert!(applied.is_err(), "{label}: apply took {a:?}, not on offer");
            refused += 1;
        }
        assert!(refused > 0, "{label}: no illegal action tried");
    }
}

/// The list on offer in a state, decisions or outcomes alike.
trait OnOffer: Game {
    fn legal_actions_or_outcomes(
        &self,
        s: &Self::State,
        list: &mut Vec<Self::Action>,
        chance: &mut Vec<(Self::Action, u32)>,
    ) {
        list.clear();
        match self.actor(s) {
            Actor::Player(_) => self.legal_actions(s, list),
            Actor::Chance => {
                self.chance_outcomes(s, chance);
                list.extend(chance.iter().map(|&(a, _)| a));
            }
            Actor::Terminal => {}
        }
    }
}

impl<G: Game> OnOffer for G {}

/// Plays the decisions and outcomes `choices` picks (each taken modulo the list's length; a
/// chance outcome by the same index, whatever its weight) and checks every list on the way.
/// A failure shrinks to a short sequence, printed action by action.
fn play_choices<G: Entry>(game: &G, choices: &[u16]) -> Result<(), TestCaseError> {
    let mut s = game.initial_state();
    let mut run = Run::new();
    let mut path = Vec::new();
    for &c in choices {
        let at = format!("after {path:?}");
        let actor =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run.offer(game, &s, &at)))
                .map_err(|_| TestCaseError::fail(format!("a list is unsound {at}")))?;
        let a = match actor {
            Actor::Terminal => return Ok(()),
            Actor::Player(_) => run.legal[usize::from(c) % run.legal.len()],
            Actor::Chance => run.chance[usize::from(c) % run.chance.len()].0,
        };
        path.push(game.describe(&s, a));
        game.apply(&mut s, a);
        prop_assert!(
            game.turn(&s) <= game.last_turn(),
            "past the last turn {path:?}"
        );
    }
    Ok(())
}

macro_rules! conformance {
    ($module:ident, $game:ty, random = $random:expr, scripted = $scripted:expr) => {
        mod $module {
            use super::*;

            #[test]
            fn random_and_scripted_games_keep_the_contract() {
                games_keep_the_contract::<$game>($random, $scripted);
            }

            #[test]
            fn random_and_chance_draws_follow_the_lists() {
                draws_follow_the_lists::<$game>(3);
            }

            #[test]
            fn determinize_keeps_what_the_viewer_sees() {
                determinize_keeps_the_view::<$game>(2);
            }

            #[test]
            fn replay_logs_round_trip() {
                replays_round_trip::<$game>(3);
            }

            #[test]
            fn every_step_is_told_on_every_screen() {
                screens_are_told::<$game>(2);
            }

            #[test]
            fn apply_refuses_an_action_not_on_offer() {
                illegal_actions_are_caught::<$game>();
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(24))]
                #[test]
                fn any_sequence_of_choices_keeps_the_contract(
                    choices in prop::collection::vec(any::<u16>(), 0..1500)
                ) {
                    for (_, game) in scenarios::<$game>() {
                        play_choices(&game, &choices)?;
                    }
                }
            }
        }
    };
}

conformance!(
    rudders_line,
    sandtable::games::rudders_line::RuddersLine,
    random = 20,
    scripted = 5
);
conformance!(
    aachen,
    sandtable::games::aachen::Aachen,
    random = 20,
    scripted = 5
);
conformance!(
    crossing_the_line,
    sandtable::games::crossing_the_line::CrossingTheLine,
    random = 6,
    scripted = 2
);
conformance!(
    cross_of_iron,
    sandtable::games::cross_of_iron::CrossOfIron,
    random = 20,
    scripted = 4
);
