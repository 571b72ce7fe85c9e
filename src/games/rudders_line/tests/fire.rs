//! 7.x Indirect Fire, 8.1 markers, 9.x Direct Fire.

use super::Fixture;
use crate::games::rudders_line::data::Side;
use crate::games::rudders_line::state::{Phase, Roll, Step, NONE};
use crate::games::rudders_line::{turn, Action};

fn indirect(fx: &mut Fixture, side: Side) {
    fx.phase(Phase::IndirectFire, side);
}

/// Two German weapons teams in area 17, each carrying a GrW 36 light mortar: the mortars.
fn two_light_mortars_in_17(fx: &mut Fixture) -> (u8, u8) {
    let c1 = fx.place("german_weapons_team", "17");
    let c2 = fx.place("german_weapons_team", "17");
    (fx.arm(c1, "german_grw36"), fx.arm(c2, "german_grw36"))
}

/// `mortar` fires at area `id` with no spotter.
fn fire_unspotted(fx: &mut Fixture, mortar: u8, id: &str) {
    fx.act(Action::FireMortar {
        mortar,
        target: fx.area(id),
        spotter: NONE,
    });
}

/// `mortar` fires at area `id` with no spotter; every die is a 1 until the attack is over.
fn fire_unspotted_and_resolve(fx: &mut Fixture, mortar: u8, id: &str) {
    fire_unspotted(fx, mortar, id);
    while fx.s.step != Step::Segment {
        fx.roll(1);
    }
}

fn targets_of(fx: &Fixture, mortar: u8) -> Vec<u8> {
    let mut t: Vec<u8> = fx
        .legal()
        .iter()
        .filter_map(|a| match a {
            Action::FireMortar {
                mortar: m, target, ..
            } if *m == mortar => Some(*target),
            _ => None,
        })
        .collect();
    t.dedup();
    t
}

#[test]
fn rule_7_31_fo_calls_artillery_into_its_own_or_an_adjacent_area_not_from_landing_craft() {
    let mut fx = Fixture::new();
    let fo = fx.place("ranger_fo", "3");
    fx.place("german_squad", "4"); // adjacent
    fx.place("german_squad", "8"); // two away
    fx.place("german_squad", "3"); // own area
    indirect(&mut fx, Side::Rangers);
    assert!(fx.can(Action::CallArtillery {
        fo,
        target: fx.area("4")
    }));
    assert!(fx.can(Action::CallArtillery {
        fo,
        target: fx.area("3")
    }));
    assert!(!fx.can(Action::CallArtillery {
        fo,
        target: fx.area("8")
    }));
    let mut fx = Fixture::new();
    let fo = fx.place("ranger_fo", "LC-A");
    fx.place("german_squad", "1");
    indirect(&mut fx, Side::Rangers);
    assert!(!fx.can(Action::CallArtillery {
        fo,
        target: fx.area("1")
    }));
}

#[test]
fn rule_7_31_light_mortar_reaches_two_areas_medium_four_never_its_own() {
    let mut fx = Fixture::new();
    let crew = fx.place("german_weapons_team", "17");
    let light = fx.arm(crew, "german_grw36");
    let crew2 = fx.place("german_weapons_team", "37");
    let medium = fx.arm(crew2, "german_grw34");
    // Rangers everywhere, each with a spotter-free adjacency or a German spotter nearby.
    for a in ["17", "16", "12", "6", "23", "28", "33", "24", "19"] {
        fx.place("ranger_squad", a);
    }
    let spotter = fx.place("german_squad", "13"); // spots into 6, 12, 19...
    let _ = spotter;
    indirect(&mut fx, Side::Germans);
    let t = targets_of(&fx, light);
    assert!(!t.contains(&fx.area("17")), "never into its own area");
    assert!(
        t.contains(&fx.area("16")) && t.contains(&fx.area("12")),
        "adjacent, no spotter needed"
    );
    assert!(
        t.contains(&fx.area("6")),
        "two areas away (17–12–6), spotted from 13"
    );
    assert!(!t.contains(&fx.area("33")), "33 is three areas from 17");
    let t = targets_of(&fx, medium);
    // 37–33 is 1, 37–28 is 2, 37–23 is 3, 37–17 is 4 (counting the target, not the start).
    let d = |a: &str| fx.g.rules.distance[usize::from(fx.area("37"))][usize::from(fx.area(a))];
    assert_eq!((d("33"), d("28"), d("23"), d("17")), (1, 2, 3, 4));
    assert!(t.contains(&fx.area("33")));
    // 17 (four away) and 12 (five away) are both spotted from 13: the GrW 34 reaches 17 only.
    assert_eq!(d("12"), 5);
    assert!(t.contains(&fx.area("17")), "four areas away, spotted");
    assert!(
        !t.contains(&fx.area("12")),
        "five areas away, though spotted"
    );
    let _ = (light, medium);
}

/// 7.31: "A friendly NCO, BAR Gunner, FO or Weapons Team that spots for a mortar attack is
/// ALSO flipped to its Spent side": a Weapons Team, an FO and a BAR Gunner that spot are spent.
#[test]
fn rule_7_31_a_weapons_team_an_fo_or_a_bar_gunner_that_spots_is_spent_too() {
    let spotted_by = |side: Side, crew: &str, mortar: &str, spotter: &str| {
        let mut fx = Fixture::new();
        let crew = fx.place(crew, "17");
        let mortar = fx.arm(crew, mortar);
        let enemy = if side == Side::Germans {
            "ranger_squad"
        } else {
            "german_squad"
        };
        fx.place(enemy, "6"); // 17–12–6: two away
        let spotter = fx.place(spotter, "9"); // 9 is next to 6
        indirect(&mut fx, side);
        fx.act(Action::FireMortar {
            mortar,
            target: fx.area("6"),
            spotter,
        });
        fx.is_spent(spotter)
    };
    let grw36 = |spotter| {
        spotted_by(
            Side::Germans,
            "german_weapons_team",
            "german_grw36",
            spotter,
        )
    };
    assert!(grw36("german_weapons_team"), "a Weapons Team");
    assert!(grw36("german_fo"), "an FO");
    let m2 = |spotter| {
        spotted_by(
            Side::Rangers,
            "ranger_weapons_team",
            "ranger_m2_mortar",
            spotter,
        )
    };
    assert!(m2("ranger_bar_gunner"), "a BAR Gunner");
    assert!(!grw36("german_squad"), "a squad is not flipped");
}

/// 7.31 (the reading `squad_spotting`): a squad that spotted a GrW 36's attack on 6 spots
/// another one on 7 (both two from 17, both next to the squad in 9) only under `free`; under
/// `one_area` it spots into ONE area, as any spotter does, and may still spot into 6 again.
#[test]
fn rule_7_31_a_squad_spots_one_area_or_freely_by_the_reading() {
    for (value, second_area) in [("one_area", false), ("free", true)] {
        let mut fx = Fixture::with_reading("squad_spotting", value);
        let (m1, m2) = two_light_mortars_in_17(&mut fx);
        let squad = fx.place("german_squad", "9");
        fx.place("ranger_squad", "6");
        fx.place("ranger_squad", "7");
        indirect(&mut fx, Side::Germans);
        fx.act(Action::FireMortar {
            mortar: m1,
            target: fx.area("6"),
            spotter: squad,
        });
        while fx.s.step != Step::Segment {
            fx.roll(1);
        }
        assert!(!fx.is_spent(squad), "{value}: squads are not flipped");
        assert_eq!(
            fx.s.active,
            Side::Germans,
            "the Rangers have nothing to fire"
        );
        let into = |fx: &Fixture, id: &str| {
            fx.can(Action::FireMortar {
                mortar: m2,
                target: fx.area(id),
                spotter: squad,
            })
        };
        assert!(into(&fx, "6"), "{value}: its own area again");
        assert_eq!(into(&fx, "7"), second_area, "{value}: another area");
    }
}

