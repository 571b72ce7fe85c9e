//! 10.4–10.53 and 11.x: assaults, their totals, failure, retreats and overruns.

use super::Fixture;
use crate::games::rudders_line::data::Side;
use crate::games::rudders_line::state::{Phase, Roll, Step, ELIMINATED};
use crate::games::rudders_line::Action;

/// Rangers in 3 (squad + NCO '2' + squad carrying the M1919) against one German squad in 4.
fn assault_4() -> (Fixture, [u8; 4]) {
    let mut fx = Fixture::new();
    let point = fx.place("ranger_squad", "3");
    let nco = fx.place("ranger_nco_2", "3");
    let gunner = fx.place("ranger_squad", "3");
    let mg = fx.arm(gunner, "ranger_m1919");
    fx.place("german_squad", "4");
    fx.group("3", &[point, nco, gunner]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    (fx, [point, nco, gunner, mg])
}

#[test]
fn rule_11_1_offensive_total_point_af_nco_supporters_unfired_mg() {
    let (mut fx, [point, _, _, mg]) = assault_4();
    fx.act(Action::Point(point));
    // AF 4 + NCO 2 + 1 supporter + M1919 3 = 10 before the die.
    assert_eq!(fx.s.attack.offense, 4 + 2 + 1 + 3);
    assert!(
        fx.is_spent(mg),
        "the machine gun is flipped to its 'F' side"
    );
}

#[test]
fn rule_11_1d_fired_machine_gun_adds_nothing() {
    let (mut fx, [point, _, _, mg]) = assault_4();
    fx.s.units[usize::from(mg)].flags |= crate::games::rudders_line::state::SPENT;
    fx.act(Action::Point(point));
    assert_eq!(fx.s.attack.offense, 4 + 2 + 1);
}

/// A lone Ranger squad from 3 assaults 4: a fresh German squad, a spent one and an NCO.
fn assault_on_a_fresh_and_a_spent_squad(fx: &mut Fixture) {
    let r = fx.place("ranger_squad", "3");
    fx.place("german_squad", "4");
    let spent = fx.place("german_squad", "4");
    fx.spend(spent);
    fx.place("german_nco_2", "4");
    fx.group("3", &[r]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
}

#[test]
fn rule_11_1_defensive_total_df_nco_supporters_tem() {
    let mut fx = Fixture::new();
    assault_on_a_fresh_and_a_spent_squad(&mut fx);
    // DF 4 (fresh squad) + NCO 2 + 1 supporter (the spent squad counts) + TEM.
    assert_eq!(fx.s.attack.defense, 4 + 2 + 1 + fx.tem("4"));
    assert_eq!(fx.s.attack.offense, 4, "a lone unit is its own point");
}

/// 11.1 DT c (the reading `assault_supporters`): a spent defender supports under `all`, not
/// under `fresh`.
#[test]
fn rule_11_1c_spent_supporters_count_or_not_by_the_reading() {
    for (value, supporters) in [("all", 1), ("fresh", 0)] {
        let mut fx = Fixture::with_reading("assault_supporters", value);
        assault_on_a_fresh_and_a_spent_squad(&mut fx);
        let expected = 4 + 2 + supporters + fx.tem("4");
        assert_eq!(fx.s.attack.defense, expected, "{value}");
    }
}

/// 11.1 DT a: "The Defense Factor (DF) of any ONE defending unit (...; need not be fresh)": a
/// lone spent German squad defends with its back DF, 2.
#[test]
fn rule_11_1_a_spent_defender_gives_its_back_df() {
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3");
    let g = fx.place("german_squad", "4");
    fx.spend(g);
    fx.group("3", &[r]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    assert_eq!(fx.g.rules.info(g).spent_defense, 2);
    assert_eq!(fx.s.attack.defense, 2 + fx.tem("4"));
}

/// 11.1 DT b: "the value of any one FRESH NCO/Bar Gunner": a spent German NCO '2' beside the
/// fresh squad adds not his value, only what c gives him (1 under `all`, 0 under `fresh`).
#[test]
fn rule_11_1_a_spent_defending_nco_adds_only_as_a_supporter() {
    for (value, supporters) in [("all", 1), ("fresh", 0)] {
        let mut fx = Fixture::with_reading("assault_supporters", value);
        let r = fx.place("ranger_squad", "3");
        fx.place("german_squad", "4");
        let nco = fx.place("german_nco_2", "4");
        fx.spend(nco);
        fx.group("3", &[r]);
        fx.act(Action::Move {
            to: fx.area("4"),
            pay: false,
        });
        // DF 4 (the fresh squad) + no NCO + supporters + TEM.
        assert_eq!(fx.s.attack.defense, 4 + supporters + fx.tem("4"), "{value}");
    }
}

#[test]
fn rule_11_1e_shoulder_fired_weapon_adds_only_against_building_areas() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "3");
    fx.arm(a, "ranger_bazooka");
    fx.place("german_squad", "5"); // 5: bunker
    fx.group("3", &[a]);
    fx.act(Action::Move {
        to: fx.area("5"),
        pay: false,
    });
    assert_eq!(fx.s.attack.offense, 4 + 3);

    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "3");
    fx.arm(a, "ranger_bazooka");
    fx.place("german_squad", "4"); // 4: no building
    fx.group("3", &[a]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    assert_eq!(fx.s.attack.offense, 4);
}

#[test]
fn rule_11_2_failed_assault_eliminates_point_spends_and_returns_the_rest_and_passes() {
    let (mut fx, [point, nco, gunner, mg]) = assault_4();
    fx.place("german_squad", "38"); // the Germans have a unit to act with
    fx.act(Action::Point(point));
    fx.roll(1); // OT 10 + 1 = 11
    fx.roll(6); // DT 4 + TEM + 6 > 11
    assert_eq!(fx.loc(point), ELIMINATED);
    for u in [nco, gunner] {
        assert!(fx.is_spent(u));
        assert_eq!(
            fx.loc(u),
            fx.area("3"),
            "11.3: back to the area they came from"
        );
    }
    assert!(fx.is_spent(mg), "the supporting M1919 is on its 'F' side");
    assert_eq!(fx.s.active, Side::Germans, "10.1c: the Action Phase passes");
}

/// 11.2 in the attackers' own area: "If they entered the area this turn return them": two
/// Ranger squads that began the turn in 4 assault the German there and fail: the lead is
/// eliminated, the supporter spent, and it stays in 4, having entered nothing.
#[test]
fn rule_11_2_a_failed_assault_in_the_attackers_own_area_leaves_the_supporters_there() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "4");
    let b = fx.place("ranger_squad", "4");
    fx.place("german_squad", "4");
    fx.place("german_squad", "38");
    fx.group("4", &[a]);
    fx.act(Action::AddUnit(b));
    fx.act(Action::AssaultHere);
    fx.act(Action::Point(a));
    fx.roll(1);
    fx.roll(6);
    assert_eq!(fx.loc(a), ELIMINATED);
    assert!(fx.is_spent(b));
    assert_eq!(fx.loc(b), fx.area("4"), "it entered nothing: it stays");
    assert_eq!(fx.s.active, Side::Germans);
}

