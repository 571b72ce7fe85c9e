//! The Campaign (10.4): the Victory Plan (8.3), VP for German SP losses (9), the withdrawals
//! and the 116th Panzer's return (8.5.2), the attached independents and the German automatic
//! victory.

use super::Fx;
use crate::engine::GameRng;
use crate::engine::{Actor, Game};
use crate::games::crossing_the_line::action::Action;
use crate::games::crossing_the_line::admin;
use crate::games::crossing_the_line::reinforcements;
use crate::games::crossing_the_line::side::Side;
use crate::games::crossing_the_line::state::{State, Step, ELIMINATED, WITHDRAWN};
use crate::games::crossing_the_line::victory::{self, loss_vp, plan_vp, us_vp};
use rand::SeedableRng;

fn campaign() -> Fx {
    Fx::new("campaign")
}

/// The marker index of the plan named `name`.
fn marker(fx: &Fx, name: &str) -> u8 {
    let p = fx.rs().plan.as_ref().expect("a Victory Plan");
    p.markers
        .iter()
        .position(|(n, _)| n == name)
        .expect("a marker") as u8
}

fn dummy(fx: &Fx) -> u8 {
    marker(fx, "dummy")
}

/// The Admin Phase of `turn` from the Victory Plan Segment on.
fn at_victory_plan(fx: &Fx, s: &mut State, turn: u8) {
    s.turn = turn;
    admin::after_assignment(fx.rs(), s);
}

/// The Reinforcements Segment (8.5) of the current turn, nothing held back.
fn enter_reinforcements(fx: &Fx, s: &mut State) {
    reinforcements::start(fx.rs(), s);
    fx.enter_all(s);
}

#[test]
fn rule_10_4_the_campaign_is_the_whole_map_turns_1_to_8_with_every_formation() {
    let fx = campaign();
    let rs = fx.rs();
    assert_eq!((rs.first_turn, rs.last_turn), (1, 8));
    assert_eq!(
        rs.area.len(),
        rs.map.bounds().len(),
        "10.4: the entire map is used"
    );
    assert_eq!(rs.formations.len(), 14);
    // 10.4: "Pol", "Gen" and "394 Assault Gun" start attached to the 526th.
    let s = fx.g.initial_state();
    for name in ["Pol", "Gen", "394 StuG"] {
        let u = fx.unit(name);
        assert!(rs.unit(u).parent.is_none(), "{name} is independent");
        assert_eq!(s.formation[u], fx.formation("526ID"), "{name}");
    }
}

/// 8.3: "Starting with game turn 2, the US player draws one Victory Plan marker each turn":
/// the Campaign's cup holds a marker for each of the seven turns 2-8, the last drawn on turn
/// 8 (a cup too small for them is refused on loading: `ranges.rs`).
#[test]
fn rule_8_3_the_cup_lasts_a_draw_every_turn_to_the_last() {
    let fx = campaign();
    let p = fx.rs().plan.as_ref().unwrap();
    assert_eq!(p.markers.len(), 7);
    let mut s = fx.bare();
    for turn in 2..=7u8 {
        at_victory_plan(&fx, &mut s, turn);
        let first = fx.outcomes(&s)[0].0;
        fx.chance(&mut s, first);
        fx.chance(&mut s, Action::Die(2));
    }
    at_victory_plan(&fx, &mut s, 8);
    assert_eq!(s.step, Step::PlanDraw, "turn 8 draws too");
    assert_eq!(fx.outcomes(&s).len(), 1, "the last marker");
}

