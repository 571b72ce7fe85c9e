//! The exact tables of `sandtable crt` and `sandtable initiative` against Monte Carlo through
//! the games' own code (≥ 200,000 seeded resolutions per checked cell; every outcome within 4
//! standard errors), and every input combination's probabilities summing exactly to 1.
//!
//! Initiative (Rudder's Line) and the Random Event and Supply rolls (Aachen) run through the
//! engines' `Game::chance_outcomes` and `apply`; combat runs the dice, drawn from the engines'
//! dice weights, through the resolution functions the engines call.

use rand::Rng;
use sandtable::analysis::{self, Fraction, Table};
use sandtable::engine::{dice, seed, Game};
use sandtable::games::aachen::{self, Aachen};
use sandtable::games::rudders_line::{self as rl, RuddersLine, Side, Step};
use std::collections::HashMap;

const N: u32 = 200_000;

/// Draws from exact integer weights.
fn draw<T: Copy>(rng: &mut impl Rng, outcomes: &[(T, u32)]) -> T {
    let total: u32 = outcomes.iter().map(|o| o.1).sum();
    let mut x = rng.random_range(0..total);
    for &(t, w) in outcomes {
        if x < w {
            return t;
        }
        x -= w;
    }
    unreachable!()
}

/// Checks sampled counts of outcome labels against the exact cell of `table` at `inputs`.
fn agrees(table: &Table, inputs: &[&str], counts: &HashMap<String, u32>) {
    let cell = table
        .cell(inputs)
        .unwrap_or_else(|| panic!("{} has no cell {inputs:?}", table.name));
    let n: u32 = counts.values().sum();
    let mut labels: Vec<&String> = counts.keys().collect();
    labels.extend(cell.outcomes.iter().map(|(o, _)| &o.label));
    for label in labels {
        let p = cell.p(label).to_f64();
        let got = f64::from(counts.get(label).copied().unwrap_or(0)) / f64::from(n);
        let se = (p * (1.0 - p) / f64::from(n)).sqrt();
        assert!(
            (got - p).abs() <= 4.0 * se + 1e-12,
            "{} {inputs:?} {label}: exact {p}, sampled {got} (4 SE = {})",
            table.name,
            4.0 * se
        );
    }
}

fn count(map: &mut HashMap<String, u32>, label: String) {
    *map.entry(label).or_default() += 1;
}

fn d6() -> Vec<(u8, u32)> {
    dice::d6().collect()
}

fn rl_label(r: rl::AttackResult, fail: &str) -> String {
    match r {
        rl::AttackResult::Failed => fail.to_string(),
        rl::AttackResult::Casualties(cp) => format!("cp{cp}"),
    }
}

#[test]
fn every_cell_of_every_table_sums_to_exactly_one() {
    let rl_game = RuddersLine::embedded().unwrap();
    let aa_game = Aachen::embedded().unwrap();
    let mut tables = analysis::rudders_line::crt_tables(&rl_game, &[]);
    tables.extend(analysis::rudders_line::initiative_tables(&rl_game, &[]));
    tables.extend(analysis::aachen::crt_tables(&aa_game, &[]));
    tables.extend(analysis::aachen::initiative_tables(&aa_game, &[]));
    assert_eq!(tables.len(), 8);
    for t in &tables {
        assert!(!t.cells.is_empty(), "{}", t.name);
        for c in &t.cells {
            assert_eq!(c.total(), Fraction::ONE, "{} {:?}", t.name, c.inputs);
            assert_eq!(c.inputs.len(), t.inputs.len());
        }
    }
}

#[test]
fn rudders_line_combat_tables_agree_with_sampled_dice() {
    let game = RuddersLine::embedded().unwrap();
    let tables = analysis::rudders_line::crt_tables(&game, &[]);
    let mut rng = seed::game_rng(5, 0);
    let d6 = d6();
    for (o, d) in [(5u8, 5u8), (10, 4), (3, 9), (12, 12), (1, 1)] {
        let mut counts = HashMap::new();
        for _ in 0..N {
            let (a, b) = (draw(&mut rng, &d6), draw(&mut rng, &d6));
            let r = rl::attack_result(rl::casualty_points_of(o, a, d, b));
            count(&mut counts, rl_label(r, "fail"));
        }
        agrees(&tables[0], &[&o.to_string(), &d.to_string()], &counts);
    }
    for (strength, tem, mixed) in [(8u8, 1u8, true), (3, 2, false), (5, 4, true)] {
        let mut counts = HashMap::new();
        for _ in 0..N {
            if mixed && rl::is_friendly_fire(draw(&mut rng, &d6)) {
                let cp = rl::friendly_fire_cp(draw(&mut rng, &d6));
                count(&mut counts, format!("friendly_cp{cp}"));
                continue;
            }
            let (a, b) = (draw(&mut rng, &d6), draw(&mut rng, &d6));
            let ot = rl::indirect_offense(strength);
            let dt = rl::indirect_defense(tem);
            let r = rl::attack_result(rl::casualty_points_of(ot, a, dt, b));
            count(&mut counts, rl_label(r, "none"));
        }
        let inputs = [
            strength.to_string(),
            tem.to_string(),
            u8::from(mixed).to_string(),
        ];
        let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
        agrees(&tables[1], &inputs, &counts);
    }
    for (strength, tem) in [(6u8, 2u8), (1, 0), (12, 4)] {
        let mut counts = HashMap::new();
        for _ in 0..N {
            let (a, b) = (draw(&mut rng, &d6), draw(&mut rng, &d6));
            let dt = rl::direct_defense(tem);
            let r = rl::attack_result(rl::casualty_points_of(strength, a, dt, b));
            count(&mut counts, rl_label(r, "none"));
        }
        agrees(
            &tables[2],
            &[&strength.to_string(), &tem.to_string()],
            &counts,
        );
    }
}

