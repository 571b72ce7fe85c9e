//! 10.x: activation, movement costs, stacking.

use super::Fixture;
use crate::engine::Game;
use crate::games::rudders_line::data::Side;
use crate::games::rudders_line::movement::{entry_cost, interdiction_toll, move_cost};
use crate::games::rudders_line::state::{Roll, Step};
use crate::games::rudders_line::Action;

fn cost(fx: &Fixture, side: Side, from: &str, to: &str) -> Option<u8> {
    entry_cost(&fx.g.rules, &fx.s, side, fx.area(from), fx.area(to), 3)
}

#[test]
fn rule_10_32_entering_a_quiet_area_costs_1() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(1));
}

#[test]
fn rule_10_33_entering_next_to_fresh_enemy_costs_2() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    fx.place("german_squad", "8"); // 8 is adjacent to 4
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(2));
}

#[test]
fn rule_10_33_spent_enemy_next_door_costs_only_1() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    let g = fx.place("german_squad", "8");
    fx.spend(g);
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(1));
}

#[test]
fn rule_10_33_enemy_in_an_area_with_friendly_units_does_not_raise_cost() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    fx.place("german_squad", "8");
    fx.place("ranger_squad", "8");
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(1));
}

#[test]
fn rule_10_33_friendly_interdiction_lowers_cost_to_1() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    fx.place("german_squad", "8");
    fx.marker(Side::Rangers, "4", 8);
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(1));
}

#[test]
fn rule_10_51_entering_fresh_enemy_costs_4() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    let g = fx.place("german_squad", "4");
    let spent = fx.place("german_squad", "4");
    fx.spend(spent);
    assert!(!fx.is_spent(g));
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(4));
}

#[test]
fn rule_10_51_friendly_interdiction_reduces_entering_fresh_enemy_to_2() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    fx.place("german_squad", "4");
    fx.marker(Side::Rangers, "4", 8);
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(2));
}

/// 10.51: "regardless of ... friendly units already in the area": a Ranger squad already in 4
/// with the fresh German squad leaves the cost at 4 MP, 2 with a Ranger marker.
#[test]
fn rule_10_51_friendly_units_in_the_area_do_not_lower_the_cost() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    fx.place("german_squad", "4");
    fx.place("ranger_squad", "4");
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(4));
    fx.marker(Side::Rangers, "4", 8);
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(2));
}

#[test]
fn rule_10_52_entering_only_spent_enemy_costs_2_or_1_with_friendly_marker() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    let g = fx.place("german_squad", "4");
    fx.spend(g);
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(2));
    fx.marker(Side::Rangers, "4", 8);
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(1));
}

/// 10.52: "again regardless of the presence of other friendly units": a Ranger squad already
/// in 4 with the spent German squad changes nothing (10.33's exception for areas holding
/// friendly units is not this rule's): 2 MP, 1 with a Ranger marker.
#[test]
fn rule_10_52_friendly_units_in_the_area_do_not_lower_the_cost() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    let g = fx.place("german_squad", "4");
    fx.spend(g);
    fx.place("ranger_squad", "4");
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(2));
    fx.marker(Side::Rangers, "4", 8);
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), Some(1));
}

/// 10.33 (the reading `contested_exit`): "unless the enemy unit(s) are in an area ALSO
/// containing friendly units". A lone Ranger squad leaving 3, shared with a fresh German
/// squad, for 2 next door pays 2 MP, as 3 holds no Ranger once it has gone; with a second
/// squad staying in 3, 1 MP; counting the mover where it stood (`mover_counts`), 1 MP alone.
#[test]
fn rule_10_33_leaving_a_shared_area_alone_costs_2_or_1_by_the_reading() {
    for (mut fx, alone) in [
        (Fixture::new(), Some(2)),
        (
            Fixture::with_reading("contested_exit", "mover_counts"),
            Some(1),
        ),
    ] {
        fx.place("ranger_squad", "3");
        fx.place("german_squad", "3");
        fx.s.ranger_control |= 1 << fx.area("2");
        assert_eq!(cost(&fx, Side::Rangers, "3", "2"), alone);
        fx.place("ranger_squad", "3");
        assert_eq!(cost(&fx, Side::Rangers, "3", "2"), Some(1), "a squad stays");
    }
}

