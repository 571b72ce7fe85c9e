//! The turn (6) and victory (10).

use super::super::data::BloodyStreetsResult;
use super::super::state::{
    Phase, Roll, Step, Support, KIA, NONE, NOT_ARRIVED, OUT_OF_ACTION, WOUNDED,
};
use super::super::turn;
use super::{Action, Fixture};
use crate::engine::Game;

#[test]
fn rule_5_2_to_5_4_setup_morale_19_americans_in_areas_1_and_2_germans_unrevealed() {
    let f = Fixture::combat();
    let s = f.game.initial_state();
    assert_eq!((s.turn, s.morale, s.support), (1, 19, [0; 4]));
    assert_eq!(s.loc[usize::from(f.unit("E"))], 0);
    assert_eq!(s.loc[usize::from(f.unit("Nechy"))], 1);
    assert_eq!(s.loc[usize::from(f.unit("M-12/A"))], NOT_ARRIVED);
    assert_eq!(s.german_areas().count_ones(), 25);
    assert!((2..27).all(|a| s.german[a] == super::super::state::UNREVEALED));
    // Turn 1 has no reinforcements: the first thing is the Random Event roll.
    assert_eq!(s.step, Step::Roll(Roll::RandomEvent));
}

#[test]
fn rule_6_1_1_an_m12_goes_with_american_infantry_or_to_a_setup_area() {
    let mut f = Fixture::combat();
    f.vacate(12);
    f.put("I", 12);
    f.vacate(3);
    f.put("Smoots", 3);
    f.s.turn = 2;
    turn::start_turn(f.game.rules(), &mut f.s);
    assert_eq!(f.s.step, Step::Reinforcements);
    let legal = f.legal();
    assert!(legal.contains(&Action::Place(0)) && legal.contains(&Action::Place(1)));
    assert!(legal.contains(&Action::Place(11)), "Area 12 has Company I");
    assert!(
        !legal.contains(&Action::Place(2)),
        "Area 3 has only a Leader"
    );
}

#[test]
fn rule_6_1_1_task_force_hogan_arrives_on_turn_5_all_in_one_vacant_area() {
    let mut f = Fixture::combat();
    f.s.turn = 5;
    turn::start_turn(f.game.rules(), &mut f.s);
    assert_eq!(f.s.step, Step::Reinforcements);
    assert!(f
        .legal()
        .iter()
        .all(|a| matches!(a, Action::Place(x) if f.s.is_vacant(*x))));
    f.act(Action::Place(0));
    let hogan = f.game.rules().organisation_of(f.unit("Hogan"));
    assert_eq!(hogan.count_ones(), 4);
    assert_eq!(f.s.units_in(0) & hogan, hogan);
}

#[test]
fn rule_6_2_rain_on_a_9_cuts_mf_to_4_and_forbids_air_support() {
    let mut f = Fixture::combat();
    f.s.step = Step::Roll(Roll::RandomEvent);
    f.roll(Action::Dice(9));
    assert!(f.s.rain);
    assert_eq!(f.s.phase, Phase::Supply);
    f.roll(Action::Dice(18));
    assert!(!f.legal().contains(&Action::Buy(Support::Air)));
}

/// 6.2: the Night resupply row (14) lasts to turn 4; rolled on turn 7 it is no event, and
/// the log says so rather than leaving the event's name blank (trial 17b F4).
#[test]
fn rule_6_2_a_row_past_its_last_turn_is_told_as_no_event() {
    let mut f = Fixture::combat();
    f.s.turn = 7;
    f.s.step = Step::Roll(Roll::RandomEvent);
    let before = f.s;
    f.roll(Action::Dice(14));
    let told = f
        .game
        .narrate(&before, Action::Dice(14), &f.s)
        .expect("told");
    assert!(
        told.starts_with("Random Event 3d6 = 14: no event (its row, Night resupply")
            && told.contains("applies only up to turn 4; this is turn 7: the reconstructed Random Events table, 6.2)"),
        "{told}"
    );
}

#[test]
fn rule_6_3_supply_points_from_the_table_and_unspent_points_are_lost() {
    let mut f = Fixture::combat();
    f.s.step = Step::Roll(Roll::Supply);
    f.roll(Action::Dice(10));
    let table = f.game.rules().charts.supply.points.clone();
    assert_eq!(f.s.supply, table[10 - 3]);
    f.act(Action::Buy(Support::Engineer));
    assert_eq!(f.s.supply, table[7] - 2);
    // 6.3.1: the points left "are lost", and ending the buying says so (trial 18b F9).
    let told = f.game.describe(&f.s, Action::Pass);
    assert!(
        told.contains(&format!(
            "left {} lost (6.3.1)",
            if f.s.supply == 1 { "is" } else { "are" }
        )),
        "{told}"
    );
    f.act(Action::Pass);
    assert_eq!(f.s.supply, 0);
    assert_eq!(f.s.phase, Phase::Combat);
}

