//! MCTS on small games whose answers are known: chance nodes with exact weights, determinism
//! for a seed, tree reuse, and information sets (the bot never reads what its player cannot see).

use rand::SeedableRng;
use sandtable::bots::mcts::{ChanceMode, MctsBot, MctsConfig};
use sandtable::bots::Bot;
use sandtable::engine::{Actor, Game, GameRng, Outcome, PlayerId, Tally};

/// Player 0 picks Safe (then wins on a chance roll 2 times in 3) or Risky (1 time in 6);
/// `Choose(k)` leaves k such choices, of which the last one counts.
struct Gamble;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GState {
    Choose(u8),
    Roll { safe: bool },
    Over { won: bool },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum GAct {
    Safe,
    Risky,
    Win,
    Lose,
}

impl Game for Gamble {
    type State = GState;
    type Action = GAct;
    fn id(&self) -> &'static str {
        "gamble"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn player_name(&self, p: PlayerId) -> &'static str {
        ["Gambler", "House"][p]
    }
    fn initial_state(&self) -> GState {
        GState::Choose(1)
    }
    fn actor(&self, s: &GState) -> Actor {
        match s {
            GState::Choose(_) => Actor::Player(0),
            GState::Roll { .. } => Actor::Chance,
            GState::Over { .. } => Actor::Terminal,
        }
    }
    fn legal_actions(&self, s: &GState, out: &mut Vec<GAct>) {
        out.clear();
        if let GState::Choose(_) = s {
            out.extend([GAct::Risky, GAct::Safe]);
        }
    }
    fn chance_outcomes(&self, s: &GState, out: &mut Vec<(GAct, u32)>) {
        out.clear();
        if let GState::Roll { safe } = s {
            let (w, l) = if *safe { (2, 1) } else { (1, 5) };
            out.extend([(GAct::Win, w), (GAct::Lose, l)]);
        }
    }
    fn apply(&self, s: &mut GState, a: GAct) {
        *s = match (*s, a) {
            (GState::Choose(k), GAct::Safe | GAct::Risky) if k > 1 => GState::Choose(k - 1),
            (_, GAct::Safe) => GState::Roll { safe: true },
            (_, GAct::Risky) => GState::Roll { safe: false },
            (_, GAct::Win) => GState::Over { won: true },
            (_, GAct::Lose) => GState::Over { won: false },
        }
    }
    fn outcome(&self, s: &GState) -> Option<Outcome> {
        match s {
            GState::Over { won } => Some(Outcome {
                winner: Some(usize::from(!won)),
                level: "",
                turn: 1,
            }),
            _ => None,
        }
    }
    fn tally(&self, _s: &GState, _p: PlayerId) -> Tally {
        Tally::default()
    }
    fn turn(&self, _s: &GState) -> u32 {
        1
    }
    fn describe(&self, _s: &GState, a: GAct) -> String {
        format!("{a:?}")
    }
}

fn config(chance: ChanceMode, threads: usize) -> MctsConfig {
    MctsConfig {
        iterations: 600,
        chance,
        threads,
        ..MctsConfig::default()
    }
}

#[test]
fn mcts_weighs_chance_outcomes_by_their_exact_weights() {
    for mode in [ChanceMode::Exact, ChanceMode::Sampled] {
        let mut bot = MctsBot::new("t", config(mode, 1), None);
        let mut rng = GameRng::seed_from_u64(7);
        let ranked = bot.analyse(&Gamble, &GState::Choose(1), &mut rng);
        assert_eq!(ranked[0].0, GAct::Safe, "{mode:?}: {ranked:?}");
        let safe = ranked[0].2;
        assert!(
            (safe - 2.0 / 3.0).abs() < 0.06,
            "{mode:?}: Safe is worth 2/3, got {safe}"
        );
    }
}

