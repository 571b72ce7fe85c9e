//! Issue 21: every numeric field of the data files has the range the rules allow, checked on
//! loading with a one-line error naming the file, table, entry and field; the largest values
//! accepted play through fire, assault and movement without overflow (overflow checks are on
//! in tests).

use super::Fixture;
use crate::engine::Game;
use crate::games::rudders_line::data::{
    AreaDef, DataSet, InitiativeModifier, PersonnelDef, PersonnelKind, Placement, Side, WeaponDef,
};
use crate::games::rudders_line::ruleset::Ruleset;
use crate::games::rudders_line::state::{Phase, Roll, Step};
use crate::games::rudders_line::{Action, RuddersLine};

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

fn area_mut<'a>(data: &'a mut DataSet, id: &str) -> &'a mut AreaDef {
    data.map
        .areas
        .iter_mut()
        .find(|a| a.id == id)
        .expect("area exists")
}

fn personnel_mut<'a>(data: &'a mut DataSet, id: &str) -> &'a mut PersonnelDef {
    data.counters
        .personnel
        .iter_mut()
        .find(|p| p.id == id)
        .expect("personnel exists")
}

fn weapon_mut<'a>(data: &'a mut DataSet, id: &str) -> &'a mut WeaponDef {
    data.counters
        .weapons
        .iter_mut()
        .find(|w| w.id == id)
        .expect("weapon exists")
}

/// The 1-based number of the first [[place]] entry putting `counter` in `area`.
fn place_no(data: &DataSet, area: &str, counter: &str) -> usize {
    1 + data
        .setup
        .place
        .iter()
        .position(|p| p.area == area && p.counter == counter)
        .expect("placed")
}

fn modifier(side: Side, value: i8) -> InitiativeModifier {
    InitiativeModifier {
        side,
        value,
        turns: Vec::new(),
        condition: None,
        reason: "test".into(),
    }
}

/// The largest value of every range, on the embedded data: TEM 9 everywhere, Personnel
/// 9|9|9 with a 9|6 Spent side, 9 for each weapon that may begin on its carrier at 4 (2.62),
/// artillery 8, 31 turns, and twenty initiative modifiers of 6 for `side` (+6 for the
/// Rangers, −6 for the Germans).
fn largest(side: Side) -> DataSet {
    let mut data = embedded();
    for a in &mut data.map.areas {
        a.tem = 9;
    }
    for p in &mut data.counters.personnel {
        // 2.4, 10.31: single-figure counters move 5 whatever their other values.
        let movement = if p.figures == 1 { 5 } else { 9 };
        // 2.4: NCOs are rated 1-3.
        let value = if p.kind == PersonnelKind::Nco { 3 } else { 9 };
        (p.attack, p.defense, p.movement) = (value, value, movement);
        // 7.6: the back side is at most the front (an NCO's 3 stays 3).
        (p.spent_attack, p.spent_defense) = (value.min(9), value.min(6));
    }
    let fours = [
        "german_mg42",
        "german_grw34",
        "ranger_m2_mortar",
        "ranger_bazooka",
        "german_panzerschreck",
    ];
    for id in fours {
        weapon_mut(&mut data, id).attack = 9;
    }
    let s = &mut data.scenario;
    (s.artillery.rangers, s.artillery.germans) = (8, 8);
    s.scenario.turns = 31;
    let value = if side == Side::Rangers { 6 } else { -6 };
    s.initiative.modifier = (0..20).map(|_| modifier(side, value)).collect();
    data
}

/// `games` whole games on `g`, by the random player or the scripted bot, each to its end.
fn play(g: &RuddersLine, games: u64, scripted: bool) {
    for seed in 0..games {
        let s = crate::registry::play_out(g, seed, scripted);
        assert!(g.outcome(&s).is_some());
        assert!(s.turn <= g.rules.turns);
    }
}

// ------------------------------------------------------------------------- map.toml

/// The known defect: TEM up to 255 was accepted and doubled in 8 bits (128 doubled to 0).
#[test]
fn rule_2_2_tem_above_9_is_rejected() {
    for tem in [10, 128, 255] {
        let mut data = embedded();
        area_mut(&mut data, "5").tem = tem;
        assert_out_of_range(&data, "areas", "area 5", &format!("tem {tem}"), "0–9");
    }
    let mut data = embedded();
    area_mut(&mut data, "5").tem = 9;
    data.validate("test.toml").expect("TEM 9 is accepted");
}