/// 7.31 under `squad_spotting = "one_area"`: "ANY adjacent PERSONNEL unit may serve": every
/// squad next to the target is offered as spotter, since which one spots decides what the
/// others may still spot. Squad B in 10 (next to 6, not 7) spots the attack on 6, so that
/// squad A in 9 (next to both) is left to spot the attack on 7.
#[test]
fn rule_7_31_any_adjacent_squad_may_spot_so_two_squads_spot_two_areas() {
    let mut fx = Fixture::with_reading("squad_spotting", "one_area");
    let (m1, m2) = two_light_mortars_in_17(&mut fx);
    let a = fx.place("german_squad", "9");
    let b = fx.place("german_squad", "10");
    fx.place("ranger_squad", "6");
    fx.place("ranger_squad", "7");
    indirect(&mut fx, Side::Germans);
    let fire = |mortar, id: &str, spotter| Action::FireMortar {
        mortar,
        target: fx.area(id),
        spotter,
    };
    let (b_on_6, a_on_6) = (fire(m1, "6", b), fire(m1, "6", a));
    assert!(fx.can(a_on_6) && fx.can(b_on_6), "either squad spots 6");
    let a_on_7 = fire(m2, "7", a);
    fx.act(b_on_6);
    while fx.s.step != Step::Segment {
        fx.roll(1);
    }
    assert!(fx.can(a_on_7), "A, not yet spotting, spots 7");
}

#[test]
fn rule_7_31_beyond_adjacent_a_mortar_needs_a_spotter_in_or_next_to_the_target() {
    let mut fx = Fixture::new();
    let crew = fx.place("german_weapons_team", "17");
    let light = fx.arm(crew, "german_grw36");
    fx.place("ranger_squad", "6"); // 17–12–6: two away
    indirect(&mut fx, Side::Germans);
    assert!(targets_of(&fx, light).is_empty(), "nobody spots into 6");
    let nco = fx.place("german_nco_1", "9"); // 9 is adjacent to 6
    assert_eq!(
        fx.legal()
            .into_iter()
            .filter(|a| matches!(a, Action::FireMortar { .. }))
            .collect::<Vec<_>>(),
        vec![Action::FireMortar {
            mortar: light,
            target: fx.area("6"),
            spotter: nco
        }]
    );
}

#[test]
fn rule_7_31_spotting_spends_an_nco_but_not_a_squad_and_only_a_squad_spots_while_spent() {
    let mut fx = Fixture::new();
    let crew = fx.place("german_weapons_team", "17");
    let light = fx.arm(crew, "german_grw36");
    fx.place("ranger_squad", "6");
    let nco = fx.place("german_nco_1", "9");
    indirect(&mut fx, Side::Germans);
    fx.act(Action::FireMortar {
        mortar: light,
        target: fx.area("6"),
        spotter: nco,
    });
    assert!(fx.is_spent(nco), "the NCO that spotted is spent");
    assert!(
        fx.is_spent(crew),
        "7.3: a Weapons Team firing a mortar is spent"
    );
    assert!(fx.is_spent(light), "7.3: the mortar is flipped to 'F'");

    let mut fx = Fixture::new();
    let squad = fx.place("german_squad", "17");
    let light = fx.arm(squad, "german_grw36");
    fx.place("ranger_squad", "6");
    let spotter = fx.place("german_squad", "9");
    let spent_nco = fx.place("german_nco_1", "9");
    fx.spend(spent_nco);
    indirect(&mut fx, Side::Germans);
    assert!(!fx.can(Action::FireMortar {
        mortar: light,
        target: fx.area("6"),
        spotter: spent_nco
    }));
    fx.act(Action::FireMortar {
        mortar: light,
        target: fx.area("6"),
        spotter,
    });
    assert!(!fx.is_spent(spotter), "squads spot freely");
    assert!(
        !fx.is_spent(squad),
        "7.3: a squad firing a mortar may still assault"
    );
    // A spent squad spots still: the text bars only the NCO, BAR Gunner, FO and Weapons Team.
    let mut fx = Fixture::new();
    let squad = fx.place("german_squad", "17");
    let light = fx.arm(squad, "german_grw36");
    fx.place("ranger_squad", "6");
    let spent_squad = fx.place("german_squad", "9");
    fx.spend(spent_squad);
    indirect(&mut fx, Side::Germans);
    let fire = Action::FireMortar {
        mortar: light,
        target: fx.area("6"),
        spotter: spent_squad,
    };
    assert!(fx.can(fire), "a spent squad spots");
    fx.act(fire);
    assert!(fx.is_spent(light), "fired, spotted by the spent squad");
}

/// 7.31: a unit "may 'spot' for any number of attacks made by mortars in an area it is
/// spotting into, before being flipped": the NCO spotting into 6 still spots the second GrW 36
/// there after a squad has spotted the GrW 34 into 19 (the engine once kept one spotter a
/// side, the last); and it spots into that ONE area only.
#[test]
fn rule_7_31_a_spent_spotter_keeps_spotting_its_area_after_another_spot() {
    let mut fx = Fixture::new();
    let (m1, m2) = two_light_mortars_in_17(&mut fx);
    let crew = fx.place("german_weapons_team", "22");
    let medium = fx.arm(crew, "german_grw34");
    let nco = fx.place("german_nco_1", "9");
    let squad = fx.place("german_squad", "20");
    fx.place("ranger_squad", "6");
    fx.place("ranger_squad", "19");
    fx.place("ranger_squad", "7");
    indirect(&mut fx, Side::Germans);
    let fire = |fx: &mut Fixture, mortar, id: &str, spotter| {
        fx.act(Action::FireMortar {
            mortar,
            target: fx.area(id),
            spotter,
        });
        while fx.s.step != Step::Segment {
            fx.roll(1);
        }
    };
    fire(&mut fx, m1, "6", nco);
    assert!(fx.is_spent(nco));
    fire(&mut fx, medium, "19", squad);
    assert!(fx.can(Action::FireMortar {
        mortar: m2,
        target: fx.area("6"),
        spotter: nco
    }));
    assert!(
        !fx.can(Action::FireMortar {
            mortar: m2,
            target: fx.area("7"),
            spotter: nco
        }),
        "not into another area (7, two from 17, next to the NCO)"
    );
}

#[test]
fn rule_7_32_only_medium_mortars_and_artillery_fire_at_empty_areas_and_leave_markers() {
    let mut fx = Fixture::new();
    let crew = fx.place("german_weapons_team", "17");
    let light = fx.arm(crew, "german_grw36");
    let crew2 = fx.place("german_weapons_team", "22");
    let medium = fx.arm(crew2, "german_grw34");
    fx.place("ranger_squad", "38");
    indirect(&mut fx, Side::Germans);
    assert!(targets_of(&fx, light).is_empty());
    let empty = fx.area("23");
    fx.act(Action::FireMortar {
        mortar: medium,
        target: empty,
        spotter: NONE,
    });
    assert_eq!(
        fx.s.interdiction[Side::Germans.index()][usize::from(empty)],
        3,
        "8.1: the '3' marker"
    );
    assert_ne!(
        fx.s.step,
        Step::Roll(Roll::Offense),
        "no attack on an empty area"
    );
}

/// 7.3: "Flip over any Weapons Team that fires a mortar" and the mortar to 'F'; "a SQUAD is
/// still eligible to Assault AFTER firing a mortar"; "Flip over any FO that calls in
/// artillery"; the owning player distributes the casualties among the units in the area.
#[test]
fn rule_7_3_firing_spends_the_crew_and_the_fo_but_not_a_squad() {
    let mut fx = Fixture::new();
    let crew = fx.place("german_weapons_team", "17");
    let by_crew = fx.arm(crew, "german_grw36");
    let rangers = [
        fx.place("ranger_squad", "16"),
        fx.place("ranger_squad", "16"),
    ];
    indirect(&mut fx, Side::Germans);
    fire_unspotted(&mut fx, by_crew, "16");
    assert!(fx.is_spent(crew) && fx.is_spent(by_crew));
    fx.roll(6);
    fx.roll(1);
    assert_eq!(
        fx.s.step,
        Step::Casualties,
        "OT 1 + 6 beats DT 2 × 2 (TEM) + 1"
    );
    assert_eq!(
        fx.s.casualties.owner,
        Side::Rangers,
        "the owner distributes"
    );
    assert_eq!(fx.s.casualties.targets, 1 << rangers[0] | 1 << rangers[1]);
    let mut fx2 = Fixture::new();
    let squad2 = fx2.place("german_squad", "17");
    let mortar2 = fx2.arm(squad2, "german_grw36");
    fx2.place("ranger_squad", "16");
    indirect(&mut fx2, Side::Germans);
    fire_unspotted(&mut fx2, mortar2, "16");
    assert!(
        fx2.is_spent(mortar2) && !fx2.is_spent(squad2),
        "the squad may still assault"
    );
    let mut fx3 = Fixture::new();
    let fo3 = fx3.place("german_fo", "5");
    fx3.place("ranger_squad", "9");
    indirect(&mut fx3, Side::Germans);
    fx3.act(Action::CallArtillery {
        fo: fo3,
        target: fx3.area("9"),
    });
    assert!(fx3.is_spent(fo3), "the FO that called is flipped");
}

