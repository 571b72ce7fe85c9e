//! New artillery characteristics (63): guns of 20mm or more, their covered arc, suffix, rate of
//! fire and ammunition, gun shields and gun hits, and the rocket rules the shot calculator and
//! the procedures carry. The engine's only guns are anti-tank guns and AFV main guns; indirect
//! fire, mortars, rockets in play and gun movement are not implemented.

use super::*;
use crate::analysis::cross_of_iron::to_hit as to_hit_odds;
use crate::analysis::cross_of_iron_shot::calculate;
use crate::analysis::Fraction;
use crate::games::cross_of_iron::gunnery::{
    resolve_to_hit, Ammo, CriticalThreshold, Shot, ToHitDice,
};
use crate::games::cross_of_iron::modifiers::{
    range_drm, GunSuffix, DIRECT_ROCKETS, MOUNT_360_TURNING,
};
use crate::games::cross_of_iron::procedures::rocket_reload_player_turns;
use crate::games::cross_of_iron::Action;

/// The main-gun or AT-gun shots open to `u` now, at its side's fire targets.
fn gun_list(g: &CrossOfIron, s: &State, u: usize) -> Vec<Action> {
    let mut list = Vec::new();
    g.gun_actions(s, u, g.target_hexes(s, g.def(u).side), &mut list);
    list
}

/// `u` fires one armour-piercing shot at `target`; the dice are left unrolled.
fn shoot(g: &CrossOfIron, s: &mut State, u: usize, target: usize) {
    g.open_gun_fire(s, u, target as u8, false, false);
    s.pending = Pending::None;
}

/// The PaK 40 (ROF 2) in A5 facing east, the T-34s "Tank 1" in E5 and "Tank 2" in D5, in the
/// German Prep Fire Phase.
fn pak_and_two_tanks(g: &CrossOfIron) -> (State, usize, usize, usize) {
    let mut s = empty(g, Phase::PrepFire, 0);
    let pak = place(g, &mut s, "PaK 40", "A5", 0);
    let t1 = place(g, &mut s, "Tank 1", "E5", 3);
    let t2 = place(g, &mut s, "Tank 2", "D5", 3);
    (s, pak, t1, t2)
}

/// The Russian 45mm AT gun (shielded) in C5 facing `facing`, in the German Prep Fire Phase.
fn gun_in_c5(g: &CrossOfIron, facing: u8) -> (State, usize) {
    let mut s = empty(g, Phase::PrepFire, 0);
    let gun = place(g, &mut s, "45mm gun", "C5", facing);
    (s, gun)
}

/// The German 1st Squad (4 FP) fires on C5 from the adjacent hex `from` with the raw roll
/// `raw` (point blank: the 8 column).
fn squad_fires_on_c5(g: &CrossOfIron, s: &mut State, from: &str, raw: u8) {
    let sq = place(g, s, "1st Squad", from, 0);
    g.open_fire(s, sq, hex(g, "C5"), false);
    g.resolve_fire(s, raw);
}

/// The TO HIT modifiers of `gun` firing from `from` at the AFV `target` in `to`, the gun
/// facing the target.
fn drm_facing(g: &CrossOfIron, gun: &str, target: &str, from: &str, to: &str) -> i8 {
    let mut s = empty(g, Phase::PrepFire, 0);
    let dir = g.rules().board.direction(hex(g, from), hex(g, to));
    let u = place(g, &mut s, gun, from, dir);
    let t = place(g, &mut s, target, to, 0);
    g.to_hit(&s, u, hex(g, to), Some(t)).1
}

/// 63: "All weapons 20mm or larger are generically termed 'guns'": a gun counter below 20mm
/// is refused when the data is loaded, one of 20mm is accepted.
#[test]
fn rule_63_weapons_of_20mm_or_more_are_guns_and_a_smaller_gun_is_refused() {
    let from = "{ id = \"45\", calibre = 45,";
    let with_calibre = |mm: u16| {
        edited("counters.toml", move |t| {
            assert!(t.contains(from), "{from} not in counters.toml");
            t.replace(from, &format!("{{ id = \"45\", calibre = {mm},"))
        })
    };
    match with_calibre(19) {
        Ok(_) => panic!("a 19mm gun was accepted"),
        Err(e) => {
            assert_eq!((e.table.as_str(), e.entry.as_str()), ("guns", "45"));
            assert!(
                e.message.contains("calibre 19 is out of range 20–400"),
                "{}",
                e.message
            );
        }
    }
    assert!(with_calibre(20).is_ok(), "20mm is a gun");
}