#[test]
fn rule_6_3_1_a_refitted_unit_returns_next_to_its_organisation() {
    let mut f = Fixture::combat();
    let e = f.unit("E");
    f.set_loc(e, OUT_OF_ACTION);
    f.s.fresh &= !(1 << e);
    let smoots = f.unit("Smoots");
    f.vacate(3);
    f.set_loc(smoots, 2); // Area 3, next to Area 1
    f.s.step = Step::Supply;
    f.s.supply = 10;
    f.act(Action::Refit(e));
    assert_eq!(
        f.s.supply,
        10 - f.game.rules().charts.supply_costs.return_infantry
    );
    let legal = f.legal();
    assert!(legal.contains(&Action::Place(2)) && legal.contains(&Action::Place(0)));
    assert!(
        !legal.contains(&Action::Place(1)),
        "Area 2 is not by Smoots"
    );
    for a in [3, 5, 6] {
        assert!(
            !legal.contains(&Action::Place(a)),
            "Area {} borders Smoots's but is German-Controlled",
            a + 1
        );
    }
    f.act(Action::Place(2));
    assert_eq!(f.s.step, Step::Supply);
}

/// The Areas offered to place a refitted unit (6.3.1), as Area numbers.
fn places(f: &Fixture) -> Vec<u8> {
    f.legal()
        .into_iter()
        .filter_map(|a| match a {
            Action::Place(x) => Some(x + 1),
            _ => None,
        })
        .collect()
}

/// Company E out of action, Smoots (its organisation's Leader) in Contested Area 13 with
/// Area 12 `vacant` or not; in the Supply Phase with 10 points.
fn e_out_smoots_in_13(f: &mut Fixture, vacant_12: bool) -> u8 {
    let e = f.unit("E");
    f.set_loc(e, OUT_OF_ACTION);
    f.s.fresh &= !(1 << e);
    f.put("Smoots", 13);
    if vacant_12 {
        f.vacate(12);
    }
    f.s.step = Step::Supply;
    f.s.supply = 10;
    e
}

/// 6.3.1: "(and if the Area is American-Controlled)": Smoots in Contested Area 13 (German
/// Controlled: 7.3) takes E back in Vacant Area 12 next to him, not in Area 13 or the German
/// Areas 6, 14 and 19 beside it.
#[test]
fn rule_6_3_1_a_refitted_unit_never_returns_to_a_contested_area() {
    let mut f = Fixture::combat();
    let e = e_out_smoots_in_13(&mut f, true);
    f.act(Action::Refit(e));
    assert_eq!(places(&f), vec![12]);
}

/// 6.3.1 "Otherwise, they can be placed in any American-Controlled Area": with none of its
/// organisation on the map, every Vacant Area is offered: Areas 1 and 2 and Area 20, taken.
#[test]
fn rule_6_3_1_with_none_of_its_organisation_on_the_map_every_vacant_area_is_offered() {
    let mut f = Fixture::combat();
    let e = f.unit("E");
    let smoots = f.unit("Smoots");
    for u in [e, smoots] {
        f.set_loc(u, OUT_OF_ACTION);
        f.s.fresh &= !(1 << u);
    }
    f.vacate(20);
    f.s.step = Step::Supply;
    f.s.supply = 10;
    f.act(Action::Refit(e));
    assert_eq!(places(&f), vec![1, 2, 20]);
}

/// 6.3.1 (the reading `refit_fallback`): Smoots, E's Leader, is in Contested Area 13, and every
/// Area beside it is German: E may not return (`none`), or returns to any American-Controlled
/// Area, 1 or 2 (`any_american_area`, "Otherwise").
#[test]
fn rule_6_3_1_no_american_area_by_the_organisation_no_return_or_any_by_the_reading() {
    for (value, offered) in [("none", vec![]), ("any_american_area", vec![1, 2])] {
        let mut f = Fixture::combat_reading("refit_fallback", value);
        let e = e_out_smoots_in_13(&mut f, false);
        let refit = f.legal().contains(&Action::Refit(e));
        assert_eq!(refit, !offered.is_empty(), "{value}");
        if refit {
            f.act(Action::Refit(e));
            assert_eq!(places(&f), offered, "{value}");
        }
    }
}

#[test]
fn rule_6_4_1_bloody_streets_only_in_contested_urban_and_fortified_areas() {
    // Urban Area 13 is rolled for; Suburban Area 5, Contested too, is not.
    let mut f = to_bloody_streets(&[("I", 13), ("K", 5)]);
    let i = f.unit("I");
    assert_eq!(
        (f.s.step, f.s.cursor),
        (Step::Roll(Roll::BloodyStreets), 12)
    );
    let results = &f.game.rules().charts.bloody_streets.results;
    let loss = results
        .iter()
        .position(|r| *r == BloodyStreetsResult::Loss)
        .unwrap() as u8;
    f.roll(Action::Die(loss + 1));
    f.act(Action::Choose(i));
    assert_eq!(f.s.loc[usize::from(i)], OUT_OF_ACTION);
    assert_eq!(f.s.step, Step::ActionRound);
}

