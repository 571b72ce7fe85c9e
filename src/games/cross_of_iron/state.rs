//! The position: every counter's place and markers, the phase, and the chance step under
//! way. Fixed-size and `Copy`, so search clones it with a memcpy.

use super::ruleset::MAX_UNITS;

/// Markers a counter carries, as bits of `Unit::flags`.
pub mod flag {
    /// Broken (SL 12): cannot fire, move or advance; routs; rallies.
    pub const BROKEN: u32 = 1;
    /// Out of play: eliminated or destroyed.
    pub const GONE: u32 = 1 << 1;
    /// 89: taken prisoner (also `GONE`).
    pub const CAPTURED: u32 = 1 << 2;
    /// 67: destroyed and burning (also `GONE`).
    pub const BURNING: u32 = 1 << 3;
    /// Fired in this player turn's Prep Fire Phase: may not move or fire again this turn.
    pub const PREP_FIRED: u32 = 1 << 4;
    /// Fired (or had its turn to fire) in the current fire phase.
    pub const FIRED: u32 = 1 << 5;
    /// Its AFV MGs fired in the current fire phase (64.4).
    pub const MG_FIRED: u32 = 1 << 6;
    /// Moved in this player turn's Movement Phase.
    pub const MOVED: u32 = 1 << 7;
    /// 73: moved at Double Time this player turn.
    pub const DOUBLE_TIME: u32 = 1 << 8;
    /// Had its decision in the current phase (passed, moved or advanced).
    pub const DONE: u32 = 1 << 9;
    /// 64.44: crew exposed (unbuttoned).
    pub const CE: u32 = 1 << 10;
    /// 64.44: changed CE status this phase.
    pub const CE_CHANGED: u32 = 1 << 11;
    /// 64.44: buttoned up for good after a failed crew morale check (+1 TO HIT).
    pub const FORCED_BU: u32 = 1 << 12;
    /// 66: immobilised (repairable, 66.3).
    pub const IMMOBILIZED: u32 = 1 << 13;
    /// 66.3: immobilised for the rest of the scenario.
    pub const PERMANENT: u32 = 1 << 14;
    /// Main gun malfunctioned (63.18 B#).
    pub const GUN_BROKEN: u32 = 1 << 15;
    /// Support weapon malfunctioned (B#).
    pub const SW_BROKEN: u32 = 1 << 16;
    /// A morale check is due (from an IFT result or a leader's breaking).
    pub const MC_DUE: u32 = 1 << 17;
    /// 70: fired its Intensive Fire shot this phase.
    pub const INTENSIVE: u32 = 1 << 18;
    /// 76: the armour leader has been lost (a failed crew morale check).
    pub const LEADER_LOST: u32 = 1 << 19;
    /// The gun or support weapon is permanently disabled.
    pub const DISABLED: u32 = 1 << 20;
    /// 73.7: moved at Double Time in its side's last player turn: may not again in this one.
    pub const TIRED: u32 = 1 << 21;
    /// An AFV has moved and its facing is to be chosen.
    pub const FACE_DUE: u32 = 1 << 22;
    /// An AFV has entered an enemy infantry hex and its overrun attack is due (72).
    pub const OVERRUN_DUE: u32 = 1 << 23;
    /// The support weapon is permanently disabled.
    pub const SW_DISABLED: u32 = 1 << 24;
    /// 64.123: the vehicular Covered Arc changed in this player turn's Movement Phase.
    pub const HULL_TURNED: u32 = 1 << 25;
    /// 64.123: the turret Covered Arc changed in this player turn's Movement Phase.
    pub const TURRET_TURNED: u32 = 1 << 26;
    /// 63.9: the gun was destroyed by a hit (also `DISABLED`); its shield is gone.
    pub const GUN_DESTROYED: u32 = 1 << 27;
    /// 66.3: the crew is out of its immobilised AFV, repairing it (no move or fire).
    pub const REPAIRING: u32 = 1 << 28;
    /// 76.2: the crew's morale check due comes from infantry fire at its exposed crew (a
    /// failure loses the armour leader), not from a hit on an immobilised AFV (66.4).
    pub const CE_CHECK: u32 = 1 << 29;

    /// What the automatic steps wait on (`State::due`).
    pub const DUE: u32 = MC_DUE | FACE_DUE | OVERRUN_DUE;

