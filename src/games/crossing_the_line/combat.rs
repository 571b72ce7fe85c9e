//! The Combat Action (7.5) as pure, allocation-free steps: Battle Strength (7.5.1.1), the four
//! Combat DRMs (7.5.1.2), and the application of a result (7.5.2) as a sequence an engine drives
//! with its own chance (EC dice) and decisions (voluntary retreat, which unit takes an SP),
//! then Battle Victory (7.5.3). The chart lookups are `charts`' ([`Charts::odds_column`],
//! [`Charts::combat_result`], [`Charts::combat_multiplier`], ...); nothing here re-reads a table.
//!
//! Decisions on the rulebook's open points (digest ambiguities 15–18), each also beside its code:
//! - AMBIG-15 (7.5.2 step 3, 5.6.2): if any unit fails the EC of a red result, the whole stack
//!   makes the forced retreat together (a stack may not split) and the 2nd hit is satisfied.
//! - AMBIG-16 (7.5.2 step 1): the first SP goes to the side's Armor Superiority unit as 7.5.1.2 D
//!   selects it, whether or not D compared it; an attacker without AFVs chooses freely.
//! - AMBIG-17 (7.5.2 step 4): the first SP counts for the even distribution; retreat and
//!   failed-EC extra losses do not.
//! - AMBIG-18 (7.5.2): on a red result only the units that took part in the combat take the EC
//!   (the reading `red_result_attacker_checks`; `battle::red_check`).

use super::charts::{ApCosts, Charts, ChitColumn, Hexside, Hits, Ratio, Terrain};
use super::counters::{UnitClass, UnitDef};
use super::map::HexsideFeatures;

/// Slots in a [`Stack`]: the charts' stacking limit of 3 combat units (5.3.1) plus one, since
/// the limits need only be met at the end of an Action or retreat.
pub const MAX_STACK: usize = 4;

/// The declared Combat Action (7.5.1 step A); the AP cost is on the AP Cost Table (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttackKind {
    Hasty,
    Regular,
    Prepared,
}

impl AttackKind {
    pub fn ap_cost(self, costs: &ApCosts) -> u8 {
        match self {
            AttackKind::Hasty => costs.hasty_attack,
            AttackKind::Regular => costs.regular_attack,
            AttackKind::Prepared => costs.prepared_attack,
        }
    }
}

/// The defender's posture (7.5.1.2 B, 7.7): a stack with a disrupted unit is never in
/// Improved Defense (5.6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefenseKind {
    Regular,
    Improved,
}

/// Which side of a combat a stack is on, and how it fights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stance {
    Attack(AttackKind),
    Defense(DefenseKind),
}

/// The attacker or the defender (7.5.2: results are applied to the defender first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Attacker,
    Defender,
}

/// A combat unit's view in combat (3.2): `[front, disrupted]` pairs are its two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Combatant {
    /// Current Combat Strength (3.4).
    pub strength: u8,
    pub er: [u8; 2],
    pub disrupted: bool,
    pub class: UnitClass,
    /// Tank Points for an AFV type unit, Anti-Tank Points for an Infantry type unit (3.2).
    pub armor: [u8; 2],
}

impl Combatant {
    pub fn new(def: &UnitDef, strength: u8, disrupted: bool) -> Combatant {
        Combatant {
            strength,
            er: def.er,
            disrupted,
            class: def.class,
            armor: def.tank.or(def.anti_tank).unwrap_or([0, 0]),
        }
    }

    fn side(&self) -> usize {
        usize::from(self.disrupted)
    }

    /// The Effectiveness Rating on the side it shows (5.6.3: disrupted units rate lower).
    pub fn er_now(&self) -> u8 {
        self.er[self.side()]
    }

    /// Its Tank or Anti-Tank Points on the side it shows (7.5.1.2 D: disrupted values).
    pub fn armor_now(&self) -> ArmorPoints {
        let p = self.armor[self.side()];
        match self.class {
            UnitClass::Afv => ArmorPoints::Tank(p),
            UnitClass::Infantry => ArmorPoints::AntiTank(p),
        }
    }
}

/// The combat units of one side in the combat, in stack order (HQs are ignored in combat,
/// 7.5). A slot is `None` when empty; a unit at strength 0 is eliminated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stack {
    pub units: [Option<Combatant>; MAX_STACK],
}