#[test]
fn rule_7_32_fire_at_an_empty_area_flips_the_firing_and_spotting_units_normally() {
    let mut fx = Fixture::new();
    let crew = fx.place("german_weapons_team", "17");
    let medium = fx.arm(crew, "german_grw34");
    let nco = fx.place("german_nco_1", "9");
    let fo = fx.place("german_fo", "9");
    fx.place("ranger_squad", "38");
    indirect(&mut fx, Side::Germans);
    let empty = fx.area("6");
    fx.act(Action::FireMortar {
        mortar: medium,
        target: empty,
        spotter: nco,
    });
    assert_eq!(
        fx.s.interdiction[Side::Germans.index()][usize::from(empty)],
        3
    );
    assert!(fx.is_spent(nco), "the spotting NCO is flipped");
    assert!(fx.is_spent(crew), "the firing crew is flipped");
    assert!(fx.is_spent(medium), "the mortar is flipped to 'F'");
    // Off-board artillery at an empty area: the '5' marker, and the FO is flipped.
    fx.phase(Phase::IndirectFire, Side::Germans);
    let also_empty = fx.area("13");
    fx.act(Action::CallArtillery {
        fo,
        target: also_empty,
    });
    assert_eq!(
        fx.s.interdiction[Side::Germans.index()][usize::from(also_empty)],
        5
    );
    assert!(fx.is_spent(fo), "the FO that called it is flipped");
    assert_ne!(
        fx.s.step,
        Step::Roll(Roll::Offense),
        "no attack on an empty area"
    );
}

#[test]
fn rule_7_5_indirect_fire_ot_strength_plus_die_dt_doubled_tem_plus_die() {
    let mut fx = Fixture::new();
    let fo = fx.place("ranger_fo", "3");
    let g = fx.place("german_squad", "5");
    indirect(&mut fx, Side::Rangers);
    fx.act(Action::CallArtillery {
        fo,
        target: fx.area("5"),
    });
    assert!(fx.is_spent(fo), "7.3: the FO is spent");
    assert_eq!(fx.s.attack.offense, 8);
    assert_eq!(fx.s.attack.defense, 2 * fx.tem("5"));
    fx.roll(6);
    fx.roll(1);
    // 7.61: CP = OT − DT.
    assert_eq!(
        i16::from(fx.s.casualties.cp),
        14 - (2 * i16::from(fx.tem("5")) + 1)
    );
    assert_eq!(fx.s.casualties.targets, 1 << g);
}

/// 7.5: "Note: The Defense Value of units is NOT used during Indirect Fire Support": a
/// German FO's artillery (5) and a German GrW 36 (1) fire on a Ranger squad (Defense Value
/// 6) in area 3 (TEM 2): the DT before the die is 2 × 2 = 4, not TEM + Defense Value 8, and
/// the CP follow from it.
#[test]
fn rule_7_5_indirect_fire_dt_ignores_the_defense_value() {
    for by_fo in [true, false] {
        let mut fx = Fixture::new();
        let r = fx.place("ranger_squad", "3");
        assert_eq!(fx.g.rules.info(r).defense, 6);
        assert_eq!(fx.tem("3"), 2);
        let strength = if by_fo {
            let fo = fx.place("german_fo", "4");
            indirect(&mut fx, Side::Germans);
            fx.act(Action::CallArtillery {
                fo,
                target: fx.area("3"),
            });
            5
        } else {
            let team = fx.place("german_weapons_team", "7");
            let mortar = fx.arm(team, "german_grw36");
            indirect(&mut fx, Side::Germans);
            fire_unspotted(&mut fx, mortar, "3");
            1
        };
        assert_eq!(fx.s.step, Step::Roll(Roll::Offense), "fo {by_fo}");
        assert_eq!(fx.s.attack.offense, strength, "fo {by_fo}");
        assert_eq!(fx.s.attack.defense, 4, "fo {by_fo}: 2 × TEM, not TEM + 6");
        fx.roll(6);
        fx.roll(1);
        // 7.61: CP = (strength + 6) − (4 + 1).
        assert_eq!(fx.s.casualties.cp, strength + 1, "fo {by_fo}");
        assert_eq!(fx.s.casualties.targets, 1 << r, "fo {by_fo}");
    }
}

#[test]
fn rule_7_6_zero_or_less_does_nothing_and_play_passes() {
    let mut fx = Fixture::new();
    let fo = fx.place("ranger_fo", "3");
    let g = fx.place("german_squad", "5");
    fx.place("german_squad", "38");
    indirect(&mut fx, Side::Rangers);
    fx.act(Action::CallArtillery {
        fo,
        target: fx.area("5"),
    });
    fx.roll(1);
    fx.roll(6);
    assert!(!fx.is_spent(g));
    assert_eq!(
        fx.s.interdiction[Side::Rangers.index()][usize::from(fx.area("5"))],
        8
    );
}

#[test]
fn rule_7_7_friendly_fire_on_a_six_hits_own_units_then_leftovers_the_enemy() {
    let mut fx = Fixture::new();
    let fo = fx.place("ranger_fo", "3");
    let own = fx.place("ranger_nco_1", "4");
    let enemy = fx.place("german_squad", "4");
    indirect(&mut fx, Side::Rangers);
    fx.act(Action::CallArtillery {
        fo,
        target: fx.area("4"),
    });
    assert_eq!(fx.s.step, Step::Roll(Roll::Accuracy));
    fx.roll(6); // friendly fire
    fx.roll(5); // 5 CP on the Rangers in 4
    assert_eq!(fx.s.casualties.owner, Side::Rangers);
    fx.act(Action::Flip(own)); // 1
    fx.act(Action::Eliminate(own)); // 2: all friendly eliminated, 3 CP left
    assert_eq!(fx.s.casualties.owner, Side::Germans);
    assert_eq!(fx.s.casualties.cp, 3);
    assert_eq!(fx.s.casualties.targets, 1 << enemy);
}

#[test]
fn rule_7_7_accurate_fire_attacks_normally() {
    let mut fx = Fixture::new();
    let fo = fx.place("ranger_fo", "3");
    fx.place("ranger_nco_1", "4");
    fx.place("german_squad", "4");
    indirect(&mut fx, Side::Rangers);
    fx.act(Action::CallArtillery {
        fo,
        target: fx.area("4"),
    });
    fx.roll(5);
    assert_eq!(fx.s.step, Step::Roll(Roll::Offense));
}

#[test]
fn rule_7_3_interdiction_uses_the_highest_marker_not_the_sum() {
    let mut fx = Fixture::new();
    let c1 = fx.place("german_weapons_team", "22");
    let m1 = fx.arm(c1, "german_grw34");
    let fo = fx.place("german_fo", "24");
    fx.place("ranger_squad", "38");
    indirect(&mut fx, Side::Germans);
    let t = fx.area("23");
    fx.act(Action::FireMortar {
        mortar: m1,
        target: t,
        spotter: NONE,
    });
    fx.phase(Phase::IndirectFire, Side::Germans);
    fx.act(Action::CallArtillery { fo, target: t });
    assert_eq!(fx.s.interdiction[Side::Germans.index()][usize::from(t)], 5);
}