/// 63.11: "the gun barrel should be touching a hex spine, with the counter arranged like an
/// AFV in the hex" (64.12: a turret "pointing towards a different hex spine"). Facing the
/// spine between its east and south-east hexsides, a counter in E5 has those two neighbours
/// in its arc and not the other four, and the hexes its bounding spines run through (the
/// hexes two off along the spines either side) are in it; under the `hexside` reading it has three neighbours in its arc. The set-up's
/// facing `e` is the spine clockwise of it (`ese`) under the default reading, and the set-up
/// names either a hexside or a spine; the play screen calls the facing by its compass point.
#[test]
fn rule_63_11_a_counter_points_at_a_hexspine_two_hexes_ahead_two_behind() {
    use crate::games::cross_of_iron::board::CoveredArc;
    let g = game();
    let board = &g.rules().board;
    assert_eq!(board.covered_arc, CoveredArc::Hexspine);
    let e5 = hex(&g, "E5");
    for f in 0..6u8 {
        let ahead: Vec<u8> = (0..6u8)
            .filter(|&d| board.in_arc(e5, f, board.neighbour[e5 as usize][d as usize]))
            .collect();
        assert_eq!(ahead, {
            let mut v = vec![f, (f + 1) % 6];
            v.sort();
            v
        });
        // Two steps along each front hexside's direction, and one of each: the hex on the
        // spine line pointed at, in the arc; the bounding spines' hexes: one step in a front
        // direction and one outward (f − 1 or f + 2), in it too.
        let step = |h: u8, d: u8| board.neighbour[h as usize][(d % 6) as usize];
        let on_spine = step(step(e5, f), f + 1);
        let bounds = [step(step(e5, f), f + 5), step(step(e5, f + 1), f + 2)];
        for h in [on_spine, bounds[0], bounds[1]] {
            if h != crate::games::cross_of_iron::board::NO_HEX {
                assert!(board.in_arc(e5, f, h), "facing {f}: {}", board.name(h));
            }
        }
    }
    let sides = hexside_arcs();
    let b = &sides.rules().board;
    for f in 0..6u8 {
        let n = (0..6usize)
            .filter(|&d| b.in_arc(e5, f, b.neighbour[e5 as usize][d]))
            .count();
        assert_eq!(n, 3, "hexside reading, facing {f}");
    }
    assert_eq!(CoveredArc::Hexspine.parse("e"), Some(0));
    assert_eq!(CoveredArc::Hexspine.parse("n"), Some(4));
    assert_eq!(CoveredArc::Hexside.parse("ese"), Some(1));
    assert_eq!(CoveredArc::Hexside.parse("w"), Some(3));
    assert_eq!(CoveredArc::Hexspine.parse("up"), None);
    assert_eq!(CoveredArc::Hexspine.name(3), "west-north-west");
    let mut s = empty(&g, Phase::PrepFire, 0);
    place(&g, &mut s, "PaK 40", "C5", 0);
    let shown = g.render_text(&s);
    assert!(
        shown.contains("good order, facing east-south-east"),
        "{shown}"
    );
}

/// 63.11, 64.12: the picture of the board (the page, `sandtable board`) draws where each gun
/// and AFV points — the hull's spine and the turret's, 60° a spine clockwise from the
/// east-south-east spine at 30° — and says it in words; a squad has no facing. Under the
/// `hexside` reading the same counter points at hexsides (60° a side from east).
#[test]
fn rule_63_11_the_board_draws_and_names_each_guns_and_afvs_facing() {
    use crate::board::Facing;
    let drawn = |g: &CrossOfIron, s: &State, u: usize| {
        let name = g.label(u);
        let board = g.board(s);
        let c = board
            .places
            .iter()
            .flat_map(|p| &p.counters)
            .find(|c| c.name == name)
            .expect("on the board")
            .clone();
        (c.facing, c.status)
    };
    for (g, hull, turret, words) in [
        (
            game(),
            270,
            330,
            "hull facing north, turret east-north-east",
        ),
        (
            hexside_arcs(),
            240,
            300,
            "hull facing north-west, turret north-east",
        ),
    ] {
        let mut s = empty(&g, Phase::Movement, 1);
        let t34 = place(&g, &mut s, "Tank 1", "E5", 4);
        s.units[t34].turret = 5;
        let squad = place(&g, &mut s, "1st Squad", "C5", 0);
        let (facing, status) = drawn(&g, &s, t34);
        assert_eq!(facing, Some(Facing { hull, turret }));
        assert!(status.ends_with(words), "{status}");
        assert!(g.render_text(&s).contains(words));
        assert_eq!(drawn(&g, &s, squad).0, None);
    }
}

/// 63.11: "All Guns have a covered arc similar to AFVs, while their side and rear is
/// considered their 'uncovered arc'." The PaK 40 turns to fire outside its arc exactly where a
/// StuG (the same 75L, its crew exposed) in the same hex facing the same way does, and after
/// firing behind it the hexes ahead are outside its arc.
#[test]
fn rule_63_11_a_gun_has_a_covered_arc_like_an_afvs_hull_and_turns_out_of_it_to_fire() {
    let g = game();
    let board = &g.rules().board;
    let mut s = empty(&g, Phase::PrepFire, 0);
    let c5 = hex(&g, "C5");
    let pak = place(&g, &mut s, "PaK 40", "C5", 0);
    let stug = place(&g, &mut s, "StuG", "C5", 0);
    s.units[stug].flags |= flag::CE; // not buttoned up (64.47): no modifier of its own
    let turn = g.rules().data.charts.to_hit.hull_turn_drm;
    let arc_drm = |s: &State, u: usize, h: u8| {
        g.to_hit(s, u, h, None).1 - range_drm(GunSuffix::L, u16::from(board.distance(c5, h)))
    };
    let (mut covered, mut uncovered) = (0, 0);
    for h in (0..board.len() as u8).filter(|&h| h != c5) {
        let drm = arc_drm(&s, pak, h);
        assert_eq!(drm, arc_drm(&s, stug, h), "{}", board.name(h));
        match drm {
            0 => covered += 1,
            d if d == turn => uncovered += 1,
            d => panic!("{}: {d}", board.name(h)),
        }
    }
    assert!(
        covered > 0 && uncovered > 0,
        "{covered} covered, {uncovered} not"
    );
    assert_eq!(arc_drm(&s, pak, hex(&g, "E5")), 0, "ahead: covered");
    assert_eq!(arc_drm(&s, pak, hex(&g, "A5")), turn, "behind: uncovered");
    g.open_gun_fire(&mut s, pak, hex(&g, "A5"), true, false);
    assert_eq!(s.units[pak].hull, 3, "the gun now faces west");
    assert_eq!(arc_drm(&s, pak, hex(&g, "A5")), 0);
    assert_eq!(
        arc_drm(&s, pak, hex(&g, "E5")),
        turn,
        "east is now its rear"
    );
}