#[test]
fn exact_chance_mode_visits_outcomes_in_proportion_to_their_weights() {
    let mut bot = MctsBot::new("t", config(ChanceMode::Exact, 1), None);
    let mut rng = GameRng::seed_from_u64(1);
    let ranked = bot.analyse(&Gamble, &GState::Choose(1), &mut rng);
    let (_, visits, value) = ranked.iter().find(|r| r.0 == GAct::Safe).copied().unwrap();
    // Stratified: after n visits the wins are within one of 2n/3.
    let wins = value * visits as f32;
    assert!(
        (wins - 2.0 * visits as f32 / 3.0).abs() <= 1.0,
        "{wins} of {visits}"
    );
}

#[test]
fn the_same_seed_and_thread_count_give_the_same_search() {
    for threads in [1, 2] {
        let run = || {
            let mut bot = MctsBot::new("t", config(ChanceMode::Sampled, threads), None);
            bot.analyse(&Gamble, &GState::Choose(1), &mut GameRng::seed_from_u64(42))
        };
        assert_eq!(run(), run(), "threads {threads}");
    }
}

#[test]
fn root_parallel_workers_merge_their_visits() {
    let mut bot = MctsBot::new("t", config(ChanceMode::Exact, 2), None);
    let ranked = bot.analyse(&Gamble, &GState::Choose(1), &mut GameRng::seed_from_u64(3));
    let visits: u32 = ranked.iter().map(|r| r.1).sum();
    assert_eq!(visits, 2 * 600, "both workers' root visits are merged");
}

#[test]
fn the_tree_is_kept_across_moves() {
    let game = Gamble;
    let mut bot = MctsBot::new("t", config(ChanceMode::Exact, 1), None);
    let mut rng = GameRng::seed_from_u64(5);
    let mut s = GState::Choose(2);
    let a = bot.choose(&game, &s, &mut rng);
    bot.observe(&game, &s, a);
    game.apply(&mut s, a);
    let _ = bot.analyse(&game, &s, &mut rng);
    // 600 new iterations on top of the visits the chosen child already had.
    assert!(bot.last_iterations > 600, "{}", bot.last_iterations);

    let mut fresh = MctsBot::new(
        "t",
        MctsConfig {
            reuse_tree: false,
            ..config(ChanceMode::Exact, 1)
        },
        None,
    );
    let _ = fresh.analyse(&game, &s, &mut rng);
    assert_eq!(fresh.last_iterations, 600);
}

/// Hidden information: a card (0, 1 or 2, dealt 1:1:4) that only the dealer sees; the guesser
/// wins by naming it.
struct Guess;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hidden {
    card: Option<u8>,
    guess: Option<u8>,
}

impl Game for Guess {
    type State = Hidden;
    type Action = u8;
    fn id(&self) -> &'static str {
        "guess"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn player_name(&self, p: PlayerId) -> &'static str {
        ["Dealer", "Guesser"][p]
    }
    fn initial_state(&self) -> Hidden {
        Hidden {
            card: None,
            guess: None,
        }
    }
    fn actor(&self, s: &Hidden) -> Actor {
        match (s.card, s.guess) {
            (None, _) => Actor::Chance,
            (Some(_), None) => Actor::Player(1),
            _ => Actor::Terminal,
        }
    }
    fn legal_actions(&self, s: &Hidden, out: &mut Vec<u8>) {
        out.clear();
        if self.actor(s) == Actor::Player(1) {
            out.extend([0, 1, 2]);
        }
    }
    fn chance_outcomes(&self, s: &Hidden, out: &mut Vec<(u8, u32)>) {
        out.clear();
        if s.card.is_none() {
            out.extend([(0, 1), (1, 1), (2, 4)]);
        }
    }
    fn apply(&self, s: &mut Hidden, a: u8) {
        if s.card.is_none() {
            s.card = Some(a);
        } else {
            s.guess = Some(a);
        }
    }
    fn outcome(&self, s: &Hidden) -> Option<Outcome> {
        let (card, guess) = (s.card?, s.guess?);
        Some(Outcome {
            winner: Some(if card == guess { 1 } else { 0 }),
            level: "",
            turn: 1,
        })
    }
    fn tally(&self, _s: &Hidden, _p: PlayerId) -> Tally {
        Tally::default()
    }
    fn turn(&self, _s: &Hidden) -> u32 {
        1
    }
    fn describe(&self, _s: &Hidden, a: u8) -> String {
        a.to_string()
    }
    /// The guesser cannot see the card: it is dealt anew from what he knows (the deal's odds).
    fn determinize(&self, s: &Hidden, viewer: PlayerId, rng: &mut GameRng) -> Hidden {
        use rand::Rng;
        if viewer == 0 || s.card.is_none() {
            return *s;
        }
        let card = match rng.random_range(0..6) {
            0 => 0,
            1 => 1,
            _ => 2,
        };
        Hidden {
            card: Some(card),
            ..*s
        }
    }
}