// ------------------------------------------------------------------------- counters.toml

#[test]
fn rule_2_3_counter_count_outside_1_to_75_is_rejected() {
    for count in [0, 76] {
        let mut data = embedded();
        personnel_mut(&mut data, "ranger_squad").count = count;
        let what = format!("count {count}");
        assert_out_of_range(&data, "personnel", "counter ranger_squad", &what, "1–75");

        let mut data = embedded();
        weapon_mut(&mut data, "german_mg42").count = count;
        assert_out_of_range(&data, "weapons", "counter german_mg42", &what, "1–75");
    }
}

#[test]
fn rule_2_6_personnel_attack_above_9_is_rejected() {
    let mut data = embedded();
    personnel_mut(&mut data, "ranger_squad").attack = 10;
    assert_out_of_range(
        &data,
        "personnel",
        "counter ranger_squad",
        "attack 10",
        "1–9",
    );
    let mut data = embedded();
    personnel_mut(&mut data, "german_fo").attack = 0;
    assert_out_of_range(&data, "personnel", "counter german_fo", "attack 0", "1–9");
}

#[test]
fn rule_2_6_personnel_defense_above_9_is_rejected() {
    let mut data = embedded();
    personnel_mut(&mut data, "ranger_squad").defense = 10;
    assert_out_of_range(
        &data,
        "personnel",
        "counter ranger_squad",
        "defense 10",
        "1–9",
    );
}

#[test]
fn rule_2_6_squad_and_team_movement_outside_1_to_9_is_rejected() {
    for movement in [0, 10] {
        let mut data = embedded();
        personnel_mut(&mut data, "german_squad").movement = movement;
        let what = format!("movement {movement}");
        assert_out_of_range(&data, "personnel", "counter german_squad", &what, "1–9");
    }
}

#[test]
fn rule_2_4_single_figure_counters_move_5() {
    for movement in [4, 6] {
        let mut data = embedded();
        personnel_mut(&mut data, "ranger_nco_1").movement = movement;
        let what = format!("movement {movement}");
        assert_out_of_range(&data, "personnel", "counter ranger_nco_1", &what, "5–5");
    }
}

#[test]
fn rule_2_4_an_nco_rated_above_3_is_rejected() {
    for rating in [4, 9] {
        let mut data = embedded();
        let nco = personnel_mut(&mut data, "ranger_nco_2");
        (nco.attack, nco.defense) = (rating, rating);
        let what = format!("attack {rating}");
        assert_out_of_range(&data, "personnel", "counter ranger_nco_2", &what, "1–3");
    }
}

#[test]
fn rule_2_4_a_single_figure_counter_uses_its_one_value_for_attack_and_defense() {
    for id in ["ranger_nco_2", "ranger_bar_gunner", "german_fo"] {
        let mut data = embedded();
        personnel_mut(&mut data, id).defense += 1;
        let err = rejected(&data);
        let prefix = format!("test.toml: [personnel] counter {id}: attack ");
        assert!(err.starts_with(&prefix), "{err}");
        assert!(err.ends_with("its attack and defense (2.4)"), "{err}");
    }
    // A squad prints three values: its attack and defense may differ (2.4: 3|4|4).
    let mut data = embedded();
    personnel_mut(&mut data, "german_squad").defense = 5;
    data.validate("test.toml").expect("a squad's values differ");
}

#[test]
fn rule_2_6_spent_attack_above_9_is_rejected() {
    let mut data = embedded();
    personnel_mut(&mut data, "german_squad").spent_attack = 10;
    let entry = "counter german_squad";
    assert_out_of_range(&data, "personnel", entry, "spent_attack 10", "0–9");
}

#[test]
fn rule_12_1_spent_defense_above_6_is_rejected() {
    let mut data = embedded();
    personnel_mut(&mut data, "german_squad").spent_defense = 7;
    let entry = "counter german_squad";
    assert_out_of_range(&data, "personnel", entry, "spent_defense 7", "0–6");
}

#[test]
fn rule_2_62_weapon_attack_above_9_is_rejected() {
    let mut data = embedded();
    weapon_mut(&mut data, "german_mg42").attack = 10;
    assert_out_of_range(&data, "weapons", "counter german_mg42", "attack 10", "1–9");
    let mut data = embedded();
    weapon_mut(&mut data, "ranger_bazooka").attack = 0;
    assert_out_of_range(
        &data,
        "weapons",
        "counter ranger_bazooka",
        "attack 0",
        "1–9",
    );
}