#[test]
fn rule_8_3_a_marker_is_drawn_each_turn_from_turn_2_and_the_first_plan_is_the_victory_plan() {
    let fx = campaign();
    let p = fx.rs().plan.as_ref().unwrap();
    let mut s = fx.bare();
    // Turn 1 has no Admin Phase; the plan draws start with turn 2.
    at_victory_plan(&fx, &mut s, 2);
    assert_eq!(s.step, Step::PlanDraw);
    let outcomes = fx.outcomes(&s);
    assert_eq!(outcomes.len(), p.markers.len(), "every marker in the cup");
    assert!(outcomes.iter().all(|&(_, w)| w == 1));
    fx.chance(&mut s, Action::Draw(dummy(&fx)));
    assert_eq!(s.step, Step::PlanPeek);
    fx.chance(&mut s, Action::Die(8));
    assert_ne!(s.step, Step::Inspect, "8 is no look");
    assert_eq!(victory::victory_plan(p, &s), None, "a dummy is no plan");
    at_victory_plan(&fx, &mut s, 3);
    assert_eq!(
        fx.outcomes(&s).len(),
        p.markers.len() - 1,
        "drawn markers stay out"
    );
    let aachen = marker(&fx, "Aachen");
    fx.chance(&mut s, Action::Draw(aachen));
    fx.chance(&mut s, Action::Die(2));
    assert_eq!(victory::victory_plan(p, &s), Some(usize::from(aachen)));
    // A later plan drawn does not replace the first.
    at_victory_plan(&fx, &mut s, 4);
    fx.chance(&mut s, Action::Draw(marker(&fx, "to the Roer")));
    fx.chance(&mut s, Action::Die(2));
    assert_eq!(victory::victory_plan(p, &s), Some(usize::from(aachen)));
}

#[test]
fn rule_8_3_on_9_or_10_the_german_inspects_one_drawn_marker() {
    let fx = campaign();
    let mut s = fx.bare();
    at_victory_plan(&fx, &mut s, 2);
    fx.chance(&mut s, Action::Draw(dummy(&fx)));
    fx.chance(&mut s, Action::Die(9));
    assert_eq!(s.step, Step::Inspect);
    assert_eq!(
        fx.g.actor(&s),
        crate::engine::Actor::Player(Side::German.index())
    );
    assert_eq!(fx.legal(&s), [Action::Inspect(0), Action::Done]);
    fx.decide(&mut s, Action::Inspect(0));
    assert_eq!(s.plan_seen, 1);
    assert_ne!(s.step, Step::Inspect);
}

/// 8.3: the log tells the US the marker it drew, with the plan's locations, and the German
/// the marker he inspected; neither is told the other's (trial 21e F1, F2).
#[test]
fn rule_8_3_the_log_tells_each_side_the_marker_it_drew_or_inspected() {
    let fx = campaign();
    let mut s = fx.bare();
    at_victory_plan(&fx, &mut s, 2);
    let roer = marker(&fx, "to the Roer");
    let before = s;
    fx.chance(&mut s, Action::Draw(roer));
    let seen = |side: Side, b: &State, a, after: &State| {
        fx.g.narrate_seen(b, a, after, side.index())
            .unwrap_or_default()
    };
    let us = seen(Side::Us, &before, Action::Draw(roer), &s);
    assert!(
        us.contains("you drew \"to the Roer\" (")
            && us.contains(" VP")
            && us.ends_with("the first marker drawn that is not a dummy"),
        "{us}"
    );
    let german = seen(Side::German, &before, Action::Draw(roer), &s);
    assert!(!german.contains("to the Roer"), "{german}");
    fx.chance(&mut s, Action::Die(9));
    let before = s;
    fx.decide(&mut s, Action::Inspect(0));
    let german = seen(Side::German, &before, Action::Inspect(0), &s);
    assert!(german.contains("you see \"to the Roer\" ("), "{german}");
}

