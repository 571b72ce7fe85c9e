//! Rule cases 64-70 not tested elsewhere: AFV classes, turret and hull arcs (64.1), gun
//! suffixes (64.2), armour modifiers (64.3), AFV MGs (64.4), smoke shells (64.7), range and
//! penetration (65), immobilisation (66), critical hits (68.3), acquisition (69) and
//! Intensive Fire (70). Each test sets the counters it needs on the embedded scenario.

use super::*;
use crate::analysis::cross_of_iron as exact;
use crate::analysis::cross_of_iron_shot::calculate;
use crate::analysis::Fraction;
use crate::games::cross_of_iron::gunnery::{
    resolve_to_hit, resolve_to_kill, Ammo, CriticalThreshold, Facing, KillResult, KillRoll, Shot,
    ToHitDice,
};
use crate::games::cross_of_iron::modifiers::{deliberate_immobilization_drm, range_drm, GunSuffix};
use crate::games::cross_of_iron::Action;

/// Panzer 2 (PzKpfw IV F2, 75L) in `from` and the T-34 Tank 1 in `to`, each facing the
/// other, in the German Prep Fire Phase.
fn duel_at(g: &CrossOfIron, from: &str, to: &str) -> (State, usize, usize) {
    let (a, b) = (hex(g, from), hex(g, to));
    let board = &g.rules().board;
    let mut s = empty(g, Phase::PrepFire, 0);
    let pz = place(g, &mut s, "Panzer 2", from, board.direction(a, b));
    let t34 = place(g, &mut s, "Tank 1", to, board.direction(b, a));
    (s, pz, t34)
}

/// The range between two hexes.
fn range(g: &CrossOfIron, from: &str, to: &str) -> u8 {
    g.rules().board.distance(hex(g, from), hex(g, to))
}

/// The TO HIT modifiers of Panzer 2 in `from` shooting at the T-34 in `to`.
fn panzer_drm(g: &CrossOfIron, from: &str, to: &str) -> i8 {
    let (s, pz, t34) = duel_at(g, from, to);
    g.to_hit(&s, pz, hex(g, to), Some(t34)).1
}

/// The game with the 75L gun (the PzKpfw IV's, the StuG's and the PaK 40's) given `suffix`
/// instead of "L".
fn with_suffix(suffix: &str) -> CrossOfIron {
    edited("counters.toml", |t| {
        t.replace("suffix = \"L\"", &format!("suffix = \"{suffix}\""))
    })
    .expect("a gun suffix the data accepts")
}

/// Fires `u`'s gun at `target`, with Intensive Fire declared or not, as long as such a shot
/// is offered in the phase: the number of shots.
fn fire_every_shot(
    g: &CrossOfIron,
    s: &mut State,
    u: usize,
    target: usize,
    intensive: bool,
) -> usize {
    let mut fired = 0;
    while shots_offered(g, s, u, target).contains(&intensive) {
        g.open_gun_fire(s, u, target as u8, false, intensive);
        s.pending = Pending::None;
        fired += 1;
        assert!(fired <= 8, "the shots never end");
    }
    fired
}

/// The number of 2d6 rolls (of 36) at most `n`.
fn rolls_at_most(n: i8) -> u128 {
    (1..=6i8)
        .flat_map(|a| (1..=6i8).map(move |b| a + b))
        .filter(|&t| t <= n)
        .count() as u128
}

/// 64: "a tank shall be any tracked AFV equipped with a rotating turret … A SP Gun shall be
/// any tracked AFV without a rotating turret … An open-topped AFV is still governed by the
/// rules pertaining to its general class"; 64.47: only "tanks and closed-top SP Guns" are
/// buttoned up. (Halftracks, armoured cars and open-rear AFVs are not in the engine.)
#[test]
fn rule_64_an_open_topped_sp_gun_is_an_sp_gun_but_never_buttoned_up() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    let su76 = place(&g, &mut s, "SU-76", "E5", 3);
    let a5 = hex(&g, "A5");
    let drm = |s: &State, u: usize| g.to_hit(s, u, a5, Some(pz)).1;
    let (t34_buttoned, su76_closed_hatches) = (drm(&s, t34), drm(&s, su76));
    s.units[t34].flags |= flag::CE;
    s.units[su76].flags |= flag::CE;
    assert_eq!(
        t34_buttoned - drm(&s, t34),
        1,
        "the closed tank adds 1 buttoned up"
    );
    assert_eq!(
        drm(&s, su76),
        su76_closed_hatches,
        "the open-topped SU-76 is never buttoned up"
    );
    assert_eq!(drm(&s, su76), drm(&s, t34), "both 76mm, same shot");
    // A target behind them: the SP gun turns its hull, the tank its turret.
    for u in [t34, su76] {
        (s.units[u].hull, s.units[u].turret) = (0, 0);
    }
    g.open_gun_fire(&mut s, su76, pz as u8, false, false);
    g.open_gun_fire(&mut s, t34, pz as u8, false, false);
    s.pending = Pending::None;
    assert_eq!(
        s.units[su76].hull, 3,
        "the open-topped SP gun pivots its hull"
    );
    assert_eq!((s.units[t34].hull, s.units[t34].turret), (0, 3));
}

/// 64.11: "The vehicular Covered Arc … is utilized for all bow mounted MGs (64.41) and bow
/// mounted main armament (SP Guns) as well as deducing target facing (33.5) for all incoming
/// fire." (The hull-down exception, 64.35, is not in the engine.)
#[test]
fn rule_64_11_the_hull_arc_sets_target_facing_and_an_sp_guns_field_of_fire() {
    let g = game();
    let (mut s, pz, t34) = duel_at(&g, "A5", "E5");
    s.units[t34].turret = 0; // turret turned away, hull toward the Panzer
    assert_eq!(g.kill_roll(&s, pz, t34, false).facing, Facing::Front);
    (s.units[t34].hull, s.units[t34].turret) = (0, 3); // hull away, turret toward
    assert_eq!(g.kill_roll(&s, pz, t34, false).facing, Facing::SideOrRear);
    // The StuG has no turret: its gun turns with the hull, whatever a turret value says.
    let stug = place(&g, &mut s, "StuG", "A6", 3);
    s.units[stug].turret = 0;
    let e5 = hex(&g, "E5");
    let hull_away = g.to_hit(&s, stug, e5, Some(t34)).1;
    s.units[stug].hull = 0;
    let hull_toward = g.to_hit(&s, stug, e5, Some(t34)).1;
    assert_eq!(
        hull_away - hull_toward,
        g.rules().data.charts.to_hit.hull_turn_drm
    );
    // The bow MG bears through the hull arc, the turret turned away.
    (s.units[pz].hull, s.units[pz].turret) = (0, 3);
    assert_eq!(g.firepower(&s, pz, e5).0, 4, "bow MG 2, in half factors");
}

/// 64.12: "The turret Covered Arc is utilized to determine the field of fire of all turret
/// mounted weapons." 64.123: "All turret weapons' TO HIT DRMs based on Covered Arc are based
/// on the turret Covered Arc." (64.123's Case A for arcs changed in the Movement Phase is
/// tested by the `rule_64_123_…` tests below.)
#[test]
fn rule_64_12_and_64_123_turret_weapons_use_the_turret_arc() {
    let g = game();
    let (mut s, pz, t34) = duel_at(&g, "A5", "E5");
    let e5 = hex(&g, "E5");
    let turn = g.rules().data.charts.to_hit.turret_turn_drm;
    assert!(turn > 0);
    let aligned = g.to_hit(&s, pz, e5, Some(t34)).1;
    s.units[pz].hull = 3; // hull away, turret on the target
    assert_eq!(g.to_hit(&s, pz, e5, Some(t34)).1, aligned, "no Case A");
    assert_eq!(
        g.firepower(&s, pz, e5).0,
        4,
        "the coaxial MG alone bears, 2 in half factors"
    );
    (s.units[pz].hull, s.units[pz].turret) = (0, 3); // hull on the target, turret away
    assert_eq!(g.to_hit(&s, pz, e5, Some(t34)).1, aligned + turn);
}