#[test]
fn information_sets_the_choice_never_depends_on_the_hidden_card() {
    let search = |card: u8| {
        let mut bot = MctsBot::new("t", config(ChanceMode::Exact, 1), None);
        let s = Hidden {
            card: Some(card),
            guess: None,
        };
        let ranked = bot.analyse(&Guess, &s, &mut GameRng::seed_from_u64(11));
        (
            bot.choose(&Guess, &s, &mut GameRng::seed_from_u64(11)),
            ranked,
        )
    };
    let (a0, r0) = search(0);
    let (a1, r1) = search(1);
    let (a2, r2) = search(2);
    assert_eq!(
        (a0, a1, a2),
        (2, 2, 2),
        "the likeliest card, whatever the real one"
    );
    assert_eq!(r0, r1, "identical statistics: the real card was never read");
    assert_eq!(r1, r2);
}

#[test]
fn information_sets_the_paired_root_search_never_reads_the_hidden_card() {
    let choose = |card: u8| {
        let config = MctsConfig {
            paired: true,
            iterations: 300,
            ..config(ChanceMode::Exact, 1)
        };
        let mut bot = MctsBot::new("t", config, None);
        let s = Hidden {
            card: Some(card),
            guess: None,
        };
        let a = bot.choose(&Guess, &s, &mut GameRng::seed_from_u64(11));
        (a, bot.last_value)
    };
    let (a0, a1, a2) = (choose(0), choose(1), choose(2));
    assert_eq!(a0.0, 2, "the likeliest card, whatever the real one");
    assert_eq!(
        (a0, a1),
        (a1, a2),
        "the same choice and estimate for every card"
    );
}

/// A policy that reads the hidden card and names it (a careless scripted bot).
struct Peek;

impl Bot<Guess> for Peek {
    fn name(&self) -> String {
        "peek".into()
    }
    fn choose(&mut self, _game: &Guess, s: &Hidden, _rng: &mut GameRng) -> u8 {
        s.card.expect("dealt")
    }
}

#[test]
fn information_sets_the_policy_move_is_chosen_in_a_determinization() {
    use sandtable::bots::mcts::{RolloutFactory, RolloutPolicy};
    use std::sync::Arc;
    let policy: RolloutFactory<Guess> = Arc::new(|| Box::new(Peek));
    let choose = |card: u8| {
        let config = MctsConfig {
            iterations: 30,
            rollout: RolloutPolicy::Scripted,
            // Keep the policy's move whatever the search finds.
            policy_confidence: 1000.0,
            ..config(ChanceMode::Exact, 1)
        };
        let mut bot = MctsBot::new("t", config, Some(policy.clone()));
        let s = Hidden {
            card: Some(card),
            guess: None,
        };
        bot.choose(&Guess, &s, &mut GameRng::seed_from_u64(4))
    };
    let picks = [choose(0), choose(1), choose(2)];
    assert!(
        picks.iter().all(|&p| p == picks[0]),
        "the policy never sees the real card: {picks:?}"
    );
}