/// 11.1: "All enemy units in the defending area must be assaulted": with two German squads
/// and an NCO in 4, a successful assault's CP are owed by all three, each one the Germans
/// may pay with, and none in another area.
#[test]
fn rule_11_1_every_enemy_unit_in_the_area_is_assaulted() {
    let (mut fx, [point, ..]) = assault_4();
    let second = fx.place("german_squad", "4");
    let nco = fx.place("german_nco_1", "4");
    let elsewhere = fx.place("german_squad", "38");
    let first =
        fx.s.personnel_in(&fx.g.rules, Side::Germans, fx.area("4")) & !(1 << second) & !(1 << nco);
    assert_eq!(first.count_ones(), 1);
    fx.act(Action::Point(point));
    fx.roll(6);
    fx.roll(1);
    assert_eq!(fx.s.step, Step::Casualties);
    let targets = fx.s.casualties.targets;
    for u in [first.trailing_zeros() as u8, second, nco] {
        assert!(targets & (1 << u) != 0, "unit {u} is assaulted");
    }
    assert_eq!(targets & (1 << elsewhere), 0, "not the squad in 38");
}

#[test]
fn rule_11_21_successful_assault_defender_pays_cp_and_attacker_keeps_phase() {
    let (mut fx, [point, ..]) = assault_4();
    fx.act(Action::Point(point));
    fx.roll(6); // OT 16
    fx.roll(1); // DT 4 + 1 + 1 = 6 + TEM
    assert_eq!(fx.s.step, Step::Casualties);
    assert_eq!(fx.s.casualties.owner, Side::Germans);
    assert_eq!(
        i16::from(fx.s.casualties.cp),
        16 - (5 + i16::from(fx.tem("4")))
    );
}