/// The hex `n` hexes from `from` in direction `dir`.
fn ahead(g: &CrossOfIron, from: u8, dir: u8, n: usize) -> u8 {
    (0..n).fold(from, |h, _| {
        g.rules().board.neighbour[h as usize][dir as usize]
    })
}

/// Moves Panzer 2 (German Movement Phase) to `to` by its legal move and chooses `face` for it
/// (64.1), through the game's own decisions. The StuG, yet to move in L1, holds the phase
/// there.
fn move_then_face(g: &CrossOfIron, s: &mut State, pz: usize, to: u8, face: u8) {
    let stug = place(g, s, "StuG", "L1", 3);
    s.cursor = pz as u8;
    let cost = move_cost(g, s, pz, to).expect("a legal move");
    g.apply(s, Action::Move { hex: to, cost });
    assert_eq!(s.pending, Pending::Facing { unit: pz as u8 });
    g.apply(s, Action::Face { dir: face });
    assert_eq!(
        (s.phase, g.current_unit(s)),
        (Phase::Movement, Some(stug)),
        "still the German Movement Phase"
    );
}

/// [`move_then_face`], then the Advancing Fire Phase of the same player turn.
fn move_and_face(g: &CrossOfIron, mut s: State, pz: usize, to: u8, face: u8) -> State {
    move_then_face(g, &mut s, pz, to, face);
    s.phase = Phase::AdvancingFire;
    s.pending = Pending::None;
    s
}

/// The TO HIT modifiers of Panzer 2 in `at` (hull and turret facing `face`), unmoved, at the
/// T-34 in `target`, in the German Advancing Fire Phase.
fn unmoved_drm(g: &CrossOfIron, at: u8, face: u8, target: u8) -> i8 {
    let mut s = empty(g, Phase::AdvancingFire, 0);
    let pz = place(g, &mut s, "Panzer 2", "A5", face);
    let t34 = place(g, &mut s, "Tank 1", "A1", 3);
    s.units[pz].hex = at;
    s.units[t34].hex = target;
    g.refresh(&mut s);
    g.to_hit(&s, pz, target, Some(t34)).1
}

/// 64.123: "a change in the vehicular Covered Arc activates the Case A DRM whether the turret
/// Covered Arc is changed or not." Panzer 2 in A5 has its hull one spine off (1) but its
/// turret already on the T-34 east of it (0); it moves one hex east, so its hull comes onto
/// the turret's line and the turret does not turn. In Advancing Fire the T-34 is inside both
/// arcs, yet the shot carries one Case A (+2, 70.8) over the same shot by an unmoved Panzer,
/// besides the moving firer's DRM.
#[test]
fn rule_64_123_a_hull_arc_changed_in_movement_adds_one_case_a_though_the_turret_stayed() {
    let g = game();
    let chart = &g.rules().data.charts.to_hit;
    assert_eq!(
        chart.turret_turn_drm, 2,
        "70.8 and 63.19 price Case A at +2"
    );
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 1);
    s.units[pz].turret = 0;
    let target = ahead(&g, hex(&g, "A5"), 0, 5);
    let t34 = place(&g, &mut s, "Tank 1", "A1", 3);
    s.units[t34].hex = target;
    g.refresh(&mut s);
    let to = ahead(&g, hex(&g, "A5"), 0, 1);
    let s = move_and_face(&g, s, pz, to, 0);
    let u = s.units[pz];
    assert_eq!((u.hex, u.hull, u.turret), (to, 0, 0));
    assert!(u.has(flag::HULL_TURNED) && !u.has(flag::TURRET_TURNED));
    let board = &g.rules().board;
    assert!(board.in_arc(to, u.hull, target) && board.in_arc(to, u.turret, target));
    assert_eq!(
        g.to_hit(&s, pz, target, Some(t34)).1,
        unmoved_drm(&g, to, 0, target) + chart.firer_moved_drm + chart.turret_turn_drm,
        "one Case A for the hull's change"
    );
}

/// 64.123: turret weapons' Case A is "based on the turret Covered Arc": a turret arc changed
/// in the Movement Phase alone counts once. Panzer 2 in A5 with its hull east (0) and its
/// turret west (3) moves one hex east: the hull keeps its arc, the turret swings onto it. Its
/// Advancing Fire shot at the T-34 ahead, inside both arcs, carries one Case A over the same
/// shot by an unmoved Panzer, besides the moving firer's DRM.
#[test]
fn rule_64_123_a_turret_arc_changed_in_movement_alone_adds_one_case_a() {
    let g = game();
    let chart = &g.rules().data.charts.to_hit;
    let a5 = hex(&g, "A5");
    let to = ahead(&g, a5, 0, 1);
    let target = ahead(&g, to, 0, 3);
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    s.units[pz].turret = 3;
    let t34 = place(&g, &mut s, "Tank 1", "A1", 3);
    s.units[t34].hex = target;
    g.refresh(&mut s);
    let s = move_and_face(&g, s, pz, to, 0);
    let u = s.units[pz];
    assert_eq!((u.hex, u.hull, u.turret), (to, 0, 0));
    assert!(u.has(flag::TURRET_TURNED) && !u.has(flag::HULL_TURNED));
    assert_eq!(
        g.to_hit(&s, pz, target, Some(t34)).1,
        unmoved_drm(&g, to, 0, target) + chart.firer_moved_drm + chart.turret_turn_drm,
        "one Case A for the turret's change"
    );
}

/// 64.123: "If both the turret and vehicular Covered Arcs are changed during the Movement
/// Phase the Case A DRM is doubled." Panzer 2 in A5, hull and turret east (0), moves one hex
/// north-east (5): both arcs turn with the move; and, moving straight east, it then chooses a
/// new facing (5) for hull and turret. Either way the Advancing Fire shot at the T-34 ahead,
/// inside both new arcs, carries Case A twice over the same shot by an unmoved Panzer,
/// besides the moving firer's DRM.
#[test]
fn rule_64_123_hull_and_turret_arcs_changed_in_movement_double_case_a() {
    let g = game();
    let chart = &g.rules().data.charts.to_hit;
    let a5 = hex(&g, "A5");
    for (step, face) in [(5, 5), (0, 5)] {
        let to = ahead(&g, a5, step, 1);
        let target = ahead(&g, to, face, 3);
        let mut s = empty(&g, Phase::Movement, 0);
        let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
        let t34 = place(&g, &mut s, "Tank 1", "A1", 3);
        s.units[t34].hex = target;
        g.refresh(&mut s);
        let s = move_and_face(&g, s, pz, to, face);
        let u = s.units[pz];
        assert_eq!((u.hex, u.hull, u.turret), (to, face, face), "step {step}");
        assert!(u.has(flag::HULL_TURNED) && u.has(flag::TURRET_TURNED));
        assert_eq!(
            g.to_hit(&s, pz, target, Some(t34)).1,
            unmoved_drm(&g, to, face, target) + chart.firer_moved_drm + 2 * chart.turret_turn_drm,
            "step {step}: Case A doubled"
        );
    }
}