#[test]
fn rule_10_34_leaving_enemy_area_only_into_friendly_enemy_free_area() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    fx.place("german_squad", "3");
    fx.place("ranger_squad", "2"); // 2: Ranger controlled, no enemy
                                   // 4 is German controlled (initial control), 2 is now Ranger controlled.
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), None);
    assert!(cost(&fx, Side::Rangers, "3", "2").is_some());
    fx.place("german_squad", "2");
    assert_eq!(
        cost(&fx, Side::Rangers, "3", "2"),
        None,
        "2 now holds enemy units"
    );
}

/// 10.34 "They may move freely that turn, once exited": a squad leaving 3, shared with a
/// German squad, may only go to 2 (Ranger controlled, empty); from 2 it moves on into the
/// German-controlled 1, 4 and 5 at the ordinary costs of 10.32 and 10.33 (back into 3 would be
/// 10.51's 4 MP, more than it has left), and goes on from 4 to 8.
#[test]
fn rule_10_34_once_exited_the_group_moves_freely_at_normal_costs() {
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3"); // 5 MP
    fx.place("german_squad", "3");
    let two = fx.area("2");
    // Control as it stands: 2 Ranger controlled with no units, the other areas on the way
    // German controlled (the fixture keeps the set-up's control of the shingle, 1 and 2).
    fx.s.ranger_control |= 1 << two;
    for id in ["1", "4", "5", "8"] {
        fx.s.ranger_control &= !(1 << fx.area(id));
    }
    let moves = |fx: &Fixture| -> Vec<(u8, u8)> {
        let rs = &fx.g.rules;
        let mut v: Vec<(u8, u8)> = (fx.legal().into_iter())
            .filter_map(|a| match a {
                Action::Move { to, pay: false } if !rs.is_landing_craft(to) => {
                    Some((to, move_cost(rs, &fx.s, to, false).expect("a legal move")))
                }
                _ => None,
            })
            .collect();
        v.sort();
        v
    };
    fx.group("3", &[r]);
    // Leaving 3: 2 alone (10.34), at 2 MP (10.33: once the squad has left, 3's fresh Germans
    // share their area with no Ranger; the reading `contested_exit`).
    assert_eq!(moves(&fx), vec![(two, 2)]);
    fx.act(Action::Move {
        to: two,
        pay: false,
    });
    assert_eq!(fx.s.unit(r).mp, 3);
    // Out of 3: every German-controlled neighbour is open at its normal cost; 4 and 5 are
    // next to the fresh German squad now alone in 3.
    let german = |fx: &Fixture, id: &str| fx.s.controller(fx.area(id)) == Side::Germans;
    assert!(["1", "3", "4", "5"].iter().all(|id| german(&fx, id)));
    let expected = vec![
        (fx.area("1"), 1), // 10.32 (3, back into the fresh enemy, is 4 MP: 10.51)
        (fx.area("4"), 2), // 10.33
        (fx.area("5"), 2), // 10.33
    ];
    assert_eq!(moves(&fx), expected, "from 2, once exited");
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    assert_eq!(fx.s.unit(r).mp, 1, "4 at its 10.33 cost of 2");
    assert!(german(&fx, "8"));
    fx.act(Action::Move {
        to: fx.area("8"),
        pay: false,
    });
    assert_eq!(fx.s.unit(r).mp, 0, "8 at its 10.32 cost of 1");
    assert_eq!(fx.loc(r), fx.area("8"));
}

#[test]
fn rule_10_35_stacking_limit_of_12_applies_during_movement() {
    let mut fx = Fixture::new();
    for _ in 0..4 {
        fx.place("ranger_squad", "4"); // 12 stacking points in 4
    }
    fx.place("ranger_squad", "3");
    assert_eq!(cost(&fx, Side::Rangers, "3", "4"), None);
    // Enemy stacking points do not count against the Rangers' 12 (24 in all).
    for _ in 0..4 {
        fx.place("german_squad", "7");
    }
    assert!(cost(&fx, Side::Rangers, "3", "7").is_some());
}

/// 10.35: a move stacking forbids is not offered, and the list says why beside "end the
/// activation" (trial 13b F2: the move vanished without a word).
#[test]
fn rule_10_35_a_move_stacking_forbids_is_explained_in_the_list() {
    let mut fx = Fixture::new();
    for _ in 0..4 {
        fx.place("ranger_squad", "4"); // 12 stacking points in 4
    }
    let r = fx.place("ranger_squad", "3");
    fx.group("3", &[r]);
    let four = fx.area("4");
    assert!(!fx.can(Action::Move {
        to: four,
        pay: false
    }));
    let text = crate::registry::action_text(&fx.g, &fx.s, Action::EndActivation);
    assert!(
        text.contains("10.35: area 4 already has 12 of its 12 and the group has 3"),
        "{text}"
    );
    // It says the group's units become spent, moved or not (trial 21b F5).
    assert!(
        text.starts_with("end the activation: its unit becomes spent (10.1b)"),
        "{text}"
    );
}

