//! Stacking, movement and combat (7–9).

use super::super::combat::{attack_value, combat_result, defense_value};
use super::super::data::{DefenseStrategy, Terrain};
use super::super::movement::stacking;
use super::super::state::{Roll, Step, Support, NONE, NOT_ARRIVED, OUT_OF_ACTION};
use super::super::CombatResult;
use super::{Action, Fixture};
use crate::engine::Game;

/// Companies I and K move from Area 12 into unrevealed Area 13 (Urban), owing an attack.
fn i_and_k_enter_area_13() -> (Fixture, u8, u8) {
    let mut f = Fixture::combat();
    let units = f.activated_in_area_12(&["I", "K"]);
    for &u in &units {
        f.act(Action::Select(u));
        f.act(Action::Move { to: 12, via: 11 });
    }
    (f, units[0], units[1])
}

/// The units waiting in Area 13 attack it, and its counter turns out to have `strategy`.
fn attack_13_revealing(f: &mut Fixture, strategy: DefenseStrategy) {
    f.act(Action::Attack(12));
    f.roll(Action::Draw(f.counter_with(Terrain::Urban, strategy)));
}

#[test]
fn rule_3_1_units_move_directly_only_between_areas_sharing_a_boundary() {
    // The map: Area 1 borders 2, 3 and 4; Area 6 borders 3, 4, 7, 8, 13 and 14, not 1.
    let mut f = Fixture::combat();
    f.clear_americans();
    let i = f.put("I", 1);
    f.vacate(4);
    f.act(Action::Activate(0));
    f.act(Action::Select(i));
    let rs = f.game.rules();
    assert_eq!(rs.adjacent[0], 1 << 1 | 1 << 2 | 1 << 3, "Area 1: 2, 3, 4");
    let legal = f.legal();
    assert!(
        legal.contains(&Action::Move { to: 2, via: 0 }),
        "German Area 3 borders Area 1: entered straight from it"
    );
    assert!(
        !legal.contains(&Action::Move { to: 5, via: 0 }),
        "Area 6 does not border Area 1"
    );
    assert!(
        legal.contains(&Action::Move { to: 5, via: 3 }),
        "Area 6 is entered through vacant Area 4, which borders both"
    );
    for a in &legal {
        if let Action::Move { to, via } = *a {
            if via != NONE {
                assert_ne!(rs.adjacent[usize::from(to)] & 1 << via, 0, "{a:?}");
            }
        }
    }
}

#[test]
fn rule_3_1_2_tem_is_2_suburban_3_urban_4_fortified() {
    assert_eq!(Terrain::Suburban.tem(), 2);
    assert_eq!(Terrain::Urban.tem(), 3);
    assert_eq!(Terrain::Fortified.tem(), 4);
}

#[test]
fn rule_7_1_four_units_an_area_leaders_free_with_their_unit_areas_1_and_2_unlimited() {
    let mut f = Fixture::combat();
    let rs = f.game.rules();
    let (e, smoots, f_co) = (f.unit("E"), f.unit("Smoots"), f.unit("F"));
    let weeks = f.unit("Weeks");
    assert_eq!(
        stacking(rs, 1 << e | 1 << smoots),
        1,
        "Smoots stacks free with E"
    );
    assert_eq!(
        stacking(rs, 1 << smoots | 1 << f_co),
        2,
        "not with another company"
    );
    assert_eq!(stacking(rs, 1 << smoots | 1 << weeks), 2);
    assert_eq!(
        f.s.units_in(0).count_ones(),
        8,
        "Area 1 holds the 2nd Battalion"
    );
    assert!(super::super::movement::has_room(
        rs,
        &f.s,
        0,
        1 << f.unit("I")
    ));
    // Area 2 as well: the eight units of Area 1 moved there leave room for a ninth.
    let mut two = f.s;
    for u in 0..two.loc.len() as u8 {
        if two.loc[usize::from(u)] == 0 {
            two.loc[usize::from(u)] = 1;
        }
    }
    assert_eq!(two.units_in(1).count_ones(), 8);
    assert!(super::super::movement::has_room(
        rs,
        &two,
        1,
        1 << f.unit("I")
    ));
    f.clear_americans();
    f.vacate(3);
    for id in ["E", "F", "G", "D"] {
        f.put(id, 3);
    }
    f.s.step = Step::ActionRound;
    let i = f.put("I", 4);
    f.vacate(4);
    f.act(Action::Activate(3));
    f.act(Action::Select(i));
    let into = |a: u8| move |x: &Action| matches!(x, Action::Move { to, .. } if *to == a);
    assert!(!f.legal().iter().any(into(2)), "8.3.1: Area 3 is full");
    assert!(
        !f.legal().iter().any(into(6)),
        "8.3.1: nor may it pass through it to Area 7 beyond"
    );
}

#[test]
fn rule_7_1_a_full_area_takes_a_leader_to_his_unit_and_a_unit_to_its_lone_leader() {
    use super::super::movement::with_room;
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(3);
    for id in ["E", "F", "G", "D"] {
        f.put(id, 3);
    }
    let rs = f.game.rules();
    let area_3 = 1 << 2;
    let (smoots, i) = (f.unit("Smoots"), f.unit("I"));
    assert_eq!(with_room(rs, &f.s, i, area_3), 0, "four units: full");
    assert_eq!(
        with_room(rs, &f.s, smoots, area_3),
        area_3,
        "Smoots joins E free"
    );
    // E leaves, Smoots comes: Smoots alone counts, the Area is full again.
    f.set_loc(f.unit("E"), NOT_ARRIVED);
    f.put("Smoots", 3);
    let rs = f.game.rules();
    assert_eq!(with_room(rs, &f.s, i, area_3), 0, "Smoots alone counts");
    let e = f.unit("E");
    assert_eq!(with_room(rs, &f.s, e, area_3), area_3, "E joins its Leader");
}

#[test]
fn rule_7_2_7_4_an_area_without_a_german_unit_is_vacant_and_american() {
    let mut f = Fixture::combat();
    assert!(!f.s.is_vacant(12));
    f.vacate(13);
    assert!(f.s.is_vacant(12));
    let f2 = Fixture::combat();
    assert!(f2.s.is_vacant(0) && f2.s.is_vacant(1));
}

#[test]
fn rule_9_1_mandatory_attack_must_be_made_and_a_repulse_retreats_everyone() {
    let (mut f, i, k) = i_and_k_enter_area_13();
    assert!(!f.legal().contains(&Action::Pass));
    f.act(Action::Attack(12));
    assert_eq!(
        f.s.attack.units,
        1 << i | 1 << k,
        "every unit that entered attacks"
    );
    let c = f.counter_with(Terrain::Urban, DefenseStrategy::None);
    f.roll(Action::Draw(c));
    f.act(Action::Lead(i));
    let morale = f.s.morale;
    f.roll(Action::Dice(2));
    f.roll(Action::Dice(12));
    // 9.5.4 Repulse: the lead is Out of Action, the rest Spent and retreating, Morale +1.
    // K must retreat (9.5.5), and Area 12, which it came from, has room: it goes there with
    // no choice to make.
    assert_eq!(f.s.loc[usize::from(i)], OUT_OF_ACTION);
    assert_eq!(f.s.morale, (morale + 1).min(19));
    assert_ne!(f.s.step, Step::Retreat);
    assert_eq!(f.s.loc[usize::from(k)], 11);
    assert_eq!(f.s.fresh & 1 << k, 0);
}

#[test]
fn rule_9_3_units_of_a_contested_active_area_attack_by_choice_and_do_not_retreat() {
    let mut f = Fixture::combat();
    f.clear_americans();
    let i = f.put("I", 13);
    let k = f.put("K", 13);
    let c = f.counter_with(Terrain::Urban, DefenseStrategy::None);
    f.reveal(13, c);
    f.act(Action::Activate(12));
    f.act(Action::Attack(12));
    assert_eq!(f.s.step, Step::Attackers);
    f.act(Action::AddAttacker(i));
    // Closing the attackers says what follows, not "roll" (trial 22d F2).
    let close = crate::engine::Game::describe(&f.game, &f.s, Action::Resolve);
    assert_eq!(close, "no more units join: choose who leads (9.3)");
    f.act(Action::Resolve);
    f.roll(Action::Dice(2));
    f.roll(Action::Dice(12));
    assert_eq!(f.s.loc[usize::from(i)], OUT_OF_ACTION);
    assert_ne!(f.s.step, Step::Retreat);
    assert_eq!(f.s.loc[usize::from(k)], 12, "K stays, still able to act");
    assert_ne!(f.s.activation.pending & 1 << k, 0);
}