#[test]
fn rule_8_3_the_german_sees_only_the_markers_he_inspected() {
    let fx = campaign();
    let mut s = fx.bare();
    let (aachen, roer) = (marker(&fx, "Aachen"), marker(&fx, "to the Roer"));
    s.plan_draws[0] = dummy(&fx) + 1;
    s.plan_draws[1] = aachen + 1;
    s.plan_draws[2] = roer + 1;
    s.plan_seen = 0b001;
    let mut others = std::collections::HashSet::new();
    for seed in 0..200 {
        let mut rng = GameRng::seed_from_u64(seed);
        let d = fx.g.determinize(&s, Side::German.index(), &mut rng);
        assert_eq!(d.plan_draws[0], s.plan_draws[0], "the inspected draw stays");
        assert!(d.plan_draws[1..3]
            .iter()
            .all(|&m| m != 0 && m != s.plan_draws[0]));
        assert_ne!(d.plan_draws[1], d.plan_draws[2]);
        assert_eq!(d.plan_draws[3], 0, "as many draws as made");
        others.insert(d.plan_draws[1]);
        // The US knows its own markers.
        let us = fx.g.determinize(&s, Side::Us.index(), &mut rng);
        assert_eq!(us.plan_draws, s.plan_draws);
    }
    assert!(
        others.len() >= 4,
        "the unseen draws are redrawn: {others:?}"
    );
}

#[test]
fn rule_10_4_the_us_scores_its_plans_locations_and_the_roer_area_counts_once() {
    let fx = campaign();
    let rs = fx.rs();
    let p = rs.plan.as_ref().unwrap();
    let mut s = fx.bare();
    s.plan_draws[0] = marker(&fx, "to the Roer") + 1;
    let bit = |n: u16| {
        let h = fx.hex(n);
        1u32 << rs.vp_hexes.iter().position(|&(x, _)| x == h).unwrap()
    };
    // Two hexes of the Roer area count once: 15; Aachen 5 more.
    s.us_control = bit(5418) | bit(5419);
    assert_eq!(plan_vp(p, &s), 15);
    s.us_control |= bit(2806);
    assert_eq!(plan_vp(p, &s), 20);
    // With the Aachen plan the same hexes score 15 + 5.
    s.plan_draws[0] = marker(&fx, "Aachen") + 1;
    assert_eq!(plan_vp(p, &s), 20);
    s.us_control = bit(2806);
    assert_eq!(plan_vp(p, &s), 15);
    // No plan drawn: no location scores.
    s.plan_draws[0] = dummy(&fx) + 1;
    assert_eq!(plan_vp(p, &s), 0);
}

/// 8.3: a location shows the drawn plan's VP to the US, and the range the markers give to the
/// German, who does not know the plan (trial 17b F1: not the largest value of any plan).
#[test]
fn rule_8_3_the_board_shows_a_locations_vp_by_the_plan_the_viewer_knows() {
    let fx = campaign();
    let mut s = fx.bare();
    let aachen = fx.hex(2806);
    let foot = |s: &State, side: Side| {
        let b = fx.g.board(s, Some(side.index()));
        let p = b.places.into_iter().find(|p| p.label == "2806").unwrap();
        (p.foot.unwrap(), p.tooltip)
    };
    let (short, words) = foot(&s, Side::Us);
    assert_eq!(short, "5–15 VP?");
    assert!(
        words.contains("Aachen: 5–15 VP by the Victory Plan, none drawn yet (8.3)"),
        "{words}"
    );
    s.plan_draws[0] = dummy(&fx) + 1;
    s.plan_draws[1] = marker(&fx, "to the Roer") + 1;
    let (short, words) = foot(&s, Side::Us);
    assert_eq!(short, "5 VP", "the Roer plan gives Aachen 5");
    assert!(
        words.contains("by the drawn Victory Plan (to the Roer, 8.3)"),
        "{words}"
    );
    let (short, words) = foot(&s, Side::German);
    assert_eq!(short, "5–15 VP?");
    assert!(
        words.contains("by the US's hidden Victory Plan (8.3)"),
        "{words}"
    );
    assert!(victory::hex_vp(fx.rs(), &s, None, aachen).unwrap().0 == "5 VP");
    // Having inspected the dummy and the plan after it, the German knows the plan and sees
    // its values (trial 22f F1: it was still "hidden" to him).
    s.plan_seen = 0b10;
    assert_eq!(
        foot(&s, Side::German).0,
        "5–15 VP?",
        "the dummy before it unseen"
    );
    s.plan_seen = 0b11;
    let (short, words) = foot(&s, Side::German);
    assert_eq!(short, "5 VP");
    assert!(words.contains("(to the Roer, 8.3)"), "{words}");
}