/// 7.3: "Enemy weapons are NEVER directly attacked": a mortar's attack on 16, where a Ranger
/// squad carries an M1919 and a bazooka lies loose, hits the squad alone; neither weapon may
/// be flipped or eliminated to pay the casualty points.
#[test]
fn rule_7_3_enemy_weapons_are_never_attacked() {
    let mut fx = Fixture::new();
    let crew = fx.place("german_weapons_team", "17");
    let mortar = fx.arm(crew, "german_grw36");
    let squad = fx.place("ranger_squad", "16");
    let carried = fx.arm(squad, "ranger_m1919");
    let loose = fx.lay("ranger_bazooka", "16");
    indirect(&mut fx, Side::Germans);
    fire_unspotted(&mut fx, mortar, "16");
    fx.roll(6);
    fx.roll(1);
    assert_eq!(fx.s.step, Step::Casualties);
    assert_eq!(fx.s.casualties.targets, 1 << squad, "the squad alone");
    for w in [carried, loose] {
        assert!(!fx.can(Action::Flip(w)) && !fx.can(Action::Eliminate(w)));
    }
}

fn direct(fx: &mut Fixture, side: Side) {
    fx.phase(Phase::DirectFire, side);
}

/// A German weapons team carrying an MG42 in area `id`: the MG.
fn german_mg42(fx: &mut Fixture, id: &str) -> u8 {
    let team = fx.place("german_weapons_team", id);
    fx.arm(team, "german_mg42")
}

/// `weapons` (in index order, 9.4) fire as one group at area `id`.
fn fire_direct(fx: &mut Fixture, weapons: &[u8], id: &str) {
    for &w in weapons {
        fx.act(Action::AddWeapon(w));
    }
    fx.act(Action::DirectFire {
        target: fx.area(id),
    });
}

#[test]
fn rule_9_31_machine_gun_fires_into_its_own_or_adjacent_area() {
    let mut fx = Fixture::new();
    let mg = german_mg42(&mut fx, "13");
    fx.place("ranger_squad", "7"); // adjacent
    fx.place("ranger_squad", "3"); // not adjacent
    direct(&mut fx, Side::Germans);
    fx.act(Action::AddWeapon(mg));
    assert!(fx.can(Action::DirectFire {
        target: fx.area("7")
    }));
    assert!(!fx.can(Action::DirectFire {
        target: fx.area("3")
    }));
    assert!(
        !fx.can(Action::DirectFire {
            target: fx.area("13")
        }),
        "9.32: no empty areas"
    );
}

/// 9.2, 9.31: the option that opens a direct fire names the areas it may fire on, since the
/// target is chosen only after more weapons join (trial 18b F8).
#[test]
fn rule_9_31_the_option_opening_direct_fire_names_its_targets() {
    let mut fx = Fixture::new();
    let mg = german_mg42(&mut fx, "13");
    fx.place("ranger_squad", "7"); // adjacent
    fx.place("ranger_squad", "3"); // not adjacent
    direct(&mut fx, Side::Germans);
    let text = crate::registry::action_text(&fx.g, &fx.s, Action::AddWeapon(mg));
    let (seven, three) = (fx.area("7"), fx.area("3"));
    let name = |a| crate::games::rudders_line::describe::area(&fx.g.rules, a);
    assert!(
        text.contains(&format!("may fire on {}", name(seven))),
        "{text}"
    );
    assert!(!text.contains(&name(three)), "{text}");
    fx.act(Action::AddWeapon(mg));
    assert!(fx.can(Action::DirectFire { target: seven }));
}

#[test]
fn rule_9_33_shoulder_fired_weapons_fire_only_in_their_own_building_area() {
    let mut fx = Fixture::new();
    let s1 = fx.place("german_squad", "14"); // 14: bunker
    let pz = fx.arm(s1, "german_panzerschreck");
    fx.place("ranger_squad", "14");
    fx.place("ranger_squad", "13");
    direct(&mut fx, Side::Germans);
    fx.act(Action::AddWeapon(pz));
    assert_eq!(
        fx.legal(),
        vec![Action::DirectFire {
            target: fx.area("14")
        }]
    );

    let mut fx = Fixture::new();
    let s1 = fx.place("german_squad", "13"); // 13: no building
    let pz = fx.arm(s1, "german_panzerschreck");
    fx.place("ranger_squad", "13");
    direct(&mut fx, Side::Germans);
    assert!(!fx.can(Action::AddWeapon(pz)));
}

#[test]
fn rule_9_3_machine_guns_combine_shoulder_fired_fire_alone_and_carriers_flip() {
    let mut fx = Fixture::new();
    let t1 = fx.place("german_weapons_team", "13");
    let mg1 = fx.arm(t1, "german_mg42");
    let sq = fx.place("german_squad", "13");
    let mg2 = fx.arm(sq, "german_mg42");
    fx.place("german_nco_2", "13"); // held back until turn 3 (Set Up Card)
    fx.place("ranger_squad", "7");
    fx.s.turn = 3;
    direct(&mut fx, Side::Germans);
    fire_direct(&mut fx, &[mg1, mg2], "7");
    // 9.5: OT = 4 + 4 + NCO 2 + 1d6; DT = TEM + 1d6.
    assert_eq!(fx.s.attack.offense, 10);
    assert_eq!(fx.s.attack.defense, fx.tem("7"));
    assert!(fx.is_spent(mg1) && fx.is_spent(mg2));
    assert!(fx.is_spent(t1), "the Weapons Team that fired is spent");
    assert!(!fx.is_spent(sq), "a squad that fired may still assault");
}

/// 9.3: "One or more machine-guns or ONE shoulder-fired weapon": a Panzerschreck never joins
/// a machine-gun's attack.
#[test]
fn rule_9_3_a_shoulder_fired_weapon_never_joins_machine_guns() {
    let mut fx = Fixture::new();
    let team = fx.place("german_weapons_team", "14");
    let mg = fx.arm(team, "german_mg42");
    let squad = fx.place("german_squad", "14");
    let pz = fx.arm(squad, "german_panzerschreck");
    fx.place("ranger_squad", "14");
    direct(&mut fx, Side::Germans);
    assert!(fx.can(Action::AddWeapon(pz)), "alone it may fire");
    fx.act(Action::AddWeapon(mg));
    assert!(!fx.can(Action::AddWeapon(pz)), "not with the MG42");
    fx.act(Action::DirectFire {
        target: fx.area("14"),
    });
    assert_eq!(fx.s.attack.offense, 4, "the MG42 alone");
    assert!(fx.is_spent(team) && !fx.is_spent(pz));
}

/// 7.3: "Units may be attacked using Indirect Fire Support more than once during a turn"; each
/// mortar's attack is its own: the second GrW 36 attacks the squad in 16 again, at its own
/// value, not the two mortars' sum.
#[test]
fn rule_7_3_a_unit_may_be_attacked_twice_and_each_attack_is_separate() {
    let mut fx = Fixture::new();
    let (m1, m2) = two_light_mortars_in_17(&mut fx);
    fx.place("ranger_squad", "16");
    indirect(&mut fx, Side::Germans);
    fire_unspotted_and_resolve(&mut fx, m1, "16");
    assert!(fx.is_spent(m1), "the first mortar fired");
    assert!(targets_of(&fx, m2).contains(&fx.area("16")));
    fire_unspotted(&mut fx, m2, "16");
    let value = fx.g.rules.info(m2).attack;
    assert_eq!(fx.s.attack.offense, value, "one mortar's value");
}

