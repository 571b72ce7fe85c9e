//! The Ops Phase (6), the End Turn Segment (7.8) and the scenario start (10).

use super::Fx;
use crate::engine::{Actor, Game};
use crate::games::crossing_the_line::action::Action;
use crate::games::crossing_the_line::charts::InitiativeMarker;
use crate::games::crossing_the_line::side::Side;
use crate::games::crossing_the_line::state::{State, Step};

fn marker(side: Side, value: u8) -> InitiativeMarker {
    InitiativeMarker {
        side: Some(side),
        value,
    }
}

fn us_weight(fx: &Fx, s: &crate::games::crossing_the_line::State) -> u32 {
    fx.outcomes(s)
        .iter()
        .find(|(a, _)| *a == Action::Winner(Side::Us))
        .map_or(0, |&(_, w)| w)
}

#[test]
fn rule_10_scenario_2_opens_with_the_us_initiative_and_the_marker_at_2_german() {
    let fx = Fx::s2();
    let s = fx.g.initial_state();
    assert_eq!(s.step, Step::Choose);
    assert_eq!(s.initiative, Side::Us);
    assert_eq!(s.marker, marker(Side::German, 2));
}

/// 10: "Each scenario begins with the Ops Phase, so the first Admin Phase is skipped", and the
/// US wins the first Initiative; Scenario 3 begins on game turn 5 (10.3) with Interdiction 0
/// (AMBIG-31).
#[test]
fn rule_10_3_across_the_wurm_opens_on_turn_5_in_the_ops_phase_with_the_us_initiative() {
    let fx = Fx::new("across-the-wurm");
    let s = fx.g.initial_state();
    assert_eq!((s.turn, fx.rs().last_turn), (5, 8), "10.3: game turns 5-8");
    assert_eq!(s.step, Step::Choose);
    assert_eq!(s.initiative, Side::Us);
    assert_eq!(s.marker, marker(Side::German, 2));
    assert_eq!(s.interdiction, 0);
    // The markers the rules read are on the standing, not only in the log (trial 21d F6).
    let standing = fx.g.standing(&s, Some(Side::Us.index())).join(" ");
    assert!(
        standing.contains("Markers: the SNAFU token with the ")
            && standing.contains(
                "the Initiative +DRM marker at +2 Germans (6.1); Interdiction Level 0 (8.1.2)."
            ),
        "{standing}"
    );
    // The screen says it is rule 10's, no roll having been made (trial 21d F1).
    let headline = fx.g.render_seen(&s, Some(Side::Us.index()));
    assert!(
        headline.contains(
            "the scenario's first Initiative is theirs without a roll, the +DRM marker starting \
             at +2 German (10)"
        ),
        "{headline}"
    );
}

#[test]
fn rule_6_1_initiative_odds_read_the_marker_and_the_interdiction_level_ties_to_the_us() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    s.step = Step::Initiative;
    s.marker = InitiativeMarker::ZERO;
    // Two d10s, the tie to the US: 55 of 100.
    assert_eq!(us_weight(&fx, &s), 55);
    s.marker = marker(Side::German, 2);
    // The US needs 2 more than the German die: 8 + 7 + ... + 1 = 36.
    assert_eq!(us_weight(&fx, &s), 36);
    s.interdiction = 2;
    assert_eq!(us_weight(&fx, &s), 55);
    // The log tells the roll's modifiers and the odds the winner was drawn with (trial 11b F1).
    let before = s;
    fx.chance(&mut s, Action::Winner(Side::German));
    let told = fx.g.narrate(&before, Action::Winner(Side::German), &s);
    assert_eq!(
        told.as_deref().map(|t| t.split(" — ").next().unwrap_or(t)),
        Some(
            "the Germans win the Initiative (6.1: US d10 +0 +2 Interdiction Level vs German d10 \
             +2, ties to the US; 45 of the 100 rolls go to the Germans)"
        ),
    );
}

