//! Issue 21: every numeric field of the data files has the range the rules allow, checked on
//! loading with a one-line error naming the file, table, entry and field; the largest values
//! accepted play through supply, movement and combat without overflow (overflow checks are
//! on in tests).

use super::{Action, Fixture};
use crate::engine::Game;
use crate::games::aachen::data::{DataSet, DefenseStrategy, Terrain, UnitKind};
use crate::games::aachen::state::{Roll, Step, Support, NONE};
use crate::games::aachen::{attack_inputs, supply_points, Aachen};

// ------------------------------------------------------------------------- helpers

fn embedded() -> DataSet {
    DataSet::embedded().expect("embedded data loads")
}

/// The one-line error of validating `data`, which must fail.
fn rejected(data: &DataSet) -> String {
    let err = data
        .validate("test.toml")
        .expect_err("a value out of range must be rejected")
        .to_string();
    assert!(!err.contains('\n'), "one line: {err:?}");
    err
}

/// `data` is rejected in `[table]`, entry `entry`, with "`what` is out of range `range` (basis)".
fn assert_out_of_range(data: &DataSet, table: &str, entry: &str, what: &str, range: &str) {
    let err = rejected(data);
    let prefix = format!("test.toml: [{table}] {entry}: {what} is out of range {range} (");
    assert!(err.starts_with(&prefix), "expected {prefix}…, got {err}");
    assert!(err.ends_with(')'), "the range's basis: {err}");
}

fn american_mut<'a>(
    data: &'a mut DataSet,
    id: &str,
) -> &'a mut crate::games::aachen::data::AmericanDef {
    data.counters
        .americans
        .iter_mut()
        .find(|u| u.id == id)
        .expect("American unit exists")
}

/// The error entry of Random Event row `row` (0-based).
fn event_entry(data: &DataSet, row: usize) -> String {
    let name = &data.charts.random_events.events[row].name;
    format!("event {} ({name})", row + 1)
}

/// The Random Event row of the 3d6 total `roll`.
fn row_of(data: &DataSet, roll: u8) -> usize {
    data.charts
        .random_events
        .events
        .iter()
        .position(|e| e.rolls.contains(&roll))
        .expect("every total has a row")
}

/// The largest value of every range, on the embedded data: Attack and Defense Factors 9,
/// Supply Points 99 for every total, a Random Event row of each extreme (Morale +19 and
/// −19, Supply +99 and −99, 9 free points of each support, an Artillery limit of 9, the last
/// turn 9), Supply costs `cost` and movement costs 6.
fn largest(cost: u8) -> DataSet {
    let mut data = embedded();
    for u in &mut data.counters.americans {
        if u.kind != UnitKind::Leader {
            u.attack = 9;
        }
    }
    for g in &mut data.counters.germans {
        g.defense = 9;
    }
    let ch = &mut data.charts;
    ch.supply.points = vec![99; 16];
    let events = &mut ch.random_events.events;
    events[0].morale = 19;
    events[1].morale = -19;
    events[2].supply = 99;
    events[3].supply = -99;
    events[4].artillery_limit = Some(9);
    (events[5].free_artillery, events[5].free_air) = (9, 9);
    events[5].free_engineer = 9;
    events[10].last_turn = Some(9);
    let c = &mut ch.supply_costs;
    (c.artillery, c.engineer, c.armor, c.air) = (cost, cost, cost, cost);
    (c.return_infantry, c.return_armor) = (cost, cost);
    let m = &mut ch.movement_costs;
    (m.american, m.revealed, m.unrevealed) = (6, 6, 6);
    data
}

/// `games` whole games on `g`, by the random player or the scripted bot, each to its end.
fn play(g: &Aachen, games: u64, scripted: bool) {
    for seed in 0..games {
        let s = crate::registry::play_out(g, seed, scripted);
        assert!(g.outcome(&s).is_some());
    }
}

// ------------------------------------------------------------------------- counters.toml

#[test]
fn rule_4_3_1_attack_factor_above_9_is_rejected() {
    let mut data = embedded();
    american_mut(&mut data, "E").attack = 10;
    assert_out_of_range(&data, "americans", "unit E", "attack 10", "1–9");
    let mut data = embedded();
    american_mut(&mut data, "M-12/A").attack = 255;
    assert_out_of_range(&data, "americans", "unit M-12/A", "attack 255", "1–9");
}

#[test]
fn rule_4_4_defense_factor_outside_1_to_9_is_rejected() {
    for defense in [0, 10] {
        let mut data = embedded();
        data.counters.germans[0].defense = defense;
        let what = format!("defense {defense}");
        assert_out_of_range(&data, "germans", "counter S1", &what, "1–9");
    }
}

/// 4.3.4: a Leader commands the units of his own organisation; one without any is an error
/// of the counters' cross-references.
#[test]
fn rule_4_3_4_a_leader_needs_a_unit_of_his_organisation() {
    let mut data = embedded();
    american_mut(&mut data, "Smoots").organisation = "Nowhere".into();
    assert_eq!(
        rejected(&data),
        "test.toml: [americans] unit Smoots: Leader Smoots commands organisation 'Nowhere', \
         which has no other unit (4.3.4)"
    );
}