#[test]
fn rule_10_36_stacking_points_are_figures() {
    let mut fx = Fixture::new();
    let squad = fx.place("ranger_squad", "4");
    for _ in 0..2 {
        fx.place("ranger_squad", "4"); // 9 points
    }
    let team = fx.place("ranger_weapons_team", "4"); // 2 figures: 11
                                                     // "Weapons do NOT affect stacking. Nor do markers."
    fx.arm(squad, "ranger_m1919");
    fx.arm(team, "ranger_m2_mortar");
    fx.lay("ranger_bazooka", "4");
    fx.marker(Side::Rangers, "4", 8);
    let nco = fx.place("ranger_nco_1", "3");
    fx.arm(nco, "ranger_bazooka");
    let w = fx.place("ranger_weapons_team", "3");
    let rs = &fx.g.rules;
    assert_eq!(fx.s.points_of(Side::Rangers, fx.area("4")), 11);
    assert!(entry_cost(
        rs,
        &fx.s,
        Side::Rangers,
        fx.area("3"),
        fx.area("4"),
        rs.info(nco).figures
    )
    .is_some());
    assert!(entry_cost(
        rs,
        &fx.s,
        Side::Rangers,
        fx.area("3"),
        fx.area("4"),
        rs.info(w).figures
    )
    .is_none());
}

#[test]
fn rule_10_2_only_areas_with_fresh_units_activate_and_each_unit_activates_once() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "3");
    let spent = fx.place("ranger_squad", "2");
    fx.spend(spent);
    fx.place("german_squad", "38");
    assert!(fx.can(Action::Activate(fx.area("3"))));
    assert!(!fx.can(Action::Activate(fx.area("2"))));
    fx.group("3", &[a]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    fx.act(Action::EndActivation);
    assert!(fx.is_spent(a), "an activated unit is spent");
    assert!(!fx.can(Action::Activate(fx.area("4"))));
}

#[test]
fn rule_10_31_only_fresh_units_move_up_to_their_movement_allowance() {
    let mut fx = Fixture::new();
    let g = fx.place("german_squad", "21"); // movement 4
    fx.place("ranger_squad", "38");
    fx.phase(
        crate::games::rudders_line::state::Phase::Action,
        Side::Germans,
    );
    fx.group("21", &[g]);
    for to in ["22", "23", "24", "25"] {
        fx.act(Action::Move {
            to: fx.area(to),
            pay: false,
        });
    }
    assert!(
        fx.legal().iter().all(|a| !matches!(a, Action::Move { .. })),
        "4 MP spent"
    );
}

#[test]
fn rule_8_2_entering_enemy_interdiction_pay_half_marker_rounded_up_or_be_attacked() {
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3");
    fx.place("german_squad", "38");
    let four = fx.area("4");
    fx.marker(Side::Germans, "4", 5);
    assert_eq!(interdiction_toll(&fx.s, Side::Rangers, four), 3);
    fx.marker(Side::Germans, "4", 3);
    assert_eq!(interdiction_toll(&fx.s, Side::Rangers, four), 2);
    fx.group("3", &[r]);
    // Paying: 1 + 2 MP, no attack.
    let mut paid = fx.s;
    fx.g.apply(
        &mut paid,
        Action::Move {
            to: four,
            pay: true,
        },
    );
    assert_eq!(paid.unit(r).mp, 5 - 3);
    assert_eq!(paid.step, Step::Group);
    // The option not paying says it is an attack, with its odds (trial 22c F1).
    let unpaid = Action::Move {
        to: four,
        pay: false,
    };
    let text = crate::registry::action_text(&fx.g, &fx.s, unpaid);
    let dt = 2 * fx.tem("4");
    assert!(
        text.starts_with(
            "move to area 4, attacked on entering by the German interdiction marker 3 (8.2)"
        ) && text.contains(&format!("OT 3 vs DT {dt} before the dice: ")),
        "{text}"
    );
    // Not paying: 1 MP and an Indirect Fire attack by the '3' marker (OT 3+1d6 vs 2×TEM+1d6).
    fx.act(Action::Move {
        to: four,
        pay: false,
    });
    assert_eq!(fx.s.unit(r).mp, 4);
    fx.roll(6);
    fx.roll(1);
    let cp = 3 + 6 - (2 * fx.tem("4") + 1);
    assert_eq!(fx.s.step, Step::Casualties);
    assert_eq!(fx.s.casualties.cp, cp);
    assert_eq!(fx.s.casualties.targets, 1 << r);
}