#[test]
fn rule_9_4_the_counter_is_drawn_from_the_pool_of_its_terrain_type_each_equally_likely() {
    let mut f = Fixture::combat();
    f.alone_into("I", 13);
    f.act(Action::Attack(12));
    let mut v = Vec::new();
    use crate::engine::Game;
    f.game.chance_outcomes(&f.s, &mut v);
    let rs = f.game.rules();
    let urban = rs
        .germans
        .iter()
        .filter(|g| g.terrain == Terrain::Urban)
        .count();
    assert_eq!(v.len(), urban, "all Urban counters, the extras too (4.4)");
    assert!(v.iter().all(|&(a, w)| w == 1
        && matches!(a, Action::Draw(c) if rs.germans[usize::from(c)].terrain == Terrain::Urban)));
}

#[test]
fn rule_9_4_a_defense_strategy_applies_only_in_the_combat_that_reveals_the_unit() {
    let mut f = Fixture::combat();
    let c = f.counter_with(Terrain::Urban, DefenseStrategy::Fanatic);
    f.clear_americans();
    f.put("I", 13);
    f.reveal(13, c);
    f.act(Action::Activate(12));
    f.act(Action::Attack(12));
    f.act(Action::AddAttacker(f.unit("I")));
    f.act(Action::Resolve);
    assert_eq!(f.s.attack.strategy, DefenseStrategy::None);
}

#[test]
fn rule_9_5_2_attack_value_lead_plus_one_per_unit_supports_combined_arms_and_morale() {
    let mut f = Fixture::combat();
    let (i, botts, k) = (f.unit("I"), f.unit("Botts"), f.unit("K"));
    let hogan = f.unit("Hogan");
    let c = f.counter_with(Terrain::Urban, DefenseStrategy::None);
    f.reveal(13, c);
    let rs = f.game.rules();
    f.s.attack.area = 12;
    f.s.attack.lead = i;
    f.s.attack.units = 1 << i | 1 << k | 1 << botts;
    let base = i16::from(rs.unit(i).attack);
    assert_eq!(
        attack_value(rs, &f.s),
        base + 2,
        "B: K +1, Botts +1 with his company"
    );
    f.s.attack.units = 1 << i | 1 << hogan;
    assert_eq!(
        attack_value(rs, &f.s),
        base,
        "B: Hogan has none of his units here"
    );
    f.s.attack.units = 1 << i;
    f.s.attack.support = Support::Artillery.bit();
    assert_eq!(attack_value(rs, &f.s), base + 1);
    f.s.attack.support |= Support::Engineer.bit();
    assert_eq!(
        attack_value(rs, &f.s),
        base + 1 + 2 + 1,
        "C, and D: two supports"
    );
    f.s.morale = 9;
    assert_eq!(attack_value(rs, &f.s), base + 5, "E: Morale 9 or lower");
}

/// 4.2.1: "An Armor unit is required ... [for] the Combined Arms Bonus" under the default
/// reading (an Armor or an Infantry unit): the tank G/33 alone with Artillery and Engineer
/// support earns it; the SP Artillery M-12/A alone, neither Armor nor Infantry (4.2.5), does not.
#[test]
fn rule_4_2_1_an_armor_unit_alone_earns_the_combined_arms_bonus() {
    let mut f = Fixture::combat();
    let (tank, sp) = (f.unit("G/33"), f.unit("M-12/A"));
    f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
    f.s.attack.area = 12;
    f.s.attack.support = Support::Artillery.bit() | Support::Engineer.bit();
    let rs = f.game.rules();
    for (lead, bonus) in [(tank, 1), (sp, 0)] {
        f.s.attack.lead = lead;
        f.s.attack.units = 1 << lead;
        let supports = 1 + 2;
        assert_eq!(
            attack_value(rs, &f.s),
            i16::from(rs.unit(lead).attack) + supports + bonus,
            "{}",
            rs.unit(lead).id
        );
    }
}

/// 9.5.2A: "The Attack Factor of any one attacking American unit of the player's choice (the
/// Lead Attacking Unit)": the same two units attack for a different AV by who leads.
#[test]
fn rule_9_5_2a_the_av_starts_from_the_chosen_lead_s_attack_factor() {
    let mut f = Fixture::combat();
    let (i, sp) = (f.unit("I"), f.unit("M-12/A"));
    f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
    f.s.attack.area = 12;
    f.s.attack.units = 1 << i | 1 << sp;
    let rs = f.game.rules();
    let (af_i, af_sp) = (i16::from(rs.unit(i).attack), i16::from(rs.unit(sp).attack));
    assert_ne!(af_i, af_sp, "two different Attack Factors");
    f.s.attack.lead = i;
    let led_by_i = attack_value(rs, &f.s);
    f.s.attack.lead = sp;
    let led_by_sp = attack_value(rs, &f.s);
    assert_eq!(led_by_sp - led_by_i, af_sp - af_i);
    assert_eq!(led_by_i, af_i + 1, "I's factor and +1 for M-12/A");
}

/// 9.5.2D against 4.2.1 and 4.2.3 (the reading `combined_arms`): with two ground supports the
/// bonus needs an Armor or an Infantry unit, or both an Armor and an Infantry unit (a Halftrack
/// may be either, 4.2.2, but is one unit).
#[test]
fn rule_9_5_2d_and_4_2_1_combined_arms_needs_armor_or_infantry_or_both_by_the_reading() {
    for (value, both) in [("armor_or_infantry", false), ("armor_and_infantry", true)] {
        let mut f = Fixture::combat_reading("combined_arms", value);
        let (i, tank, halftrack) = (f.unit("I"), f.unit("G/33"), f.unit("A/36"));
        let c = f.counter_with(Terrain::Urban, DefenseStrategy::None);
        f.reveal(13, c);
        f.s.attack.area = 12;
        f.s.attack.support = Support::Artillery.bit() | Support::Engineer.bit();
        let bonus = |f: &mut Fixture, lead: u8, units: u32| {
            f.s.attack.lead = lead;
            f.s.attack.units = units;
            let rs = f.game.rules();
            let without_d = i16::from(rs.unit(lead).attack) + units.count_ones() as i16 - 1 + 3;
            attack_value(rs, &f.s) - without_d
        };
        let bonus_infantry = bonus(&mut f, i, 1 << i);
        let bonus_halftrack = bonus(&mut f, halftrack, 1 << halftrack);
        let bonus_tank_and_infantry = bonus(&mut f, i, 1 << i | 1 << tank);
        assert_eq!(bonus_infantry, i16::from(!both), "{value}: Infantry alone");
        assert_eq!(
            bonus_halftrack,
            i16::from(!both),
            "{value}: a Halftrack alone"
        );
        assert_eq!(bonus_tank_and_infantry, 1, "{value}: Armor and Infantry");
    }
}

#[test]
fn rule_9_5_2c_one_point_of_each_support_and_no_armor_support_with_armor_attacking() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    let tank = f
        .game
        .rules()
        .americans
        .iter()
        .position(|a| a.is_armor())
        .unwrap() as u8;
    f.set_loc(tank, 12);
    f.s.fresh |= 1 << tank;
    f.s.support = [2, 2, 2, 2];
    f.act(Action::Activate(12));
    f.act(Action::Attack(12));
    f.act(Action::AddAttacker(tank));
    f.act(Action::Resolve);
    f.roll(Action::Draw(
        f.counter_with(Terrain::Urban, DefenseStrategy::None),
    ));
    assert_eq!((f.s.step, f.s.attack.lead), (Step::Support, tank));
    assert!(!f.legal().contains(&Action::Allot(Support::Armor)));
    assert!(
        !f.legal().contains(&Action::Allot(Support::Air)),
        "9.5.3D: no Leader"
    );
    f.act(Action::Allot(Support::Artillery));
    assert!(!f.legal().contains(&Action::Allot(Support::Artillery)));
    assert_eq!(f.s.support[0], 1);
}