/// Hidden information that decides what comes next: player 0 picks a road; on an ambushed road
/// (only player 1 knows) player 1 springs the ambush or not, else a die decides. A node of the
/// shared tree is a chance node in one determinization and player 1's decision in another.
struct Ambush;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Road {
    ambushed: [bool; 2],
    road: Option<u8>,
    result: Option<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum AmbushAct {
    Road(u8),
    Spring(bool),
    Die(bool),
}

impl Game for Ambush {
    type State = Road;
    type Action = AmbushAct;
    fn id(&self) -> &'static str {
        "ambush"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn player_name(&self, p: PlayerId) -> &'static str {
        ["Column", "Ambusher"][p]
    }
    fn initial_state(&self) -> Road {
        Road {
            ambushed: [true, false],
            road: None,
            result: None,
        }
    }
    fn actor(&self, s: &Road) -> Actor {
        match (s.road, s.result) {
            (None, _) => Actor::Player(0),
            (Some(r), None) if s.ambushed[usize::from(r)] => Actor::Player(1),
            (Some(_), None) => Actor::Chance,
            _ => Actor::Terminal,
        }
    }
    fn legal_actions(&self, s: &Road, out: &mut Vec<AmbushAct>) {
        out.clear();
        match self.actor(s) {
            Actor::Player(0) => out.extend([AmbushAct::Road(0), AmbushAct::Road(1)]),
            Actor::Player(_) => out.extend([AmbushAct::Spring(true), AmbushAct::Spring(false)]),
            _ => {}
        }
    }
    fn chance_outcomes(&self, s: &Road, out: &mut Vec<(AmbushAct, u32)>) {
        out.clear();
        if self.actor(s) == Actor::Chance {
            out.extend([(AmbushAct::Die(true), 5), (AmbushAct::Die(false), 1)]);
        }
    }
    fn apply(&self, s: &mut Road, a: AmbushAct) {
        match (self.actor(s), a) {
            (Actor::Player(0), AmbushAct::Road(r)) => s.road = Some(r),
            (Actor::Player(1), AmbushAct::Spring(hit)) => s.result = Some(!hit),
            (Actor::Chance, AmbushAct::Die(safe)) => s.result = Some(safe),
            (actor, a) => panic!("{a:?} applied where {actor:?} acts"),
        }
    }
    fn outcome(&self, s: &Road) -> Option<Outcome> {
        Some(Outcome {
            winner: Some(if s.result? { 0 } else { 1 }),
            level: "",
            turn: 1,
        })
    }
    fn tally(&self, _s: &Road, _p: PlayerId) -> Tally {
        Tally::default()
    }
    fn turn(&self, _s: &Road) -> u32 {
        1
    }
    fn describe(&self, _s: &Road, a: AmbushAct) -> String {
        format!("{a:?}")
    }
    /// The column does not know which road is ambushed: one of the two, at random.
    fn determinize(&self, s: &Road, viewer: PlayerId, rng: &mut GameRng) -> Road {
        use rand::Rng;
        if viewer == 1 {
            return *s;
        }
        let first: bool = rng.random();
        Road {
            ambushed: [first, !first],
            ..*s
        }
    }
}

#[test]
fn information_sets_a_shared_tree_follows_only_what_each_determinization_allows() {
    let s = Ambush.initial_state();
    for threads in [1, 2] {
        let config = MctsConfig {
            iterations: 3000,
            ..config(ChanceMode::Exact, threads)
        };
        let mut bot = MctsBot::new("t", config, None);
        let ranked = bot.analyse(&Ambush, &s, &mut GameRng::seed_from_u64(6));
        assert_eq!(
            ranked.iter().map(|r| r.1).sum::<u32>(),
            3000 * threads as u32
        );
        // Either road is ambushed half the time, and then the ambusher springs it: each road
        // wins 1/2 · 0 + 1/2 · 5/6 = 5/12 (a little more while the search learns to spring).
        for r in &ranked {
            assert!((r.2 - 5.0 / 12.0).abs() < 0.06, "{ranked:?}");
        }
    }
}

