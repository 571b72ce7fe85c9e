//! The game state: a fixed-size `Copy` value (no heap). Area and unit sets are bit masks.

use super::data::{BloodyStreetsResult, DefenseStrategy};
use super::movement::stacking;
use super::ruleset::{Ruleset, AREAS, STACKING_LIMIT, UNLIMITED_STACKING};

pub type AreaMask = u32;
pub type UnitMask = u32;

/// "No unit" / "no area" / a German-free Area.
pub const NONE: u8 = 255;
/// `State::german` of an Area holding an unrevealed German unit (4.4).
pub const UNREVEALED: u8 = 254;
/// Locations of American units off the map.
pub const OUT_OF_ACTION: u8 = 200;
pub const KIA: u8 = 201;
/// A lightly wounded Leader on the Turn/Record Track, back next Dawn (6.1.2).
pub const WOUNDED: u8 = 202;
pub const NOT_ARRIVED: u8 = 203;
/// A wounded Leader whose turn to come back has come (6.1.2).
pub const RETURNING: u8 = 204;

/// The phases of a turn (6.0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    #[default]
    Dawn,
    RandomEvent,
    Supply,
    Combat,
    End,
    Over,
}

/// Which die roll a chance node is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Roll {
    /// 6.1.2: 1d6 for the Leader `cursor`.
    LeaderMortality,
    /// 6.2: 3d6 on the Random Event Chart.
    RandomEvent,
    /// 6.3: 3d6 on the Supply table.
    Supply,
    /// 6.4.1: 1d6 on the Bloody Streets Table for Area `cursor`.
    BloodyStreets,
    /// 9.5.1: 2d6 of the Attack Total, then of the Defense Total.
    Attack,
    Defense,
    /// 9.5.3D: 1d6 off the DV for Air Support.
    Air,
    /// 10.2: the final 1d6 against German Morale.
    Surrender,
}

/// Where the turn stands: whose decision or which roll comes next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Step {
    #[default]
    Start,
    Roll(Roll),
    /// 9.4: the counter of the German unit in `attack.area` is drawn from the pool.
    Reveal,
    /// 6.1.1: place this turn's reinforcements (`cursor`: the first of them).
    Reinforcements,
    /// 6.1.2: place the returning Leader `cursor`.
    PlaceLeader,
    /// 6.3.1: spend Supply Points.
    Supply,
    /// 6.3.1: place the refitted unit `cursor`.
    PlaceRefit,
    /// 6.4.1: choose the unit of Area `cursor` that suffers the Bloody Streets result.
    BloodyStreets,
    /// 6.4.2: activate an Area or end the Combat Phase.
    ActionRound,
    /// 8.1: pick a unit to move, declare an attack, or end the activation.
    Activation,
    /// 8.2: the unit `mover` moves (its destination is chosen).
    Moving,
    /// 9.2–9.3: choose the units taking part in an optional attack.
    Attackers,
    /// 9.5.2A: designate the Lead Attacking Unit.
    Lead,
    /// 9.5.2C: allot support points, then roll.
    Support,
    /// 9.5.5: retreat the attackers one at a time.
    Retreat,
    Over,
}

/// 3.2: support points are kept on the Turn/Record Track, whose spaces run 0–9 (the track is
/// not printed in the text: read from its nine turns and a zero space): no marker goes above.
pub const SUPPORT_TRACK_TOP: u8 = 9;

/// Support point kinds (9.5.2C, 9.5.3D), indices into `State::support`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Support {
    Artillery,
    Engineer,
    Armor,
    Air,
}

impl Support {
    pub const ALL: [Support; 4] = [
        Support::Artillery,
        Support::Engineer,
        Support::Armor,
        Support::Air,
    ];

    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    pub fn name(self) -> &'static str {
        match self {
            Support::Artillery => "Artillery",
            Support::Engineer => "Engineer",
            Support::Armor => "Armor",
            Support::Air => "Air",
        }
    }
}