/// 6.3: "Roll 3D6 for American Supply" as the Supply Phase begins, after the Random Event.
#[test]
fn rule_6_3_supply_is_3d6_rolled_as_the_supply_phase_opens() {
    let mut f = Fixture::combat();
    f.s.step = Step::Roll(Roll::RandomEvent);
    f.roll(Action::Dice(10));
    assert_eq!(f.s.step, Step::Roll(Roll::Supply));
    let mut outcomes = Vec::new();
    f.game.chance_outcomes(&f.s, &mut outcomes);
    let three_d6 = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];
    let expected: Vec<(Action, u32)> = (3..=18).map(Action::Dice).zip(three_d6).collect();
    assert_eq!(outcomes, expected);
}

/// 6.4.1: a Bloody Streets roll "for each Urban and Fortified Area" that is Contested, in Area
/// order: Urban Area 13, then Fortified Area 20.
#[test]
fn rule_6_4_1_a_roll_for_each_contested_urban_and_fortified_area() {
    let mut f = to_bloody_streets(&[("I", 13), ("K", 20)]);
    assert_eq!(
        (f.s.step, f.s.cursor),
        (Step::Roll(Roll::BloodyStreets), 12)
    );
    let none = no_bloody_streets_loss(&f);
    f.roll(Action::Die(none + 1));
    assert_eq!(
        (f.s.step, f.s.cursor),
        (Step::Roll(Roll::BloodyStreets), 19)
    );
    f.roll(Action::Die(none + 1));
    assert_eq!(f.s.step, Step::ActionRound);
}

/// 6.4.1, the table's "spent" result: one Fresh American unit of the Area, of the player's
/// choice, is Spent and stays (not Out of Action); a Spent unit is not offered, and with none
/// Fresh the result costs nothing.
#[test]
fn rule_6_4_1_a_spent_result_spends_one_fresh_unit_of_the_players_choice() {
    let mut f = to_bloody_streets(&[("I", 13), ("K", 13), ("L", 13)]);
    let (i, k, l) = (f.unit("I"), f.unit("K"), f.unit("L"));
    f.s.fresh = 1 << i | 1 << k; // L is already Spent
    assert_eq!(f.s.cursor, 12, "Area 13 is rolled for");
    let results = &f.game.rules().charts.bloody_streets.results;
    let spent = results
        .iter()
        .position(|r| *r == BloodyStreetsResult::Spent);
    let spent = spent.expect("the table has a result of spent") as u8;
    f.roll(Action::Die(spent + 1));
    let mut offered = Vec::new();
    f.game.legal_actions(&f.s, &mut offered);
    assert_eq!(
        offered,
        vec![Action::Choose(i), Action::Choose(k)],
        "the Fresh units"
    );
    f.act(Action::Choose(i));
    assert_eq!(f.s.fresh, 1 << k, "I is Spent, K stays Fresh");
    for u in [i, k, l] {
        assert_eq!(f.s.loc[usize::from(u)], 12, "nobody leaves Area 13");
    }
    assert_eq!(f.s.step, Step::ActionRound);
    // With no Fresh unit in the Area the result costs nothing: no choice, on to the Action Round.
    let mut g = to_bloody_streets(&[("I", 13)]);
    g.s.fresh = 0;
    g.roll(Action::Die(spent + 1));
    assert_eq!(g.s.step, Step::ActionRound);
}

/// The Combat Phase after Supply with only `units` (id, Area) of the Americans on the map:
/// the Bloody Streets rolls are next (6.4.1).
fn to_bloody_streets(units: &[(&str, u8)]) -> Fixture {
    let mut f = Fixture::combat();
    f.clear_americans();
    for &(id, area) in units {
        f.put(id, area);
    }
    f.s.step = Step::Supply;
    f.act(Action::Pass);
    f
}

/// The Bloody Streets die that costs nothing (the table's "none" result).
fn no_bloody_streets_loss(f: &Fixture) -> u8 {
    let results = &f.game.rules().charts.bloody_streets.results;
    let none = results.iter().position(|r| *r == BloodyStreetsResult::None);
    none.expect("the table has a result of none") as u8
}

/// 6.4.1: "each Urban and Fortified Area containing at least one American unit that also
/// contains a German unit": Urban Area 13, Contested, is rolled for; Urban Area 14, taken and
/// held by Company K, is not.
#[test]
fn rule_6_4_1_no_roll_for_an_urban_area_without_a_german_unit() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.put("I", 13);
    f.vacate(14);
    f.put("K", 14);
    f.s.step = Step::Supply;
    f.act(Action::Pass);
    assert_eq!(
        (f.s.step, f.s.cursor),
        (Step::Roll(Roll::BloodyStreets), 12)
    );
    let none = no_bloody_streets_loss(&f);
    f.roll(Action::Die(none + 1));
    assert_eq!(f.s.step, Step::ActionRound, "no roll for Area 14");
}