/// A kept subtree holds terminal nodes expanded high in the old arena: once the tree is
/// re-rooted below them, searching again must not read their (empty) child block at its old
/// place (a Stolberg Corridor game with `mcts-fast` for the Germans panicked there).
#[test]
fn information_sets_a_kept_subtree_with_terminal_nodes_is_searched_again() {
    let config = MctsConfig {
        iterations: 300,
        reuse_tree: true,
        ..config(ChanceMode::Exact, 1)
    };
    let mut bot = MctsBot::new("t", config, None);
    let mut rng = GameRng::seed_from_u64(3);
    let mut s = Ambush.initial_state();
    let _ = bot.choose(&Ambush, &s, &mut rng);
    // The column takes the ambushed road: the ambusher decides, in the kept subtree.
    let road = AmbushAct::Road(0);
    bot.observe(&Ambush, &s, road);
    Ambush.apply(&mut s, road);
    assert_eq!(Ambush.actor(&s), Actor::Player(1));
    let spring = bot.choose(&Ambush, &s, &mut rng);
    assert_eq!(spring, AmbushAct::Spring(true));
}

/// A rollout policy that always takes the first legal action (Risky in `Gamble`).
struct FirstAction;

impl<G: Game> Bot<G> for FirstAction {
    fn name(&self) -> String {
        "first".into()
    }
    fn choose(&mut self, game: &G, s: &G::State, _rng: &mut GameRng) -> G::Action {
        let mut v = Vec::new();
        game.legal_actions(s, &mut v);
        v[0]
    }
}

#[test]
fn prior_visits_start_the_search_from_the_rollout_policys_choice() {
    use sandtable::bots::mcts::{RolloutFactory, RolloutPolicy};
    use std::sync::Arc;
    let policy: RolloutFactory<Gamble> = Arc::new(|| Box::new(FirstAction));
    let search = |prior_visits| {
        let config = MctsConfig {
            iterations: 30,
            rollout: RolloutPolicy::Scripted,
            prior_visits,
            ..config(ChanceMode::Exact, 1)
        };
        let mut bot = MctsBot::new("t", config, Some(policy.clone()));
        bot.analyse(&Gamble, &GState::Choose(1), &mut GameRng::seed_from_u64(2))[0].0
    };
    assert_eq!(
        search(0),
        GAct::Safe,
        "the search alone finds the better move"
    );
    assert_eq!(
        search(1000),
        GAct::Risky,
        "a strong prior holds the policy's move"
    );
}

fn keeping_policy(z: f32) -> MctsBot<Gamble> {
    use sandtable::bots::mcts::{RolloutFactory, RolloutPolicy};
    use std::sync::Arc;
    let policy: RolloutFactory<Gamble> = Arc::new(|| Box::new(FirstAction));
    let config = MctsConfig {
        iterations: 600,
        rollout: RolloutPolicy::Scripted,
        policy_confidence: z,
        ..config(ChanceMode::Exact, 1)
    };
    MctsBot::new("t", config, Some(policy))
}

#[test]
fn policy_confidence_keeps_the_policys_move_among_moves_of_equal_worth() {
    // In `Choose(2)` the first choice does not count: both moves are worth the same, and the
    // most visited one is down to noise. The policy (Risky first) keeps its move every time.
    for seed in 0..8 {
        let mut rng = GameRng::seed_from_u64(seed);
        let chosen = keeping_policy(2.0).choose(&Gamble, &GState::Choose(2), &mut rng);
        assert_eq!(chosen, GAct::Risky, "seed {seed}");
    }
}

#[test]
fn policy_confidence_leaves_the_policys_move_for_a_clearly_better_one() {
    // Safe wins 2 in 3, the policy's Risky 1 in 6: far more than 2 standard errors apart.
    let mut rng = GameRng::seed_from_u64(3);
    let chosen = keeping_policy(2.0).choose(&Gamble, &GState::Choose(1), &mut rng);
    assert_eq!(chosen, GAct::Safe);
}