/// 8.3: the US is told the markers he drew, in draw order; the German only those he
/// inspected (trial 18b F6).
#[test]
fn rule_8_3_the_standing_names_the_drawn_markers_to_their_owner_only() {
    let fx = campaign();
    let mut s = fx.bare();
    s.plan_draws[0] = dummy(&fx) + 1;
    s.plan_draws[1] = marker(&fx, "to the Roer") + 1;
    let now = |s: &State, side: Side| {
        victory::standing(fx.rs(), s, Some(side))
            .last()
            .unwrap()
            .clone()
    };
    let us = now(&s, Side::Us);
    assert!(
        us.contains("2 markers drawn: a dummy, \"to the Roer\""),
        "{us}"
    );
    let german = now(&s, Side::German);
    assert!(
        german.contains("2 markers drawn, none inspected"),
        "{german}"
    );
    assert!(!german.contains("to the Roer"), "{german}");
    s.plan_seen = 0b01;
    let german = now(&s, Side::German);
    assert!(german.contains("you inspected a dummy"), "{german}");
    assert!(!german.contains("the US Victory Plan is"), "{german}");
    s.plan_seen = 0b11;
    let german = now(&s, Side::German);
    assert!(
        german.contains("the US Victory Plan is \"to the Roer\" (the first marker drawn"),
        "{german}"
    );
}

/// 10.4: "All VPs of the US player get summed up and are compared to the following Victory
/// table": 49 or more US decisive, 43–48 substantial, 36–42 marginal, 29–35 draw, 22–28 German
/// marginal, 16–21 substantial, 0–15 decisive.
#[test]
fn rule_10_4_the_summed_vp_meet_the_campaign_victory_table() {
    let fx = campaign();
    let rs = fx.rs();
    let names = victory::level_names(rs.kind);
    let table = [
        (80, "US decisive"),
        (49, "US decisive"),
        (48, "US substantial"),
        (43, "US substantial"),
        (42, "US marginal"),
        (36, "US marginal"),
        (35, "draw"),
        (29, "draw"),
        (28, "German marginal"),
        (22, "German marginal"),
        (21, "German substantial"),
        (16, "German substantial"),
        (15, "German decisive"),
        (0, "German decisive"),
    ];
    for (vp, level) in table {
        assert_eq!(names[victory::vp_level(rs, vp)], level, "{vp} VP");
    }
    // At the end of turn 8: the Aachen plan's City hex (15) and the Roer area (5) sum to 20,
    // plus 1 for four lost German infantry SP (two of GR 941, two of GR 942):
    // 21, a German substantial victory.
    let mut s = fx.bare();
    s.plan_draws[0] = marker(&fx, "Aachen") + 1;
    let bit = |n: u16| {
        let h = fx.hex(n);
        1u32 << rs.vp_hexes.iter().position(|&(x, _)| x == h).unwrap()
    };
    s.us_control = bit(2806) | bit(5418);
    for name in ["GR 941", "GR 942"] {
        s.strength[fx.unit(name)] -= 2;
    }
    assert_eq!(us_vp(rs, &s), 21);
    victory::final_victory(rs, &mut s);
    assert_eq!(fx.g.outcome(&s).unwrap().level, "German substantial");
}

