//! Movement, reverse, overrun, speed breakdown, Double Time, advance; line of sight.

use super::*;
use crate::engine::bits::ones128;
use crate::games::cross_of_iron::board::NO_HEX;
use crate::games::cross_of_iron::Action;

fn moves(g: &CrossOfIron, s: &State, u: usize) -> Vec<Action> {
    let mut out = Vec::new();
    g.move_actions(s, u, &mut out);
    out
}

/// Whether `u` may move to `h`, and if so whether at Double Time (73) (`None`: it may not).
fn double_time_to(g: &CrossOfIron, s: &State, u: usize, h: u8) -> Option<bool> {
    move_cost(g, s, u, h).map(|cost| g.double_time(s, u, h, cost))
}

#[test]
fn sl_los_is_blocked_by_woods_between_and_seen_over_from_a_hill() {
    let g = game();
    let b = &g.rules().board;
    assert!(!b.sees(hex(&g, "A4"), hex(&g, "C4")), "B4 woods between");
    assert!(b.sees(hex(&g, "A5"), hex(&g, "E5")), "open ground");
    assert!(b.sees(hex(&g, "A5"), hex(&g, "A5")));
    for a in 0..b.len() as u8 {
        for c in 0..b.len() as u8 {
            assert_eq!(b.sees(a, c), b.sees(c, a), "LOS is reciprocal");
        }
    }
}

#[test]
fn rule_73_3_double_time_adds_2_mf_to_a_squads_4_or_its_6_with_a_leader() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    let to = |s: &State, h: &str| double_time_to(&g, s, sq, hex(&g, h));
    assert_eq!(to(&s, "E5"), Some(false), "4 open hexes");
    assert_eq!(to(&s, "F5"), Some(true), "5th and 6th hex at Double Time");
    place(&g, &mut s, "Lt. Hahn", "A5", 0);
    assert_eq!(to(&s, "E5"), Some(false));
    let off = edited("scenario.toml", |t| {
        t.replace("double_time = true", "double_time = false")
    })
    .unwrap();
    let mut s = empty(&off, Phase::Movement, 0);
    let sq = place(&off, &mut s, "1st Squad", "A5", 0);
    assert!(moves(&off, &s, sq)
        .iter()
        .all(|a| !matches!(*a, Action::Move { hex, cost } if off.double_time(&s, sq, hex, cost))));
}

