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
