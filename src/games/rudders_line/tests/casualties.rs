//! 7.62–7.63, 11.21, 11.31: paying Casualty Points; 2.63 weapon survival.

use super::Fixture;
use crate::engine::{Actor, Game};
use crate::games::rudders_line::casualties;
use crate::games::rudders_line::data::Side;
use crate::games::rudders_line::state::{Step, ELIMINATED, NONE};
use crate::games::rudders_line::Action;

/// Germans in `area` owe `cp` CP (as after an attack by the Rangers).
fn owe(fx: &mut Fixture, area: &str, cp: u8) {
    let a = fx.area(area);
    let targets = fx.s.personnel_in(&fx.g.rules, Side::Germans, a);
    fx.s.attack.area = a;
    fx.s.attack.attacker = Side::Rangers;
    fx.s.attack.kind = crate::games::rudders_line::state::AttackKind::Direct;
    fx.s.phase = crate::games::rudders_line::state::Phase::DirectFire;
    casualties::begin(&fx.g.rules, &mut fx.s, Side::Germans, targets, cp, false);
}

#[test]
fn rule_7_63_flip_costs_figures_and_eliminating_a_spent_unit_costs_the_same() {
    let mut fx = Fixture::new();
    let squad = fx.place("german_squad", "13");
    let team = fx.place("german_weapons_team", "13");
    owe(&mut fx, "13", 8);
    fx.act(Action::Flip(squad));
    assert_eq!(fx.s.casualties.cp, 5);
    fx.act(Action::Eliminate(squad));
    assert_eq!(fx.s.casualties.cp, 2);
    fx.act(Action::Flip(team));
    assert_eq!(fx.loc(squad), ELIMINATED);
    assert!(fx.is_spent(team));
    assert_eq!(fx.s.losses[Side::Germans.index()], 1);
}

/// 7.63: each way to pay says the CP it pays of those still due, as `pay` charges them.
#[test]
fn rule_7_63_each_option_says_the_cp_it_pays() {
    let mut fx = Fixture::new();
    let squad = fx.place("german_squad", "13");
    let spent = fx.place("german_squad", "13");
    let other = fx.place("german_squad", "13");
    fx.spend(spent);
    fx.spend(other);
    owe(&mut fx, "13", 4);
    let cost = |fx: &Fixture, a| fx.g.action_cost(&fx.s, a).unwrap_or_default();
    assert_eq!(cost(&fx, Action::Flip(squad)), "pays 3 CP of 4 due");
    assert_eq!(cost(&fx, Action::Eliminate(spent)), "pays 3 CP of 4 due");
    let retreat = *fx
        .legal()
        .iter()
        .find(|a| matches!(a, Action::Retreat { .. }))
        .unwrap();
    assert_eq!(cost(&fx, retreat), "pays 2 CP of 4 due");
    fx.act(Action::Flip(squad));
    assert_eq!(
        cost(&fx, Action::Eliminate(squad)),
        "pays 3 CP for the 1 due, 7.62's partial result taken whole"
    );
}

/// 7.63: the log's line for a payment (the bot's, read by the other side) says what it paid.
#[test]
fn rule_7_63_and_11_21_the_log_tells_a_payment_with_the_cp_it_paid() {
    let mut fx = Fixture::new();
    let squad = fx.place("german_squad", "13");
    owe(&mut fx, "13", 4);
    let told =
        fx.g.describe_seen(&fx.s, Action::Flip(squad), Side::Rangers.index());
    assert!(
        told.ends_with("to spent (pays 3 CP of 4 due, 7.63)"),
        "{told}"
    );
    // 11.21: an assault's CP are absorbed by the assault's own rule (trial 11b F17).
    fx.s.attack.kind = crate::games::rudders_line::state::AttackKind::Assault;
    let told =
        fx.g.describe_seen(&fx.s, Action::Flip(squad), Side::Rangers.index());
    assert!(told.ends_with("(pays 3 CP of 4 due, 11.21)"), "{told}");
    let moved =
        fx.g.describe_seen(&fx.s, Action::Pass, Side::Rangers.index());
    assert_eq!(
        moved, "pass",
        "an action that pays nothing says nothing of CP"
    );
}

#[test]
fn rule_7_62_partial_results_are_applied_in_full() {
    let mut fx = Fixture::new();
    let squad = fx.place("german_squad", "13");
    fx.place("ranger_squad", "38");
    owe(&mut fx, "13", 1);
    assert_eq!(
        fx.legal(),
        vec![Action::Flip(squad)],
        "1 CP must still flip a 3-figure squad"
    );
    fx.act(Action::Flip(squad));
    assert!(fx.is_spent(squad));
    assert_ne!(fx.s.step, Step::Casualties);
}