/// 7.32: "Only MORTARS and off-board artillery may fire during the Indirect Fire Support
/// Phase": a machine gun and a Panzerschreck, each able to fire in the next phase, do not.
#[test]
fn rule_7_32_machine_guns_and_shoulder_fired_weapons_do_not_fire_in_the_indirect_phase() {
    let mut fx = Fixture::new();
    let mg = german_mg42(&mut fx, "13");
    let squad = fx.place("german_squad", "14");
    let pz = fx.arm(squad, "german_panzerschreck");
    fx.place("ranger_squad", "7");
    fx.place("ranger_squad", "14");
    indirect(&mut fx, Side::Germans);
    assert!(!fx.can(Action::AddWeapon(mg)) && !fx.can(Action::AddWeapon(pz)));
    assert!(!fx
        .legal()
        .iter()
        .any(|a| matches!(a, Action::DirectFire { .. })));
    direct(&mut fx, Side::Germans);
    assert!(fx.can(Action::AddWeapon(mg)) && fx.can(Action::AddWeapon(pz)));
}

/// 2.61: "This type of counter may not move or fire unless it is 'carried'": an MG42 and a
/// GrW 36 lying loose beside unarmed German squads fire in neither phase.
#[test]
fn rule_2_61_a_weapon_lying_loose_may_not_fire() {
    let mut fx = Fixture::new();
    let mg = fx.lay("german_mg42", "13");
    let mortar = fx.lay("german_grw36", "17");
    fx.place("german_squad", "13");
    fx.place("german_squad", "17");
    fx.place("ranger_squad", "7");
    fx.place("ranger_squad", "16");
    direct(&mut fx, Side::Germans);
    assert!(!fx.can(Action::AddWeapon(mg)));
    indirect(&mut fx, Side::Germans);
    assert!(!fx
        .legal()
        .iter()
        .any(|a| matches!(a, Action::FireMortar { mortar: m, .. } if *m == mortar)));
}

/// 9.31: "Shoulder-fired weapons may ONLY fire in their own area": the Panzerschreck in 14
/// does not reach the Rangers in 8, an adjacent building area a machine gun could reach.
#[test]
fn rule_9_31_a_shoulder_fired_weapon_fires_only_in_its_own_area() {
    let mut fx = Fixture::new();
    let squad = fx.place("german_squad", "14");
    let pz = fx.arm(squad, "german_panzerschreck");
    fx.place("ranger_squad", "14");
    fx.place("ranger_squad", "8");
    direct(&mut fx, Side::Germans);
    fx.act(Action::AddWeapon(pz));
    assert_eq!(
        fx.legal(),
        vec![Action::DirectFire {
            target: fx.area("14")
        }]
    );
}

#[test]
fn rule_9_3_no_fire_from_landing_craft_and_weapons_fire_only_when_carried() {
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "LC-A");
    let mg = fx.arm(r, "ranger_m1919");
    let lying = fx.lay("german_mg42", "2");
    fx.place("german_squad", "1");
    fx.place("ranger_squad", "2");
    direct(&mut fx, Side::Rangers);
    assert!(!fx.can(Action::AddWeapon(mg)));
    assert!(!fx.can(Action::AddWeapon(lying)));
}

#[test]
fn rule_2_65_captured_weapons_are_used_normally() {
    let mut fx = Fixture::new();
    let r = fx.place("ranger_squad", "13");
    let mg = fx.arm(r, "german_mg42");
    fx.place("german_squad", "7");
    direct(&mut fx, Side::Rangers);
    fire_direct(&mut fx, &[mg], "7");
    assert_eq!(fx.s.attack.offense, 4);
    assert_eq!(fx.s.attack.attacker, Side::Rangers);
}

#[test]
fn rule_7_41_units_in_an_enemy_occupied_area_may_spot() {
    let mut fx = Fixture::new();
    let crew = fx.place("german_weapons_team", "17");
    let light = fx.arm(crew, "german_grw36");
    fx.place("ranger_squad", "6"); // two areas from 17
    let nco = fx.place("german_nco_1", "6"); // spotting from inside the target area
    indirect(&mut fx, Side::Germans);
    let fire = Action::FireMortar {
        mortar: light,
        target: fx.area("6"),
        spotter: nco,
    };
    assert!(fx.can(fire));
    // "If the target area contains friendly AND enemy units, the firing player must make a
    // 1d6 accuracy die roll."
    fx.act(fire);
    assert_eq!(fx.s.step, Step::Roll(Roll::Accuracy), "the NCO is in 6 too");
}

#[test]
fn rule_7_1_mortars_never_fire_from_a_landing_craft_box() {
    let mut fx = Fixture::new();
    let crew = fx.place("ranger_weapons_team", "LC-A");
    let mortar = fx.arm(crew, "ranger_m2_mortar");
    fx.place("german_squad", "1");
    indirect(&mut fx, Side::Rangers);
    assert!(targets_of(&fx, mortar).is_empty());
}

/// 9.5 OT b: "the value of any ONE non-spent NCO/Bar Gunner": with an NCO '2' and an NCO
/// '1' fresh beside the MG42, OT = 4 + 2, not 4 + 3.
#[test]
fn rule_9_5_any_one_nco_or_bar_gunner_adds_to_the_offensive_total() {
    let mut fx = Fixture::new();
    let mg = german_mg42(&mut fx, "13");
    fx.place("german_nco_2", "13"); // released on turn 3 (Set Up Card)
    fx.place("german_nco_1", "13");
    fx.place("ranger_squad", "7");
    fx.s.turn = 3;
    direct(&mut fx, Side::Germans);
    fire_direct(&mut fx, &[mg], "7");
    assert_eq!(fx.s.attack.offense, 4 + 2);
}

/// 9.5 OT b (the reading `direct_fire_leader`): a fresh NCO '1' away in 30 adds to the MG42's
/// fire from 13 only under `any_area`; a spent one in 30 never does.
#[test]
fn rule_9_5_the_nco_of_the_firing_area_or_of_any_area_by_the_reading() {
    for (value, fresh_nco_far_off) in [("firing_area", 4), ("any_area", 4 + 1)] {
        let offense = |spent: bool| {
            let mut fx = Fixture::with_reading("direct_fire_leader", value);
            let mg = german_mg42(&mut fx, "13");
            let nco = fx.place("german_nco_1", "30");
            if spent {
                fx.spend(nco);
            }
            fx.place("ranger_squad", "7");
            direct(&mut fx, Side::Germans);
            fire_direct(&mut fx, &[mg], "7");
            fx.s.attack.offense
        };
        assert_eq!(offense(false), fresh_nco_far_off, "{value}");
        assert_eq!(offense(true), 4, "{value}: a spent NCO");
    }
}

/// 9.5 OT b: "the value of any one non-spent NCO/Bar Gunner" — a BAR Gunner too: a fresh
/// Ranger BAR Gunner ('2') beside the M1919 in 7 adds 2 to its fire into 13; spent, nothing.
#[test]
fn rule_9_5_a_bar_gunner_adds_to_direct_fire_while_fresh() {
    let offense = |spent: bool| {
        let mut fx = Fixture::new();
        let gunner = fx.place("ranger_squad", "7");
        let mg = fx.arm(gunner, "ranger_m1919");
        let bar = fx.place("ranger_bar_gunner", "7");
        assert!(fx.g.rules.released(bar, fx.s.turn));
        if spent {
            fx.spend(bar);
        }
        fx.place("german_squad", "13");
        direct(&mut fx, Side::Rangers);
        fire_direct(&mut fx, &[mg], "13");
        fx.s.attack.offense
    };
    assert_eq!(
        offense(false),
        3 + 2,
        "the M1919's 3 and the BAR Gunner's 2"
    );
    assert_eq!(offense(true), 3, "a spent BAR Gunner adds nothing");
}

#[test]
fn rule_9_5_a_spent_nco_adds_nothing_to_direct_fire() {
    let mut fx = Fixture::new();
    let mg = german_mg42(&mut fx, "13");
    let nco = fx.place("german_nco_2", "13");
    fx.spend(nco);
    fx.place("ranger_squad", "7");
    direct(&mut fx, Side::Germans);
    fire_direct(&mut fx, &[mg], "7");
    assert_eq!(fx.s.attack.offense, 4);
}

