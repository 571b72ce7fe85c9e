//! Direct fire (63.2) and the malfunction of an Intensive Firing gun (70.6), through the
//! shots the engine offers.

use super::*;

/// 63.2: direct fire is "shooting at a target visible from the gun's hex", and "Range is
/// unlimited unless a specific limit is given on the counter": Panzer 2 in A4 is offered no
/// shot at the T-34 in C4 behind B4's woods, and one at the longest range on the board at
/// which one hex sees another.
#[test]
fn rule_63_2_direct_fire_needs_a_visible_target_at_any_range() {
    let g = game();
    let board = &g.rules().board;
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A4", 0);
    let t34 = place(&g, &mut s, "Tank 1", "C4", 3);
    assert!(!board.sees(hex(&g, "A4"), hex(&g, "C4")));
    assert!(
        shots_offered(&g, &s, pz, t34).is_empty(),
        "hidden by B4's woods"
    );
    let hexes = 0..board.len() as u8;
    let (from, to) = hexes
        .clone()
        .flat_map(|a| hexes.clone().map(move |b| (a, b)))
        .filter(|&(a, b)| board.sees(a, b))
        .max_by_key(|&(a, b)| board.distance(a, b))
        .unwrap();
    assert_eq!(
        board.distance(from, to),
        10,
        "the board's longest sight line"
    );
    let mut far = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut far, "Panzer 2", &board.name(from), 0);
    let t34 = place(&g, &mut far, "Tank 1", &board.name(to), 3);
    assert!(
        !shots_offered(&g, &far, pz, t34).is_empty(),
        "in sight at any range"
    );
}

/// 70.6: "Malfunctions occurring prior to an Intensive Firing gun using its full expended rate
/// of fire cause the loss of any remaining shot opportunities until the malfunction is
/// repaired": the PaK 40 (ROF 2, B12) fires its first shot at Intensive Fire, whose B# is 10
/// (70.5); a raw 10 jams it, and it is offered no more shots, though Intensive Fire would have
/// left it more; a raw 9 leaves them; repaired, it is offered shots again.
#[test]
fn rule_70_6_an_intensive_firing_gun_that_malfunctions_loses_its_remaining_shots() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pak = place(&g, &mut s, "PaK 40", "A5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    assert!(
        shots_offered(&g, &s, pak, t34).contains(&true),
        "Intensive Fire offered"
    );
    g.open_gun_fire(&mut s, pak, t34 as u8, false, true);
    let mut working = s;
    g.resolve_to_hit(&mut working, 9, None);
    assert!(!working.units[pak].has(flag::GUN_BROKEN));
    assert!(
        !shots_offered(&g, &working, pak, t34).is_empty(),
        "shots remain"
    );
    g.resolve_to_hit(&mut s, 10, None);
    assert!(
        s.units[pak].has(flag::GUN_BROKEN),
        "B# 12 - 2 at Intensive Fire"
    );
    assert!(
        shots_offered(&g, &s, pak, t34).is_empty(),
        "the remaining shots are lost"
    );
    g.resolve_weapon_repair(&mut s, pak, 1);
    assert!(!shots_offered(&g, &s, pak, t34).is_empty(), "repaired");
}

/// 66.2: a firer trying to deliberately immobilise "forfeits any chance of outright
/// elimination of the target. If he hits his target, however, it is automatically
/// immobilized": the shot calculator gives the hit as the immobilisation (a raw 7 or less
/// at TO HIT 10 with the side shot's +3: 21 in 36) and refuses a KILL roll for it. (No
/// deliberate immobilisation is offered in play: rule_cases.txt.)
#[test]
fn rule_66_2_a_deliberate_immobilisation_hit_immobilises_and_never_destroys() {
    use crate::analysis::cross_of_iron_shot::calculate;
    let side = calculate("to_hit=10,deliberate=side").expect("a valid shot");
    assert!(
        side.contains("immobilises the target at once, with no KILL roll and no chance to destroy it: 58.33% (7/12)"),
        "{side}"
    );
    assert!(!side.contains("destroys the target:"), "{side}");
    let plain = calculate("to_hit=10").expect("a valid shot");
    assert!(!plain.contains("66.2"), "{plain}");
    let err = calculate("to_hit=10,deliberate=rear,kill=12").unwrap_err();
    assert!(err.contains("66.2") && err.contains("kill="), "{err}");
}