#[test]
fn rule_7_63_retreat_costs_2_and_only_spent_units_retreat() {
    let mut fx = Fixture::new();
    let fresh = fx.place("german_squad", "13");
    let spent = fx.place("german_squad", "13");
    fx.spend(spent);
    for _ in 0..2 {
        let more = fx.place("german_squad", "13");
        fx.spend(more);
    }
    owe(&mut fx, "13", 5);
    let legal = fx.legal();
    assert!(legal
        .iter()
        .any(|a| matches!(a, Action::Retreat { unit, .. } if *unit == spent)));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, Action::Retreat { unit, .. } if *unit == fresh)));
    let r = *legal
        .iter()
        .find(|a| matches!(a, Action::Retreat { .. }))
        .unwrap();
    fx.act(r);
    assert_eq!(fx.s.casualties.cp, 3);
}

#[test]
fn rule_7_63_all_eliminations_before_any_retreat() {
    let mut fx = Fixture::new();
    let a = fx.place("german_squad", "13");
    let b = fx.place("german_squad", "13");
    fx.spend(a);
    fx.spend(b);
    owe(&mut fx, "13", 5);
    assert!(
        !fx.legal()
            .iter()
            .any(|x| matches!(x, Action::Retreat { .. })),
        "11.21: two retreats absorb 4 of 5 CP: an elimination comes first"
    );
    owe(&mut fx, "13", 4);
    let r = *fx
        .legal()
        .iter()
        .find(|x| matches!(x, Action::Retreat { unit, .. } if *unit == a))
        .unwrap();
    fx.act(r);
    assert!(
        !fx.can(Action::Eliminate(b)),
        "no elimination once retreats began"
    );
    assert!(
        !fx.can(Action::Eliminate(a)),
        "a retreated unit is never eliminated"
    );
    assert!(fx
        .legal()
        .iter()
        .all(|x| matches!(x, Action::Retreat { .. })));
}

#[test]
fn rule_11_31_retreat_priority_empty_then_friendly_then_mixed_never_enemy_only() {
    let mut fx = Fixture::new();
    // 4 is adjacent to 2 3 7 8 15.
    let g = fx.place("german_squad", "4");
    fx.spend(g);
    fx.place("ranger_squad", "4");
    for (who, area) in [
        ("german_squad", "2"),
        ("german_squad", "3"),
        ("ranger_squad", "3"),
    ] {
        fx.place(who, area);
    }
    fx.place("ranger_squad", "7");
    fx.place("ranger_squad", "8");
    fx.place("german_squad", "15");
    fx.place("ranger_squad", "15");
    // 2: only friendly (German) → best class available; 3 and 15: mixed; 7, 8: enemy only.
    let areas = casualties::retreat_areas(&fx.g.rules, &fx.s, g);
    assert_eq!(areas, 1 << fx.area("2"));
    fx.place("german_squad", "2");
    fx.place("german_squad", "2");
    fx.place("german_squad", "2"); // 2 now holds 12 German points: full
    let areas = casualties::retreat_areas(&fx.g.rules, &fx.s, g);
    assert_eq!(
        areas,
        (1 << fx.area("3")) | (1 << fx.area("15")),
        "mixed areas next"
    );
}