#[test]
fn rule_11_4_overrun_after_all_defenders_eliminated_units_move_on() {
    let (mut fx, [point, nco, gunner, _]) = assault_4();
    let g =
        fx.s.personnel_in(&fx.g.rules, Side::Germans, fx.area("4"))
            .trailing_zeros() as u8;
    fx.act(Action::Point(point));
    fx.roll(6);
    fx.roll(1); // ≥ 6 CP
    fx.act(Action::Flip(g));
    fx.act(Action::Eliminate(g));
    assert_eq!(fx.s.step, Step::Group, "overrun: the group may move on");
    assert_eq!(fx.s.active, Side::Rangers);
    for u in [point, nco, gunner] {
        assert!(!fx.is_spent(u));
        assert_eq!(fx.s.unit(u).mp, 1, "5 MP less the 4 to enter");
    }
    assert!(fx.legal().iter().any(|a| matches!(a, Action::Move { .. })));
}

/// 11.4: "In any attack in which the assaulting units did not begin the turn in the assaulted
/// area, an overrun may occur." A Ranger squad that began the turn in 4 beside a spent German
/// squad steps out to 3 and back into 4 (2 MP, 10.52) and eliminates the defender: no overrun,
/// the squad is done (spent) although it moved and has MP left.
#[test]
fn rule_11_4_no_overrun_for_units_that_began_the_turn_in_the_assaulted_area() {
    let mut fx = Fixture::new();
    let squad = fx.place("ranger_squad", "4");
    let german = fx.place("german_squad", "4");
    fx.spend(german);
    fx.place("german_squad", "38"); // keeps the Action Phase going afterwards
    fx.s.ranger_control |= 1 << fx.area("3");
    fx.group("4", &[squad]);
    for to in ["3", "4"] {
        fx.act(Action::Move {
            to: fx.area(to),
            pay: false,
        });
    }
    assert!(fx.s.group.moved);
    assert_eq!(
        fx.s.unit(squad).mp,
        2,
        "5 MP less 1 into 3 and 2 back into 4"
    );
    fx.roll(6); // the lone squad is the point unit
    fx.roll(1);
    fx.act(Action::Eliminate(german));
    assert_eq!(fx.loc(german), ELIMINATED);
    assert_ne!(fx.s.step, Step::Group, "no overrun");
    assert!(fx.is_spent(squad), "done for the turn");
    assert_eq!(fx.loc(squad), fx.area("4"));
}

