//! 5.3.4 Limited Intelligence: determinization keeps what the viewer sees and its legal
//! actions, redraws the rest, and bots choose alike in states the viewer cannot tell apart.

use super::*;
use crate::bots::mcts::{MctsBot, RolloutFactory, RolloutPolicy};
use crate::bots::{preset, Bot, RandomBot};
use crate::engine::game::sample_chance;
use crate::engine::{Actor, Game};
use crate::games::crossing_the_line::counters::UnitClass;
use crate::games::crossing_the_line::movement;
use crate::games::crossing_the_line::state::{on_map, BONUS_ONLY};
use crate::games::crossing_the_line::victory;
use crate::games::crossing_the_line::{Action, CrossingTheLine};
use rand::SeedableRng;
use std::sync::Arc;

fn game(scenario: &str) -> CrossingTheLine {
    CrossingTheLine::embedded(scenario).expect("embedded data")
}

/// A random player that attacks when it can and seldom passes, so that playouts see combat.
fn aggressive(legal: &[Action], rng: &mut GameRng) -> Action {
    let pick = |f: &dyn Fn(&Action) -> bool, rng: &mut GameRng| {
        let n = legal.iter().filter(|a| f(a)).count();
        (n > 0).then(|| {
            *legal
                .iter()
                .filter(|a| f(a))
                .nth(rng.random_range(0..n))
                .unwrap()
        })
    };
    let attack = |a: &Action| {
        matches!(
            a,
            Action::Attack { .. } | Action::AddAttacker(_) | Action::Resolve
        )
    };
    let busy = |a: &Action| !matches!(a, Action::Pass | Action::End | Action::Transfer);
    if rng.random_bool(0.7) {
        if let Some(a) = pick(&attack, rng) {
            return a;
        }
    }
    if rng.random_bool(0.9) {
        if let Some(a) = pick(&busy, rng) {
            return a;
        }
    }
    legal[rng.random_range(0..legal.len())]
}

/// Plays `games` playouts of at most `steps` steps, calling `each(before, action, after)`.
fn playouts(
    g: &CrossingTheLine,
    games: u64,
    steps: usize,
    mut each: impl FnMut(&State, Action, &State),
) {
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    for seed in 0..games {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut s = g.initial_state();
        for _ in 0..steps {
            let a = match g.actor(&s) {
                Actor::Terminal => break,
                Actor::Chance => {
                    g.chance_outcomes(&s, &mut chance);
                    sample_chance(&chance, &mut rng)
                }
                Actor::Player(_) => {
                    g.legal_actions(&s, &mut legal);
                    aggressive(&legal, &mut rng)
                }
            };
            let before = s;
            g.apply(&mut s, a);
            each(&before, a, &s);
        }
    }
}

/// The decision states of the playouts, with their actor.
fn decision_states(g: &CrossingTheLine, games: u64, steps: usize) -> Vec<(State, usize)> {
    let mut out = Vec::new();
    playouts(g, games, steps, |s, _, _| {
        if let Actor::Player(p) = g.actor(s) {
            out.push((*s, p));
        }
    });
    out
}

fn on_map_strength(rs: &Ruleset, s: &State, side: Side) -> u32 {
    bits(s.on_map_units(rs, side))
        .map(|u| u32::from(s.strength[u]))
        .sum()
}