/// The attack being resolved (9.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    pub area: u8,
    pub units: UnitMask,
    pub lead: u8,
    /// 9.1: entered a German Area that was not Contested at activation.
    pub mandatory: bool,
    /// The Defense Strategy in effect: only in the combat that revealed the unit (9.4).
    pub strategy: DefenseStrategy,
    /// Support allotted, one bit per `Support`.
    pub support: u8,
    /// Air Support points allotted, a die each (9.5.3D; one at most but under the reading
    /// `air_support = "die_per_point"`), and how many of those dice are rolled.
    pub air_points: u8,
    pub air_rolled: u8,
    /// The 2d6 of each side and the Air Support dice's total.
    pub attack_dice: u8,
    pub defense_dice: u8,
    pub air_die: u8,
}

impl Default for Attack {
    fn default() -> Self {
        Attack {
            area: NONE,
            units: 0,
            lead: NONE,
            mandatory: false,
            strategy: DefenseStrategy::None,
            support: 0,
            air_points: 0,
            air_rolled: 0,
            attack_dice: 0,
            defense_dice: 0,
            air_die: 0,
        }
    }
}

/// The Active Area's activation (8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Activation {
    pub area: u8,
    /// Areas Contested at the moment of activation (9.1, 9.3).
    pub contested: AreaMask,
    /// Units of the Active Area that have neither moved nor attacked yet.
    pub pending: UnitMask,
    /// Units that stopped in an Area with a German unit and may attack it (8.2).
    pub waiting: UnitMask,
    /// The German Areas units entered (8.2). A unit waits in the Area it entered until that
    /// Area is attacked (all waiting there then attack or are left out, 9.1–9.3), and a
    /// Leader enters one alone only if it was Contested at activation (8.1, 9.5.2A): so the
    /// Areas of `waiting` are `entered & !attacked` (`waiting_areas`), read without a scan of
    /// the units, and a unit that can lead waits in each of them not Contested at activation.
    pub entered: AreaMask,
    /// Areas attacked during this activation: no one else may enter them (8.2.1).
    pub attacked: AreaMask,
    /// The unit about to move (8.1).
    pub mover: u8,
    /// A unit has moved or attacked: the activation may end (8.1).
    pub acted: bool,
}

impl Default for Activation {
    fn default() -> Self {
        Activation {
            area: NONE,
            contested: 0,
            pending: 0,
            waiting: 0,
            entered: 0,
            attacked: 0,
            mover: NONE,
            acted: false,
        }
    }
}