/// Rangers of 75 squads and `teams` Weapons Teams (75 × 3 + 2 × `teams` stacking points),
/// all in Landing Craft box LC-B but one team in area 2; one German squad in 38; no weapons.
fn crowded_landing_craft(teams: u8) -> DataSet {
    let mut data = embedded();
    let c = &mut data.counters;
    c.weapons.clear();
    let kept = ["ranger_squad", "ranger_weapons_team", "german_squad"];
    c.personnel.retain(|p| kept.contains(&p.id.as_str()));
    for p in &mut c.personnel {
        p.count = match p.id.as_str() {
            "ranger_squad" => 75,
            "ranger_weapons_team" => teams,
            _ => 1,
        };
    }
    let place = |area: &str, counter: &str, count: u8| Placement {
        area: area.into(),
        counter: counter.into(),
        count,
        carrying: None,
        released_on_turn: None,
    };
    data.setup.place = vec![
        place("LC-B", "ranger_squad", 75),
        place("LC-B", "ranger_weapons_team", teams - 1),
        place("2", "ranger_weapons_team", 1),
        place("38", "german_squad", 1),
    ];
    data
}

#[test]
fn rule_10_35_a_side_s_stacking_points_above_255_are_rejected() {
    let data = crowded_landing_craft(16); // 225 + 32 = 257
    let err = rejected(&data);
    assert!(
        err.starts_with(
            "test.toml: [personnel] count: the Rangers' Personnel have 257 stacking points \
             (count × figures); at most 255"
        ),
        "{err}"
    );
    assert!(err.contains("10.35"), "{err}");
}

/// 10.35: a Landing Craft box has no stacking limit, so it may hold all of a side's 255
/// points; a group of them formed there and looking for a move adds its points to the area's
/// it would enter without overflow.
#[test]
fn rule_10_35_a_landing_craft_box_holds_255_stacking_points_without_overflow() {
    let data = crowded_landing_craft(15); // 225 + 30 = 255
    data.validate("test.toml").expect("255 points are accepted");
    let g = RuddersLine::from_data(data).expect("the game builds");
    play(&g, 4, false);
    play(&g, 1, true);

    let mut fx = Fixture::with(RuddersLine::from_data(crowded_landing_craft(15)).unwrap());
    let mut crowd: Vec<u8> = (0..75).map(|_| fx.place("ranger_squad", "LC-B")).collect();
    crowd.extend((0..14).map(|_| fx.place("ranger_weapons_team", "LC-B")));
    fx.place("ranger_weapons_team", "2");
    fx.place("german_squad", "38");
    let lc_b = fx.area("LC-B");
    assert_eq!(fx.s.points_of(Side::Rangers, lc_b), 253);
    fx.group("LC-B", &crowd);
    let to = fx.area("2");
    assert!(
        !fx.legal()
            .iter()
            .any(|a| matches!(a, Action::Move { to: t, .. } if *t == to)),
        "2 + 253 stacking points are over the limit of 12 (10.35)"
    );
    assert!(fx.can(Action::EndActivation));
}

// ------------------------------------------------------------------------- setup.toml

#[test]
fn rule_2_3_placement_count_above_75_is_rejected() {
    let mut data = embedded();
    let n = place_no(&data, "LC-B", "ranger_squad");
    data.setup.place[n - 1].count = 76;
    let entry = format!("place {n} (ranger_squad in area LC-B)");
    assert_out_of_range(&data, "place", &entry, "count 76", "1–75");
}

#[test]
fn rule_3_22_released_on_turn_after_the_last_turn_is_rejected() {
    let mut data = embedded();
    let n = place_no(&data, "16", "german_squad");
    data.setup.place[n - 1].released_on_turn = Some(9);
    let entry = format!("place {n} (german_squad in area 16)");
    assert_out_of_range(&data, "place", &entry, "released_on_turn 9", "1–8");
    data.setup.place[n - 1].released_on_turn = Some(8);
    data.validate("test.toml")
        .expect("the last turn is accepted");
}

// ------------------------------------------------------------------------- scenario.toml

