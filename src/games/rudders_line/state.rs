//! The game state: a fixed-size `Copy` value (no heap), with per-area occupancy caches kept
//! up to date by the few functions that move, flip or eliminate units.

use super::data::Side;
use super::ruleset::Ruleset;

pub const MAX_UNITS: usize = 96;
pub const MAX_AREAS: usize = 48;
/// "No unit" / "no area".
pub const NONE: u8 = 255;
/// Location of an eliminated unit.
pub const ELIMINATED: u8 = 254;
/// Stacking limit per side per area (10.35).
pub const STACKING_LIMIT: u8 = 12;

pub type UnitMask = u128;
pub type AreaMask = u64;

/// Unit status flag: a Personnel unit is Spent (back side up) or a weapon is Fired ('F' side).
pub const SPENT: u8 = 1;
/// A weapon placed on its carrier for good in this Regroup Phase (2.64): picked up, or handed
/// over (not the weapon a swap sends back).
pub const HANDLED: u8 = 2;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unit {
    /// Area index, or `ELIMINATED`. A carried weapon has its carrier's area.
    pub loc: u8,
    pub flags: u8,
    /// Personnel: the weapon it carries. Weapon: its carrier. `NONE` if none.
    pub link: u8,
    /// Movement points left in the current activation.
    pub mp: u8,
    /// 7.31: the area it spots into this phase (`NONE`: it has not spotted). A spotter may
    /// spot for any number of mortar attacks into that one area, spent or not.
    pub spots: u8,
    /// 11.4: the area it began the turn in.
    pub began: u8,
}

/// The phases of a game turn (4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Initiative,
    IndirectFire,
    DirectFire,
    Action,
    Regroup,
    Over,
}

/// Which die roll a chance node is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Roll {
    /// 5.1: the Rangers' initiative die, then the Germans'.
    InitiativeRangers,
    InitiativeGermans,
    /// The attacker's 1d6 of the Offensive Total.
    Offense,
    /// The defender's 1d6 of the Defensive Total.
    Defense,
    /// 7.7: the accuracy roll (6 = friendly fire).
    Accuracy,
    /// 7.7: the friendly-fire CP roll.
    FriendlyFire,
    /// 12.1 step 4: the rally roll of `regroup.cursor`.
    Rally,
    /// 12.1 step 5: the fatigue roll of `regroup.side`.
    Fatigue,
}

/// The decision or chance node the game waits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Roll(Roll),
    /// 5.1: the high roller chooses to go first or second.
    InitiativeChoice,
    /// The active player starts a fire segment or an activation, or passes.
    Segment,
    /// 9.3: the active player adds machine guns to a direct-fire attack or names its target.
    DirectFireGroup,
    /// 10.2: the active player picks units of the activated area, moves, assaults or ends.
    Group,
    /// 11.1a: the attacker picks the point unit.
    Point,
    /// 7.63 / 11.21: `casualties.owner` pays CP.
    Casualties,
    /// 12.1 step 4a: the Rangers choose the squads to rally automatically.
    AutoRally,
    /// 2.64: `regroup.side` picks up or hands over weapons.
    PickUp,
    /// 12.1 step 5: the enemy of `regroup.side` picks units to fatigue.
    Fatigue,
    Over,
}

/// What kind of attack is being resolved, which decides what follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackKind {
    Indirect,
    Direct,
    Assault,
    /// 8.2: a unit entering an enemy interdiction marker's area is attacked.
    Interdiction,
}

/// The terms that add up to an Offensive or Defensive Total before its die.
pub type Terms = [u8; 4];

/// The attack being resolved: totals before the dice, and the dice as they are rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    pub kind: AttackKind,
    pub attacker: Side,
    pub area: u8,
    /// Offensive Total before the die.
    pub offense: u8,
    /// Defensive Total before the die.
    pub defense: u8,
    /// The terms of each total, for the play screen (assault OT: point unit, NCO/BAR,
    /// supporters, weapons; DT: defending unit, NCO/BAR, supporters, TEM).
    pub offense_terms: Terms,
    pub defense_terms: Terms,
    pub offense_die: u8,
    pub defense_die: u8,
}

/// CP being paid (7.63, 11.21).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Casualties {
    pub owner: Side,
    /// Units that may absorb the CP.
    pub targets: UnitMask,
    pub cp: u8,
    /// Retreats have begun: eliminations come before retreats (7.63).
    pub retreating: bool,
    pub any_retreated: bool,
    /// 7.7: CP left over after all friendly units were eliminated go to the enemy.
    pub then_enemy: bool,
}

/// The moving / assaulting group of the current activation (10.2), or the weapons of a
/// direct-fire attack (9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    pub members: UnitMask,
    pub area: u8,
    /// The area entered from (11.2: a failed assault returns there).
    pub prev_area: u8,
    pub moved: bool,
    pub lead: u8,
}