/// 11.4: "Units which have no movement points remaining after the assault are done (flipped
/// to their spent side) for the turn": a German squad (MA 4) and NCO (MA 5) pay 4 MP to enter
/// a fresh Ranger NCO's area and overrun him; the squad is spent, the NCO goes on with 1 MP.
#[test]
fn rule_11_4_units_out_of_mp_after_an_overrun_are_spent_the_others_go_on() {
    let mut fx = Fixture::new();
    let squad = fx.place("german_squad", "8");
    let nco = fx.place("german_nco_1", "8");
    let ranger = fx.place("ranger_nco_1", "4");
    fx.place("ranger_squad", "38");
    fx.phase(Phase::Action, Side::Germans);
    fx.group("8", &[squad, nco]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    fx.act(Action::Point(squad));
    fx.roll(6);
    fx.roll(1);
    assert!(fx.s.casualties.cp >= 4, "more than a flip and a retreat");
    fx.act(Action::Flip(ranger));
    fx.act(Action::Eliminate(ranger));
    assert_eq!(fx.s.step, Step::Group, "an overrun");
    assert!(fx.is_spent(squad), "no MP left: done");
    assert_eq!(fx.s.group.members, 1 << nco);
    assert_eq!(fx.s.unit(nco).mp, 1);
    assert!(fx.legal().iter().any(|a| matches!(a, Action::Move { .. })));
}

/// 10.53: "Units entering an area to assault may never combine in attack with friendly units
/// already in the area. They must assault separately. A single area may be assaulted any
/// number of times during a single turn."
#[test]
fn rule_10_53_an_area_is_assaulted_again_and_never_with_the_units_already_there() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "3");
    let b = fx.place("ranger_squad", "7");
    fx.place("ranger_squad", "4");
    fx.place("german_squad", "4");
    fx.place("german_squad", "4");
    fx.place("german_squad", "38");
    fx.group("3", &[a]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    assert_eq!(fx.s.attack.offense, 4, "A's Attack Factor alone");
    fx.roll(1);
    fx.roll(6); // a failed assault: the Action Phase passes (10.1c)
    assert_eq!(fx.s.active, Side::Germans);
    fx.act(Action::Pass);
    assert_eq!(fx.s.active, Side::Rangers);
    fx.group("7", &[b]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    assert_eq!(
        (fx.s.step, fx.s.attack.offense),
        (
            Step::Roll(crate::games::rudders_line::state::Roll::Offense),
            4
        ),
        "area 4 assaulted again, by B alone"
    );
}

#[test]
fn rule_11_4_no_overrun_when_a_defender_retreated() {
    let (mut fx, [point, nco, ..]) = assault_4();
    fx.place("german_squad", "38"); // keeps the Action Phase going afterwards
    let g =
        fx.s.personnel_in(&fx.g.rules, Side::Germans, fx.area("4"))
            .trailing_zeros() as u8;
    fx.act(Action::Point(point));
    // OT 10 + 1 against DT 5 + 1: 5 CP, paid by the flip (3) and a retreat (2).
    fx.roll(1);
    fx.roll(1);
    assert_eq!(fx.s.casualties.cp, 5);
    fx.act(Action::Flip(g));
    let retreat = *fx
        .legal()
        .iter()
        .find(|a| matches!(a, Action::Retreat { .. }))
        .unwrap();
    fx.act(retreat);
    assert_eq!(fx.s.group.members, 0, "the activation is over");
    assert_ne!(fx.s.step, Step::Group);
    assert!(fx.is_spent(point) && fx.is_spent(nco));
}

/// 11.21: "the defender must absorb that many Casualty Points"; 11.4: defenders are eliminated
/// "if the CP was greater than the defender could pay". 10 CP against one fresh squad: the
/// flip pays 3, and a retreat (2) could not absorb the 7 left, so none is offered: the squad
/// is eliminated and the Rangers overrun.
#[test]
fn rule_11_21_cp_beyond_what_the_defender_can_pay_by_retreating_eliminate_him() {
    let (mut fx, [point, ..]) = assault_4();
    fx.place("german_squad", "38");
    let g =
        fx.s.personnel_in(&fx.g.rules, Side::Germans, fx.area("4"))
            .trailing_zeros() as u8;
    fx.act(Action::Point(point));
    fx.roll(6);
    fx.roll(1);
    assert_eq!(fx.s.casualties.cp, 10);
    fx.act(Action::Flip(g));
    assert!(
        !fx.legal()
            .iter()
            .any(|a| matches!(a, Action::Retreat { .. })),
        "7 CP left: a retreat would leave 5 unpaid"
    );
    fx.act(Action::Eliminate(g));
    assert_eq!(fx.s.loc(g), ELIMINATED);
    assert_eq!(
        fx.s.step,
        Step::Group,
        "11.4: an overrun, the group goes on"
    );
}

#[test]
fn rule_11_4_no_overrun_for_units_that_began_the_turn_in_the_area() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "4");
    let b = fx.place("ranger_squad", "4");
    let g = fx.place("german_squad", "4");
    fx.spend(g);
    fx.place("german_squad", "38");
    fx.group("4", &[a]);
    fx.act(Action::AddUnit(b));
    fx.act(Action::AssaultHere);
    assert_eq!(fx.s.unit(a).mp, 0, "10.4: same-area assault uses all MP");
    fx.act(Action::Point(a));
    fx.roll(6);
    fx.roll(1);
    fx.act(Action::Eliminate(g));
    assert_eq!(fx.s.step, Step::Segment);
    assert!(fx.is_spent(a) && fx.is_spent(b));
}

