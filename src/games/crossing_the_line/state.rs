//! The game state: a fixed-size `Copy` value (about 2 KB), so cloning is a memcpy. Units and
//! formations are small indices into the ruleset; hexes are the map's dense indices.
//!
//! Besides what the counters and markers show, the state keeps derived caches (which hexes
//! each side occupies and controls by ZOC) that `refresh` rebuilds after every change of
//! position or disruption, so that the rules read them in O(1).

use super::action::Action;
use super::charts::{CombatResult, InitiativeMarker};
use super::combat::{AfterLosses, AttackKind, DefenseKind, Role};
use super::control::{HexSet, Obstacles};
use super::ruleset::{Ruleset, NO_HEX};
use super::scenario::MAX_PLAN_MARKERS;
use super::side::Side;

/// The most combat units and formations a scenario may have (unit and formation bitmasks):
/// the Campaign (10.4) has about 120 units in 14 formations.
pub const MAX_UNITS: usize = 128;
pub const MAX_FORMATIONS: usize = 16;
/// A set of combat units, one bit per unit index.
pub type Units = u128;
const _: () = assert!(
    MAX_UNITS == 2 * 64,
    "`State::units_at` compares two lanes of 64"
);
/// A set of formations, one bit per formation index.
pub type Formations = u16;
/// Unit locations that are not hexes.
pub const NOT_ENTERED: u16 = 0xFFFF;
pub const ELIMINATED: u16 = 0xFFFE;
pub const WITHDRAWN: u16 = 0xFFFD;
/// Hexes of a planned move (a unit moves at most 8 MP, half an MP a hex on roads).
pub const MAX_PATH: usize = 24;
/// No formation: a Battle Victory bonus action by the defender's units (7.5.3).
pub const BONUS_ONLY: u8 = u8::MAX;
/// Nested activations: a Formation Activation, a Reaction in it, and a defender's Battle
/// Victory action in either; a chain of Battle Victories takes one level, each replacing the
/// one before it (`ops::begin_bonus`), so three are used and one is spare.
pub const MAX_DEPTH: usize = 4;

pub fn on_map(hex: u16) -> bool {
    hex < 0xF000
}

/// Iterates the set bits of a unit mask.
pub use crate::engine::bits::ones128 as bits;

/// Where the sequence of play stands: whose decision, or which chance, comes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Chance, 8.1.2: the Interdiction Level of this turn.
    Interdiction,
    /// Chance, 8.1.5: the attrition die of the lowest unit in `State::queue`.
    Attrition,
    /// Chance, 8.3: the US draws a Victory Plan marker (Campaign, from turn 2).
    PlanDraw,
    /// Chance, 8.3: the German die; 9 or 10 lets him inspect a drawn marker.
    PlanPeek,
    /// 8.3: the German picks the drawn marker to inspect.
    Inspect,
    /// 8.5: `side` may hold back a formation's reinforcements to the next turn, or is done.
    Reinforce(Side),
    /// 8.2, 5.5.2: `side` picks the formation of the lowest entering independent of
    /// `State::queue` before it enters, where more than one may take it.
    Entering(Side),
    /// 8.5.2 note: the Germans pick the formation that takes over an independent assigned to
    /// a formation withdrawing this turn (`reinforcements::heir_due`).
    Heir,
    /// 8.2: `side` assigns and reassigns units (5.5), or is done.
    Assignment(Side),
    /// 8.4.1: the US picks the unit the next Replacement Point rebuilds.
    Replace,
    /// 8.4.2: the Germans may cannibalise an infantry type unit, or are done.
    Reorganize,
    /// Chance, 6.1: who wins the Initiative.
    Initiative,
    /// 6.2: the Initiative player acts, transfers or passes (10.1: the 1st ID activates).
    Choose,
    /// Chance, 6.3.2 (black APs) / 6.4.2 (red APs, `reaction`): the AP die of the activating
    /// or reacting formation.
    ApRoll { reaction: bool },
    /// 7: the active formation performs an Action, or ends its activation.
    Action,
    /// 7.3: the destination of the Movement Action whose mover was just selected (as
    /// `Action::Select` names it).
    Destination { from: u16, pick: u8 },
    /// 6.4: the other side may attempt a Formation Reaction against the moving stack.
    ReactionOffer,
    /// Chance, 6.4.2: the Reaction Check of `State::reactor`.
    ReactionCheck,
    /// Chance, 5.6: an Effectiveness Check of the lowest unit in `State::queue`.
    Check(CheckKind),
    /// 7.5: the attacker picks the units of the attacking hex that take part.
    Attackers,
    /// 5.8.4: some isolated units of the Action failed their check and others passed: the
    /// owner goes on with those that passed or calls the Action off (its APs stay spent).
    CallOff,
    /// Chance, 7.5.1.1: both chits drawn from the cup.
    Chits,
    /// Chance, 7.5.1.2: the combat die.
    CombatDie,
    /// 7.5.2 step 3: the owner retreats voluntarily or takes the 2nd hit as an SP loss.
    SecondHit,
    /// 7.5.2: the owner picks the unit that takes the next Strength Point Loss, among those
    /// the even spread allows (`Fight::owed` are due).
    SpLoss,
    /// 7.5.2: the owner picks the retreat hex.
    Retreat,
    /// 5.3.2: the owner picks where the lowest HQ of `State::displacing` goes; then the move
    /// (7.3.6) or the end of the battle (7.5, `after_battle`) goes on.
    HqDisplacement { after_battle: bool },
    /// 5.3.3: the opponent displaces a unit of the overstacked hex `State::overstack` names;
    /// then what was under way goes on (`Overstack::then`).
    UnitDisplacement,
    /// 5.2: the SNAFU token's owner may have the roll just made (`State::snafu_roll`) rolled
    /// again, handing the token over.
    Snafu,
    /// The game is over.
    Over,
}

