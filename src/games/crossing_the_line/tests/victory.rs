//! Victory (9) and the scenarios' victory conditions (10.1, 10.2, 10.3).

use super::Fx;
use crate::engine::Game;
use crate::games::crossing_the_line::action::Action;
use crate::games::crossing_the_line::state::{State, Step};
use crate::games::crossing_the_line::victory::{self, us_vp};

/// The Ruleset's position of VP hex `number`.
fn vp_bit(fx: &Fx, number: u16) -> u32 {
    let h = fx.hex(number);
    let k = fx
        .rs()
        .vp_hexes
        .iter()
        .position(|&(x, _)| x == h)
        .expect("a VP hex");
    1 << k
}

#[test]
fn rule_9_a_unit_entering_a_vp_hex_with_a_line_to_its_supply_source_takes_control() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    let u = fx.put(&mut s, "1/16", 2007);
    fx.activate(&mut s, "1ID", 3);
    assert_eq!(us_vp(fx.rs(), &s), 0, "every VP hex starts German");
    fx.move_to(&mut s, u, 2108);
    assert_eq!(s.us_control & vp_bit(&fx, 2108), vp_bit(&fx, 2108));
    assert_eq!(us_vp(fx.rs(), &s), 5);
}

#[test]
fn rule_9_control_by_zoc_into_an_empty_vp_hex_and_retaken_by_the_enemy() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "526ID", 2211);
    // 2008 projects a ZOC into 2108 (infantry: across the dragon's teeth too).
    fx.put(&mut s, "1/16", 2008);
    victory::update_control(fx.rs(), &mut s);
    let bit = vp_bit(&fx, 2108);
    assert_eq!(s.us_control & bit, bit);
    // A German unit entering it takes it back.
    fx.put(&mut s, "453", 2108);
    victory::update_control(fx.rs(), &mut s);
    assert_eq!(s.us_control & bit, 0);
}

/// 9: "he must be able to trace a line from his supply source to the VP hex that is free of
/// enemy units and EZOCs": a US unit in a VP hex with German units on every side of it (its
/// line cut) does not take control; a German unit ringed by US units does not retake one.
#[test]
fn rule_9_no_control_of_a_vp_hex_without_a_line_to_the_supply_source() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "526ID", 2211);
    let bit = vp_bit(&fx, 2108);
    fx.put(&mut s, "1/16", 2108);
    let germans = ["453", "LwF VIII", "LwF XIX", "328", "473", "PzG 10"];
    for (name, h) in germans.iter().zip(fx.ring(2108)) {
        fx.put(&mut s, name, h);
    }
    victory::update_control(fx.rs(), &mut s);
    assert_eq!(s.us_control & bit, 0, "the US line is cut by enemy units");
    // The same for a German retake: a US-held VP hex, a German unit in it, US units all round.
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "526ID", 2211);
    s.us_control |= bit;
    fx.put(&mut s, "453", 2108);
    let americans = ["1/16", "2/16", "3/16", "1/18", "2/18", "3/18"];
    for (name, h) in americans.iter().zip(fx.ring(2108)) {
        fx.put(&mut s, name, h);
    }
    victory::update_control(fx.rs(), &mut s);
    assert_eq!(
        s.us_control & bit,
        bit,
        "the German line is cut by enemy units"
    );
}

/// 9: "If both US and German units project a ZOC into a hex empty of units, the hex is
/// mutually controlled". AMBIG-27: mutual control counts for the US, so the US gains the
/// empty VP hex and the Germans, whose ZOC is in it too, do not take it back.
#[test]
fn rule_9_a_mutually_controlled_empty_vp_hex_counts_for_the_us() {
    let fx = Fx::s2();
    let (s, bit) = mutual_2108(&fx);
    let mut after = s;
    victory::update_control(fx.rs(), &mut after);
    assert_eq!(after.us_control & bit, bit, "the US gains it");
    // The log says why the US have it with a German ZOC in it (trial 22e F2).
    let told = fx.g.narrate(&s, Action::Pass, &after).unwrap_or_default();
    assert!(
        told.contains(
            "the US take 2108 (5 VP, mutually controlled: a German ZOC reaches it too, \
             which counts for the US (9, Sandtable's reading))"
        ),
        "{told}"
    );
    let mut again = after;
    victory::update_control(fx.rs(), &mut again);
    assert_eq!(again.us_control & bit, bit, "the Germans do not retake it");
    // The reading `unchanged`: mutual control leaves the hex with the Germans.
    let fx = Fx::s2_edited("charts.toml", "value = \"us\"", "value = \"unchanged\"");
    let (mut s, bit) = mutual_2108(&fx);
    victory::update_control(fx.rs(), &mut s);
    assert_eq!(s.us_control & bit, 0, "unchanged: still German");
}

