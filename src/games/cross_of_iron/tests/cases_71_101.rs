//! Rule cases 71–101 of the text: reverse (71), overrun and close combat against AFVs (72),
//! Double Time (73), bog (75.83), armour leaders (76), SS units (83), magnetic mines (86),
//! prisoners (89), captured ordnance (90.13), infantry height (91), stacking (92.2),
//! battlefield integrity (93), inexperienced infantry (94), sustained fire (95) and near
//! misses (100), each against the engine's play or the procedure that decides its roll.

use super::*;
use crate::analysis::dist::Dist;
use crate::analysis::fraction::Fraction;
use crate::engine::Actor;
use crate::games::cross_of_iron::gunnery::{CriticalThreshold, Shot};
use crate::games::cross_of_iron::modifiers::CAPTURED_RED_NUMBERS;
use crate::games::cross_of_iron::procedures::{
    bogged, mine_dud, mine_placed_in_close_combat, mine_placed_in_overrun, near_miss, Landing,
};
use crate::games::cross_of_iron::ruleset::Kind;
use crate::games::cross_of_iron::Action;

/// The decisions open to `u` in the current phase.
fn actions(g: &CrossOfIron, s: &State, u: usize) -> Vec<Action> {
    let mut list = Vec::new();
    g.unit_actions(s, u, &mut list);
    list
}

/// The moves open to `u` in the Movement Phase, forward and reverse.
fn moves(g: &CrossOfIron, s: &State, u: usize) -> Vec<Action> {
    let mut list = Vec::new();
    g.move_actions(s, u, &mut list);
    list
}

/// What backing `u` into `h` costs (`None`: it may not).
fn reverse_cost(g: &CrossOfIron, s: &State, u: usize, h: u8) -> Option<u8> {
    moves(g, s, u).into_iter().find_map(|a| match a {
        Action::Reverse { hex, cost } if hex == h => Some(cost),
        _ => None,
    })
}

/// The hexes `u` is offered to back into (71).
fn reverse_hexes(g: &CrossOfIron, s: &State, u: usize) -> Vec<u8> {
    moves(g, s, u)
        .into_iter()
        .filter_map(|a| match a {
            Action::Reverse { hex, .. } => Some(hex),
            _ => None,
        })
        .collect()
}

/// Whether `u` is offered a move past its MF (73: Double Time).
fn may_double_time(g: &CrossOfIron, s: &State, u: usize) -> bool {
    moves(g, s, u)
        .iter()
        .any(|a| matches!(*a, Action::Move { hex, cost } if g.double_time(s, u, hex, cost)))
}

/// The firepower of the IFT column of the attack waiting for its dice, and its B#.
fn attack(g: &CrossOfIron, s: &State) -> (u8, u8) {
    let Pending::Fire {
        column, breakdown, ..
    } = s.pending
    else {
        panic!("no IFT attack pending: {:?}", s.pending)
    };
    (g.rules().ift[column as usize].fp, breakdown)
}

/// The game with `from` replaced by `to` in scenario.toml.
fn scenario_with(from: &str, to: &str) -> CrossOfIron {
    edited("scenario.toml", |t| {
        assert!(t.contains(from), "{from} not in scenario.toml");
        t.replace(from, to)
    })
    .unwrap()
}

/// The infantry points lost that reach `pct` percent of the Germans' infantry base (93).
fn german_loss(g: &CrossOfIron, pct: u32) -> u16 {
    (pct * u32::from(g.rules().infantry_points[0])).div_ceil(100) as u16
}

/// 71.1: "Such backwards movement costs four times the normal MP cost for entrance of that
/// terrain."
#[test]
fn rule_71_1_backing_into_a_hex_costs_four_times_driving_into_it() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "E5", 0); // facing east: D5, C5 behind
    for behind in ["D5", "C5"] {
        let forward = move_cost(&g, &s, pz, hex(&g, behind)).unwrap();
        assert_eq!(
            reverse_cost(&g, &s, pz, hex(&g, behind)),
            Some(4 * forward),
            "{behind}"
        );
    }
    // Woods behind C4: 4 MP forward, 16 backing, past the PzKw IV F2's MA (three times would
    // still fit).
    s.units[pz].hex = hex(&g, "C4");
    g.refresh(&mut s);
    let woods = move_cost(&g, &s, pz, hex(&g, "B4")).unwrap();
    let mp = g.allowance(&s, pz);
    assert!(3 * woods <= mp && 4 * woods > mp, "woods {woods}, MA {mp}");
    assert_eq!(reverse_cost(&g, &s, pz, hex(&g, "B4")), None);
}

/// 71.2: "The hex entered with reverse movement must be one of the two hexes which formed
/// the rear target facing of the vehicle prior to reverse movement." Facing a hexspine (the
/// default reading), the Panzer at E5 backs first into one of the two hexes behind it, and
/// every hex it may back into lies behind, never in its arc; under the `hexside` reading, only
/// straight back (below).
#[test]
fn rule_71_2_reverse_enters_one_of_the_two_hexes_behind_the_hull() {
    let g = game();
    let board = &g.rules().board;
    let mut s = empty(&g, Phase::Movement, 0);
    let e5 = hex(&g, "E5");
    let pz = place(&g, &mut s, "Panzer 2", "E5", 0);
    let mut both_offered = 0;
    for facing in 0..6u8 {
        s.units[pz].hull = facing;
        s.units[pz].turret = facing;
        let rear = [(facing + 3) % 6, (facing + 4) % 6];
        let backs = reverse_hexes(&g, &s, pz);
        let first: Vec<u8> = backs
            .iter()
            .copied()
            .filter(|&h| board.distance(e5, h) == 1)
            .collect();
        for &h in &first {
            assert!(rear.contains(&board.direction(e5, h)), "facing {facing}");
        }
        both_offered += usize::from(first.len() == 2);
        for &h in &backs {
            assert!(!board.in_arc(e5, facing, h), "facing {facing}: never ahead");
            assert!(first
                .iter()
                .any(|&f| f == h || board.distance(f, h) < board.distance(e5, h)));
        }
    }
    assert!(
        both_offered >= 2,
        "two hexes behind, both open, for some facings"
    );
}

/// 71.2 under the `hexside` reading: a counter facing a hexside has one hex behind it, and
/// backs straight into it and on along the same line.
#[test]
fn rule_71_2_facing_a_hexside_reverse_is_straight_behind_the_hull() {
    let g = hexside_arcs();
    let board = &g.rules().board;
    let mut s = empty(&g, Phase::Movement, 0);
    let e5 = hex(&g, "E5");
    let pz = place(&g, &mut s, "Panzer 2", "E5", 0);
    let mut facings_with_a_reverse = 0;
    for facing in 0..6u8 {
        s.units[pz].hull = facing;
        s.units[pz].turret = facing;
        let rear = (facing + 3) % 6;
        let backs = reverse_hexes(&g, &s, pz);
        if let Some(&first) = backs.iter().min_by_key(|&&h| board.distance(e5, h)) {
            assert_eq!(first, board.neighbour[e5 as usize][rear as usize]);
            facings_with_a_reverse += 1;
        }
        for &h in &backs {
            assert_eq!(
                board.direction(e5, h),
                rear,
                "facing {facing}: straight back"
            );
            assert!(!board.in_arc(e5, facing, h), "facing {facing}: never ahead");
        }
    }
    // Open ground behind for four facings; the hill (F5) and the woods (E4) cost too much.
    assert_eq!(facings_with_a_reverse, 4);
}

/// 71.3: "The vehicle's Covered Arc may not change while moving in reverse. Once backed into
/// its new hex, it may change its Covered Arc at the usual cost of moving outside its Covered
/// Arc (2 MP for AFVs …)." Panzer 2 (14 MP) at E5 facing east, turret south-east, backs
/// into C5 (8 MP) or B5 (12 MP): hull and turret are as they were, and a facing is then
/// asked for; choosing the same facing keeps the turret. With 13 MP, B5 leaves 1 MP: no
/// facing is asked for.
#[test]
fn rule_71_3_reversing_keeps_the_facing_then_offers_a_new_one_with_2_mp_left() {
    use crate::engine::Game;
    let back = |g: &CrossOfIron, to: &str| {
        let mut s = empty(g, Phase::Movement, 0);
        let pz = place(g, &mut s, "Panzer 2", "E5", 0);
        place(g, &mut s, "1st Section", "J3", 3); // an enemy in play: no annihilation
        s.units[pz].turret = 1;
        s.cursor = pz as u8;
        let to = hex(g, to);
        let cost = reverse_cost(g, &s, pz, to).expect("a reverse");
        g.apply(&mut s, Action::Reverse { hex: to, cost });
        let u = s.units[pz];
        assert_eq!(
            (u.hex, u.hull, u.turret),
            (to, 0, 1),
            "unchanged while backing"
        );
        (s, pz, cost)
    };
    let g = game();
    for (to, cost) in [("C5", 8), ("B5", 12)] {
        let (s, pz, spent) = back(&g, to);
        assert_eq!(spent, cost);
        assert_eq!(s.pending, Pending::Facing { unit: pz as u8 }, "{to}");
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        assert_eq!(legal.len(), 6, "{to}: any of the six facings");
        let mut turned = s;
        g.apply(&mut turned, Action::Face { dir: 2 });
        let u = turned.units[pz];
        assert_eq!((u.hull, u.turret), (2, 2), "{to}: turned");
        let mut kept = s;
        g.apply(&mut kept, Action::Face { dir: 0 });
        let u = kept.units[pz];
        assert_eq!((u.hull, u.turret), (0, 1), "{to}: kept");
    }
    let slow = edited("counters.toml", |t| {
        assert!(t.contains("mp = 14, front = 1,"));
        t.replace("mp = 14, front = 1,", "mp = 13, front = 1,")
    })
    .unwrap();
    let (s, pz, spent) = back(&slow, "B5");
    assert_eq!(spent, 12);
    assert!(
        !matches!(s.pending, Pending::Facing { .. }) && !s.units[pz].has(flag::FACE_DUE),
        "1 MP left: no change of Covered Arc"
    );
    // A forward move turns the hull to its path and then asks for a facing.
    let mut forward = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut forward, "Panzer 2", "E5", 0);
    g.do_move(&mut forward, pz, hex(&g, "D5"), 1);
    assert!(forward.units[pz].has(flag::FACE_DUE));
    assert_eq!(forward.units[pz].hull, 3);
}