impl Activation {
    /// The Areas where units wait to attack: entered, not yet attacked (8.2, 9.1).
    pub fn waiting_areas(&self) -> AreaMask {
        self.entered & !self.attacked
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub turn: u8,
    pub phase: Phase,
    pub step: Step,
    /// German Morale, 0–19 (3.3, 5.2).
    pub morale: u8,
    /// This turn's Random Event Chart row (6.2), and whether it is Rain.
    pub event: u8,
    pub rain: bool,
    /// Supply Points left in this Supply Phase; Artillery points bought in it.
    pub supply: u8,
    pub artillery_bought: u8,
    /// Support points on the Turn/Record Track, indexed by `Support`.
    pub support: [u8; 4],
    /// 9.5.4 note: the turn's first Suburban Success has lowered Morale.
    pub suburban_success: bool,
    /// Per American unit: Area index or an off-map location. Written only by `set_loc`,
    /// which keeps `area_units` in step.
    pub loc: [u8; 32],
    /// Per Area: the American units in it.
    pub area_units: [UnitMask; 27],
    /// Areas of limited stacking whose units are at the limit (7.1): the only ones a unit may
    /// be unable to enter, since one more unit adds at most one to an Area's stacking.
    pub full: AreaMask,
    /// Areas holding at least one American unit, and the units in the Out of Action Box:
    /// kept by `set_loc` so the move and supply generators need not scan `loc`.
    pub occupied: AreaMask,
    pub out_of_action: UnitMask,
    pub fresh: UnitMask,
    /// Leaders put in the Out of Action Box this turn (rolled for next Dawn, 6.1.2).
    pub leaders_hit: UnitMask,
    /// Per American unit: the Area it entered its current Area from (9.5.5).
    pub from: [u8; 32],
    /// Per Area: `NONE`, `UNREVEALED`, or the revealed counter's index. Written only by
    /// `set_german`, which keeps the two masks below in step.
    pub german: [u8; 27],
    /// Areas with a German unit, and with an unrevealed one.
    pub german_mask: AreaMask,
    pub unrevealed_mask: AreaMask,
    /// German counters not yet drawn (the extras included, 4.4).
    pub pool: u64,
    pub activation: Activation,
    pub attack: Attack,
    /// Retreat (9.5.5): units that must retreat, and units that may.
    pub must_retreat: UnitMask,
    pub may_retreat: UnitMask,
    /// The unit, Leader or Area a step is about; `NONE` when none.
    pub cursor: u8,
    /// 6.4.1: the Bloody Streets result awaiting the player's choice of unit.
    pub bloody_streets: BloodyStreetsResult,
    /// Result: (American win, victory level index, turn), set when the game is over.
    pub result: (bool, u8, u8),
}

impl Default for State {
    fn default() -> Self {
        State {
            turn: 1,
            phase: Phase::Dawn,
            step: Step::Start,
            morale: 0,
            event: 0,
            rain: false,
            supply: 0,
            artillery_bought: 0,
            support: [0; 4],
            suburban_success: false,
            loc: [NONE; 32],
            area_units: [0; 27],
            full: 0,
            occupied: 0,
            out_of_action: 0,
            fresh: 0,
            leaders_hit: 0,
            from: [NONE; 32],
            german: [NONE; 27],
            german_mask: 0,
            unrevealed_mask: 0,
            pool: 0,
            activation: Activation::default(),
            attack: Attack::default(),
            must_retreat: 0,
            may_retreat: 0,
            cursor: NONE,
            bloody_streets: BloodyStreetsResult::None,
            result: (false, 0, 0),
        }
    }
}

impl State {
    /// American units in Area `a`.
    pub fn units_in(&self, a: u8) -> UnitMask {
        self.area_units.get(usize::from(a)).copied().unwrap_or(0)
    }

    /// The Areas holding at least one unit of `units` (many: a fixed pass over the Areas,
    /// with no branch on what each holds).
    pub fn areas_holding(&self, units: UnitMask) -> AreaMask {
        (0..AREAS).fold(0, |m, a| {
            m | u32::from(self.area_units[a] & units != 0) << a
        })
    }

    /// The Areas of the units of `units` (a few: one pass over them, with no branch on
    /// where each one is).
    pub fn areas_of(&self, units: UnitMask) -> AreaMask {
        bits(u64::from(units)).fold(0, |m, u| m | self.area_mask_of(u))
    }

    /// Unit `u`'s Area as a mask; empty off the map (off-map locations are above every Area,
    /// so they shift the bit out: no branch on where the unit is).
    pub fn area_mask_of(&self, u: u8) -> AreaMask {
        1u32.checked_shl(u32::from(self.loc[usize::from(u)]))
            .unwrap_or(0)
    }