#[test]
fn options_correction_raises_the_bar_with_the_number_of_moves_compared() {
    use sandtable::bots::mcts::policy_bar;
    assert_eq!(policy_bar(1.0, 30, false), 1.0, "off: the bar is fixed");
    assert_eq!(
        policy_bar(1.0, 2, true),
        1.0,
        "one alternative: nothing to correct"
    );
    let (few, many) = (policy_bar(1.0, 5, true), policy_bar(1.0, 40, true));
    assert!((few - (1.0 + (2.0 * 4f32.ln()).sqrt())).abs() < 1e-6);
    assert!(many > few && many < 4.0, "√(2 ln 39) ≈ 2.71: {many}");
}

#[test]
fn options_correction_keeps_the_policys_move_against_the_luckiest_of_many() {
    use sandtable::bots::mcts::{keep_policy_move, policy_bar};
    // 40 moves of equal worth, 100 visits each; by luck the best scores 0.70 against the
    // policy's 0.50: 2.8 standard errors, enough for a fixed bar of 1, not for the corrected
    // bar of 1 + √(2 ln 39) ≈ 3.7.
    let mut ranked: Vec<(u32, u32, f32)> = (0..40).map(|a| (a, 100, 0.5)).collect();
    ranked[0].2 = 0.70;
    let policy = 7;
    let fixed = keep_policy_move(&ranked, policy, policy_bar(1.0, 40, false)).unwrap();
    let corrected = keep_policy_move(&ranked, policy, policy_bar(1.0, 40, true)).unwrap();
    assert_eq!(fixed.0, 0, "a fixed bar takes the lucky move");
    assert_eq!(corrected.0, policy, "the corrected bar keeps the policy's");
    // A move better by 0.45 (6.4 standard errors) still wins.
    ranked[0].2 = 0.95;
    assert_eq!(
        keep_policy_move(&ranked, policy, policy_bar(1.0, 40, true))
            .unwrap()
            .0,
        0
    );
}

#[test]
fn a_policy_move_the_search_never_tried_is_kept() {
    use sandtable::bots::mcts::{keep_policy_move, policy_bar};
    // 5 iterations over 30 moves: the policy's move (7) got none; the most visited won its one
    // rollout. One lucky rollout is no evidence against a move never measured.
    let mut ranked: Vec<(u32, u32, f32)> = (0..30).map(|a| (a, 0, 0.0)).collect();
    ranked[0] = (0, 1, 1.0);
    ranked[1] = (1, 1, 0.0);
    let kept = keep_policy_move(&ranked, 7, policy_bar(1.0, 30, true)).unwrap();
    assert_eq!(kept.0, 7);
}

fn paired(threads: usize, policy_confidence: f32) -> MctsBot<Gamble> {
    paired_with_budget(120 / threads as u32, threads, policy_confidence)
}

fn paired_with_budget(iterations: u32, threads: usize, policy_confidence: f32) -> MctsBot<Gamble> {
    use sandtable::bots::mcts::{RolloutFactory, RolloutPolicy};
    use std::sync::Arc;
    let policy: RolloutFactory<Gamble> = Arc::new(|| Box::new(FirstAction));
    let config = MctsConfig {
        paired: true,
        iterations,
        rollout: RolloutPolicy::Scripted,
        policy_confidence,
        ..config(ChanceMode::Exact, threads)
    };
    MctsBot::new("t", config, Some(policy))
}

#[test]
fn the_paired_root_search_leaves_the_policys_move_for_a_clearly_better_one() {
    // Safe wins 2 in 3, the policy's Risky 1 in 6.
    for seed in 0..4 {
        let mut rng = GameRng::seed_from_u64(seed);
        let chosen = paired(1, 2.0).choose(&Gamble, &GState::Choose(1), &mut rng);
        assert_eq!(chosen, GAct::Safe, "seed {seed}");
    }
}

#[test]
fn the_paired_root_search_compares_moves_on_the_same_dice() {
    // In `Choose(2)` the first choice does not count. On common dice both moves' rollouts end
    // alike seed by seed: every paired difference is 0 and the policy's move stays, even with
    // no bar at all (policy_confidence 0 still asks for a positive mean difference).
    for seed in 0..8 {
        let mut bot = paired(1, 0.0);
        let mut rng = GameRng::seed_from_u64(seed);
        let chosen = bot.choose(&Gamble, &GState::Choose(2), &mut rng);
        assert_eq!(chosen, GAct::Risky, "seed {seed}");
        assert_eq!(
            bot.last_iterations, 120,
            "the budget, 60 rollouts of each move"
        );
    }
}