/// 63.12: "An *, L, or LL suffix means that certain 'to hit' modifiers are used at various
/// ranges … An underscore means the gun cannot fire HE ammunition." The PaK 40's 75L takes
/// −1 at 14 hexes and the plain 45mm nothing; a gun without HE (the data's `he_fp = 0`) is
/// offered armour-piercing shots only.
#[test]
fn rule_63_12_the_suffix_brings_its_range_modifier_and_a_gun_without_he_fires_only_ap() {
    let g = game();
    let near = g.rules().board.distance(hex(&g, "A5"), hex(&g, "E5"));
    let far = g.rules().board.distance(hex(&g, "A2"), hex(&g, "L8"));
    assert!(
        near <= 12 && (13..=24).contains(&far),
        "ranges {near} and {far}"
    );
    let pak = |from: &str, to: &str| drm_facing(&g, "PaK 40", "Tank 1", from, to);
    assert_eq!(
        pak("A2", "L8"),
        pak("A5", "E5") - 1,
        "L: −1 at 13 hexes or more"
    );
    let gun45 = |from: &str, to: &str| drm_facing(&g, "45mm gun", "Panzer 2", from, to);
    assert_eq!(
        gun45("A2", "L8"),
        gun45("A5", "E5"),
        "no suffix: no range modifier"
    );

    let from = "calibre = 45, suffix = \"\", rof = 1, breakdown = 12, he_fp = 4,";
    let no_he = edited("counters.toml", |t| {
        assert!(t.contains(from), "{from} not in counters.toml");
        t.replace(from, &from.replace("he_fp = 4", "he_fp = 0"))
    })
    .unwrap();
    for (variant, he) in [(&g, true), (&no_he, false)] {
        let mut s = empty(variant, Phase::PrepFire, 1);
        let gun = place(variant, &mut s, "45mm gun", "E5", 3);
        let pz = place(variant, &mut s, "Panzer 2", "A5", 0);
        place(variant, &mut s, "1st Squad", "C5", 0);
        let list = gun_list(variant, &s, gun);
        assert!(list.contains(&Action::Shoot {
            target: pz as u8,
            intensive: false
        }));
        let fires_he = list
            .iter()
            .any(|a| matches!(a, Action::HighExplosive { .. }));
        assert_eq!(fires_he, he, "{list:?}");
    }
}

/// 33.4: a shot kills only after it hits, so the odds shown before a shot are each a chance
/// of the shot, the target destroyed never above the hit (trial 19b F6: "kill" read as of
/// the shot or of a hit).
#[test]
fn rule_33_4_a_shots_odds_are_each_of_the_shot_and_a_kill_needs_a_hit() {
    let g = game();
    let (mut s, pak, t1, _) = pak_and_two_tanks(&g);
    s.cursor = pak as u8;
    let shot = Action::Shoot {
        target: t1 as u8,
        intensive: false,
    };
    let text = g.odds_text(&s, shot).unwrap();
    assert!(text.starts_with("of this shot: hit "), "{text}");
    let number = |after: &str| number_after(&text, after);
    let (hit, destroyed) = (number("hit "), number("target destroyed "));
    assert!(hit > 0.0 && destroyed <= hit, "{text}");
}

/// 63.14: "a circled number here means the gun may fire twice or more … PER PLAYER TURN. All
/// firing must still occur during the SAME PHASE within the player-turn, but need not be used
/// against the same target." The PaK 40 (ROF 2) fires its two shots at two tanks in Prep Fire
/// (one of ROF 1 has none after the first), and the shot it kept is
/// not fired in the Advancing Fire Phase.
#[test]
fn rule_63_14_a_rof_2_gun_fires_twice_in_one_phase_at_any_targets_and_in_no_later_phase() {
    let g = game();
    let at = |target: usize, intensive: bool| Action::Shoot {
        target: target as u8,
        intensive,
    };
    let (mut s, pak, t1, t2) = pak_and_two_tanks(&g);
    assert!(gun_list(&g, &s, pak).contains(&at(t1, false)));
    shoot(&g, &mut s, pak, t1);
    let after_one = s;
    assert!(
        gun_list(&g, &s, pak).contains(&at(t2, false)),
        "a second shot, at another target"
    );
    shoot(&g, &mut s, pak, t2);
    assert!(
        gun_list(&g, &s, pak).is_empty(),
        "no Intensive Fire declared: none left"
    );

    let from = "gun = \"75L\", rof = 2,";
    let rof_1 = edited("counters.toml", |t| {
        assert!(t.contains(from), "{from} not in counters.toml");
        t.replace(from, "gun = \"75L\", rof = 1,")
    })
    .unwrap();
    let (mut one, p, a, _) = pak_and_two_tanks(&rof_1);
    shoot(&rof_1, &mut one, p, a);
    assert!(gun_list(&rof_1, &one, p).is_empty());

    // The next phase: its shot count starts again, but a gun that fired in Prep Fire does
    // not fire in Advancing Fire; one that held its fire does.
    let advancing = |mut s: State| {
        s.phase = Phase::AdvancingFire;
        s.units[pak].shots = 0;
        s.units[pak].flags &= !flag::PER_PHASE;
        let mut list = Vec::new();
        g.unit_actions(&s, pak, &mut list);
        list
    };
    assert!(advancing(after_one).is_empty());
    let (held, ..) = pak_and_two_tanks(&g);
    assert!(advancing(held).contains(&at(t1, false)));
}