/// 8.1.2: "The US player applies the Interdiction Level as an additional Initiative DRM": the
/// level an Interdiction die of 10 gives counts in the next Initiative roll, against the
/// marker at +2 German; the count of the 100 pairs of d10s is made here by hand.
#[test]
fn rule_8_1_2_the_level_rolled_adds_to_the_us_initiative() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    fx.decide(&mut s, Action::Pass);
    fx.decide(&mut s, Action::Pass);
    assert_eq!(s.step, Step::Interdiction);
    fx.chance(&mut s, Action::Die(10));
    let level = fx.rs().charts.interdiction_level(10);
    assert!(level > 0);
    assert_eq!(s.interdiction, level);
    s.step = Step::Initiative;
    s.marker = marker(Side::German, 2);
    let level = i32::from(level);
    let by_hand = (1..=10)
        .flat_map(|us| (1..=10).map(move |german| (us, german)))
        .filter(|&(us, german)| us + level >= german + 2)
        .count();
    assert_eq!(us_weight(&fx, &s), by_hand as u32);
}

/// 10: "Units never start in an Improved Defense" in any scenario.
#[test]
fn rule_10_no_unit_starts_in_improved_defense() {
    for id in [
        "first-blood",
        "stolberg-corridor",
        "across-the-wurm",
        "campaign",
    ] {
        let fx = Fx::new(id);
        assert_eq!(fx.g.initial_state().improved, 0, "{id}");
    }
}

#[test]
fn rule_6_1_the_marker_turns_to_the_reaction_side_at_2_and_then_grows_by_1() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    s.marker = InitiativeMarker::ZERO;
    s.step = Step::Initiative;
    fx.chance(&mut s, Action::Winner(Side::Us));
    assert_eq!(s.marker, marker(Side::German, 2));
    assert_eq!(s.initiative, Side::Us);
    s.step = Step::Initiative;
    fx.chance(&mut s, Action::Winner(Side::Us));
    assert_eq!(s.marker, marker(Side::German, 3));
    s.step = Step::Initiative;
    fx.chance(&mut s, Action::Winner(Side::German));
    assert_eq!(s.marker, marker(Side::Us, 2));
    assert_eq!(s.initiative, Side::German);
}

#[test]
fn rule_6_1_once_a_side_has_passed_the_other_holds_the_initiative_without_a_roll() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    fx.decide(&mut s, Action::Pass);
    assert_eq!(s.step, Step::Choose, "no Initiative roll");
    assert_eq!(s.initiative, Side::German);
    assert!(s.passed[Side::Us.index()]);
}

#[test]
fn rule_6_2_a_transfer_hands_the_choice_over_and_cannot_be_handed_back() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    fx.decide(&mut s, Action::Transfer);
    assert_eq!(s.initiative, Side::German);
    let legal = fx.legal(&s);
    assert!(!legal.contains(&Action::Transfer));
    assert!(legal.contains(&Action::Pass));
    assert!(legal.contains(&Action::Act(fx.formation("9PzD"))));
}

#[test]
fn rule_6_2_no_transfer_to_a_side_that_has_passed() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    s.passed[Side::German.index()] = true;
    assert!(!fx.legal(&s).contains(&Action::Transfer));
    s.passed[Side::German.index()] = false;
    assert!(fx.legal(&s).contains(&Action::Transfer));
}

#[test]
fn rule_6_3_2_an_activation_rolls_the_black_aps_of_its_fal_column_then_the_fal_drops() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    let f = fx.formation("1ID");
    let fal = s.fal[usize::from(f)];
    fx.decide(&mut s, Action::Act(f));
    assert_eq!(s.step, Step::ApRoll { reaction: false });
    let before = s;
    fx.chance(&mut s, Action::Die(7));
    let expected = fx.rs().charts.action_points(fal, 7).unwrap().black;
    assert_eq!(s.act().ap, expected);
    assert_eq!(s.fal[usize::from(f)], fal - 1);
    assert_eq!(s.step, Step::Action);
    // The roll's line tells the FAL's drop as well as the APs.
    let told =
        fx.g.narrate(&before, Action::Die(7), &s)
            .unwrap_or_default();
    assert!(
        told.ends_with(&format!("; its FAL goes down to {}", fal - 1)),
        "{told}"
    );
}