/// 2108 empty, the 1/16's ZOC and the 453's both in it.
fn mutual_2108(fx: &Fx) -> (State, u32) {
    let mut s = fx.bare();
    fx.hq(&mut s, "1ID", 1507);
    fx.hq(&mut s, "526ID", 2211);
    let bit = vp_bit(fx, 2108);
    fx.put(&mut s, "1/16", 2008);
    let far = fx
        .ring(2108)
        .into_iter()
        .find(|&n| !fx.ring(2008).contains(&n) && n != 2008)
        .expect("a neighbour of 2108 not next to 2008");
    fx.put(&mut s, "453", far);
    let i = usize::from(fx.hex(2108));
    assert!(s.zoc.iter().all(|z| z.contains(i)), "both ZOCs in 2108");
    assert!(s.present.iter().all(|p| !p.contains(i)), "2108 empty");
    (s, bit)
}

fn final_level(fx: &Fx, s: &mut State) -> &'static str {
    victory::final_victory(fx.rs(), s);
    assert_eq!(s.step, Step::Over);
    fx.g.outcome(s).expect("over").level
}

/// The VP hexes worth exactly `vp` under US control (a greedy pick of 15s, 10s and 5s).
fn control_worth(fx: &Fx, vp: u32) -> u32 {
    let mut left = vp;
    let mut mask = 0;
    let mut hexes: Vec<(usize, u8)> = fx
        .rs()
        .vp_hexes
        .iter()
        .map(|&(_, v)| v)
        .enumerate()
        .collect();
    hexes.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    for (k, v) in hexes {
        if u32::from(v) <= left {
            left -= u32::from(v);
            mask |= 1 << k;
        }
    }
    assert_eq!(left, 0);
    mask
}

/// The bands are data (`vp_levels`): the other reading of AMBIG-30 (16, as the text's
/// "16–29") makes 15 VP a German decisive victory; a designer's bands move every level.
#[test]
fn rule_10_2_ambig_30_the_vp_bands_come_from_the_data() {
    let bands = "vp_levels = [71, 61, 51, 40, 30, 15]";
    let fx = Fx::s2_edited(
        "scenarios.toml",
        bands,
        "vp_levels = [71, 61, 51, 40, 30, 16]",
    );
    for (vp, level) in [(15, "German decisive"), (20, "German substantial")] {
        let mut s = fx.bare();
        s.us_control = control_worth(&fx, vp);
        assert_eq!(final_level(&fx, &mut s), level, "{vp} VP");
    }
    let fx = Fx::s2_edited(
        "scenarios.toml",
        bands,
        "vp_levels = [81, 71, 61, 50, 40, 20]",
    );
    for (vp, level) in [
        (75, "US substantial"),
        (45, "German marginal"),
        (50, "draw"),
    ] {
        let mut s = fx.bare();
        s.us_control = control_worth(&fx, vp);
        assert_eq!(final_level(&fx, &mut s), level, "{vp} VP");
    }
    let text = victory::standing(fx.rs(), &fx.bare(), None).join(" ");
    assert!(
        text.contains("81+ US decisive, 71–80 US substantial"),
        "{text}"
    );
    // Bands the data moved are told as the data's, with the rulebook's beside them, and no
    // reading of the rulebook's 15 VP is claimed for them (trial 15a F1).
    assert!(
        text.contains(
            "20–39 German substantial, 0–19 German decisive (bands set by the data, not the \
             rulebook's; 10.2 has 71+ US decisive, 61–70 US substantial"
        ) && !text.contains("the rulebook's table has"),
        "{text}"
    );
    // The embedded reading is told as a reading where the bands are listed.
    let fx = Fx::s2();
    let text = victory::standing(fx.rs(), &fx.bare(), None).join(" ");
    assert!(
        text.contains("15–29 German substantial (the rulebook's table has 16–29")
            && text.contains("is read as German substantial)")
            && !text.contains("AMBIG"),
        "{text}"
    );
}