/// 9.5.2C: "Armor Support may not be allocated if any attacking unit is an Armor unit", not
/// only the Lead: Company I leads with the tank G/33 beside it, and no Armor Support is
/// offered; with the SP Artillery M-12/A beside it instead (no Armor for 9.5.2C, 4.2.5), it is.
#[test]
fn rule_9_5_2c_no_armor_support_with_any_armor_unit_attacking_not_only_the_lead() {
    for (partner, offered) in [("G/33", false), ("M-12/A", true)] {
        let mut f = Fixture::combat();
        f.clear_americans();
        f.vacate(12);
        let (i, other) = (f.unit("I"), f.unit(partner));
        for u in [i, other] {
            f.set_loc(u, 12);
            f.s.fresh |= 1 << u;
        }
        f.s.support = [2, 2, 2, 2];
        f.act(Action::Activate(12));
        f.act(Action::Attack(12));
        f.act(Action::AddAttacker(i));
        f.act(Action::AddAttacker(other));
        f.act(Action::Resolve);
        f.roll(Action::Draw(
            f.counter_with(Terrain::Urban, DefenseStrategy::None),
        ));
        f.act(Action::Lead(i));
        assert_eq!((f.s.step, f.s.attack.lead), (Step::Support, i));
        assert_eq!(
            f.legal().contains(&Action::Allot(Support::Armor)),
            offered,
            "{partner}"
        );
    }
}

#[test]
fn rule_9_5_3_defense_value_factor_tem_morale_rain_and_air() {
    let mut f = Fixture::combat();
    let c = f.counter_with(Terrain::Urban, DefenseStrategy::None);
    f.reveal(13, c);
    f.s.attack.area = 12;
    let rs = f.game.rules();
    let df = i16::from(rs.germans[usize::from(c)].defense);
    assert_eq!(
        defense_value(rs, &f.s),
        df + 3 + 1,
        "Urban +3, Morale 19 ≥ 10: +1"
    );
    f.s.morale = 9;
    f.s.rain = true;
    assert_eq!(defense_value(rs, &f.s), df + 3 + 2, "Rain +2");
    f.s.attack.air_die = 4;
    assert_eq!(defense_value(rs, &f.s), df + 3 + 2 - 4, "Air Support −1d6");
}

/// Company I and Botts, its Leader, the only Americans, in the Contested Area 13 with `air`
/// Air Support points on the track: they attack it, I leading. Returns I.
fn i_and_botts_attack_13_with_air(mut f: Fixture, air: u8) -> (Fixture, u8) {
    f.clear_americans();
    let i = f.put("I", 13);
    let botts = f.put("Botts", 13);
    f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
    f.s.support = [0, 0, 0, air];
    f.act(Action::Activate(12));
    f.act(Action::Attack(12));
    f.act(Action::AddAttacker(i));
    f.act(Action::AddAttacker(botts));
    f.act(Action::Resolve);
    (f, i)
}

#[test]
fn rule_9_5_3d_air_support_needs_a_leader_with_his_unit_and_no_rain() {
    let (mut f, i) = i_and_botts_attack_13_with_air(Fixture::combat(), 1);
    assert_eq!(f.s.attack.lead, i, "9.5.2A: Botts cannot lead");
    assert!(f.legal().contains(&Action::Allot(Support::Air)));
    f.s.rain = true;
    assert!(!f.legal().contains(&Action::Allot(Support::Air)));
    f.s.rain = false;
    f.act(Action::Allot(Support::Air));
    f.roll(Action::Dice(7));
    f.roll(Action::Dice(7));
    assert_eq!(f.s.step, Step::Roll(Roll::Air));
}

/// 9.5.3D Note: "Air Support may only be allocated if the attack contains a Leader and one
/// unit in that Leader's parent organization": Company I enters Area 13 and a Leader follows
/// it into the Mandatory Attack (9.1): Smoots, Company E's Leader, brings no Air Support;
/// Botts, I's own, does.
#[test]
fn rule_9_5_3d_air_support_needs_a_unit_of_the_leader_s_own_organisation() {
    for (leader, offered) in [("Smoots", false), ("Botts", true)] {
        let mut f = Fixture::combat();
        let units = f.activated_in_area_12(&["I", leader]);
        f.s.support = [0, 0, 0, 1];
        for &u in &units {
            f.act(Action::Select(u));
            f.act(Action::Move { to: 12, via: 11 });
        }
        attack_13_revealing(&mut f, DefenseStrategy::None);
        assert_eq!(f.s.attack.units, 1 << units[0] | 1 << units[1], "{leader}");
        let air = f.s.step == Step::Support && f.legal().contains(&Action::Allot(Support::Air));
        assert_eq!(air, offered, "{leader}");
    }
}

/// 9.5.3D (the reading `air_support`): with three Air Support points on the track, one is
/// allotted to the combat and its die rolled under `one_die` (no more is offered); under
/// `die_per_point` all three are, and each die rolled takes its pips off the DV.
#[test]
fn rule_9_5_3d_one_air_die_a_combat_or_a_die_a_point_by_the_reading() {
    for (value, points) in [("one_die", 1), ("die_per_point", 3)] {
        let f = Fixture::combat_reading("air_support", value);
        let (mut f, _) = i_and_botts_attack_13_with_air(f, 3);
        for _ in 0..points {
            f.act(Action::Allot(Support::Air));
        }
        assert_eq!(f.s.support[Support::Air as usize], 3 - points);
        let dv = defense_value(f.game.rules(), &f.s);
        assert_eq!(
            f.s.step,
            Step::Roll(Roll::Attack),
            "no support left to allot"
        );
        f.roll(Action::Dice(7));
        f.roll(Action::Dice(7));
        for n in 0..points {
            assert_eq!(f.s.step, Step::Roll(Roll::Air), "{value}: die {n}");
            let off = i16::from(2 * n);
            assert_eq!(defense_value(f.game.rules(), &f.s), dv - off);
            let before = f.s;
            f.roll(Action::Die(2));
            // Every die is told, the last one too (with the combat it closes).
            let told = f.game.narrate(&before, Action::Die(2), &f.s).unwrap();
            let die = match points {
                1 => "Air Support 1d6 = 2: the DV is 2 lower".to_string(),
                _ => format!("Air Support die {} of {points}: 1d6 = 2", n + 1),
            };
            assert!(told.starts_with(&die), "{value}: {told}");
        }
        assert_ne!(f.s.step, Step::Roll(Roll::Air), "the combat is resolved");
    }
}

#[test]
fn rule_9_5_4_results_repulse_stalemate_success_overrun() {
    assert_eq!(combat_result(-1, 5, false), CombatResult::Repulse);
    assert_eq!(combat_result(0, 5, false), CombatResult::Stalemate);
    assert_eq!(combat_result(5, 5, false), CombatResult::Success);
    assert_eq!(combat_result(6, 5, false), CombatResult::Overrun);
    assert_eq!(
        combat_result(6, 5, true),
        CombatResult::Stalemate,
        "11.4 Fanatic"
    );
}

/// Company I attacks revealed counter `c` in Area `n` (adjacent to Area 12) with the dice.
fn attack_with_dice(n: u8, c: u8, at: u8, dt: u8) -> (Fixture, u8) {
    let mut f = Fixture::combat();
    f.reveal(n, c);
    let i = f.alone_into("I", n);
    f.act(Action::Attack(n - 1));
    f.roll(Action::Dice(at));
    f.roll(Action::Dice(dt));
    (f, i)
}

#[test]
fn rule_9_5_4_success_lowers_morale_1_but_only_the_first_suburban_of_a_turn() {
    let f0 = Fixture::combat();
    let c = f0.counter_with(Terrain::Suburban, DefenseStrategy::None);
    let (f, i) = attack_with_dice(5, c, 12, 2);
    assert_eq!(f.s.german[4], NONE);
    assert_eq!(f.s.morale, 18);
    assert!(f.s.suburban_success);
    let _ = i;
    let mut g = Fixture::combat();
    g.s.suburban_success = true;
    g.clear_americans();
    g.vacate(12);
    let i = g.put("I", 12);
    g.reveal(5, c);
    g.act(Action::Activate(11));
    g.act(Action::Select(i));
    g.act(Action::Move { to: 4, via: 11 });
    g.act(Action::Attack(4));
    g.roll(Action::Dice(12));
    g.roll(Action::Dice(2));
    assert_eq!(g.s.morale, 19, "a second Suburban Success does not count");
}