#[test]
fn rule_7_33_fire_over_friendly_units_is_unaffected_fire_into_them_rolls_for_accuracy() {
    let mut fx = Fixture::new();
    let crew = fx.place("german_weapons_team", "17");
    let light = fx.arm(crew, "german_grw36");
    fx.place("german_squad", "12"); // between 17 and 6, and spotting into 6
    fx.place("ranger_squad", "6");
    indirect(&mut fx, Side::Germans);
    let spotter = fx
        .legal()
        .into_iter()
        .find_map(|a| match a {
            Action::FireMortar {
                mortar,
                target,
                spotter,
            } if mortar == light && target == fx.area("6") => Some(spotter),
            _ => None,
        })
        .expect("17-12-6: two areas, spotted from 12");
    fx.act(Action::FireMortar {
        mortar: light,
        target: fx.area("6"),
        spotter,
    });
    assert_eq!(
        fx.s.step,
        Step::Roll(Roll::Offense),
        "over 12: no accuracy roll"
    );

    let mut fx = Fixture::new();
    let crew = fx.place("german_weapons_team", "17");
    let light = fx.arm(crew, "german_grw36");
    fx.place("german_squad", "16");
    fx.place("ranger_squad", "16");
    indirect(&mut fx, Side::Germans);
    fx.act(Action::FireMortar {
        mortar: light,
        target: fx.area("16"),
        spotter: NONE,
    });
    assert_eq!(
        fx.s.step,
        Step::Roll(Roll::Accuracy),
        "into 16, Germans there too"
    );
}

#[test]
fn rule_9_41_direct_fire_makes_no_accuracy_roll_even_into_an_area_with_friendly_units() {
    let mut fx = Fixture::new();
    let mg = german_mg42(&mut fx, "13");
    fx.place("ranger_squad", "7");
    fx.place("german_squad", "7");
    direct(&mut fx, Side::Germans);
    fire_direct(&mut fx, &[mg], "7");
    assert_eq!(fx.s.step, Step::Roll(Roll::Offense));
}

#[test]
fn rule_9_6_direct_fire_casualty_points_are_resolved_as_indirect_fires_are() {
    let mut fx = Fixture::new();
    let mg = german_mg42(&mut fx, "13");
    let r = fx.place("ranger_squad", "7");
    direct(&mut fx, Side::Germans);
    fire_direct(&mut fx, &[mg], "7");
    fx.roll(6);
    fx.roll(1);
    // 7.61: CP = OT − DT, owed by the units in the target area, paid by their owner (7.63).
    assert_eq!(
        i16::from(fx.s.casualties.cp),
        4 + 6 - (i16::from(fx.tem("7")) + 1)
    );
    assert_eq!(fx.s.casualties.owner, Side::Rangers);
    assert_eq!(fx.s.casualties.targets, 1 << r);
    assert!(
        fx.can(Action::Flip(r)),
        "the Rangers pay: flipping the squad is offered"
    );
}

#[test]
fn rule_9_4_the_attacker_chooses_all_the_machine_guns_of_one_area_for_one_attack() {
    let mut fx = Fixture::new();
    let t1 = fx.place("german_weapons_team", "13");
    let t2 = fx.place("german_weapons_team", "13");
    let t3 = fx.place("german_weapons_team", "8");
    let mut mgs = [fx.arm(t1, "german_mg42"), fx.arm(t2, "german_mg42")];
    mgs.sort();
    let elsewhere = fx.arm(t3, "german_mg42");
    fx.place("ranger_squad", "7");
    direct(&mut fx, Side::Germans);
    fx.act(Action::AddWeapon(mgs[0]));
    assert!(
        fx.can(Action::AddWeapon(mgs[1])),
        "the other MG of 13 joins"
    );
    assert!(
        !fx.can(Action::AddWeapon(elsewhere)),
        "not one from another area"
    );
    fire_direct(&mut fx, &[mgs[1]], "7");
    assert_eq!(fx.s.attack.offense, 8, "4 + 4: both fire as one attack");
}

#[test]
fn rule_9_32_only_machine_guns_and_shoulder_fired_weapons_fire_and_never_at_an_empty_area() {
    let mut fx = Fixture::new();
    let mg = german_mg42(&mut fx, "13");
    let crew = fx.place("german_weapons_team", "17");
    let mortar = fx.arm(crew, "german_grw36");
    fx.place("german_fo", "12");
    fx.place("ranger_squad", "7");
    fx.place("ranger_squad", "16"); // next to the mortar
    direct(&mut fx, Side::Germans);
    assert!(fx.can(Action::AddWeapon(mg)));
    assert!(
        !fx.can(Action::AddWeapon(mortar)),
        "a mortar is no direct-fire weapon"
    );
    assert!(
        fx.legal()
            .iter()
            .all(|a| !matches!(a, Action::FireMortar { .. } | Action::CallArtillery { .. })),
        "no mortar or artillery in the Direct Fire Phase"
    );
    fx.act(Action::AddWeapon(mg));
    let targets: Vec<u8> = fx
        .legal()
        .into_iter()
        .filter_map(|a| match a {
            Action::DirectFire { target } => Some(target),
            _ => None,
        })
        .collect();
    assert_eq!(
        targets,
        vec![fx.area("7")],
        "13's empty neighbours are no target"
    );
}

#[test]
fn rule_9_2_the_initiative_player_fires_first_then_the_players_alternate_until_both_are_done() {
    let mut fx = Fixture::new();
    let german_mg = german_mg42(&mut fx, "13");
    let gunner = fx.place("ranger_squad", "7");
    let ranger_mg = fx.arm(gunner, "ranger_m1919");
    direct(&mut fx, Side::Rangers);
    assert_eq!(fx.s.active, Side::Rangers, "the Initiative player first");
    fx.act(Action::Pass);
    assert_eq!(
        (fx.s.phase, fx.s.active),
        (Phase::DirectFire, Side::Germans)
    );
    fire_direct(&mut fx, &[german_mg], "7");
    fx.roll(1);
    fx.roll(6); // OT ≤ DT: nothing happens (7.6)
    assert_eq!(
        (fx.s.phase, fx.s.active),
        (Phase::DirectFire, Side::Rangers),
        "after an attack the other player: a pass is not the end of the Rangers' fire"
    );
    assert!(fx.can(Action::AddWeapon(ranger_mg)));
    fx.act(Action::Pass);
    assert_eq!(
        fx.s.phase,
        Phase::Action,
        "neither wishes or is able to fire any more"
    );
}

#[test]
fn rule_7_4_the_attacker_chooses_which_of_an_area_s_mortars_fires_first() {
    let mut fx = Fixture::new();
    let (m1, m2) = two_light_mortars_in_17(&mut fx);
    fx.place("ranger_squad", "16");
    indirect(&mut fx, Side::Germans);
    let (t1, t2) = (targets_of(&fx, m1), targets_of(&fx, m2));
    assert!(t1.contains(&fx.area("16")) && t2.contains(&fx.area("16")));
}

/// 7.2, 7.4 (the reading `fire_segment`): after a mortar's attack play passes (`attack`), or
/// the segment goes on with the other mortars of its area only (`area`) until they are done or
/// the player passes.
#[test]
fn rule_7_2_a_segment_is_one_attack_or_an_area_s_mortars_by_the_reading() {
    for (value, area) in [("attack", false), ("area", true)] {
        let mut fx = Fixture::with_reading("fire_segment", value);
        let (m1, m2) = two_light_mortars_in_17(&mut fx);
        let fo = fx.place("german_fo", "4");
        fx.place("ranger_squad", "16");
        fx.place("ranger_squad", "22");
        let ranger_fo = fx.place("ranger_fo", "3");
        fx.place("german_squad", "5");
        indirect(&mut fx, Side::Germans);
        let calls = |a: &Action| matches!(a, Action::CallArtillery { fo: f, .. } if *f == fo);
        assert!(
            fx.legal().iter().any(calls),
            "the German FO may call at first"
        );
        let target = fx.area("16");
        let first = fx
            .legal()
            .into_iter()
            .find(|a| matches!(a, Action::FireMortar { mortar, target: t, .. } if *mortar == m1 && *t == target))
            .expect("m1 may fire at 16");
        fx.act(first);
        while fx.s.step != Step::Segment {
            fx.roll(1);
        }
        let active = if area { Side::Germans } else { Side::Rangers };
        assert_eq!(fx.s.active, active, "{value}");
        if area {
            assert!(!targets_of(&fx, m2).is_empty(), "the area's other mortar");
            assert!(!fx.legal().iter().any(calls), "no FO call mid-segment");
            fx.act(Action::Pass);
            assert_eq!(fx.s.active, Side::Rangers);
            assert!(!fx.s.last_hold_idle, "the segment was not idle");
        } else {
            assert!(fx
                .legal()
                .iter()
                .any(|a| matches!(a, Action::CallArtillery { fo, .. } if *fo == ranger_fo)));
        }
    }
}