/// Plays the initiative roll of `turn` through the engine until the high roller is known.
fn engine_initiative(
    game: &RuddersLine,
    start: &rl::State,
    rng: &mut impl Rng,
    buf: &mut Vec<(rl::Action, u32)>,
) -> Side {
    let mut s = *start;
    while s.step != Step::InitiativeChoice {
        game.chance_outcomes(&s, buf);
        let a = draw(rng, buf);
        game.apply(&mut s, a);
    }
    s.initiative
}

fn initiative_start(game: &RuddersLine, turn: u8, fo_lost: [bool; 2]) -> rl::State {
    let mut s = game.initial_state();
    s.turn = turn;
    s.fo_lost = fo_lost;
    s.phase = rl::Phase::Initiative;
    s.step = Step::Roll(rl::Roll::InitiativeRangers);
    s
}

#[test]
fn rudders_line_initiative_agrees_with_the_engine() {
    let game = RuddersLine::embedded().unwrap();
    let tables = analysis::rudders_line::initiative_tables(&game, &[]);
    let mut rng = seed::game_rng(7, 0);
    let mut buf = Vec::new();
    for (turn, fo) in [(2u8, false), (4, true), (5, false)] {
        let start = initiative_start(&game, turn, [fo, false]);
        let mut counts = HashMap::new();
        for _ in 0..N {
            let side = engine_initiative(&game, &start, &mut rng, &mut buf);
            count(&mut counts, side.name().to_lowercase());
        }
        let rs = game.rules();
        let m = [
            rs.initiative_modifier_on(Side::Rangers, turn, fo),
            rs.initiative_modifier_on(Side::Germans, turn, false),
        ];
        let inputs = [
            turn.to_string(),
            u8::from(fo).to_string(),
            "0".to_string(),
            m[0].to_string(),
            m[1].to_string(),
        ];
        let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
        agrees(&tables[0], &inputs, &counts);
    }
    // Turns held over a game: each turn's roll through the engine, the winner going first.
    for lost_from in [None, Some(3u8)] {
        let starts: Vec<rl::State> = (2..=game.rules().turns)
            .map(|t| initiative_start(&game, t, [lost_from.is_some_and(|f| t >= f), false]))
            .collect();
        let mut counts = HashMap::new();
        for _ in 0..N {
            let first = u32::from(game.rules().first_turn_initiative == Side::Rangers);
            let held: u32 = starts
                .iter()
                .map(|s| {
                    u32::from(engine_initiative(&game, s, &mut rng, &mut buf) == Side::Rangers)
                })
                .sum::<u32>()
                + first;
            count(&mut counts, held.to_string());
        }
        let from = lost_from.map_or("never".to_string(), |t| t.to_string());
        agrees(&tables[1], &[&from, "never", "rangers"], &counts);
    }
}

#[test]
fn aachen_combat_agrees_with_sampled_dice() {
    let game = Aachen::embedded().unwrap();
    let table = &analysis::aachen::crt_tables(&game, &[])[0];
    let mut rng = seed::game_rng(11, 0);
    let two: Vec<(u8, u32)> = dice::two_d6().collect();
    let d6 = d6();
    for (av, dv, df, air) in [
        (10i16, 10i16, 5u8, false),
        (15, 12, 3, true),
        (8, 14, 9, true),
        (20, 10, 4, false),
    ] {
        let mut counts = HashMap::new();
        for _ in 0..N {
            let dice = aachen::CombatDice {
                attack: draw(&mut rng, &two),
                defense: draw(&mut rng, &two),
                air: if air { draw(&mut rng, &d6) } else { 0 },
            };
            let r = aachen::combat_outcome(av, dv, dice, df, false);
            count(&mut counts, format!("{r:?}").to_lowercase());
        }
        let inputs = [
            av.to_string(),
            dv.to_string(),
            df.to_string(),
            u8::from(air).to_string(),
        ];
        let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
        agrees(table, &inputs, &counts);
    }
}

#[test]
fn aachen_random_event_and_supply_agree_with_the_engine() {
    let game = Aachen::embedded().unwrap();
    let tables = analysis::aachen::initiative_tables(&game, &[]);
    let rs = game.rules();
    let mut rng = seed::game_rng(13, 0);
    let mut buf = Vec::new();
    for turn in [1u8, 5] {
        let mut start = game.initial_state();
        start.turn = turn;
        start.phase = aachen::Phase::RandomEvent;
        start.step = aachen::Step::Roll(aachen::Roll::RandomEvent);
        let (mut events, mut supply) = (HashMap::new(), HashMap::new());
        for _ in 0..N {
            let mut s = start;
            while s.step != aachen::Step::Supply {
                game.chance_outcomes(&s, &mut buf);
                let a = draw(&mut rng, &buf);
                game.apply(&mut s, a);
            }
            let name = if s.event == aachen::NONE {
                "no event (row past its last turn)".to_string()
            } else {
                rs.event(s.event).name.clone()
            };
            count(&mut events, name);
            count(&mut supply, s.supply.to_string());
        }
        agrees(&tables[0], &[&turn.to_string()], &events);
        agrees(&tables[1], &[&turn.to_string()], &supply);
    }
}