/// 6.5: "If the player has not won an Automatic Victory" the Spent units flip and the turn
/// advances: after one, neither happens.
#[test]
fn rule_6_5_no_flip_or_advance_after_an_automatic_victory() {
    let mut f = Fixture::combat();
    for a in 0..27 {
        f.s.set_german(a, NONE);
    }
    f.s.fresh = 0;
    f.act(Action::Pass);
    assert!(f.game.outcome(&f.s).is_some());
    assert_eq!((f.s.turn, f.s.fresh), (2, 0));
}

#[test]
fn rule_10_1_every_area_american_at_the_end_of_a_combat_phase_wins_outright() {
    let mut f = Fixture::combat();
    for a in 0..27 {
        f.s.set_german(a, NONE);
    }
    f.act(Action::Pass);
    let o = f.game.outcome(&f.s).expect("over");
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.level, turn::LEVELS[0]);
}

#[test]
fn rule_10_1_german_morale_6_or_more_after_turn_9_wins_for_the_germans() {
    let mut f = Fixture::combat();
    f.s.turn = 9;
    f.s.morale = 6;
    f.act(Action::Pass);
    assert_eq!(f.game.outcome(&f.s).unwrap().winner, Some(1));
}

/// 10.1: at the end the standing line states the result, not what Morale "would" give (trial
/// 17b F16).
#[test]
fn rule_10_1_the_standing_after_the_end_states_the_result() {
    let mut f = Fixture::combat();
    f.s.turn = 9;
    f.s.morale = 6;
    f.act(Action::Pass);
    let lines = turn::standing(&f.game.rules, &f.s);
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("The game is over, on turn 9: German automatic victory"),
        "{last}"
    );
    assert!(!last.contains("would"), "{last}");
}

/// 10.1: both Automatic Victories are told in the log with the check that gave them, and the
/// headline reads "game over", not "game over Phase" (trial 14b F6).
#[test]
fn rule_10_1_an_automatic_victory_is_told_with_its_check() {
    let mut f = Fixture::combat();
    f.s.turn = 9;
    f.s.morale = 6;
    let before = f.s;
    f.act(Action::Pass);
    let told = f.game.narrate(&before, Action::Pass, &f.s).expect("told");
    assert!(
        told.ends_with(
            "End Phase of Turn 9: German Morale 6 is 6 or higher: German Automatic Victory (10.1)"
        ),
        "{told}"
    );
    assert!(super::super::describe::headline(&f.s).starts_with("Turn 9 of 9, game over, "));

    let mut f = Fixture::combat();
    for a in 0..27 {
        f.s.set_german(a, NONE);
    }
    let before = f.s;
    f.act(Action::Pass);
    let told = f.game.narrate(&before, Action::Pass, &f.s).expect("told");
    assert!(
        told.ends_with(&format!(
            "every Area is American Controlled at the end of the Combat Phase of Turn {}: \
             American Automatic Victory (10.1)",
            before.turn
        )),
        "{told}"
    );
}

/// 10.2: the surrender roll comes "if German Morale is 5 or less", and the die must beat it
/// (at 5, the roll still comes).
#[test]
fn rule_10_2_the_garrison_surrenders_if_the_die_beats_morale() {
    for (morale, die, american) in [(3, 4, true), (3, 3, false), (5, 6, true), (5, 5, false)] {
        let mut f = Fixture::combat();
        f.s.turn = 9;
        f.s.morale = morale;
        f.act(Action::Pass);
        assert_eq!(f.s.step, Step::Roll(Roll::Surrender));
        f.roll(Action::Die(die));
        assert_eq!(
            f.game.outcome(&f.s).unwrap().winner,
            Some(usize::from(!american))
        );
    }
}

/// 3.2: the Turn/Record Track keeps the support points: a marker on its top space (9) goes no
/// higher.
#[test]
fn rule_3_2_a_support_marker_stops_at_the_track_s_top_space() {
    let mut f = Fixture::combat();
    f.s.step = Step::Supply;
    f.s.supply = 30;
    f.s.support[Support::Engineer as usize] = 8;
    assert!(f.legal().contains(&Action::Buy(Support::Engineer)));
    f.act(Action::Buy(Support::Engineer));
    assert_eq!(f.s.support[Support::Engineer as usize], 9);
    assert!(!f.legal().contains(&Action::Buy(Support::Engineer)));
}