/// 63.19: "Normally, guns can only fire into their Covered Arc, and must be rotated in place
/// like SP guns to fire in another direction (48.5). However, guns with a 360° mount may
/// rotate and fire in any direction like tank turret guns, with a much smaller TO HIT DRM (+2,
/// case A)." The PaK 40 pays an SP gun's hull turn, not a turret's, and turns in its hex; that
/// rotation costs more than the 360° mount's +2 ("much smaller"), which the shot calculator's
/// `mount360` adds. (No gun in play has a 360° mount, and its multi-shot clause is not
/// modelled.)
#[test]
fn rule_63_19_a_gun_rotates_in_place_like_an_sp_gun_and_a_360_mount_turns_at_plus_2() {
    let g = game();
    let chart = &g.rules().data.charts.to_hit;
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pak = place(&g, &mut s, "PaK 40", "C5", 3);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    let e5 = hex(&g, "E5");
    let behind = g.to_hit(&s, pak, e5, Some(t34)).1;
    shoot(&g, &mut s, pak, t34);
    assert_eq!(
        (s.units[pak].hex, s.units[pak].hull),
        (hex(&g, "C5"), 0),
        "rotated in place to face the target"
    );
    let ahead = g.to_hit(&s, pak, e5, Some(t34)).1;
    assert_eq!(behind - ahead, chart.hull_turn_drm, "the SP gun's Case A");
    assert!(
        chart.hull_turn_drm > MOUNT_360_TURNING,
        "63.19: the 360° mount's +2 is much smaller than rotating an ordinary gun ({})",
        chart.hull_turn_drm
    );

    let plain = calculate("to_hit=7").unwrap();
    assert!(plain.contains("a raw roll of 7 or less"), "{plain}");
    let mount = calculate("to_hit=7,mount360").unwrap();
    assert!(
        mount.contains("+2  63.19  360° mount turning (Case A)"),
        "{mount}"
    );
    assert!(mount.contains("a raw roll of 5 or less"), "{mount}");
}

/// 63.18: "any TO HIT or firepower result dice roll of this value or higher means the weapon
/// has jammed upon firing. Any additional shots that phase, and all subsequent firing is
/// prohibited until the gun is repaired". The PaK 40 (ROF 2) fires HE at the section in E5;
/// the TO HIT roll (3) hits, and the IFT roll of the HE is at the gun's B# or one below: at
/// the B#, the gun has jammed (its second shot is gone, and later phases' shots too, until a
/// repair die of 1); one below, the second shot is still offered. With the data's B12 and
/// with the 75L edited to B11 (the number is read, not a constant 12).
#[test]
fn rule_63_18_a_guns_he_firepower_roll_at_its_breakdown_number_jams_it_until_repaired() {
    use crate::engine::Game;
    let b11 = edited("counters.toml", |t| {
        let from = "suffix = \"L\", rof = 1, breakdown = 12";
        assert!(t.contains(from));
        t.replace(from, "suffix = \"L\", rof = 1, breakdown = 11")
    })
    .unwrap();
    // The PaK 40 after its HE shot's IFT roll `ift`.
    let fire = |g: &CrossOfIron, ift: u8| {
        let mut s = empty(g, Phase::PrepFire, 0);
        let pak = place(g, &mut s, "PaK 40", "A5", 0);
        place(g, &mut s, "1st Section", "E5", 3);
        place(g, &mut s, "Tank 2", "D5", 3);
        let e5 = hex(g, "E5");
        let he = Action::HighExplosive {
            hex: e5,
            intensive: false,
        };
        s.cursor = pak as u8;
        assert!(gun_list(g, &s, pak).contains(&he));
        g.apply(&mut s, he);
        g.apply(&mut s, Action::Roll(3));
        assert!(
            matches!(s.pending, Pending::Fire { hex, .. } if hex == e5),
            "the HE hit: {:?}",
            s.pending
        );
        g.apply(&mut s, Action::Roll(ift));
        (s, pak)
    };
    for (g, b) in [(game(), 12), (b11, 11)] {
        let (s, pak) = fire(&g, b - 1);
        assert!(
            !s.units[pak].has(flag::GUN_BROKEN),
            "B{b}: IFT roll {}",
            b - 1
        );
        assert!(!gun_list(&g, &s, pak).is_empty(), "B{b}: its second shot");

        let (mut s, pak) = fire(&g, b);
        assert!(
            s.units[pak].has(flag::GUN_BROKEN),
            "B{b}: IFT roll {b} jams"
        );
        assert_eq!(s.units[pak].acquired, u8::MAX, "69.3");
        assert_eq!(gun_list(&g, &s, pak), [], "B{b}: no more shots this phase");
        // A later fire phase: still jammed, until repaired.
        s.units[pak].shots = 0;
        s.units[pak].flags &= !flag::PER_PHASE;
        assert_eq!(gun_list(&g, &s, pak), [], "B{b}: nor later until repaired");
        g.resolve_weapon_repair(&mut s, pak, 1);
        assert!(!gun_list(&g, &s, pak).is_empty(), "B{b}: repaired");
    }
}