// ------------------------------------------------------------------------- charts.toml

#[test]
fn rule_5_2_event_morale_change_beyond_19_is_rejected() {
    for morale in [20, -20] {
        let mut data = embedded();
        data.charts.random_events.events[0].morale = morale;
        let (entry, what) = (event_entry(&data, 0), format!("morale {morale}"));
        assert_out_of_range(&data, "random_events", &entry, &what, "-19–19");
    }
}

#[test]
fn rule_6_3_event_supply_change_beyond_99_is_rejected() {
    for supply in [100, -100] {
        let mut data = embedded();
        data.charts.random_events.events[2].supply = supply;
        let (entry, what) = (event_entry(&data, 2), format!("supply {supply}"));
        assert_out_of_range(&data, "random_events", &entry, &what, "-99–99");
    }
}

#[test]
fn rule_3_2_event_support_points_above_9_are_rejected() {
    let row = row_of(&embedded(), 6); // "Civilians in the cellars": an Artillery limit
    let mut data = embedded();
    data.charts.random_events.events[row].artillery_limit = Some(10);
    let entry = event_entry(&data, row);
    assert_out_of_range(&data, "random_events", &entry, "artillery_limit 10", "0–9");
    for field in ["free_artillery", "free_air", "free_engineer"] {
        let mut data = embedded();
        let e = &mut data.charts.random_events.events[row];
        match field {
            "free_artillery" => e.free_artillery = 10,
            "free_air" => e.free_air = 10,
            _ => e.free_engineer = 10,
        }
        let what = format!("{field} 10");
        assert_out_of_range(&data, "random_events", &entry, &what, "0–9");
    }
}

#[test]
fn rule_5_1_event_last_turn_after_turn_9_is_rejected() {
    let row = row_of(&embedded(), 14); // the Soers resupply, up to turn 4
    let mut data = embedded();
    data.charts.random_events.events[row].last_turn = Some(10);
    let entry = event_entry(&data, row);
    assert_out_of_range(&data, "random_events", &entry, "last_turn 10", "1–9");
}

#[test]
fn rule_6_3_supply_points_above_99_are_rejected() {
    let mut data = embedded();
    data.charts.supply.points[9] = 100; // the 3d6 total 12
    assert_out_of_range(&data, "supply", "total 12", "points 100", "0–99");
}

#[test]
fn rule_6_3_1_supply_costs_above_99_are_rejected() {
    let keys = [
        "artillery",
        "engineer",
        "armor",
        "air",
        "return_infantry",
        "return_armor",
    ];
    for key in keys {
        let mut data = embedded();
        let c = &mut data.charts.supply_costs;
        let cost = match key {
            "artillery" => &mut c.artillery,
            "engineer" => &mut c.engineer,
            "armor" => &mut c.armor,
            "air" => &mut c.air,
            "return_infantry" => &mut c.return_infantry,
            _ => &mut c.return_armor,
        };
        *cost = 100;
        let what = format!("{key} 100");
        assert_out_of_range(&data, "supply_costs", key, &what, "1–99");
    }
}

#[test]
fn rule_8_2_movement_costs_above_6_are_rejected() {
    for key in ["american", "revealed", "unrevealed"] {
        let mut data = embedded();
        let m = &mut data.charts.movement_costs;
        let cost = match key {
            "american" => &mut m.american,
            "revealed" => &mut m.revealed,
            _ => &mut m.unrevealed,
        };
        *cost = 7;
        let what = format!("{key} 7");
        assert_out_of_range(&data, "movement_costs", key, &what, "1–6");
    }
}

/// 5.2, 10.1: the Morale track's start and the Germans' victory level one past their ranges.
#[test]
fn rule_5_2_morale_start_above_19_and_victory_level_above_20_are_rejected() {
    let mut data = embedded();
    data.charts.morale.start = 20;
    let err = rejected(&data);
    assert!(err.starts_with("test.toml: [morale] start: 20: "), "{err}");
    let mut data = embedded();
    data.charts.morale.german_victory = 21;
    let err = rejected(&data);
    assert!(
        err.starts_with("test.toml: [morale] german_victory: 21: "),
        "{err}"
    );
}

// ------------------------------------------------------------------------- the largest values

#[test]
fn largest_accepted_values_load_and_play_whole_games_without_overflow() {
    for (cost, support_points) in [(99, "lapse"), (1, "carry_over"), (1, "lapse")] {
        let mut data = largest(cost);
        let r = (data.charts.readings.0)
            .get_mut("support_points")
            .expect("a reading");
        r.value = support_points.into();
        data.validate("test.toml")
            .expect("the largest values are accepted");
        let g = Aachen::from_data(data).expect("the game builds");
        play(&g, 20, false);
        play(&g, 2, true);
    }
}