#[test]
fn rule_10_5_moving_into_enemy_area_forces_an_assault_and_ends_movement() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "3");
    let b = fx.place("ranger_squad", "3");
    fx.place("german_squad", "4");
    fx.group("3", &[a]);
    fx.act(Action::AddUnit(b));
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    assert_eq!(fx.s.step, Step::Point, "the assault starts at once");
    assert_eq!(fx.s.unit(a).mp, 1, "4 MP to enter fresh enemy");
    assert!(
        fx.legal().iter().all(|a| matches!(a, Action::Point(_))),
        "movement ends on entering: only the choice of point unit is open, no move"
    );
}

/// 10.5, 10.51: the option moving into an enemy area says it must assault there and why it
/// costs 4 MP, or 2 when halved by a friendly marker (trial 18b F8).
#[test]
fn rule_10_5_a_move_into_an_enemy_area_says_it_must_assault() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "3");
    fx.place("german_squad", "4");
    fx.group("3", &[a]);
    let into = Action::Move {
        to: fx.area("4"),
        pay: false,
    };
    let text = crate::registry::action_text(&fx.g, &fx.s, into);
    assert!(
        text.contains("4 MP of ")
            && text.contains("fresh enemies there, 10.51; the group must assault, 10.5"),
        "{text}"
    );
    fx.marker(Side::Rangers, "4", 8);
    let text = crate::registry::action_text(&fx.g, &fx.s, into);
    assert!(
        text.contains("2 MP of ") && text.contains("halved by your interdiction marker"),
        "{text}"
    );
}

/// 10.35: an area whose units can enter no area next to it (LC-B's one neighbour, area 2,
/// full at 12 stacking points) is offered with a note saying so, before its units join
/// (trial 20b F3).
#[test]
fn rule_10_35_activating_an_area_none_can_leave_is_said_on_its_option() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "LC-B");
    let full: Vec<u8> = (0..4).map(|_| fx.place("ranger_squad", "2")).collect();
    fx.place("german_squad", "38");
    let text = |fx: &Fixture| {
        crate::registry::action_text(&fx.g, &fx.s, Action::Activate(fx.area("LC-B")))
    };
    assert!(
        text(&fx).contains("none of its units can move out of it"),
        "{}",
        text(&fx)
    );
    let to = fx.area("1");
    fx.s.move_unit(&fx.g.rules, full[0], to);
    assert_eq!(text(&fx), "activate LC-B", "area 2 has room again");
}

#[test]
fn rule_10_1_passing_hands_the_action_phase_over_and_two_idle_passes_end_it() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    fx.place("german_squad", "38");
    fx.act(Action::Pass);
    assert_eq!(fx.s.active, Side::Germans);
    fx.act(Action::Pass);
    assert_eq!(
        fx.s.phase,
        crate::games::rudders_line::state::Phase::Regroup
    );
}

#[test]
fn rule_10_1_a_pass_after_acting_is_not_idle_so_one_idle_pass_after_it_does_not_end_the_phase() {
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3");
    fx.place("ranger_squad", "2");
    fx.place("german_squad", "38");
    fx.group("3", &[r]);
    fx.act(Action::EndActivation);
    assert_eq!(
        fx.s.active,
        Side::Rangers,
        "10.1b: fresh units left, he keeps it"
    );
    fx.act(Action::Pass);
    assert_eq!(fx.s.active, Side::Germans);
    fx.act(Action::Pass);
    assert_eq!(
        (fx.s.phase, fx.s.active),
        (
            crate::games::rudders_line::state::Phase::Action,
            Side::Rangers
        ),
        "the Rangers acted before passing: the phase goes on"
    );
    fx.act(Action::Pass);
    assert_eq!(
        fx.s.phase,
        crate::games::rudders_line::state::Phase::Regroup,
        "both players passed without performing any action"
    );
}