/// With VP hexes worth each `vp` under US control, the game ends at `level`.
fn assert_levels(fx: &Fx, cases: &[(u32, &str)]) {
    for &(vp, level) in cases {
        let mut s = fx.bare();
        s.us_control = control_worth(fx, vp);
        assert_eq!(us_vp(fx.rs(), &s), vp);
        assert_eq!(final_level(fx, &mut s), level, "{vp} VP");
    }
}

#[test]
fn rule_10_2_the_us_vp_total_decides_the_level_and_15_is_a_german_substantial_victory() {
    let fx = Fx::s2();
    let cases = [
        (0, "German decisive"),
        (10, "German decisive"),
        (15, "German substantial"),
        (25, "German substantial"),
        (30, "German marginal"),
        (40, "draw"),
        (50, "draw"),
        (55, "US marginal"),
        (60, "US marginal"),
        (65, "US substantial"),
        (70, "US substantial"),
        (75, "US decisive"),
    ];
    assert_levels(&fx, &cases);
}

#[test]
fn rule_10_3_the_us_vp_total_decides_one_of_five_levels() {
    let fx = Fx::new("across-the-wurm");
    let cases = [
        (0, "German decisive"),
        (10, "German decisive"),
        (15, "German marginal"),
        (25, "German marginal"),
        (30, "draw"),
        (35, "draw"),
        (40, "US marginal"),
        (55, "US marginal"),
        (60, "US decisive"),
        (75, "US decisive"),
    ];
    assert_levels(&fx, &cases);
    let text = victory::standing(fx.rs(), &fx.bare(), None).join(" ");
    assert!(
        text.contains("Victory (10.3) after turn 8")
            && text.contains(
                "60+ US decisive, 40–59 US marginal, 30–39 draw, 15–29 German \
                              marginal, 0–14 German decisive"
            )
            && !text.contains("Aachen"),
        "{text}"
    );
}

#[test]
fn rule_9_a_us_unit_entering_a_10_3_vp_hex_takes_control() {
    let fx = Fx::new("across-the-wurm");
    let mut s = fx.bare();
    let (hq, unit) = us_hq_and_unit(&fx);
    fx.hq(&mut s, &hq, 4204);
    let u = fx.put(&mut s, &unit, 4303);
    victory::update_control(fx.rs(), &mut s);
    assert_eq!(us_vp(fx.rs(), &s), 0, "every VP hex starts German");
    fx.activate(&mut s, &hq, 3);
    fx.move_to(&mut s, u, 4305);
    assert_eq!(s.us_control & vp_bit(&fx, 4305), vp_bit(&fx, 4305));
    assert_eq!(us_vp(fx.rs(), &s), 5);
}

/// A US formation of the scenario with an infantry battalion of it.
fn us_hq_and_unit(fx: &Fx) -> (String, String) {
    let rs = fx.rs();
    let u = (0..rs.units.len())
        .find(|&u| {
            let info = &rs.units[u];
            info.side == crate::games::crossing_the_line::side::Side::Us
                && info.parent.is_some()
                && info.class == crate::games::crossing_the_line::counters::UnitClass::Infantry
        })
        .expect("a US infantry unit");
    let f = rs.units[u].parent.unwrap();
    (
        rs.formations[usize::from(f)].id.clone(),
        rs.units[u].name.clone(),
    )
}

#[test]
fn rule_10_2_a_us_unit_in_an_aachen_city_hex_wins_decisively() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.put(&mut s, "1/16", 2706);
    assert_eq!(final_level(&fx, &mut s), "US decisive");
    // The result says why, whatever the VP (trial 11b F8).
    let reason = fx.g.result_reason(&s).expect("a reason");
    assert!(
        reason.contains("US combat units stand in Aachen City (2706)") && reason.contains("(10.2)"),
        "{reason}"
    );
}

/// 10.2: a game decided by its VP says which band its final VP fall in.
#[test]
fn rule_10_2_the_result_names_the_vp_band() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    s.turn = fx.rs().last_turn;
    let level = final_level(&fx, &mut s);
    let reason = fx.g.result_reason(&s).expect("a reason");
    let vp = us_vp(fx.rs(), &s);
    assert!(
        reason.contains(&format!("the US have {vp} VP, in the {level} band (10.2)")),
        "{reason}"
    );
}