impl Stack {
    /// The first `MAX_STACK` of `units`.
    pub fn of(units: &[Combatant]) -> Stack {
        let mut s = Stack::default();
        for (slot, u) in s.units.iter_mut().zip(units) {
            *slot = Some(*u);
        }
        s
    }

    /// The units still in play, with their slot.
    pub fn live(&self) -> impl Iterator<Item = (usize, &Combatant)> {
        self.units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| u.as_ref().filter(|u| u.strength > 0).map(|u| (i, u)))
    }

    pub fn any_disrupted(&self) -> bool {
        self.live().any(|(_, u)| u.disrupted)
    }

    /// Current strengths by slot, 0 for an empty slot.
    pub fn strengths(&self) -> [u8; MAX_STACK] {
        self.units.map(|u| u.map_or(0, |u| u.strength))
    }
}

// ------------------------------------------------------------------ 7.5.1.1 Battle Strength

/// The chit column a unit reads (7.5.1.1): red for a disrupted defender (5.6.3), improved for
/// Improved Defense and a Prepared Attack (the charts' reading of the 7.5.1.1 note), else
/// normal.
pub fn chit_column(stance: Stance, unit: &Combatant) -> ChitColumn {
    match stance {
        Stance::Defense(_) if unit.disrupted => ChitColumn::Disrupted,
        Stance::Defense(DefenseKind::Improved) | Stance::Attack(AttackKind::Prepared) => {
            ChitColumn::Improved
        }
        _ => ChitColumn::Normal,
    }
}

/// A unit's Combat Multiplier from its side's one chit (7.5.1.1): its ER on the side it
/// shows, its column. A chit index not in the cup multiplies by 1.
pub fn combat_multiplier(charts: &Charts, chit: usize, stance: Stance, unit: &Combatant) -> u8 {
    let column = chit_column(stance, unit);
    charts
        .combat_multiplier(chit, unit.er_now(), column)
        .unwrap_or(1)
}

/// A side's final Battle Strength (7.5.1.1): each unit's current strength × its multiplier,
/// summed, then rounded up (5.1, via [`super::charts::combat_strength`]).
pub fn battle_strength(charts: &Charts, stack: &Stack, chit: usize, stance: Stance) -> u32 {
    super::charts::combat_strength(stack.live().map(|(_, u)| {
        let m = combat_multiplier(charts, chit, stance, u);
        (u.strength, Ratio::whole(u16::from(m)))
    }))
}

// ------------------------------------------------------------------ 7.5.1.2 Combat DRMs

/// The hexside terrain the attack crosses (7.5.1.2 A): one at most; where a hexside shows two
/// (a stream through dragon's teeth) the defender gets the stronger. Roads never negate it.
pub fn attacked_hexside(charts: &Charts, features: HexsideFeatures) -> Option<Hexside> {
    let shown = |h: &Hexside| {
        features.contains(match h {
            Hexside::Stream => HexsideFeatures::STREAM,
            Hexside::Roer => HexsideFeatures::ROER,
            Hexside::DragonsTeeth => HexsideFeatures::DRAGONS_TEETH,
        })
    };
    Hexside::ALL
        .into_iter()
        .filter(shown)
        .min_by_key(|h| charts.hexside(*h).combat_drm)
}

/// A: the defender's Hexside Terrain DRM, zero or negative.
pub fn hexside_drm(charts: &Charts, hexside: Option<Hexside>) -> i8 {
    hexside.map_or(0, |h| charts.hexside(h).combat_drm)
}

/// The hexes adjacent to the enemy hex that qualify for Combat Support (7.5.1.2 B: ZOC into
/// it, In Command): those with a unit of the stack's formation, and those with only units of
/// other formations. A hex counts once, in the first count if it could count in both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SupportHexes {
    pub same_formation: u8,
    pub other_formation: u8,
}

/// B: a side's Combat Support DRM. Per hex the best value only ("not cumulative"); none for a
/// Hasty Attack, none for a defender with any disrupted unit; other formations count only in
/// a Prepared Attack and an Improved Defense.
pub fn combat_support(
    charts: &Charts,
    stance: Stance,
    hexes: SupportHexes,
    defender_disrupted: bool,
) -> i8 {
    let d = &charts.combat_drm;
    let (same, other) = match stance {
        Stance::Attack(AttackKind::Hasty) => (0, 0),
        Stance::Attack(AttackKind::Regular) => (d.regular_attack, 0),
        Stance::Attack(AttackKind::Prepared) => (d.prepared_attack, d.prepared_attack_other),
        Stance::Defense(_) if defender_disrupted => (0, 0),
        Stance::Defense(DefenseKind::Regular) => (d.regular_defense, 0),
        Stance::Defense(DefenseKind::Improved) => (d.improved_defense, d.improved_defense_other),
    };
    let total = i16::from(same) * i16::from(hexes.same_formation)
        + i16::from(other) * i16::from(hexes.other_formation);
    total.clamp(i16::from(i8::MIN), i16::from(i8::MAX)) as i8
}

