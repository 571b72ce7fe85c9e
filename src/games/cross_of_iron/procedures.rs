//! The smaller dice procedures the text gives in full: speed breakdown (79), bog and mud (75.8,
//! 102.84), repair and burn-out (66.3, 67.11), rocket reloads (63.76–63.77), near misses (100),
//! anti-tank magnetic mines (86), battlefield integrity (93) and paratroop drops (99). Each
//! function decides one roll; `analysis::cross_of_iron` enumerates them.

/// 79.2: the Speed Breakdown Number, 12 less 1 for every MP or fraction of one by which
/// the move exceeds the printed Movement Allowance (`excess_half_mp` in half MPs: 7 is 3½).
pub fn speed_breakdown_number(excess_half_mp: u16) -> i32 {
    12 - i32::from(excess_half_mp.div_ceil(2))
}

/// 79.2 (and 79.12's 12, not in play): a speed breakdown roll (2d6) at or above the number
/// immobilises.
pub fn speed_breakdown(roll: u8, number: i32) -> bool {
    i32::from(roll) >= number
}

/// 75.8, 75.83, 102.84: a vehicle entering a bog hex is immobilised on a die of 6 (4–6 in
/// mud); one of low ground pressure rolls two dice and bogs on 12 (10–12 in mud). `roll` is
/// the one die, or the two dice's total for low ground pressure.
pub fn bogged(roll: u8, low_ground_pressure: bool, mud: bool) -> bool {
    let from = match (low_ground_pressure, mud) {
        (false, false) => 6,
        (false, true) => 4,
        (true, false) => 12,
        (true, true) => 10,
    };
    roll >= from
}

/// 75.8: a bogged vehicle frees itself in a Rally Phase on a die of 1 after the armour
/// leader's modifier (76).
pub fn freed_from_bog(die: u8, armor_leader_drm: i8) -> bool {
    i16::from(die) + i16::from(armor_leader_drm) <= 1
}

/// The outcome of one repair roll (66.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repair {
    Fixed,
    /// The immobilisation is permanent for the scenario.
    Permanent,
    NotYet,
}

/// 66.3: in a Rally Phase, 2d6 of 2 or less repairs, 9 or more makes it permanent; `drm` is
/// the armour leader's (76.6), which helps the repair but "does not modify die rolls which
/// would otherwise result in permanent immobilization": a raw 9 or more stays permanent.
pub fn repair(roll: u8, drm: i8) -> Repair {
    if roll >= 9 {
        return Repair::Permanent;
    }
    match i16::from(roll) + i16::from(drm) {
        r if r <= 2 => Repair::Fixed,
        _ => Repair::NotYet,
    }
}

/// 67.11: a burning wreck goes out on a die of 1 at the start of its owner's Rally Phase.
pub fn extinguished(die: u8) -> bool {
    die == 1
}

/// 63.76–63.77: player turns to reload a rocket launcher: 2 for 4–9 tubes, 5 for 10–19, 9 for
/// 20 or more, plus the morale DRM of a leader present throughout (−2 for a 9-2 takes 2
/// off), never less than 1. Fewer than 4 tubes: the text has no row; read as the 4–9 row.
pub fn rocket_reload_player_turns(tubes: u8, leader_drm: i8) -> u8 {
    let base: i16 = match tubes {
        0..=9 => 2,
        10..=19 => 5,
        _ => 9,
    };
    (base + i16::from(leader_drm)).max(1) as u8
}

/// Where a direct HE shell of 100mm or more that missed lands (100.2–100.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    TargetHex,
    /// The adjacent hex of this die: 1 the hex the line of fire crossed, then clockwise.
    Adjacent(u8),
}

/// 100.2–100.3: a miss lands in the target hex if the TO HIT roll exceeds the TO HIT number by
/// at most one, else in the adjacent hex a die picks.
pub fn near_miss(final_roll: i8, to_hit_number: i8, die: u8) -> Landing {
    if final_roll <= to_hit_number + 1 {
        Landing::TargetHex
    } else {
        Landing::Adjacent(die)
    }
}

/// 86.31: defending infantry place a mine in an Overrun hex on 2d6 of 4 or less after
/// leadership.
pub fn mine_placed_in_overrun(roll: u8, leader_drm: i8) -> bool {
    i16::from(roll) + i16::from(leader_drm) <= 4
}