#[test]
fn rule_9_german_sp_losses_score_by_type_and_withdrawn_losses_are_noted() {
    let fx = campaign();
    let rs = fx.rs();
    let p = rs.plan.as_ref().unwrap();
    let mut s = fx.g.initial_state();
    assert_eq!(loss_vp(rs, p, &s), 0);
    // Infantry: 1/4 VP an SP; AFV: 1/2 VP an SP (the reconstructed chart), summed, then
    // rounded down.
    let gr = fx.unit("GR 941");
    s.strength[gr] -= 2;
    assert_eq!(loss_vp(rs, p, &s), 0, "2 quarters");
    let pz = fx.unit("Pz 16");
    s.strength[pz] -= 2;
    assert_eq!(loss_vp(rs, p, &s), 1, "6 quarters");
    // The screen gives the fraction and what the end counts (trial 21e F7).
    assert_eq!(
        victory::loss_vp_words(rs, p, &s),
        "1½ (1 when counted: whole VPs, 9)"
    );
    // An eliminated infantry battalion: all its SP.
    let i60 = fx.unit("I/60");
    s.strength[i60] = 0;
    s.hex[i60] = ELIMINATED;
    assert_eq!(loss_vp(rs, p, &s), 2, "9 quarters");
    // 8.5.2: the 353rd withdraws on turn 3, every unit In Command by its HQ; GR 941's two
    // lost SP are noted, the unit leaves at full strength, and the VP stay.
    for name in ["GR 941", "GR 942", "GR 943", "Fus 353", "Pi 353", "MG 353"] {
        fx.put(&mut s, name, 2417);
    }
    s.turn = 3;
    reinforcements::withdrawals(rs, &mut s);
    assert_eq!(s.hex[gr], WITHDRAWN);
    assert_eq!(s.strength[gr], rs.unit(gr).strength);
    assert_eq!(s.noted_loss_quarters, 2);
    assert_eq!(loss_vp(rs, p, &s), 2);
    assert_eq!(
        us_vp(rs, &s),
        loss_vp(rs, p, &s),
        "no plan yet: losses only"
    );
}

#[test]
fn rule_8_5_2_the_116th_comes_back_on_turns_6_and_7_at_full_strength() {
    let fx = campaign();
    let rs = fx.rs();
    let p = rs.plan.as_ref().unwrap();
    let mut s = fx.g.initial_state();
    let (i60, pz) = (fx.unit("I/60"), fx.unit("Pz 16"));
    // Before the withdrawal I/60 is destroyed and Pz 16 down one SP.
    s.strength[i60] = 0;
    s.hex[i60] = ELIMINATED;
    s.strength[pz] -= 1;
    s.refresh(rs);
    s.turn = 4;
    reinforcements::withdrawals(rs, &mut s);
    let f = usize::from(fx.formation("116PzD"));
    assert_eq!(s.hq_hex[f], WITHDRAWN);
    let before = loss_vp(rs, p, &s);
    for turn in [6, 7] {
        s.turn = turn;
        enter_reinforcements(&fx, &mut s);
    }
    for u in (0..rs.units.len()).filter(|&u| rs.unit(u).parent == Some(fx.formation("116PzD"))) {
        assert!(
            crate::games::crossing_the_line::state::on_map(s.hex[u]),
            "{}",
            rs.unit(u).name
        );
        assert_eq!(
            s.strength[u],
            rs.unit(u).strength,
            "{} at full strength",
            rs.unit(u).name
        );
    }
    assert!(crate::games::crossing_the_line::state::on_map(s.hq_hex[f]));
    // The losses before the withdrawal still count (9).
    assert_eq!(loss_vp(rs, p, &s), before);
    assert_eq!(before, 1, "I/60's 3 SP and Pz 16's 1 (5 quarters)");
}