/// 72.4: "AFVs executing Overrun attacks in woods, smoke, or wheatfields attack with half
/// effectiveness."
#[test]
fn rule_72_4_an_overrun_in_woods_or_smoke_attacks_at_half_firepower() {
    let g = game();
    let overrun_at = |at: &str| {
        let mut s = empty(&g, Phase::Movement, 0);
        let pz = place(&g, &mut s, "Panzer 2", at, 0);
        place(&g, &mut s, "1st Section", at, 3);
        g.overrun(&mut s, pz);
        attack(&g, &s).0
    };
    // 72.1: 4 + 12 / 2 (the 75L's HE) + 2 bow + 2 coaxial = 14 factors: the 12 column.
    assert_eq!(overrun_at("D5"), 12, "open ground");
    // Halved in woods: 7 factors, the 6 column.
    assert_eq!(overrun_at("E4"), 6, "woods");
    // Halved in smoke: the smoke counter on a burning wreck (67.1), until it goes out (67.11).
    for (burning, column) in [(true, 6), (false, 12)] {
        let mut s = empty(&g, Phase::Movement, 0);
        let pz = place(&g, &mut s, "Panzer 2", "D5", 0);
        place(&g, &mut s, "1st Section", "D5", 3);
        let wreck = place(&g, &mut s, "Tank 1", "D5", 3);
        g.eliminate(&mut s, wreck, false);
        if burning {
            s.units[wreck].flags |= flag::BURNING;
        }
        g.overrun(&mut s, pz);
        assert_eq!(attack(&g, &s).0, column, "burning wreck: {burning}");
    }
}

/// 72.1, 72.4, 72.5: the overrun's option gives its firepower term by term, its column, its
/// odds and the risk of immobilization, and its roll's line the same terms (trial 23g F4).
#[test]
fn rule_72_1_an_overruns_option_and_roll_give_its_firepower_terms_and_odds() {
    use crate::engine::Game;
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "D4", 0);
    place(&g, &mut s, "1st Section", "E4", 3);
    s.cursor = pz as u8;
    let e4 = hex(&g, "E4");
    let mut moves = Vec::new();
    g.legal_actions(&s, &mut moves);
    let into = moves
        .iter()
        .copied()
        .find(|a| matches!(a, crate::games::cross_of_iron::Action::Move { hex, .. } if *hex == e4))
        .expect("an overrun into the woods at E4");
    let odds = g.odds_text(&s, into).unwrap();
    assert!(
        odds.starts_with(
            "overrun (72.1): 4 + HE 6 + MGs 4 = 14 FP, ×½ in woods or smoke (72.4) = 7 FP → \
             the 6 column; against 1st Section"
        ) && odds
            .ends_with("the AFV immobilized 8% (an unmodified 12, or 11 in woods or smoke, 72.5)"),
        "{odds}"
    );
    s.units[pz].hex = e4;
    g.refresh(&mut s);
    g.overrun(&mut s, pz);
    let before = s;
    g.resolve_fire(&mut s, 7);
    let told = g
        .narrate(&before, crate::games::cross_of_iron::Action::Roll(7), &s)
        .unwrap();
    assert!(
        told.contains("(overrun by Panzer 2 (")
            && told.contains(
                "(72.1): 4 + HE 6 + MGs 4 = 14 FP, ×½ in woods or smoke (72.4) = 7 FP, 6 column"
            ),
        "{told}"
    );
}

/// 72.5: "Any AFV which rolls an '11' or '12' prior to modifier adjustments while executing
/// an Overrun attack in such a hex has been immobilized."
#[test]
fn rule_72_5_an_overrun_in_woods_or_smoke_immobilizes_on_a_raw_11_or_12() {
    let g = game();
    let overrun_roll = |at: &str, raw: u8| {
        let mut s = empty(&g, Phase::Movement, 0);
        let pz = place(&g, &mut s, "Panzer 2", at, 0);
        place(&g, &mut s, "1st Section", at, 3);
        g.overrun(&mut s, pz);
        g.resolve_fire(&mut s, raw);
        s.units[pz].has(flag::IMMOBILIZED)
    };
    assert!(
        overrun_roll("E4", 11) && overrun_roll("E4", 12),
        "woods: 11 or 12"
    );
    assert!(
        !overrun_roll("E4", 10),
        "the raw roll counts: 10 + the woods' +1 is no 11"
    );
    assert!(
        !overrun_roll("D5", 11) && overrun_roll("D5", 12),
        "open ground: 12 only"
    );
    // Smoke: a burning wreck's in the open hex (67.1).
    let in_smoke = |raw: u8| {
        let mut s = empty(&g, Phase::Movement, 0);
        let pz = place(&g, &mut s, "Panzer 2", "D5", 0);
        place(&g, &mut s, "1st Section", "D5", 3);
        let wreck = place(&g, &mut s, "Tank 1", "D5", 3);
        g.eliminate(&mut s, wreck, false);
        s.units[wreck].flags |= flag::BURNING;
        g.overrun(&mut s, pz);
        g.resolve_fire(&mut s, raw);
        s.units[pz].has(flag::IMMOBILIZED)
    };
    assert!(in_smoke(11) && !in_smoke(10), "smoke: 11 or 12");
}

/// 63.18: "any TO HIT or firepower result dice roll" at the B# jams the gun: the overrun's IFT
/// roll is the main gun's firepower result too (72.1 counts its HE), so a raw 12 (the 75L's
/// B12) jams the Panzer's gun, and its MGs, firing beside it, break down at their 12 (95.3);
/// an 11 (no woods) does neither. With the 75L edited to B11, an 11 jams the gun and not
/// the MGs. An AFV whose gun is out overruns with its MGs alone, which break down on a 12.
#[test]
fn rule_63_18_an_overruns_firepower_roll_at_the_guns_b_number_jams_it() {
    let b11 = edited("counters.toml", |t| {
        let from = "suffix = \"L\", rof = 1, breakdown = 12";
        assert!(t.contains(from));
        t.replace(from, "suffix = \"L\", rof = 1, breakdown = 11")
    })
    .unwrap();
    let g = game();
    let overrun = |g: &CrossOfIron, raw: u8, gun_out: bool| {
        let mut s = empty(g, Phase::Movement, 0);
        let pz = place(g, &mut s, "Panzer 2", "D5", 0);
        place(g, &mut s, "1st Section", "D5", 3);
        if gun_out {
            s.units[pz].flags |= flag::GUN_BROKEN;
        }
        g.overrun(&mut s, pz);
        g.resolve_fire(&mut s, raw);
        let u = s.units[pz];
        (u.has(flag::GUN_BROKEN) && !gun_out, u.has(flag::SW_BROKEN))
    };
    assert_eq!(overrun(&g, 12, false), (true, true), "B12: a 12");
    assert_eq!(overrun(&g, 11, false), (false, false), "B12: an 11");
    assert_eq!(overrun(&b11, 11, false), (true, false), "B11: an 11");
    assert_eq!(overrun(&g, 12, true), (false, true), "MGs alone: a 12");
    assert_eq!(overrun(&g, 11, true), (false, false), "MGs alone: an 11");
}

/// 72.7: "Overrunning AFVs may not utilize Intensive Fire (70)." 95.24: "Sustained fire may not
/// be used by an Overrunning AFV".
#[test]
fn rule_72_7_and_95_24_an_overrun_takes_neither_intensive_nor_sustained_fire() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "D5", 0);
    place(&g, &mut s, "1st Section", "D5", 3);
    g.overrun(&mut s, pz);
    // The 75L counts at its ROF 1: 4 + 6 + 2 + 2 = 14, the 12 column. Intensive fire's second
    // shot would double the gun as a multi-shot one (72.1: 4 + 12 + 4 = 20, the 20 column);
    // sustained fire would move the attack one column right (the 16 column).
    assert_eq!(attack(&g, &s).0, 12);
    let u = s.units[pz];
    assert!(
        u.shots == 0 && !u.has(flag::INTENSIVE),
        "no shot of the gun is spent"
    );
}