/// 86.32: attacking infantry place a mine in Close Combat on 2d6 at most their morale after
/// the leader's DRM (and 86.7's −1 when it is used for a deliberate immobilisation).
pub fn mine_placed_in_close_combat(roll: u8, morale: u8, drm: i8) -> bool {
    i16::from(roll) + i16::from(drm) <= i16::from(morale)
}

/// 86.8: the KILL roll of a German mine is a dud on 12, a Russian one on 10 or more, before
/// armour modifiers.
pub fn mine_dud(roll: u8, russian: bool) -> bool {
    if russian {
        roll >= 10
    } else {
        roll == 12
    }
}

/// Which battlefield-integrity thresholds apply (93.2, 93.5, 93.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    /// 93.2–93.3: 40%, 60%, 80%.
    Normal,
    /// 93.5: AFV support not outnumbered better than 2:1: 50%, 70%, 90%.
    Armor,
    /// 93.6: facing armour with no AFV or AT gun of its own: 30%, 50%, 70%, 90%.
    FacingArmorAlone,
}

/// 93.2–93.6: the morale levels a side loses after losing `lost` of its `total` infantry
/// points, at each threshold reached (the instant it is reached).
pub fn morale_levels_lost(lost: u32, total: u32, support: Support) -> u8 {
    let thresholds: &[u32] = match support {
        // 93.3: "an extra level for every 20% additional point value loss", to 100%.
        Support::Normal => &[40, 60, 80, 100],
        Support::Armor => &[50, 70, 90],
        Support::FacingArmorAlone => &[30, 50, 70, 90],
    };
    let reached = thresholds
        .iter()
        .filter(|&&t| 100 * lost >= t * total.max(1));
    reached.count() as u8
}

/// Where a plane's drop point falls (99.22).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropPoint {
    /// 1–3: the hex chosen.
    Chosen,
    /// 4–5: the same hex number on another board of the dropping player's choice.
    OtherBoardDroppersChoice,
    /// 6: the same hex number on another board of the opponent's choice.
    OtherBoardOpponentsChoice,
}

pub fn drop_point(die: u8) -> DropPoint {
    match die {
        1..=3 => DropPoint::Chosen,
        4 | 5 => DropPoint::OtherBoardDroppersChoice,
        _ => DropPoint::OtherBoardOpponentsChoice,
    }
}