/// Why an Effectiveness Check is rolled (5.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckKind {
    /// 5.8.4: an isolated unit about to take part in an Action.
    Isolated,
    /// 7.3.4: a unit infiltrating.
    Infiltration,
    /// 7.6: a Refit.
    Refit,
    /// 7.5.2 step 2: a red combat result.
    Combat,
}

/// An activation under way: a Formation Activation (6.3), a Formation Reaction (6.4) inside
/// one, or a defender's Battle Victory action (7.5.3) inside either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Activation {
    pub side: Side,
    /// The formation, or `BONUS_ONLY`.
    pub formation: u8,
    pub ap: u8,
    /// 7.5.3: the Battle Victory bonus AP, usable now by `bonus_units` only.
    pub bonus: u8,
    pub bonus_units: Units,
    pub reaction: bool,
}

impl Activation {
    /// No activation: the slot of one that ended.
    pub const IDLE: Activation = Activation {
        side: Side::Us,
        formation: BONUS_ONLY,
        ap: 0,
        bonus: 0,
        bonus_units: 0,
        reaction: false,
    };
}

/// What an Action will do once its isolated units have checked (5.8.4), or what a reaction
/// interrupted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    None,
    /// Move `State::moving` to `to` (7.3), with the leg +2 MA (7.3.5) or not.
    Move {
        to: u16,
        leg_bonus: bool,
    },
    /// Infiltrate into `to` (7.3.4).
    Infiltrate {
        to: u16,
    },
    /// Attack `State::fight` (7.5).
    Attack,
}

/// A Movement Action under way (7.3, 6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Moving {
    pub units: Units,
    pub path: [u16; MAX_PATH],
    pub len: u8,
    /// Hexes of `path` already entered (the start is `path[0]`).
    pub pos: u8,
    /// 6.4: one Reaction attempt per Movement Action.
    pub reaction_tried: bool,
    /// `pos + 1` where the Reaction side last let the move go on (0: nowhere yet).
    pub offered: u8,
    /// 5.3.2, 7.3.6: formations whose HQ this move displaced may not react to it.
    pub displaced: Formations,
}

impl Moving {
    pub const NONE: Moving = Moving {
        units: 0,
        path: [NO_HEX; MAX_PATH],
        len: 0,
        pos: 0,
        reaction_tried: false,
        offered: 0,
        displaced: 0,
    };

    pub fn hex(&self) -> u16 {
        self.path[usize::from(self.pos)]
    }
}