/// 64.123 prices arcs changed in the Movement Phase only: an unmoved Panzer 2 fires in
/// Advancing Fire with no Case A (its Prep Fire modifiers), one that moves straight ahead and
/// keeps its facing pays only the moving firer's DRM, and one whose arcs changed has no Case A
/// left in its Defensive Fire of the next player turn (the changes count for their own
/// player turn: Defensive Fire is fired by the side that did not move).
#[test]
fn rule_64_123_no_arc_change_in_movement_adds_no_case_a() {
    let g = game();
    let chart = &g.rules().data.charts.to_hit;
    let (a5, e5) = (hex(&g, "A5"), hex(&g, "E5"));
    let (mut s, pz, t34) = duel_at(&g, "A5", "E5");
    let prep = g.to_hit(&s, pz, e5, Some(t34)).1;
    s.phase = Phase::AdvancingFire;
    assert_eq!(
        g.to_hit(&s, pz, e5, Some(t34)).1,
        prep,
        "unmoved: no Case A"
    );
    assert_eq!(unmoved_drm(&g, a5, 0, e5), prep);

    let to = ahead(&g, a5, 0, 1);
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    let straight = move_and_face(&g, s, pz, to, 0);
    assert!(!straight.units[pz].has(flag::HULL_TURNED | flag::TURRET_TURNED));
    // Facing a hexspine (63.11), a move through either front hexside is straight ahead: the
    // hull keeps its arc on the way to the south-east too (direction 1), and is offered it.
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    place(&g, &mut s, "Tank 1", "E5", 3);
    let south_east = ahead(&g, a5, 1, 1);
    let mut moved = s;
    g.do_move(
        &mut moved,
        pz,
        south_east,
        move_cost(&g, &s, pz, south_east).unwrap(),
    );
    assert_eq!(moved.units[pz].hull, 0, "the hull kept its spine");
    assert!(!moved.units[pz].has(flag::HULL_TURNED));
    assert_eq!(
        g.to_hit(&straight, pz, e5, Some(t34)).1,
        unmoved_drm(&g, to, 0, e5) + chart.firer_moved_drm,
        "straight ahead: the moving firer only"
    );

    // Turned in the German Movement Phase; the next (Russian) player turn passes to its
    // Defensive Fire Phase, where the Panzer fires with no Case A.
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 1);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    move_then_face(&g, &mut s, pz, to, 0);
    assert!(s.units[pz].has(flag::HULL_TURNED | flag::TURRET_TURNED));
    let mut legal = Vec::new();
    for _ in 0..200 {
        if s.phasing == 1 && s.phase == Phase::DefensiveFire && g.current_unit(&s) == Some(pz) {
            break;
        }
        legal.clear();
        g.legal_actions(&s, &mut legal);
        let a = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        };
        g.apply(&mut s, a);
    }
    assert_eq!((s.phasing, s.phase), (1, Phase::DefensiveFire));
    assert_eq!(s.units[t34].hex, e5, "the T-34 passed its move");
    assert!(!s.units[pz].has(flag::HULL_TURNED | flag::TURRET_TURNED));
    let mut fresh = empty(&g, Phase::DefensiveFire, 1);
    let p = place(&g, &mut fresh, "Panzer 2", "A5", 0);
    let t = place(&g, &mut fresh, "Tank 1", "E5", 3);
    fresh.units[p].hex = to;
    g.refresh(&mut fresh);
    assert_eq!(
        g.to_hit(&s, pz, e5, Some(t34)).1,
        g.to_hit(&fresh, p, e5, Some(t)).1,
        "no Case A in the next player turn's Defensive Fire"
    );
}

/// 64.121: "When a tank or other turreted vehicle fires outside its Covered Arc, the facing
/// of the vehicle counter is no longer changed (33.34). Instead, the turret counter is
/// changed so that the target is now within the turret Covered Arc." (Its Case E for a tank
/// changing its hull arc in Defensive Fire is not in the engine: a tank never pivots to fire.)
#[test]
fn rule_64_121_firing_outside_the_arc_turns_the_turret_and_the_next_shot_has_no_case_a() {
    let g = game();
    let (mut s, pz, t34) = duel_at(&g, "A5", "E5");
    let e5 = hex(&g, "E5");
    (s.units[pz].hull, s.units[pz].turret) = (3, 3);
    let outside = g.to_hit(&s, pz, e5, Some(t34)).1;
    g.open_gun_fire(&mut s, pz, t34 as u8, false, false);
    s.pending = Pending::None;
    assert_eq!(s.units[pz].hull, 3, "the vehicle counter keeps its facing");
    assert_eq!(
        s.units[pz].turret,
        g.rules().board.direction(hex(&g, "A5"), e5)
    );
    assert_eq!(
        outside - g.to_hit(&s, pz, e5, Some(t34)).1,
        g.rules().data.charts.to_hit.turret_turn_drm,
        "the target is now within the turret arc"
    );
}

/// 64.122: "The turret Covered Arc may change as a result of firing a turret mounted weapon
/// or anytime during the Movement Phase. The turret Covered Arc may not change during the
/// Movement Phase if the vehicle has fired during the Prep Fire Phase." (In the engine the
/// turret changes in the Movement Phase only by moving: it is set to the new hull facing.)
#[test]
fn rule_64_122_the_turret_turns_by_firing_and_not_in_movement_after_prep_fire() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "E5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "A5", 0);
    g.open_gun_fire(&mut s, pz, t34 as u8, false, false);
    s.pending = Pending::None;
    assert_eq!(
        (s.units[pz].hull, s.units[pz].turret),
        (0, 3),
        "firing turned the turret"
    );
    s.phase = Phase::Movement;
    let mut list: Vec<Action> = Vec::new();
    g.unit_actions(&s, pz, &mut list);
    assert!(list.is_empty(), "prep fired: nothing in the Movement Phase");
    // Without Prep Fire the tank moves, and its turret turns in the Movement Phase.
    let mut t = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut t, "Panzer 2", "E5", 0);
    place(&g, &mut t, "Tank 1", "A5", 0);
    g.unit_actions(&t, pz, &mut list);
    assert!(list.iter().any(|a| matches!(a, Action::Move { .. })));
    move_to(&g, &mut t, pz, hex(&g, "D5"));
    assert_eq!(t.units[pz].turret, 3);
}

/// 64.22: "Main Gun armament with a "LL" designation may subtract 1 from its TO HIT dice roll
/// at a range of 13 - 24 hexes, and may subtract 2 from its TO HIT dice roll at a range of 25
/// or more hexes." The board is 15 hexes across: 25 and more by the modifier itself.
#[test]
fn rule_64_22_an_ll_gun_subtracts_1_at_13_to_24_hexes_2_from_25() {
    let (plain, ll) = (with_suffix(""), with_suffix("LL"));
    let ll_drm = |from: &str, to: &str| panzer_drm(&ll, from, to) - panzer_drm(&plain, from, to);
    assert_eq!((range(&ll, "A5", "L5"), range(&ll, "A2", "L8")), (11, 14));
    assert_eq!(ll_drm("A5", "L5"), 0);
    assert_eq!(ll_drm("A2", "L8"), -1);
    assert_eq!(range_drm(GunSuffix::LL, 12), 0);
    assert_eq!(range_drm(GunSuffix::LL, 13), -1);
    assert_eq!(range_drm(GunSuffix::LL, 24), -1);
    assert_eq!(range_drm(GunSuffix::LL, 25), -2);
    assert_eq!(range_drm(GunSuffix::LL, 60), -2);
}

/// 64.23: "Main Gun armament with a "*" designation must add 1 to its TO HIT dice roll at a
/// range of 7 - 12 hexes … +2 at a range of 13 - 24 hexes, and +3 at a range of 25 - 39
/// hexes, and +4 at a range of 40+ hexes." (That it "replaces Cases B & C" has no test: the
/// engine's reconstructed TO HIT numbers fall by range band and have no Cases B or C.)
#[test]
fn rule_64_23_a_star_gun_adds_1_at_7_to_12_hexes_rising_to_4_at_40() {
    let (plain, star) = (with_suffix(""), with_suffix("*"));
    let star_drm =
        |from: &str, to: &str| panzer_drm(&star, from, to) - panzer_drm(&plain, from, to);
    let ranges = ["E5", "H5", "L5"].map(|to| range(&star, "A5", to));
    assert_eq!(ranges, [4, 7, 11]);
    assert_eq!(star_drm("A5", "E5"), 0);
    assert_eq!(star_drm("A5", "H5"), 1);
    assert_eq!(star_drm("A5", "L5"), 1);
    assert_eq!(star_drm("A2", "L8"), 2, "14 hexes");
    assert_eq!(range_drm(GunSuffix::Star, 6), 0);
    assert_eq!(range_drm(GunSuffix::Star, 13), 2);
    assert_eq!(range_drm(GunSuffix::Star, 24), 2);
    assert_eq!(range_drm(GunSuffix::Star, 25), 3);
    assert_eq!(range_drm(GunSuffix::Star, 39), 3);
    assert_eq!(range_drm(GunSuffix::Star, 40), 4);
}