/// SL 4, 73.3 "a squad accompanied by a leader": a squad has the leader's MF only moving
/// with him. Trial 17b F2: sharing his starting hex alone gave it 6 MF while he stayed.
#[test]
fn rule_73_3_a_squad_has_its_leaders_mf_only_moving_with_him() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let (first, second) = (unit(&g, "1st Squad"), unit(&g, "2nd Squad"));
    place(&g, &mut s, "1st Squad", "A5", 0);
    place(&g, &mut s, "2nd Squad", "A5", 0);
    place(&g, &mut s, "3rd Squad", "A5", 0);
    let hahn = place(&g, &mut s, "Lt. Hahn", "A5", 0);
    let (a5, e5, f5) = (hex(&g, "A5"), hex(&g, "E5"), hex(&g, "F5"));
    // Within its own 4 MF the leader stays.
    let mut t = s;
    move_to(&g, &mut t, first, e5);
    assert_eq!(t.units[hahn].hex, a5, "a 4 MF move leaves the leader");
    // Past them, on his MF, he goes along.
    assert_eq!(
        double_time_to(&g, &s, first, f5),
        Some(false),
        "6 MF with him"
    );
    // The move's line, in the list and the log, names him (trial 18b F1).
    let mut chosen = s;
    chosen.cursor = first as u8;
    let cost = move_cost(&g, &s, first, f5).unwrap();
    let text = g.describe(&chosen, Action::Move { hex: f5, cost });
    assert!(
        text.contains("with Lt. Hahn (8-1), who moves with it"),
        "{text}"
    );
    move_to(&g, &mut s, first, f5);
    assert_eq!(s.units[hahn].hex, f5, "the leader moved with the squad");
    assert!(s.units[hahn].has(flag::MOVED));
    // The other squads he left may follow him to his hex, and nowhere else past 4 MF.
    assert_eq!(double_time_to(&g, &s, second, f5), Some(false));
    let listed = moves(&g, &s, second);
    let past_own = listed.iter().filter_map(|a| match *a {
        Action::Move { hex, cost } if cost > 4 && !g.double_time(&s, second, hex, cost) => {
            Some(hex)
        }
        _ => None,
    });
    assert_eq!(past_own.collect::<Vec<_>>(), vec![f5]);
    // Elsewhere it keeps its own Double Time (trial 19b F1), on its own 4 MF (F2).
    let alone = listed.iter().find_map(|a| match *a {
        Action::Move { hex, cost } if hex != f5 && cost > 4 => Some((hex, cost)),
        _ => None,
    });
    let (elsewhere, cost) = alone.expect("a Double Time move of its own");
    assert!(g.double_time(&s, second, elsewhere, cost));
    let mut choosing = s;
    choosing.cursor = second as u8;
    let told = g.action_cost(
        &choosing,
        Action::Move {
            hex: elsewhere,
            cost,
        },
    );
    assert_eq!(told, Some(format!("{cost} MF of 4 + 2")));
    // A squad in the hex he moved into has moved with no one.
    let mut t = empty(&g, Phase::Movement, 0);
    let sq = place(&g, &mut t, "1st Squad", "F5", 0);
    let hahn = place(&g, &mut t, "Lt. Hahn", "A5", 0);
    move_to(&g, &mut t, hahn, f5);
    assert_eq!(
        g.allowance(&t, sq),
        4,
        "he arrived; he did not start with it"
    );
}

#[test]
fn rule_73_7_no_double_time_in_the_next_player_turn_and_73_6_no_advancing_fire() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    place(&g, &mut s, "1st Section", "A8", 3);
    move_to(&g, &mut s, sq, hex(&g, "F5"));
    assert!(s.units[sq].has(flag::DOUBLE_TIME));
    s.phase = Phase::AdvancingFire;
    s.units[sq].flags &= !flag::DONE;
    g.refresh(&mut s);
    let mut list = Vec::new();
    g.unit_actions(&s, sq, &mut list);
    assert!(list.is_empty(), "no Advancing Fire after Double Time");
    s.units[sq].flags |= flag::TIRED;
    s.phase = Phase::Movement;
    s.units[sq].flags &= !(flag::DOUBLE_TIME | flag::MOVED);
    assert!(moves(&g, &s, sq)
        .iter()
        .all(|a| !matches!(*a, Action::Move { hex, cost } if g.double_time(&s, sq, hex, cost))));
}

#[test]
fn rule_94_2_inexperienced_squads_have_3_mf() {
    let g = edited("scenario.toml", |t| {
        t.replace("inexperienced = false", "inexperienced = true")
    })
    .unwrap();
    let mut s = empty(&g, Phase::Movement, 1);
    let sq = place(&g, &mut s, "1st Section", "E5", 3);
    assert_eq!(g.allowance(&s, sq), 3);
    place(&g, &mut s, "Lt. Orlov", "E5", 3);
    assert_eq!(g.allowance(&s, sq), 5);
}

#[test]
fn sl_stacking_three_squads_a_hex() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    for name in ["2nd Squad", "3rd Squad", "4th Squad"] {
        place(&g, &mut s, name, "C5", 0);
    }
    let sq = place(&g, &mut s, "1st Squad", "B5", 0);
    assert_eq!(double_time_to(&g, &s, sq, hex(&g, "C5")), None);
}

#[test]
fn rule_79_2_climbing_costs_a_vehicle_4_mp_plus_terrain() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "D5", 0);
    let cost = g.reach(&s, pz, 40).costs();
    assert_eq!(cost[hex(&g, "E5") as usize], 1);
    assert_eq!(
        cost[hex(&g, "G5") as usize - 1],
        1 + 4 + 1,
        "F5 is level 1: 4 MP + open"
    );
}