    /// Cleared at the start of every phase.
    pub const PER_PHASE: u32 = FIRED | MG_FIRED | DONE | CE_CHANGED | INTENSIVE;
    /// Cleared at the end of every player turn (64.123's arc changes count for the player turn
    /// of their Movement Phase only).
    pub const PER_PLAYER_TURN: u32 =
        PER_PHASE | PREP_FIRED | MOVED | DOUBLE_TIME | HULL_TURNED | TURRET_TURNED;
}

/// One counter's changing values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unit {
    pub hex: u8,
    pub flags: u32,
    /// Hull (or gun) facing, 0-5 clockwise from east.
    pub hull: u8,
    /// Turret facing (64.1).
    pub turret: u8,
    /// Main-gun shots fired this phase (ROF, 63).
    pub shots: u8,
    /// 70.8: shots fired outside the covered arc this phase (each one's Case D adds +2 more).
    pub arc_shots: u8,
    /// 69: the unit its gun has acquired, the level (0-2) and the phase it last fired in.
    pub acquired: u8,
    pub acquisition: u8,
    pub acquired_in: u8,
    /// 64.44: stunned through this player turn (0: not stunned).
    pub stunned_until: u8,
    /// The modifier of the morale check due.
    pub mc_drm: i8,
    /// The hex it began its last move in (with `MOVED`: this player turn's; SL 4: a squad may
    /// follow a leader who moved from its hex, `CrossOfIron::escort`).
    pub moved_from: u8,
}

impl Unit {
    pub fn has(&self, f: u32) -> bool {
        self.flags & f != 0
    }

    /// Marks it moved from `from` this phase, at Double Time or not (73).
    pub fn moved(&mut self, from: u8, double_time: bool) {
        self.flags |= flag::MOVED | flag::DONE | if double_time { flag::DOUBLE_TIME } else { 0 };
        self.moved_from = from;
    }

    /// What a new phase clears: the per-phase markers, the shots fired and 70.8's count of
    /// shots outside the arc.
    pub fn clear_phase(&mut self) {
        self.flags &= !flag::PER_PHASE;
        self.shots = 0;
        self.arc_shots = 0;
    }

    pub fn in_play(&self) -> bool {
        !self.has(flag::GONE)
    }

    /// Faces the hull and turret to `hull` and `turret`; in the Movement Phase, marks the arcs
    /// that changed, for 64.123's Case A on the later shots of this player turn.
    pub fn face(&mut self, hull: u8, turret: u8, phase: Phase) {
        if phase == Phase::Movement {
            if hull != self.hull {
                self.flags |= flag::HULL_TURNED;
            }
            if turret != self.turret {
                self.flags |= flag::TURRET_TURNED;
            }
        }
        (self.hull, self.turret) = (hull, turret);
    }
}

/// The phases of a player turn (SL 4.1-4.8), with the repair step of the Rally Phase first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    Repair,
    Rally,
    PrepFire,
    Movement,
    DefensiveFire,
    AdvancingFire,
    Rout,
    Advance,
    CloseCombat,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Repair => "Rally Phase (repairs)",
            Phase::Rally => "Rally Phase",
            Phase::PrepFire => "Prep Fire Phase",
            Phase::Movement => "Movement Phase",
            Phase::DefensiveFire => "Defensive Fire Phase",
            Phase::AdvancingFire => "Advancing Fire Phase",
            Phase::Rout => "Rout Phase",
            Phase::Advance => "Advance Phase",
            Phase::CloseCombat => "Close Combat Phase",
        }
    }

    pub fn next(self) -> Option<Phase> {
        use Phase::*;
        Some(match self {
            Repair => Rally,
            Rally => PrepFire,
            PrepFire => Movement,
            Movement => DefensiveFire,
            DefensiveFire => AdvancingFire,
            AdvancingFire => Rout,
            Rout => Advance,
            Advance => CloseCombat,
            CloseCombat => return None,
        })
    }

    /// Whether the non-phasing player decides in this phase.
    pub fn defending(self) -> bool {
        self == Phase::DefensiveFire
    }
}