/// Where the Regroup Phase stands (12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Regroup {
    pub side: Side,
    /// Next unit to consider for a rally roll.
    pub cursor: u8,
    /// Automatic rallies or fatigue picks still owed.
    pub remaining: u8,
    /// Units that need a rally roll (12.1 step 4).
    pub to_roll: UnitMask,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub units: [Unit; MAX_UNITS],
    /// Stacking points (figures) of each side's personnel per area (10.36).
    pub points: [[u8; MAX_AREAS]; 2],
    /// Personnel units of each side per area, and how many are fresh.
    pub count: [[u8; MAX_AREAS]; 2],
    pub fresh: [[u8; MAX_AREAS]; 2],
    /// Personnel units in each area (both sides).
    pub area_units: [UnitMask; MAX_AREAS],
    /// Areas where each side has personnel / fresh personnel.
    pub present: [AreaMask; 2],
    pub fresh_present: [AreaMask; 2],
    /// Areas under Ranger control (3.21); the others are German.
    pub ranger_control: AreaMask,
    /// Highest interdiction marker of each side in each area (8.1), 0 = none.
    pub interdiction: [[u8; MAX_AREAS]; 2],
    pub turn: u8,
    pub phase: Phase,
    pub step: Step,
    pub initiative: Side,
    pub active: Side,
    /// The active player has acted during his current hold (10.1).
    pub acted: bool,
    /// The previous hold ended without any action (10.11: two in a row end the phase).
    pub last_hold_idle: bool,
    /// Under the reading `fire_segment = "area"`: the area whose mortars fire in the Indirect
    /// Fire segment under way (`NONE`: an FO's call, a segment of its own).
    pub segment_area: u8,
    pub group: Group,
    pub attack: Attack,
    pub casualties: Casualties,
    pub regroup: Regroup,
    /// 2.63: a weapon whose carrier was eliminated awaits its survival roll.
    pub survival: u8,
    pub initiative_die: u8,
    /// A Ranger has entered the guns area (victory conditions).
    pub guns_reached: bool,
    /// No Ranger had entered the guns area by the deadline turn.
    pub guns_missed: bool,
    pub fo_lost: [bool; 2],
    pub losses: [u8; 2],
    pub initiative_turns: [u8; 2],
    /// Result once over: winner (NONE = draw), victory level index, turn decided.
    pub result: (u8, u8, u8),
}

impl State {
    pub fn blank() -> State {
        State {
            units: [Unit {
                loc: ELIMINATED,
                flags: 0,
                link: NONE,
                mp: 0,
                spots: NONE,
                began: ELIMINATED,
            }; MAX_UNITS],
            points: [[0; MAX_AREAS]; 2],
            count: [[0; MAX_AREAS]; 2],
            fresh: [[0; MAX_AREAS]; 2],
            area_units: [0; MAX_AREAS],
            present: [0; 2],
            fresh_present: [0; 2],
            ranger_control: 0,
            interdiction: [[0; MAX_AREAS]; 2],
            turn: 1,
            phase: Phase::Initiative,
            step: Step::Segment,
            initiative: Side::Rangers,
            active: Side::Rangers,
            acted: false,
            last_hold_idle: false,
            segment_area: NONE,
            group: Group {
                members: 0,
                area: NONE,
                prev_area: NONE,
                moved: false,
                lead: NONE,
            },
            attack: Attack {
                kind: AttackKind::Indirect,
                attacker: Side::Rangers,
                area: NONE,
                offense: 0,
                defense: 0,
                offense_terms: [0; 4],
                defense_terms: [0; 4],
                offense_die: 0,
                defense_die: 0,
            },
            casualties: Casualties {
                owner: Side::Rangers,
                targets: 0,
                cp: 0,
                retreating: false,
                any_retreated: false,
                then_enemy: false,
            },
            regroup: Regroup {
                side: Side::Rangers,
                cursor: 0,
                remaining: 0,
                to_roll: 0,
            },
            survival: NONE,
            initiative_die: 0,
            guns_reached: false,
            guns_missed: false,
            fo_lost: [false; 2],
            losses: [0; 2],
            initiative_turns: [0; 2],
            result: (NONE, 0, 0),
        }
    }

    /// The state at set-up: units placed, everything fresh (3.1).
    pub fn initial(rs: &Ruleset, units: &[Unit], ranger_control: AreaMask) -> State {
        let mut s = State::blank();
        s.ranger_control = ranger_control;
        for (i, u) in units.iter().enumerate() {
            s.units[i] = Unit {
                loc: ELIMINATED,
                ..*u
            };
        }
        for (i, u) in units.iter().enumerate() {
            if rs.is_personnel(i as u8) {
                s.put(rs, i as u8, u.loc);
            } else {
                s.units[i].loc = u.loc;
            }
        }
        s
    }

    pub fn unit(&self, u: u8) -> &Unit {
        &self.units[usize::from(u)]
    }

    pub fn is_spent(&self, u: u8) -> bool {
        self.unit(u).flags & SPENT != 0
    }

    pub fn loc(&self, u: u8) -> u8 {
        self.unit(u).loc
    }

    pub fn carried(&self, personnel: u8) -> u8 {
        self.unit(personnel).link
    }

    pub fn count_of(&self, side: Side, area: u8) -> u8 {
        self.count[side.index()][usize::from(area)]
    }