#[test]
fn rule_10_4_same_area_assault_is_offered_only_where_enemy_units_are() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "4");
    fx.place("german_squad", "38");
    fx.group("4", &[a]);
    assert!(!fx.can(Action::AssaultHere));
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "4");
    fx.place("german_squad", "4");
    fx.group("4", &[a]);
    assert!(fx.can(Action::AssaultHere));
}

#[test]
fn rule_10_53_units_entering_do_not_combine_with_friendly_units_already_there() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "3");
    fx.place("ranger_squad", "4");
    fx.place("ranger_nco_3", "4");
    fx.place("german_squad", "4");
    fx.group("3", &[a]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    assert_eq!(fx.s.attack.offense, 4, "only the entering squad's AF");
}

#[test]
fn rule_11_1_only_fresh_units_assault() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "4");
    fx.spend(a);
    fx.place("german_squad", "4");
    assert!(!fx.can(Action::Activate(fx.area("4"))));
    assert_eq!(fx.s.phase, Phase::Action);
}

/// The play screen's line for the defender's die `defense` of an assault by `point`.
fn defense_roll_text(fx: &mut Fixture, point: u8, offense: u8, defense: u8) -> String {
    use crate::engine::Game;
    fx.act(Action::Point(point));
    fx.roll(offense);
    let before = fx.s;
    fx.roll(defense);
    fx.g.narrate(&before, Action::Die(defense), &fx.s)
        .expect("the dice are explained")
}

#[test]
fn rule_11_1_the_play_screen_explains_each_term_of_the_totals() {
    let (mut fx, [point, ..]) = assault_4();
    let text = defense_roll_text(&mut fx, point, 5, 3);
    let dt = 4 + fx.tem("4") + 3;
    let expected = format!(
        "OT 4 (point) + 2 (NCO/BAR) + 1 (supporters) + 3 (weapons) + 1d6 (5) = 15 vs \
         DT 4 (defender) + {} (TEM) + 1d6 (3) = {dt} → {} CP",
        fx.tem("4"),
        15 - dt
    );
    assert!(text.contains(&expected), "{text}");
    assert!(text.contains("CP on the defenders (11.21)"), "{text}");
}

/// 11.2: a failed assault is told as what it does, never as "no effect": the lead attacker
/// is eliminated, the supporters spent and sent back.
#[test]
fn rule_11_2_the_play_screen_tells_a_failed_assault_as_its_losses() {
    let (mut fx, [point, ..]) = assault_4();
    fx.place("german_squad", "38");
    let text = defense_roll_text(&mut fx, point, 1, 6);
    assert!(
        text.contains("→ the assault fails: the lead attacker is eliminated")
            && text.contains("(11.2, 11.3)")
            && !text.contains("no effect"),
        "{text}"
    );
    assert_eq!(fx.loc(point), ELIMINATED);
}