/// 6.3: 99 Supply Points and an event's +99 make 198, within 8 bits; −99 leaves none.
#[test]
fn rule_6_3_largest_supply_points_fit() {
    let data = largest(1);
    let (more, less) = (row_of(&data, 5) as u8, row_of(&data, 6) as u8);
    let g = Aachen::from_data(data).expect("the game builds");
    assert_eq!(supply_points(g.rules(), 18, more), 198);
    assert_eq!(supply_points(g.rules(), 3, less), 0);
    assert_eq!(supply_points(g.rules(), 18, NONE), 99);
}

/// 9.5.2–9.5.4 at the largest factors: Companies E, F and G with Leader Smoots enter Urban
/// Area 13 and attack with one point of every support: AV 9 + 3 + 1 + 2 + 3 + 1 = 19 against
/// DV 9 + 3 + 1 = 13; the dice 12, 2 and Air Support's 6 make AT 31 against DT 9, an Overrun.
#[test]
fn rule_9_5_largest_attack_and_defense_values_fit() {
    let mut f = Fixture::combat();
    f.game = Aachen::from_data(largest(1)).expect("the game builds");
    f.s.support = [9; 4];
    let units = f.activated_in_area_12(&["E", "F", "G", "Smoots"]);
    for &u in &units {
        f.act(Action::Select(u));
        f.act(Action::Move { to: 12, via: 11 });
    }
    f.act(Action::Attack(12));
    assert_eq!(f.s.step, Step::Reveal);
    f.roll(Action::Draw(
        f.counter_with(Terrain::Urban, DefenseStrategy::None),
    ));
    f.act(Action::Lead(units[0]));
    for k in Support::ALL {
        f.act(Action::Allot(k));
    }
    assert_eq!(
        f.s.step,
        Step::Roll(Roll::Attack),
        "every support allotted: on to the dice"
    );
    let inputs = attack_inputs(f.game.rules(), &f.s).expect("the attack's inputs");
    assert_eq!((inputs.av, inputs.dv, inputs.defense), (19, 13, 9));
    assert_eq!(inputs.air_dice, 1);
    let morale = f.s.morale;
    f.roll(Action::Dice(12));
    f.roll(Action::Dice(2));
    f.roll(Action::Die(6));
    assert_eq!(f.s.german[12], NONE, "the German unit is eliminated");
    assert_eq!(f.s.morale, morale - 1, "9.5.4: an Urban Success");
    assert_ne!(f.s.fresh & 1 << units[0], 0, "an Overrun: still Fresh");
}

/// A map position is a pair (x, y): a third number is refused, not dropped unread.
#[test]
fn an_area_position_of_three_numbers_is_refused() {
    use crate::games::aachen::data::{MapTables, MAP_TOML};
    assert!(MAP_TOML.contains("pos = [877, 522]"), "fixture");
    let text = MAP_TOML.replacen("pos = [877, 522]", "pos = [877, 522, 9]", 1);
    let e = crate::engine::data::parse::<MapTables>(&text, "map.toml")
        .expect_err("three numbers")
        .to_string();
    assert!(
        e.starts_with("map.toml: [areas]")
            && e.contains("invalid length 3, expected an array of length 2"),
        "{e}"
    );
}

/// 4.3.4, 5.3.1, 6.1.1: the order of battle the rules print is checked, each change refused in
/// one line naming the rule (trial 21a F2: a company dropped or moved, a task force changed
/// or a reinforcement's turn changed loaded silently under the text's label).
#[test]
fn rule_5_3_1_and_6_1_1_the_printed_order_of_battle_is_checked() {
    let edit = |f: &dyn Fn(&mut DataSet)| {
        let mut data = embedded();
        f(&mut data);
        rejected(&data)
    };
    let e = edit(&|d| {
        d.counters
            .americans
            .retain(|u| u.id != "G" && u.id != "Walker")
    });
    assert!(
        e.contains("unit G: is missing: 5.3.1 sets it up in Area 1"),
        "{e}"
    );
    let e = edit(&|d| american_mut(d, "Walker").setup_area = Some(2));
    assert!(
        e.contains("unit Walker: 5.3.1 sets it up in Area 1 at the start"),
        "{e}"
    );
    let e = edit(&|d| american_mut(d, "M-12/A").arrives = Some(9));
    assert!(e.contains("unit M-12/A: 6.1.1 brings it on turn 2"), "{e}");
    let e = edit(&|d| american_mut(d, "Hogan").arrives = Some(9));
    assert!(e.contains("unit Hogan: 6.1.1 brings it on turn 5"), "{e}");
    let e = edit(&|d| {
        let hughes = american_mut(d, "Hughes").organisation.clone();
        american_mut(d, "A/36").organisation = hughes;
    });
    assert!(e.contains("4.3.4 gives Hogan 3 units"), "{e}");
    // The reconstructed Attack Factors stay a designer's to change.
    let mut data = embedded();
    american_mut(&mut data, "G/33").attack = 6;
    assert!(data.validate("test.toml").is_ok());
}