    /// Puts unit `u` at `loc` (an Area index or an off-map location).
    #[inline(always)]
    pub fn set_loc(&mut self, rs: &Ruleset, u: u8, loc: u8) {
        let old = std::mem::replace(&mut self.loc[usize::from(u)], loc);
        if old == OUT_OF_ACTION || loc == OUT_OF_ACTION {
            set_bit(&mut self.out_of_action, u, loc == OUT_OF_ACTION);
        }
        if let Some(m) = self.area_units.get_mut(usize::from(old)) {
            *m &= !(1 << u);
            let m = *m;
            set_bit(&mut self.occupied, old, m != 0);
            // A unit leaving never adds to the stacking of those left (7.1): only a full
            // Area can stop being full.
            if self.full & 1 << old != 0 {
                set_bit(&mut self.full, old, is_full(rs, old, m));
            }
        }
        if let Some(m) = self.area_units.get_mut(usize::from(loc)) {
            *m |= 1 << u;
            let m = *m;
            self.occupied |= 1 << loc;
            // A unit joining never takes from the stacking: a full Area stays full.
            if (self.full & 1 << loc == 0) & crowded(loc, m) && is_full(rs, loc, m) {
                self.full |= 1 << loc;
            }
        }
    }

    /// 7.4: an Area without a German unit is Vacant, and American Controlled (7.2).
    pub fn is_vacant(&self, a: u8) -> bool {
        self.german_mask & 1 << a == 0
    }

    /// Puts `german` (`NONE`, `UNREVEALED` or a counter) in Area `a`.
    pub fn set_german(&mut self, a: u8, german: u8) {
        self.german[usize::from(a)] = german;
        set_bit(&mut self.german_mask, a, german != NONE);
        set_bit(&mut self.unrevealed_mask, a, german == UNREVEALED);
    }

    /// 7.3: an Area with units of both sides.
    pub fn is_contested(&self, a: u8) -> bool {
        self.contested_areas() & 1 << a != 0
    }

    /// 7.3: the Contested Areas.
    pub fn contested_areas(&self) -> AreaMask {
        self.german_mask & self.occupied
    }

    /// Areas with a German unit.
    pub fn german_areas(&self) -> AreaMask {
        self.german_mask
    }

    /// Areas with an unrevealed German unit.
    pub fn unrevealed_areas(&self) -> AreaMask {
        self.unrevealed_mask
    }

    /// Morale changes stay within 0–19 (5.2).
    pub fn change_morale(&mut self, delta: i8) {
        let max = i16::from(super::ruleset::MORALE_MAX);
        self.morale = (i16::from(self.morale) + i16::from(delta)).clamp(0, max) as u8;
    }
}

/// 7.1: are `units` at the stacking limit of Area `a`? Stacking never exceeds the head
/// count, so most Areas need no closer look.
fn is_full(rs: &Ruleset, a: u8, units: UnitMask) -> bool {
    crowded(a, units) && stacking(rs, units) >= STACKING_LIMIT
}

/// Could `units` fill Area `a`: is its stacking limited, with as many units as the limit?
/// Computed without a branch, since the Area is usually the one a random choice just named.
fn crowded(a: u8, units: UnitMask) -> bool {
    (UNLIMITED_STACKING & 1 << a == 0) & (units.count_ones() >= u32::from(STACKING_LIMIT))
}

/// Sets or clears bit `i` of `mask`.
fn set_bit(mask: &mut u32, i: u8, on: bool) {
    *mask = (*mask & !(1 << i)) | u32::from(on) << i;
}

/// Iterates over the set bits of a mask, lowest first.
pub fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            i
        })
    })
}

/// The index of the `n`-th set bit of `m` (counting from 0, lowest first), as `bits(m).nth(n)`:
/// how random play picks its choice from a mask (one bit deposit with BMI2, 8% of a random
/// game of Aachen against a loop).
pub fn nth_bit(m: u32, n: u32) -> u8 {
    crate::engine::bits::nth_one(u64::from(m), n) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_bit_is_the_nth_set_bit_lowest_first() {
        let masks = (0..2000u32).map(|i| i.wrapping_mul(0x9E37_79B9) >> 5);
        for m in masks.chain([1, 1 << 26, (1 << 27) - 1]) {
            for (n, bit) in bits(u64::from(m)).enumerate() {
                assert_eq!(nth_bit(m, n as u32), bit, "mask {m:#x}, n {n}");
            }
        }
    }
}