/// Panzer 2 alone in A8 in the Movement Phase, what reaching each hex costs it and its MA.
fn panzer_at_a8(g: &CrossOfIron) -> (State, usize, [u8; super::super::board::MAX_HEXES], u8) {
    let mut s = empty(g, Phase::Movement, 0);
    let pz = place(g, &mut s, "Panzer 2", "A8", 0);
    let cost = g.reach(&s, pz, 40).costs();
    let mp = g.allowance(&s, pz);
    (s, pz, cost, mp)
}

/// The first hex (by number) costing exactly `c` to reach.
fn first_costing(cost: &[u8], c: u8) -> u8 {
    cost.iter()
        .position(|&x| x == c)
        .unwrap_or_else(|| panic!("a hex costing {c}")) as u8
}

#[test]
fn rule_79_moving_past_the_ma_rolls_for_speed_breakdown() {
    let g = game();
    let (mut s, pz, cost, mp) = panzer_at_a8(&g);
    let far = first_costing(&cost, mp + 1);
    assert_eq!(move_cost(&g, &s, pz, far), Some(mp + 1));
    // The play screen names the risk before the move is made.
    s.cursor = pz as u8;
    let text = g.describe(
        &s,
        Action::Move {
            hex: far,
            cost: mp + 1,
        },
    );
    assert!(
        text.contains("speed breakdown (79), immobilized on 11 or more"),
        "{text}"
    );
    move_to(&g, &mut s, pz, far);
    let board = &g.rules().board;
    assert!(
        matches!(s.pending, Pending::SpeedBreakdown { unit, number: 11, from }
            if unit == pz as u8 && board.distance(from, far) == 1 && cost[from as usize] <= mp),
        "{:?}",
        s.pending
    );
    let off = edited("scenario.toml", |t| {
        t.replace("speed_breakdown = true", "speed_breakdown = false")
    })
    .unwrap();
    let mut t = empty(&off, Phase::Movement, 0);
    let pz = place(&off, &mut t, "Panzer 2", "A8", 0);
    assert_eq!(move_cost(&off, &t, pz, far), None);
}

/// 79.2: the AFV "may opt to ... exceed its printed Movement Point Allowance ... by moving one
/// additional hex": a hex two open hexes past the MA (every neighbour of it beyond the MA) is
/// not offered, one hex past it is.
#[test]
fn rule_79_2_a_move_two_hexes_past_the_ma_is_not_offered() {
    let g = game();
    let (s, pz, cost, mp) = panzer_at_a8(&g);
    let board = &g.rules().board;
    let beyond = |h: usize| ones128(board.within(h as u8, 1) & !(1 << h)).all(|n| cost[n] > mp);
    let two_past = (0..board.len())
        .find(|&h| cost[h] == mp + 2 && beyond(h))
        .expect("a hex two open hexes past the MA") as u8;
    assert_eq!(move_cost(&g, &s, pz, two_past), None);
    let one_past = first_costing(&cost, mp + 1);
    assert_eq!(move_cost(&g, &s, pz, one_past), Some(mp + 1));
}