/// C: HQ Attack Support, only for a Regular (half, rounded up) or Prepared (all) Attack by a
/// stack In Command; never for the defender.
pub fn hq_support(charts: &Charts, attack: AttackKind, in_command: bool, hq_points: u8) -> u8 {
    let d = &charts.combat_drm;
    match attack {
        _ if !in_command => 0,
        AttackKind::Hasty => 0,
        AttackKind::Regular => super::charts::hq_attack_support(hq_points, d.hq_regular_divisor),
        AttackKind::Prepared => super::charts::hq_attack_support(hq_points, d.hq_prepared_divisor),
    }
}

/// The points a unit brings to Armor Superiority (7.5.1.2 D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArmorPoints {
    Tank(u8),
    AntiTank(u8),
}

impl ArmorPoints {
    fn value(self) -> u8 {
        match self {
            ArmorPoints::Tank(p) | ArmorPoints::AntiTank(p) => p,
        }
    }
}

/// D: the unit a side must use for Armor Superiority, and its points. The attacker brings only
/// Tank Points; a defender with both kinds must use Tank Points. Highest points, then more
/// current strength, then (owner's choice) the first in stack order. An AFV type unit brings
/// Tank Points even at 0 (7.5.2 step 1: armor across dragon's teeth "attacks with Tank
/// Points").
pub fn armor_unit(stack: &Stack, role: Role) -> Option<(usize, ArmorPoints)> {
    let has_tanks = stack.live().any(|(_, u)| u.class == UnitClass::Afv);
    let eligible = |u: &Combatant| match role {
        Role::Attacker => u.class == UnitClass::Afv,
        Role::Defender => (u.class == UnitClass::Afv) == has_tanks,
    };
    let mut best: Option<(usize, &Combatant)> = None;
    for (i, u) in stack.live().filter(|(_, u)| eligible(u)) {
        let key = |u: &Combatant| (u.armor_now().value(), u.strength);
        if best.is_none_or(|(_, b)| key(u) > key(b)) {
            best = Some((i, u));
        }
    }
    best.map(|(i, u)| (i, u.armor_now()))
}

/// D: the Armor Superiority DRM from each side's [`armor_unit`] points (7.5.1.2 D's four
/// cases). The attacker's Tank Points are modified by the defender's terrain and the hexside,
/// rounded down ([`Charts::attacker_tank_points`]; dragon's teeth makes them 0); the
/// defender's Anti-Tank Points get the terrain bonus even at 0; defending Tank Points are
/// never modified. Anti-Tank Points never establish superiority.
pub fn armor_superiority(
    charts: &Charts,
    attacker: Option<ArmorPoints>,
    defender: Option<ArmorPoints>,
    terrain: Terrain,
    hexside: Option<Hexside>,
) -> i8 {
    let tank = |t| i16::from(charts.attacker_tank_points(t, terrain, hexside));
    let drm = match (attacker, defender) {
        (Some(ArmorPoints::Tank(t)), Some(ArmorPoints::Tank(d))) => tank(t) - i16::from(d),
        (Some(ArmorPoints::Tank(t)), d) => {
            let at = d.map_or(0, ArmorPoints::value);
            (tank(t) - i16::from(charts.defender_anti_tank(at, terrain))).max(0)
        }
        (_, Some(ArmorPoints::Tank(d))) => -i16::from(d),
        _ => 0,
    };
    drm.clamp(i16::from(i8::MIN), i16::from(i8::MAX)) as i8
}

/// A declared combat: both stacks and everything the DRMs read (7.5.1 steps A–D).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Battle {
    pub attackers: Stack,
    pub defenders: Stack,
    pub attack: AttackKind,
    pub defense: DefenseKind,
    /// The defender's hex terrain: its CRT line, tank multiplier and AT bonus.
    pub terrain: Terrain,
    /// The one hexside attacked across ([`attacked_hexside`]).
    pub hexside: Option<Hexside>,
    pub attacker_support: SupportHexes,
    pub defender_support: SupportHexes,
    /// The attacking stack is In Command (7.5.1.2 C).
    pub attacker_in_command: bool,
    /// The parent HQ's current Support Points.
    pub hq_support_points: u8,
}