#[test]
fn rule_3_22_turns_above_31_are_rejected() {
    let mut data = embedded();
    data.scenario.scenario.turns = 32;
    assert_out_of_range(&data, "scenario", "turns", "turns 32", "1–31");
}

#[test]
fn rule_7_1_artillery_outside_1_to_8_is_rejected() {
    let mut data = embedded();
    data.scenario.artillery.rangers = 9;
    assert_out_of_range(&data, "artillery", "rangers", "rangers 9", "1–8");
    let mut data = embedded();
    data.scenario.artillery.germans = 0;
    assert_out_of_range(&data, "artillery", "germans", "germans 0", "1–8");
}

#[test]
fn rule_5_1_initiative_modifier_beyond_6_is_rejected() {
    for value in [7, -7] {
        let mut data = embedded();
        data.scenario.initiative.modifier[0].value = value;
        let what = format!("value {value}");
        assert_out_of_range(&data, "initiative", "modifier 1", &what, "-6–6");
    }
}

/// 5.1: "Except on turn one, in which the Rangers have the Initiative automatically": a
/// modifier on turn 1 would change nothing, and a turn listed twice is a slip (trial 16a F5).
#[test]
fn rule_5_1_a_modifier_on_turn_1_or_on_a_turn_twice_is_rejected() {
    for (turns, why) in [
        (vec![1, 2], "turn 1 has no Initiative roll to modify"),
        (vec![2, 2, 3], "turn 2 is listed twice"),
    ] {
        let mut data = embedded();
        data.scenario.initiative.modifier[0].turns = turns;
        let err = rejected(&data);
        assert!(
            err.contains("[initiative] modifier 1") && err.contains(why),
            "{err}"
        );
    }
}

#[test]
fn rule_5_1_more_than_20_initiative_modifiers_are_rejected() {
    let mut data = embedded();
    data.scenario.initiative.modifier = (0..21).map(|_| modifier(Side::Germans, 1)).collect();
    assert_eq!(
        rejected(&data),
        "test.toml: [initiative] modifier: 21 modifiers; at most 20 are supported (the \
         modified 1d6 is kept in 8 bits)"
    );
}

// ------------------------------------------------------------------------- the largest values

#[test]
fn largest_accepted_values_load_and_play_whole_games_without_overflow() {
    for side in Side::BOTH {
        let mut data = largest(side);
        for p in &mut data.setup.place {
            if p.released_on_turn.is_some() {
                p.released_on_turn = Some(31);
            }
        }
        data.validate("test.toml")
            .expect("the largest values are accepted");
        let g = RuddersLine::from_data(data).expect("the game builds");
        play(&g, 6, false);
        play(&g, 1, true);
    }
}

/// 5.1: twenty modifiers of ±6 keep the modified roll in 8 bits: 6 + 120 = 126 for the
/// Rangers, 1 − 120 = −119 for the Germans.
#[test]
fn rule_5_1_largest_modifiers_decide_the_initiative_without_overflow() {
    for (side, winner) in [
        (Side::Rangers, Side::Rangers),
        (Side::Germans, Side::Rangers),
    ] {
        let mut fx = Fixture::with(RuddersLine::from_data(largest(side)).unwrap());
        let expected = if side == Side::Rangers { 120 } else { -120 };
        assert_eq!(fx.g.rules.initiative_modifier_on(side, 2, false), expected);
        fx.place("ranger_squad", "3");
        fx.place("german_squad", "38");
        fx.s.turn = 2;
        crate::games::rudders_line::turn::start_turn(&fx.g.rules, &mut fx.s);
        fx.roll(6); // Rangers
        fx.roll(1); // Germans
        assert_eq!(fx.s.step, Step::InitiativeChoice);
        assert_eq!(fx.s.initiative, winner);
    }
}

/// 7.5: artillery '8' against TEM 9 doubled: OT 8, DT 18, within 8 bits.
#[test]
fn rule_7_5_largest_indirect_fire_totals_fit() {
    let mut fx = Fixture::with(RuddersLine::from_data(largest(Side::Rangers)).unwrap());
    let fo = fx.place("ranger_fo", "3");
    fx.place("german_squad", "4");
    fx.phase(Phase::IndirectFire, Side::Rangers);
    fx.act(Action::CallArtillery {
        fo,
        target: fx.area("4"),
    });
    assert_eq!((fx.s.attack.offense, fx.s.attack.defense), (8, 18));
    assert_eq!(fx.s.step, Step::Roll(Roll::Offense));
    fx.roll(6);
    fx.roll(1);
    assert_ne!(
        fx.s.step,
        Step::Roll(Roll::Defense),
        "the attack is resolved"
    );
}