/// 79.2: "If it fails this breakdown dice roll, it does not get to move into the extra hex
/// and is immobilized" ("returned to the last hex occupied before the dice roll"): no overrun of
/// enemy infantry in the extra hex; a passed roll enters it and the overrun is due.
#[test]
fn rule_79_2_a_failed_roll_leaves_the_afv_immobilized_before_the_extra_hex() {
    let g = game();
    let (mut s, pz, cost, mp) = panzer_at_a8(&g);
    let far = first_costing(&cost, mp + 1);
    let far_name = g.rules().board.name(far);
    place(&g, &mut s, "1st Section", &far_name, 3);
    move_to(&g, &mut s, pz, far);
    let Pending::SpeedBreakdown { number, from, .. } = s.pending else {
        panic!("a speed breakdown roll: {:?}", s.pending);
    };
    assert_eq!(number, 11);
    assert!(
        !s.units[pz].has(flag::OVERRUN_DUE),
        "no overrun before the roll"
    );
    let mut failed = s;
    g.resolve_speed_breakdown(&mut failed, pz, number, from, 11);
    assert_eq!(failed.units[pz].hex, from);
    assert_ne!(from, far);
    assert!(failed.units[pz].has(flag::IMMOBILIZED));
    assert!(
        !failed.units[pz].has(flag::OVERRUN_DUE),
        "the extra hex is not overrun"
    );
    let mut passed = s;
    g.resolve_speed_breakdown(&mut passed, pz, number, from, 10);
    assert_eq!(passed.units[pz].hex, far);
    assert!(!passed.units[pz].has(flag::IMMOBILIZED));
    assert!(passed.units[pz].has(flag::OVERRUN_DUE));
}

/// 71: backing up costs four times the step (under the `hexside` reading, straight back along
/// one line; the default's two hexes behind are 71.2's test), facing kept.
#[test]
fn rule_71_reverse_is_straight_back_at_four_times_the_cost_keeping_the_facing() {
    let g = super::hexside_arcs();
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "E5", 0);
    let mut list = Vec::new();
    g.move_actions(&s, pz, &mut list);
    let backs: Vec<u8> = list
        .iter()
        .filter_map(|a| {
            if let Action::Reverse { hex, .. } = a {
                Some(*hex)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        backs,
        [hex(&g, "B5"), hex(&g, "C5"), hex(&g, "D5")],
        "14 MP: three open hexes at 4 each"
    );
    g.do_reverse(&mut s, pz, hex(&g, "C5"), 8);
    assert_eq!((s.units[pz].hex, s.units[pz].hull), (hex(&g, "C5"), 0));
}

#[test]
fn rule_72_1_an_afv_entering_infantry_overruns_with_4_plus_half_he_plus_mgs() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let pz = place(&g, &mut s, "Panzer 2", "C5", 0);
    place(&g, &mut s, "1st Section", "D5", 3);
    assert!(move_cost(&g, &s, pz, hex(&g, "D5")).is_some());
    move_to(&g, &mut s, pz, hex(&g, "D5"));
    assert!(s.units[pz].has(flag::OVERRUN_DUE));
    g.overrun(&mut s, pz);
    let Pending::Fire {
        column, overrun, ..
    } = s.pending
    else {
        panic!()
    };
    // 4 + 12/2 + 2 + 2 = 14: the 12 column.
    assert_eq!((g.rules().ift[column as usize].fp, overrun), (12, pz as u8));
    g.resolve_fire(&mut s, 12);
    assert!(
        s.units[pz].has(flag::IMMOBILIZED),
        "72.5: an unmodified 12 immobilises"
    );
}

/// The IFT firepower of the overrun `name` makes from C5 into the Russian section in D5
/// (`None`: no attack), with `flags` set on it before it moves.
fn overrun_column(g: &CrossOfIron, name: &str, flags: u32) -> Option<u8> {
    let mut s = empty(g, Phase::Movement, 0);
    let afv = place(g, &mut s, name, "C5", 0);
    s.units[afv].flags |= flags;
    place(g, &mut s, "1st Section", "D5", 3);
    move_to(g, &mut s, afv, hex(g, "D5"));
    assert!(s.units[afv].has(flag::OVERRUN_DUE), "it entered the hex");
    g.overrun(&mut s, afv);
    assert!(!s.units[afv].has(flag::OVERRUN_DUE));
    match s.pending {
        Pending::Fire {
            column, overrun, ..
        } => {
            assert_eq!(overrun, afv as u8);
            Some(g.rules().ift[column as usize].fp)
        }
        Pending::None => None,
        other => panic!("{other:?}"),
    }
}

