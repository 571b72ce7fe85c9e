//! The TO HIT modifiers the Cross of Iron text states with their values (64.2, 64.47, 64.6,
//! 66.2, 69.1, 70.2, 70.8, 63.731, 63.19, 69.8's quoted Case J, 90.13). The Squad Leader
//! Cases the text cites without a value (B, C, E, …) are not here: a caller adds them as a
//! DRM of its own.

/// A main gun's suffix (63.12, 64.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GunSuffix {
    Plain,
    /// 64.21: −1 at 13 hexes or more.
    L,
    /// 64.22: −1 at 13–24 hexes, −2 at 25 or more.
    LL,
    /// 64.23: +1 at 7–12, +2 at 13–24, +3 at 25–39, +4 at 40 or more.
    Star,
}

/// 64.21–64.23: the range modifier of a gun's suffix.
pub fn range_drm(suffix: GunSuffix, range: u16) -> i8 {
    match suffix {
        GunSuffix::Plain => 0,
        GunSuffix::L => -i8::from(range >= 13),
        GunSuffix::LL => match range {
            0..=12 => 0,
            13..=24 => -1,
            _ => -2,
        },
        GunSuffix::Star => match range {
            0..=6 => 0,
            7..=12 => 1,
            13..=24 => 2,
            25..=39 => 3,
            _ => 4,
        },
    }
}

/// The colour of a target AFV's armour modifiers (64.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetSize {
    /// Black numbers: conventional.
    Normal,
    /// Red front: −1.
    RedFront,
    /// Red front and side: −2.
    RedFrontAndSide,
    /// White front: +1.
    WhiteFront,
    /// White front and side: +2.
    WhiteFrontAndSide,
}

/// 64.6: the target size modifier.
pub fn size_drm(size: TargetSize) -> i8 {
    match size {
        TargetSize::Normal => 0,
        TargetSize::RedFront => -1,
        TargetSize::RedFrontAndSide => -2,
        TargetSize::WhiteFront => 1,
        TargetSize::WhiteFrontAndSide => 2,
    }
}

/// 64.47: a buttoned-up tank or closed-top SP gun adds 1.
pub const BUTTONED_UP: i8 = 1;

/// 64.44: a crew that failed its morale check, once its stun counter is removed, carries a
/// "+1 TO HIT" marker for the rest of the game, "in addition to the +1 DRM it will suffer for
/// being buttoned up".
pub const SHAKEN_CREW: i8 = 1;

/// 69.1: −1 per consecutive Fire Phase at the same target from the same hex, at most −2.
pub fn acquisition_drm(consecutive_phases: u8) -> i8 {
    -(consecutive_phases.min(2) as i8)
}

/// 70.8: Case D, +2 for firing outside the covered arc, cumulative for each such shot in the
/// phase (`nth` 1 for the first).
pub fn outside_covered_arc_drm(nth: u8) -> i8 {
    2 * nth.min(5) as i8
}

/// 66.2: a deliberate immobilisation attempt adds 3 from the side, 5 from the rear.
pub fn deliberate_immobilization_drm(from_rear: bool) -> i8 {
    if from_rear {
        5
    } else {
        3
    }
}

/// 63.731: direct fire by rocket artillery adds 2.
pub const DIRECT_ROCKETS: i8 = 2;
/// 63.19: a 360° mount turning to fire adds 2 (its Case A), "much smaller" than an ordinary
/// gun's rotation: the data's `hull_turn_drm` must be above it (checked on loading).
pub const MOUNT_360_TURNING: i8 = 2;
/// 69.8: Case J, a moving target, +2 (quoted in the text).
pub const MOVING_TARGET: i8 = 2;
/// 90.13: captured ordnance with red TO HIT numbers adds 2.
pub const CAPTURED_RED_NUMBERS: i8 = 2;
/// 70.2: intensive fire adds 2 (applied in `Shot::total_drm`).
pub const INTENSIVE_FIRE: i8 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_64_2_range_modifiers_by_suffix() {
        assert_eq!(range_drm(GunSuffix::L, 12), 0);
        assert_eq!(range_drm(GunSuffix::L, 13), -1, "64.21");
        assert_eq!(range_drm(GunSuffix::LL, 24), -1, "64.22");
        assert_eq!(range_drm(GunSuffix::LL, 25), -2);
        assert_eq!(range_drm(GunSuffix::Star, 6), 0, "64.23");
        assert_eq!(range_drm(GunSuffix::Star, 7), 1);
        assert_eq!(range_drm(GunSuffix::Star, 24), 2);
        assert_eq!(range_drm(GunSuffix::Star, 39), 3);
        assert_eq!(range_drm(GunSuffix::Star, 40), 4);
        assert_eq!(range_drm(GunSuffix::Plain, 40), 0);
    }

    #[test]
    fn rule_64_6_red_targets_are_easier_white_ones_harder() {
        assert_eq!(size_drm(TargetSize::RedFront), -1);
        assert_eq!(size_drm(TargetSize::RedFrontAndSide), -2);
        assert_eq!(size_drm(TargetSize::WhiteFront), 1);
        assert_eq!(size_drm(TargetSize::WhiteFrontAndSide), 2);
    }

    #[test]
    fn rule_69_1_acquisition_is_minus_1_then_minus_2_at_most() {
        assert_eq!(acquisition_drm(0), 0);
        assert_eq!(acquisition_drm(1), -1);
        assert_eq!(
            acquisition_drm(5),
            -2,
            "the third fire phase in a row and on"
        );
    }

    #[test]
    fn rule_70_8_case_d_is_cumulative_the_mkivf2_second_shot_is_plus_6() {
        // 70.8's example: intensive fire +2 and outside the covered arc +2, then +2 + 4.
        assert_eq!(INTENSIVE_FIRE + outside_covered_arc_drm(1), 4);
        assert_eq!(INTENSIVE_FIRE + outside_covered_arc_drm(2), 6);
    }

    #[test]
    fn rule_66_2_deliberate_immobilization_plus_3_side_plus_5_rear() {
        assert_eq!(deliberate_immobilization_drm(false), 3);
        assert_eq!(deliberate_immobilization_drm(true), 5);
    }
}