/// The four Combat DRMs of one combat, each with its sign (7.5.1.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CombatDrms {
    pub hexside: i8,
    pub attacker_support: i8,
    pub defender_support: i8,
    pub hq_support: u8,
    pub armor_superiority: i8,
}

impl CombatDrms {
    /// Step 1: positives added, negatives subtracted.
    pub fn total(&self) -> i32 {
        i32::from(self.hexside)
            + i32::from(self.attacker_support)
            + i32::from(self.defender_support)
            + i32::from(self.hq_support)
            + i32::from(self.armor_superiority)
    }
}

impl Battle {
    pub fn attacker_stance(&self) -> Stance {
        Stance::Attack(self.attack)
    }

    pub fn defender_stance(&self) -> Stance {
        Stance::Defense(self.defense)
    }

    /// Both final Battle Strengths (attacker, defender) from the two chits.
    pub fn battle_strengths(&self, charts: &Charts, chits: [usize; 2]) -> (u32, u32) {
        (
            battle_strength(charts, &self.attackers, chits[0], self.attacker_stance()),
            battle_strength(charts, &self.defenders, chits[1], self.defender_stance()),
        )
    }
}

/// 7.5.1.2: the DRMs of a declared combat.
pub fn combat_drm(charts: &Charts, b: &Battle) -> CombatDrms {
    let disrupted = b.defenders.any_disrupted();
    let points = |s: &Stack, r| armor_unit(s, r).map(|(_, p)| p);
    CombatDrms {
        hexside: hexside_drm(charts, b.hexside),
        attacker_support: combat_support(charts, b.attacker_stance(), b.attacker_support, false),
        defender_support: combat_support(
            charts,
            b.defender_stance(),
            b.defender_support,
            disrupted,
        ),
        hq_support: hq_support(charts, b.attack, b.attacker_in_command, b.hq_support_points),
        armor_superiority: armor_superiority(
            charts,
            points(&b.attackers, Role::Attacker),
            points(&b.defenders, Role::Defender),
            b.terrain,
            b.hexside,
        ),
    }
}

// ------------------------------------------------------------------ 7.5.2 Combat Results

/// Step 1: the unit that must take the mandatory first SP loss, `None` when the owner
/// chooses. AMBIG-16 (7.5.2 step 1): the side's Armor Superiority unit as D selects it,
/// whether or not D compared it; an attacker without AFVs chooses.
pub fn first_loss_unit(stack: &Stack, role: Role) -> Option<usize> {
    armor_unit(stack, role).map(|(i, _)| i)
}

/// Step 2: a red number makes every unit of that side take an EC (5.6). AMBIG-18 (7.5.2): for
/// the attacker only the units that took part, not the rest of its hex.
pub fn ec_needed(hits: Hits) -> bool {
    hits.red
}

/// One unit's Effectiveness Check (5.6.1–5.6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EcOutcome {
    Passed,
    /// Flip to the disrupted side.
    Disrupted,
    /// Already disrupted: stays so and loses one SP (5.6.2, disruption from combat).
    DisruptedAgain,
}

impl EcOutcome {
    pub fn failed(self) -> bool {
        self != EcOutcome::Passed
    }

    /// SP lost beyond the combat hits (5.6.2); they do not satisfy a hit.
    pub fn extra_losses(self) -> u8 {
        u8::from(self == EcOutcome::DisruptedAgain)
    }
}

/// 5.6.1: an EC passes on a d10 at or under the ER on the side the unit shows (`er_now`).
pub fn ec_passes(er_now: u8, die: u8) -> bool {
    die <= er_now
}

/// 5.6.1: how many of the d10's ten faces pass an EC at `er_now` (the engine's chance weights).
pub fn ec_passing_faces(er_now: u8) -> u32 {
    (1..=10).filter(|&d| ec_passes(er_now, d)).count() as u32
}

/// 5.6.1–5.6.2: what a die does to a unit in combat.
pub fn effectiveness_check(unit: &Combatant, die: u8) -> EcOutcome {
    match (ec_passes(unit.er_now(), die), unit.disrupted) {
        (true, _) => EcOutcome::Passed,
        (false, false) => EcOutcome::Disrupted,
        (false, true) => EcOutcome::DisruptedAgain,
    }
}