#[test]
fn rule_7_61_one_or_more_is_that_many_casualty_points_the_target_s_owner_inflicts() {
    let mut fx = Fixture::new();
    let fo = fx.place("ranger_fo", "3");
    let g = fx.place("german_squad", "5");
    indirect(&mut fx, Side::Rangers);
    fx.act(Action::CallArtillery {
        fo,
        target: fx.area("5"),
    });
    let (ot, dt) = (fx.s.attack.offense, fx.s.attack.defense);
    let (a, b) = (1..=6u8)
        .flat_map(|a| (1..=6u8).map(move |b| (a, b)))
        .find(|&(a, b)| i16::from(ot + a) - i16::from(dt + b) == 1)
        .expect("dice for a margin of one");
    fx.roll(a);
    fx.roll(b);
    assert_eq!(fx.s.step, Step::Casualties);
    assert_eq!(fx.s.casualties.cp, 1);
    assert_eq!(
        fx.s.casualties.owner,
        Side::Germans,
        "the targeted player inflicts them"
    );
    assert_eq!(fx.s.casualties.targets, 1 << g);
}

/// 8.1: a marker left in an area is shown whose fire it is, on the play screen (even in an
/// area without units) and on the board picture.
#[test]
fn rule_8_1_an_interdiction_marker_is_shown_with_the_side_that_fired() {
    let mut fx = Fixture::new();
    let area = fx.area("16");
    fx.s.interdiction[Side::Rangers.index()][usize::from(area)] = 8;
    let g = crate::games::rudders_line::RuddersLine::embedded().unwrap();
    let screen = crate::engine::Game::render(&g, &fx.s);
    let line = screen
        .lines()
        .find(|l| l.contains("interdiction marker"))
        .expect("the marker is on the screen");
    assert!(
        line.contains("the Rangers' interdiction marker 8 (8.1)") && !line.contains(": ;"),
        "{line}"
    );
    assert!(!line.trim_end().ends_with(':'), "{line}");
    let board = g.board(&fx.s);
    let place = board.places.iter().find(|p| p.id == "16").unwrap();
    assert!(
        place.marks.contains(&"marker 8".to_string()),
        "{:?}",
        place.marks
    );
    assert!(place.tooltip.contains("the Rangers' interdiction marker 8"));
}

/// 8.1: artillery called on an area without enemy is told, in the options and in the log, as
/// what it does: it leaves its marker.
#[test]
fn rule_8_1_fire_on_an_empty_area_is_told_as_leaving_its_marker() {
    use crate::engine::Game;
    let mut fx = Fixture::new();
    let fo = fx.place("ranger_fo", "13");
    fx.place("german_squad", "14");
    indirect(&mut fx, Side::Rangers);
    let empty = fx.area("13");
    let call = Action::CallArtillery { fo, target: empty };
    let marker = fx.g.rules.artillery[Side::Rangers.index()];
    let told = fx.g.describe_seen(&fx.s, call, Side::Germans.index());
    assert!(
        told.ends_with(&format!(
            "(no enemy there: it leaves the interdiction marker {marker} (8.1))"
        )),
        "{told}"
    );
    let occupied = Action::CallArtillery {
        fo,
        target: fx.area("14"),
    };
    assert!(!fx.g.describe_seen(&fx.s, occupied, 1).contains("no enemy"));
    // 7.3: a higher marker of the side already there is the one that stays.
    fx.s.interdiction[Side::Rangers.index()][usize::from(empty)] = marker + 1;
    let told = fx.g.describe_seen(&fx.s, call, Side::Germans.index());
    assert!(
        told.contains(&format!(
            "the Rangers' interdiction marker {} there, as high or higher, stays",
            marker + 1
        )),
        "{told}"
    );
}

/// 12.1: the step that starts a new phase says so in the log, whoever took it.
#[test]
fn rule_12_1_a_new_phase_is_told_where_it_begins() {
    use crate::engine::Game;
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "16");
    indirect(&mut fx, Side::Rangers);
    let before = fx.s;
    let mut after = fx.s;
    after.phase = Phase::DirectFire;
    let told =
        fx.g.narrate(&before, Action::Pass, &after)
            .unwrap_or_default();
    assert!(
        told.starts_with("now Turn") && told.contains("Direct Fire Support Phase"),
        "{told}"
    );
    assert_eq!(fx.g.narrate(&before, Action::Pass, &before), None);
}

#[test]
fn rule_8_1_artillery_and_medium_mortars_leave_their_markers_after_the_attack_light_ones_none() {
    let marker_on_16_after = |fire: &dyn Fn(&mut Fixture)| {
        let mut fx = Fixture::new();
        fx.place("ranger_squad", "16");
        indirect(&mut fx, Side::Germans);
        fire(&mut fx);
        fx.roll(1);
        fx.roll(6); // the attack does nothing (7.6)
        fx.s.interdiction[Side::Germans.index()][usize::from(fx.area("16"))]
    };
    let mortar = |counter: &'static str| {
        move |fx: &mut Fixture| {
            let crew = fx.place("german_weapons_team", "17");
            let mortar = fx.arm(crew, counter);
            fx.act(Action::FireMortar {
                mortar,
                target: fx.area("16"),
                spotter: NONE,
            });
        }
    };
    let artillery = |fx: &mut Fixture| {
        let fo = fx.place("german_fo", "17");
        fx.act(Action::CallArtillery {
            fo,
            target: fx.area("16"),
        });
    };
    assert_eq!(
        marker_on_16_after(&mortar("german_grw34")),
        3,
        "medium: the '3'"
    );
    assert_eq!(marker_on_16_after(&artillery), 5, "the battery: the '5'");
    assert_eq!(
        marker_on_16_after(&mortar("german_grw36")),
        0,
        "light: no marker"
    );
}

#[test]
fn rule_7_3_a_lower_marker_after_a_higher_one_leaves_the_higher() {
    let mut fx = Fixture::new();
    let c1 = fx.place("german_weapons_team", "22");
    let m1 = fx.arm(c1, "german_grw34");
    let fo = fx.place("german_fo", "24");
    fx.place("ranger_squad", "38");
    indirect(&mut fx, Side::Germans);
    let t = fx.area("23");
    fx.act(Action::CallArtillery { fo, target: t });
    fx.phase(Phase::IndirectFire, Side::Germans);
    fx.act(Action::FireMortar {
        mortar: m1,
        target: t,
        spotter: NONE,
    });
    assert_eq!(
        fx.s.interdiction[Side::Germans.index()][usize::from(t)],
        5,
        "the '3' laid after the '5' does not replace it"
    );
}

#[test]
fn rule_7_3_mortars_attacking_in_one_phase_need_not_attack_the_same_area() {
    let mut fx = Fixture::new();
    let (m1, m2) = two_light_mortars_in_17(&mut fx);
    fx.place("ranger_squad", "16");
    fx.place("ranger_squad", "22");
    indirect(&mut fx, Side::Germans);
    fire_unspotted_and_resolve(&mut fx, m1, "16");
    assert_eq!(
        fx.s.active,
        Side::Germans,
        "the Rangers have nothing to fire"
    );
    assert!(
        targets_of(&fx, m2).contains(&fx.area("22")),
        "the second mortar may attack another area"
    );
}