#[test]
fn rule_10_1b_a_player_without_fresh_units_passes_and_the_other_keeps_acting() {
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3");
    let g1 = fx.place("german_squad", "38");
    fx.place("german_squad", "37");
    fx.group("3", &[r]);
    fx.act(Action::EndActivation);
    // The Rangers have no fresh unit left: the Germans hold the phase.
    assert_eq!(fx.s.active, Side::Germans);
    fx.phase(
        crate::games::rudders_line::state::Phase::Action,
        Side::Germans,
    );
    fx.group("38", &[g1]);
    fx.act(Action::EndActivation);
    assert_eq!(
        fx.s.active,
        Side::Germans,
        "the Germans keep the phase while they have fresh units"
    );
}

#[test]
fn setup_special_rule_units_not_yet_released_may_not_move_or_fire_but_defend() {
    let mut fx = Fixture::new();
    let held = fx.place_held_back("german_squad", "21");
    fx.place("ranger_squad", "3");
    assert!(
        fx.g.rules.info(held).released_on_turn > 2,
        "the 914th waits in the Set Up Card"
    );
    fx.phase(
        crate::games::rudders_line::state::Phase::Action,
        Side::Germans,
    );
    assert!(!fx.can(Action::Activate(fx.area("21"))));
    fx.s.turn = fx.g.rules.info(held).released_on_turn;
    fx.phase(
        crate::games::rudders_line::state::Phase::Action,
        Side::Germans,
    );
    assert!(fx.can(Action::Activate(fx.area("21"))));
}

/// 10.3, 8.2: each move offered says the MP it costs the group, the toll included when it
/// is paid, out of the MP the group has left, as the move then charges.
#[test]
fn rule_10_3_each_move_says_its_mp_cost_and_the_group_s_mp_left() {
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3");
    fx.place("german_squad", "38");
    let four = fx.area("4");
    fx.marker(Side::Germans, "4", 3);
    fx.group("3", &[r]);
    let text = |fx: &Fixture, pay| {
        fx.g.action_cost(&fx.s, Action::Move { to: four, pay })
            .unwrap_or_default()
    };
    assert_eq!(text(&fx, false), "1 MP of 5");
    assert_eq!(text(&fx, true), "3 MP of 5");
    fx.act(Action::Move {
        to: four,
        pay: true,
    });
    assert_eq!(fx.s.unit(r).mp, 2);
}

#[test]
fn rule_10_11_the_player_handed_the_action_phase_keeps_it_until_he_passes() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    let g = fx.place("german_squad", "21");
    fx.place("german_squad", "38"); // still fresh after the first acts
    fx.act(Action::Pass);
    assert_eq!(fx.s.active, Side::Germans);
    fx.group("21", &[g]);
    fx.act(Action::Move {
        to: fx.area("22"),
        pay: false,
    });
    fx.act(Action::EndActivation);
    assert_eq!(fx.s.active, Side::Germans, "he keeps it after acting");
    fx.act(Action::Pass);
    assert_eq!(fx.s.active, Side::Rangers, "and passes it back");
}

/// 10.11: "or both players must pass because they have no fresh units. The Action Phase then
/// ends.": each side's one squad activates and ends its activation; the phase is over at once,
/// with no pass typed by either player.
#[test]
fn rule_10_11_the_action_phase_ends_when_neither_side_has_fresh_units() {
    use crate::games::rudders_line::state::Phase;
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3");
    let g = fx.place("german_squad", "38");
    fx.group("3", &[r]);
    fx.act(Action::EndActivation);
    assert_eq!(fx.s.phase, Phase::Action);
    assert_eq!(fx.s.active, Side::Germans, "the Rangers have no fresh unit");
    fx.group("38", &[g]);
    fx.act(Action::EndActivation);
    assert_eq!(fx.s.phase, Phase::Regroup, "neither side has a fresh unit");
}

#[test]
fn rule_10_21_activated_units_move_assault_or_move_and_assault() {
    // Assault where they stand.
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "4");
    fx.place("german_squad", "4");
    fx.group("4", &[r]);
    assert!(fx.can(Action::AssaultHere));
    assert!(fx.legal().iter().any(|a| matches!(a, Action::Move { .. })));
    // Move, and assault the area entered (10.5: entering enemy units assaults them at once).
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3");
    fx.place("german_squad", "4");
    fx.group("3", &[r]);
    assert!(!fx.can(Action::AssaultHere), "no enemy in 3");
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    assert_eq!(fx.s.step, Step::Roll(Roll::Offense), "the assault's dice");
    assert_eq!(fx.loc(r), fx.area("4"));
    // Or only move.
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3");
    fx.place("german_squad", "38");
    fx.group("3", &[r]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    fx.act(Action::EndActivation);
    assert_eq!(fx.loc(r), fx.area("4"));
}