/// The exact assault odds of `sandtable crt rudders-line` against 200,000 assaults resolved
/// through the engine itself (`chance_outcomes` and `apply`), results read off the board:
/// the point unit eliminated (a failed assault, 11.2) or the Casualty Points owed (11.21).
#[test]
fn rule_11_2_monte_carlo_through_the_engine_agrees_with_the_exact_assault_table() {
    use crate::analysis::rudders_line::attack;
    use crate::engine::game::sample_chance;
    use crate::engine::{game_rng, Actor, Game};
    use crate::games::rudders_line::combat::AttackResult;
    let (mut fx, [point, ..]) = assault_4();
    fx.act(Action::Point(point));
    let exact = attack(fx.s.attack.offense, fx.s.attack.defense);
    let n = 200_000u32;
    let mut counts = std::collections::HashMap::new();
    let mut rng = game_rng(11, 0);
    let mut outcomes = Vec::new();
    for _ in 0..n {
        let mut s = fx.s;
        while matches!(fx.g.actor(&s), Actor::Chance) && s.step != Step::Casualties {
            fx.g.chance_outcomes(&s, &mut outcomes);
            let a = sample_chance(&outcomes, &mut rng);
            fx.g.apply(&mut s, a);
        }
        let result = if s.loc(point) == ELIMINATED {
            AttackResult::Failed
        } else {
            assert_eq!(s.step, Step::Casualties);
            AttackResult::Casualties(s.casualties.cp)
        };
        *counts.entry(result).or_insert(0u32) += 1;
    }
    for (result, p) in exact.probabilities() {
        let p = p.to_f64();
        let got = f64::from(counts.get(&result).copied().unwrap_or(0)) / f64::from(n);
        let se = (p * (1.0 - p) / f64::from(n)).sqrt();
        assert!(
            (got - p).abs() <= 4.0 * se + 1e-12,
            "{result:?}: exact {p}, sampled {got}"
        );
    }
    for result in counts.keys() {
        assert!(
            !exact.prob(|r| r == result).is_zero(),
            "{result:?} is not in the table"
        );
    }
}

#[test]
fn rule_11_1_the_point_unit_choice_shows_the_assaults_exact_odds() {
    use crate::analysis::rudders_line::attack;
    use crate::games::rudders_line::AttackResult;
    let (mut fx, [point, ..]) = assault_4();
    let (ot, dt) = fx.g.assault_totals(&fx.s, Action::Point(point)).unwrap();
    let text = crate::registry::action_text(&fx.g, &fx.s, Action::Point(point));
    // The totals shown are the ones the assault then fixes (11.1).
    fx.act(Action::Point(point));
    assert_eq!((ot, dt), (fx.s.attack.offense, fx.s.attack.defense));
    let fail = attack(ot, dt).prob(|r| *r == AttackResult::Failed).to_f64();
    assert!(
        text.contains(&format!(
            "leads the assault — OT {ot} vs DT {dt} before the dice: {:.0}% Casualty Points",
            100.0 * (1.0 - fail)
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("{:.0}% the assault fails (11.2)", 100.0 * fail)),
        "{text}"
    );
}

#[test]
fn rule_11_3_a_failed_assault_retreats_into_the_last_area_entered_before_it() {
    let mut fx = Fixture::new();
    let adjacent =
        |a: &str, b: &str| fx.g.rules.adjacent[usize::from(fx.area(a))] >> fx.area(b) & 1 == 1;
    assert!(adjacent("7", "3") && adjacent("3", "4"));
    let point = fx.place("ranger_squad", "7");
    let other = fx.place("ranger_squad", "7");
    // Spent, so that entering it costs 2 MP (10.52), not all 4 (10.51): after a first move.
    let german = fx.place("german_squad", "4");
    fx.spend(german);
    fx.place("german_squad", "38");
    fx.group("7", &[point, other]);
    fx.act(Action::Move {
        to: fx.area("3"),
        pay: false,
    });
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    if fx.can(Action::Point(point)) {
        fx.act(Action::Point(point));
    }
    fx.roll(1);
    fx.roll(6);
    assert_eq!(
        fx.loc(other),
        fx.area("3"),
        "back to 3, the last area entered, not to 7 where it began"
    );
}

/// 10.1c: a failed assault hands the Action Phase to the other player even though the
/// assaulting player still has fresh units to activate.
#[test]
fn rule_10_1c_a_failed_assault_passes_the_action_phase() {
    let (mut fx, [point, ..]) = assault_4();
    fx.place("german_squad", "38");
    let fresh = fx.place("ranger_squad", "9");
    fx.act(Action::Point(point));
    fx.roll(1);
    fx.roll(6);
    assert!(!fx.is_spent(fresh), "the Rangers could still act");
    assert_eq!(fx.s.active, Side::Germans);
}

/// 11.1: a group of two commits to its assault before its point unit is chosen; the action
/// shows the odds with the best point unit (trial 21b F6: none were shown).
#[test]
fn rule_11_1_a_groups_assault_shows_the_odds_with_its_best_point_unit() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "4");
    let b = fx.place("ranger_nco_1", "4");
    fx.place("german_squad", "4");
    fx.group("4", &[a, b]);
    let text = crate::registry::action_text(&fx.g, &fx.s, Action::AssaultHere);
    let (ot, dt) = fx.g.best_point_totals(&fx.s, Action::AssaultHere).unwrap();
    assert!(
        text.contains(&format!(
            "with the best point unit, chosen next (11.1): OT {ot} vs DT {dt} before the dice"
        )),
        "{text}"
    );
    fx.act(Action::AssaultHere);
    let best = [a, b]
        .map(|p| fx.g.assault_totals(&fx.s, Action::Point(p)).unwrap())
        .into_iter()
        .max_by_key(|&(o, d)| i16::from(o) - i16::from(d))
        .unwrap();
    assert_eq!((ot, dt), best);
}