/// 72.81: "Close Combat attack dice rolls vs. open-topped AFVs are subject to a −1 DRM.
/// Trucks and all non-buttoned up tanks and SP Guns are considered 'opentopped'".
#[test]
fn rule_72_81_close_combat_against_an_open_topped_or_unbuttoned_afv_is_minus_1() {
    let g = game();
    let mut s = empty(&g, Phase::CloseCombat, 1);
    let t34 = place(&g, &mut s, "Tank 1", "D5", 3);
    place(&g, &mut s, "1st Squad", "D5", 0);
    let su76 = place(&g, &mut s, "SU-76", "K8", 3);
    let stug = place(&g, &mut s, "StuG", "A8", 0);
    assert_eq!(g.melee_target_drm(&s, t34), 0, "a buttoned-up tank");
    // The SU-76 (open-topped) and the StuG (closed) both lack MGs (72.82): they differ by 1.
    assert_eq!(
        g.melee_target_drm(&s, su76),
        g.melee_target_drm(&s, stug) - 1
    );
    // A squad against a tank at 1-1 kills on 6: a 7 does it only once the crew is exposed.
    let d5 = hex(&g, "D5");
    assert_eq!(g.melee_kills(&s, d5, 0, 7) & (1 << t34), 0);
    s.units[t34].flags |= flag::CE;
    assert_eq!(g.melee_target_drm(&s, t34), -1);
    assert_eq!(g.melee_kills(&s, d5, 0, 7), 1 << t34);
    s.units[stug].flags |= flag::CE;
    assert_eq!(
        g.melee_target_drm(&s, stug),
        -2,
        "an unbuttoned SP gun, without MG"
    );
}

/// 72.82: "Close Combat attack dice rolls vs. AFVs without manned functioning MG armament is
/// subject to a −l DRM."
#[test]
fn rule_72_82_close_combat_against_an_afv_without_a_manned_mg_is_minus_1() {
    let g = game();
    let mut s = empty(&g, Phase::CloseCombat, 1);
    let t34 = place(&g, &mut s, "Tank 1", "D5", 3);
    place(&g, &mut s, "1st Squad", "D5", 0);
    let mut t = empty(&g, Phase::CloseCombat, 0);
    let stug = place(&g, &mut t, "StuG", "D5", 0);
    place(&g, &mut t, "1st Section", "D5", 3);
    let d5 = hex(&g, "D5");
    assert_eq!(g.melee_target_drm(&s, t34), 0, "bow and coaxial MGs");
    assert_eq!(g.melee_target_drm(&t, stug), -1, "no MG at all");
    // A squad against an AFV at 1-1 kills on 6: a 7 does it only with the -1.
    assert_eq!(g.melee_kills(&s, d5, 0, 7), 0);
    assert_eq!(g.melee_kills(&t, d5, 1, 7), 1 << stug);
    // A crew out repairing the AFV (66.3) mans no MG.
    let mut out = s;
    out.units[t34].flags |= flag::REPAIRING;
    assert_eq!(g.melee_target_drm(&out, t34), -1, "crew out repairing");
    assert_eq!(g.melee_kills(&out, d5, 0, 7), 1 << t34);
    // A stunned crew mans no MG.
    s.units[t34].stunned_until = s.player_turn;
    assert_eq!(g.melee_target_drm(&s, t34), -1);
}

/// 72.82: "without manned *functioning* MG armament": the same T-34 whose MGs work gives no
/// −1; once its MGs have malfunctioned (95.3) or been disabled it does, and a 7 kills it at 1-1.
#[test]
fn rule_72_82_an_afv_whose_mgs_malfunctioned_or_were_disabled_is_minus_1() {
    let g = game();
    let d5 = hex(&g, "D5");
    let mut s = empty(&g, Phase::CloseCombat, 1);
    let t34 = place(&g, &mut s, "Tank 1", "D5", 3);
    place(&g, &mut s, "1st Squad", "D5", 0);
    assert_eq!(g.melee_target_drm(&s, t34), 0, "working MGs");
    assert_eq!(g.melee_kills(&s, d5, 0, 7), 0);
    for broken in [flag::SW_BROKEN, flag::SW_DISABLED] {
        let mut t = s;
        t.units[t34].flags |= broken;
        assert_eq!(g.melee_target_drm(&t, t34), -1, "MGs flag {broken:#x}");
        assert_eq!(
            g.melee_kills(&t, d5, 0, 7),
            1 << t34,
            "MGs flag {broken:#x}"
        );
    }
}

/// 72.86: "Any infantry unit which rolls a '12' prior to any DRM while making a Close Combat
/// attack vs an AFV has been eliminated by that AFV's crew".
#[test]
fn rule_72_86_a_raw_12_against_an_afv_eliminates_the_attacker() {
    let g = game();
    let d5 = hex(&g, "D5");
    let mut s = empty(&g, Phase::CloseCombat, 1);
    let t34 = place(&g, &mut s, "Tank 1", "D5", 3);
    let sq = place(&g, &mut s, "1st Squad", "D5", 0);
    assert_eq!(g.melee_kills(&s, d5, 0, 12), 1 << sq);
    assert_eq!(g.melee_kills(&s, d5, 0, 11), 0);
    s.units[t34].flags |= flag::CE; // 72.81: −1, a final 11: still the raw 12 counts
    assert_eq!(g.melee_kills(&s, d5, 0, 12), 1 << sq);
    // At any odds: a lone 7-0 leader against the T-34 and a squad is below the table's 1-4
    // column, and his raw 12 still eliminates him.
    let mut low = empty(&g, Phase::CloseCombat, 1);
    place(&g, &mut low, "Tank 1", "D5", 3);
    place(&g, &mut low, "1st Section", "D5", 3);
    let lone = place(&g, &mut low, "Sgt. Vogel", "D5", 0);
    assert_eq!(
        g.cc_kill_number(1, 4 + 4),
        None,
        "1 against 8: below the table"
    );
    assert_eq!(g.melee_kills(&low, d5, 0, 12), 1 << lone);
    // Against infantry a 12 is only a miss.
    let mut t = empty(&g, Phase::CloseCombat, 1);
    place(&g, &mut t, "1st Section", "D5", 3);
    place(&g, &mut t, "1st Squad", "D5", 0);
    assert_eq!(g.melee_kills(&t, d5, 0, 12), 0);
}

/// 73.2: "broken units or mounted cavalry may not use double time movement" and the option is
/// announced "at the beginning of its Movement Phase".
#[test]
fn rule_73_2_broken_units_may_not_double_time_and_it_is_chosen_before_moving() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    place(&g, &mut s, "1st Section", "L8", 3);
    assert!(may_double_time(&g, &s, sq));
    let mut broken = s;
    broken.units[sq].flags |= flag::BROKEN;
    assert!(
        actions(&g, &broken, sq).is_empty(),
        "a broken squad moves not at all"
    );
    // The move is one decision with its whole cost: a squad that moved its 4 MF cannot
    // add Double Time's 2 afterwards.
    move_to(&g, &mut s, sq, hex(&g, "E5"));
    assert!(!s.units[sq].has(flag::DOUBLE_TIME));
    assert!(actions(&g, &s, sq).is_empty());
}

/// 73.1: a move at Double Time is shown against the raised allowance (4 MF + 2), not as
/// more than the squad has.
#[test]
fn rule_73_1_a_double_time_move_shows_the_raised_allowance() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    place(&g, &mut s, "1st Section", "L8", 3);
    s.cursor = sq as _;
    let costs: Vec<String> = moves(&g, &s, sq)
        .into_iter()
        .filter_map(|a| g.action_cost(&s, a))
        .collect();
    let allowance = g.allowance(&s, sq);
    let at_double_time = format!(" MF of {allowance} + 2");
    assert!(
        costs.iter().any(|c| c.ends_with(&at_double_time)),
        "{costs:?}"
    );
    let plain = format!(" MF of {allowance}");
    assert!(costs.iter().any(|c| c.ends_with(&plain)), "{costs:?}");
    let over = |c: &String| {
        let (cost, of) = c.split_once(" MF of ").unwrap();
        let of: u8 = of.split(" + ").map(|n| n.parse::<u8>().unwrap()).sum();
        cost.parse::<u8>().unwrap() > of
    };
    assert!(
        !costs.iter().any(over),
        "no cost reads as more than its allowance: {costs:?}"
    );
}

/// 73.6: "Double timing units may not fire in the Advancing Fire Phase."
#[test]
fn rule_73_6_a_double_timed_unit_has_no_advancing_fire() {
    let g = game();
    let mut s = empty(&g, Phase::AdvancingFire, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    let c5 = hex(&g, "C5");
    place(&g, &mut s, "1st Section", "C5", 3);
    s.units[sq].flags |= flag::MOVED;
    let fire = Action::Fire {
        hex: c5,
        sustained: false,
    };
    assert!(
        actions(&g, &s, sq).contains(&fire),
        "moved at its MF: fires at half"
    );
    s.units[sq].flags |= flag::DOUBLE_TIME;
    assert!(actions(&g, &s, sq).is_empty());
}

/// 73.7: "No units may double time in two consecutive friendly Movement Phases."
#[test]
fn rule_73_7_no_double_time_in_two_consecutive_friendly_movement_phases() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    place(&g, &mut s, "1st Section", "L8", 3);
    move_to(&g, &mut s, sq, hex(&g, "F5"));
    assert!(s.units[sq].has(flag::DOUBLE_TIME));
    // The Russian player turn always falls between two German ones, as in play.
    let german_movement = |s: &State| {
        let mut t = *s;
        t.phase = Phase::Movement;
        t.pending = Pending::None;
        t
    };
    end_player_turn_of(&g, &mut s, 0);
    end_player_turn_of(&g, &mut s, 1);
    let next = german_movement(&s);
    assert_eq!(next.phasing, 0);
    assert!(
        !may_double_time(&g, &next, sq),
        "the next friendly Movement Phase, after the Russian player turn"
    );
    assert!(
        !moves(&g, &next, sq).is_empty(),
        "it may still move at its MF"
    );
    end_player_turn_of(&g, &mut s, 0);
    end_player_turn_of(&g, &mut s, 1);
    assert!(
        may_double_time(&g, &german_movement(&s), sq),
        "the one after"
    );
}