#[test]
fn the_paired_root_search_keeps_the_policys_move_when_the_budget_cannot_judge_each_move_8_times() {
    use sandtable::bots::mcts::MIN_PAIRED_SEEDS;
    // Two moves; Safe is far better than the policy's Risky, but 15 rollouts are 7 a move: no
    // measure of the spread, so nothing is rolled out and the policy's move stays.
    let budgeted = |iterations| paired_with_budget(iterations, 1, 0.0);
    assert_eq!(MIN_PAIRED_SEEDS, 8);
    for seed in 0..8 {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut short = budgeted(15);
        assert_eq!(
            short.choose(&Gamble, &GState::Choose(1), &mut rng),
            GAct::Risky
        );
        assert_eq!(short.last_iterations, 0, "seed {seed}: nothing judged");
        let mut enough = budgeted(16);
        enough.choose(&Gamble, &GState::Choose(1), &mut rng);
        assert_eq!(enough.last_iterations, 16, "seed {seed}: 8 rollouts a move");
    }
}

#[test]
fn the_paired_root_search_is_the_same_on_one_thread_or_two() {
    let run = |threads| {
        let mut bot = paired(threads, 1.0);
        bot.start(11);
        let chosen = bot.choose(&Gamble, &GState::Choose(1), &mut GameRng::seed_from_u64(4));
        (chosen, bot.last_value)
    };
    assert_eq!(run(1), run(2));
}

/// Plays three games of `game` with its doctrine on every side, then with a search that never
/// leaves the doctrine's move (an unreachable bar) on side `searcher`, on the same seeds.
fn doctrine_and_search_games<G: sandtable::registry::Entry>(game: &G, searcher: usize)
where
    G::State: PartialEq,
{
    use sandtable::engine::{game_rng, game_seed};
    use sandtable::sim::play_to_end;
    let config = MctsConfig {
        iterations: 8,
        rollout: sandtable::bots::mcts::RolloutPolicy::Scripted,
        policy_confidence: 1.0e6,
        ..MctsConfig::default()
    };
    for i in 0..3 {
        let doctrine: Vec<Box<dyn Bot<G>>> = (0..game.acting_players())
            .map(|_| G::scripted()())
            .collect();
        let mut search: Vec<Box<dyn Bot<G>>> = (0..game.acting_players())
            .map(|_| G::scripted()())
            .collect();
        search[searcher] = Box::new(MctsBot::new("search", config.clone(), Some(G::scripted())));
        let seed = game_seed(11, i);
        let [(scripted, _), (searched, _)] = [doctrine, search].map(|mut bots| {
            play_to_end(game, &mut bots, i, seed, &mut game_rng(11, i), None).unwrap()
        });
        assert!(scripted == searched, "{} game {i} differs", game.id());
    }
}

#[test]
fn a_search_that_keeps_the_doctrines_moves_sees_the_doctrines_dice() {
    use sandtable::games::rudders_line::RuddersLine;
    use sandtable::games::{aachen::Aachen, crossing_the_line::CrossingTheLine};
    // The search thinks with random numbers of its own; the doctrine's draws (Rudder's Line's
    // tie-breaks, Crossing the Line's determinization) still come from the game's generator,
    // as when the doctrine plays alone. So the dice are the doctrine's game's.
    doctrine_and_search_games(&Aachen::embedded().unwrap(), 0);
    let rudders_line = RuddersLine::embedded().unwrap();
    doctrine_and_search_games(&rudders_line, 0);
    doctrine_and_search_games(&rudders_line, 1);
    let stolberg = CrossingTheLine::embedded("stolberg-corridor").unwrap();
    doctrine_and_search_games(&stolberg, 1);
}