/// What goes on once an overstacked hex is resolved (5.3.1–5.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AfterOverstack {
    /// The Movement Action's mover has stopped: the activation goes on (7.3).
    Action,
    /// The mover stopped by a Reaction: the reacting formation acts (6.4.2).
    Reaction,
    /// A retreat: the other side's combat results, or the end of the battle (7.5.2).
    Retreat,
}

/// Overstacked hexes being resolved (5.3.1–5.3.3): the hex whose surplus the opponent
/// displaces now, and the hexes a displacement overstacked in turn, last first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Overstack {
    pub side: Side,
    pub hex: u16,
    pub queue: [u16; 8],
    pub queued: u8,
    pub then: AfterOverstack,
}

impl Overstack {
    pub const NONE: Overstack = Overstack {
        side: Side::Us,
        hex: NO_HEX,
        queue: [NO_HEX; 8],
        queued: 0,
        then: AfterOverstack::Action,
    };
}

/// A combat under way (7.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fight {
    pub from: u16,
    pub target: u16,
    pub attack: AttackKind,
    pub defense: DefenseKind,
    pub attackers: Units,
    pub defenders: Units,
    pub chits: [u8; 2],
    pub result: CombatResult,
    /// Whose results are being applied (7.5.2: the defender's first).
    pub applying: Role,
    /// Units of the side being applied that failed the red result's EC.
    pub failed: Units,
    /// The retreat under way is a forced one (7.5.2 step 3).
    pub forced: bool,
    /// SP hit losses each unit took in this combat (the even spread of 7.5.2 step 4).
    pub taken: [u8; MAX_UNITS],
    /// Units eliminated in this combat, per role (Battle Victory, 7.5.3).
    pub eliminated: [Units; 2],
    /// SP losses the owner still distributes, one `Step::SpLoss` decision each (7.5.2).
    pub owed: u8,
    /// What follows once they are distributed.
    pub after_losses: AfterLosses,
}