/// 73.8: Double timing units are marked "at the end of the current Movement Phase" as
/// exhausted (73.5: Close Combat against an exhausted unit is −1).
#[test]
fn rule_73_8_a_double_timed_unit_is_exhausted_for_its_player_turns_close_combat() {
    let g = game();
    let melee_after_moving_to = |to: &str| {
        let mut s = empty(&g, Phase::Movement, 0);
        let sq = place(&g, &mut s, "1st Squad", "A5", 0);
        place(&g, &mut s, "1st Section", "L8", 3);
        move_to(&g, &mut s, sq, hex(&g, to));
        s.phase = Phase::CloseCombat;
        place(&g, &mut s, "1st Section", to, 3);
        // The Russian attack at 1-1 kills on 6; a 7 only with the −1.
        (
            g.melee_target_drm(&s, sq),
            g.melee_kills(&s, hex(&g, to), 1, 7) == 1 << sq,
        )
    };
    assert_eq!(melee_after_moving_to("F5"), (-1, true), "6 MF: Double Time");
    assert_eq!(melee_after_moving_to("E5"), (0, false), "4 MF");
}

/// 75.83: low ground pressure AFVs "would have to roll a '12' with two dice to be considered
/// immobilized in this manner".
#[test]
fn rule_75_83_low_ground_pressure_bogs_on_12_one_time_in_36_not_one_in_6() {
    assert!(bogged(12, true, false) && !bogged(11, true, false));
    let wide_tracks = Dist::sum_of(2, 6).prob(|&r| bogged(r, true, false));
    let normal = Dist::d6().prob(|&d| bogged(d, false, false));
    assert_eq!(wide_tracks, Fraction::new(1, 36));
    assert_eq!(normal, Fraction::new(1, 6), "75.8: a 6 on one die");
}

/// 76.1: "Only armor leaders may affect armor performance."
#[test]
fn rule_76_1_an_infantry_leader_does_not_help_an_afv() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    let e5 = hex(&g, "E5");
    let (to_hit, crew_check) = (g.to_hit(&s, pz, e5, Some(t34)), g.morale_roll(&s, pz, 7));
    place(&g, &mut s, "Lt. Hahn", "A5", 0); // 8-1
    assert_eq!(g.to_hit(&s, pz, e5, Some(t34)), to_hit);
    assert_eq!(g.morale_roll(&s, pz, 7), crew_check);
    // An armour leader does (76.6).
    let lead = place(&g, &mut s, "Panzer 1", "A6", 0);
    let with = g.to_hit(&s, lead, e5, Some(t34)).1;
    s.units[lead].flags |= flag::LEADER_LOST;
    assert_eq!(g.to_hit(&s, lead, e5, Some(t34)).1, with + 1);
}

/// 76.2: "Any armor leader in an AFV undergoing a MC due to infantry fire vs its CE status who
/// fails that MC is eliminated."
#[test]
fn rule_76_2_an_armour_leader_failing_the_crews_check_under_infantry_fire_is_lost() {
    let g = game();
    let check_on = |raw: u8| {
        let mut s = empty(&g, Phase::DefensiveFire, 0);
        let lead = place(&g, &mut s, "Panzer 1", "A5", 0); // armour leader 9, -1
        s.units[lead].flags |= flag::CE;
        let rus = place(&g, &mut s, "1st Section", "B5", 3);
        g.open_fire(&mut s, rus, hex(&g, "A5"), false);
        g.resolve_fire(&mut s, 2); // 8 factors, 2 + 2 (CE): a 3 MC
        assert!(s.units[lead].has(flag::MC_DUE));
        let checking = s;
        g.resolve_morale(&mut s, raw);
        // The log names the loss (trial 22g F8).
        let told = crate::engine::Game::narrate(
            &g,
            &checking,
            crate::games::cross_of_iron::Action::Roll(raw),
            &s,
        )
        .unwrap_or_default();
        let lost = s.units[lead].has(flag::LEADER_LOST);
        assert_eq!(
            told.contains("its armour leader is lost (76.2)"),
            lost,
            "{told}"
        );
        (lost, g.morale(&s, lead))
    };
    assert_eq!(
        check_on(6),
        (false, 9),
        "passed: he stays, his morale the crew's"
    );
    assert_eq!(
        check_on(8),
        (true, 7),
        "failed: he is gone, the crew's own 7 is left"
    );
    // A check failed after a hit on his immobilised AFV (66.4) is not infantry fire at the
    // exposed crew: the crew is shaken (buttoned up, stunned) and he stays.
    let mut s = empty(&g, Phase::PrepFire, 1);
    let gun = place(&g, &mut s, "45mm gun", "A5", 0);
    let lead = place(&g, &mut s, "Panzer 1", "I5", 3);
    s.units[lead].flags |= flag::IMMOBILIZED | flag::CE;
    let k = g.kill_roll(&s, gun, lead, false);
    s.pending = Pending::Kill {
        firer: gun as u8,
        target: lead as u8,
        critical: false,
    };
    g.resolve_kill(&mut s, (k.kill_number - k.armor_modifier + 1) as u8, None);
    assert_eq!(g.next_morale_check(&s), Some(lead), "66.4's check");
    g.resolve_morale(&mut s, 12);
    let u = s.units[lead];
    assert!(u.has(flag::FORCED_BU) && !u.has(flag::LEADER_LOST));
    assert_eq!(g.morale(&s, lead), 9, "still his");
}

/// 76.3: "The inherent crew of an AFV automatically assumes the morale level of the armor
/// leader in that AFV. Should the leader pass his Morale Check, his crew passes also. Should
/// the leader break, his crew breaks."
#[test]
fn rule_76_3_the_crew_takes_the_armour_leaders_morale_on_one_roll() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let lead = place(&g, &mut s, "Panzer 1", "A5", 0); // armour leader of morale 9
    let crew = place(&g, &mut s, "Panzer 2", "A6", 0);
    assert_eq!((g.morale(&s, lead), g.morale(&s, crew)), (9, 7));
    let check = |s: &State, u: usize, raw: u8| {
        let mut t = *s;
        t.mark_due(u, flag::MC_DUE);
        t.units[u].mc_drm = 0;
        g.resolve_morale(&mut t, raw);
        assert!(
            g.next_morale_check(&t).is_none(),
            "one roll for leader and crew"
        );
        t.units[u]
    };
    let passed = check(&s, lead, 9);
    assert!(!passed.has(flag::FORCED_BU | flag::LEADER_LOST));
    assert!(
        check(&s, crew, 9).has(flag::FORCED_BU),
        "the crew alone fails a 9"
    );
    s.units[lead].flags |= flag::LEADER_LOST;
    assert_eq!(g.morale(&s, lead), 7);
    assert!(check(&s, lead, 9).has(flag::FORCED_BU));
}

/// 76.4: "Armor leaders affect only the performance of their own AFV and crew."
#[test]
fn rule_76_4_an_armour_leader_helps_no_other_counter_in_his_hex() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    let e5 = hex(&g, "E5");
    let (squad_check, tank_shot) = (g.morale_roll(&s, sq, 7), g.to_hit(&s, pz, e5, Some(t34)));
    place(&g, &mut s, "Panzer 1", "A5", 0); // armour leader -1
    assert_eq!(
        g.morale_roll(&s, sq, 7),
        squad_check,
        "the squad's morale check"
    );
    assert_eq!(
        g.to_hit(&s, pz, e5, Some(t34)),
        tank_shot,
        "the other tank's TO HIT"
    );
    g.open_fire(&mut s, sq, e5, false);
    let Pending::Fire { drm, .. } = s.pending else {
        panic!("{:?}", s.pending)
    };
    assert_eq!(drm, 0, "the squad's fire");
}