/// First Blood with the objectives held by one German unit each.
fn first_blood(fx: &Fx) -> State {
    let mut s = fx.g.initial_state();
    assert_eq!(s.step, crate::games::crossing_the_line::state::Step::Choose);
    s.activations = 0;
    s
}

#[test]
fn rule_10_1_first_blood_is_rated_by_the_activations_needed_to_clear_2107_to_2109() {
    let fx = Fx::new("first-blood");
    for (activations, level) in [
        (1, "US decisive"),
        (2, "US decisive"),
        (3, "US substantial"),
        (4, "US satisfactory"),
        (5, "US poor"),
    ] {
        let mut s = first_blood(&fx);
        for name in ["453", "LwF VIII", "328", "LwF XIX"] {
            s.hex[fx.unit(name)] = crate::games::crossing_the_line::state::ELIMINATED;
        }
        s.refresh(fx.rs());
        s.activations = activations;
        victory::first_blood_after_activation(fx.rs(), &mut s);
        assert_eq!(
            fx.g.outcome(&s).expect("cleared").level,
            level,
            "{activations}"
        );
        let reason = fx.g.result_reason(&s).expect("a reason");
        let cleared = format!("the US cleared the objectives in {activations} Formation");
        assert!(reason.starts_with(&cleared), "{reason}");
    }
}

#[test]
fn rule_10_1_five_activations_without_clearing_the_objectives_fail() {
    let fx = Fx::new("first-blood");
    let mut s = first_blood(&fx);
    s.activations = 4;
    victory::first_blood_after_activation(fx.rs(), &mut s);
    assert!(fx.g.outcome(&s).is_none());
    s.activations = 5;
    victory::first_blood_after_activation(fx.rs(), &mut s);
    assert_eq!(fx.g.outcome(&s).expect("over").level, "US failed");
    assert_eq!(
        fx.g.result_reason(&s).expect("a reason"),
        "all 5 Formation Activations used and the Germans still hold 2107, 2108, 2109 (10.1)"
    );
}

#[test]
fn rule_10_1_the_1st_id_activates_five_times_its_fal_falling_each_time() {
    let fx = Fx::new("first-blood");
    let mut s = fx.g.initial_state();
    let f = fx.formation("1ID");
    assert_eq!(fx.legal(&s), vec![Action::Act(f)], "no Pass, no Transfer");
    for n in 1..=5u8 {
        fx.decide(&mut s, Action::Act(f));
        fx.chance(&mut s, Action::Die(5));
        assert_eq!(s.fal[usize::from(f)], 5 - n);
        if s.step == Step::Action {
            fx.decide(&mut s, Action::End);
        }
    }
    assert_eq!(
        fx.g.outcome(&s).expect("five activations").level,
        "US failed"
    );
}

/// Search maximises `outcome_rewards`: graded by the level, not just by who won.
#[test]
fn rule_10_search_rewards_fall_evenly_from_the_us_best_level_to_the_germans_best() {
    use crate::engine::Outcome;
    let reward = |fx: &Fx, level: &'static str| {
        let winner = None; // the grade reads the level only
        fx.g.outcome_rewards(&Outcome {
            winner,
            level,
            turn: 1,
        })
    };
    let fb = Fx::new("first-blood");
    assert_eq!(reward(&fb, "US decisive"), [1.0, 0.0]);
    assert_eq!(reward(&fb, "US substantial"), [0.75, 0.25]);
    assert_eq!(reward(&fb, "US poor"), [0.25, 0.75]);
    assert_eq!(reward(&fb, "US failed"), [0.0, 1.0]);
    let s2 = Fx::s2();
    assert_eq!(reward(&s2, "US decisive"), [1.0, 0.0]);
    assert_eq!(reward(&s2, "draw"), [0.5, 0.5]);
    assert_eq!(reward(&s2, "German decisive"), [0.0, 1.0]);
    let marginal = reward(&s2, "US marginal")[0];
    assert!(marginal > 0.5 && marginal < reward(&s2, "US substantial")[0]);
}

/// The search's estimate of the US reward (`estimate.rs`), from 10.2's conditions.
fn estimate(fx: &Fx, s: &State) -> f32 {
    fx.g.heuristic(s)
        .expect("the Stolberg Corridor has an estimate")
}