/// 72.1: "An AFV … must utilize some form of firepower in order to apply the base firepower
/// of 4 for an Overrun." The StuG III G has no MGs: with its gun working it overruns with
/// 4 + 12/2 = 10 (the 8 column); with the gun malfunctioned or disabled it has nothing to
/// use, so no base 4 and no attack, though it still enters the hex.
#[test]
fn rule_72_1_an_afv_with_no_working_gun_or_mg_makes_no_overrun_attack() {
    let g = game();
    let stug = unit(&g, "StuG");
    let v = g.def(stug).vehicle.as_ref().unwrap();
    assert_eq!((v.bow_mg, v.coax_mg), (0, 0), "the StuG carries no MGs");
    assert_eq!(overrun_column(&g, "StuG", 0), Some(8));
    assert_eq!(overrun_column(&g, "StuG", flag::GUN_BROKEN), None);
    assert_eq!(overrun_column(&g, "StuG", flag::DISABLED), None);
    // The PzKw IV's MGs alone still give the base 4: 4 + 2 + 2 = 8.
    assert_eq!(overrun_column(&g, "Panzer 2", flag::GUN_BROKEN), Some(8));
}

/// 72.1: "half the infantry firepower equivalent of their main armament (doubled for those
/// AFVs with a multi-shot rate of fire)". With the 75L edited to ROF 2, the PzKw IV F2
/// overruns with 4 + 12 + 2 + 2 = 20 (the 20 column), not 4 + 6 + 2 + 2 = 14 (the 12).
#[test]
fn rule_72_1_a_multi_shot_main_gun_doubles_its_half_he_in_an_overrun() {
    let from = "{ id = \"75L\", calibre = 75, suffix = \"L\", rof = 1,";
    let rof_2 = edited("counters.toml", |t| {
        assert!(t.contains(from), "{from} not in counters.toml");
        t.replace(from, &from.replace("rof = 1", "rof = 2"))
    })
    .unwrap();
    let pz = unit(&rof_2, "Panzer 2");
    assert_eq!(rof_2.def(pz).gun.as_ref().unwrap().rof, 2);
    assert_eq!(overrun_column(&game(), "Panzer 2", 0), Some(12));
    assert_eq!(overrun_column(&rof_2, "Panzer 2", 0), Some(20));
}

#[test]
fn sl_19_advance_one_hex_into_an_enemy_hex_starts_close_combat() {
    let g = game();
    let mut s = empty(&g, Phase::Advance, 0);
    let sq = place(&g, &mut s, "1st Squad", "C5", 0);
    place(&g, &mut s, "1st Section", "D5", 3);
    let mut list = Vec::new();
    g.advance_actions(&s, sq, &mut list);
    assert_eq!(list.len(), 6);
    assert!(list.contains(&Action::Advance { hex: hex(&g, "D5") }));
    s.cursor = sq as u8;
    g.apply(&mut s, Action::Advance { hex: hex(&g, "D5") });
    assert!(g.contested(&s, hex(&g, "D5")));
}

/// The cheapest costs from `start` by the step table, one hex at a time (the plain search the
/// set-at-a-time `reach` must agree with), not passing through `enemy` hexes.
fn reach_hex_by_hex(
    steps: &[[u8; 6]],
    g: &CrossOfIron,
    start: u8,
    enemy: u128,
    limit: u8,
) -> Vec<u8> {
    let board = &g.rules().board;
    let mut cost = vec![u8::MAX; board.len()];
    cost[start as usize] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for h in 0..board.len() {
            if cost[h] == u8::MAX || (h as u8 != start && enemy >> h & 1 == 1) {
                continue;
            }
            for (&n, &step) in board.neighbour[h].iter().zip(&steps[h]) {
                let total = cost[h].saturating_add(step);
                if n != NO_HEX && total <= limit && total < cost[n as usize] {
                    cost[n as usize] = total;
                    changed = true;
                }
            }
        }
    }
    cost
}