/// 76.6: "The leadership rating of an armor leader can be applied only to the TO HIT (33.3)
/// dice roll of the AFVs main armament, Overrun attacks, AA MG attacks, and to repair (18.2 &
/// 66.3) attempts."
#[test]
fn rule_76_6_the_armour_leaders_modifier_applies_to_to_hit_overruns_and_repair_only() {
    let g = game();
    let mut s = empty(&g, Phase::Repair, 0);
    let lead = place(&g, &mut s, "Panzer 1", "A5", 0); // -1
    let other = place(&g, &mut s, "Panzer 2", "A5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    let e5 = hex(&g, "E5");
    assert_eq!(
        g.to_hit(&s, lead, e5, Some(t34)).1,
        g.to_hit(&s, other, e5, Some(t34)).1 - 1,
        "TO HIT: -1 against the same target from the same hex"
    );
    let repaired_on_3 = |s: &State, u: usize| {
        let mut t = *s;
        t.units[u].flags |= flag::IMMOBILIZED;
        g.resolve_repair(&mut t, u, 3);
        !t.units[u].has(flag::IMMOBILIZED)
    };
    assert!(repaired_on_3(&s, lead), "66.3: 3 - 1 = 2 repairs");
    assert!(!repaired_on_3(&s, other));
    let overrun_drm = |u: usize| {
        let mut t = s;
        g.overrun(&mut t, u);
        match t.pending {
            Pending::Fire { drm, .. } => drm,
            other => panic!("no overrun attack: {other:?}"),
        }
    };
    assert_eq!(overrun_drm(lead), overrun_drm(other) - 1, "overrun attacks");
    assert_eq!(
        g.morale_roll(&s, lead, 7).0,
        g.morale_roll(&s, other, 7).0,
        "\"only\" those: not the crew's morale check"
    );
    s.units[lead].flags |= flag::LEADER_LOST;
    assert!(!repaired_on_3(&s, lead), "no leader, no help");
}

/// 83.3: "Broken SS units may rally with a rally dice roll equal to or less than one number
/// higher than their normal morale rating." Its example: under Desperation Morale, two less.
#[test]
fn rule_83_3_broken_ss_squads_rally_at_morale_plus_1() {
    let plain = game();
    let ss = scenario_with("ss = false", "ss = true");
    let rallies = |g: &CrossOfIron, raw: u8, enemy_adjacent: bool| {
        let mut s = empty(g, Phase::Rally, 0);
        let sq = place(g, &mut s, "1st Squad", "A5", 0); // morale 7
        place(g, &mut s, "Sgt. Vogel", "A5", 0); // 7-0
        if enemy_adjacent {
            place(g, &mut s, "1st Section", "B5", 3);
        }
        s.units[sq].flags |= flag::BROKEN;
        g.resolve_rally(&mut s, sq, raw);
        !s.units[sq].has(flag::BROKEN)
    };
    assert!(
        rallies(&ss, 8, false) && !rallies(&ss, 9, false),
        "SS: 8 or less"
    );
    assert!(
        rallies(&plain, 7, false) && !rallies(&plain, 8, false),
        "7 or less"
    );
    // Desperation Morale (83.2: 2 for the SS): 6 or less, as the 6-5-8's 9 becomes 7.
    assert!(rallies(&ss, 6, true) && !rallies(&ss, 7, true));
}

/// 83.8: "SS units are subject to all other rules governing infantry units such as routing".
#[test]
fn rule_83_8_a_broken_ss_squad_routs_like_any_infantry() {
    let g = scenario_with("ss = false", "ss = true");
    let mut s = empty(&g, Phase::Rout, 1);
    let sq = place(&g, &mut s, "1st Squad", "E5", 0);
    place(&g, &mut s, "1st Section", "D5", 3);
    s.units[sq].flags |= flag::BROKEN;
    g.rout(&mut s);
    let to = s.units[sq].hex;
    assert_ne!(to, hex(&g, "E5"));
    assert!(
        !g.enemy_adjacent(&s, to, 0),
        "routed out of the enemy's reach"
    );
}

/// 86.31: "Defending infantry in an Overrun hex must roll '4' or less (after leadership
/// modification) with two dice in order to place the mine."
#[test]
fn rule_86_31_a_mine_is_placed_against_an_overrun_on_4_or_less_after_leadership() {
    assert!(mine_placed_in_overrun(4, 0) && !mine_placed_in_overrun(5, 0));
    let odds = |leader: i8| Dist::sum_of(2, 6).prob(|&r| mine_placed_in_overrun(r, leader));
    assert_eq!(odds(0), Fraction::new(6, 36), "2, 3 or 4");
    assert_eq!(odds(-1), Fraction::new(10, 36), "an 8-1 leader: 5 or less");
}

/// 86.32: "Attacking infantry in a Close Combat assault must roll equal to or less than their
/// morale factor (after leadership DRM) in order to place each mine."
#[test]
fn rule_86_32_a_mine_is_placed_in_close_combat_on_the_morale_or_less() {
    assert!(mine_placed_in_close_combat(7, 7, 0) && !mine_placed_in_close_combat(8, 7, 0));
    let odds = |morale: u8, leader: i8| {
        Dist::sum_of(2, 6).prob(|&r| mine_placed_in_close_combat(r, morale, leader))
    };
    assert_eq!(odds(7, 0), Fraction::new(21, 36));
    assert_eq!(odds(7, -1), Fraction::new(26, 36), "after the leader's -1");
    assert_eq!(odds(8, 0), odds(7, -1));
}

/// 86.8: "A dice roll of '12' for German, '10 or more' for Russian ATMs (prior to application
/// of armor modifiers) results in the ATM being a dud with no effect."
#[test]
fn rule_86_8_german_mines_are_duds_on_12_russian_on_10_or_more() {
    assert!(mine_dud(12, false) && !mine_dud(11, false));
    assert!(mine_dud(10, true) && !mine_dud(9, true));
    let duds = |russian: bool| Dist::sum_of(2, 6).prob(|&r| mine_dud(r, russian));
    assert_eq!(duds(false), Fraction::new(1, 36));
    assert_eq!(duds(true), Fraction::new(6, 36));
}

/// 89.1: "Score every unit captured and still under enemy control at the end of a scenario as
/// double its normal victory condition value."
#[test]
fn rule_89_1_a_prisoner_counts_twice_an_eliminated_unit() {
    let g = game();
    let mut s = empty(&g, Phase::CloseCombat, 0);
    place(&g, &mut s, "1st Squad", "D5", 0);
    let killed = place(&g, &mut s, "1st Section", "D5", 3); // 14 points
    let taken = place(&g, &mut s, "4th Section", "D5", 3); // 14 points, broken
    s.units[taken].flags |= flag::BROKEN;
    g.open_melee(&mut s, hex(&g, "D5"));
    g.resolve_melee(&mut s, 2); // the German attack at 1-2 kills on 5
    g.resolve_melee(&mut s, 12); // the Russian one misses
    assert!(!s.units[killed].in_play() && !s.units[killed].has(flag::CAPTURED));
    assert!(s.units[taken].has(flag::CAPTURED));
    assert_eq!(s.casualty_points[1], 14 + 2 * 14);
}

/// 89.2: "Infantry units can be captured in one of three ways". 89.21: "Any broken unit about
/// to be eliminated due to an inability to rout (13.47) is captured instead if adjacent to an
/// unbroken enemy infantry unit at that time."
#[test]
fn rule_89_2_and_89_21_a_broken_unit_unable_to_rout_from_good_enemy_infantry_is_captured() {
    let g = game();
    // A broken Russian squad in the corner A1, whose only neighbours B1 and A2 hold Germans.
    let boxed_in = |germans_broken: bool| {
        let mut s = empty(&g, Phase::Rout, 0);
        let sq = place(&g, &mut s, "1st Section", "A1", 3);
        s.units[sq].flags |= flag::BROKEN;
        for (name, at) in [("1st Squad", "B1"), ("2nd Squad", "A2")] {
            let u = place(&g, &mut s, name, at, 0);
            if germans_broken {
                s.units[u].flags |= flag::BROKEN;
            }
        }
        g.rout(&mut s);
        (s, sq)
    };
    let (s, sq) = boxed_in(false);
    assert!(s.units[sq].has(flag::CAPTURED) && !s.units[sq].in_play());
    assert_eq!(s.lost_points[1], 14, "93.2: a prisoner is an infantry loss");
    // With no unbroken enemy next to it, it is neither routed nor taken.
    let (s, sq) = boxed_in(true);
    assert!(s.units[sq].in_play() && s.units[sq].hex == hex(&g, "A1"));
    // Boxed in by AFVs only: no infantry to take it, so it is eliminated, not captured.
    let mut s = empty(&g, Phase::Rout, 0);
    let sq = place(&g, &mut s, "1st Section", "A1", 3);
    s.units[sq].flags |= flag::BROKEN;
    for (name, at) in [("Panzer 1", "B1"), ("Panzer 2", "A2")] {
        place(&g, &mut s, name, at, 0);
    }
    g.rout(&mut s);
    assert!(!s.units[sq].in_play() && !s.units[sq].has(flag::CAPTURED));
}

/// 90.13: "All attacks (including American) by captured ordnance must use the red TO HIT
/// numbers and add a +2 DRM to all TO HIT attempts."
#[test]
fn rule_90_13_captured_ordnance_adds_2_to_hit() {
    let text = crate::analysis::cross_of_iron_shot::calculate("to_hit=7,captured_red").unwrap();
    assert!(
        text.contains("+2  90.13  captured, red TO HIT numbers"),
        "{text}"
    );
    assert!(text.contains("a raw roll of 5 or less"), "{text}");
    let hits = |drm: i8| {
        crate::analysis::cross_of_iron::to_hit(&Shot::plain(7, drm), CriticalThreshold::Final)
            .prob(|r| r.hit)
    };
    assert_eq!(hits(0), Fraction::new(21, 36));
    assert_eq!(hits(CAPTURED_RED_NUMBERS), Fraction::new(10, 36));
}

/// 91.1: "All fire (other than mortars and indirect artillery fire) resolved on the IFT
/// originating from a hex of lower elevation than the target hex is modified by +1."
#[test]
fn rule_91_1_fire_on_the_ift_from_lower_ground_is_plus_1_high_explosive_too() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let t = place(&g, &mut s, "1st Section", "F3", 3); // level 1
    let from = |h: &str| g.target_drm(&s, hex(&g, h), t);
    assert_eq!(from("F2") - from("G3"), 1, "from level 0, not from level 1");
    let low = place(&g, &mut s, "2nd Section", "F2", 3); // level 0
    let down = |h: &str| g.target_drm(&s, hex(&g, h), low);
    assert_eq!(down("F3"), down("E2"), "firing down adds nothing");
    // A 75mm HE hit resolved on the IFT (the 12 column, KIA on 4 or less).
    let he_hit_on_f3_from = |at: &str, facing: u8| {
        let mut s = empty(&g, Phase::PrepFire, 0);
        let pz = place(&g, &mut s, "Panzer 2", at, facing);
        let t = place(&g, &mut s, "1st Section", "F3", 3);
        g.open_gun_fire(&mut s, pz, hex(&g, "F3"), true, false);
        g.resolve_to_hit(&mut s, 3, None);
        g.resolve_fire(&mut s, 4);
        s.units[t].in_play()
    };
    assert!(he_hit_on_f3_from("F2", 2), "4 + 1: a 3 MC, not KIA");
    assert!(!he_hit_on_f3_from("G3", 3), "level with it: KIA");
}