/// 10.35: "No more than TWELVE 'stacking points' of Personnel units of each side (24 total)
/// ... apply at all times": a retreat (11.31) may bring a side's points in an area up to 12
/// exactly, never to 13, and the enemy's points there do not count against them.
#[test]
fn rule_10_35_a_retreat_may_fill_an_area_to_12_points_of_its_side_never_13() {
    let mut fx = Fixture::new();
    // 4 is adjacent to 2 3 7 8 15; the spent German squad (3 points) retreats from 4.
    let g = fx.place("german_squad", "4");
    fx.spend(g);
    fx.place("ranger_squad", "4");
    for _ in 0..3 {
        fx.place("german_squad", "2"); // 9 German points: only friendly units
        fx.place("german_squad", "3"); // 9 German points ...
        fx.place("german_squad", "15"); // 9 German points ...
    }
    for _ in 0..4 {
        fx.place("ranger_squad", "3"); // ... beside 12 Ranger points: 21 in all
    }
    fx.place("ranger_squad", "15"); // ... beside 3 Ranger points
    fx.place("german_nco_1", "15"); // 10 German points in 15
    fx.place("ranger_squad", "7");
    fx.place("ranger_squad", "8");
    let (two, three) = (fx.area("2"), fx.area("3"));
    assert_eq!(fx.s.points_of(Side::Germans, two), 9);
    assert_eq!(
        casualties::retreat_areas(&fx.g.rules, &fx.s, g),
        1 << two,
        "9 + 3 = 12 German points in 2: allowed, and first by 11.31"
    );
    fx.place("german_nco_1", "2");
    assert_eq!(
        casualties::retreat_areas(&fx.g.rules, &fx.s, g),
        1 << three,
        "10 + 3 = 13 in 2 and in 15: over the limit; 3 fits, its 12 Ranger points aside"
    );
    owe(&mut fx, "4", 2);
    fx.act(Action::Retreat { unit: g, to: three });
    assert_eq!(fx.loc(g), three);
    assert_eq!(fx.s.points_of(Side::Germans, three), 12);
    assert_eq!(fx.s.points_of(Side::Rangers, three), 12, "24 in all");
}

/// 11.31: "Units may not retreat into an area containing only enemy units", even when no
/// other area is left: a spent German squad in 4 ringed by Ranger-only areas (2, 3, 7, 8, 15)
/// has nowhere to retreat, and paying its CP offers no Retreat, only an Elimination.
#[test]
fn rule_11_31_no_retreat_into_enemy_only_areas_even_with_no_other() {
    let mut fx = Fixture::new();
    let g = fx.place("german_squad", "4");
    fx.spend(g);
    for area in ["2", "3", "7", "8", "15"] {
        fx.place("ranger_squad", area);
    }
    assert_eq!(casualties::retreat_areas(&fx.g.rules, &fx.s, g), 0);
    owe(&mut fx, "4", 2);
    let legal = fx.legal();
    assert!(!legal.iter().any(|a| matches!(a, Action::Retreat { .. })));
    assert!(legal.contains(&Action::Eliminate(g)), "{legal:?}");
}

#[test]
fn rule_11_31_an_empty_area_comes_first() {
    let mut fx = Fixture::new();
    let g = fx.place("german_squad", "4");
    fx.spend(g);
    fx.place("german_squad", "2");
    fx.place("german_squad", "3");
    fx.place("german_squad", "7");
    fx.place("german_squad", "8");
    let areas = casualties::retreat_areas(&fx.g.rules, &fx.s, g);
    assert_eq!(areas, 1 << fx.area("15"));
}

#[test]
fn rule_2_63_a_carrier_eliminated_rolls_2d6_for_its_weapon() {
    let mut fx = Fixture::new();
    let g = fx.place("german_weapons_team", "13");
    let mg = fx.arm(g, "german_mg42");
    fx.spend(g);
    fx.place("ranger_squad", "38");
    owe(&mut fx, "13", 2);
    fx.act(Action::Eliminate(g));
    assert_eq!(fx.actor(), Actor::Chance);
    let mut outcomes = Vec::new();
    fx.g.chance_outcomes(&fx.s, &mut outcomes);
    let eliminated: u32 = outcomes
        .iter()
        .filter(|(a, _)| matches!(a, Action::Dice(s) if *s <= 7))
        .map(|x| x.1)
        .sum();
    let total: u32 = outcomes.iter().map(|x| x.1).sum();
    assert_eq!(
        (eliminated, total),
        (21, 36),
        "2–7 on 2d6 is 21 chances in 36"
    );
    let mut kept = fx.s;
    fx.g.apply(&mut kept, Action::Dice(8));
    assert_eq!(
        kept.loc(mg),
        fx.area("13"),
        "8–12: the weapon lies in the area"
    );
    // The log names the weapon, where it lies and the ranges read (trial 20b F2).
    let told = fx.g.narrate(&fx.s, Action::Dice(8), &kept).unwrap();
    let mg_name = crate::games::rudders_line::describe::unit(&fx.g.rules, &fx.s, mg);
    assert_eq!(
        told,
        format!(
            "weapon survival for {mg_name}: 2d6 = 8, left lying in area 13 (2.63: 2–7 \
             eliminated, 8–12 left in the area)"
        )
    );
    assert_eq!(kept.unit(mg).link, NONE);
    fx.g.apply(&mut fx.s, Action::Dice(7));
    assert_eq!(fx.loc(mg), ELIMINATED);
}