/// 6.3.1: "Infantry and Armor units" return "on their Fresh side ... with, or adjacent to,
/// another unit of the same parent organization ... Otherwise, they can be placed in any
/// American-Controlled Area"; a Leader never returns so.
#[test]
fn rule_6_3_1_with_none_of_its_organisation_on_the_map_any_american_area() {
    let mut f = Fixture::combat();
    let e = f.unit("E");
    let rs = f.game.rules().clone();
    let org = rs.unit(e).organisation;
    for u in 0..rs.americans.len() as u8 {
        if rs.unit(u).organisation == org {
            f.set_loc(u, OUT_OF_ACTION);
            f.s.fresh &= !(1 << u);
        }
    }
    let smoots = f.unit("Smoots");
    assert_eq!(rs.unit(smoots).organisation, org);
    f.s.step = Step::Supply;
    f.s.supply = 30;
    assert!(!f.legal().contains(&Action::Refit(smoots)), "a Leader");
    f.act(Action::Refit(e));
    let legal = f.legal();
    assert!(
        legal.contains(&Action::Place(0)) && legal.contains(&Action::Place(1)),
        "Areas 1 and 2, both American-Controlled: {legal:?}"
    );
    f.act(Action::Place(1));
    assert_eq!(f.s.loc[usize::from(e)], 1);
    assert_ne!(f.s.fresh & 1 << e, 0, "on its Fresh side");
}

#[test]
fn rule_10_2_graded_rewards_give_the_surrender_odds_not_the_die() {
    // Morale 3: the die must beat it, 3 in 6. Either die gives the Americans exactly ½.
    for die in [4, 3] {
        let mut f = Fixture::combat();
        f.s.turn = 9;
        f.s.morale = 3;
        f.act(Action::Pass);
        f.roll(Action::Die(die));
        assert_eq!(f.game.graded_rewards(&f.s), Some([0.5, 0.5]));
    }
}

#[test]
fn rule_10_1_graded_rewards_rank_german_automatic_victories_by_morale() {
    let graded = |morale: u8| {
        let mut f = Fixture::combat();
        f.s.turn = 9;
        f.s.morale = morale;
        f.act(Action::Pass);
        assert_eq!(f.game.outcome(&f.s).unwrap().winner, Some(1));
        f.game.graded_rewards(&f.s).unwrap()[0]
    };
    // Nearer the victory level is worth more, and never as much as the surrender odds of
    // one point lower (Morale 5: 1 in 6).
    assert!(graded(19) < graded(12) && graded(12) < graded(6));
    assert_eq!(graded(19), 0.0);
    assert!(graded(6) < 1.0 / 6.0);
}

#[test]
fn rule_6_5_end_phase_flips_spent_units_and_lapses_support() {
    let mut f = Fixture::combat();
    f.s.fresh = 0;
    f.s.support = [1, 1, 1, 1];
    f.act(Action::Pass);
    assert_eq!(f.s.turn, 3);
    assert_ne!(f.s.fresh & 1 << f.unit("E"), 0);
    assert_eq!(f.s.support, [0; 4]);
}

/// 6.5 and 6: the log tells the End Phase where the American ends the Combat Phase, and the
/// new turn's phase with it (trial 10b F15).
#[test]
fn rule_6_5_the_end_phase_and_the_new_turn_are_told() {
    let mut f = Fixture::combat();
    f.s.rain = true;
    let before = f.s;
    f.act(Action::Pass);
    let told = f
        .game
        .narrate(&before, Action::Pass, &f.s)
        .unwrap_or_default();
    assert!(
        told.contains("End Phase: every Spent unit is flipped to Fresh, unused support lapses, the Rain ends (6.5)"),
        "{told}"
    );
    assert!(told.contains("now Turn 3 of 9, "), "{told}");
    // A step inside a phase tells no phase.
    let before = f.s;
    let a = f.legal()[0];
    f.act(a);
    if (before.turn, before.phase) == (f.s.turn, f.s.phase) {
        let told = f.game.narrate(&before, a, &f.s).unwrap_or_default();
        assert!(!told.contains("now Turn"), "{told}");
    }
}

/// 3.2, 6.3.1, 11.3 (the reading `support_points`): unused support points lapse in the End
/// Phase, or wait for a later turn.
#[test]
fn rule_6_5_and_3_2_unused_support_points_lapse_or_carry_over_by_the_reading() {
    for (value, after) in [("lapse", [0; 4]), ("carry_over", [1, 2, 0, 3])] {
        let mut f = Fixture::combat_reading("support_points", value);
        f.s.fresh = 0;
        f.s.support = [1, 2, 0, 3];
        f.act(Action::Pass);
        assert_eq!(f.s.turn, 3);
        assert_eq!(f.s.support, after, "{value}");
    }
}