/// 92.2: "No more than three infantry and/or cavalry squads can occupy the same hex."
#[test]
fn rule_92_2_no_more_than_three_squads_a_hex() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let c5 = hex(&g, "C5");
    place(&g, &mut s, "2nd Squad", "C5", 0);
    place(&g, &mut s, "3rd Squad", "C5", 0);
    let sq = place(&g, &mut s, "1st Squad", "B5", 0);
    assert!(move_cost(&g, &s, sq, c5).is_some(), "the third squad");
    place(&g, &mut s, "4th Squad", "C5", 0);
    assert_eq!(move_cost(&g, &s, sq, c5), None, "a fourth");
    let lt = place(&g, &mut s, "Lt. Hahn", "B5", 0);
    assert!(move_cost(&g, &s, lt, c5).is_some(), "a leader is no squad");
    s.phase = Phase::Advance;
    let mut list = Vec::new();
    g.advance_actions(&s, sq, &mut list);
    assert!(!list.is_empty() && !list.contains(&Action::Advance { hex: c5 }));
}

/// 93.2: "keep a running tally of the infantry point value of his eliminated units": an AT
/// gun eliminated with its crew adds the crew's points (17 for the PaK 40's 2-4-7), and its
/// casualty points are the gun's and the crew's.
#[test]
fn rule_93_2_a_gun_crew_lost_counts_its_points() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pak = place(&g, &mut s, "PaK 40", "A5", 0);
    g.eliminate(&mut s, pak, false);
    assert_eq!(s.lost_points[0], 17);
    assert_eq!(s.casualty_points[0], 55 + 17);
}

/// 92.2's limit holds in the Rout Phase too: the broken 1st Squad in C5, every other hex
/// around it held by a Russian section, routs into the one German hex while two squads hold
/// it, and with three there it has nowhere to go and is eliminated.
#[test]
fn rule_92_2_a_broken_squad_does_not_rout_into_a_hex_of_three_squads() {
    let g = game();
    for (stacked, routs) in [(2, true), (3, false)] {
        let mut s = empty(&g, Phase::Rout, 0);
        let c5 = hex(&g, "C5");
        let sq = place(&g, &mut s, "1st Squad", "C5", 0);
        s.units[sq].flags |= flag::BROKEN;
        let around = g.rules().board.neighbour[c5 as usize];
        let (refuge, others) = (around[0], &around[1..]);
        for name in ["2nd Squad", "3rd Squad", "4th Squad"].iter().take(stacked) {
            let u = place(&g, &mut s, name, "A1", 0);
            s.units[u].hex = refuge;
        }
        let sections = [
            "1st Section",
            "2nd Section",
            "3rd Section",
            "4th Section",
            "5th Section",
        ];
        for (&h, name) in others.iter().zip(sections) {
            let u = place(&g, &mut s, name, "A1", 3);
            s.units[u].hex = h;
        }
        g.refresh(&mut s);
        g.rout(&mut s);
        let unit = s.units[sq];
        assert_eq!(
            unit.in_play() && unit.hex == refuge,
            routs,
            "{stacked} squads there"
        );
        assert_eq!(unit.in_play(), routs);
    }
}

/// 93.1: "total the point value ... of all infantry counters (squads, leaders, crews) starting
/// the game. Do not count support weapons or vehicles or their inherent crews." The PaK 40's
/// 2-4-7 crew (17, p. 82) is in the base; the gun, the Panzer and their weapons are not.
#[test]
fn rule_93_1_the_infantry_base_counts_gun_crews_not_vehicles_guns_or_support_weapons() {
    let g = game();
    let fewer = edited("scenario.toml", |t| {
        let mut t = t;
        for name in ["PaK 40", "Panzer 2"] {
            let start = t.find(&format!("name = \"{name}\"")).unwrap();
            let end = start + t[start..].find("[[setup]]").unwrap();
            t.replace_range(start - "[[setup]]\n".len()..end, "");
        }
        t
    })
    .unwrap();
    let pak = &g.rules().units[unit(&g, "PaK 40")];
    let gone = pak.points + pak.crew_points + g.rules().units[unit(&g, "Panzer 2")].points;
    assert_eq!(
        fewer.rules().points(0) + u32::from(gone),
        g.rules().points(0)
    );
    assert_eq!(pak.crew_points, 17);
    assert_eq!(
        fewer.rules().infantry_points,
        [
            g.rules().infantry_points[0] - 17,
            g.rules().infantry_points[1]
        ],
        "the crew leaves the base with its gun; the Panzer takes nothing"
    );
    // "Do not count support weapons": the squads', leaders' and crews' own points (154 + 17
    // and 184 + 11; with the support weapons they would be 35 and 40 more).
    assert_eq!(g.rules().infantry_points, [171, 195]);
    let mut s = empty(&g, Phase::PrepFire, 1);
    let armed = (0..g.rules().units.len())
        .find(|&u| g.def(u).sw.is_some() && g.def(u).kind == Kind::Squad)
        .expect("a squad with a support weapon");
    s.units[armed].flags = 0;
    g.refresh(&mut s);
    let side = usize::from(g.def(armed).side);
    g.eliminate(&mut s, armed, false);
    assert_eq!(
        s.lost_points[side],
        g.def(armed).points,
        "its weapon not counted"
    );
}

/// 93.2: "keep a running tally of the point values of enemy infantry counters eliminated or
/// taken prisoner. At the instant a side has lost 40% of its infantry point value, all units
/// on that side drop their morale one level."
#[test]
fn rule_93_2_at_the_instant_40_percent_is_lost_morale_drops_a_level() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    let lt = place(&g, &mut s, "Lt. Hahn", "A5", 0);
    let victim = place(&g, &mut s, "3rd Squad", "E5", 0); // 21 points
    let rus = place(&g, &mut s, "1st Section", "D5", 3);
    let short = german_loss(&g, 40) - 1;
    s.lost_points[0] = short;
    assert_eq!((g.morale(&s, sq), g.morale(&s, lt)), (7, 8));
    let mut taken = s;
    g.eliminate(&mut taken, victim, true);
    g.open_fire(&mut s, rus, hex(&g, "E5"), false);
    let firing = s;
    g.resolve_fire(&mut s, 2); // point blank, 8 factors: KIA
    assert!(!s.units[victim].in_play());
    // The drop is told, and the morale a unit checks with is shown (trial 23g F1).
    let told = crate::engine::Game::narrate(
        &g,
        &firing,
        crate::games::cross_of_iron::Action::Roll(2),
        &s,
    )
    .unwrap_or_default();
    assert!(
        told.contains("Battlefield Integrity (93.2): the Germans have lost ")
            && told.contains("all their units' morale drops to 1 level below printed"),
        "{told}"
    );
    assert!(g
        .status(&s, sq)
        .ends_with("morale now 6 (−1 Battlefield Integrity, 93)"));
    assert_eq!(s.lost_points[0], short + 21);
    assert_eq!(
        taken.lost_points[0], s.lost_points[0],
        "a prisoner counts the same"
    );
    assert!(s.lost_points[0] < german_loss(&g, 60));
    // The example: a 4-6-7 works at 6, an 8-1 leader at 7.
    assert_eq!((g.morale(&s, sq), g.morale(&s, lt)), (6, 7));
}

/// 93.2: "all units on that side drop their morale one level": an AFV's crew as well (SL crew
/// morale 7, an armour leader's 9), in the morale it checks against. With German AFVs and no
/// Russian ones the level is lost at 50% (93.5).
#[test]
fn rule_93_2_afv_crews_drop_a_morale_level_too() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let sq = place(&g, &mut s, "1st Squad", "A4", 0);
    let pz1 = place(&g, &mut s, "Panzer 1", "A3", 0);
    let pz2 = place(&g, &mut s, "Panzer 2", "A5", 0);
    let levels = |s: &State| (g.morale(s, sq), g.morale(s, pz1), g.morale(s, pz2));
    s.lost_points[0] = german_loss(&g, 50) - 1;
    assert_eq!(levels(&s), (7, 9, 7));
    s.lost_points[0] = german_loss(&g, 50);
    assert_eq!(levels(&s), (6, 8, 6));
    assert_eq!(g.morale_roll(&s, pz2, 6).1, 6, "the crew checks against 6");
}

/// 93.3: "drop an extra level for every 20% additional point value loss ... 60% losses ...
/// two below ...; 80% losses ... three below the printed morale level."
#[test]
fn rule_93_3_morale_drops_again_at_60_80_and_100_percent() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0); // morale 7
    let at = |s: &mut State, pct: u32, less: u16| {
        s.lost_points[0] = german_loss(&g, pct) - less;
        g.morale(s, sq)
    };
    assert_eq!(at(&mut s, 60, 1), 6);
    assert_eq!(at(&mut s, 60, 0), 5);
    assert_eq!(at(&mut s, 80, 1), 5);
    assert_eq!(at(&mut s, 80, 0), 4);
    // "an extra level for every 20% additional": a fourth at 100% (the crews still check).
    assert_eq!(at(&mut s, 100, 1), 4);
    assert_eq!(at(&mut s, 100, 0), 3);
}