#[test]
fn sl_4_reach_finds_the_cheapest_cost_to_every_hex_as_a_hex_by_hex_search_does() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let sq = place(&g, &mut s, "2nd Squad", "A1", 0);
    let pz = place(&g, &mut s, "Panzer 2", "A2", 0);
    let enemy = [
        place(&g, &mut s, "1st Section", "F4", 0),
        place(&g, &mut s, "Tank 1", "G6", 0),
    ];
    let rs = g.rules();
    for start in 0..rs.board.len() as u8 {
        for (u, steps, limit) in [(sq, &rs.step_mf, 6), (pz, &rs.step_mp, 19)] {
            if enemy.iter().any(|&e| s.units[e].hex == start) {
                continue;
            }
            s.units[u].hex = start;
            g.refresh(&mut s);
            let by_sets = g.reach(&s, u, limit);
            let expected = reach_hex_by_hex(steps, &g, start, s.occupied[1], limit);
            assert_eq!(
                &by_sets.costs()[..rs.board.len()],
                &expected[..],
                "from {}",
                rs.board.name(start)
            );
            let set = (0..rs.board.len()).filter(|&h| expected[h] != u8::MAX);
            assert_eq!(by_sets.set, set.fold(0, |all, h| all | 1 << h));
        }
    }
}

#[test]
fn sl_4_neighbour_shifts_find_every_hexs_neighbours_on_boards_of_every_width() {
    use crate::games::cross_of_iron::board::Board;
    use crate::games::cross_of_iron::data::BoardDef;
    use crate::games::cross_of_iron::ruleset::StepSets;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(4);
    for cols in 1..=26usize {
        let rows = (128 / cols).min(26);
        let def = BoardDef {
            source: "test".into(),
            basis: None,
            terrain: vec![".".repeat(cols); rows],
            levels: vec!["0".repeat(cols); rows],
        };
        let board = Board::load(&def, "board", Default::default()).expect("a plain board loads");
        let sets = StepSets::new(&board, &vec![[1; 6]; board.len()]);
        let all = u128::MAX >> (128 - board.len());
        for _ in 0..200 {
            let set = rng.random::<u128>() & rng.random::<u128>() & all;
            let by_hex = (0..board.len())
                .filter(|&h| set >> h & 1 == 1)
                .flat_map(|h| board.neighbour[h])
                .filter(|&n| n != NO_HEX)
                .fold(0u128, |next, n| next | 1 << n);
            assert_eq!(sets.neighbours(set), by_hex, "{cols} columns");
            assert_eq!(sets.neighbours_any(set), by_hex, "{cols} columns");
        }
    }
}

/// 73.3: Double Time "increases its MF by 2 (a squad 6 MF, a leader 8 MF)": a leader alone in
/// A5 reaches every hex costing up to 6 MF at his own rate, those of 7 and 8 at Double Time,
/// and none of 9; a squad moving with him has his 6 and so 8 as well.
#[test]
fn rule_73_3_a_leader_double_times_at_8_mf_and_a_squad_with_him_too() {
    let g = game();
    let mut s = empty(&g, Phase::Movement, 0);
    let lt = place(&g, &mut s, "Lt. Hahn", "A5", 0);
    place(&g, &mut s, "1st Section", "L8", 3);
    let cost = g.reach(&s, lt, 40).costs();
    let at = |c: u8| {
        (0..g.rules().board.len() as u8)
            .find(|&h| cost[h as usize] == c)
            .unwrap_or_else(|| panic!("a hex {c} MF away"))
    };
    for (c, offered) in [
        (6, Some(false)),
        (7, Some(true)),
        (8, Some(true)),
        (9, None),
    ] {
        assert_eq!(double_time_to(&g, &s, lt, at(c)), offered, "{c} MF alone");
    }
    let sq = place(&g, &mut s, "1st Squad", "A5", 0);
    assert_eq!(
        double_time_to(&g, &s, sq, at(8)),
        Some(true),
        "with him: 8 MF"
    );
    assert_eq!(double_time_to(&g, &s, sq, at(9)), None);
}