/// 69.4: "Weapons with a high rate of fire or Intensive Firing (70) do not receive the DRM per
/// consecutive shot, but rather per consecutive fire phase": the PaK 40 (ROF 2) fires twice at
/// the T-34 in its Prep Fire, the second shot with no acquisition yet; in its next fire phase
/// (Defensive Fire in the Russian player turn) both shots have −1, not −1 then −2.
#[test]
fn rule_69_4_a_multi_shot_gun_gains_acquisition_per_fire_phase_not_per_shot() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    s.player_turn = 3;
    let pak = place(&g, &mut s, "PaK 40", "A5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    let drm = |s: &State| g.to_hit(s, pak, hex(&g, "E5"), Some(t34)).1;
    let shoot = |s: &mut State| {
        g.open_gun_fire(s, pak, t34 as u8, false, false);
        g.resolve_to_hit(s, 11, None); // a miss, short of the B# 12
        s.pending = Pending::None;
        assert!(!s.units[pak].has(flag::GUN_BROKEN));
    };
    let first = drm(&s);
    shoot(&mut s);
    assert_eq!(drm(&s), first, "the second shot of the phase: none yet");
    shoot(&mut s);
    s.player_turn = 4;
    s.phasing = 1;
    s.phase = Phase::DefensiveFire;
    s.units[pak].shots = 0;
    assert_eq!(drm(&s), first - 1, "the next fire phase: −1");
    shoot(&mut s);
    assert_eq!(drm(&s), first - 1, "its second shot: still −1");
}

/// 70.8: Case D "is cumulative upon itself for each occurrence within the same fire phase":
/// Panzer 2 (a PzKpfw IV F2) in C5 with its turret to the north-west fires at the T-34 in E5,
/// outside its arc (+2), and the turret turns east; its next shot, at the T-34 in A5 outside
/// this new arc, carries +4, where a first shot at A5 from the east-facing turret has +2; the
/// count starts again in the next phase.
#[test]
fn rule_70_8_each_shot_outside_the_arc_in_a_phase_adds_2_more() {
    let g = game();
    let board = &g.rules().board;
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "C5", 2);
    let east = place(&g, &mut s, "Tank 1", "E5", 3);
    let west = place(&g, &mut s, "Tank 2", "A5", 0);
    let (a5, c5, e5) = (hex(&g, "A5"), hex(&g, "C5"), hex(&g, "E5"));
    assert!(board.sees(c5, e5) && board.sees(c5, a5));
    assert!(!board.in_arc(c5, 2, e5), "E5 is outside the turret's arc");
    let drm = |s: &State, at: u8, t: usize| g.to_hit(s, pz, at, Some(t)).1;
    let mut first_at_a5 = s;
    first_at_a5.units[pz].turret = 0;
    assert!(
        !board.in_arc(c5, 0, a5),
        "A5 is outside the east-facing arc"
    );
    let once = drm(&first_at_a5, a5, west);
    g.open_gun_fire(&mut s, pz, east as u8, false, false);
    s.pending = Pending::None;
    assert_eq!(s.units[pz].turret, 0, "the turret turned east");
    assert_eq!(
        drm(&s, a5, west),
        once + 2,
        "the second time in the phase: +4"
    );
    // Only for tanks (turrets): the StuG, turning its hull, pays +4 for each such shot.
    let mut stug_s = empty(&g, Phase::PrepFire, 0);
    let stug = place(&g, &mut stug_s, "StuG", "C5", 2);
    place(&g, &mut stug_s, "Tank 1", "E5", 3);
    place(&g, &mut stug_s, "Tank 2", "A5", 0);
    let stug_drm = |s: &State| g.to_hit(s, stug, a5, Some(west)).1;
    let mut facing_east = stug_s;
    facing_east.units[stug].hull = 0;
    facing_east.units[stug].turret = 0;
    let first = stug_drm(&facing_east);
    g.open_gun_fire(&mut stug_s, stug, east as u8, false, false);
    stug_s.pending = Pending::None;
    assert_eq!(stug_s.units[stug].hull, 0, "the StuG turned east");
    assert_eq!(stug_drm(&stug_s), first, "an SP gun: no growth");
    // The German player turn ends; in its Defensive Fire the count starts again.
    end_player_turn_of(&g, &mut s, 0);
    s.phase = Phase::DefensiveFire;
    assert_eq!(drm(&s, a5, west), once, "a new phase: +2 again");
}