#[test]
fn rule_6_3_1_a_formation_at_fal_0_cannot_activate() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    let f = fx.formation("1ID");
    assert!(fx.legal(&s).contains(&Action::Act(f)));
    s.fal[usize::from(f)] = 0;
    assert!(!fx.legal(&s).contains(&Action::Act(f)));
}

#[test]
fn rule_6_3_3_an_unsupplied_hq_flips_to_emergency_supply_then_drops_to_fal_0() {
    let fx = Fx::s2();
    let (mut s, f) = cut_off_1st_id(&fx);
    s.initiative = Side::Us;
    s.step = Step::Choose;
    fx.decide(&mut s, Action::Act(f));
    assert_eq!(
        s.emergency & (1 << f),
        1 << f,
        "flipped to Emergency Supply"
    );
    assert_eq!(s.fal[usize::from(f)], 4, "activates normally");
    fx.chance(&mut s, Action::Die(10));
    assert!(s.act().ap > 0);
    assert_eq!(s.fal[usize::from(f)], 3);
    // Already flipped: the AP roll on its level (3), then the FAL to 0 (6.3.2, the default
    // reading of AMBIG-8; `before_roll` is tested below).
    s.step = Step::Choose;
    s.initiative = Side::Us;
    fx.decide(&mut s, Action::Act(f));
    fx.chance(&mut s, Action::Die(10));
    assert_eq!(s.step, Step::Action, "5.7.3: it can still be activated");
    assert!(s.act().ap > 0);
    assert_eq!(s.fal[usize::from(f)], 0, "the FAL marker to 0");
}

/// The 1st ID's HQ at 1311 with German units all round it, which break every Supply Path
/// (5.7.2), at FAL 4.
fn cut_off_1st_id(fx: &Fx) -> (State, u8) {
    let mut s = fx.bare();
    let f = fx.hq(&mut s, "1ID", 1311);
    let ring = fx.ring(1311);
    assert_eq!(ring.len(), 6);
    for (name, &hex) in ["453", "328", "473", "GR 941", "GR 942", "GR 943"]
        .iter()
        .zip(&ring)
    {
        fx.put(&mut s, name, hex);
    }
    s.fal[usize::from(f)] = 4;
    (s, f)
}

/// AMBIG-8 (the reading `emergency_supply_spent`): an HQ already on its Emergency Supply
/// side activates with its FAL moved to 0 before the AP roll (`before_roll`: no APs), or
/// after it, as 6.3.2 orders "Place the AP marker ... the FAL marker would then be adjusted
/// onto the 0 space" (`after_roll`: the APs of its level, then 0).
#[test]
fn rule_6_3_2_ambig_8_the_fal_drops_to_0_before_or_after_the_ap_roll_by_the_reading() {
    let before = Fx::s2_edited(
        "charts.toml",
        "value = \"after_roll\"",
        "value = \"before_roll\"",
    );
    for (fx, after_roll) in [(before, false), (Fx::s2(), true)] {
        let (mut s, f) = cut_off_1st_id(&fx);
        s.emergency |= 1 << f; // spent earlier this turn
        s.initiative = Side::Us;
        s.step = Step::Choose;
        fx.decide(&mut s, Action::Act(f));
        let fal_at_roll = s.fal[usize::from(f)];
        fx.chance(&mut s, Action::Die(10));
        assert_eq!(fal_at_roll, if after_roll { 4 } else { 0 });
        assert_eq!(s.fal[usize::from(f)], 0, "at 0 afterwards either way");
        assert_eq!(s.step == Step::Action, after_roll, "APs only after_roll");
    }
}

#[test]
fn rule_6_the_ops_phase_ends_when_both_sides_have_passed_and_the_admin_phase_follows() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    fx.decide(&mut s, Action::Pass);
    fx.decide(&mut s, Action::Pass);
    assert_eq!(s.turn, 2);
    assert_eq!(
        s.step,
        Step::Interdiction,
        "8.1.2 comes first that needs a die"
    );
    assert_eq!(s.marker, InitiativeMarker::ZERO, "8: the marker back to 0");
}