/// 9.5: five machine guns of 9 (12 stacking points of carriers) against TEM 9: OT 45, DT 9.
#[test]
fn rule_9_5_largest_direct_fire_totals_fit() {
    let mut fx = Fixture::with(RuddersLine::from_data(largest(Side::Rangers)).unwrap());
    let mut guns = Vec::new();
    for counter in [
        "ranger_weapons_team",
        "ranger_weapons_team",
        "ranger_weapons_team",
        "ranger_squad",
        "ranger_squad",
    ] {
        let carrier = fx.place(counter, "3");
        guns.push(fx.arm(carrier, "german_mg42")); // 2.65: captured weapons fire normally
    }
    fx.place("german_squad", "4");
    fx.phase(Phase::DirectFire, Side::Rangers);
    guns.sort();
    for &w in &guns {
        fx.act(Action::AddWeapon(w));
    }
    fx.act(Action::DirectFire {
        target: fx.area("4"),
    });
    assert_eq!((fx.s.attack.offense, fx.s.attack.defense), (45, 9));
    fx.roll(6);
    fx.roll(1);
    assert_eq!(fx.s.step, Step::Casualties);
    assert_eq!(fx.s.casualties.cp, 51 - 10);
}

/// 11.1: twelve stacking points of the strongest assault into a bunker of TEM 9 held by
/// twelve of the strongest defence: OT 9 (point) + 9 (the BAR gunner, the best leader) + 4
/// (supporters) + 6 × 9 (weapons) = 76, DT 9 + 3 (an NCO, rated at most 3: 2.4) + 4 + 9
/// (TEM) = 25.
#[test]
fn rule_11_1_largest_assault_totals_fit() {
    let mut fx = Fixture::with(RuddersLine::from_data(largest(Side::Rangers)).unwrap());
    let mut group = Vec::new();
    for _ in 0..3 {
        let squad = fx.place("ranger_squad", "3");
        fx.arm(squad, "german_mg42");
        group.push(squad);
    }
    for counter in ["ranger_nco_3", "ranger_bar_gunner", "ranger_fo"] {
        let single = fx.place(counter, "3");
        fx.arm(single, "ranger_bazooka"); // 11.1e: adds against a bunker (9.33)
        group.push(single);
    }
    for counter in ["german_squad", "german_squad", "german_squad"] {
        fx.place(counter, "5");
    }
    for counter in ["german_nco_2", "german_nco_1", "german_nco_1"] {
        fx.place(counter, "5");
    }
    fx.group("3", &group);
    fx.act(Action::Move {
        to: fx.area("5"),
        pay: false,
    });
    assert_eq!(fx.s.step, Step::Point);
    fx.act(Action::Point(group[0]));
    assert_eq!((fx.s.attack.offense, fx.s.attack.defense), (76, 25));
    fx.roll(6);
    fx.roll(1);
    assert_eq!(fx.s.step, Step::Casualties);
    assert_eq!(fx.s.casualties.cp, 82 - 26);
}

/// 12.1: the Germans win at once when no Ranger is in a foothold area; a list of none would
/// end every game on turn 1, so it is refused, naming the entry.
#[test]
fn rule_12_1_a_victory_with_no_foothold_area_is_refused() {
    let mut data = embedded();
    data.scenario.victory.ranger_foothold.clear();
    let err = rejected(&data);
    assert!(
        err.contains("[victory] ranger_foothold") && err.contains("names no area"),
        "{err}"
    );
}

/// 12.1: a foothold is ashore, not a Landing Craft box (trial 18a F8), and a victory needs at
/// least one Victory Area beside area 3, which alone is the draw (F5).
#[test]
fn rule_12_1_a_boat_foothold_or_no_other_victory_area_is_refused() {
    let mut data = embedded();
    data.scenario.victory.ranger_foothold.push("LC-A".into());
    let err = rejected(&data);
    assert!(
        err.contains("[victory] ranger_foothold") && err.contains("Landing Craft box"),
        "{err}"
    );
    let mut data = embedded();
    data.scenario.victory.ranger_other_victory_areas = 0;
    let err = rejected(&data);
    assert!(
        err.contains("ranger_other_victory_areas: 0: holding area 3 alone is the draw"),
        "{err}"
    );
}