/// 63.18 on the play screen: an HE shot's odds count a malfunction on its firepower (IFT)
/// roll as well as on its TO HIT roll. The PaK 40 (B12) at A5 firing HE at the section in
/// E5: a TO HIT 12 (1/36), or a hit below 12 and then an IFT 12 (1/36 of the hits).
#[test]
fn rule_63_18_an_he_shots_odds_count_a_malfunction_on_the_firepower_roll() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pak = place(&g, &mut s, "PaK 40", "A5", 0);
    place(&g, &mut s, "1st Section", "E5", 3);
    s.cursor = pak as u8;
    let e5 = hex(&g, "E5");
    let (number, drm) = g.to_hit(&s, pak, e5, None);
    let ways = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0];
    let hits_below_12: f64 = (2..=11)
        .filter(|&raw| raw + drm <= number)
        .map(|raw| ways[(raw - 2) as usize] / 36.0)
        .sum();
    assert!(hits_below_12 > 0.3, "a fair shot: {hits_below_12}");
    let expected = 1.0 / 36.0 + hits_below_12 / 36.0;
    let chance = g.he_jam_chance(pak, number, drm, false);
    assert!(
        (chance - expected).abs() < 1e-12,
        "{chance} against {expected}"
    );
    let text = g
        .odds_text(
            &s,
            Action::HighExplosive {
                hex: e5,
                intensive: false,
            },
        )
        .unwrap();
    let shown = format!("gun malfunction {:.0}% (B12)", 100.0 * expected);
    assert!(text.ends_with(&shown), "{text}");
    // The IFT odds are said to be given a hit (trial 21f F13).
    assert!(text.contains("then, once hit, against "), "{text}");
    assert_ne!(
        shown, "gun malfunction 3% (B12)",
        "not the TO HIT roll's alone"
    );
}

/// 63.21: "Unless otherwise restricted, a gun may use HE or AP ammunition in unlimited
/// quantity." No TO HIT roll of an AP or HE shot runs its ammunition out, where HEAT (63.16)
/// and smoke (63.22) do; the PaK 40 still has both after ten phases of firing both.
#[test]
fn rule_63_21_ap_and_he_never_run_out_where_heat_and_smoke_do() {
    let roll = |shot: Shot, raw: u8| {
        resolve_to_hit(
            &shot,
            ToHitDice { raw, third_die: 6 },
            CriticalThreshold::Final,
        )
    };
    let ap_he = Shot::plain(7, 0);
    let heat = Shot {
        ammo: Ammo::Heat(5),
        ..ap_he
    };
    let smoke = Shot {
        ammo: Ammo::Smoke,
        ..ap_he
    };
    for raw in 2..=12 {
        let r = roll(ap_he, raw);
        assert!(!r.out_of_heat && !r.out_of_smoke, "raw {raw}");
    }
    assert!((2..=12).any(|raw| roll(heat, raw).out_of_heat));
    assert!((2..=12).any(|raw| roll(smoke, raw).out_of_smoke));

    let g = game();
    let (mut s, pak, t1, _) = pak_and_two_tanks(&g);
    place(&g, &mut s, "1st Section", "C5", 3);
    let c5 = hex(&g, "C5");
    for _ in 0..10 {
        s.units[pak].shots = 0;
        s.units[pak].flags &= !flag::PER_PHASE;
        shoot(&g, &mut s, pak, t1);
        g.open_gun_fire(&mut s, pak, c5, true, false);
        s.pending = Pending::None;
    }
    s.units[pak].shots = 0;
    let list = gun_list(&g, &s, pak);
    assert!(list.contains(&Action::Shoot {
        target: t1 as u8,
        intensive: false
    }));
    assert!(list.contains(&Action::HighExplosive {
        hex: c5,
        intensive: false
    }));
}

/// 63.51: "A gun shield will help protect the crew of a gun against firing through the gun's
/// Covered Arc. Attacks through the uncovered arc … ignore the gun shield effect." The same
/// point-blank attack with the same roll only checks the 45mm's crew from its front, and
/// eliminates it from its rear.
#[test]
fn rule_63_51_the_shield_protects_only_against_fire_through_the_covered_arc() {
    let g = game();
    let (mut front, gun) = gun_in_c5(&g, 3); // facing west, toward B5
    let mut rear = front;
    squad_fires_on_c5(&g, &mut front, "B5", 3);
    squad_fires_on_c5(&g, &mut rear, "D5", 3);
    assert!(!rear.units[gun].in_play(), "3 on the 8 column: KIA");
    let crew = front.units[gun];
    assert!(
        crew.in_play() && crew.has(flag::MC_DUE),
        "3 + 2: a morale check"
    );
}