/// 99.26: hexes a parachute drifts, one die (−1 with no wind, the optional rule).
pub fn drift_hexes(die: u8, no_wind: bool) -> u8 {
    die - u8::from(no_wind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_79_2_the_tiger_3_and_a_half_mp_over_breaks_down_on_8_or_more() {
        // 13 MA, 11½ spent, then 5 MP (4 + COT) up a level: 16½, 3½ over: 12 − 4 = 8.
        let number = speed_breakdown_number(7);
        assert_eq!(number, 8);
        assert!(speed_breakdown(8, number) && !speed_breakdown(7, number));
    }

    /// 79.2: "The Speed Breakdown Number of 12 is decreased by 1 for every MP (or fraction
    /// thereof) which the AFV exceeds its printed Movement Point Allowance." (The roll of 79.12
    /// at the end of a move of exactly the MA is not in the engine: see `rule_cases.txt`.)
    #[test]
    fn rule_79_2_the_breakdown_number_drops_from_12_by_1_per_mp_or_fraction_over() {
        assert_eq!(speed_breakdown_number(0), 12);
        assert!(speed_breakdown(12, 12) && !speed_breakdown(11, 12));
        assert_eq!(
            speed_breakdown_number(1),
            11,
            "half an MP over counts as one"
        );
        assert_eq!(speed_breakdown_number(2), 11);
        assert_eq!(speed_breakdown_number(3), 10);
    }

    #[test]
    fn rule_75_8_bog_on_6_and_102_84_mud_on_4_to_6() {
        assert!(bogged(6, false, false) && !bogged(5, false, false));
        assert!(bogged(4, false, true) && !bogged(3, false, true));
        assert!(bogged(12, true, false) && !bogged(11, true, false), "75.83");
        assert!(bogged(10, true, true) && !bogged(9, true, true), "102.84");
        assert!(freed_from_bog(1, 0) && !freed_from_bog(2, 0));
        assert!(freed_from_bog(2, -1), "after the armour leader's modifier");
    }

    #[test]
    fn rule_66_3_repair_on_2_or_less_permanent_on_9_or_more() {
        assert_eq!(repair(2, 0), Repair::Fixed);
        assert_eq!(repair(3, 0), Repair::NotYet);
        assert_eq!(repair(8, 0), Repair::NotYet);
        assert_eq!(repair(9, 0), Repair::Permanent);
        assert_eq!(repair(3, -1), Repair::Fixed);
    }

    #[test]
    fn rule_67_11_a_burning_wreck_goes_out_on_a_1() {
        assert!(extinguished(1) && !extinguished(2));
    }

    #[test]
    fn rule_63_77_a_9_2_leader_reloads_16_rails_in_3_player_turns_6_tubes_in_1() {
        assert_eq!(rocket_reload_player_turns(16, -2), 3);
        assert_eq!(rocket_reload_player_turns(6, -2), 1, "never less than 1");
        assert_eq!(rocket_reload_player_turns(6, 0), 2, "63.76");
        assert_eq!(rocket_reload_player_turns(20, 0), 9);
        assert_eq!(rocket_reload_player_turns(19, 0), 5);
    }

    #[test]
    fn rule_100_2_a_miss_by_one_lands_in_the_target_hex_100_3_else_adjacent() {
        assert_eq!(near_miss(9, 8, 4), Landing::TargetHex);
        assert_eq!(near_miss(10, 8, 4), Landing::Adjacent(4));
    }

    #[test]
    fn rule_86_mines_placed_on_4_in_overrun_morale_in_close_combat_dud_12_or_10() {
        assert!(mine_placed_in_overrun(4, 0) && !mine_placed_in_overrun(5, 0));
        assert!(mine_placed_in_overrun(5, -1), "86.31: after leadership");
        assert!(mine_placed_in_close_combat(7, 7, 0) && !mine_placed_in_close_combat(8, 7, 0));
        assert!(mine_placed_in_close_combat(8, 7, -1), "after leadership");
        assert!(mine_dud(12, false) && !mine_dud(11, false));
        assert!(mine_dud(10, true) && !mine_dud(9, true));
    }

    #[test]
    fn rule_93_morale_drops_at_40_60_80_or_50_70_90_or_30_50_70_90() {
        assert_eq!(morale_levels_lost(39, 100, Support::Normal), 0);
        assert_eq!(morale_levels_lost(40, 100, Support::Normal), 1, "93.2");
        assert_eq!(morale_levels_lost(60, 100, Support::Normal), 2, "93.3");
        assert_eq!(morale_levels_lost(80, 100, Support::Normal), 3);
        assert_eq!(morale_levels_lost(49, 100, Support::Armor), 0, "93.5");
        assert_eq!(morale_levels_lost(50, 100, Support::Armor), 1, "93.5: 50%");
        assert_eq!(morale_levels_lost(69, 100, Support::Armor), 1);
        assert_eq!(morale_levels_lost(70, 100, Support::Armor), 2, "93.5: 70%");
        assert_eq!(morale_levels_lost(89, 100, Support::Armor), 2);
        assert_eq!(morale_levels_lost(90, 100, Support::Armor), 3, "93.5: 90%");
        for (lost, levels) in [
            (29, 0),
            (30, 1),
            (49, 1),
            (50, 2),
            (69, 2),
            (70, 3),
            (89, 3),
        ] {
            let got = morale_levels_lost(lost, 100, Support::FacingArmorAlone);
            assert_eq!(got, levels, "93.6 at {lost}%");
        }
        assert_eq!(morale_levels_lost(90, 100, Support::FacingArmorAlone), 4);
        // 93.2's example: a 4-6-7 of morale 7 works at 6 once 40% is lost.
        assert_eq!(7 - morale_levels_lost(84, 210, Support::Normal), 6);
    }

    #[test]
    fn rule_99_22_drop_point_and_99_26_drift() {
        // 99.22: 1-3 where chosen, 4-5 the other board at the dropper's choice, 6 at the
        // opponent's: every face of the die.
        let by_die = (1..=6).map(drop_point).collect::<Vec<_>>();
        use DropPoint::*;
        assert_eq!(
            by_die,
            [
                Chosen,
                Chosen,
                Chosen,
                OtherBoardDroppersChoice,
                OtherBoardDroppersChoice,
                OtherBoardOpponentsChoice
            ]
        );
        assert_eq!(drift_hexes(4, false), 4);
        assert_eq!(drift_hexes(1, true), 0, "no wind: −1");
    }
}