#[test]
fn rule_10_36_a_group_counts_its_figures_against_the_area_s_stacking() {
    // 11 stacking points in 4: a group of one figure may enter, one of two may not.
    let fits = |counter: &str| {
        let mut fx = Fixture::new();
        for _ in 0..3 {
            fx.place("ranger_squad", "4");
        }
        fx.place("ranger_weapons_team", "4");
        let u = fx.place(counter, "3");
        fx.group("3", &[u]);
        let to = fx.area("4");
        fx.legal()
            .iter()
            .any(|a| matches!(a, Action::Move { to: t, .. } if *t == to))
    };
    assert!(fits("ranger_nco_1"), "an NCO is one figure");
    assert!(!fits("ranger_weapons_team"), "a weapons team is two");
}

/// 8.2 "an Indirect Fire Support attack normally (as per 7.4)", 7.33, 7.7: a group entering an
/// area that holds the marker owner's own units draws the accuracy roll first; on a 6 the
/// second die's CP fall on the owner's units, the rest on the entering group.
#[test]
fn rule_7_33_and_8_2_interdiction_fire_into_the_firers_own_units_rolls_for_accuracy() {
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3");
    let g = fx.place("german_squad", "4");
    fx.marker(Side::Germans, "4", 3);
    fx.group("3", &[r]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    assert_eq!(fx.s.step, Step::Roll(Roll::Accuracy));
    fx.roll(6);
    assert_eq!(fx.s.step, Step::Roll(Roll::FriendlyFire));
    fx.roll(1);
    assert_eq!(fx.s.step, Step::Casualties);
    assert_eq!(
        fx.s.casualties.targets,
        1 << g,
        "the Germans' own squad first"
    );

    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3");
    fx.marker(Side::Germans, "4", 3);
    fx.group("3", &[r]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    assert_eq!(
        fx.s.step,
        Step::Roll(Roll::Offense),
        "no German unit there: no roll"
    );
}

/// 10.2: only the units that join the group are spent; the area may be activated again for
/// the others.
#[test]
fn rule_10_2_units_left_out_of_the_group_stay_fresh_and_their_area_may_activate_again() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "3");
    let b = fx.place("ranger_squad", "3");
    fx.place("german_squad", "38");
    fx.group("3", &[a]);
    fx.act(Action::EndActivation);
    assert!(fx.is_spent(a) && !fx.is_spent(b));
    assert!(fx.can(Action::Activate(fx.area("3"))));
}

/// 10.2: units join the group in list order, so a pick that passes over units listed above
/// it says that they can then no longer join (trial 15b F3: they vanished without a word).
#[test]
fn rule_10_2_a_join_that_passes_over_units_says_they_can_no_longer_join() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "3");
    let b = fx.place("ranger_squad", "3");
    let c = fx.place("ranger_squad", "3");
    fx.act(Action::Activate(fx.area("3")));
    let text = |fx: &Fixture, u| crate::registry::action_text(&fx.g, &fx.s, Action::AddUnit(u));
    assert!(!text(&fx, a).contains("list order"), "{}", text(&fx, a));
    assert!(
        text(&fx, c).ends_with(" joins the group — units join in list order: to bring any above too, choose them first"),
        "{}",
        text(&fx, c)
    );
    fx.act(Action::AddUnit(b));
    assert!(!fx.can(Action::AddUnit(a)), "a is passed over");
    assert!(!text(&fx, c).contains("list order"), "{}", text(&fx, c));
}

/// 2.64, 10.2: a unit joining the group brings the weapon it carries, and its option says
/// which (trial 20b F5: the bazooka was found only on the board).
#[test]
fn rule_10_2_a_joining_unit_names_the_weapon_it_carries() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "3");
    let bazooka = fx.arm(a, "ranger_bazooka");
    fx.act(Action::Activate(fx.area("3")));
    let text = fx.g.describe(&fx.s, Action::AddUnit(a));
    let weapon = crate::games::rudders_line::describe::weapon(&fx.g.rules, bazooka);
    assert!(
        text.ends_with(&format!(" joins the group, carrying {weapon}")),
        "{text}"
    );
}