/// 12.1: a foothold the Rangers do not hold at set-up, or guns where they stand at set-up,
/// would decide the game before it is played (trial 19a F3).
#[test]
fn rule_12_1_a_foothold_or_guns_area_that_decides_at_once_is_refused() {
    let mut data = embedded();
    data.scenario.victory.ranger_foothold = vec!["33".into()];
    let err = rejected(&data);
    assert!(
        err.contains("names no area the Rangers hold at set-up"),
        "{err}"
    );
    let mut data = embedded();
    data.scenario.victory.guns_area = "1".into();
    let err = rejected(&data);
    assert!(
        err.contains("guns_area: Rangers are set up in area 1"),
        "{err}"
    );
}

/// 12.1, 13: the victory lists name areas; one named twice is refused, naming the list and
/// the area (accepted, it changed nothing but read as if it did).
#[test]
fn rule_12_1_an_area_listed_twice_in_a_victory_list_is_refused() {
    let mut data = embedded();
    data.scenario.victory.ranger_foothold.push("1".into());
    let err = rejected(&data);
    assert!(
        err.contains("[victory] ranger_foothold") && err.contains("'1' is listed twice"),
        "{err}"
    );
    let mut data = embedded();
    data.scenario
        .victory
        .german_sudden_death_control
        .push("3".into());
    let err = rejected(&data);
    assert!(
        err.contains("german_sudden_death_control") && err.contains("listed twice"),
        "{err}"
    );
}

/// 2.2: the screen names an area by its name ("area 3 (Rudder's CP)"), so two areas of one
/// name, or one with none, are refused.
#[test]
fn rule_2_2_each_area_has_a_name_of_its_own() {
    let mut data = embedded();
    let other = data.map.areas[4].name.to_uppercase();
    data.map.areas[9].name = format!(" {other} ");
    let err = rejected(&data);
    let (a, b) = (&data.map.areas[9].id, &data.map.areas[4].id);
    assert!(
        err.contains(&format!("[areas] area {a}")) && err.contains(&format!("area {b}'s too")),
        "{err}"
    );
    let mut data = embedded();
    data.map.areas[2].name = "  ".into();
    assert!(rejected(&data).contains("the name is empty"));
}

/// 12.1 step 4a: a Landing Craft box is no Victory Area (the Germans never enter it).
#[test]
fn rule_12_1_a_landing_craft_box_is_no_victory_area() {
    let mut data = embedded();
    area_mut(&mut data, "LC-A").victory = true;
    let err = rejected(&data);
    assert!(
        err.contains("[areas] area LC-A") && err.contains("cannot be a Victory Area"),
        "{err}"
    );
}

/// 9.33 names the areas with buildings or bunkers, all on the map: a Landing Craft box holds
/// none (trial 16a F7).
#[test]
fn rule_9_33_a_landing_craft_box_holds_no_building() {
    let mut data = embedded();
    area_mut(&mut data, "LC-A").building = true;
    let err = rejected(&data);
    assert!(
        err.contains("[areas] area LC-A") && err.contains("no building or bunker (9.33)"),
        "{err}"
    );
}

/// Two areas at one drawing position would be drawn as one (trial 16a F6).
#[test]
fn two_areas_at_one_position_are_rejected() {
    let mut data = embedded();
    data.map.areas[5].pos = data.map.areas[6].pos;
    let (a, b) = (&data.map.areas[5].id, &data.map.areas[6].id);
    let err = rejected(&data);
    assert!(
        err.contains(&format!("[areas] {b}")) && err.contains(&format!("area {a}'s too")),
        "{err}"
    );
}

/// 12.1 as data: an empty `german_sudden_death_control` is this data's choice of no sudden
/// death by control (the Rangers' foothold still applies), and the victory text says only
/// what applies, not "control none".
#[test]
fn rule_12_1_an_empty_sudden_death_list_is_no_sudden_death_by_control() {
    let mut data = embedded();
    data.scenario.victory.german_sudden_death_control.clear();
    let g = RuddersLine::from_data(data).expect("an empty list is a choice");
    let s = g.initial_state();
    let text = g.standing(&s).join(" ");
    assert!(
        !text.contains("sudden death") && !text.contains("control none"),
        "{text}"
    );
    assert!(text.contains("if no Ranger is left in"), "{text}");
    let with = RuddersLine::embedded().unwrap();
    assert!(with.standing(&s).join(" ").contains("(sudden death"));
}