/// 64.24: "Although the Long Range Modifiers do not modify dice rolls on the AFV KILL TABLE,
/// (33.4) they do tend to place their armament in a distinctly different classification on
/// that table." (The classification is data: each gun of counters.toml has its own kill
/// numbers.)
#[test]
fn rule_64_24_the_suffix_modifies_the_to_hit_roll_not_the_kill_roll() {
    let (g, star) = (game(), with_suffix("*"));
    let (s, pz, t34) = duel_at(&g, "A2", "L8");
    let l8 = hex(&g, "L8");
    assert_eq!(
        star.to_hit(&s, pz, l8, Some(t34)).1 - g.to_hit(&s, pz, l8, Some(t34)).1,
        3,
        "14 hexes: +2 for a * gun, -1 for an L gun"
    );
    assert_eq!(
        star.kill_roll(&s, pz, t34, false),
        g.kill_roll(&s, pz, t34, false)
    );
}

/// 64.31: "The first (top) armor modifier applies to all TO KILL dice rolls made as a result
/// of a hit on the front target facing (33.5) of the vehicle." 64.32: "The second (bottom)
/// armor modifier applies to all TO KILL dice rolls made as a result of a hit on the side or
/// rear target facing of the vehicle."
#[test]
fn rule_64_31_and_64_32_the_top_modifier_for_front_hits_the_bottom_for_side_or_rear() {
    let g = game();
    let (mut s, pz, t34) = duel_at(&g, "A5", "E5");
    let (top, bottom) = {
        let v = g.def(t34).vehicle.as_ref().expect("an AFV");
        (v.front, v.side_rear)
    };
    assert!(
        top > bottom,
        "the T-34's two modifiers tell the facings apart"
    );
    let front = g.kill_roll(&s, pz, t34, false);
    assert_eq!((front.facing, front.armor_modifier), (Facing::Front, top));
    // A roll that penetrates the side or rear, not the front.
    let raw = (front.kill_number - front.armor_modifier + 1) as u8;
    assert!((2..=12).contains(&raw));
    assert_eq!(resolve_to_kill(&front, raw, 1), KillResult::NoEffect);
    for (hull, facing) in [(1, "side"), (0, "rear")] {
        s.units[t34].hull = hull;
        let k = g.kill_roll(&s, pz, t34, false);
        assert_eq!(
            (k.facing, k.armor_modifier),
            (Facing::SideOrRear, bottom),
            "{facing}"
        );
        assert!(
            resolve_to_kill(&k, raw, 1) >= KillResult::Destroyed,
            "{facing}"
        );
    }
}

/// 64.41: "The bow MG … may fire only through the vehicle's Covered Arc. The bow MG
/// firepower factor is halved as Moving Fire (9.3), if the AFV has either moved into a new
/// hex … The range of all bow MGs is 8 hexes." (Pivoting without moving, and hull down, are
/// not in the engine.)
#[test]
fn rule_64_41_the_bow_mg_fires_through_the_hull_arc_to_8_hexes_halved_after_moving() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A4", 0);
    s.units[pz].turret = 3; // the coaxial MG looks away
    place(&g, &mut s, "1st Section", "I4", 3);
    let fp = |s: &State, at: &str| g.firepower(s, pz, hex(&g, at)).0;
    assert_eq!((range(&g, "A4", "I4"), range(&g, "A4", "J4")), (8, 9));
    assert_eq!(fp(&s, "I4"), 4, "bow MG 2, in half factors");
    assert_eq!(fp(&s, "J4"), 0, "beyond 8 hexes");
    s.units[pz].hull = 3;
    assert_eq!(fp(&s, "I4"), 0, "outside the hull arc");
    s.units[pz].hull = 0;
    s.phase = Phase::AdvancingFire;
    s.units[pz].flags |= flag::MOVED;
    assert_eq!(fp(&s, "I4"), 2, "moving fire: halved");
}

/// 64.42: "The coaxial MG factor of an AFV may only fire through the turret's Covered Arc.
/// The coaxial MG factor is halved as Moving Fire if the AFV has moved into a new hex … It is
/// not halved by the changing of the turret Covered Arc. The range of all coaxial MG factors
/// is 12 hexes."
#[test]
fn rule_64_42_the_coaxial_mg_fires_through_the_turret_arc_to_12_hexes() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A1", 3); // hull and turret away from L3
    place(&g, &mut s, "1st Section", "L3", 3);
    let (l3, l4) = (hex(&g, "L3"), hex(&g, "L4"));
    assert_eq!((range(&g, "A1", "L3"), range(&g, "A1", "L4")), (12, 13));
    assert_eq!(g.firepower(&s, pz, l3).0, 0, "neither MG bears");
    // High explosive at L3 turns the turret to it; the hull stays.
    g.open_gun_fire(&mut s, pz, l3, true, false);
    s.pending = Pending::None;
    assert_eq!(s.units[pz].hull, 3);
    assert_eq!(g.firepower(&s, pz, l3).0, 4, "coaxial MG 2 at 12 hexes");
    assert_eq!(g.firepower(&s, pz, l4).0, 0, "13 hexes: beyond 12");
    // Advancing Fire: the turret's turn alone does not halve it; moving does.
    s.phase = Phase::AdvancingFire;
    s.units[pz].flags = 0;
    assert_eq!(g.firepower(&s, pz, l3).0, 4);
    s.units[pz].flags |= flag::MOVED;
    assert_eq!(g.firepower(&s, pz, l3).0, 2);
}

/// 64.46: "if they do attack the same target hex, they must be combined and resolved with one
/// dice roll … MG fire at the same target cannot be added to the firepower of the main
/// armament, but must be resolved separately." (Not in the engine: an AFV's MGs firing at
/// different hexes in one phase, and the coaxial MG held to the main armament's line of
/// sight.)
#[test]
fn rule_64_46_mgs_at_one_hex_combine_in_one_roll_apart_from_the_main_gun() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    place(&g, &mut s, "1st Section", "E5", 3);
    let e5 = hex(&g, "E5");
    let ift_fp = |column: u8| g.rules().ift[column as usize].fp;
    g.open_fire(&mut s, pz, e5, false);
    let Pending::Fire { column, .. } = s.pending else {
        panic!("{:?}", s.pending)
    };
    assert_eq!(ift_fp(column), 4, "bow 2 + coaxial 2 in one attack");
    s.pending = Pending::None;
    let mut list: Vec<Action> = Vec::new();
    g.gun_actions(&s, pz, g.target_hexes(&s, 0), &mut list);
    assert!(
        list.contains(&Action::HighExplosive {
            hex: e5,
            intensive: false
        }),
        "the main gun still fires, on its own"
    );
    g.open_gun_fire(&mut s, pz, e5, true, false);
    g.resolve_to_hit(&mut s, 3, None);
    let Pending::Fire { column, .. } = s.pending else {
        panic!("{:?}", s.pending)
    };
    let he = g.def(pz).gun.as_ref().expect("a gun").he_fp;
    assert_eq!(
        ift_fp(column),
        he,
        "the HE's own column, no MG factors added"
    );
}

/// 64.7: "If a "to hit" dice roll of 8 or more (before modification) occurs, the vehicle has
/// run out of smoke ammunition … Treat that round as AP or HE instead." (Not in the engine:
/// the 70mm minimum, the Russian 76* limit, and any smoke shot in play; the dice are
/// `gunnery`'s.)
#[test]
fn rule_64_7_smoke_runs_out_on_an_unmodified_8_and_the_round_is_fired_as_ap_or_he() {
    let smoke = Shot {
        ammo: Ammo::Smoke,
        ..Shot::plain(10, -4)
    };
    let roll = |raw| {
        resolve_to_hit(
            &smoke,
            ToHitDice { raw, third_die: 6 },
            CriticalThreshold::Final,
        )
    };
    assert!(!roll(7).out_of_smoke);
    assert!(roll(8).out_of_smoke, "raw 8, though the final roll is 4");
    assert!(roll(8).hit, "the round is still resolved");
    let out = |shot: &Shot| exact::to_hit(shot, CriticalThreshold::Final).prob(|r| r.out_of_smoke);
    assert_eq!(out(&smoke), Fraction::new(15, 36), "raw 8-12");
    assert_eq!(
        out(&Shot::plain(10, -4)),
        Fraction::ZERO,
        "AP or HE never runs out"
    );
}