/// 8.5.1: "The Formation Activation marker of a reinforcing formation gets placed on the
/// Division's maximum value if not indicated otherwise." The 116th Panzer, withdrawn on turn 4
/// (8.5.2), comes back on turn 6 with its marker on its maximum, 4, not where it stood when it
/// left; and every other formation the Campaign brings in (no arrival indicates otherwise)
/// enters on its own maximum.
#[test]
fn rule_8_5_1_reinforcing_and_returning_formations_start_at_their_maximum_activation() {
    let fx = campaign();
    let rs = fx.rs();
    let pz = fx.formation("116PzD");
    let mut s = fx.g.initial_state();
    let mut entered = Vec::new();
    for turn in 2..=7 {
        s.turn = turn;
        reinforcements::withdrawals(rs, &mut s);
        if turn == 4 {
            assert_eq!(s.hq_hex[usize::from(pz)], WITHDRAWN);
            s.fal[usize::from(pz)] = 1; // where it stood when it left
        }
        let off: Vec<u8> = (0..rs.formations.len() as u8)
            .filter(|&f| !crate::games::crossing_the_line::state::on_map(s.hq_hex[usize::from(f)]))
            .collect();
        for &f in &off {
            if f != pz {
                s.fal[usize::from(f)] = 0;
            }
        }
        enter_reinforcements(&fx, &mut s);
        for f in off {
            let fi = usize::from(f);
            if crate::games::crossing_the_line::state::on_map(s.hq_hex[fi]) {
                let name = &rs.formation(f).id;
                assert_eq!(
                    s.fal[fi],
                    rs.formation(f).max_activation_level,
                    "{name} entering on turn {turn}"
                );
                entered.push((name.clone(), turn));
            }
        }
    }
    assert!(entered.contains(&("116PzD".to_string(), 6)), "{entered:?}");
    assert!(entered.contains(&("12ID".to_string(), 2)), "{entered:?}");
    assert_eq!(rs.formation(pz).max_activation_level, 4);
    assert_eq!(s.fal[usize::from(pz)], 4, "the 116th back on its maximum");
}

#[test]
fn rule_10_4_a_german_combat_unit_in_command_next_to_the_us_southern_supply_source_wins() {
    let fx = campaign();
    let rs = fx.rs();
    let p = rs.plan.as_ref().unwrap();
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 1002);
    fx.put(&mut s, "453", 1104);
    victory::german_automatic_victory(rs, p, &mut s);
    assert!(!s.is_over(), "not yet on the edge");
    fx.put(&mut s, "453", 1004);
    victory::german_automatic_victory(rs, p, &mut s);
    assert!(s.is_over());
    assert_eq!(fx.g.outcome(&s).unwrap().level, "German decisive");
    // Out of Command Range it does not qualify.
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 2211);
    fx.put(&mut s, "453", 1004);
    victory::german_automatic_victory(rs, p, &mut s);
    assert!(!s.is_over());
    // A "combat unit": an HQ next to the supply source does not qualify.
    let mut s = fx.bare();
    fx.hq(&mut s, "526ID", 1004);
    victory::german_automatic_victory(rs, p, &mut s);
    assert!(!s.is_over(), "an HQ is no combat unit");
}