/// The dice (or the one decision) the game waits for before the phase goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    None,
    /// An AFV has moved and chooses its hull facing.
    Facing {
        unit: u8,
    },
    /// An Infantry Fire Table attack on a hex: 2d6. `breakdown` is the B# of the support
    /// weapon firing in it, or of the gun firing HE (`gun`, 63.18) (0: none); `overrun` the
    /// AFV overrunning the hex (72), if any.
    Fire {
        firer: u8,
        hex: u8,
        column: u8,
        drm: i8,
        breakdown: u8,
        gun: bool,
        overrun: u8,
    },
    /// The morale checks due, one at a time: 2d6.
    Morale,
    /// A TO HIT roll: 2d6.
    ToHit(Shot),
    /// 68: the third die of a possible critical hit (the TO HIT roll was a 2): 1d6.
    Critical(Shot),
    /// The AFV KILL roll: 2d6.
    Kill {
        firer: u8,
        target: u8,
        critical: bool,
    },
    /// 66.1: the die of a random immobilisation: 1d6.
    Immobilization {
        firer: u8,
        target: u8,
        raw: u8,
        critical: bool,
    },
    /// 79.2: a speed breakdown roll: 2d6 at or above `number` immobilises `unit` back in
    /// `from`, the hex before the extra one.
    SpeedBreakdown {
        unit: u8,
        number: i8,
        from: u8,
    },
    /// A rally attempt: 2d6.
    Rally {
        unit: u8,
    },
    /// 66.3: an immobilised AFV's repair roll: 2d6.
    Repair {
        unit: u8,
    },
    /// A malfunctioned gun or support weapon's repair die: 1d6.
    WeaponRepair {
        unit: u8,
    },
    /// 63.9: the KILL roll of a shielded gun hit through its covered arc by `shot`'s HE
    /// (front, armour −4): 2d6. The HE's IFT attack on the hex follows.
    GunKill {
        shot: Shot,
        gun: u8,
    },
    /// 67.11: the die that may put out a burning wreck: 1d6.
    Extinguish {
        unit: u8,
    },
    /// A melee (SL 20): the phasing side's attack roll, then the other's: 2d6 each.
    CloseCombat {
        hex: u8,
        first: u8,
    },
}

/// One shot under way: its firer, its target (a counter; for `he`, high explosive, a hex),
/// its TO HIT number and modifiers, and whether it is the Intensive Fire shot (70).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    pub firer: u8,
    pub target: u8,
    pub number: i8,
    pub drm: i8,
    pub he: bool,
    pub intensive: bool,
}

/// The game position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub units: [Unit; MAX_UNITS],
    pub turn: u8,
    /// Player turns begun, from 1 (two to a game turn).
    pub player_turn: u8,
    /// The side whose player turn it is.
    pub phasing: u8,
    pub phase: Phase,
    /// The next counter to act or roll in the phase.
    pub cursor: u8,
    pub pending: Pending,
    /// Bit i: objective i is held by the Germans.
    pub german_objectives: u8,
    /// Infantry points each side has lost (93), and casualty points (captured count twice,
    /// 89.1).
    pub lost_points: [u16; 2],
    pub casualty_points: [u16; 2],
    pub losses: [u8; 2],
    /// The winner once the game is over (2: not over).
    pub winner: u8,
    /// The last raw roll, for the play screen's narration.
    pub last_roll: u8,
    /// The counters in play, and the hexes holding each side's: asked at every step, so kept
    /// here rather than found from the counters each time. Whatever moves a counter or takes
    /// it out of play refreshes them (`CrossOfIron::refresh`); debug builds check they are
    /// current.
    pub in_play: u64,
    pub occupied: [u128; 2],
    /// The `flag::DUE` flags any counter carries, asked at every step: `mark_due` and
    /// `clear_due` keep it current (debug builds check).
    pub due: u32,
    /// The hexes the acting side may fire into (a fire phase; else none), asked by every
    /// counter's decisions: whatever changes them calls `CrossOfIron::retarget` (debug
    /// builds check).
    pub targets: u128,
}

impl State {
    /// Marks `f` (flags of `flag::DUE`) due on counter `u`.
    pub fn mark_due(&mut self, u: usize, f: u32) {
        self.units[u].flags |= f;
        self.due |= f & flag::DUE;
    }

    /// Clears `f` (flags of `flag::DUE`) from counter `u`.
    pub fn clear_due(&mut self, u: usize, f: u32) {
        self.units[u].flags &= !f;
        self.due = self.find_due();
    }

    /// The `flag::DUE` flags found from the counters.
    pub fn find_due(&self) -> u32 {
        self.units.iter().fold(0, |due, u| due | u.flags) & flag::DUE
    }
}