#[test]
fn rule_6_2_random_events_change_morale_and_forbid_support_for_the_turn() {
    let rs_events = |f: &Fixture, name: &str| {
        let e = &f.game.rules().charts.random_events.events;
        e.iter()
            .find(|r| r.name.contains(name))
            .expect("event")
            .rolls[0]
    };
    let mut f = Fixture::combat();
    f.s.step = Step::Roll(Roll::RandomEvent);
    let leaflets = rs_events(&f, "Leaflets");
    f.roll(Action::Dice(leaflets));
    assert_eq!(f.s.morale, 18, "Morale −1");
    let mut g = Fixture::combat();
    g.s.step = Step::Roll(Roll::RandomEvent);
    let overcast = rs_events(&g, "overcast");
    g.roll(Action::Dice(overcast));
    g.roll(Action::Dice(18));
    assert!(!g.legal().contains(&Action::Buy(Support::Air)));
    assert!(!g.s.rain, "no other Rain effect");
}

/// The Morale track's numbers as data (`charts.morale`): a designer's variant that starts
/// Morale lower, or raises the level the Germans need, changes the game as 5.2 and 10.1 say.
#[test]
fn rule_5_2_and_10_1_morale_start_and_the_german_victory_level_come_from_the_data() {
    let mut data = super::super::data::DataSet::embedded().unwrap();
    data.charts.morale.start = 12;
    data.charts.morale.german_victory = 8;
    let game = super::Aachen::from_data(data.clone()).unwrap();
    assert_eq!(game.initial_state().morale, 12);
    let mut f = Fixture::combat();
    f.game = game;
    f.s.turn = 9;
    f.s.morale = 7; // 6 or more wins by default; below 8 here, so the surrender roll
    f.act(Action::Pass);
    assert_eq!(f.s.step, Step::Roll(Roll::Surrender));
    // Off the track: one line naming the table and the key.
    data.charts.morale.start = 20;
    let err = data.validate("charts.toml").unwrap_err().to_string();
    assert!(err.contains("morale") && err.contains("start"), "{err}");
    data.charts.morale.start = 19;
    data.charts.morale.german_victory = 0;
    let err = data.validate("charts.toml").unwrap_err().to_string();
    assert!(err.contains("german_victory"), "{err}");
}

#[test]
fn rule_6_2_the_random_event_roll_is_3d6() {
    let mut f = Fixture::combat();
    f.s.step = Step::Roll(Roll::RandomEvent);
    let mut out = Vec::new();
    f.game.chance_outcomes(&f.s, &mut out);
    let weights: Vec<(u8, u32)> = out
        .iter()
        .map(|&(a, w)| match a {
            Action::Dice(t) => (t, w),
            other => panic!("{other:?}"),
        })
        .collect();
    let three_d6 = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];
    let expected: Vec<(u8, u32)> = (3..=18).zip(three_d6).collect();
    assert_eq!(weights, expected);
}

#[test]
fn rule_6_2_rain_ends_in_the_end_phase() {
    let mut f = Fixture::combat();
    f.s.rain = true;
    turn::end_combat_phase(f.game.rules(), &mut f.s);
    assert_eq!(f.s.turn, 3, "the End Phase ran");
    assert!(!f.s.rain, "6.2: Rain ends during the End Phase");
}

#[test]
fn rule_6_1_1_an_m12_may_go_to_an_empty_american_setup_area() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    f.put("I", 12);
    f.s.turn = 2;
    turn::start_turn(f.game.rules(), &mut f.s);
    assert_eq!(f.s.step, Step::Reinforcements);
    let mut legal = f.legal();
    legal.sort_by_key(|a| format!("{a:?}"));
    let mut expected = vec![Action::Place(0), Action::Place(1), Action::Place(11)];
    expected.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        legal, expected,
        "Areas 1 and 2 (set-up, empty) and Area 12 (Infantry), nowhere else"
    );
}

/// 6.5: at the end of turn 9 there is no turn 10: the last turn's victory check decides.
#[test]
fn rule_6_5_the_end_phase_of_turn_9_ends_the_game_instead_of_a_turn_10() {
    let mut f = Fixture::combat();
    f.s.turn = 9;
    turn::end_combat_phase(f.game.rules(), &mut f.s);
    assert_eq!(f.s.turn, 9, "no turn 10");
    let over = f.game.outcome(&f.s).is_some() || f.s.step == Step::Roll(Roll::Surrender);
    assert!(over, "10.2's final check: {:?}", f.s.step);
}

/// 6.4.2: when the player declines another Action Round, the Combat Phase ends with 10.1's
/// check: with no German Area left, the Americans win at once.
#[test]
fn rule_6_4_2_declining_ends_the_combat_phase_with_the_automatic_victory_check() {
    let mut f = Fixture::combat();
    for n in 1..=27 {
        f.vacate(n);
    }
    f.act(Action::Pass);
    let outcome = f.game.outcome(&f.s).expect("10.1: the game is over");
    assert_eq!(outcome.winner, Some(0), "an American automatic victory");
    assert_eq!(outcome.turn, 2, "at once, on turn 2");
}