#[test]
fn rule_5_3_4_determinize_keeps_what_the_viewer_sees_and_redraws_the_rest() {
    let (mut strengths_redrawn, mut stacks_redrawn) = (0, 0);
    for scenario in ["stolberg-corridor", "first-blood"] {
        let g = game(scenario);
        let rs = g.rules();
        let mut rng = GameRng::seed_from_u64(7);
        for (s, _) in decision_states(&g, 6, 400) {
            for viewer in Side::BOTH {
                let d = g.determinize(&s, viewer.index(), &mut rng);
                let enemy = viewer.other();
                // Only enemy positions, strengths and secret assignments change (5.5.2, tested
                // below), and with them which units the markers cover and the enemy ZOC in the
                // enemy's own hexes, which the viewer never reads (tested below); every other
                // mask, marker and cache stays.
                let mut e = d;
                e.hex = s.hex;
                e.strength = s.strength;
                e.formation = s.formation;
                e.improved = s.improved;
                e.zoc[enemy.index()] = s.zoc[enemy.index()];
                assert_eq!(e, s);
                assert_keeps_the_stacks_seen(rs, &s, &d, enemy);
                for u in bits(rs.side_units[viewer.index()]) {
                    assert_eq!((d.hex[u], d.strength[u]), (s.hex[u], s.strength[u]));
                }
                let visible = visible_enemy(rs, &s, viewer);
                assert_eq!(visible_enemy(rs, &d, viewer), visible);
                for u in bits(visible) {
                    assert_eq!(d.hex[u], s.hex[u], "5.3.4: a top or revealed unit stays");
                }
                for u in bits(rs.side_units[enemy.index()]) {
                    if !on_map(s.hex[u]) {
                        assert_eq!((d.hex[u], d.strength[u]), (s.hex[u], s.strength[u]));
                    } else {
                        assert!((1..=rs.unit(u).strength).contains(&d.strength[u]));
                    }
                }
                // 5.3.4: the enemy's losses are public; how they are shared is not.
                assert_eq!(
                    on_map_strength(rs, &d, enemy),
                    on_map_strength(rs, &s, enemy)
                );
                strengths_redrawn += usize::from(d.strength != s.strength);
                stacks_redrawn += usize::from(d.hex != s.hex);
            }
        }
    }
    assert!(strengths_redrawn > 50, "{strengths_redrawn}");
    assert!(stacks_redrawn > 50, "{stacks_redrawn}");
}

/// The hexes of `side`'s units under an Improved Defense marker (7.7).
fn marker_hexes(rs: &Ruleset, s: &State, side: Side) -> HexSet {
    let mut out = HexSet::EMPTY;
    for u in bits(s.on_map_units(rs, side) & s.improved) {
        out.insert(usize::from(s.hex[u]));
    }
    out
}

/// What the viewer sees of `side`'s stacks is the same in `d` as in `s`: the enemy ZOC outside
/// the enemy's hexes (5.4.1), the markers (7.7: on the same hexes, covering every unit there,
/// none disrupted), and every hex within the AFV stacking limit it was within (5.3.1).
fn assert_keeps_the_stacks_seen(rs: &Ruleset, s: &State, d: &State, side: Side) {
    let i = side.index();
    assert_eq!(d.occupied, s.occupied);
    assert_eq!(
        d.zoc[i].difference(&d.occupied[i]),
        s.zoc[i].difference(&s.occupied[i]),
        "5.4.1: the EZOC the viewer reads"
    );
    let markers = marker_hexes(rs, s, side);
    assert_eq!(marker_hexes(rs, d, side), markers, "7.7: the markers stay");
    let afvs = |st: &State, h: u16| {
        bits(st.units_at(rs, side, h) & !st.moving.units)
            .filter(|&u| rs.unit(u).class == UnitClass::Afv)
            .count()
    };
    let limit = usize::from(rs.charts.stacking.afv_units);
    for u in bits(d.on_map_units(rs, side)) {
        let h = d.hex[u];
        if d.moving.units >> u & 1 == 0 {
            let covered = markers.contains(usize::from(h));
            assert_eq!(d.improved >> u & 1 == 1, covered, "7.7: all or nothing");
            assert!(
                !(covered && d.is_disrupted(u)),
                "7.7: no disrupted unit under it"
            );
        }
        if afvs(s, h) <= limit {
            assert!(afvs(d, h) <= limit, "5.3.1: AFVs in {h}");
        }
    }
}

