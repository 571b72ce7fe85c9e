//! One ordnance shot (63–70): the TO HIT roll and the AFV KILL roll, each resolved from its
//! dice with every side effect the text ties to the raw roll or the final one. The numbers
//! read from Squad Leader's missing charts (the TO HIT number of 33.3, the kill number of
//! 33.4) are inputs. The odds tables, the shot calculator and the engine all call these.
//!
//! Conventions the text implies but does not state (reading notes, "TH / TK conventions"):
//! a shot hits if the final TO HIT roll (2d6 + DRM) is at most the TO HIT number; a target is
//! destroyed if the final KILL roll (2d6 + armour modifier) is at most the kill number (66.1:
//! a roll "exactly equal to the number needed to destroy", "lower than the kill number" also
//! eliminates).

/// The ammunition a shot declares before the TO HIT roll (63.16: "prior to rolling").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ammo {
    /// AP or HE: unlimited (63.21).
    ApHe,
    /// HEAT with its availability number, H5 or H6 (63.16).
    Heat(u8),
    /// Smoke, from guns of 70mm or more (63.22, 64.7).
    Smoke,
}

/// How 68.1's "less than one-half of the originally needed final TO HIT number" is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CriticalThreshold {
    /// The TO HIT number less the DRM: the highest raw roll that hits. The default: "final"
    /// names the number after the modifiers, so an easy shot places more hits precisely.
    #[default]
    Final,
    /// The TO HIT number as the table gives it, before modifiers.
    Table,
}

/// A shot's inputs: the table's number, the modifiers, and the gun's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shot {
    /// The number from the TO HIT table (33.3, missing from the text).
    pub to_hit_number: i8,
    /// The sum of the TO HIT modifiers other than intensive fire's (range 64.2, size 64.6,
    /// buttoned up 64.47, acquisition 69.1, …).
    pub drm: i8,
    pub ammo: Ammo,
    /// The printed breakdown number; B12 where none is printed (63.18).
    pub breakdown: u8,
    /// Intensive fire (70): +2 to the roll (70.2), the breakdown number −2 (70.5).
    pub intensive_fire: bool,
    /// A captured weapon (90.12): the breakdown number −2, and a breakdown eliminates it.
    pub captured: bool,
    /// An AFV's gun of 150mm or more (64.9): a raw 11 or 12 fires its last round.
    pub calibre_150_plus: bool,
}

impl Shot {
    /// An AP/HE shot of a gun with the default B12, nothing else special.
    pub fn plain(to_hit_number: i8, drm: i8) -> Shot {
        Shot {
            to_hit_number,
            drm,
            ammo: Ammo::ApHe,
            breakdown: 12,
            intensive_fire: false,
            captured: false,
            calibre_150_plus: false,
        }
    }

    /// Every TO HIT modifier, intensive fire's +2 (70.2) included.
    pub fn total_drm(&self) -> i8 {
        self.drm + if self.intensive_fire { 2 } else { 0 }
    }

    /// The breakdown number in force: −2 under intensive fire (70.5), −2 if captured (90.12).
    pub fn breakdown_number(&self) -> u8 {
        let minus = 2 * u8::from(self.intensive_fire) + 2 * u8::from(self.captured);
        self.breakdown.saturating_sub(minus)
    }

    /// The highest raw roll that hits.
    pub fn highest_hitting_roll(&self) -> i8 {
        self.to_hit_number - self.total_drm()
    }
}

/// The dice of one TO HIT roll: the two dice's total, and the third die 68.1 rolls after a
/// raw 2 (ignored otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToHitDice {
    pub raw: u8,
    pub third_die: u8,
}

/// What one TO HIT roll did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ShotResult {
    pub hit: bool,
    /// 68.1: a critical hit; the KILL roll is made against the Rear, −1 (68.2, 68.3).
    pub critical: bool,
    /// 63.16: the HEAT ran out with this shot, which is resolved as AP or HE.
    pub out_of_heat: bool,
    /// 63.22: the smoke ran out with this shot, which is resolved as AP or HE.
    pub out_of_smoke: bool,
    /// 63.18: the gun broke down firing this shot; no more shots until it is repaired. The
    /// shot itself is resolved ("jammed upon firing", "any additional shots" are lost).
    pub jammed: bool,
    /// 90.12: a captured weapon that breaks down is eliminated.
    pub eliminated: bool,
    /// 64.9: the last round of a 150mm or larger gun; the gun is disabled for the scenario.
    pub last_round: bool,
}