/// 93.5: "if a side has AFV support, which is not outnumbered by opposing AFVs by better than
/// a 2:1 ratio, that side may take an additional 10% loss ... morale levels would be lost at
/// the 50%, 70% and 90% casualty level."
#[test]
fn rule_93_5_armour_support_not_outnumbered_2_to_1_holds_morale_to_50_percent() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    place(&g, &mut s, "Panzer 1", "A6", 0);
    place(&g, &mut s, "Tank 1", "K2", 3);
    place(&g, &mut s, "Tank 2", "K7", 3);
    s.lost_points[0] = german_loss(&g, 45);
    assert_eq!(g.morale(&s, sq), 7, "one AFV against two: supported");
    s.lost_points[0] = german_loss(&g, 50);
    assert_eq!(g.morale(&s, sq), 6);
    s.lost_points[0] = german_loss(&g, 45);
    place(&g, &mut s, "SU-76", "L5", 3);
    assert_eq!(g.morale(&s, sq), 6, "one against three: 40% again");
}

/// 93.6: "should a side be opposed by armor without armor support of its own or any
/// functioning AT Guns ... morale levels would be lost at the 30%, 50%, 70% and 90% casualty
/// level."
#[test]
fn rule_93_6_facing_armour_alone_morale_drops_from_30_percent() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    s.lost_points[0] = german_loss(&g, 35);
    assert_eq!(g.morale(&s, sq), 7, "no armour on either side: 40%");
    place(&g, &mut s, "Tank 1", "K2", 3);
    assert_eq!(g.morale(&s, sq), 6, "a Russian tank and no German armour");
    s.lost_points[0] = german_loss(&g, 50);
    assert_eq!(g.morale(&s, sq), 5, "50%: the second level");
    s.lost_points[0] = german_loss(&g, 35);
    let pak = place(&g, &mut s, "PaK 40", "C3", 0);
    assert_eq!(g.morale(&s, sq), 7, "an AT gun of their own");
    // "without armor support of its own": a German AFV outnumbered 3 to 1 gives no 50% scale
    // (93.5) but keeps the side off 93.6's 30% one: 35% lost is still no level.
    let mut outnumbered = s;
    outnumbered.units[pak].flags |= flag::GONE;
    place(&g, &mut outnumbered, "Panzer 1", "A6", 0);
    place(&g, &mut outnumbered, "Tank 2", "K7", 3);
    place(&g, &mut outnumbered, "SU-76", "L5", 3);
    g.refresh(&mut outnumbered);
    assert_eq!(
        g.morale(&outnumbered, sq),
        7,
        "armour of its own, outnumbered"
    );
    outnumbered.lost_points[0] = german_loss(&g, 40);
    assert_eq!(g.morale(&outnumbered, sq), 6, "the 40% scale");
    // "functioning": a gun broken down or disabled, or its crew broken, is no support.
    for out in [flag::GUN_BROKEN, flag::DISABLED, flag::BROKEN] {
        s.units[pak].flags |= out;
        assert_eq!(g.morale(&s, sq), 6, "{out:#x}");
        s.units[pak].flags &= !out;
    }
}

/// 93.7: "Morale level changes occur instantly upon loss of an AFV".
#[test]
fn rule_93_7_losing_the_supporting_afv_drops_morale_at_once() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let sq = place(&g, &mut s, "1st Squad", "B5", 0);
    let pz = place(&g, &mut s, "Panzer 1", "A5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    s.lost_points[0] = german_loss(&g, 45);
    assert_eq!(g.morale(&s, sq), 7);
    s.pending = Pending::Kill {
        firer: t34 as u8,
        target: pz as u8,
        critical: false,
    };
    g.resolve_kill(&mut s, 2, None);
    assert!(!s.units[pz].in_play());
    assert_eq!(g.morale(&s, sq), 6, "now facing armour alone: 30%");
}

/// 93.8: "The crew of an AFV is never counted either as base infantry point value or losses".
#[test]
fn rule_93_8_a_destroyed_afv_is_no_infantry_loss() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let sq = place(&g, &mut s, "1st Squad", "B5", 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let t34 = place(&g, &mut s, "Tank 1", "E5", 3);
    s.pending = Pending::Kill {
        firer: t34 as u8,
        target: pz as u8,
        critical: false,
    };
    g.resolve_kill(&mut s, 2, None);
    assert!(!s.units[pz].in_play());
    assert_eq!(s.lost_points[0], 0);
    assert!(
        s.casualty_points[0] > 0,
        "it is still a loss for the scenario"
    );
    assert_eq!(g.morale(&s, sq), 7);
}

/// 94.2: "Inexperienced infantry has a basic MP allowance of three (3), instead of the normal
/// four. If accompanied by a leader, the allowance is increased to five (5). ... Inexperienced
/// infantry may doubletime (73)."
#[test]
fn rule_94_2_inexperienced_squads_move_3_or_5_with_a_leader_and_may_double_time() {
    let g = scenario_with("inexperienced = false", "inexperienced = true");
    let mut s = empty(&g, Phase::Movement, 1);
    let sq = place(&g, &mut s, "1st Section", "E5", 3);
    let to = |s: &State, h: &str| {
        move_cost(&g, s, sq, hex(&g, h)).map(|cost| g.double_time(s, sq, hex(&g, h), cost))
    };
    assert_eq!(g.allowance(&s, sq), 3);
    assert_eq!(to(&s, "B5"), Some(false), "three open hexes");
    assert_eq!(to(&s, "A5"), Some(true), "the fourth at Double Time");
    let most = |s: &State| {
        moves(&g, s, sq)
            .iter()
            .filter_map(|a| match *a {
                Action::Move { cost, .. } => Some(cost),
                _ => None,
            })
            .max()
    };
    assert_eq!(most(&s), Some(3 + 2));
    place(&g, &mut s, "Lt. Orlov", "E5", 3);
    assert_eq!(g.allowance(&s, sq), 5);
    assert_eq!(to(&s, "A5"), Some(false));
    assert!(most(&s).is_some_and(|c| c > 5 && c <= 5 + 2));
    let normal = game();
    let mut t = empty(&normal, Phase::Movement, 1);
    let sq = place(&normal, &mut t, "1st Section", "E5", 3);
    assert_eq!(normal.allowance(&t, sq), 4);
}

/// 94.5: "Inexperienced infantry of all nations rallies at a morale level one lower than their
/// normal morale rating".
#[test]
fn rule_94_5_inexperienced_squads_rally_one_lower() {
    let rallies = |g: &CrossOfIron, raw: u8| {
        let mut s = empty(g, Phase::Rally, 1);
        let sq = place(g, &mut s, "1st Section", "K5", 3); // morale 7
        place(g, &mut s, "Sgt. Petrov", "K5", 3); // 7-0
        s.units[sq].flags |= flag::BROKEN;
        g.resolve_rally(&mut s, sq, raw);
        !s.units[sq].has(flag::BROKEN)
    };
    let green = scenario_with("inexperienced = false", "inexperienced = true");
    assert!(rallies(&game(), 7));
    assert!(!rallies(&green, 7) && rallies(&green, 6));
}

/// 95.1: "Any unit wishing to use sustained fire for its MG must announce the option before
/// fire combat is resolved."
#[test]
fn rule_95_1_sustained_fire_is_chosen_for_an_mg_with_the_attack_before_its_dice() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let mg = place(&g, &mut s, "2nd Squad", "A5", 0); // MMG
    let rifles = place(&g, &mut s, "1st Squad", "A5", 0);
    let d5 = hex(&g, "D5");
    place(&g, &mut s, "1st Section", "D5", 3);
    let sustained = Action::Fire {
        hex: d5,
        sustained: true,
    };
    let plain = Action::Fire {
        hex: d5,
        sustained: false,
    };
    let offered = |u: usize| {
        let mut list = Vec::new();
        g.fire_actions(&s, u, g.target_hexes(&s, 0), &mut list);
        list
    };
    assert!(offered(mg).contains(&sustained) && offered(mg).contains(&plain));
    assert!(
        !offered(rifles).contains(&sustained),
        "no MG, no sustained fire"
    );
    let fire = |a: Action| {
        let mut t = s;
        t.cursor = mg as u8;
        g.apply(&mut t, a);
        assert_eq!(g.actor(&t), Actor::Chance, "the dice are next");
        attack(&g, &t)
    };
    assert!(fire(sustained).0 > fire(plain).0);
    // The option tells the price: the B# two lower (95.3; trial 21f F7).
    let mut t = s;
    t.cursor = mg as u8;
    let (_, b) = g.firepower(&t, mg, d5);
    let text = g.describe(&t, sustained);
    assert!(
        text.contains(&format!(
            ", +1 column and B# {b} → {} sustained (95)",
            b - 2
        )),
        "{text}"
    );
}

/// 95.2: "A MG utilizing sustained fire increases its firepower factor for that fire by one
/// column on the Infantry Fire Table."
#[test]
fn rule_95_2_sustained_fire_moves_the_attack_one_column_right() {
    // 4 + LMG 2
    assert_eq!(plain_and_sustained_columns("4th Squad", "D5"), (6, 8));
}

/// The IFT columns of squad `name` at A5 firing at a Russian section in `target`, plain and
/// with sustained fire (95).
fn plain_and_sustained_columns(name: &str, target: &str) -> (u8, u8) {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let sq = place(&g, &mut s, name, "A5", 0);
    place(&g, &mut s, "1st Section", target, 3);
    let mut t = s;
    g.open_fire(&mut s, sq, hex(&g, target), false);
    g.open_fire(&mut t, sq, hex(&g, target), true);
    (attack(&g, &s).0, attack(&g, &t).0)
}

/// 95.22: "The addition of one column of firepower on the Infantry Fire Table takes place
/// after modification for Point Blank, Long Range, or Area Fire".
#[test]
fn rule_95_22_the_extra_column_is_added_after_point_blank_doubling() {
    // 4 + MMG 4 at point blank: 8 x 2 = 16, then the next column: 20 (not 8 -> 12, x 2 = 24).
    assert_eq!(plain_and_sustained_columns("2nd Squad", "B5"), (16, 20));
}