/// 65.1: "The AFV KILL dice roll can be modified in addition to the target armor modifiers
/// (64.3) by the range at which the target is hit, assuming the target is hit with AP
/// ammunition." 65.2: "As the range at which an AP shell is fired increases, the penetration
/// capability of that shell decreases." (The range chart is missing: the reconstructed kill
/// numbers fall by TO HIT range band.)
#[test]
fn rule_65_1_and_65_2_ap_penetrates_less_at_longer_range_besides_the_armour() {
    let g = game();
    let top = g
        .def(unit(&g, "Tank 1"))
        .vehicle
        .as_ref()
        .expect("an AFV")
        .front;
    let kill = |from: &str, to: &str| {
        let (s, pz, t34) = duel_at(&g, from, to);
        g.kill_roll(&s, pz, t34, false)
    };
    let ranges = [("A5", "E5"), ("A5", "L5"), ("A2", "L8")].map(|(a, b)| range(&g, a, b));
    assert_eq!(ranges, [4, 11, 14]);
    let (near, mid, far) = (kill("A5", "E5"), kill("A5", "L5"), kill("A2", "L8"));
    for k in [near, mid, far] {
        assert_eq!((k.facing, k.armor_modifier), (Facing::Front, top));
    }
    assert!(near.kill_number > mid.kill_number && mid.kill_number > far.kill_number);
    let raw = (far.kill_number - far.armor_modifier + 1) as u8;
    assert_eq!(resolve_to_kill(&far, raw, 6), KillResult::NoEffect);
    assert!(resolve_to_kill(&near, raw, 6) >= KillResult::Destroyed);
}

/// 66.21: "Attacks to deliberately immobilize an AFV which are traced through the rear target
/// facing must add +5 to its TO HIT dice roll, rather than the +3 DRM for a side shot." (The
/// modifier and the shot calculator have it; no deliberate immobilisation is played.)
#[test]
fn rule_66_21_a_deliberate_immobilization_through_the_rear_adds_5_not_3() {
    let rear = calculate("to_hit=10,deliberate=rear").expect("a valid shot");
    assert!(
        rear.contains("+5  66.2   deliberate immobilisation from the rear"),
        "{rear}"
    );
    assert!(rear.contains("a raw roll of 5 or less"), "{rear}");
    let side = calculate("to_hit=10,deliberate=side").expect("a valid shot");
    assert!(side.contains("a raw roll of 7 or less"), "{side}");
    let hit = |rear: bool| {
        let shot = Shot::plain(10, deliberate_immobilization_drm(rear));
        exact::to_hit(&shot, CriticalThreshold::Final).prob(|r| r.hit)
    };
    assert_eq!(hit(true), Fraction::new(10, 36));
    assert_eq!(hit(false), Fraction::new(21, 36));
}

/// 66.33: "Armor leaders (76.6) can modify the repair die roll."
#[test]
fn rule_66_33_the_armour_leader_modifies_the_repair_roll() {
    let g = game();
    let mut s = empty(&g, Phase::Repair, 0);
    let pz = place(&g, &mut s, "Panzer 1", "A5", 0);
    assert!(g.def(pz).armor_leader && g.def(pz).leadership == -1);
    s.units[pz].flags |= flag::IMMOBILIZED;
    let repair = |leader: bool, raw: u8| {
        let mut t = s;
        if !leader {
            t.units[pz].flags |= flag::LEADER_LOST;
        }
        g.resolve_repair(&mut t, pz, raw);
        t.units[pz]
    };
    assert!(
        !repair(true, 3).has(flag::IMMOBILIZED),
        "3 - 1 = 2: repaired"
    );
    let without = repair(false, 3);
    assert!(without.has(flag::IMMOBILIZED) && !without.has(flag::PERMANENT));
    // 76.6 Note: the modifier does "not modify die rolls which would otherwise result in
    // permanent immobilization".
    assert!(
        repair(true, 9).has(flag::PERMANENT),
        "a raw 9 stays permanent"
    );
    assert!(repair(false, 9).has(flag::PERMANENT));
    assert!(!repair(true, 8).has(flag::PERMANENT));
}

/// 66.4: "Henceforth, the act of immobilization in itself … does not require a Morale Check
/// by the AFV crew." (The check of an immobilised AFV hit again: the next test.)
#[test]
fn rule_66_4_an_immobilization_calls_for_no_crew_morale_check() {
    let g = game();
    let (mut s, pz, t34) = duel_at(&g, "A5", "E5");
    s.units[t34].hull = 0; // its rear to the Panzer
    let k = g.kill_roll(&s, pz, t34, false);
    let exactly = (k.kill_number - k.armor_modifier) as u8;
    s.pending = Pending::Kill {
        firer: pz as u8,
        target: t34 as u8,
        critical: false,
    };
    g.resolve_kill(&mut s, exactly, None);
    assert!(matches!(s.pending, Pending::Immobilization { .. }));
    g.resolve_kill(&mut s, exactly, Some(6));
    assert!(s.units[t34].has(flag::IMMOBILIZED) && s.units[t34].in_play());
    assert!(!s.units[t34].has(flag::MC_DUE));
    assert_eq!(g.next_morale_check(&s), None);
    assert_eq!(s.pending, Pending::None);
}

/// 66.4: "Immobilized AFVs subsequently hit, but not destroyed by an AT weapon must still
/// undergo a Morale Check (39.3) provided that the AT weapon involved has a mathematical chance
/// (barring critical hits) of penetrating the target armor": the immobilised T-34 hit again by
/// the Panzer's 75L and not killed (a raw roll past its kill number) checks its crew's
/// morale; mobile, it does not; and only a weapon that could penetrate calls for it (the
/// lowest roll, 2, with the armour modifier reaching the kill number).
#[test]
fn rule_66_4_an_immobilised_afv_hit_again_and_not_killed_checks_its_crew() {
    let g = game();
    let hit_after = |immobilized: bool| {
        let (mut s, pz, t34) = duel_at(&g, "A5", "E5");
        if immobilized {
            s.units[t34].flags |= flag::IMMOBILIZED;
        }
        let k = g.kill_roll(&s, pz, t34, false);
        assert!(
            k.may_penetrate(),
            "the 75L at 4 hexes can penetrate the front"
        );
        s.pending = Pending::Kill {
            firer: pz as u8,
            target: t34 as u8,
            critical: false,
        };
        let miss = (k.kill_number - k.armor_modifier + 1) as u8;
        g.resolve_kill(&mut s, miss, None);
        assert!(s.units[t34].in_play());
        (
            s.units[t34].has(flag::MC_DUE),
            g.next_morale_check(&s) == Some(t34),
        )
    };
    assert_eq!(hit_after(true), (true, true));
    assert_eq!(hit_after(false), (false, false));
    // With the Panzer's front armour made +6, the 45mm gun from 8 hexes (kill number 7)
    // cannot penetrate it, a 2 + 6 being 8: no check.
    let from = "id = \"PzKpfw IV F2\", side = \"germans\", gun = \"75L\", mp = 14, front = 1,";
    let thick = edited("counters.toml", |t| {
        assert!(t.contains(from), "{from} not in counters.toml");
        t.replacen(from, &from.replace("front = 1", "front = 6"), 1)
    })
    .unwrap();
    let g = thick;
    let mut s = empty(&g, Phase::PrepFire, 1);
    let gun = place(&g, &mut s, "45mm gun", "A5", 0);
    let pz = place(&g, &mut s, "Panzer 2", "I5", 3);
    s.units[pz].flags |= flag::IMMOBILIZED;
    let k = g.kill_roll(&s, gun, pz, false);
    assert!(!k.may_penetrate(), "{k:?}");
    s.pending = Pending::Kill {
        firer: gun as u8,
        target: pz as u8,
        critical: false,
    };
    g.resolve_kill(&mut s, 12, None);
    assert!(
        !s.units[pz].has(flag::MC_DUE),
        "no chance to penetrate: no check"
    );
    let kill = |number: i8, armour: i8| KillRoll::plain(number, armour, Facing::Front);
    assert!(kill(6, 4).may_penetrate(), "a 2 + 4 reaches 6");
    assert!(!kill(6, 5).may_penetrate(), "a 2 + 5 cannot");
}