/// 9.5.4 note: "only the first Suburban area Success in a turn decreases German Morale": the
/// count starts again each turn. A Suburban Success on turn 2 lowers Morale; after the End
/// Phase (6.5), the first Suburban Success of turn 3 lowers it again.
#[test]
fn rule_9_5_4_the_first_suburban_success_of_each_turn_lowers_morale() {
    let f0 = Fixture::combat();
    let rs = f0.game.rules();
    let c = f0.counter_with(Terrain::Suburban, DefenseStrategy::None);
    let (mut f, _) = attack_with_dice(5, c, 12, 2);
    assert_eq!((f.s.turn, f.s.german[4], f.s.morale), (2, NONE, 18));
    // The End Phase, and turn 3 up to its first Action Round ("No event" on the Random Event
    // Chart, so nothing else moves Morale).
    f.act(Action::Pass);
    assert_eq!(f.s.turn, 3);
    while (f.s.phase, f.s.step) != (super::super::Phase::Combat, Step::ActionRound) {
        match f.s.step {
            Step::Roll(Roll::RandomEvent) => f.roll(Action::Dice(10)),
            Step::Roll(Roll::Supply) => f.roll(Action::Dice(3)),
            Step::Supply => f.act(Action::Pass),
            _ => {
                let a = f.legal()[0];
                f.act(a);
            }
        }
    }
    assert_eq!(f.s.morale, 18);
    // Turn 3: Company I takes Suburban Area 4 with another counter.
    // Revealed here, its Defense Strategy is not played (9.4): any other Suburban counter.
    let other = (0..rs.germans.len() as u8)
        .find(|&g| g != c && rs.germans[usize::from(g)].terrain == Terrain::Suburban)
        .expect("another Suburban counter");
    f.reveal(4, other);
    f.alone_into("I", 4);
    f.act(Action::Attack(3));
    f.roll(Action::Dice(12));
    f.roll(Action::Dice(2));
    assert_eq!(f.s.german[3], NONE, "a Success");
    assert_eq!(f.s.morale, 17, "turn 3's first Suburban Success counts too");
}

#[test]
fn rule_9_5_4_overrun_leaves_the_attackers_fresh_success_spends_them() {
    let f0 = Fixture::combat();
    let rs = f0.game.rules();
    let c = f0.counter_with(Terrain::Urban, DefenseStrategy::None);
    let df = rs.germans[usize::from(c)].defense;
    // AV 4 (I) vs DV df+3+1: AT − DT = 4 + a − (df + 4) − d.
    let (f, i) = attack_with_dice(13, c, 12, 2);
    let margin = 4 + 12 - (i16::from(df) + 4) - 2;
    assert!(margin > 0);
    let overrun = margin > i16::from(df);
    assert_eq!(f.s.fresh & 1 << i != 0, overrun);
    assert_eq!(f.s.morale, 18, "Urban Success −1");
}

/// Company I, alone in vacant Area `from`, moves into Area `n` holding revealed counter `c`
/// and attacks it with the dice `at` (American) and `dt` (German), German Morale at 15.
fn attack_from(from: u8, n: u8, c: u8, at: u8, dt: u8) -> (Fixture, u8) {
    attack_from_in(Fixture::combat(), from, n, c, at, dt)
}

/// `attack_from` in the fixture `f`.
fn attack_from_in(mut f: Fixture, from: u8, n: u8, c: u8, at: u8, dt: u8) -> (Fixture, u8) {
    f.s.morale = MORALE;
    f.clear_americans();
    f.vacate(from);
    let i = f.put("I", from);
    f.reveal(n, c);
    f.act(Action::Activate(from - 1));
    f.act(Action::Select(i));
    f.act(Action::Move {
        to: n - 1,
        via: from - 1,
    });
    f.act(Action::Attack(n - 1));
    f.roll(Action::Dice(at));
    f.roll(Action::Dice(dt));
    (f, i)
}

/// German Morale in `attack_from`: above 10 (DV +1, 9.5.3C) and room to rise.
const MORALE: u8 = 15;

/// The counter of `terrain` with the lowest or highest Defense Factor, not Fanatic (its
/// Defense Strategy was played when it was revealed, before this attack).
fn weakest_or_strongest(f: &Fixture, terrain: Terrain, strongest: bool) -> u8 {
    let g = &f.game.rules().germans;
    let of_terrain = (0..g.len())
        .filter(|&c| g[c].terrain == terrain && g[c].strategy != DefenseStrategy::Fanatic);
    let c = if strongest {
        of_terrain.max_by_key(|&c| g[c].defense)
    } else {
        of_terrain.min_by_key(|&c| g[c].defense)
    };
    c.expect("such a counter") as u8
}

/// 9.5.4: "Decrease German Morale ... -2 if a Fortified area": from Area 5 into Fortified
/// Area 20, AT 4 + 12 against the weakest Fortified unit's DF + 4 + 1 + 2.
#[test]
fn rule_9_5_4_a_fortified_success_lowers_morale_2() {
    let f0 = Fixture::combat();
    let c = weakest_or_strongest(&f0, Terrain::Fortified, false);
    let df = i16::from(f0.game.rules().germans[usize::from(c)].defense);
    assert!(4 + 12 > df + 4 + 1 + 2, "a Success");
    let (f, _) = attack_from(5, 20, c, 12, 2);
    assert_eq!(f.s.german[19], NONE, "the German unit is eliminated");
    assert_eq!(f.s.morale, MORALE - 2);
}

/// 9.5.4 Overrun: "the difference between the AT and DT is greater than the printed Defense
/// Strength ... All attacking units remain Fresh"; a Success only: "flipped to their Spent side".
#[test]
fn rule_9_5_4_an_overrun_leaves_the_attackers_fresh() {
    let f0 = Fixture::combat();
    let c = weakest_or_strongest(&f0, Terrain::Suburban, false);
    let df = i16::from(f0.game.rules().germans[usize::from(c)].defense);
    // AV 4 + 12 against DV df + 2 (Suburban) + 1 (Morale 15) + 2.
    let margin = 4 + 12 - (df + 2 + 1 + 2);
    assert!(margin > df, "the data's weakest Suburban unit is overrun");
    let (f, i) = attack_from(12, 5, c, 12, 2);
    assert_eq!(f.s.german[4], NONE);
    assert_ne!(f.s.fresh & 1 << i, 0, "Overrun: I stays Fresh");
    assert_eq!(f.s.morale, MORALE - 1, "and it is a Success: Morale −1");
}

/// 9.5.4 (the reading `overrun`): "If the attack is a Success (decreasing the German Morale)
/// and the difference ... is greater than the printed Defense Strength": the weakest Suburban
/// unit beaten by more than its Defense Strength after the turn's first Suburban Success, so
/// that no Morale is lost: an Overrun under `any_success` (I stays Fresh), a Success only
/// under `morale_lowering` (I is Spent).
#[test]
fn rule_9_5_4_a_success_lowering_no_morale_overruns_or_not_by_the_reading() {
    for (value, overrun) in [("any_success", true), ("morale_lowering", false)] {
        let mut f = Fixture::combat_reading("overrun", value);
        let c = weakest_or_strongest(&f, Terrain::Suburban, false);
        f.s.suburban_success = true;
        let (f, i) = attack_from_in(f, 12, 5, c, 12, 2);
        assert_eq!(f.s.german[4], NONE, "the German unit is eliminated");
        assert_eq!(f.s.morale, MORALE, "not the turn's first Suburban Success");
        assert_eq!(f.s.fresh & 1 << i != 0, overrun, "{value}");
    }
}

/// 9.5.4 Stalemate: "All attacking units including the Lead Attacking Unit are flipped to their
/// Spent side ... German Morale does not change"; Repulse: "The Lead Attacking Unit is
/// eliminated and placed in the Out of Action Box ... Increase German Morale +1".
#[test]
fn rule_9_5_4_a_stalemate_spends_the_attackers_and_a_repulse_puts_the_lead_out_of_action() {
    let f0 = Fixture::combat();
    let c = weakest_or_strongest(&f0, Terrain::Suburban, true);
    let df = f0.game.rules().germans[usize::from(c)].defense;
    // AT = DT: 4 + at = df + 2 + 1 + dt, with dt 2.
    let (f, i) = attack_from(12, 5, c, df + 1, 2);
    assert_eq!(f.s.german[4], c, "no effect on the German unit");
    assert_eq!(f.s.fresh & 1 << i, 0, "Stalemate: I is Spent");
    assert_eq!(f.s.loc[usize::from(i)], 4, "and still in the Area");
    assert_eq!(f.s.morale, MORALE, "Morale does not change");
    let (f, i) = attack_from(12, 5, c, 2, 12);
    assert_eq!(f.s.german[4], c);
    assert_eq!(f.s.loc[usize::from(i)], OUT_OF_ACTION);
    assert_eq!(f.s.morale, MORALE + 1, "Repulse: Morale +1");
}

