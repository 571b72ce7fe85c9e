//! 2.61 carrying weapons.

use super::Fixture;
use crate::games::rudders_line::data::{PersonnelKind, WeaponKind};
use crate::games::rudders_line::fire::may_carry;
use crate::games::rudders_line::regroup;
use crate::games::rudders_line::Action;

#[test]
fn rule_2_61_nco_fo_and_bar_carry_only_shoulder_fired_weapons() {
    for p in [
        PersonnelKind::Nco,
        PersonnelKind::Fo,
        PersonnelKind::BarGunner,
    ] {
        assert!(may_carry(p, WeaponKind::ShoulderFired));
        assert!(!may_carry(p, WeaponKind::MachineGun));
        assert!(!may_carry(p, WeaponKind::LightMortar));
        assert!(!may_carry(p, WeaponKind::MediumMortar));
    }
    assert!(may_carry(PersonnelKind::Squad, WeaponKind::MediumMortar));
    assert!(may_carry(
        PersonnelKind::WeaponsTeam,
        WeaponKind::MachineGun
    ));
}

#[test]
fn rule_2_61_no_more_than_one_weapon_per_unit() {
    let mut fx = Fixture::new();
    fx.place("ranger_nco_1", "3");
    fx.place("ranger_nco_1", "5");
    fx.place("german_nco_1", "38");
    fx.s.guns_reached = true;
    let sq = fx.place("ranger_squad", "7");
    fx.arm(sq, "ranger_m1919");
    let lying = fx.lay("german_mg42", "7");
    regroup::start(&fx.g.rules, &mut fx.s);
    assert!(!fx.can(Action::PickUp {
        weapon: lying,
        unit: sq
    }));
}

#[test]
fn rule_2_61_weapons_move_only_with_their_carrier() {
    let mut fx = Fixture::new();
    let sq = fx.place("ranger_squad", "3");
    let mg = fx.arm(sq, "ranger_m1919");
    let lying = fx.lay("ranger_bazooka", "3");
    fx.place("german_squad", "38");
    fx.group("3", &[sq]);
    fx.act(Action::Move {
        to: fx.area("4"),
        pay: false,
    });
    assert_eq!(fx.loc(mg), fx.area("4"));
    assert_eq!(fx.loc(lying), fx.area("3"));
}

/// 2.5: four artillery markers: two for the German Order of Battle's Medium Mortars, and one
/// for each side's Forward Observer.
#[test]
fn rule_2_5_two_german_medium_mortars_and_one_fo_a_side() {
    let fx = Fixture::new();
    let rs = &fx.g.rules;
    let of_side = |side: crate::games::rudders_line::data::Side, mask: u128| {
        (mask & rs.side_units[side.index()]).count_ones()
    };
    let medium = (0..rs.units.len() as u8)
        .filter(|&u| rs.weapon_kind(u) == Some(WeaponKind::MediumMortar))
        .fold(0u128, |m, u| m | 1 << u);
    use crate::games::rudders_line::data::Side::{Germans, Rangers};
    assert_eq!((of_side(Germans, medium), of_side(Rangers, medium)), (2, 0));
    assert_eq!((of_side(Germans, rs.fos), of_side(Rangers, rs.fos)), (1, 1));
}

/// 2.11: every die is a six-sided die, 1d6 (the weapon survival roll, 2.63, is 2d6).
#[test]
fn rule_2_11_the_dice_are_d6_and_2d6() {
    use crate::engine::{dice, Game};
    use crate::games::rudders_line::data::Side;
    use crate::games::rudders_line::state::Phase;
    let mut fx = Fixture::new();
    let fo = fx.place("ranger_fo", "3");
    fx.place("german_squad", "5");
    fx.phase(Phase::IndirectFire, Side::Rangers);
    fx.act(Action::CallArtillery {
        fo,
        target: fx.area("5"),
    });
    let mut out = Vec::new();
    fx.g.chance_outcomes(&fx.s, &mut out);
    assert_eq!(
        out,
        (1..=6).map(|d| (Action::Die(d), 1)).collect::<Vec<_>>()
    );
    fx.s.survival = fo;
    fx.g.chance_outcomes(&fx.s, &mut out);
    let two: Vec<_> = dice::two_d6()
        .map(|(sum, w)| (Action::Dice(sum), w))
        .collect();
    assert_eq!(out, two);
    assert_eq!(two.iter().map(|&(_, w)| w).sum::<u32>(), 36);
}

/// 2.5: "All Olive Drab counters represent US Army Rangers. All Feldgrau counters represent
/// Germans": on the board every Ranger is drawn olive and every German field grey, at the
/// scenario's start with both sides on the map.
#[test]
fn rule_2_5_rangers_are_drawn_olive_drab_and_germans_feldgrau() {
    use crate::board::to_svg;
    use crate::engine::Game;
    use crate::games::rudders_line::Side;
    let g = crate::games::rudders_line::RuddersLine::embedded().unwrap();
    let s = g.initial_state();
    let board = g.board(&s);
    assert_eq!(board.sides, ["Rangers", "Germans"]);
    assert_eq!(Side::Rangers.index(), 0);
    let counted = |side: usize| -> usize {
        board
            .places
            .iter()
            .map(|p| p.counters.iter().filter(|c| c.side == side).count())
            .sum()
    };
    assert!(counted(0) > 0 && counted(1) > 0, "both sides on the map");
    let svg = to_svg(&board, &[]);
    let mut seen = [0; 2];
    for rect in svg.split(r#"<rect class="counter" data-side=""#).skip(1) {
        let side: usize = rect[..1].parse().expect("a side");
        let fill = rect
            .split(r#"fill=""#)
            .nth(1)
            .and_then(|r| r.split('"').next());
        let hex = fill.expect("a fill").trim_start_matches('#');
        let c = |k: usize| u8::from_str_radix(&hex[k..k + 2], 16).unwrap();
        let (r, gr, b) = (c(0), c(2), c(4));
        if side == 0 {
            assert!(gr > r && r > b, "#{hex} is not olive drab");
        } else {
            assert!(
                r.abs_diff(gr) < 16 && gr.abs_diff(b) < 16,
                "#{hex} is not field grey"
            );
        }
        seen[side] += 1;
    }
    assert!(seen[0] > 0 && seen[1] > 0, "both sides drawn");
}

/// 2.61, 9.5: a carried weapon is told with its value, the OT it adds when it fires, on the
/// screen, in `board --full` and in the board's status line.
#[test]
fn rule_9_5_a_carried_weapon_is_shown_with_the_value_it_adds() {
    use crate::engine::Game;
    let g = crate::games::rudders_line::RuddersLine::embedded().unwrap();
    let s = g.initial_state();
    let value = g
        .rules
        .units
        .iter()
        .find(|u| u.counter == "ranger_m1919")
        .map(|u| u.attack)
        .unwrap();
    let shown = format!("Ranger M1919 ({value})");
    assert!(
        g.render(&s).contains(&format!("+{shown}")),
        "{}",
        g.render(&s)
    );
    assert!(g.render_full(&s).contains("carrying #"), "board --full");
    assert!(g.render_full(&s).contains(&shown), "{}", g.render_full(&s));
}