/// 11.1: a lone unit has no point unit to choose, so its assault rolls at once: the action
/// that starts it shows the exact odds instead (trial 13b F1), with the totals it then fixes.
#[test]
fn rule_11_1_a_lone_units_assault_shows_its_odds_on_the_action_that_starts_it() {
    let mut fx = Fixture::new();
    let a = fx.place("ranger_squad", "4");
    fx.place("german_squad", "4");
    fx.group("4", &[a]);
    let (ot, dt) = fx.g.assault_totals(&fx.s, Action::AssaultHere).unwrap();
    let text = crate::registry::action_text(&fx.g, &fx.s, Action::AssaultHere);
    assert!(
        text.contains(&format!(
            "assault the enemy in this area — OT {ot} vs DT {dt} before the dice"
        )),
        "{text}"
    );
    fx.act(Action::AssaultHere);
    assert_eq!(
        fx.s.step,
        Step::Roll(Roll::Offense),
        "no point unit to choose"
    );
    assert_eq!((ot, dt), (fx.s.attack.offense, fx.s.attack.defense));
}

/// 10.1c: the failed assault's line says that the Action Phase passes, and, when the enemy
/// has no fresh unit to take it (10.1b), that it comes straight back (trial 13b F11).
#[test]
fn rule_10_1c_the_play_screen_tells_a_failed_assault_passes_the_action_phase() {
    let (mut fx, [point, ..]) = assault_4();
    fx.place("german_squad", "38"); // the Germans have a unit to act with
    let text = defense_roll_text(&mut fx, point, 1, 6);
    assert!(
        text.ends_with("; the Action Phase passes to the Germans (10.1c)"),
        "{text}"
    );
    assert_eq!(fx.s.active, Side::Germans);

    // A lone Ranger squad assaults a spent German squad; the Rangers keep a fresh squad in 7
    // and the Germans have none.
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "3");
    fx.place("ranger_squad", "7");
    let g = fx.place("german_squad", "4");
    fx.spend(g);
    fx.group("3", &[r]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    fx.roll(1); // OT 4 + 1
    let before = fx.s;
    fx.roll(6); // DT 2 + TEM + 6
    let text = crate::engine::Game::narrate(&fx.g, &before, Action::Die(6), &fx.s).unwrap();
    assert!(
        text.ends_with(
            "; the Action Phase passes to the Germans (10.1c), who have no fresh unit, so it \
             comes back to the Rangers (10.1b)"
        ),
        "{text}"
    );
    assert_eq!(fx.s.active, Side::Rangers);
}