/// The 45mm gun in C5 facing west after the Panzer 2 overruns it from `from` (driving in
/// facing C5) with the IFT roll `raw`: whether its crew is in play, and its morale check due.
fn overrun_of_c5(g: &CrossOfIron, from: &str, raw: u8) -> (bool, bool, i8) {
    let (mut s, gun) = gun_in_c5(g, 3);
    s.phase = Phase::Movement;
    let c5 = hex(g, "C5");
    let dir = g.rules().board.direction(hex(g, from), c5);
    let pz = place(g, &mut s, "Panzer 2", from, dir);
    move_to(g, &mut s, pz, c5);
    g.overrun(&mut s, pz);
    assert!(matches!(s.pending, Pending::Fire { overrun, .. } if overrun == pz as u8));
    g.resolve_fire(&mut s, raw);
    let crew = s.units[gun];
    (crew.in_play(), crew.has(flag::MC_DUE), crew.mc_drm)
}

/// 63.51: "A gun shield will help protect the crew of a gun against firing through the gun's
/// Covered Arc. Attacks through the uncovered arc … ignore the gun shield effect." An overrun
/// (72) is made in the gun's own hex: it comes through the arc the AFV drove in by. The 45mm
/// faces west; a Panzer 2 overrunning it from B5 (west) meets the shield's +2, one from D5
/// (east, behind it) does not: every roll from the front does what the roll 2 lower does from
/// behind, and some roll differs.
#[test]
fn rule_63_51_an_overrun_from_behind_a_gun_ignores_its_shield() {
    let g = game();
    for raw in 2..=10 {
        assert_eq!(
            overrun_of_c5(&g, "B5", raw),
            overrun_of_c5(&g, "D5", raw + 2),
            "raw {raw}"
        );
    }
    assert!((2..=12).any(|raw| overrun_of_c5(&g, "B5", raw) != overrun_of_c5(&g, "D5", raw)));
}

/// 63.52: "If a crew is protected by a gun shield, add two (+2) to the dice roll on the
/// Infantry Firepower Table, when resolving fire effects against the gun crew." The 45mm fired
/// on through its covered arc, with its shield and with it taken away in the data.
#[test]
fn rule_63_52_a_shield_adds_2_to_the_ift_roll_against_the_crew() {
    let g = game();
    let from = "crew = \"2-3-7\", shield = true";
    let bare = edited("counters.toml", |t| {
        assert!(t.contains(from), "{from} not in counters.toml");
        t.replace(from, "crew = \"2-3-7\", shield = false")
    })
    .unwrap();
    let (mut shielded, gun) = gun_in_c5(&g, 3);
    let (mut unshielded, _) = gun_in_c5(&bare, 3);
    let b5 = hex(&g, "B5");
    assert_eq!(
        g.target_drm(&shielded, b5, gun) - bare.target_drm(&unshielded, b5, gun),
        2
    );
    // A permanently malfunctioned gun still shields its crew (the 63.51 question: "Can its
    // crew still use its gun shield as cover …? A. Yes"); one destroyed by a hit (63.9) not.
    let mut broken = shielded;
    broken.units[gun].flags |= flag::GUN_BROKEN | flag::DISABLED;
    assert_eq!(
        g.target_drm(&broken, b5, gun),
        g.target_drm(&shielded, b5, gun)
    );
    broken.units[gun].flags |= flag::GUN_DESTROYED;
    assert_eq!(
        g.target_drm(&broken, b5, gun),
        bare.target_drm(&unshielded, b5, gun)
    );
    squad_fires_on_c5(&g, &mut shielded, "B5", 3);
    squad_fires_on_c5(&bare, &mut unshielded, "B5", 3);
    assert!(!unshielded.units[gun].in_play(), "3: KIA");
    assert_eq!(
        (
            shielded.units[gun].has(flag::MC_DUE),
            shielded.units[gun].mc_drm
        ),
        (true, 2),
        "5: a 2MC"
    );
}

/// 63.731: "the addition of a +2 TO HIT DRM for all direct fire rocket attacks". The shot
/// calculator's `rockets` adds 2: a TO HIT number of 7 then needs a raw 5 or less, 10 rolls in
/// 36.
#[test]
fn rule_63_731_direct_fire_rockets_add_2_to_hit_in_the_shot_calculator() {
    let plain = calculate("to_hit=7").unwrap();
    assert!(plain.contains("a raw roll of 7 or less"), "{plain}");
    let rockets = calculate("to_hit=7,rockets").unwrap();
    assert!(
        rockets.contains("+2  63.731 rockets firing direct"),
        "{rockets}"
    );
    assert!(
        rockets.contains("DRM +2: a hit on a final roll of 7 or less, a raw roll of 5 or less"),
        "{rockets}"
    );
    let d = to_hit_odds(&Shot::plain(7, DIRECT_ROCKETS), CriticalThreshold::Final);
    assert_eq!(d.prob(|r| r.hit), Fraction::new(10, 36));
}

/// 63.76: "Reloading requires 2 player turns (1 game turn) for a unit with 4 to 9 tubes; 5
/// player turns for a unit with 10 to 19 tubes, and 9 player turns for a unit with 20 or more
/// tubes."
#[test]
fn rule_63_76_reloading_takes_2_player_turns_for_4_to_9_tubes_5_for_10_to_19_9_for_20_or_more() {
    for (tubes, turns) in [(4, 2), (9, 2), (10, 5), (19, 5), (20, 9), (48, 9)] {
        assert_eq!(rocket_reload_player_turns(tubes, 0), turns, "{tubes} tubes");
    }
}