/// The game with the 75L gun (the PzKpfw IV's, the StuG's and the PaK 40's) made a 150mm gun.
fn with_150mm_75l() -> CrossOfIron {
    let from = "{ id = \"75L\", calibre = 75,";
    edited("counters.toml", |t| {
        assert!(t.contains(from), "{from} not in counters.toml");
        t.replace(from, "{ id = \"75L\", calibre = 150,")
    })
    .expect("a 150mm gun is accepted")
}

/// 64.9: "any 150mm or larger guns' TO HIT dice roll of 11 or 12 (prior to modifications)
/// uses the last round of ammunition for the AFV's main armament. It is treated as a
/// disabled gun incapable of repair for the duration of the scenario." With the 75L made a
/// 150mm gun, the PzKw IV firing a raw 11 is disabled and offered no shot in its next fire
/// phase; one firing a raw 12 (which also jams it, B12) is offered no repair in the Rally
/// Phase and a repair die of 1 does not bring the gun back. A raw 10 does none of this, nor
/// does a raw 11 of the 75mm gun. The PaK 40 (a towed gun, not an AFV's main armament) is
/// not disabled by a raw 11.
#[test]
fn rule_64_9_a_150mm_afv_gun_firing_its_last_round_is_disabled_for_good() {
    let g = with_150mm_75l();
    // One shot of the PzKw IV at the T-34 on `raw`, then the German fire phase after.
    let fire = |g: &CrossOfIron, raw: u8| {
        let (mut s, pz, t34) = duel_at(g, "A5", "E5");
        g.open_gun_fire(&mut s, pz, t34 as u8, false, false);
        g.resolve_to_hit(&mut s, raw, None);
        s.pending = Pending::None;
        s.units[pz].shots = 0;
        s.units[pz].flags &= !(flag::PER_PHASE | flag::PREP_FIRED);
        (s, pz, t34)
    };
    let repair_offered = |s: &State, pz: usize| {
        let mut t = *s;
        t.phase = Phase::Repair;
        let mut from = 0;
        let mut offered = false;
        while let Some((job, pending)) = g.next_repair(&t, from) {
            offered |= pending == Pending::WeaponRepair { unit: pz as u8 };
            from = job + 1;
        }
        offered
    };
    for raw in [11, 12] {
        let (s, pz, t34) = fire(&g, raw);
        assert!(s.units[pz].has(flag::DISABLED), "raw {raw}: the last round");
        assert!(shots_offered(&g, &s, pz, t34).is_empty(), "raw {raw}");
        assert!(!repair_offered(&s, pz), "raw {raw}: no repair");
    }
    let (mut jammed, pz, t34) = fire(&g, 12);
    assert!(jammed.units[pz].has(flag::GUN_BROKEN));
    g.resolve_weapon_repair(&mut jammed, pz, 1);
    assert!(
        shots_offered(&g, &jammed, pz, t34).is_empty(),
        "still disabled"
    );

    let (s, pz, t34) = fire(&g, 10);
    assert!(
        !s.units[pz].has(flag::DISABLED | flag::GUN_BROKEN),
        "a raw 10"
    );
    assert!(!shots_offered(&g, &s, pz, t34).is_empty(), "it fires again");
    let (s, pz, t34) = fire(&game(), 11);
    assert!(!s.units[pz].has(flag::DISABLED), "a 75mm gun has rounds");
    assert!(!shots_offered(&game(), &s, pz, t34).is_empty());

    // The towed PaK 40 with the same 150mm gun keeps firing after a raw 11.
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pak = place(&g, &mut s, "PaK 40", "A5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    g.open_gun_fire(&mut s, pak, t34 as u8, false, false);
    g.resolve_to_hit(&mut s, 11, None);
    assert!(!s.units[pak].has(flag::DISABLED));
}

/// 68.2: "Once the Critical Hit has been obtained, the subsequent AFV KILL dice roll is made
/// on the 'Rear' target facing (regardless of the target's Covered Arc) with a -1 DRM"; the
/// Rear's armour modifier is the bottom one (64.32). In play: the T-34 at A5 scores a
/// critical hit on Panzer 2 (PzKpfw IV F2: front +1, side/rear -1) at E5, which faces it.
/// The KILL roll takes the side/rear -1, not the front's +1 (68.3 would clamp it to 0): a raw
/// kill number + 1 is a final kill number - 1, destroying it outright (a final equal to the
/// kill number would wait for the immobilisation die, 66.1).
#[test]
fn rule_68_2_a_critical_hit_kills_with_the_rear_armour_modifier_whatever_the_facing() {
    use crate::engine::Game;
    let g = game();
    let (mut s, pz, t34) = duel_at(&g, "E5", "A5");
    let board = &g.rules().board;
    assert!(
        board.in_arc(hex(&g, "E5"), s.units[pz].hull, hex(&g, "A5")),
        "the Panzer faces the T-34"
    );
    let ordinary = g.kill_roll(&s, t34, pz, false);
    assert_eq!(
        (ordinary.facing, ordinary.armor_modifier),
        (Facing::Front, 1)
    );
    let critical = g.kill_roll(&s, t34, pz, true);
    assert_eq!(
        (critical.facing, critical.armor_modifier),
        (Facing::SideOrRear, -1),
        "the Rear's modifier after a critical hit"
    );
    let raw = (critical.kill_number + 1) as u8;
    assert!((2..=12).contains(&raw));

    // The whole shot through the engine: TO HIT 2, third die 1 (critical), KILL raw.
    s.phase = Phase::DefensiveFire;
    s.cursor = t34 as u8;
    let shoot = Action::Shoot {
        target: pz as u8,
        intensive: false,
    };
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(legal.contains(&shoot), "{legal:?}");
    g.apply(&mut s, shoot);
    g.apply(&mut s, Action::Roll(2));
    assert!(matches!(s.pending, Pending::Critical(_)), "{:?}", s.pending);
    g.apply(&mut s, Action::Roll(1));
    assert_eq!(
        s.pending,
        Pending::Kill {
            firer: t34 as u8,
            target: pz as u8,
            critical: true
        }
    );
    let mut plain = s;
    g.apply(&mut s, Action::Roll(raw));
    assert!(
        !matches!(s.pending, Pending::Immobilization { .. }),
        "raw {raw} - 1 (rear) - 1 (68.2) is below the kill number: no immobilisation die"
    );
    assert!(!s.units[pz].in_play(), "destroyed");
    // The same raw roll after an ordinary hit through the front armour does nothing.
    plain.pending = Pending::Kill {
        firer: t34 as u8,
        target: pz as u8,
        critical: false,
    };
    g.apply(&mut plain, Action::Roll(raw));
    assert!(plain.units[pz].in_play(), "raw {raw} + 1: no effect");

    // The SU-76 (front -1, side/rear -2) facing the Panzer: -2 after a critical hit.
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let su = place(&g, &mut s, "SU-76", "E5", 3);
    assert_eq!(g.kill_roll(&s, pz, su, false).armor_modifier, -1);
    assert_eq!(g.kill_roll(&s, pz, su, true).armor_modifier, -2);
}

/// 68.3: "Armor modifiers of the target AFV are applied to the AFV KILL roll only if
/// negative" (after a critical hit, 68.2: against the Rear, -1).
#[test]
fn rule_68_3_a_critical_hit_ignores_a_positive_armour_modifier_not_a_negative_one() {
    let critical = |armor| KillRoll {
        critical: true,
        ..KillRoll::plain(8, armor, Facing::Front)
    };
    let destroyed = |k: &KillRoll| exact::to_kill(k).prob(|r| *r >= KillResult::Destroyed);
    // Kill number 8, final roll = raw - 1: raw 2-8 destroy, raw 9 immobilises on 4-6.
    assert_eq!(destroyed(&critical(0)), Fraction::new(28, 36));
    assert_eq!(destroyed(&critical(2)), Fraction::new(28, 36), "+2 ignored");
    // Raw - 2 - 1: raw 2-10 destroy, raw 11 immobilises on 4-6.
    assert_eq!(
        destroyed(&critical(-2)),
        Fraction::new(34, 36),
        "-2 applied"
    );
    assert_eq!(
        destroyed(&KillRoll::plain(8, 2, Facing::Front)),
        Fraction::new(15, 36),
        "an ordinary hit: raw + 2 at most 8"
    );
    // In play: the T-34 (front +2, side/rear +1) facing Panzer 2 in A5, at a range where the
    // 75L's kill number is 12. After a critical hit (68.2: the Rear's +1, so 68.3 has a
    // positive modifier to ignore) a raw 12 is a final 11: destroyed outright; with the +1
    // added it would be 12, the kill number, and wait for the immobilisation die (66.1).
    // After an ordinary hit through the front, 12 + 2: no effect.
    let g = game();
    let (s, pz, t34) = duel_at(&g, "A5", "E5");
    let board = &g.rules().board;
    let a5 = hex(&g, "A5");
    let at = |h: u8| {
        let mut t = s;
        t.units[t34].hex = h;
        t.units[t34].hull = board.direction(h, a5);
        t.units[t34].turret = t.units[t34].hull;
        g.refresh(&mut t);
        t
    };
    let mut s = (0..board.terrain.len() as u8)
        .filter(|&h| h != a5 && board.seen_from(a5) >> h & 1 == 1)
        .map(at)
        .find(|t| g.kill_roll(t, pz, t34, true).kill_number == 12)
        .expect("a hex in sight at the 75L's kill number 12");
    let ordinary = g.kill_roll(&s, pz, t34, false);
    assert_eq!(
        (ordinary.facing, ordinary.armor_modifier),
        (Facing::Front, 2)
    );
    let k = g.kill_roll(&s, pz, t34, true);
    assert!(k.critical && k.armor_modifier > 0, "{k:?}");
    let raw = 12;
    let kill = |s: &mut State, critical: bool| {
        s.pending = Pending::Kill {
            firer: pz as u8,
            target: t34 as u8,
            critical,
        };
        g.resolve_kill(s, raw, None);
    };
    let mut ordinary = s;
    kill(&mut ordinary, false);
    assert!(
        ordinary.units[t34].in_play(),
        "raw + front armour: no effect"
    );
    kill(&mut s, true);
    assert_eq!(
        s.pending,
        Pending::None,
        "no immobilization die: +1 not added"
    );
    assert!(!s.units[t34].in_play());
}

/// 69.5: "If an intensive firing weapon or one with a high rate of fire does engage another
/// target in addition to the acquired target, it loses any acquired target DRMs earned up to
/// that point on subsequent shots." 69.6: the Acquired Target counter goes when "the firer
/// fires at a different target".
#[test]
fn rule_69_5_and_69_6_a_shot_at_another_target_loses_the_acquisition() {
    let g = game();
    let mut s = empty(&g, Phase::DefensiveFire, 1);
    let pak = place(&g, &mut s, "PaK 40", "A5", 0); // ROF 2
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    let other = place(&g, &mut s, "Tank 2", "E6", 3);
    let e5 = hex(&g, "E5");
    let unacquired = g.to_hit(&s, pak, e5, Some(t34)).1;
    // Two fire phases in a row at the T-34 have earned -2 (69.1).
    acquired(&mut s, pak, t34, 2);
    let shot_drm = |s: &State| {
        let mut t = *s;
        g.open_gun_fire(&mut t, pak, t34 as u8, false, false);
        let Pending::ToHit(shot) = t.pending else {
            panic!("{:?}", t.pending)
        };
        shot.drm
    };
    assert_eq!(shot_drm(&s), unacquired - 2);
    let mut switched = s;
    g.open_gun_fire(&mut switched, pak, other as u8, false, false);
    switched.pending = Pending::None;
    assert_eq!(
        shot_drm(&switched),
        unacquired,
        "the second shot, back at the T-34"
    );
    let mut he = s;
    g.open_gun_fire(&mut he, pak, hex(&g, "C5"), true, false);
    he.pending = Pending::None;
    assert_eq!(shot_drm(&he), unacquired, "high explosive at a hex too");
}

/// 69.6: the Acquired Target counter "remains on the target until … the firer moves out of
/// its original firing hex". (Its other removals: the target leaving the firer's LOS,
/// `rule_69_6_a_target_moving_out_of_the_firers_los_is_no_longer_acquired`; the firer
/// skipping the next eligible fire phase, `rule_69_1_and_69_4_…` in `tests/ordnance.rs`.)
#[test]
fn rule_69_6_backing_out_of_the_firing_hex_removes_the_acquisition() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "E5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "K5", 3);
    let (k5, d5) = (hex(&g, "K5"), hex(&g, "D5"));
    let mut fresh = s;
    fresh.units[pz].hex = d5;
    g.refresh(&mut fresh);
    let unacquired_from_d5 = g.to_hit(&fresh, pz, k5, Some(t34)).1;
    let unacquired_from_e5 = g.to_hit(&s, pz, k5, Some(t34)).1;
    acquired(&mut s, pz, t34, 2);
    assert_eq!(g.to_hit(&s, pz, k5, Some(t34)).1, unacquired_from_e5 - 2);
    g.do_reverse(&mut s, pz, d5, 4); // 71: backing, the hull keeps its facing
    assert_eq!((s.units[pz].hex, s.units[pz].hull), (d5, 0));
    assert_eq!(g.to_hit(&s, pz, k5, Some(t34)).1, unacquired_from_d5);
}