/// 95.23: "Sustained fire may not be used by any unit during the Advancing Fire Phase if it
/// has moved during that player turn."
#[test]
fn rule_95_23_no_sustained_advancing_fire_after_moving() {
    let g = game();
    let mut s = empty(&g, Phase::AdvancingFire, 0);
    let sq = place(&g, &mut s, "2nd Squad", "A5", 0);
    let d5 = hex(&g, "D5");
    place(&g, &mut s, "1st Section", "D5", 3);
    let offered = |s: &State| {
        let mut list = Vec::new();
        g.fire_actions(s, sq, g.target_hexes(s, 0), &mut list);
        list
    };
    let sustained = Action::Fire {
        hex: d5,
        sustained: true,
    };
    assert!(offered(&s).contains(&sustained), "it stayed put");
    s.units[sq].flags |= flag::MOVED;
    let after = offered(&s);
    assert!(!after.contains(&sustained));
    assert!(after.contains(&Action::Fire {
        hex: d5,
        sustained: false
    }));
}

/// 95.3: "Any MG using sustained fire decreases its breakdown number (18.1) by two. Thus, a
/// Russian LMG would break down on a roll of '8' or more; a German MG on a roll of '10' or
/// more."
#[test]
fn rule_95_3_sustained_fire_breaks_a_russian_lmg_on_8_a_german_mg_on_10() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 1);
    let lmg = place(&g, &mut s, "3rd Section", "D5", 3); // Russian LMG, B10
    place(&g, &mut s, "1st Squad", "B5", 0);
    g.open_fire(&mut s, lmg, hex(&g, "B5"), true);
    assert_eq!(attack(&g, &s).1, 8);
    let mut t = s;
    g.resolve_fire(&mut t, 7);
    assert!(!t.units[lmg].has(flag::SW_BROKEN));
    g.resolve_fire(&mut s, 8);
    assert!(s.units[lmg].has(flag::SW_BROKEN));
    let mut s = empty(&g, Phase::PrepFire, 0);
    let mmg = place(&g, &mut s, "2nd Squad", "A5", 0); // German MMG, B12
    place(&g, &mut s, "1st Section", "D5", 3);
    g.open_fire(&mut s, mmg, hex(&g, "D5"), true);
    assert_eq!(attack(&g, &s).1, 10);
}

/// 95.1: "Any unit wishing to use sustained fire for its MG must announce the option before
/// fire combat is resolved"; 95.24 bars only an overrunning AFV, so an AFV's bow and coaxial
/// MGs may use it. Panzer 2 at A5 facing east fires its MGs (2 + 2, range 3: the 4 column)
/// at the section in D5: sustained fire is offered with the attack, chosen before the dice,
/// and moves it to the 6 column with B# 10 (95.3; the unprinted AFV MG B# is 12). The StuG
/// has no MGs and is offered no IFT attack at all.
#[test]
fn rule_95_1_an_afvs_mgs_may_use_sustained_fire_announced_with_the_attack() {
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let stug = place(&g, &mut s, "StuG", "A6", 0);
    let d5 = hex(&g, "D5");
    place(&g, &mut s, "1st Section", "D5", 3);
    let [plain, sustained] = [false, true].map(|sustained| Action::Fire { hex: d5, sustained });
    let offered = actions(&g, &s, pz);
    assert!(offered.contains(&plain) && offered.contains(&sustained));
    assert!(
        !actions(&g, &s, stug)
            .iter()
            .any(|a| matches!(a, Action::Fire { .. })),
        "no MG, no IFT attack"
    );
    let fire = |a: Action| {
        let mut t = s;
        t.cursor = pz as u8;
        g.apply(&mut t, a);
        assert_eq!(g.actor(&t), Actor::Chance, "the dice are next");
        attack(&g, &t)
    };
    assert_eq!(fire(plain), (4, 12));
    assert_eq!(fire(sustained), (6, 10));
    // 95.23: not in Advancing Fire after moving.
    s.phase = Phase::AdvancingFire;
    s.units[pz].flags |= flag::MOVED;
    let moved = actions(&g, &s, pz);
    assert!(!moved.contains(&sustained));
    assert!(moved.iter().any(|a| matches!(a, Action::Fire { .. })));
}

/// 95.3: "Any MG using sustained fire decreases its breakdown number (18.1) by two", and a
/// broken MG is repaired as SL 18.2 (88.6: 1 repairs, 6 eliminates). Panzer 2's MGs on
/// sustained fire break on a raw 10, not 9; broken, they fire no more (no IFT attack, and no
/// MG factors in an overrun: 4 + 6 = 10, the 8 column) until a repair die of 1 in its Rally
/// Phase; a 6 disables them for good. On plain fire a raw 11 does not break them.
#[test]
fn rule_95_3_an_afvs_mgs_on_sustained_fire_break_down_on_10_and_are_repaired_like_a_support_weapon()
{
    let g = game();
    let mut s = empty(&g, Phase::PrepFire, 0);
    let pz = place(&g, &mut s, "Panzer 2", "A5", 0);
    let d5 = hex(&g, "D5");
    let section = place(&g, &mut s, "1st Section", "D5", 3);
    let after = |sustained: bool, raw: u8| {
        let mut t = s;
        g.open_fire(&mut t, pz, d5, sustained);
        g.resolve_fire(&mut t, raw);
        t.pending = Pending::None;
        t.units[section].flags &= !(flag::MC_DUE | flag::BROKEN);
        t.due = t.find_due();
        t
    };
    assert!(!after(true, 9).units[pz].has(flag::SW_BROKEN));
    assert!(!after(false, 11).units[pz].has(flag::SW_BROKEN));
    let mut broken = after(true, 10);
    assert!(broken.units[pz].has(flag::SW_BROKEN));
    broken.units[pz].flags &= !flag::PER_PHASE;
    let mut list = Vec::new();
    g.fire_actions(&broken, pz, g.target_hexes(&broken, 0), &mut list);
    assert!(list.is_empty(), "its MGs are silent: {list:?}");
    // An overrun without its MGs: 4 + 12/2 = 10, the 8 column (14 with them, the 12).
    let mut overrun = broken;
    overrun.phase = Phase::Movement;
    overrun.units[pz].hex = hex(&g, "C5");
    g.refresh(&mut overrun);
    let cost = moves(&g, &overrun, pz)
        .into_iter()
        .find_map(|a| match a {
            Action::Move { hex, cost } if hex == d5 => Some(cost),
            _ => None,
        })
        .expect("a move into D5");
    g.do_move(&mut overrun, pz, d5, cost);
    g.overrun(&mut overrun, pz);
    assert_eq!(attack(&g, &overrun).0, 8);
    // The Rally Phase: a repair is due; 1 repairs, 6 disables, 2-5 leave it broken.
    broken.phase = Phase::Repair;
    assert_eq!(
        g.next_repair(&broken, 0).map(|(_, p)| p),
        Some(Pending::WeaponRepair { unit: pz as u8 })
    );
    let repaired = |die: u8| {
        let mut t = broken;
        g.resolve_weapon_repair(&mut t, pz, die);
        t.phase = Phase::PrepFire;
        let mut list = Vec::new();
        g.fire_actions(&t, pz, g.target_hexes(&t, 0), &mut list);
        (!list.is_empty(), t.units[pz].has(flag::SW_DISABLED))
    };
    assert_eq!(repaired(1), (true, false));
    assert_eq!(repaired(3), (false, false));
    assert_eq!(repaired(6), (false, true));
}

/// 100.3: "If the TO HIT dice roll exceeds the TO HIT number by more than one, the shell lands
/// in an adjacent hex. The affected adjacent hex is determined by a roll of one die".
#[test]
fn rule_100_3_a_miss_by_more_than_one_lands_in_the_adjacent_hex_a_die_picks() {
    assert_eq!(near_miss(10, 8, 3), Landing::Adjacent(3));
    assert_eq!(near_miss(9, 8, 3), Landing::TargetHex, "100.2: by one");
    // TO HIT number 7: 8 misses by one (5 in 36); 9-12 (10 in 36) spread over six hexes.
    let misses = Dist::sum_of(2, 6).zip(&Dist::d6());
    let lands =
        |spot: Landing| misses.prob(|&(r, die)| r > 7 && near_miss(r as i8, 7, die) == spot);
    assert_eq!(lands(Landing::TargetHex), Fraction::new(5, 36));
    for die in 1..=6 {
        assert_eq!(lands(Landing::Adjacent(die)), Fraction::new(10, 6 * 36));
    }
}

/// 73.8: "Remove the CE counter at the start of the next friendly Movement Phase": the squad
/// that double-timed in the German player turn is still exhausted (−1 against it in Close
/// Combat) through the Russian player turn, and no longer in the next German one.
#[test]
fn rule_73_8_the_exhaustion_lasts_through_the_enemy_player_turn() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    place(&g, &mut s, "1st Section", "L8", 3);
    move_to(&g, &mut s, sq, hex(&g, "F5"));
    end_player_turn_of(&g, &mut s, 0);
    let mut russian_cc = s;
    russian_cc.phase = Phase::CloseCombat;
    assert_eq!(
        g.melee_target_drm(&russian_cc, sq),
        -1,
        "the Russian player turn"
    );
    end_player_turn_of(&g, &mut s, 1);
    let mut german_cc = s;
    german_cc.phase = Phase::CloseCombat;
    assert_eq!(
        g.melee_target_drm(&german_cc, sq),
        0,
        "the next German player turn"
    );
}