/// Resolves one TO HIT roll. Every side effect reads the raw roll: HEAT "a TO HIT dice roll
/// of this number or higher" (63.16), smoke "an unmodified TO HIT total of 8 or more" (63.22),
/// breakdown "prior to any modification" (70.5's example), 64.9 "prior to modifications",
/// 68.1 "a 2 rolled prior to modification".
pub fn resolve_to_hit(shot: &Shot, dice: ToHitDice, reading: CriticalThreshold) -> ShotResult {
    let raw = dice.raw as i8;
    let hit = raw + shot.total_drm() <= shot.to_hit_number;
    let needed = match reading {
        CriticalThreshold::Final => shot.highest_hitting_roll(),
        CriticalThreshold::Table => shot.to_hit_number,
    };
    // 68.1: "an otherwise harmless hit": only a hit can be critical.
    let third = dice.third_die as i8;
    let critical = hit && dice.raw == 2 && (third == 1 || 2 * third < needed);
    let broke_down = dice.raw >= shot.breakdown_number();
    ShotResult {
        hit,
        critical,
        out_of_heat: matches!(shot.ammo, Ammo::Heat(h) if dice.raw >= h),
        out_of_smoke: shot.ammo == Ammo::Smoke && dice.raw >= 8,
        jammed: broke_down && !shot.captured,
        eliminated: broke_down && shot.captured,
        last_round: shot.calibre_150_plus && dice.raw >= 11,
    }
}

/// The part of the target a hit strikes, for random immobilisation (66.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Facing {
    Front,
    /// Side or rear hull: a roll exactly equal to the kill number may only immobilise.
    SideOrRear,
}

/// A KILL roll's inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KillRoll {
    /// The number from the AFV KILL table (33.4, missing) for the gun and the facing hit;
    /// after a critical hit, the Rear's (68.2).
    pub kill_number: i8,
    /// The target's armour modifier on that facing (64.3).
    pub armor_modifier: i8,
    pub facing: Facing,
    /// 66.1: a hull-down target is never immobilised by a hit, it is destroyed instead.
    pub hull_down: bool,
    /// 66.1: an immobilised AFV hit by a second random immobilisation is eliminated.
    pub immobilized: bool,
    /// 68.2–68.3: after a critical hit, against the Rear, −1, the armour modifier only if
    /// negative.
    pub critical: bool,
}

impl KillRoll {
    /// A KILL roll on a facing of a target in the open, mobile, after an ordinary hit.
    pub fn plain(kill_number: i8, armor_modifier: i8, facing: Facing) -> KillRoll {
        KillRoll {
            kill_number,
            armor_modifier,
            facing,
            hull_down: false,
            immobilized: false,
            critical: false,
        }
    }

    /// 66.4: whether the weapon has "a mathematical chance (barring critical hits) of
    /// penetrating the target armor": the lowest roll, 2, with the facing's modifier reaches
    /// the kill number.
    pub fn may_penetrate(&self) -> bool {
        2 + self.armor_modifier <= self.kill_number
    }
}

/// What one KILL roll did, in rising order of harm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KillResult {
    NoEffect,
    /// 66.1: immobilised instead of destroyed.
    Immobilized,
    Destroyed,
    /// 67.1: destroyed and ablaze (a final roll at most half the kill number).
    Burning,
}

/// Resolves one KILL roll from its two dice (`raw`) and the die 66.1 rolls on a roll equal to
/// the kill number (`immobilization_die`, ignored otherwise).
impl KillRoll {
    /// The facing the KILL roll is against: the Rear after a critical hit (68.2).
    pub fn facing_hit(&self) -> Facing {
        match self.critical {
            true => Facing::SideOrRear,
            false => self.facing,
        }
    }

    /// The KILL roll's modifiers: the armour's, and a critical hit's −1 (68.2–68.3: then the
    /// armour modifier only if negative). One account for the roll and its log line (trial
    /// 21f F1: the line showed the armour alone).
    pub fn modifier_parts(&self) -> (i8, i8) {
        match self.critical {
            true => (self.armor_modifier.min(0), -1),
            false => (self.armor_modifier, 0),
        }
    }
}