/// 63.9: "The gun crew is unaffected by AP hits but would undergo attack on the IFT if the gun
/// is hit by MG fire or HE. This attack would be modified by a +2 DRM for the gun shield
/// provided the hit was traced through the gun's Covered Arc." The PaK 40 fires only HE at the
/// 45mm, on the "infantry and gun" TO HIT line; the hit's IFT roll of 4 on the 75mm's 12
/// column checks the crew when the gun faces the PaK and eliminates it when it faces away.
/// (The 75L's kill numbers are lowered to 4 so that the shielded gun survives its own 63.9
/// KILL roll, a raw 12, and keeps its shield for the crew.)
#[test]
fn rule_63_9_he_hitting_a_gun_attacks_its_crew_on_the_ift_shielded_only_through_its_arc() {
    let g = edited("counters.toml", |t| {
        let l75 = "kill = [13, 13, 12, 11, 10, 9]";
        assert!(t.contains(l75));
        t.replace(l75, "kill = [4, 4, 4, 4, 4, 4]")
    })
    .unwrap();
    let chart = &g.rules().data.charts.to_hit;
    let c5 = hex(&g, "C5");
    for (facing, eliminated) in [(3, false), (0, true)] {
        let (mut s, gun) = gun_in_c5(&g, facing);
        let pak = place(&g, &mut s, "PaK 40", "A5", 0);
        let list = gun_list(&g, &s, pak);
        assert!(list.contains(&Action::HighExplosive {
            hex: c5,
            intensive: false
        }));
        assert!(
            !list.iter().any(|a| matches!(a, Action::Shoot { .. })),
            "no AP at a gun"
        );
        let band = g.rules().band(2).unwrap();
        assert_eq!(g.to_hit(&s, pak, c5, None).0, chart.infantry[band]);
        g.open_gun_fire(&mut s, pak, c5, true, false);
        g.resolve_to_hit(&mut s, 3, None);
        if !eliminated {
            assert!(matches!(s.pending, Pending::GunKill { .. }));
            g.resolve_gun_kill(&mut s, 12);
            assert!(!s.units[gun].has(flag::GUN_DESTROYED), "12 - 4 > 4");
        }
        assert!(matches!(s.pending, Pending::Fire { .. }), "{:?}", s.pending);
        g.resolve_fire(&mut s, 4);
        assert_eq!(!s.units[gun].in_play(), eliminated, "facing {facing}");
        assert_eq!(s.units[gun].has(flag::MC_DUE), !eliminated);
    }
}

/// 63.9: "Any gun without a protective gun shield or a gun hit from outside its Covered Arc is
/// automatically destroyed when hit by a 20mm or larger weapon." The PaK 40 in A5 hits the
/// 45mm in C5 with HE: facing west (toward A5) its shield saves the gun; facing east, or
/// facing west with its shield taken away in the data, the gun is destroyed (disabled for
/// good), and its crew takes the IFT attack.
#[test]
fn rule_63_9_a_gun_hit_from_outside_its_arc_or_unshielded_is_destroyed() {
    let bare = edited("counters.toml", |t| {
        t.replace(
            "crew = \"2-3-7\", shield = true",
            "crew = \"2-3-7\", shield = false",
        )
    })
    .unwrap();
    let g = game();
    for (game, facing, destroyed) in [(&g, 3, false), (&g, 0, true), (&bare, 3, true)] {
        let (mut s, gun) = gun_in_c5(game, facing);
        let pak = place(game, &mut s, "PaK 40", "A5", 0);
        let c5 = hex(game, "C5");
        game.open_gun_fire(&mut s, pak, c5, true, false);
        let before = s;
        game.resolve_to_hit(&mut s, 3, None);
        assert_eq!(
            s.units[gun].has(flag::DISABLED),
            destroyed,
            "facing {facing}"
        );
        let told = game.narrate_step(&before, Action::Roll(3), &s).unwrap();
        assert_eq!(told.contains("destroyed by the hit"), destroyed, "{told}");
        assert_eq!(
            matches!(s.pending, Pending::Fire { .. }),
            destroyed,
            "the crew's IFT attack follows at once, or after the shielded gun's KILL roll"
        );
    }
}