#[test]
fn rule_9_5_5_a_retreat_goes_back_where_the_unit_came_from_or_beyond_if_full() {
    let mut f = Fixture::combat();
    let k = f.alone_into("K", 13);
    for id in ["I", "L", "M", "E"] {
        f.put(id, 12); // Area 12 fills up behind K
    }
    f.act(Action::Attack(12));
    let before = f.s;
    let barrage = Action::Draw(f.counter_with(Terrain::Urban, DefenseStrategy::Barrage));
    f.roll(barrage);
    // Barrage: K must retreat; Area 12 is full, so on to a vacant Area beyond it: Area 2,
    // the only one, where it goes with no choice to make; the play screen says so.
    assert_ne!(f.s.step, Step::Retreat);
    assert_eq!(f.s.loc[usize::from(k)], 1);
    use crate::engine::Game;
    let told = f.game.narrate(&before, barrage, &f.s).unwrap_or_default();
    assert!(
        told.contains("K (") && told.contains("falls back to Area 2"),
        "{told}"
    );
    assert_eq!(f.s.fresh & 1 << k, 0);
}

/// 9.5.5: "Attacking units may only retreat into the Area from which they entered the
/// attacked Area": Company I, entering Area 8 from Area 7 (1, 3, 7, 8), falls back to Area 7
/// after a Barrage, though Areas 9 and 10, Vacant and empty, border Area 8 too.
#[test]
fn rule_9_5_5_a_retreat_goes_only_into_the_area_the_unit_entered_from() {
    let mut f = Fixture::combat();
    f.clear_americans();
    for n in [3, 7, 9, 10] {
        f.vacate(n);
    }
    let i = f.put("I", 1);
    f.act(Action::Activate(0));
    f.act(Action::Select(i));
    f.act(Action::Move { to: 7, via: 6 });
    f.act(Action::Attack(7));
    f.roll(Action::Draw(
        f.counter_with(Terrain::Urban, DefenseStrategy::Barrage),
    ));
    assert_ne!(f.s.step, Step::Retreat, "one Area to go to: no choice");
    assert_eq!(f.s.loc[usize::from(i)], 6, "back to Area 7, not 9 or 10");
}

/// The three units of `ids`, setting out from Area 2, enter Area 13 through Area 12, which
/// holds M and E, and meet a Barrage. Returns the three.
fn three_enter_13_through_a_crowded_12(ids: [&str; 3]) -> (Fixture, [u8; 3]) {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    f.put("M", 12);
    f.put("E", 12);
    let units = ids.map(|id| f.put(id, 2));
    f.act(Action::Activate(1));
    for u in units {
        f.act(Action::Select(u));
        f.act(Action::Move { to: 12, via: 11 });
    }
    f.act(Action::Attack(12));
    f.roll(Action::Draw(
        f.counter_with(Terrain::Urban, DefenseStrategy::Barrage),
    ));
    (f, units)
}

/// 9.5.5: "Units must retreat one at a time to determine if the Area becomes fully stacked. If
/// it does, subsequent units must continue their retreat": I and K fill Area 12 (with M and E
/// already there) and L, the third, goes on to Area 2.
#[test]
fn rule_9_5_5_units_retreat_one_at_a_time_and_those_after_a_fill_go_on() {
    let (f, [i, k, l]) = three_enter_13_through_a_crowded_12(["I", "K", "L"]);
    assert!(i < k && k < l, "they retreat lowest first");
    assert_ne!(f.s.step, Step::Retreat);
    assert_eq!(f.s.loc[usize::from(i)], 11, "I into Area 12");
    assert_eq!(f.s.loc[usize::from(k)], 11, "K into Area 12, now full");
    assert_eq!(f.s.loc[usize::from(l)], 1, "L on through to Area 2");
}

/// 9.5.5 with 7.1 ("They may, however, retreat through a fully stacked Area"): the retreat
/// goes on until an Area that is not fully stacked, through as many full ones as it takes.
/// I, K and L enter Area 8 from Area 9 (setting out from Area 11, through 10); Areas 9 and 10
/// hold three units each, Area 7 is German. After a Barrage I fills Area 9, K goes on to 10
/// and fills it, and L goes on through both to Area 11, not lost.
#[test]
fn rule_9_5_5_a_retreat_goes_on_through_every_fully_stacked_area() {
    let mut f = Fixture::combat();
    f.clear_americans();
    for n in [9, 10, 11] {
        f.vacate(n);
    }
    for id in ["E", "F", "G"] {
        f.put(id, 9);
    }
    for id in ["D", "M", "M-12/A"] {
        f.put(id, 10);
    }
    let units = ["I", "K", "L"].map(|id| f.put(id, 11));
    f.act(Action::Activate(10));
    for u in units {
        f.act(Action::Select(u));
        f.act(Action::Move { to: 7, via: 8 });
    }
    f.act(Action::Attack(7));
    f.roll(Action::Draw(
        f.counter_with(Terrain::Urban, DefenseStrategy::Barrage),
    ));
    assert_ne!(f.s.step, Step::Retreat);
    let [i, k, l] = units;
    assert_eq!(f.s.loc[usize::from(i)], 8, "I into Area 9");
    assert_eq!(f.s.loc[usize::from(k)], 9, "K on to Area 10");
    assert_eq!(f.s.loc[usize::from(l)], 10, "L through 9 and 10 to Area 11");
}

/// 3.4: "units eliminated ... because of a German Defense Strategy" go to the Out of Action
/// Box, from which they may return (6.3.1): Company I, lost to an Ambush, is offered a Refit.
#[test]
fn rule_3_4_a_unit_lost_to_a_defense_strategy_waits_in_the_box() {
    let (mut f, i, _) = i_and_k_enter_area_13();
    attack_13_revealing(&mut f, DefenseStrategy::Ambush);
    f.act(Action::Lead(i));
    assert_eq!(f.s.loc[usize::from(i)], OUT_OF_ACTION);
    assert_ne!(f.s.out_of_action & 1 << i, 0);
    f.s.step = Step::Supply;
    f.s.supply = 30;
    assert!(f.legal().contains(&Action::Refit(i)));
}

/// 9.5.2D: "+1 Combined Arms Bonus if the attack includes an Armor or Infantry unit and any
/// two of Artillery, Engineer, or Armor Support": one support earns nothing, any two of the
/// three earn +1, all three earn the same +1 (one bonus), and Air Support (9.5.3D, against
/// the DV) is none of the three.
#[test]
fn rule_9_5_2d_two_of_the_three_ground_supports_earn_the_bonus() {
    let mut f = Fixture::combat();
    let i = f.unit("I");
    f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
    f.s.attack.area = 12;
    f.s.attack.lead = i;
    f.s.attack.units = 1 << i;
    let rs = f.game.rules();
    let af = i16::from(rs.unit(i).attack);
    let art = Support::Artillery.bit();
    for (support, value, bonus) in [
        (art, 1, 0),
        (art | Support::Armor.bit(), 1 + 3, 1),
        (art | Support::Engineer.bit(), 1 + 2, 1),
        (art | Support::Air.bit(), 1, 0),
        (Support::Engineer.bit() | Support::Armor.bit(), 2 + 3, 1),
        (
            art | Support::Engineer.bit() | Support::Armor.bit(),
            1 + 2 + 3,
            1,
        ),
    ] {
        f.s.attack.support = support;
        assert_eq!(attack_value(rs, &f.s), af + value + bonus, "{support:#b}");
    }
}

#[test]
fn rule_9_4_ambush_takes_the_lead_out_before_the_dice() {
    let (mut f, i, k) = i_and_k_enter_area_13();
    attack_13_revealing(&mut f, DefenseStrategy::Ambush);
    let before = f.s;
    use crate::engine::Game;
    // The option says the Ambush takes the unit chosen and who leads after it, so the odds
    // shown are plainly the next leader's (trial 20b F1).
    let option = f.game.describe(&before, Action::Lead(i));
    let name = |u| crate::games::aachen::describe::unit(f.game.rules(), u);
    assert_eq!(
        option,
        format!(
            "{} leads into the Ambush and goes to the Out of Action Box (9.4); then {} leads",
            name(i),
            name(k)
        )
    );
    f.act(Action::Lead(i));
    assert_eq!(f.s.loc[usize::from(i)], OUT_OF_ACTION);
    let told = f
        .game
        .narrate(&before, Action::Lead(i), &f.s)
        .unwrap_or_default();
    // The unit lost first, then the new leader.
    let (lost, leads) = (
        told.find("to the Out of Action Box"),
        told.find("leads the attack"),
    );
    assert!(lost.is_some() && leads.is_some() && lost < leads, "{told}");
    assert_eq!(
        f.s.attack.lead, k,
        "a new Lead Attacking Unit: K, the only one left"
    );
    assert_eq!(
        f.s.attack.strategy,
        DefenseStrategy::None,
        "one ambush only"
    );
    assert_eq!(f.s.step, Step::Roll(Roll::Attack));
}