pub fn resolve_to_kill(k: &KillRoll, raw: u8, immobilization_die: u8) -> KillResult {
    let (facing, (armour, critical)) = (k.facing_hit(), k.modifier_parts());
    let final_roll = raw as i8 + armour + critical;
    if final_roll > k.kill_number {
        return KillResult::NoEffect;
    }
    if 2 * final_roll <= k.kill_number {
        return KillResult::Burning;
    }
    let may_immobilize = final_roll == k.kill_number
        && facing == Facing::SideOrRear
        && !k.hull_down
        && !k.immobilized;
    if may_immobilize && immobilization_die >= 4 {
        return KillResult::Immobilized;
    }
    KillResult::Destroyed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice(raw: u8) -> ToHitDice {
        ToHitDice { raw, third_die: 6 }
    }

    #[test]
    fn rule_33_3_a_shot_hits_when_the_final_roll_is_at_most_the_to_hit_number() {
        let shot = Shot::plain(8, 2);
        let r = |raw| resolve_to_hit(&shot, dice(raw), CriticalThreshold::Final).hit;
        assert!(r(6) && !r(7), "6 + 2 = 8 hits, 7 + 2 = 9 misses");
    }

    #[test]
    fn rule_63_16_heat_runs_out_on_a_raw_roll_at_or_above_its_number() {
        let shot = Shot {
            ammo: Ammo::Heat(5),
            ..Shot::plain(8, -3)
        };
        let r = |raw| resolve_to_hit(&shot, dice(raw), CriticalThreshold::Final);
        assert!(!r(4).out_of_heat && r(5).out_of_heat);
        assert!(r(5).hit, "the shot is still resolved, as AP or HE");
        let h6 = Shot {
            ammo: Ammo::Heat(6),
            ..shot
        };
        assert!(!resolve_to_hit(&h6, dice(5), CriticalThreshold::Final).out_of_heat);
    }

    #[test]
    fn rule_63_22_smoke_runs_out_on_an_unmodified_8_or_more() {
        let shot = Shot {
            ammo: Ammo::Smoke,
            ..Shot::plain(10, -4)
        };
        let r = |raw| resolve_to_hit(&shot, dice(raw), CriticalThreshold::Final);
        assert!(
            !r(7).out_of_smoke && r(8).out_of_smoke,
            "raw, not final (8 − 4 = 4)"
        );
    }

    #[test]
    fn rule_63_18_a_gun_without_a_printed_number_breaks_down_on_12() {
        let shot = Shot::plain(12, 0);
        let r = |raw| resolve_to_hit(&shot, dice(raw), CriticalThreshold::Final);
        assert!(!r(11).jammed && r(12).jammed);
        assert!(r(12).hit, "the jamming shot is still resolved");
    }

    #[test]
    fn rule_70_5_intensive_fire_breaks_the_mkivf2_down_on_10_and_adds_2() {
        // 70.5's example: the MkIVF2 (B12) malfunctions on 10 or more prior to modification.
        let shot = Shot {
            intensive_fire: true,
            ..Shot::plain(9, 0)
        };
        assert_eq!(shot.breakdown_number(), 10);
        let r = |raw| resolve_to_hit(&shot, dice(raw), CriticalThreshold::Final);
        assert!(!r(9).jammed && r(10).jammed);
        assert!(r(11).jammed && r(12).jammed, "63.18: the B# or higher");
        assert!(r(7).hit && !r(8).hit, "70.2: +2 to the roll");
    }

    #[test]
    fn rule_90_12_a_captured_weapon_breaks_down_2_sooner_and_is_eliminated() {
        let shot = Shot {
            captured: true,
            ..Shot::plain(9, 0)
        };
        let r = resolve_to_hit(&shot, dice(10), CriticalThreshold::Final);
        assert!(r.eliminated && !r.jammed);
        assert!(!resolve_to_hit(&shot, dice(9), CriticalThreshold::Final).eliminated);
    }

    #[test]
    fn rule_64_9_a_150mm_gun_fires_its_last_round_on_a_raw_11_or_12() {
        let shot = Shot {
            calibre_150_plus: true,
            ..Shot::plain(10, -2)
        };
        let r = |raw| resolve_to_hit(&shot, dice(raw), CriticalThreshold::Final).last_round;
        assert!(!r(10) && r(11) && r(12));
        let small = Shot::plain(10, -2);
        assert!(!resolve_to_hit(&small, dice(12), CriticalThreshold::Final).last_round);
    }

    #[test]
    fn rule_68_1_a_raw_2_is_critical_on_a_third_die_of_1_or_under_half_the_needed_number() {
        // TO HIT 10, DRM +3: the final number needed is 7, half 3.5: a third die 1–3.
        let shot = Shot::plain(10, 3);
        let crit = |third_die, reading| {
            resolve_to_hit(&shot, ToHitDice { raw: 2, third_die }, reading).critical
        };
        assert!(crit(3, CriticalThreshold::Final) && !crit(4, CriticalThreshold::Final));
        assert!(crit(4, CriticalThreshold::Table), "half of 10: 1–4");
        // A hard shot (needed 2): only the third die's "1".
        let hard = Shot::plain(6, 4);
        let r = |third_die| {
            resolve_to_hit(
                &hard,
                ToHitDice { raw: 2, third_die },
                CriticalThreshold::Final,
            )
        };
        assert!(r(1).critical && !r(2).critical);
        // A raw 2 that misses is not a hit, critical or otherwise.
        let hopeless = Shot::plain(4, 4);
        let miss = resolve_to_hit(
            &hopeless,
            ToHitDice {
                raw: 2,
                third_die: 1,
            },
            CriticalThreshold::Final,
        );
        assert!(!miss.hit && !miss.critical);
    }

    #[test]
    fn rule_33_4_a_kill_roll_at_most_the_kill_number_destroys() {
        let k = KillRoll::plain(8, 2, Facing::Front);
        assert_eq!(
            resolve_to_kill(&k, 6, 6),
            KillResult::Destroyed,
            "6 + 2 = 8"
        );
        assert_eq!(resolve_to_kill(&k, 7, 6), KillResult::NoEffect);
    }

    #[test]
    fn rule_66_1_a_side_or_rear_roll_equal_to_the_kill_number_immobilizes_on_4_to_6() {
        let k = KillRoll::plain(8, 0, Facing::SideOrRear);
        assert_eq!(resolve_to_kill(&k, 8, 4), KillResult::Immobilized);
        assert_eq!(resolve_to_kill(&k, 8, 3), KillResult::Destroyed);
        assert_eq!(
            resolve_to_kill(&k, 7, 6),
            KillResult::Destroyed,
            "lower: eliminated"
        );
        let front = KillRoll::plain(8, 0, Facing::Front);
        assert_eq!(resolve_to_kill(&front, 8, 6), KillResult::Destroyed);
        let hull_down = KillRoll {
            hull_down: true,
            ..k
        };
        assert_eq!(resolve_to_kill(&hull_down, 8, 6), KillResult::Destroyed);
        let again = KillRoll {
            immobilized: true,
            ..k
        };
        assert_eq!(resolve_to_kill(&again, 8, 6), KillResult::Destroyed);
    }

    #[test]
    fn rule_67_1_a_final_kill_roll_at_most_half_the_kill_number_burns() {
        let k = KillRoll::plain(7, 0, Facing::Front);
        assert_eq!(resolve_to_kill(&k, 3, 1), KillResult::Burning, "3 ≤ 3.5");
        assert_eq!(resolve_to_kill(&k, 4, 1), KillResult::Destroyed);
        let armoured = KillRoll::plain(7, 1, Facing::Front);
        assert_eq!(
            resolve_to_kill(&armoured, 3, 1),
            KillResult::Destroyed,
            "final 4"
        );
    }

    #[test]
    fn rule_68_2_a_critical_hit_kills_against_the_rear_at_minus_1_with_only_negative_armour() {
        let k = KillRoll {
            critical: true,
            ..KillRoll::plain(6, 4, Facing::Front)
        };
        // +4 armour ignored (68.3), −1 (68.2): a raw 7 is a final 6.
        assert_eq!(resolve_to_kill(&k, 7, 1), KillResult::Destroyed);
        assert_eq!(
            resolve_to_kill(&k, 7, 6),
            KillResult::Immobilized,
            "rear hull: 66.1"
        );
        let soft = KillRoll {
            armor_modifier: -2,
            ..k
        };
        assert_eq!(
            resolve_to_kill(&soft, 9, 1),
            KillResult::Destroyed,
            "9 − 2 − 1 = 6"
        );
    }
}