#[test]
fn rule_10_2_estimate_a_us_unit_in_aachen_city_rates_near_a_decisive_win() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.put(&mut s, "1/16", 1507);
    let far = estimate(&fx, &s);
    let mut inside = fx.bare();
    fx.put(&mut inside, "1/16", 2706);
    assert!(estimate(&fx, &inside) >= 0.9, "in the city");
    assert!(far < 0.5, "far from the city with no VP: {far}");
}

#[test]
fn rule_10_2_estimate_rises_as_us_units_near_aachen_city() {
    let fx = Fx::s2();
    let at = |hex| {
        let mut s = fx.bare();
        fx.put(&mut s, "1/16", hex);
        estimate(&fx, &s)
    };
    // 2306, 2406, 2506: three, two and one hexes west of the city's 2606.
    let (three, two, one) = (at(2306), at(2406), at(2506));
    assert!(three < two && two < one, "{three} < {two} < {one}");
}

#[test]
fn rule_10_2_estimate_rises_with_the_vp_the_us_holds() {
    let fx = Fx::s2();
    let mut s = fx.bare();
    fx.put(&mut s, "1/16", 1507);
    let none = estimate(&fx, &s);
    s.us_control = control_worth(&fx, 30);
    let thirty = estimate(&fx, &s);
    s.us_control = control_worth(&fx, 65);
    let sixty_five = estimate(&fx, &s);
    assert!(
        none < thirty && thirty < sixty_five,
        "{none} < {thirty} < {sixty_five}"
    );
}

#[test]
fn rule_10_1_first_blood_has_no_estimate_its_rollouts_play_to_the_end() {
    let fx = Fx::new("first-blood");
    assert_eq!(fx.g.heuristic(&first_blood(&fx)), None);
}

#[test]
fn rule_10_1_the_standing_names_the_objectives_the_germans_still_hold() {
    let fx = Fx::new("first-blood");
    let mut s = first_blood(&fx);
    let text = victory::standing(fx.rs(), &s, None).join(" ");
    assert!(
        text.contains("still held by the Germans: 2107, 2108, 2109."),
        "{text}"
    );
    for name in ["453", "LwF VIII", "328", "LwF XIX"] {
        s.hex[fx.unit(name)] = crate::games::crossing_the_line::state::ELIMINATED;
    }
    s.refresh(fx.rs());
    let text = victory::standing(fx.rs(), &s, None).join(" ");
    assert!(text.contains("still held by the Germans: none."), "{text}");
}

/// 10.1: First Blood has no VP; the headline and the standing count the 1st ID's
/// activations, in words that agree with the number.
#[test]
fn rule_10_1_first_blood_tells_the_activations_used_not_vp() {
    let fx = Fx::new("first-blood");
    let mut s = first_blood(&fx);
    let headline = crate::games::crossing_the_line::describe::headline(fx.rs(), &s, None);
    assert!(
        headline.contains("0 of 5 activations used (10.1)"),
        "{headline}"
    );
    assert!(!headline.contains("VP"), "{headline}");
    // The headline names the step the game waits for, on the page too (trial 14b F2).
    assert!(
        headline.starts_with("First Blood, the US activates the 1st Infantry Division (10.1); "),
        "{headline}"
    );
    for (n, words) in [
        (0, "Now: 0 activations used;"),
        (1, "Now: 1 activation used;"),
        (2, "Now: 2 activations used;"),
    ] {
        s.activations = n;
        let text = victory::standing(fx.rs(), &s, None).join(" ");
        assert!(text.contains(words), "{text}");
        assert!(!text.contains("(s)"), "{text}");
    }
}

/// 10.2: "the US player wins a decisive victory if at least one of his units occupies an
/// Aachen City hex at the end of the scenario": reports name it beside the level, so that
/// decisive wins beside a low mean VP read as the rule, not a contradiction (trial 16b F4).
#[test]
fn rule_10_2_reports_name_aachen_city_beside_the_us_decisive_level() {
    let fx = Fx::s2();
    let words = fx.g.level_words("US decisive").expect("words of the level");
    assert!(
        words.contains("Aachen City") && words.contains("10.2"),
        "{words}"
    );
    assert_eq!(fx.g.level_words("US marginal"), None);
}