#[test]
fn rule_7_2_a_player_who_passes_lets_the_other_fire_on_until_both_have_done() {
    let mut fx = Fixture::new();
    let (m1, _) = two_light_mortars_in_17(&mut fx);
    fx.place("ranger_squad", "16");
    fx.place("ranger_fo", "3");
    fx.place("german_squad", "5");
    turn::begin_phase(&fx.g.rules, &mut fx.s, Phase::IndirectFire);
    assert_eq!(fx.s.active, Side::Rangers, "the Initiative player first");
    fx.act(Action::Pass);
    assert_eq!(
        (fx.s.phase, fx.s.active),
        (Phase::IndirectFire, Side::Germans),
        "one pass does not end the phase while the other may fire"
    );
    fire_unspotted_and_resolve(&mut fx, m1, "16");
    fx.act(Action::Pass);
    assert_eq!(
        (fx.s.phase, fx.s.active),
        (Phase::IndirectFire, Side::Germans),
        "the Rangers pass again; the Germans' second mortar may still fire"
    );
    fx.act(Action::Pass);
    assert_ne!(fx.s.phase, Phase::IndirectFire, "both have done");
}

#[test]
fn rule_7_1_only_the_german_medium_mortars_leave_the_3_marker() {
    let mut fx = Fixture::new();
    let crew = fx.place("ranger_weapons_team", "16");
    let m2 = fx.arm(crew, "ranger_m2_mortar");
    fx.place("german_squad", "17");
    indirect(&mut fx, Side::Rangers);
    fx.act(Action::FireMortar {
        mortar: m2,
        target: fx.area("17"),
        spotter: NONE,
    });
    fx.roll(1);
    fx.roll(6);
    assert_eq!(
        fx.s.interdiction[Side::Rangers.index()][usize::from(fx.area("17"))],
        0,
        "a Ranger light mortar leaves no '3'"
    );
}

#[test]
fn rule_9_3_one_shoulder_fired_weapon_attacks_alone() {
    let mut fx = Fixture::new();
    let s1 = fx.place("german_squad", "14");
    let pz1 = fx.arm(s1, "german_panzerschreck");
    let s2 = fx.place("german_squad", "14");
    let pz2 = fx.arm(s2, "german_panzerschreck");
    let mg = german_mg42(&mut fx, "14");
    fx.place("ranger_squad", "14");
    direct(&mut fx, Side::Germans);
    let first = pz1.min(pz2);
    fx.act(Action::AddWeapon(first));
    let joins = fx
        .legal()
        .into_iter()
        .filter(|a| matches!(a, Action::AddWeapon(_)))
        .collect::<Vec<_>>();
    assert!(
        joins.is_empty(),
        "nothing joins a shoulder-fired weapon: {joins:?}"
    );
    assert!(!fx.can(Action::AddWeapon(mg)));
}

#[test]
fn rule_9_2_the_phase_begins_with_the_initiative_player_whichever_it_is() {
    for side in [Side::Rangers, Side::Germans] {
        let mut fx = Fixture::new();
        german_mg42(&mut fx, "13");
        let gunner = fx.place("ranger_squad", "7");
        fx.arm(gunner, "ranger_m1919");
        fx.s.initiative = side;
        turn::begin_phase(&fx.g.rules, &mut fx.s, Phase::DirectFire);
        assert_eq!(fx.s.active, side);
    }
}

#[test]
fn rule_9_5_a_held_back_nco_adds_nothing_before_the_set_up_card_releases_him() {
    let offense_on = |turn: u8| {
        let mut fx = Fixture::new();
        let mg = german_mg42(&mut fx, "13");
        let nco = fx.place_held_back("german_nco_2", "13");
        fx.place("ranger_squad", "7");
        fx.s.turn = turn;
        assert_eq!(fx.g.rules.released(nco, turn), turn >= 3);
        direct(&mut fx, Side::Germans);
        fire_direct(&mut fx, &[mg], "7");
        fx.s.attack.offense
    };
    assert_eq!(offense_on(2), 4, "9.5: the MG alone");
    assert_eq!(offense_on(3), 6, "9.5b: the MG and the NCO's 2");
}

#[test]
fn rule_9_31_a_machine_gun_fires_into_its_own_area() {
    let mut fx = Fixture::new();
    let mg = german_mg42(&mut fx, "14");
    fx.place("ranger_squad", "14");
    direct(&mut fx, Side::Germans);
    fx.act(Action::AddWeapon(mg));
    assert!(fx.can(Action::DirectFire {
        target: fx.area("14")
    }));
}

/// 9.31, 2.61 (the reading `spent_carrier`): a weapon fires only when "carried"; a spent
/// carrier holds its fire (`holds_fire`), or fires it all the same (`fires`).
#[test]
fn rule_9_31_a_spent_carrier_holds_fire_or_fires_by_the_reading() {
    for (mut fx, fires) in [
        (Fixture::new(), false),
        (Fixture::with_reading("spent_carrier", "fires"), true),
    ] {
        let mg = german_mg42(&mut fx, "14");
        fx.place("ranger_squad", "14");
        fx.spend(fx.s.unit(mg).link);
        direct(&mut fx, Side::Germans);
        assert_eq!(fx.can(Action::AddWeapon(mg)), fires);
    }
}

#[test]
fn rule_7_1_the_battery_markers_are_the_rangers_8_and_the_germans_5_the_medium_mortars_3() {
    let marker_after = |fire: &dyn Fn(&mut Fixture) -> (Side, &'static str)| {
        let mut fx = Fixture::new();
        // Fresh squads far off, so that the turn stops in its Action Phase, before the
        // Regroup Phase lifts the markers.
        fx.place("german_squad", "38");
        fx.place("ranger_squad", "30");
        let (side, id) = fire(&mut fx);
        fx.s.interdiction[side.index()][usize::from(fx.area(id))]
    };
    let battery = |side: Side, fo: &'static str, from: &'static str, target: &'static str| {
        move |fx: &mut Fixture| {
            let fo = fx.place(fo, from);
            indirect(fx, side);
            fx.act(Action::CallArtillery {
                fo,
                target: fx.area(target),
            });
            (side, target)
        }
    };
    let ranger_battery = battery(Side::Rangers, "ranger_fo", "3", "4");
    let german_battery = battery(Side::Germans, "german_fo", "24", "23");
    let german_medium = |fx: &mut Fixture| {
        let crew = fx.place("german_weapons_team", "22");
        let mortar = fx.arm(crew, "german_grw34");
        indirect(fx, Side::Germans);
        fx.act(Action::FireMortar {
            mortar,
            target: fx.area("23"),
            spotter: NONE,
        });
        (Side::Germans, "23")
    };
    assert_eq!(marker_after(&ranger_battery), 8);
    assert_eq!(marker_after(&german_battery), 5);
    assert_eq!(marker_after(&german_medium), 3);
}

/// 7.5, 7.7: an FO's artillery offers its odds before the dice from the totals the fire will
/// use (the Rangers' 8 against twice the TEM); with Rangers in the target area a friendly-fire
/// roll comes first; fire on an area without enemy personnel (interdiction only) has none.
#[test]
fn rule_7_5_artillery_shows_its_totals_and_odds_before_the_dice() {
    use crate::registry::Entry;
    let mut fx = Fixture::new();
    let fo = fx.place("ranger_fo", "3");
    fx.place("german_squad", "4");
    indirect(&mut fx, Side::Rangers);
    let call = |target| Action::CallArtillery { fo, target };
    let totals = fx.g.fire_totals(&fx.s, call(fx.area("4"))).expect("totals");
    assert_eq!((totals.ot, totals.dt), (8, 2 * fx.tem("4")));
    assert!(!totals.friendly);
    let odds = fx.g.action_odds(&fx.s, call(fx.area("4"))).expect("odds");
    assert!(odds.starts_with(&format!("OT 8 vs DT {} before the dice: ", 2 * fx.tem("4"))));
    assert!(
        odds.contains("% no effect (7.6)") && !odds.contains("friendly"),
        "{odds}"
    );
    fx.place("ranger_squad", "4");
    let odds = fx.g.action_odds(&fx.s, call(fx.area("4"))).expect("odds");
    assert!(odds.ends_with("17% friendly fire instead (7.7)"), "{odds}");
    assert_eq!(fx.g.fire_totals(&fx.s, call(fx.area("3"))), None);
}