/// How the 2nd combat hit is satisfied (7.5.2 step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SecondHit {
    Loss,
    VoluntaryRetreat,
    ForcedRetreat,
}

/// What follows once the owner has distributed the SP losses due (7.5.2): after the first
/// (step 1), the red result's checks; after the further ones (step 4), the retreat if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AfterLosses {
    RedCheck,
    Retreat(Option<SecondHit>),
}

/// Step 3, for a result of 2 hits or more. AMBIG-15 (7.5.2 step 3, 5.6.2): if any unit failed
/// the EC, the whole stack retreats as a forced retreat and the 2nd hit is satisfied; else
/// the owner may retreat all units instead of losing the SP.
pub fn second_hit(failed_any: bool, wants_retreat: bool) -> SecondHit {
    match (failed_any, wants_retreat) {
        (true, _) => SecondHit::ForcedRetreat,
        (false, true) => SecondHit::VoluntaryRetreat,
        (false, false) => SecondHit::Loss,
    }
}

/// Steps 3–4: the SP losses after the first (the 2nd hit if taken as a loss, and every hit
/// after it), to spread with [`spread_losses`].
pub fn further_losses(hits: u8, second: Option<SecondHit>) -> u8 {
    u8::from(second == Some(SecondHit::Loss)) + hits.saturating_sub(2)
}

/// Step 4: the units that may take the next SP loss — alive, and with the fewest hit losses so
/// far (no unit absorbs a second before all others absorbed one). The owner picks among them.
/// AMBIG-17 (7.5.2 step 4): `taken` includes the first SP loss of step 1.
pub fn loss_candidates(strengths: [u8; MAX_STACK], taken: [u8; MAX_STACK]) -> [bool; MAX_STACK] {
    let fewest = (0..MAX_STACK)
        .filter(|&i| strengths[i] > 0)
        .map(|i| taken[i])
        .min();
    std::array::from_fn(|i| strengths[i] > 0 && Some(taken[i]) == fewest)
}

/// Step 4 with the owner's default choice: `n` SP losses spread evenly over units of current
/// `strengths` that already took `taken` hit losses; among the candidates the owner's default
/// is the unit with the most current strength (ties: stack order), which keeps units on the map
/// longest. Returns each unit's new losses; losses past every unit's elimination are void.
pub fn spread_losses(strengths: [u8; MAX_STACK], taken: [u8; MAX_STACK], n: u8) -> [u8; MAX_STACK] {
    let (mut left, mut taken) = (strengths, taken);
    let mut losses = [0; MAX_STACK];
    for _ in 0..n {
        let candidates = loss_candidates(left, taken);
        let Some(i) = (0..MAX_STACK)
            .filter(|&i| candidates[i])
            .min_by_key(|&i| std::cmp::Reverse(left[i]))
        else {
            break;
        };
        left[i] -= 1;
        taken[i] += 1;
        losses[i] += 1;
    }
    losses
}

/// Where a retreat ends (7.5.2 Retreat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RetreatEnd {
    /// A hex free of EZOC.
    Free,
    /// Only a hex in an EZOC was left (a forced retreat only).
    IntoEzoc,
    /// No hex at all: the units stay.
    Impossible,
}

/// The SP each retreating unit loses beyond the hits (7.5.2 Retreat): +1 into an EZOC, +2 when
/// a forced retreat is impossible. A voluntary retreat may end neither way (it is then not
/// offered), so it costs nothing.
pub fn retreat_extra_losses(second: SecondHit, end: RetreatEnd) -> u8 {
    match (second, end) {
        (SecondHit::ForcedRetreat, RetreatEnd::IntoEzoc) => 1,
        (SecondHit::ForcedRetreat, RetreatEnd::Impossible) => 2,
        _ => 0,
    }
}

// ------------------------------------------------------------------ 7.5.3 Battle Victory

/// 7.5.3: the side with fewer combat hits (the CRT numbers, not extra losses; AMBIG-19) wins,
/// unless all of its units in the combat were eliminated; a tie wins nothing.
pub fn battle_victory(
    attacker_hits: u8,
    defender_hits: u8,
    attacker_all_eliminated: bool,
    defender_all_eliminated: bool,
) -> Option<Role> {
    use std::cmp::Ordering::*;
    match attacker_hits.cmp(&defender_hits) {
        Less if !attacker_all_eliminated => Some(Role::Attacker),
        Greater if !defender_all_eliminated => Some(Role::Defender),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