impl Fight {
    /// No combat under way.
    pub const NONE: Fight = Fight {
        from: NO_HEX,
        target: NO_HEX,
        attack: AttackKind::Hasty,
        defense: DefenseKind::Regular,
        attackers: 0,
        defenders: 0,
        chits: [0; 2],
        result: super::charts::BELOW_LEFTMOST,
        applying: Role::Defender,
        failed: 0,
        forced: false,
        taken: [0; MAX_UNITS],
        eliminated: [0; 2],
        owed: 0,
        after_losses: AfterLosses::RedCheck,
    };
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    pub hex: [u16; MAX_UNITS],
    pub strength: [u8; MAX_UNITS],
    /// The formation a unit belongs to now: its parent, or the one it is assigned to (5.5).
    pub formation: [u8; MAX_UNITS],
    pub disrupted: Units,
    /// 7.7: units under an Improved Defense marker (the marker covers their hex).
    pub improved: Units,
    /// 5.3.4: units the enemy has seen under the top of their stack (a ground attack was
    /// declared on them, or they attacked); cleared when the unit moves (`hidden`).
    pub revealed: Units,
    /// 5.5.2: units whose current assignment the enemy has been shown (an independent's is
    /// recorded secretly; it shows when the unit acts for its formation, `ops::pay`).
    pub assignment_shown: Units,
    /// Units assigned or reassigned in this Assignment Segment (each once: see
    /// `assignment::may_assign`).
    pub assigned_this_segment: Units,
    pub hq_hex: [u16; MAX_FORMATIONS],
    pub support: [u8; MAX_FORMATIONS],
    /// Formation Activation Level (6.3).
    pub fal: [u8; MAX_FORMATIONS],
    /// HQs on their Emergency Supply side (5.7.1).
    pub emergency: Formations,
    /// Formations whose FAL goes to 0 after this activation's AP roll (6.3.2, the reading
    /// `emergency_supply_spent` = `after_roll`).
    pub fal_drop: Formations,
    pub turn: u8,
    pub step: Step,
    pub marker: InitiativeMarker,
    pub interdiction: u8,
    /// 6.2: sides that passed this Ops Phase.
    pub passed: [bool; 2],
    pub initiative: Side,
    /// 6.2: the Initiative was transferred this Ops Cycle.
    pub transferred: bool,
    /// Activations under way, innermost last.
    pub acts: [Activation; MAX_DEPTH],
    pub depth: u8,
    pub pending: Pending,
    pub moving: Moving,
    pub fight: Fight,
    pub overstack: Overstack,
    /// Units still to roll (attrition, ECs) or, entering, to be assigned; lowest first.
    pub queue: Units,
    /// 5.8.4: the units of the Action under way that failed their isolated check.
    pub isolated_failed: Units,
    /// 6.4: the formation attempting a Reaction.
    pub reactor: u8,
    /// 5.2: the side holding the SNAFU token (Schlachtenglück).
    pub snafu: Side,
    /// 5.2: the roll awaiting the owner's choice, and the chance step it came from.
    pub snafu_roll: Action,
    pub snafu_step: Step,
    /// 10.2: VP hexes (by `Ruleset::vp_hexes` position) the US controls.
    pub us_control: u32,
    /// 10.1: Formation Activations so far.
    pub activations: u8,
    /// 8.3: the Victory Plan markers drawn (marker index + 1; 0: none yet), in draw order.
    pub plan_draws: [u8; MAX_PLAN_MARKERS],
    /// 8.3: the draws (by position) the German player has inspected.
    pub plan_seen: u8,
    /// 9: quarter VPs of the SP the Germans had lost in formations withdrawn since (8.5.2:
    /// "noted at the time of withdrawal").
    pub noted_loss_quarters: u16,
    /// 8.4.1: the US Replacement Points still to spend this turn: infantry, armored infantry,
    /// tank.
    pub replacement_points: [u8; 3],
    /// 8.4.2: the unit just cannibalised, and its RPs still to spend.
    pub cannibal: u8,
    pub cannibal_points: u8,
    /// 5.3.2: formations whose HQ was displaced and waits for its owner to place it.
    pub displacing: Formations,
    /// 8.5: reinforcements held back to a later turn: units, and formations' HQs.
    pub held: Units,
    pub held_hqs: Formations,
    /// 8.5: the reinforcements of the side deciding (`Step::Reinforce`) that enter when it is
    /// done.
    pub entering: Units,
    pub entering_hqs: Formations,
    /// SP lost by each side.
    pub losses: [u16; 2],
    /// Ops Cycles in which each side held the Initiative.
    pub initiatives: [u16; 2],
    /// (winner side index or 2 for a draw, level index, turn) once over.
    pub result: (u8, u8, u8),
    // ---- caches, rebuilt by `refresh`
    /// Hexes holding each side's combat units.
    pub occupied: [HexSet; 2],
    /// Hexes holding each side's units of any type, HQs included.
    pub present: [HexSet; 2],
    /// Each side's ZOC (5.4).
    pub zoc: [HexSet; 2],
}

impl State {
    pub fn empty() -> State {
        let act = Activation::IDLE;
        State {
            hex: [NOT_ENTERED; MAX_UNITS],
            strength: [0; MAX_UNITS],
            formation: [0; MAX_UNITS],
            disrupted: 0,
            improved: 0,
            revealed: 0,
            assignment_shown: 0,
            assigned_this_segment: 0,
            hq_hex: [NOT_ENTERED; MAX_FORMATIONS],
            support: [0; MAX_FORMATIONS],
            fal: [0; MAX_FORMATIONS],
            emergency: 0, // AMBIG-32: every HQ starts on its supplied (front) side
            fal_drop: 0,
            turn: 1,
            step: Step::Choose,
            marker: InitiativeMarker::ZERO,
            interdiction: 0, // AMBIG-31: turn 1 has no Admin Phase to set it
            passed: [false; 2],
            initiative: Side::Us,
            transferred: false,
            acts: [act; MAX_DEPTH],
            depth: 0,
            pending: Pending::None,
            moving: Moving::NONE,
            fight: Fight::NONE,
            overstack: Overstack::NONE,
            queue: 0,
            isolated_failed: 0,
            reactor: 0,
            snafu: Side::German,
            snafu_roll: Action::Die(1),
            snafu_step: Step::CombatDie,
            us_control: 0,
            activations: 0,
            plan_draws: [0; MAX_PLAN_MARKERS],
            plan_seen: 0,
            noted_loss_quarters: 0,
            replacement_points: [0; 3],
            cannibal: 0,
            cannibal_points: 0,
            displacing: 0,
            held: 0,
            held_hqs: 0,
            entering: 0,
            entering_hqs: 0,
            losses: [0; 2],
            initiatives: [0; 2],
            result: (2, 0, 0),
            occupied: [HexSet::EMPTY; 2],
            present: [HexSet::EMPTY; 2],
            zoc: [HexSet::EMPTY; 2],
        }
    }