/// 12.1 step 1 (reconstructed Set Up Card): the Germans hold area 3 and area 5 at the start,
/// so the sudden death is met before the first move; the victory text says the Rangers must
/// take one before the next Regroup Phase, and stops saying it once they hold one.
#[test]
fn rule_12_1_the_victory_text_warns_while_the_germans_hold_every_sudden_death_area() {
    let g = RuddersLine::embedded().unwrap();
    let mut s = g.initial_state();
    let text = g.standing(&s).join(" ");
    assert!(
        text.contains(
            "every one of area 3, area 5 (sudden death: they hold them all now, so \
                       the Rangers must take one before the next Regroup Phase)"
        ),
        "{text}"
    );
    let three = g.rules.areas.iter().position(|a| a.id == "3").unwrap();
    s.ranger_control |= 1 << three;
    let text = g.standing(&s).join(" ");
    assert!(
        text.contains("(sudden death)") && !text.contains("hold them all now"),
        "{text}"
    );
}

/// The German guns and the areas whose control wins the Germans the game are German places:
/// a Landing Craft box, which only Rangers enter, is refused for either.
#[test]
fn rule_12_1_a_landing_craft_box_is_no_german_place() {
    let mut data = embedded();
    data.scenario.victory.guns_area = "LC-B".into();
    let err = rejected(&data);
    assert!(
        err.contains("[victory] guns_area") && err.contains("Landing Craft box"),
        "{err}"
    );
    let mut data = embedded();
    data.scenario
        .victory
        .german_sudden_death_control
        .push("LC-A".into());
    let err = rejected(&data);
    assert!(
        err.contains("german_sudden_death_control") && err.contains("LC-A"),
        "{err}"
    );
}

/// 3.21: areas with units are controlled by their occupant, so the areas the Rangers control
/// at the start are each named once and none is one the Germans occupy (such an area was
/// silently handed to the Rangers).
#[test]
fn rule_3_21_the_rangers_starting_control_names_each_free_area_once() {
    let mut data = embedded();
    data.setup.setup.ranger_control.push("LC-A".into());
    let err = rejected(&data);
    assert!(
        err.contains("[setup] ranger_control") && err.contains("listed twice"),
        "{err}"
    );
    let mut data = embedded();
    // Area 5: the 726th's garrison in the bunkers (setup.toml).
    data.setup.setup.ranger_control.push("5".into());
    let err = rejected(&data);
    assert!(err.contains("area '5' holds German units"), "{err}");
}

/// A map position is a pair (x, y): a third number is refused, not dropped unread.
#[test]
fn an_area_position_of_three_numbers_is_refused() {
    use crate::games::rudders_line::data::{MapTables, MAP_TOML};
    assert!(MAP_TOML.contains("pos = [452, 54]"), "fixture");
    let text = MAP_TOML.replacen("pos = [452, 54]", "pos = [452, 54, 9]", 1);
    let e = crate::engine::data::parse::<MapTables>(&text, "map.toml")
        .expect_err("three numbers")
        .to_string();
    assert!(
        e.starts_with("map.toml: [areas]")
            && e.contains("invalid length 3, expected an array of length 2"),
        "{e}"
    );
}

/// A side with nothing set up would lose before it moved: refused (trial 17a F3: the data
/// loaded and every game ended at once).
#[test]
fn rule_2_3_a_side_with_no_counter_set_up_is_rejected() {
    let mut data = embedded();
    let side = Side::Germans;
    let mut german: Vec<String> = data
        .counters
        .personnel
        .iter()
        .filter(|p| p.side == side)
        .map(|p| p.id.clone())
        .collect();
    german.extend(
        data.counters
            .weapons
            .iter()
            .filter(|w| w.side == side)
            .map(|w| w.id.clone()),
    );
    data.counters.personnel.retain(|p| p.side != side);
    data.counters.weapons.retain(|w| w.side != side);
    data.setup.place.retain(|p| !german.contains(&p.counter));
    let err = rejected(&data);
    assert!(err.contains("no counter of the Germans is set up"), "{err}");
}