    pub fn points_of(&self, side: Side, area: u8) -> u8 {
        self.points[side.index()][usize::from(area)]
    }

    pub fn has_personnel(&self, side: Side, area: u8) -> bool {
        self.present[side.index()] & (1 << area) != 0
    }

    pub fn has_fresh(&self, side: Side, area: u8) -> bool {
        self.fresh_present[side.index()] & (1 << area) != 0
    }

    pub fn controller(&self, area: u8) -> Side {
        if self.ranger_control & (1 << area) != 0 {
            Side::Rangers
        } else {
            Side::Germans
        }
    }

    /// Personnel of a side in an area, as a mask.
    pub fn personnel_in(&self, rs: &Ruleset, side: Side, area: u8) -> UnitMask {
        self.area_units[usize::from(area)] & rs.side_units[side.index()]
    }

    /// Adds a personnel unit (and its carried weapon) to an area's counts.
    pub(super) fn put(&mut self, rs: &Ruleset, u: u8, area: u8) {
        let info = rs.info(u);
        let (side, a) = (info.side.index(), usize::from(area));
        self.units[usize::from(u)].loc = area;
        let w = self.carried(u);
        if w != NONE {
            self.units[usize::from(w)].loc = area;
        }
        self.area_units[a] |= 1 << u;
        self.points[side][a] += info.figures;
        self.count[side][a] += 1;
        if !self.is_spent(u) {
            self.fresh[side][a] += 1;
        }
        self.refresh_area(area);
    }

    /// Removes a personnel unit from its area's counts (its location is left to the caller).
    pub(super) fn take(&mut self, rs: &Ruleset, u: u8) {
        let info = rs.info(u);
        let area = self.loc(u);
        let (side, a) = (info.side.index(), usize::from(area));
        self.area_units[a] &= !(1 << u);
        self.points[side][a] -= info.figures;
        self.count[side][a] -= 1;
        if !self.is_spent(u) {
            self.fresh[side][a] -= 1;
        }
        self.refresh_area(area);
    }

    /// Recomputes an area's presence bits and its control (3.21: the last side to be alone in
    /// an area controls it).
    fn refresh_area(&mut self, area: u8) {
        let (a, bit) = (usize::from(area), 1u64 << area);
        for side in 0..2 {
            if self.count[side][a] > 0 {
                self.present[side] |= bit;
            } else {
                self.present[side] &= !bit;
            }
            if self.fresh[side][a] > 0 {
                self.fresh_present[side] |= bit;
            } else {
                self.fresh_present[side] &= !bit;
            }
        }
        match (self.count[0][a] > 0, self.count[1][a] > 0) {
            (true, false) => self.ranger_control |= bit,
            (false, true) => self.ranger_control &= !bit,
            _ => {}
        }
    }

    /// Moves a personnel unit (with the weapon it carries) to another area. A Ranger entering
    /// the guns area, by a move, a retreat or a return after a failed assault, has reached the
    /// guns (3.2, the reconstructed Set Up Card: "entered").
    pub fn move_unit(&mut self, rs: &Ruleset, u: u8, to: u8) {
        self.take(rs, u);
        self.put(rs, u, to);
        if to == rs.victory.guns_area && rs.info(u).side == Side::Rangers {
            self.guns_reached = true;
        }
    }

    /// Flips a Personnel unit to its Spent side or back to Fresh.
    pub fn set_spent(&mut self, rs: &Ruleset, u: u8, spent: bool) {
        if self.is_spent(u) == spent {
            return;
        }
        if !rs.is_personnel(u) {
            self.units[usize::from(u)].flags ^= SPENT;
            return;
        }
        let (side, a) = (rs.info(u).side.index(), usize::from(self.loc(u)));
        self.units[usize::from(u)].flags ^= SPENT;
        if spent {
            self.fresh[side][a] -= 1;
        } else {
            self.fresh[side][a] += 1;
        }
        self.refresh_area(self.loc(u));
    }

    /// Eliminates a Personnel unit. A weapon it carried awaits its survival roll (2.63).
    pub fn eliminate(&mut self, rs: &Ruleset, u: u8) {
        let side = rs.info(u).side;
        self.take(rs, u);
        let w = self.carried(u);
        if w != NONE {
            self.units[usize::from(w)].link = NONE;
            self.units[usize::from(u)].link = NONE;
            self.survival = w;
        }
        self.units[usize::from(u)].loc = ELIMINATED;
        self.losses[side.index()] += 1;
        if rs.fos & (1 << u) != 0 {
            self.fo_lost[side.index()] = true;
        }
    }

    /// Puts weapon `w` on personnel `p` (2.64), taking it from any previous carrier.
    pub fn carry(&mut self, w: u8, p: u8) {
        let old = self.unit(w).link;
        if old != NONE {
            self.units[usize::from(old)].link = NONE;
        }
        self.units[usize::from(w)].link = p;
        self.units[usize::from(w)].loc = self.loc(p);
        self.units[usize::from(p)].link = w;
    }

    /// Fresh personnel of a side anywhere.
    pub fn has_any_fresh(&self, side: Side) -> bool {
        self.fresh_present[side.index()] != 0
    }
}