    /// Rebuilds the caches from unit and HQ positions and disruption.
    pub fn refresh(&mut self, rs: &Ruleset) {
        self.occupied = [HexSet::EMPTY; 2];
        self.present = [HexSet::EMPTY; 2];
        self.zoc = [HexSet::EMPTY; 2];
        for (u, info) in rs.units.iter().enumerate() {
            let h = self.hex[u];
            if !on_map(h) {
                continue;
            }
            let side = info.side.index();
            self.occupied[side].insert(usize::from(h));
            // 5.4 note, 5.6.3: disrupted units project no ZOC.
            if self.disrupted & (1 << u) == 0 {
                rs.zoc_of(h, info.class, &mut self.zoc[side]);
            }
        }
        self.present = self.occupied;
        for (f, info) in rs.formations.iter().enumerate() {
            if on_map(self.hq_hex[f]) {
                self.present[info.side.index()].insert(usize::from(self.hq_hex[f]));
            }
        }
    }

    /// The innermost activation under way.
    pub fn act(&self) -> &Activation {
        &self.acts[usize::from(self.depth)]
    }

    pub fn act_mut(&mut self) -> &mut Activation {
        &mut self.acts[usize::from(self.depth)]
    }

    pub fn is_disrupted(&self, u: usize) -> bool {
        self.disrupted & (1 << u) != 0
    }

    /// The units of `side` (a mask of `side_units`) in hex `h`.
    pub fn units_at(&self, rs: &Ruleset, side: Side, h: u16) -> Units {
        if !self.occupied[side.index()].contains(usize::from(h)) {
            return 0;
        }
        // Every unit compared at once, 64 to a lane, without branches (the compiler
        // vectorises it); then the side's units. Called for every stack in the hot path.
        let lane = |hexes: &[u16]| {
            hexes
                .iter()
                .enumerate()
                .fold(0u64, |m, (i, &x)| m | u64::from(x == h) << i)
        };
        let (low, high) = self.hex.split_at(64);
        let here = Units::from(lane(low)) | Units::from(lane(high)) << 64;
        here & rs.side_units[side.index()]
    }

    /// Every unit on the map of `side`.
    pub fn on_map_units(&self, rs: &Ruleset, side: Side) -> Units {
        bits(rs.side_units[side.index()])
            .filter(|&u| on_map(self.hex[u]))
            .fold(0, |m, u| m | 1 << u)
    }

    /// The units of formation `f` (own and assigned) on the map.
    pub fn formation_units(&self, rs: &Ruleset, f: u8) -> Units {
        let side = rs.formation(f).side;
        bits(rs.side_units[side.index()])
            .filter(|&u| on_map(self.hex[u]) && self.formation[u] == f)
            .fold(0, |m, u| m | 1 << u)
    }

    /// The HQ in hex `h`, if any.
    pub fn hq_at(&self, h: u16) -> Option<u8> {
        self.hq_hex.iter().position(|&x| x == h).map(|f| f as u8)
    }

    /// What `side`'s paths reckon with (5.4.1, 5.7.2, 5.8.2); hexes outside the scenario's area
    /// are closed to every path, as if enemy-held.
    pub fn obstacles(&self, rs: &Ruleset, side: Side) -> Obstacles {
        let (me, enemy) = (side.index(), side.other().index());
        Obstacles {
            enemy_units: self.present[enemy].union(&rs.outside),
            enemy_zoc: self.zoc[enemy],
            friendly_units: self.present[me],
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.step == Step::Over
    }
}