/// 8.5.2 note: "Units assigned to a formation which gets withdrawn, do not get withdrawn
/// themselves and can be assigned to a different formation instead": the Germans choose
/// which, among the formations with an HQ on the map that do not withdraw too; the doctrine
/// takes the first.
#[test]
fn rule_8_5_2_the_germans_choose_the_new_formation_of_a_withdrawing_divisions_independent() {
    let fx = campaign();
    let rs = fx.rs();
    let mut s = fx.g.initial_state();
    let stug = fx.unit("394 StuG");
    let nine = fx.formation("9PzD");
    s.formation[stug] = nine;
    s.turn = 4;
    let mut at = s;
    enter_reinforcements(&fx, &mut at);
    assert_eq!(at.step, Step::Heir);
    assert_eq!(
        fx.g.actor(&at),
        crate::engine::Actor::Player(Side::German.index())
    );
    let offered: Vec<u8> = fx
        .legal(&at)
        .into_iter()
        .map(|a| match a {
            Action::Assign(u, f) if usize::from(u) == stug => f,
            other => panic!("{other:?} is no reassignment of the StuG"),
        })
        .collect();
    let withdrawing = [nine, fx.formation("116PzD")];
    assert!(offered.len() >= 2, "{offered:?}");
    for &f in &offered {
        assert_eq!(rs.formation(f).side, Side::German);
        assert!(
            !withdrawing.contains(&f),
            "a withdrawing division is no heir"
        );
        assert!(crate::games::crossing_the_line::state::on_map(
            at.hq_hex[usize::from(f)]
        ));
    }
    // The doctrine keeps the fixed rule: the first formation offered.
    let mut bot = crate::games::crossing_the_line::ScriptedBot;
    let mut rng = GameRng::seed_from_u64(1);
    let doctrine = crate::bots::Bot::choose(&mut bot, &fx.g, &at, &mut rng);
    assert_eq!(doctrine, Action::Assign(stug as u8, offered[0]));
    // The owner's choice holds through the withdrawal.
    let chosen = *offered.last().expect("two heirs");
    let text = fx.g.describe(&at, Action::Assign(stug as u8, chosen));
    assert!(
        text.contains("the 9th Panzer Division withdraws (8.5.2)"),
        "{text}"
    );
    fx.decide(&mut at, Action::Assign(stug as u8, chosen));
    assert_ne!(at.step, Step::Heir);
    assert_eq!(at.formation[stug], chosen);
    assert!(crate::games::crossing_the_line::state::on_map(at.hex[stug]));
    assert_eq!(at.hq_hex[usize::from(nine)], WITHDRAWN);
}

/// 8.5.2: with one formation left to take an independent, it goes there without a decision.
#[test]
fn rule_8_5_2_a_single_heir_takes_the_independent_without_a_decision() {
    let fx = campaign();
    let mut s = fx.g.initial_state();
    let stug = fx.unit("394 StuG");
    let nine = fx.formation("9PzD");
    s.formation[stug] = nine;
    s.turn = 4;
    let keep = fx.formation("526ID");
    let rs = fx.rs();
    for f in 0..rs.formations.len() as u8 {
        if rs.formation(f).side == Side::German && f != keep && f != nine {
            s.hq_hex[usize::from(f)] = WITHDRAWN;
        }
    }
    s.refresh(rs);
    // The US are done with a segment in which nobody enters: the withdrawals are next.
    (s.entering, s.entering_hqs) = (0, 0);
    s.step = Step::Reinforce(Side::Us);
    reinforcements::decide(rs, &mut s, Side::Us, Action::Done);
    assert_ne!(s.step, Step::Heir);
    assert_eq!(s.formation[stug], keep);
    assert_eq!(s.hq_hex[usize::from(nine)], WITHDRAWN);
}

/// 5.2 with 8.3: the roll to inspect a drawn marker is the German's own: holding the token he
/// may have a missed look (under 9) rolled again; a look won is not offered.
#[test]
fn rule_5_2_the_german_may_reroll_a_missed_look_at_a_plan_with_the_token() {
    let fx = campaign();
    let mut s = fx.bare();
    at_victory_plan(&fx, &mut s, 2);
    fx.chance(&mut s, Action::Draw(dummy(&fx)));
    assert_eq!(s.step, Step::PlanPeek);
    s.snafu = Side::German;
    let mut won = s;
    fx.roll(&mut won, Action::Die(admin::PEEK_AT_LEAST));
    assert_eq!(won.step, Step::Inspect, "a look won: not offered");
    let mut us_token = s;
    fx.roll(&mut s, Action::Die(8));
    assert_eq!(s.step, Step::Snafu);
    assert_eq!(fx.g.actor(&s), Actor::Player(Side::German.index()));
    fx.decide(&mut s, Action::Reroll);
    assert_eq!((s.step, s.snafu), (Step::PlanPeek, Side::Us));
    fx.roll(&mut s, Action::Die(10));
    assert_eq!(s.step, Step::Inspect);
    us_token.snafu = Side::Us;
    fx.roll(&mut us_token, Action::Die(8));
    assert_ne!(us_token.step, Step::Snafu, "the US token: not offered");
    assert_ne!(us_token.step, Step::Inspect);
}