#[test]
fn rule_9_4_surrender_removes_the_unit_as_a_success_and_the_attackers_stay_fresh() {
    let (mut f, i, k) = i_and_k_enter_area_13();
    attack_13_revealing(&mut f, DefenseStrategy::Surrender);
    assert_eq!(f.s.german[12], NONE);
    assert_eq!(f.s.morale, 18, "Urban Success: −1");
    assert_eq!(f.s.fresh & (1 << i | 1 << k), 1 << i | 1 << k);
}

#[test]
fn rule_9_4_mines_strongpoint_and_counterattack_change_av_dv_and_morale() {
    let mut f = Fixture::combat();
    f.s.attack.area = 12;
    f.s.attack.lead = f.unit("I");
    f.s.attack.units = 1 << f.unit("I");
    f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
    let rs = f.game.rules();
    let (av, dv) = (attack_value(rs, &f.s), defense_value(rs, &f.s));
    f.s.attack.strategy = DefenseStrategy::Mines;
    assert_eq!(attack_value(rs, &f.s), av - 2, "Mines: AV −2");
    f.s.attack.support = Support::Engineer.bit();
    assert_eq!(
        attack_value(rs, &f.s),
        av + 2,
        "no Mines penalty with an Engineer point"
    );
    f.s.attack.strategy = DefenseStrategy::Strongpoint;
    assert_eq!(defense_value(rs, &f.s), dv + 2, "Strongpoint: DF +2");
}

#[test]
fn rule_9_4_counterattack_raises_morale_one_more_on_a_repulse() {
    let mut f = Fixture::combat();
    f.clear_americans();
    let i = f.put("I", 20); // contesting the Fortified Area 20
    f.s.morale = 12;
    f.act(Action::Activate(19));
    f.act(Action::Attack(19));
    f.act(Action::AddAttacker(i));
    f.act(Action::Resolve);
    f.roll(Action::Draw(f.counter_with(
        Terrain::Fortified,
        DefenseStrategy::Counterattack,
    )));
    f.roll(Action::Dice(2));
    f.roll(Action::Dice(12));
    assert_eq!(f.s.loc[usize::from(i)], OUT_OF_ACTION, "Repulse");
    assert_eq!(
        f.s.morale, 14,
        "+1 for the Repulse, +1 for the Counterattack"
    );
}

#[test]
fn rule_9_3_units_entering_a_contested_area_do_not_join_the_units_already_there() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    let l = f.put("L", 13); // already contesting Area 13
    let i = f.put("I", 12);
    f.act(Action::Activate(11));
    f.act(Action::Select(i));
    f.act(Action::Move { to: 12, via: 11 });
    f.act(Action::Attack(12));
    assert_eq!(
        f.s.step,
        Step::Attackers,
        "optional: the Area was contested"
    );
    assert!(f.legal().contains(&Action::AddAttacker(i)));
    assert!(!f.legal().contains(&Action::AddAttacker(l)));
}

#[test]
fn rule_9_4_panzerfaust_takes_the_strongest_armor_and_sniper_a_leader() {
    let mut f = Fixture::combat();
    f.clear_americans();
    let rs = f.game.rules();
    let armor = |id: &str| rs.americans.iter().position(|a| a.id == id).unwrap() as u8;
    let (tank, halftrack) = (armor("G/33"), armor("A/36"));
    for u in [tank, halftrack] {
        f.set_loc(u, 12); // contesting Area 13
        f.s.fresh |= 1 << u;
    }
    f.act(Action::Activate(12));
    f.act(Action::Attack(12));
    f.act(Action::AddAttacker(tank));
    f.act(Action::AddAttacker(halftrack));
    f.act(Action::Resolve);
    f.roll(Action::Draw(
        f.counter_with(Terrain::Urban, DefenseStrategy::Panzerfaust),
    ));
    assert_eq!(
        f.s.loc[usize::from(tank)],
        OUT_OF_ACTION,
        "the 5 before the 4"
    );
    assert_eq!(f.s.loc[usize::from(halftrack)], 12);

    let mut g = Fixture::combat();
    g.clear_americans();
    let i = g.put("I", 13);
    let botts = g.put("Botts", 13);
    g.act(Action::Activate(12));
    g.act(Action::Attack(12));
    g.act(Action::AddAttacker(i));
    g.act(Action::AddAttacker(botts));
    g.act(Action::Resolve);
    g.roll(Action::Draw(
        g.counter_with(Terrain::Urban, DefenseStrategy::Sniper),
    ));
    assert_eq!(g.s.loc[usize::from(botts)], OUT_OF_ACTION);
    assert_ne!(
        g.s.leaders_hit & 1 << botts,
        0,
        "6.1.2: his fate is rolled next Dawn"
    );
}

#[test]
fn rule_9_5_2a_a_lone_unit_that_can_lead_is_the_lead_attacking_unit_with_no_choice_to_make() {
    let mut f = Fixture::combat();
    let i = f.alone_into("I", 13);
    f.s.support = [1, 0, 0, 0];
    attack_13_revealing(&mut f, DefenseStrategy::None);
    assert_eq!((f.s.step, f.s.attack.lead), (Step::Support, i));

    let (mut g, i, k) = i_and_k_enter_area_13();
    attack_13_revealing(&mut g, DefenseStrategy::None);
    assert_eq!(g.s.step, Step::Lead, "two can lead: the player chooses");
    assert_eq!(g.legal().len(), 2);
    assert!(g.legal().contains(&Action::Lead(i)) && g.legal().contains(&Action::Lead(k)));
}

#[test]
fn rule_9_5_2c_with_no_support_left_to_allot_the_dice_are_rolled_at_once() {
    let mut f = Fixture::combat();
    f.alone_into("I", 13);
    f.s.support = [1, 0, 0, 0];
    attack_13_revealing(&mut f, DefenseStrategy::None);
    assert_eq!(
        f.legal(),
        vec![Action::Allot(Support::Artillery), Action::Resolve]
    );
    f.act(Action::Allot(Support::Artillery));
    assert_eq!(f.s.step, Step::Roll(Roll::Attack), "nothing left to allot");

    let mut g = Fixture::combat();
    g.alone_into("I", 13);
    g.s.support = [0; 4];
    attack_13_revealing(&mut g, DefenseStrategy::None);
    assert_eq!(g.s.step, Step::Roll(Roll::Attack), "no support at all");
}

#[test]
fn rule_9_5_5_a_unit_that_may_retreat_chooses_to_retreat_or_stay() {
    // Stalemate: each attacker may fall back to Area 12, or stay.
    let (mut f, _, k) = i_and_k_enter_area_13();
    attack_13_revealing(&mut f, DefenseStrategy::None);
    f.act(Action::Lead(k));
    let rs = f.game.rules();
    let (av, dv) = (attack_value(rs, &f.s), defense_value(rs, &f.s));
    f.roll(Action::Dice(7));
    f.roll(Action::Dice((av + 7 - dv) as u8)); // AT = DT: Stalemate
    assert_eq!(f.s.step, Step::Retreat);
    let first = (f.s.must_retreat | f.s.may_retreat).trailing_zeros() as u8;
    assert_eq!(
        f.legal(),
        vec![
            Action::Retreat {
                unit: first,
                to: 11
            },
            Action::Stay
        ]
    );
}