/// 3.21: an area is the side's whose units are in it, and one no unit holds at set-up starts
/// German; `ranger_control` may not say otherwise (trial 17a F7). An area the Rangers hold is
/// theirs whether listed or not.
#[test]
fn rule_3_21_ranger_control_may_not_name_a_german_held_or_empty_area() {
    let with = |areas: &[&str]| {
        let mut data = embedded();
        data.setup.setup.ranger_control = areas.iter().map(|a| a.to_string()).collect();
        data
    };
    let err = rejected(&with(&["LC-A", "5"]));
    assert!(
        err.contains("ranger_control: area '5' holds German units"),
        "{err}"
    );
    let rs = Ruleset::new(&embedded()).unwrap();
    let held = rs.initial.present[0] | rs.initial.present[1] | rs.landing_craft;
    let empty = (0..rs.areas.len()).find(|&i| held & (1 << i) == 0);
    let empty = &rs.areas[empty.expect("an empty area at set-up")].id;
    let err = rejected(&with(&[empty]));
    assert!(err.contains("holds no unit at the start"), "{err}");
    // Areas 1 and 2 hold the first Rangers: theirs, listed or not.
    for list in [&["LC-A", "LC-B"][..], &["1", "2"][..], &[][..]] {
        let rs = Ruleset::new(&with(list)).unwrap();
        let two = rs.areas.iter().position(|x| x.id == "2").unwrap();
        assert_ne!(rs.initial.ranger_control & (1 << two), 0, "{list:?}");
    }
}

/// 3.21: a set-up with both sides in one area is refused, whatever the order of its entries
/// (trial 21a F1: control of area 5 followed the file's order).
#[test]
fn rule_3_21_an_area_both_sides_set_up_in_is_rejected() {
    let moved = |last: bool| {
        let mut data = embedded();
        let i = data
            .setup
            .place
            .iter()
            .position(|p| p.area == "2" && p.counter == "ranger_squad")
            .expect("Ranger squads in area 2");
        let mut entry = data.setup.place.remove(i);
        entry.area = "5".into();
        match last {
            true => data.setup.place.push(entry),
            false => data.setup.place.insert(0, entry),
        }
        data
    };
    for last in [false, true] {
        let err = rejected(&moved(last));
        assert!(
            err.contains("area 5") && err.contains("both sides are set up in it"),
            "{err}"
        );
    }
}

/// The map as printed (trial 17a F8): 2.2's 38 numbered areas, 9.33's building list and
/// 10.3's example of adjacency are checked on loading.
#[test]
fn rule_2_2_9_33_10_3_the_map_is_the_printed_one() {
    let edit = |f: &dyn Fn(&mut DataSet)| {
        let mut data = embedded();
        f(&mut data);
        rejected(&data)
    };
    let area = |d: &mut DataSet, id: &str| d.map.areas.iter().position(|a| a.id == id).unwrap();
    let err = edit(&|d| {
        let i = area(d, "38");
        d.map.areas[i].id = "39".into();
        for a in &mut d.map.areas {
            a.adjacent
                .iter_mut()
                .filter(|n| *n == "38")
                .for_each(|n| *n = "39".into());
        }
    });
    assert!(
        err.contains("area 39: the map's areas are numbered 1 to 38 (2.2)"),
        "{err}"
    );
    // One area's flag set, and the words its refusal must hold.
    let flagged = |id: &str, set: fn(&mut AreaDef)| {
        edit(&|d| {
            let i = area(d, id);
            set(&mut d.map.areas[i]);
        })
    };
    for (id, set, words) in [
        (
            "9",
            (|a| a.landing_craft = true) as fn(&mut AreaDef),
            "area 9: a numbered area is on the map",
        ),
        (
            "9",
            |a| a.building = true,
            "area 9: building = true, but 9.33 does not list it",
        ),
        (
            "34",
            |a| a.building = false,
            "area 34: building = false, but 9.33 lists it",
        ),
    ] {
        let err = flagged(id, set);
        assert!(err.contains(words), "{err}");
    }
    let err = edit(&|d| {
        for (a, b) in [("17", "18"), ("18", "17")] {
            let i = area(d, a);
            d.map.areas[i].adjacent.retain(|n| n != b);
        }
    });
    assert!(
        err.contains("10.3's example says units may move directly from area 17 to area 18"),
        "{err}"
    );
}