/// 69.3: "The target is not considered acquired if it has moved out of the LOS of the firer
/// at any time since the firer's last shot"; 69.6: the counter "remains on the target until
/// the target moves out of the LOS of the firer". Panzer 2 at A5 has acquired the T-34 at
/// E5; the T-34 moves behind the woods of G5 (out of A5's LOS) and back to E5: the next shot
/// has the unacquired DRM. Moving to D5 and back, in sight all along, keeps the acquisition.
#[test]
fn rule_69_6_a_target_moving_out_of_the_firers_los_is_no_longer_acquired() {
    let g = game();
    let (mut s, pz, t34) = duel_at(&g, "A5", "E5");
    let board = &g.rules().board;
    let (a5, e5, h5, d5) = (hex(&g, "A5"), hex(&g, "E5"), hex(&g, "H5"), hex(&g, "D5"));
    assert!(!board.sees(a5, h5) && board.sees(a5, d5) && board.sees(a5, e5));
    let unacquired = g.to_hit(&s, pz, e5, Some(t34)).1;
    acquired(&mut s, pz, t34, 1);
    assert_eq!(g.to_hit(&s, pz, e5, Some(t34)).1, unacquired - 1);
    let there_and_back = |s: &State, via: u8| {
        let mut t = *s;
        move_to(&g, &mut t, t34, via);
        t.pending = Pending::None;
        move_to(&g, &mut t, t34, e5);
        t.pending = Pending::None;
        assert_eq!(t.units[t34].hex, e5);
        g.to_hit(&t, pz, e5, Some(t34)).1
    };
    assert_eq!(there_and_back(&s, h5), unacquired, "out of LOS: lost");
    assert_eq!(there_and_back(&s, d5), unacquired - 1, "in LOS: kept");
}