/// 9.5.4 Repulse: "Attacking American units that moved into an Area that was Contested at the
/// moment of their activation may retreat voluntarily" (9.5.5). Companies I and K enter Area
/// 13, which Company L contests, attack it and are Repulsed: I, leading, is Out of Action; K
/// is Spent and may fall back to Area 12, or stay. Units that attack from the Contested Active
/// Area itself were not moved in: they are offered neither and stay (9.3), even one that had
/// entered the Area from Area 12 on an earlier turn.
#[test]
fn rule_9_5_4_a_repulse_lets_units_that_moved_into_a_contested_area_retreat_or_stay() {
    let repulsed = |f: &mut Fixture, i: u8, k: u8| {
        f.act(Action::Attack(12));
        assert_eq!(
            f.s.step,
            Step::Attackers,
            "optional: Contested at activation"
        );
        f.act(Action::AddAttacker(i));
        f.act(Action::AddAttacker(k));
        f.act(Action::Resolve);
        f.act(Action::Lead(i));
        f.roll(Action::Dice(2));
        f.roll(Action::Dice(12));
        assert_eq!(f.s.loc[usize::from(i)], OUT_OF_ACTION, "Repulse");
        assert_eq!(f.s.fresh & 1 << k, 0, "K is Spent");
    };
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    f.s.support = [0; 4];
    f.put("L", 13); // contesting Area 13
    let i = f.put("I", 12);
    let k = f.put("K", 12);
    f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
    f.act(Action::Activate(11));
    for u in [i, k] {
        f.act(Action::Select(u));
        f.act(Action::Move { to: 12, via: 11 });
    }
    repulsed(&mut f, i, k);
    assert_eq!(f.s.step, Step::Retreat);
    assert_eq!(
        f.legal(),
        vec![Action::Retreat { unit: k, to: 11 }, Action::Stay]
    );
    let offered = f.s;
    f.act(Action::Retreat { unit: k, to: 11 });
    assert_eq!(f.s.loc[usize::from(k)], 11, "K fell back to Area 12");
    f.s = offered;
    f.act(Action::Stay);
    assert_eq!(f.s.loc[usize::from(k)], 12, "K stayed in Area 13");

    let mut g = Fixture::combat();
    g.clear_americans();
    g.vacate(12);
    g.s.support = [0; 4];
    let i = g.put("I", 13);
    let k = g.put("K", 13);
    g.s.from[usize::from(k)] = 11; // entered Area 13 from Area 12 on an earlier turn
    g.reveal(13, g.counter_with(Terrain::Urban, DefenseStrategy::None));
    g.act(Action::Activate(12));
    repulsed(&mut g, i, k);
    assert_ne!(g.s.step, Step::Retreat, "no retreat on offer");
    assert_eq!(g.s.loc[usize::from(k)], 12, "K stays in Area 13");
}

/// The chance, enumerated here over both 2D6 (no Air Support), of each result of AV `av` on
/// DV `dv` against printed Defense `defense`: [Overrun, Success, Stalemate, Repulse] in %.
fn enumerated_odds(av: i16, dv: i16, defense: u8, fanatic: bool) -> [f64; 4] {
    let mut ways = [0u32; 4];
    for a in (1..=6).flat_map(|x| (1..=6).map(move |y| x + y)) {
        for d in (1..=6).flat_map(|x| (1..=6).map(move |y| x + y)) {
            let i = match combat_result(av + a - (dv + d), defense, fanatic) {
                CombatResult::Overrun => 0,
                CombatResult::Success => 1,
                CombatResult::Stalemate => 2,
                CombatResult::Repulse => 3,
            };
            ways[i] += 1;
        }
    }
    ways.map(|w| 100.0 * f64::from(w) / 1296.0)
}

/// 9.5.1: an attack on a revealed unit by one unit, with no support to allot, goes to the
/// dice at once; its option shows the odds (trial 21c F4: it rolled with none shown).
#[test]
fn rule_9_5_1_an_attack_going_straight_to_the_dice_shows_its_odds() {
    use crate::engine::Game as _;
    use crate::registry::Entry as _;
    let mut f = Fixture::combat();
    let units = f.activated_in_area_12(&["I"]);
    f.act(Action::Select(units[0]));
    f.act(Action::Move { to: 12, via: 11 });
    f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
    f.s.supply = 0;
    let mut next = f.s;
    f.game.apply(&mut next, Action::Attack(12));
    if next.step == Step::Roll(Roll::Attack) || next.step == Step::Support {
        let text = f
            .game
            .action_odds(&f.s, Action::Attack(12))
            .unwrap_or_default();
        assert!(text.starts_with("AV "), "{text}");
    } else {
        panic!("the attack did not reach the dice: {:?}", next.step);
    }
}

/// 9.5.1–9.5.4, 11.4: choosing the Lead Attacking Unit shows the attack's exact odds before
/// the dice: its AV and DV and each result's chance, as enumerated over the dice; a Fanatic
/// Defense leaves no chance of a Success.
#[test]
fn rule_9_5_4_the_odds_before_the_dice_are_the_roll_s() {
    use crate::engine::Game as _;
    use crate::registry::Entry as _;
    for (strategy, fanatic) in [
        (DefenseStrategy::None, false),
        (DefenseStrategy::Fanatic, true),
    ] {
        let (mut f, i, _) = i_and_k_enter_area_13();
        attack_13_revealing(&mut f, strategy);
        assert_eq!(f.s.step, Step::Lead);
        let text = f.game.action_odds(&f.s, Action::Lead(i)).unwrap();
        let mut led = f.s;
        f.game.apply(&mut led, Action::Lead(i));
        let rs = f.game.rules();
        let (av, dv) = (attack_value(rs, &led), defense_value(rs, &led));
        let defense = rs.germans[usize::from(led.german[12])].defense;
        assert!(text.contains(&format!("AV {av} vs DV {dv}")), "{text}");
        let [overrun, success, stalemate, repulse] = enumerated_odds(av, dv, defense, fanatic);
        for (name, p) in [
            ("Overrun", overrun),
            ("Success", success),
            ("Stalemate", stalemate),
            ("Repulse", repulse),
        ] {
            // Rounded as every printed chance is: one not 0 never prints as 0%.
            let shown = crate::engine::percent::percent(p / 100.0, 0);
            assert!(
                text.contains(&format!("{name} {shown}%")),
                "{name} {p}: {text}"
            );
        }
        if fanatic {
            assert!(text.contains("Success 0%"), "{text}");
        }
    }
}

#[test]
fn rule_4_2_4_a_leader_is_never_the_lead_attacking_unit() {
    let f0 = Fixture::combat();
    let rs = f0.game.rules();
    let leader = rs.unit(rs.leader_of(f0.unit("I"))).id.clone();
    let mut f = Fixture::combat();
    let units = f.activated_in_area_12(&["I", &leader]);
    for &u in &units {
        f.act(Action::Select(u));
        f.act(Action::Move { to: 12, via: 11 });
    }
    f.s.support = [1, 0, 0, 0];
    attack_13_revealing(&mut f, DefenseStrategy::None);
    assert_eq!(
        (f.s.step, f.s.attack.lead),
        (Step::Support, units[0]),
        "Company I leads, with no choice offered: its Leader may not"
    );
}

#[test]
fn rule_9_5_2a_a_leader_is_never_offered_as_the_lead_among_several_attackers() {
    let f0 = Fixture::combat();
    let rs = f0.game.rules();
    let leader = rs.unit(rs.leader_of(f0.unit("I"))).id.clone();
    let mut f = Fixture::combat();
    let units = f.activated_in_area_12(&["I", "K", &leader]);
    for &u in &units {
        f.act(Action::Select(u));
        f.act(Action::Move { to: 12, via: 11 });
    }
    attack_13_revealing(&mut f, DefenseStrategy::None);
    assert_eq!(f.s.step, Step::Lead);
    let mut legal = f.legal();
    legal.sort_by_key(|a| format!("{a:?}"));
    let mut expected = vec![Action::Lead(units[0]), Action::Lead(units[1])];
    expected.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, expected, "I or K; never the Leader");
}

#[test]
fn rule_5_4_a_revealed_counter_leaves_the_pool_so_each_is_placed_once() {
    let mut f = Fixture::combat();
    f.alone_into("I", 13);
    let urban = |f: &Fixture| {
        let mut out = Vec::new();
        f.game.chance_outcomes(&f.s, &mut out);
        out.iter()
            .map(|&(a, _)| match a {
                Action::Draw(c) => c,
                other => panic!("{other:?}"),
            })
            .collect::<Vec<u8>>()
    };
    f.act(Action::Attack(12));
    let before = urban(&f);
    let c = f.counter_with(Terrain::Urban, DefenseStrategy::None);
    assert!(
        before.contains(&c),
        "5.4: every unplaced Urban counter may be drawn"
    );
    f.roll(Action::Draw(c));
    assert_eq!(f.s.german[12], c, "placed in Area 13");
    assert_eq!(
        f.s.pool & (1 << c),
        0,
        "and out of the pool: no Area draws it again"
    );
}

#[test]
fn rule_4_3_1_a_spent_unit_may_not_move() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    let units = [f.put("I", 12), f.put("K", 12)];
    f.s.fresh &= !(1 << units[1]);
    f.act(Action::Activate(11));
    let legal = f.legal();
    assert!(
        legal.contains(&Action::Select(units[0])),
        "Fresh I may move"
    );
    assert!(
        !legal.contains(&Action::Select(units[1])),
        "Spent K may not"
    );
}