#[test]
fn rule_5_3_4_open_game_determinize_returns_the_state() {
    let g = game("stolberg-corridor").with_open(true);
    assert!(g.is_open());
    let mut rng = GameRng::seed_from_u64(1);
    for (s, p) in decision_states(&g, 3, 400) {
        for viewer in [p, 1 - p] {
            assert_eq!(g.determinize(&s, viewer, &mut rng), s);
        }
    }
}

#[test]
fn rule_5_3_4_determinize_keeps_the_viewers_legal_actions() {
    let g = game("stolberg-corridor");
    let mut rng = GameRng::seed_from_u64(3);
    let (mut before, mut after) = (Vec::new(), Vec::new());
    let mut checked = 0;
    for (s, p) in decision_states(&g, 8, 500) {
        g.legal_actions(&s, &mut before);
        for _ in 0..3 {
            let d = g.determinize(&s, p, &mut rng);
            assert_eq!(g.actor(&d), Actor::Player(p));
            g.legal_actions(&d, &mut after);
            assert_eq!(before, after, "5.3.4: the viewer's actions in {:?}", s.step);
            checked += usize::from(d != s);
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn rule_5_3_4_determinize_reads_only_what_the_viewer_sees() {
    let g = game("stolberg-corridor");
    let mut other = GameRng::seed_from_u64(11);
    let mut differ = 0;
    for (i, (s, p)) in decision_states(&g, 6, 400).into_iter().enumerate() {
        // A state the viewer cannot tell from `s`: other hidden strengths and stacks.
        let t = g.determinize(&s, p, &mut other);
        differ += usize::from(t != s);
        let seed = i as u64;
        let a = g.determinize(&s, p, &mut GameRng::seed_from_u64(seed));
        let b = g.determinize(&t, p, &mut GameRng::seed_from_u64(seed));
        assert_eq!(a, b);
    }
    assert!(differ > 50, "{differ}");
}

/// The units of `side` the viewer does not see and `determinize` deals.
fn hidden_units(rs: &Ruleset, s: &State, side: Side) -> Units {
    let shown = visible_enemy(rs, s, side.other()) | engaged(s) | displacing(rs, s, side);
    s.on_map_units(rs, side) & !shown
}

/// `s` with units `u` and `v` in each other's place; the markers stay on their hexes (7.7).
fn swapped(rs: &Ruleset, s: &State, u: usize, v: usize) -> State {
    let mut t = *s;
    t.hex.swap(u, v);
    let (mu, mv) = (s.improved >> u & 1, s.improved >> v & 1);
    t.improved = t.improved & !(1 << u | 1 << v) | mv << u | mu << v;
    t.refresh(rs);
    t
}

/// Whether the viewer (`p`) sees `t` as it sees `s`: the same tops and revealed units, stack
/// heights, markers and EZOC outside the enemy's hexes, hence the same legal actions.
fn looks_alike(g: &CrossingTheLine, s: &State, t: &State, p: usize) -> bool {
    let rs = g.rules();
    let viewer = Side::BOTH[p];
    let i = viewer.other().index();
    let ezoc = |x: &State| x.zoc[i].difference(&x.occupied[i]);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    g.legal_actions(s, &mut a);
    g.legal_actions(t, &mut b);
    visible_enemy(rs, s, viewer) == visible_enemy(rs, t, viewer)
        && s.occupied == t.occupied
        && ezoc(s) == ezoc(t)
        && marker_hexes(rs, s, viewer.other()) == marker_hexes(rs, t, viewer.other())
        && bits(t.improved & t.disrupted).next().is_none()
        && a == b
}

/// Two hidden units of `side` in different hexes that differ in class (`class`) or else in
/// disruption, whose swap the viewer (`p`) cannot see, and the state with them swapped.
fn unseen_swap(g: &CrossingTheLine, s: &State, p: usize, class: bool) -> Option<State> {
    let rs = g.rules();
    let side = Side::BOTH[p].other();
    let hidden = hidden_units(rs, s, side);
    let differ = |u: usize, v: usize| {
        let classes = rs.unit(u).class != rs.unit(v).class;
        let disruption = s.is_disrupted(u) != s.is_disrupted(v);
        if class {
            classes
        } else {
            !classes && disruption
        }
    };
    let limit = usize::from(rs.charts.stacking.afv_units);
    let fits = |t: &State| {
        bits(hidden).all(|u| {
            let here = t.units_at(rs, side, t.hex[u]) & !t.moving.units;
            bits(here)
                .filter(|&x| rs.unit(x).class == UnitClass::Afv)
                .count()
                <= limit
        })
    };
    for u in bits(hidden) {
        for v in bits(hidden).filter(|&v| v > u && s.hex[v] != s.hex[u] && differ(u, v)) {
            let t = swapped(rs, s, u, v);
            if fits(&t) && looks_alike(g, s, &t, p) {
                return Some(t);
            }
        }
    }
    None
}

/// `s` with its highest hidden unit of `side` outside an Improved Defense marker disrupted, as
/// a failed Effectiveness Check leaves a unit in its stack (7.3.4, 5.8.4). In playouts the
/// disrupted units are nearly all revealed: the combat that disrupts them shows them (5.3.4)
/// and they stay until they move.
fn with_a_hidden_disrupted_unit(rs: &Ruleset, s: &State, side: Side) -> Option<State> {
    let hidden = hidden_units(rs, s, side) & !s.improved;
    let u = bits(hidden).last()?;
    let mut t = *s;
    t.disrupted |= 1 << u;
    t.refresh(rs);
    Some(t)
}

/// 5.3.4: the class and disruption of a unit under a top are not seen, so two states that
/// differ only in which hidden unit (Infantry or AFV, disrupted or not) is in which stack,
/// with the same tops, heights, markers and EZOC, give the same determinization.
#[test]
fn rule_5_3_4_determinize_reads_no_hidden_units_class_or_disruption() {
    let mut swaps = [0; 2];
    for scenario in ["stolberg-corridor", "campaign"] {
        let g = game(scenario);
        let rs = g.rules();
        for (s, p) in decision_states(&g, 3, 800).into_iter().step_by(3) {
            let enemy = Side::BOTH[p].other();
            for class in [true, false] {
                let base = if class {
                    s
                } else {
                    let Some(b) = with_a_hidden_disrupted_unit(rs, &s, enemy) else {
                        continue;
                    };
                    b
                };
                let Some(t) = unseen_swap(&g, &base, p, class) else {
                    continue;
                };
                for seed in 0..3 {
                    let a = g.determinize(&base, p, &mut GameRng::seed_from_u64(seed));
                    let b = g.determinize(&t, p, &mut GameRng::seed_from_u64(seed));
                    assert_eq!(a, b, "5.3.4: a hidden unit's class or disruption read");
                }
                swaps[usize::from(class)] += 1;
            }
        }
    }
    assert!(swaps[1] > 20 && swaps[0] > 20, "{swaps:?}");
}

/// 5.3.4: a hidden unit may be dealt into a stack that held one of another class or
/// disruption, where the EZOC seen allows it: over the determinizations, some stack's count of
/// hidden AFVs and of hidden disrupted units changes.
#[test]
fn rule_5_3_4_a_hidden_unit_may_be_dealt_where_one_of_another_class_was() {
    let mut changed = [0; 2];
    for scenario in ["stolberg-corridor", "campaign"] {
        let g = game(scenario);
        let rs = g.rules();
        let mut rng = GameRng::seed_from_u64(13);
        for (s, p) in decision_states(&g, 3, 800) {
            let enemy = Side::BOTH[p].other();
            let Some(s) = with_a_hidden_disrupted_unit(rs, &s, enemy) else {
                continue;
            };
            let hidden = hidden_units(rs, &s, enemy);
            let d = g.determinize(&s, p, &mut rng);
            let afv = bits(hidden)
                .filter(|&u| rs.unit(u).class == UnitClass::Afv)
                .fold(0, |m, u| m | 1 << u);
            for h in bits(hidden).map(|u| s.hex[u]) {
                for (k, of) in [afv, s.disrupted].into_iter().enumerate() {
                    let n = |x: &State| (x.units_at(rs, enemy, h) & hidden & of).count_ones();
                    changed[k] += usize::from(n(&d) != n(&s));
                }
            }
        }
    }
    assert!(changed[0] > 10 && changed[1] > 10, "{changed:?}");
}

#[test]
fn rule_5_3_4_an_attack_reveals_the_stacks_until_they_move() {
    let g = game("stolberg-corridor");
    let mut seen_at = [0u16; 64];
    let mut attacks = 0;
    playouts(&g, 6, 600, |before, a, s| {
        if let Action::Attack { .. } = a {
            assert_eq!(s.fight.defenders & !s.revealed, 0, "5.3.4: defenders shown");
            attacks += 1;
        }
        if before.step == Step::Attackers && s.step != Step::Attackers {
            assert_eq!(s.fight.attackers & !s.revealed, 0, "attackers shown");
        }
        for u in bits(s.revealed & !before.revealed) {
            seen_at[u] = s.hex[u];
        }
        // 5.3.3: the opponent sees the overstacked stack he displaces from, a unit that has
        // just moved or retreated into it (hidden again on the way) included.
        if s.step == Step::UnitDisplacement {
            let o = s.overstack;
            for u in bits(s.revealed & s.units_at(g.rules(), o.side, o.hex)) {
                seen_at[u] = s.hex[u];
            }
        }
        for u in bits(s.revealed).filter(|&u| on_map(s.hex[u])) {
            assert_eq!(
                s.hex[u], seen_at[u],
                "a unit that moved is hidden again: unit {u} after {a:?} at {:?}, now {:?}",
                before.step, s.step
            );
        }
    });
    assert!(attacks > 10, "{attacks}");
}

/// States of both sides' decisions, several actions open, where another state of the same
/// information set differs in hidden strengths (and stacks).
fn twin_states(g: &CrossingTheLine, n: usize) -> Vec<(State, State)> {
    let mut other = GameRng::seed_from_u64(5);
    let mut legal = Vec::new();
    let mut out = Vec::new();
    let mut per_side = [0; 2];
    for (s, p) in decision_states(g, 10, 600) {
        g.legal_actions(&s, &mut legal);
        if legal.len() < 3 || per_side[p] == n / 2 {
            continue;
        }
        let t = g.determinize(&s, p, &mut other);
        if t.strength != s.strength {
            out.push((s, t));
            per_side[p] += 1;
        }
    }
    out
}

/// A rollout policy that reads the enemy's strengths outright, as a careless scripted bot
/// might: it attacks the stack with the fewest SP when it can, else plays like `aggressive`.
struct StrengthReader;

impl Bot<CrossingTheLine> for StrengthReader {
    fn name(&self) -> String {
        "strength-reader".into()
    }

    fn choose(&mut self, g: &CrossingTheLine, s: &State, rng: &mut GameRng) -> Action {
        let mut legal = Vec::new();
        g.legal_actions(s, &mut legal);
        let sp = |h: u16| -> u32 {
            (0..g.rules().units.len())
                .filter(|&u| s.hex[u] == h)
                .map(|u| u32::from(s.strength[u]))
                .sum()
        };
        let weakest = legal
            .iter()
            .filter_map(|&a| match a {
                Action::Attack { target, .. } => Some((sp(target), a)),
                _ => None,
            })
            .min_by_key(|&(n, _)| n);
        weakest.map_or_else(|| aggressive(&legal, rng), |(_, a)| a)
    }
}

/// The key test: a bot's choice does not change when hidden enemy strengths (and hidden
/// stack order) change, even with a rollout policy that reads strengths; with `--open` the
/// search sees them, and its statistics change. The bot is `mcts-fast` (policy move kept
/// unless beaten, scripted rollouts) with `StrengthReader` as its policy and a small budget.
#[test]
fn rule_5_3_4_a_bots_choice_does_not_change_when_hidden_enemy_strengths_change() {
    let hidden = game("stolberg-corridor");
    let open = game("stolberg-corridor").with_open(true);
    let mut config = preset::load("mcts-fast").unwrap().mcts.unwrap();
    assert_eq!(config.rollout, RolloutPolicy::Scripted);
    config.iterations = 30;
    let policy: RolloutFactory<CrossingTheLine> = Arc::new(|| Box::new(StrengthReader));
    let bot = || MctsBot::<CrossingTheLine>::new("mcts-fast", config.clone(), Some(policy.clone()));
    let twins = twin_states(&hidden, 2);
    assert_eq!(twins.len(), 2);
    let mut open_differs = false;
    for (i, (s, t)) in twins.iter().enumerate() {
        let rng = || GameRng::seed_from_u64(100 + i as u64);
        let a = bot().choose(&hidden, s, &mut rng());
        let b = bot().choose(&hidden, t, &mut rng());
        assert_eq!(a, b, "the same choice in twin states ({:?})", s.step);
        let ranked_a = bot().analyse(&hidden, s, &mut rng());
        assert_eq!(
            ranked_a,
            bot().analyse(&hidden, t, &mut rng()),
            "the same search"
        );
        open_differs |= bot().analyse(&open, s, &mut rng()) != bot().analyse(&open, t, &mut rng());
        let mut random = RandomBot::default();
        let ra = random.choose(&hidden, s, &mut rng());
        let rb = random.choose(&hidden, t, &mut rng());
        assert_eq!(ra, rb, "the random bot reads legal actions only");
    }
    assert!(open_differs, "with --open the search reads the strengths");
}

/// The independents of `side` on the map whose assignment the enemy has not been shown.
fn secret_independents(rs: &Ruleset, s: &State, side: Side) -> Units {
    bits(s.on_map_units(rs, side) & !s.assignment_shown)
        .filter(|&u| rs.unit(u).parent.is_none())
        .fold(0, |m, u| m | 1 << u)
}

#[test]
fn rule_5_5_2_an_assignment_is_secret_until_the_unit_acts_for_its_formation() {
    let (mut assigned, mut moved, mut attacked) = (0, 0, 0);
    for (scenario, games) in [("campaign", 4), ("stolberg-corridor", 6)] {
        check_shown_assignments(
            &game(scenario),
            games,
            &mut [&mut assigned, &mut moved, &mut attacked],
        );
    }
    assert!(
        assigned > 0 && moved > 50 && attacked > 10,
        "{assigned} {moved} {attacked}"
    );
}

/// Counts the secret assignments, moves and attacks of `games` playouts, checking each.
fn check_shown_assignments(g: &CrossingTheLine, games: u64, counts: &mut [&mut usize; 3]) {
    let rs = g.rules();
    let [assigned, moved, attacked] = counts;
    playouts(g, games, 3000, |before, a, s| {
        if let Action::Assign(u, f) = a {
            let u = usize::from(u);
            if rs.unit(u).parent.is_none() && s.formation[u] == f {
                assert_eq!(s.assignment_shown >> u & 1, 0, "5.5.2: recorded secretly");
                **assigned += 1;
            }
        }
        let for_formation = before.act().formation != BONUS_ONLY;
        if let (Step::Destination { from, pick }, Action::Move { .. }, true) =
            (before.step, a, for_formation)
        {
            let movers = movement::movers_of(rs, before, from, pick);
            assert_eq!(movers & !s.assignment_shown, 0, "the movers show it");
            **moved += 1;
        }
        // `battle::close_attackers`: the attackers pay, and the dice are next.
        let declared = s.pending == Pending::Attack && before.pending != Pending::Attack;
        if declared && for_formation {
            assert_eq!(
                s.fight.attackers & !s.assignment_shown,
                0,
                "the attackers show it"
            );
            **attacked += 1;
        }
    });
}

#[test]
fn rule_5_5_2_determinize_redraws_only_the_secret_assignments_of_the_enemy() {
    let g = game("campaign");
    let rs = g.rules();
    let mut rng = GameRng::seed_from_u64(9);
    let mut redrawn = 0;
    for (s, p) in decision_states(&g, 3, 1500) {
        let viewer = Side::BOTH[p];
        let secret = secret_independents(rs, &s, viewer.other());
        let d = g.determinize(&s, p, &mut rng);
        for u in 0..rs.units.len() {
            if secret >> u & 1 == 0 {
                assert_eq!(d.formation[u], s.formation[u], "unit {u}: seen or own");
            } else {
                let f = d.formation[u];
                assert!(assignment::attachable(rs, u, f) && on_map(d.hq_hex[usize::from(f)]));
                redrawn += usize::from(f != s.formation[u]);
            }
        }
    }
    assert!(redrawn > 20, "{redrawn}");
}

#[test]
fn rule_5_5_2_the_enemy_learns_that_an_independent_was_assigned_not_which_nor_where() {
    let g = game("campaign");
    let rs = g.rules();
    let mut legal = Vec::new();
    let mut checked = 0;
    for (s, p) in decision_states(&g, 3, 1500) {
        if !matches!(s.step, Step::Assignment(_)) {
            continue;
        }
        g.legal_actions(&s, &mut legal);
        for &a in &legal {
            let Action::Assign(u, f) = a else { continue };
            let full = g.describe(&s, a);
            assert_eq!(g.describe_seen(&s, a, p), full, "its own side reads it all");
            let enemy = g.describe_seen(&s, a, 1 - p);
            if rs.unit(usize::from(u)).parent.is_none() {
                assert!(enemy.contains("in secret (5.5.2"), "{enemy}");
                assert!(!enemy.contains(&rs.unit(usize::from(u)).name), "{enemy}");
                assert!(!enemy.contains(&rs.formation(f).name), "{enemy}");
                let open = game("campaign").with_open(true);
                assert_eq!(open.describe_seen(&s, a, 1 - p), full, "--open shows all");
                checked += 1;
            } else {
                assert_eq!(enemy, full, "5.5.1: an Assigned marker is public");
            }
        }
    }
    assert!(checked > 0, "{checked}");
}

#[test]
fn rule_5_3_4_the_play_screen_lists_only_the_enemy_units_the_viewer_sees() {
    use crate::registry::Entry;
    let g = game("stolberg-corridor");
    let rs = g.rules();
    let (mut unseen, mut checked) = (0, 0);
    for (s, p) in decision_states(&g, 4, 400) {
        let viewer = Side::BOTH[p];
        let text = Entry::render_seen(&g, &s, Some(p));
        let line = |u: usize| format!("  {:<10} ", rs.unit(u).name);
        let seen = visible_enemy(rs, &s, viewer);
        for u in bits(s.on_map_units(rs, viewer.other())) {
            let listed = text.lines().find(|l| l.starts_with(&line(u)));
            assert_eq!(
                listed.is_some(),
                seen >> u & 1 == 1,
                "5.3.4: {}\n{text}",
                rs.unit(u).name
            );
            // The counter's printed strength, as on the board, never the SP left (5.3.4).
            let printed = format!(" printed strength {}, ER", rs.unit(u).strength);
            assert!(
                listed.is_none_or(|l| l.contains(&printed) && l.matches("strength").count() == 1),
                "only the enemy's printed strength: {listed:?}"
            );
            unseen += usize::from(seen >> u & 1 == 0);
        }
        for u in bits(s.on_map_units(rs, viewer)) {
            let er = rs.unit(u).er[usize::from(s.is_disrupted(u))];
            let strength = format!(" strength {}, ER {er}", s.strength[u]);
            let own = text.lines().find(|l| l.starts_with(&line(u)));
            assert!(
                own.is_some_and(|l| l.contains(&strength)),
                "{}\n{text}",
                line(u)
            );
        }
        let hidden_count: usize = text
            .lines()
            .filter_map(|l| l.split(", and ").nth(1))
            .map(|t| t.split(' ').next().unwrap().parse::<usize>().unwrap())
            .sum();
        assert_eq!(
            hidden_count,
            bits(s.on_map_units(rs, viewer.other()) & !seen).count()
        );
        let open = game("stolberg-corridor").with_open(true);
        assert_eq!(Entry::render_seen(&open, &s, Some(p)), open.render(&s));
        checked += 1;
    }
    assert!(checked > 50 && unseen > 50, "{checked} {unseen}");
}

/// Trial 12b F1: the log of an enemy stack's move named every unit in it.
#[test]
fn rule_5_3_4_an_enemy_stacks_move_names_only_the_units_the_viewer_sees() {
    let g = game("stolberg-corridor");
    let rs = g.rules();
    let mut legal = Vec::new();
    let mut hidden_movers = 0;
    for (s, p) in decision_states(&g, 4, 400) {
        let (mover, viewer) = (Side::BOTH[p], Side::BOTH[1 - p]);
        g.legal_actions(&s, &mut legal);
        for &a in &legal {
            let Action::Select { from, pick } = a else {
                continue;
            };
            let movers = movement::movers_of(rs, &s, from, pick);
            let unseen = movers & !visible_enemy(rs, &s, viewer);
            let told = g.describe_seen(&s, a, 1 - p);
            for u in bits(movers) {
                let name = format!("{} {}", mover.adjective(), rs.unit(u).name);
                let named =
                    told.contains(&format!("{name} ")) || told.contains(&format!("{name},"));
                assert_eq!(named, unseen >> u & 1 == 0, "5.3.4: «{told}» and {name}");
            }
            if unseen != 0 {
                let count = crate::engine::words::counted(unseen.count_ones(), "unit");
                assert!(told.contains(&format!("{count} unseen")), "{told}");
                hidden_movers += 1;
            }
            assert_eq!(
                g.describe_seen(&s, a, p),
                g.describe(&s, a),
                "its own side sees all"
            );
        }
    }
    assert!(hidden_movers > 10, "{hidden_movers}");
}

#[test]
fn rule_8_3_the_german_screen_does_not_name_the_hidden_victory_plan() {
    use crate::registry::Entry;
    let g = game("campaign");
    let rs = g.rules();
    let plan = rs.plan.as_ref().expect("the Campaign has a Victory Plan");
    let mut checked = 0;
    for (s, _) in decision_states(&g, 2, 2500) {
        let Some(m) = victory::victory_plan(plan, &s) else {
            continue;
        };
        let name = format!("\"{}\"", plan.markers[m].0);
        let german = Entry::standing(&g, &s, Some(Side::German.index())).join(" ");
        assert!(
            !german.contains(&name) && german.contains("the hidden Victory Plan (8.3)"),
            "{german}"
        );
        let german_screen = Entry::render_seen(&g, &s, Some(Side::German.index()));
        let headline = german_screen.lines().next().unwrap();
        assert!(
            headline.contains("the hidden Victory Plan (8.3)"),
            "{headline}"
        );
        assert!(!german_screen.contains(&name), "{german_screen}");
        let us = Entry::standing(&g, &s, Some(Side::Us.index())).join(" ");
        assert!(
            us.contains(&name) && us.contains("counted at the end, rule 9"),
            "{us}"
        );
        assert!(Entry::standing(&g, &s, None).join(" ").contains(&name));
        checked += 1;
    }
    assert!(checked > 10, "{checked}");
}