/// 10.1: the American check comes first: "The American player wins an Automatic Victory if at
/// the end of any Combat Phase every Area on the map is American Controlled. If this does not
/// occur, the German side wins ... if at the start of the End Phase of Turn 9, German Morale is
/// 6 or higher." Turn 9, every Area cleared, Morale 19: an American Automatic Victory.
#[test]
fn rule_10_1_every_area_american_on_turn_9_wins_for_the_americans_whatever_the_morale() {
    let mut f = Fixture::combat();
    f.s.turn = 9;
    f.s.morale = 19;
    for n in 1..=27 {
        f.vacate(n);
    }
    f.act(Action::Pass);
    let o = f.game.outcome(&f.s).expect("over");
    assert_eq!(o.winner, Some(0), "the Americans win");
    assert_eq!(o.level, turn::LEVELS[0], "an Automatic Victory");
    assert_eq!(o.turn, 9);
}

/// The Areas (numbered 1–27) of the `Place` actions on offer; every action on offer must be a
/// `Place`.
fn places_offered(f: &Fixture) -> Vec<u8> {
    let legal = f.legal();
    let mut areas: Vec<u8> = legal
        .iter()
        .map(|a| match a {
            Action::Place(x) => x + 1,
            other => panic!("not a placement: {other:?} in {legal:?}"),
        })
        .collect();
    areas.sort_unstable();
    areas
}

/// The combat fixture on `turn` with Area 12 taken and held by Company I, Area 3 taken and
/// empty, Company K in Area 13 with its German unit (Contested), and Areas 1 and 2 empty.
/// Every other Area keeps its German unit; every other American unit is off the map.
fn with_12_taken_3_empty_13_contested(turn: u8) -> Fixture {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    f.put("I", 12);
    f.vacate(3);
    f.put("K", 13);
    assert!(f.s.is_vacant(11) && f.s.is_vacant(2) && f.s.is_contested(12));
    f.s.turn = turn;
    f
}

/// 6.1.2: "A Leader unit that is returned to play is placed on its Fresh side in any Area that
/// is American Controlled and contains at least one other American unit, or the unit's
/// original setup Area (Case 5.3.1)." The exact set offered: his own setup Area although it
/// is empty, and the Vacant Area 12 with Company I; not the empty Vacant Area 3, not Area 13
/// (Contested, so German Controlled) with Company K in it, not the other, empty, setup Area.
#[test]
fn rule_6_1_2_a_returning_leader_goes_to_an_american_area_with_another_unit_or_his_setup_area() {
    for (leader, own, other) in [("Smoots", 1, 2), ("Nechy", 2, 1)] {
        let mut f = with_12_taken_3_empty_13_contested(4);
        let u = f.unit(leader);
        f.set_loc(u, OUT_OF_ACTION);
        f.s.leaders_hit = 1 << u;
        turn::start_turn(f.game.rules(), &mut f.s);
        assert_eq!(f.s.step, Step::Roll(Roll::LeaderMortality));
        f.roll(Action::Die(5));
        assert_eq!((f.s.step, f.s.cursor), (Step::PlaceLeader, u));
        assert_eq!(
            places_offered(&f),
            vec![own, 12],
            "{leader} (setup Area {own})"
        );
        assert!(f.s.units_in(own - 1) == 0 && f.s.units_in(other - 1) == 0);
        f.act(Action::Place(own - 1));
        assert_eq!(f.s.loc[usize::from(u)], own - 1);
        assert_ne!(f.s.fresh & 1 << u, 0, "placed on its Fresh side");
        assert_eq!(f.s.step, Step::Roll(Roll::RandomEvent));
    }
}