#[test]
fn rule_4_3_1_a_spent_unit_may_not_attack() {
    let mut f = Fixture::combat();
    f.clear_americans();
    let i = f.put("I", 13);
    let k = f.put("K", 13);
    f.s.fresh &= !(1 << k);
    f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
    f.act(Action::Activate(12));
    f.act(Action::Attack(12));
    let legal = f.legal();
    assert!(
        legal.contains(&Action::AddAttacker(i)),
        "Fresh I may attack"
    );
    assert!(
        !legal.contains(&Action::AddAttacker(k)),
        "Spent K has no factors and may not attack"
    );
}

#[test]
fn rule_5_3_1_each_company_sets_up_with_its_own_leader_in_its_area() {
    let f = Fixture::combat();
    let rs = f.game.rules();
    let setup = [
        (
            1,
            [
                ("E", "Smoots"),
                ("F", "Weeks"),
                ("G", "Walker"),
                ("D", "Fuller"),
            ],
        ),
        (
            2,
            [
                ("I", "Botts"),
                ("K", "Corwell"),
                ("L", "Chaplin"),
                ("M", "Nechy"),
            ],
        ),
    ];
    for (area, pairs) in setup {
        for (company, leader) in pairs {
            let (c, l) = (f.unit(company), f.unit(leader));
            assert_eq!(rs.leader_of(c), l, "Company {company}; Leader {leader}");
            for u in [c, l] {
                assert_eq!(
                    rs.initial.units_in(area - 1) >> u & 1,
                    1,
                    "{company} in Area {area}"
                );
            }
        }
    }
}

/// 9.5.4: the log tells each change of German Morale with its cause, the value before and
/// after, and a change the track cannot hold (5.2).
#[test]
fn rule_9_5_4_each_change_of_german_morale_is_told_with_its_cause() {
    let told = |f: &mut Fixture, a: Action| {
        let before = f.s;
        f.roll(a);
        f.game.narrate(&before, a, &f.s).unwrap_or_default()
    };
    // The turn's first Suburban Success, then a second that lowers none.
    let f0 = Fixture::combat();
    let c = f0.counter_with(Terrain::Suburban, DefenseStrategy::None);
    let success = |already: bool| {
        let mut f = Fixture::combat();
        f.s.suburban_success = already;
        f.reveal(5, c);
        f.alone_into("I", 5);
        f.act(Action::Attack(4));
        f.roll(Action::Dice(12));
        told(&mut f, Action::Dice(2))
    };
    let first = success(false);
    assert!(
        first.contains("German Morale 19 → 18 (−1 for the turn's first Suburban Success, 9.5.4)"),
        "{first}"
    );
    let second = success(true);
    assert!(
        second.contains(
            "German Morale 19 (a Suburban Success after the turn's first lowers none, 9.5.4)"
        ),
        "{second}"
    );
    // A Repulse against a Counterattack: both causes; at the top of the track, held there.
    let repulse_at = |morale: u8| {
        let mut f = Fixture::combat();
        f.clear_americans();
        let i = f.put("I", 20); // contesting the Fortified Area 20
        f.s.morale = morale;
        f.act(Action::Activate(19));
        f.act(Action::Attack(19));
        f.act(Action::AddAttacker(i));
        f.act(Action::Resolve);
        let counter = f.counter_with(Terrain::Fortified, DefenseStrategy::Counterattack);
        f.roll(Action::Draw(counter));
        f.roll(Action::Dice(2));
        told(&mut f, Action::Dice(12))
    };
    let repulse = repulse_at(12);
    assert!(
        repulse.contains(
            "German Morale 12 → 14 (+1 for a Repulse, +1 for the Counterattack strategy, 9.5.4)"
        ),
        "{repulse}"
    );
    let held = repulse_at(19);
    assert!(
        held.contains("German Morale 19 (+1 for a Repulse, +1 for the Counterattack strategy, 9.5.4; the track stops at 19, 5.2)"),
        "{held}"
    );
    // A Surrender, told at the reveal: an Urban Success.
    let (mut f, _, _) = i_and_k_enter_area_13();
    f.act(Action::Attack(12));
    let draw = Action::Draw(f.counter_with(Terrain::Urban, DefenseStrategy::Surrender));
    let surrender = told(&mut f, draw);
    assert!(
        surrender.contains("German Morale 19 → 18 (−1 for an Urban Success, 9.5.4)"),
        "{surrender}"
    );
}

/// 9.4: a Panzerfaust finds no Armor unit among I and K: the log says it has no effect
/// (trial 21c F3: the strategy's outcome went untold).
#[test]
fn rule_9_4_a_panzerfaust_with_no_armor_attacking_is_told_to_have_no_effect() {
    use crate::engine::Game;
    let (mut f, _, _) = i_and_k_enter_area_13();
    f.act(Action::Attack(12));
    let before = f.s;
    let draw = Action::Draw(f.counter_with(Terrain::Urban, DefenseStrategy::Panzerfaust));
    f.roll(draw);
    let told = f.game.narrate(&before, draw, &f.s).unwrap_or_default();
    assert!(
        told.contains("no Armor unit is in the attack: the Panzerfaust has no effect (9.4)"),
        "{told}"
    );
}

/// 11.4: a Fanatic defender makes a Success a Stalemate; the combat line says so, else a
/// higher Attack Total reads as a wrong result (trial 21c F1).
#[test]
fn rule_11_4_a_fanatic_stalemate_says_it_was_a_success() {
    use crate::engine::Game;
    let (mut f, i, _) = i_and_k_enter_area_13();
    attack_13_revealing(&mut f, DefenseStrategy::Fanatic);
    if f.s.step == Step::Lead {
        f.act(Action::Lead(i));
    }
    while f.s.step == Step::Support {
        f.act(Action::Resolve);
    }
    f.roll(Action::Dice(12));
    let before = f.s;
    f.roll(Action::Dice(2));
    let told = f
        .game
        .narrate(&before, Action::Dice(2), &f.s)
        .unwrap_or_default();
    assert!(
        told.contains(
            ": Stalemate (9.5.4): the dice gave a Success, made a Stalemate by the Fanatic \
             defense (11.4)"
        ),
        "{told}"
    );
}

/// 9.4, 11.4: Mines' −2 is a term of the Attack Value the dice are read with; the log names
/// no Fanatic defense for it (trial 22d F1: "the dice gave an Overrun, made a Stalemate by
/// the Fanatic defense" after a Mines Success).
#[test]
fn rule_9_4_a_mines_attack_is_not_told_as_a_fanatic_one() {
    use crate::engine::Game;
    let (mut f, i, _) = i_and_k_enter_area_13();
    attack_13_revealing(&mut f, DefenseStrategy::Fanatic);
    f.s.attack.strategy = DefenseStrategy::Mines;
    if f.s.step == Step::Lead {
        f.act(Action::Lead(i));
    }
    while f.s.step == Step::Support {
        f.act(Action::Resolve);
    }
    f.roll(Action::Dice(12));
    let start = f.s;
    let mut results = std::collections::BTreeSet::new();
    for dice in 2..=12 {
        f.s = start;
        f.roll(Action::Dice(dice));
        let told = f.game.narrate(&start, Action::Dice(dice), &f.s);
        let told = told.unwrap_or_default();
        assert!(told.contains("Mines, no Engineer"), "{told}");
        assert!(!told.contains("Fanatic"), "{dice}: {told}");
        results.insert(
            told.split(": ")
                .nth(1)
                .and_then(|r| r.split(" (").next())
                .map(str::to_string),
        );
    }
    assert!(results.len() > 1, "the dice reach more than one result");
}

/// 9.5.5: the choice to stay after a Stalemate names the unit and its Area (trial 21c F2:
/// "stay" named no one, and the log had eight bare "stay" lines).
#[test]
fn rule_9_5_5_stay_names_the_unit_that_stays() {
    use crate::engine::Game;
    let (mut f, _, _) = i_and_k_enter_area_13();
    attack_13_revealing(&mut f, DefenseStrategy::None);
    f.s.may_retreat = f.s.attack.units;
    f.s.must_retreat = 0;
    let x = f.s.may_retreat.trailing_zeros() as u8;
    let text = f.game.describe(&f.s, Action::Stay);
    let name = crate::games::aachen::describe::unit(f.game.rules(), x);
    assert!(
        text.starts_with(&format!("{name} stays in Area ")),
        "{text}"
    );
}