/// 63.9: "Any weapon with a protective gun shield hit from its Covered Arc must be eliminated
/// by a successful TO KILL dice roll on the AFV KILL TABLE using the AFV Front target facing
/// and an armor modifier of −4." The Russian 45mm in A5 hits the PaK 40 in I5 (8 hexes, kill
/// number 7) through its shield's arc with HE: a raw 11 (11 − 4 = 7) destroys the gun, a raw
/// 12 does not, and the HE's IFT attack on the crew follows either way. Facing away, the PaK
/// is destroyed by the hit with no KILL roll.
#[test]
fn rule_63_9_a_shielded_gun_hit_through_its_arc_takes_a_kill_roll_at_minus_4() {
    let g = game();
    let hit = |facing: u8| {
        let mut s = empty(&g, Phase::PrepFire, 1);
        let pak = place(&g, &mut s, "PaK 40", "I5", facing);
        let gun = place(&g, &mut s, "45mm gun", "A5", 0);
        g.open_gun_fire(&mut s, gun, hex(&g, "I5"), true, false);
        g.resolve_to_hit(&mut s, 2, None);
        (s, pak, gun)
    };
    let (s, pak, gun) = hit(3);
    assert_eq!(
        s.pending,
        Pending::GunKill {
            shot: match s.pending {
                Pending::GunKill { shot, .. } => shot,
                _ => panic!("a KILL roll is due: {:?}", s.pending),
            },
            gun: pak as u8
        }
    );
    let k = g.gun_kill_roll(&s, gun, pak);
    assert_eq!((k.kill_number, k.armor_modifier), (7, -4));
    assert_eq!(
        k.facing,
        crate::games::cross_of_iron::gunnery::Facing::Front
    );
    for (raw, destroyed) in [(11, true), (12, false)] {
        let mut t = s;
        g.apply(&mut t, Action::Roll(raw));
        assert_eq!(
            t.units[pak].has(flag::GUN_DESTROYED),
            destroyed,
            "raw {raw}"
        );
        assert!(matches!(t.pending, Pending::Fire { .. }), "raw {raw}");
        let told = g.narrate_step(&s, Action::Roll(raw), &t).unwrap();
        assert!(
            told.contains(&format!("(63.9): KILL rolled {raw}, -4")),
            "{told}"
        );
        assert_eq!(
            told.contains("destroyed by the KILL roll"),
            destroyed,
            "{told}"
        );
    }
    let (away, pak, _) = hit(0);
    assert!(away.units[pak].has(flag::GUN_DESTROYED));
    assert!(matches!(away.pending, Pending::Fire { .. }));
    // The play screen's odds: facing away, destroyed whenever hit; facing the 45mm, when hit
    // and the KILL roll is 11 or less (35 rolls in 36).
    let odds = |facing: u8| {
        let mut s = empty(&g, Phase::PrepFire, 1);
        place(&g, &mut s, "PaK 40", "I5", facing);
        let gun = place(&g, &mut s, "45mm gun", "A5", 0);
        s.cursor = gun as u8;
        let he = Action::HighExplosive {
            hex: hex(&g, "I5"),
            intensive: false,
        };
        let text = g.odds_text(&s, he).unwrap();
        let number = |after: &str| number_after(&text, after);
        (number("hit "), number("PaK 40 destroyed "))
    };
    let (hit_pct, destroyed) = odds(0);
    assert_eq!(destroyed, hit_pct);
    let (hit_pct, destroyed) = odds(3);
    assert!(
        (destroyed - hit_pct * 35.0 / 36.0).abs() <= 1.0,
        "{destroyed} of {hit_pct}"
    );
    assert!(destroyed < hit_pct);
}

/// 68.2: a critical hit's KILL roll is against the Rear, at −1 with the armour modifier only
/// if negative; its log line gives both terms, the total and the outcome, as the roll uses
/// them (trial 21f F1: it showed the armour alone; F4: no outcome).
#[test]
fn rule_68_2_a_critical_hits_kill_line_gives_each_term_the_total_and_the_outcome() {
    use crate::engine::Game;
    use crate::games::cross_of_iron::state::Pending;
    let g = game();
    let (mut s, pak, t1, _) = pak_and_two_tanks(&g);
    for critical in [true, false] {
        s.pending = Pending::Kill {
            firer: pak as u8,
            target: t1 as u8,
            critical,
        };
        let k = g.kill_roll(&s, pak, t1, critical);
        let (armour, crit) = k.modifier_parts();
        assert_eq!(
            (crit, armour <= 0 || !critical),
            (if critical { -1 } else { 0 }, true)
        );
        for raw in [2u8, 12] {
            let text = g.narrate(&s, Action::Roll(raw), &s).unwrap();
            let total = raw as i8 + armour + crit;
            let terms = match critical {
                true => format!("rear armour {armour:+}, critical hit -1 (68.2)"),
                false => format!("armour {armour:+}"),
            };
            assert!(
                text.starts_with(&format!(
                    "KILL: rolled {raw}, {terms} = {total} against kill number {}: ",
                    k.kill_number
                )),
                "{text}"
            );
            let outcome = match total > k.kill_number {
                true => "no effect",
                false => "destroyed",
            };
            assert!(text.contains(outcome), "{text}");
        }
    }
}

/// 68.1: the critical-hit die's line says whether the shot is a critical hit or an ordinary
/// one under the loaded reading (trial 21f F5: the die alone was told).
#[test]
fn rule_68_1_the_critical_hit_die_is_told_with_its_outcome() {
    use crate::engine::Game;
    use crate::games::cross_of_iron::state::{Pending, Shot};
    let g = game();
    let (mut s, pak, t1, _) = pak_and_two_tanks(&g);
    s.pending = Pending::Critical(Shot {
        firer: pak as u8,
        target: t1 as u8,
        number: 10,
        drm: 0,
        he: false,
        intensive: false,
    });
    let told = |die: u8| g.narrate(&s, Action::Roll(die), &s).unwrap();
    assert!(
        told(1).starts_with("critical-hit die (68): rolled 1: a critical hit (68.1)"),
        "{}",
        told(1)
    );
    assert!(
        told(6).starts_with("critical-hit die (68): rolled 6: an ordinary hit (68.1)"),
        "{}",
        told(6)
    );
}

/// The number printed right after `label` in `text` ("hit 58%" → 58).
fn number_after(text: &str, label: &str) -> f64 {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("{label} in {text}"));
    let digits: String = text[at + label.len()..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    digits.parse().unwrap()
}