/// 69.3: "… or if the firing weapon breaks down (even if immediately repaired)." Panzer 2's
/// gun (B12) jams on a raw 12 at the T-34 it has acquired; repaired, its next shot has the
/// unacquired DRM. A raw 11 keeps the acquisition.
#[test]
fn rule_69_3_a_gun_that_breaks_down_loses_its_acquisition() {
    let g = game();
    let (mut s, pz, t34) = duel_at(&g, "A5", "E5");
    let e5 = hex(&g, "E5");
    let unacquired = g.to_hit(&s, pz, e5, Some(t34)).1;
    acquired(&mut s, pz, t34, 1);
    let after = |raw: u8| {
        let mut t = s;
        g.open_gun_fire(&mut t, pz, t34 as u8, false, false);
        g.resolve_to_hit(&mut t, raw, None);
        t.pending = Pending::None;
        g.resolve_weapon_repair(&mut t, pz, 1);
        assert!(!t.units[pz].has(flag::GUN_BROKEN));
        g.to_hit(&t, pz, e5, Some(t34)).1
    };
    assert_eq!(after(11), unacquired - 1);
    assert_eq!(after(12), unacquired);
}

/// 70.1: "Intensive Fire adds one "shot" to the rate of fire of every gun using it. EXAMPLE:
/// A MKIVF2 could fire twice per player turn; an AT Gun could fire three times per player
/// turn."
#[test]
fn rule_70_1_intensive_fire_adds_one_shot_the_mkivf2_fires_twice_an_at_gun_three_times() {
    let g = game();
    let (s, pz, t34) = duel_at(&g, "A5", "E5");
    assert_eq!(fire_every_shot(&g, &mut s.clone(), pz, t34, false), 1);
    assert_eq!(fire_every_shot(&g, &mut s.clone(), pz, t34, true), 2);
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pak = place(&g, &mut s, "PaK 40", "A5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    assert_eq!(fire_every_shot(&g, &mut s.clone(), pak, t34, false), 2);
    assert_eq!(fire_every_shot(&g, &mut s, pak, t34, true), 3);
}

/// 70.2: "All guns using Intensive Fire must add +2 to all TO HIT dice rolls to reflect loss
/// of accuracy."
#[test]
fn rule_70_2_the_intensive_fire_shot_adds_2_to_its_to_hit_roll() {
    let g = game();
    let (mut s, pz, t34) = duel_at(&g, "A5", "E5");
    let mut plain = s;
    g.open_gun_fire(&mut plain, pz, t34 as u8, false, false);
    g.open_gun_fire(&mut s, pz, t34 as u8, false, true);
    let (Pending::ToHit(ordinary), Pending::ToHit(intensive)) = (plain.pending, s.pending) else {
        panic!("{:?} {:?}", plain.pending, s.pending)
    };
    assert!(intensive.intensive && !ordinary.intensive);
    assert_eq!(
        (intensive.number, intensive.drm),
        (ordinary.number, ordinary.drm)
    );
    // The highest raw roll hitting without the +2.
    let raw = (ordinary.number - ordinary.drm) as u8;
    assert!((5..=11).contains(&raw));
    let after = |s: &State, raw: u8| {
        let mut t = *s;
        g.resolve_to_hit(&mut t, raw, None);
        t.pending
    };
    assert!(matches!(after(&plain, raw), Pending::Kill { .. }), "a hit");
    assert_eq!(after(&s, raw), Pending::None, "+2: a miss");
    assert!(matches!(after(&s, raw - 2), Pending::Kill { .. }));
    let hit = |intensive: bool| {
        let shot = g.shot(pz, ordinary.number, ordinary.drm, intensive);
        exact::to_hit(&shot, CriticalThreshold::Final).prob(|r| r.hit)
    };
    let room = ordinary.number - ordinary.drm;
    assert_eq!(hit(false), Fraction::new(rolls_at_most(room), 36));
    assert_eq!(hit(true), Fraction::new(rolls_at_most(room - 2), 36));
}

/// 70.3: "Intensive Fire cannot be used in the Advancing Fire Phase."
#[test]
fn rule_70_3_no_intensive_fire_in_the_advancing_fire_phase() {
    let g = game();
    let (mut s, pz, t34) = duel_at(&g, "A5", "E5");
    s.phase = Phase::AdvancingFire;
    assert_eq!(shots_offered(&g, &s, pz, t34), [false], "its ROF shot");
    s.units[pz].shots = 1;
    assert!(shots_offered(&g, &s, pz, t34).is_empty(), "no more");
    s.units[pz].shots = 0;
    s.phase = Phase::PrepFire;
    assert_eq!(shots_offered(&g, &s, pz, t34), [false, true]);
    s.phasing = 1;
    s.phase = Phase::DefensiveFire;
    assert_eq!(shots_offered(&g, &s, pz, t34), [false, true]);
}

/// 70.6: "Malfunctions occurring prior to an Intensive Firing gun using its full expended
/// rate of fire cause the loss of any remaining shot opportunities until the malfunction is
/// repaired."
#[test]
fn rule_70_6_a_malfunction_loses_the_remaining_shots_until_repaired() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pak = place(&g, &mut s, "PaK 40", "A5", 0); // ROF 2, B12
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    g.open_gun_fire(&mut s, pak, t34 as u8, false, false);
    let mut working = s;
    g.resolve_to_hit(&mut working, 11, None);
    assert_eq!(
        shots_offered(&g, &working, pak, t34),
        [false],
        "its second shot"
    );
    g.resolve_to_hit(&mut s, 12, None);
    assert!(s.units[pak].has(flag::GUN_BROKEN));
    assert!(
        shots_offered(&g, &s, pak, t34).is_empty(),
        "neither the second shot nor the Intensive Fire one"
    );
    g.resolve_weapon_repair(&mut s, pak, 1);
    assert!(!shots_offered(&g, &s, pak, t34).is_empty(), "repaired");
}

/// 67.11: "the owner of the wreck rolls one die at the start of his rally phase. A die roll of
/// '1' results in the removal of the smoke counter." The German Rally Phase rolls for the
/// German burning wreck, not the Russian one; a 1 puts it out, 2–6 leave it burning, and the
/// play log tells the die.
#[test]
fn rule_67_11_the_owner_rolls_for_his_burning_wreck_at_the_start_of_his_rally_phase() {
    let g = game();
    let mut s = empty(&g, Phase::Repair, 0);
    let pz = place(&g, &mut s, "Panzer 2", "D5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    for u in [pz, t34] {
        g.eliminate(&mut s, u, false);
        s.units[u].flags |= flag::BURNING;
    }
    // Both wrecks are drawn in their hexes, the burning one said to be smoke (trial 23g F3).
    let board = g.board(&s);
    for (at, name) in [("D5", "Panzer 2"), ("E5", "Tank 1")] {
        let p = board.places.iter().find(|p| p.label == at).unwrap();
        let wreck = p.counters.iter().find(|c| c.face == "wreck").expect(at);
        assert!(
            wreck.name.contains(name) && wreck.flipped,
            "{at}: {}",
            wreck.name
        );
        assert_eq!(
            wreck.status,
            "burning wreck: smoke to an overrun (67, 72.4)"
        );
    }
    let (job, pending) = g.next_repair(&s, 0).expect("a roll due");
    assert_eq!(pending, Pending::Extinguish { unit: pz as u8 });
    assert_eq!(g.next_repair(&s, job + 1), None, "not the Russians' wreck");
    s.pending = pending;
    s.cursor = job as u8 + 1;
    let mut dice = Vec::new();
    g.chance_outcomes(&s, &mut dice);
    assert_eq!(dice.len(), 6, "one die");
    for (die, out) in [(1, true), (2, false), (6, false)] {
        let mut t = s;
        g.apply(&mut t, Action::Roll(die));
        assert_eq!(!t.units[pz].has(flag::BURNING), out, "die {die}");
        assert!(t.units[t34].has(flag::BURNING), "die {die}");
        let told = g.narrate(&s, Action::Roll(die), &t).expect("told");
        assert!(told.contains(&format!("(67.11): rolled {die}")), "{told}");
    }
}