/// 6.1.2: "On a "1" or "2" result, the Leader is considered Killed in Action (KIA). Remove that
/// Leader from play for the rest of the game. On a "3" or "4", the Leader is considered lightly
/// wounded and may return to play during the Reinforcement Phase of the *next* Turn ... On a
/// "5" or "6" the Leader returns to play immediately." Every face: 1–2 KIA and never offered
/// again, 3–4 not offered this turn but at the next Dawn, 5–6 offered at once.
#[test]
fn rule_6_1_2_every_face_of_the_mortality_die_1_2_kia_3_4_next_turn_5_6_now() {
    for die in 1..=6u8 {
        let mut f = Fixture::combat();
        let smoots = f.unit("Smoots");
        f.set_loc(smoots, OUT_OF_ACTION);
        f.s.fresh &= !(1 << smoots);
        f.s.leaders_hit = 1 << smoots;
        f.s.turn = 4;
        turn::start_turn(f.game.rules(), &mut f.s);
        assert_eq!(f.s.step, Step::Roll(Roll::LeaderMortality));
        f.roll(Action::Die(die));
        assert_eq!(f.s.leaders_hit, 0, "die {die}: rolled once");
        let placed_now = f.s.step == Step::PlaceLeader;
        assert_eq!(placed_now, die >= 5, "die {die}: back immediately?");
        if placed_now {
            assert_eq!(f.s.cursor, smoots);
            f.act(Action::Place(0));
            assert_eq!(f.s.loc[usize::from(smoots)], 0, "die {die}");
            assert_ne!(f.s.fresh & 1 << smoots, 0, "die {die}: Fresh");
            continue;
        }
        let expect = if die <= 2 { KIA } else { WOUNDED };
        assert_eq!(f.s.loc[usize::from(smoots)], expect, "die {die}");
        assert_eq!(f.s.step, Step::Roll(Roll::RandomEvent), "die {die}");
        // The next Dawn (turn 5), after Task Force Hogan is placed, and the one after (turn 6).
        for next in [5, 6] {
            f.s.turn = next;
            turn::start_turn(f.game.rules(), &mut f.s);
            while f.s.step == Step::Reinforcements {
                f.act(Action::Place(1));
            }
            if die <= 2 || next == 6 {
                assert_eq!(
                    f.s.step,
                    Step::Roll(Roll::RandomEvent),
                    "die {die}, turn {next}"
                );
                let at = if die <= 2 { KIA } else { 0 };
                assert_eq!(f.s.loc[usize::from(smoots)], at, "die {die}, turn {next}");
            } else {
                assert_eq!(
                    (f.s.step, f.s.cursor),
                    (Step::PlaceLeader, smoots),
                    "die {die}"
                );
                f.act(Action::Place(0));
                assert_eq!(f.s.loc[usize::from(smoots)], 0, "die {die}");
                assert_ne!(f.s.fresh & 1 << smoots, 0, "die {die}: Fresh");
            }
        }
    }
}

/// 6.1.1: "On Turn 5, the four units of Task Force Hogan may be placed in any Vacant
/// American-Controlled Area. All four units must be placed in one Area." The exact set offered:
/// the setup Areas 1 and 2, the taken Area 12 (with Company I) and the taken, empty Area 3;
/// not Area 13, which Company K shares with a German unit (Contested), though the M-12 rule
/// would allow it for its Infantry.
#[test]
fn rule_6_1_1_task_force_hogan_goes_to_any_vacant_american_controlled_area_all_together() {
    let mut f = with_12_taken_3_empty_13_contested(5);
    turn::start_turn(f.game.rules(), &mut f.s);
    assert_eq!((f.s.phase, f.s.step), (Phase::Dawn, Step::Reinforcements));
    assert_eq!(places_offered(&f), vec![1, 2, 3, 12]);
    f.act(Action::Place(11));
    let hogan = f.game.rules().organisation_of(f.unit("Hogan"));
    assert_eq!(hogan.count_ones(), 4);
    for id in ["Hogan", "G/33", "H/33", "A/36"] {
        let u = f.unit(id);
        assert_eq!(f.s.loc[usize::from(u)], 11, "{id} in Area 12");
        assert_ne!(f.s.fresh & 1 << u, 0, "{id} Fresh");
    }
    assert_eq!(f.s.units_in(11), hogan | 1 << f.unit("I"));
    assert_eq!(
        f.s.step,
        Step::Roll(Roll::RandomEvent),
        "all four placed at once"
    );
}

/// 6.1.1: "On Turn 7, the three units of the 110th Infantry Regiment may be placed in any
/// Vacant American-Controlled Area. All three units must be placed in one Area." A turn-7 Dawn:
/// the reinforcement step, only the Vacant Areas 1, 2, 3 and 12 offered (not the Contested
/// Area 13), and Hughes, A/110 and B/110 all in the Area chosen.
#[test]
fn rule_6_1_1_the_110th_arrives_on_turn_7_all_three_in_one_vacant_american_controlled_area() {
    let mut f = with_12_taken_3_empty_13_contested(7);
    turn::start_turn(f.game.rules(), &mut f.s);
    assert_eq!((f.s.phase, f.s.step), (Phase::Dawn, Step::Reinforcements));
    let regiment = ["Hughes", "A/110", "B/110"].map(|id| f.unit(id));
    assert!(regiment.contains(&f.s.cursor));
    assert_eq!(places_offered(&f), vec![1, 2, 3, 12]);
    f.act(Action::Place(2));
    for u in regiment {
        assert_eq!(
            f.s.loc[usize::from(u)],
            2,
            "{} in Area 3",
            f.game.rules().unit(u).id
        );
        assert_ne!(f.s.fresh & 1 << u, 0);
    }
    assert_eq!(f.s.units_in(2), regiment.iter().fold(0, |m, &u| m | 1 << u));
    assert_eq!(
        f.s.step,
        Step::Roll(Roll::RandomEvent),
        "all three placed at once"
    );
}