#[test]
fn rule_7_8_the_game_ends_after_the_scenarios_last_turn() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    s.turn = 3;
    fx.decide(&mut s, Action::Pass);
    fx.decide(&mut s, Action::Pass);
    let outcome = fx.g.outcome(&s).expect("over after turn 3");
    assert_eq!(outcome.turn, 3);
}

#[test]
fn rule_5_2_the_snafu_owner_may_hand_the_token_over_to_roll_his_own_die_again() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    s.initiative = Side::German;
    let f = fx.formation("9PzD");
    assert_eq!(s.snafu, Side::German, "the German's at the start");
    let fal = s.fal[usize::from(f)];
    fx.decide(&mut s, Action::Act(f));
    fx.roll(&mut s, Action::Die(1));
    assert_eq!(s.step, Step::Snafu);
    assert_eq!(
        fx.g.actor(&s),
        crate::engine::Actor::Player(Side::German.index())
    );
    let mut kept = s;
    fx.decide(&mut kept, Action::Keep);
    assert_eq!(
        kept.act().ap,
        fx.rs().charts.action_points(fal, 1).unwrap().black
    );
    fx.decide(&mut s, Action::Reroll);
    assert_eq!(s.snafu, Side::Us, "the token changes hands");
    assert_eq!(s.step, Step::ApRoll { reaction: false });
    fx.chance(&mut s, Action::Die(10));
    assert_eq!(s.step, Step::Action, "no second reroll of the same roll");
    assert_eq!(
        s.act().ap,
        fx.rs().charts.action_points(fal, 10).unwrap().black
    );
}

#[test]
fn rule_5_2_the_token_is_not_offered_for_the_opponents_roll() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    fx.decide(&mut s, Action::Act(fx.formation("1ID")));
    fx.roll(&mut s, Action::Die(1));
    assert_eq!(s.step, Step::Action, "the US roll, the German token");
}

/// 5.2 with 8.1.2: "The US player rolls one die and consults the Interdiction Table": with the
/// token he may have a roll below the top level rolled again; the top level is not offered,
/// and the German's token gives the US nothing.
#[test]
fn rule_5_2_the_us_may_reroll_a_low_interdiction_die_with_the_token() {
    let fx = Fx::s2();
    let mut s = fx.g.initial_state();
    fx.decide(&mut s, Action::Pass);
    fx.decide(&mut s, Action::Pass);
    assert_eq!(s.step, Step::Interdiction);
    let charts = &fx.rs().charts;
    assert!(charts.interdiction_level(1) < charts.max_interdiction_level());
    assert_eq!(
        charts.interdiction_level(10),
        charts.max_interdiction_level()
    );
    let german_token = s;
    s.snafu = Side::Us;
    let mut top = s;
    fx.roll(&mut top, Action::Die(10));
    assert_ne!(top.step, Step::Snafu, "the top level: not offered");
    fx.roll(&mut s, Action::Die(1));
    assert_eq!(s.step, Step::Snafu);
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::Us.index()));
    // The reroll tells its chances against the die held, by the chart's levels.
    let level = |d: u8| charts.interdiction_level(d);
    let better = (1..=10).filter(|&d| level(d) > level(1)).count();
    let alike = (1..=10).filter(|&d| level(d) == level(1)).count();
    assert!(better > 0 && alike > 0);
    assert_eq!(
        fx.g.describe(&s, Action::Reroll),
        format!(
            "hand over the SNAFU token and roll again (5.2: {better} in 10 better, none worse, the rest alike)"
        )
    );
    fx.decide(&mut s, Action::Reroll);
    assert_eq!((s.step, s.snafu), (Step::Interdiction, Side::German));
    fx.roll(&mut s, Action::Die(10));
    assert_eq!(s.interdiction, charts.max_interdiction_level());
    let mut g = german_token;
    fx.roll(&mut g, Action::Die(1));
    assert_ne!(g.step, Step::Snafu, "the German's token");
    assert_eq!(g.interdiction, charts.interdiction_level(1));
}
