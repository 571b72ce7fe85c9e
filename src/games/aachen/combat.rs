//! Combat (9): declaring attacks, revealing the German unit and its Defense Strategy, the Lead
//! Attacking Unit, support, the Attack and Defense Values, results, and retreat.

use super::data::{DefenseStrategy, Terrain};
use super::movement::{end_activation_if_done, has_room};
use super::ruleset::Ruleset;
use super::state::{
    bits, AreaMask, Roll, State, Step, Support, UnitMask, NONE, OUT_OF_ACTION, SUPPORT_TRACK_TOP,
    UNREVEALED,
};
use super::Action;
use crate::engine::GameRng;
use rand::Rng;

/// 9.0–9.3: the Areas an attack may be declared on now: the German Areas not attacked yet in
/// this activation with a unit among its `candidates` that can lead (9.5.2A): the Areas where
/// such a unit waits, and the Active Area if it was Contested at activation and holds such a
/// unit that has not acted. A unit that can lead waits in every Area where units wait but
/// those Contested at activation, which a Leader may enter alone (8.1): only those need a
/// look at the units.
pub fn attackable(rs: &Ruleset, s: &State) -> AreaMask {
    let act = &s.activation;
    let starting = s.units_in(act.area) & act.pending & !rs.leaders() != 0;
    let here = u32::from(starting) << act.area & act.contested;
    let mut waiting = act.waiting_areas();
    if waiting & act.contested != 0 {
        // 8.1: not where only Leaders wait.
        waiting &= s.areas_of(act.waiting & !rs.leaders()) | !act.contested;
    }
    (waiting | here) & !act.attacked & s.german_areas()
}

/// The units that may attack Area `x`: those that entered it in this activation, or, in an
/// Active Area Contested at activation, its units that have not acted yet (9.3).
fn candidates(s: &State, x: u8) -> UnitMask {
    let act = &s.activation;
    let here = s.units_in(x);
    let starting = if x == act.area && act.contested & 1 << x != 0 {
        act.pending
    } else {
        0
    };
    here & (act.waiting | starting)
}

/// 9.1: units that entered a German Area not Contested at activation must attack it.
fn is_mandatory(s: &State, x: u8) -> bool {
    x != s.activation.area && s.activation.contested & 1 << x == 0
}

/// Is a Mandatory Attack still owed in this activation: units wait in a German Area not
/// Contested at activation (9.1)?
pub fn mandatory_attack_owed(s: &State) -> bool {
    let act = &s.activation;
    let mandatory = !act.contested & !(1 << act.area);
    act.waiting_areas() & mandatory & s.german_areas() != 0
}

/// 9.0: an attack on Area `x`. A Mandatory Attack takes every unit that entered; an optional
/// one lets the player choose them (9.2–9.3).
pub fn declare(rs: &Ruleset, s: &mut State, x: u8) {
    s.activation.acted = true;
    s.attack = super::state::Attack {
        area: x,
        mandatory: is_mandatory(s, x),
        ..Default::default()
    };
    if s.attack.mandatory {
        s.attack.units = candidates(s, x);
        begin(rs, s);
    } else {
        s.step = Step::Attackers;
    }
}

/// 9.2: the units that may still join the optional attack (a Leader only with an Armor or
/// Infantry unit of his own organisation, 9.5.2B).
pub fn attackers_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    let chosen = s.attack.units;
    for u in bits(u64::from(candidates(s, s.attack.area) & !chosen)) {
        if !rs.unit(u).is_leader() || commands_combat_unit(rs, u, chosen) {
            out.push(Action::AddAttacker(u));
        }
    }
    if chosen & !rs.leaders() != 0 {
        out.push(Action::Resolve);
    }
}

/// Does Leader `u` have an Armor or Infantry unit of his organisation among `units`?
fn commands_combat_unit(rs: &Ruleset, u: u8, units: UnitMask) -> bool {
    bits(u64::from(rs.organisation_of(u) & units)).any(|v| {
        let k = rs.unit(v);
        k.is_armor() || k.is_infantry()
    })
}

/// The optional attack's units are chosen: those that entered and stay out of it are done
/// moving, so Spent (8.1); units of the Active Area keep their chance to act.
pub fn close_attackers(rs: &Ruleset, s: &mut State) {
    let left_out = left_out(s);
    s.fresh &= !left_out;
    s.activation.waiting &= !left_out;
    begin(rs, s);
}

/// The activation's units waiting to attack that the attack leaves out (8.2.1).
pub fn left_out(s: &State) -> u32 {
    candidates(s, s.attack.area) & !s.attack.units & s.activation.waiting
}

/// The attackers are known: no one else may enter the Area (8.2.1); reveal, or go on.
fn begin(rs: &Ruleset, s: &mut State) {
    let x = s.attack.area;
    let act = &mut s.activation;
    act.attacked |= 1 << x;
    act.pending &= !s.attack.units;
    act.waiting &= !s.attack.units;
    if s.german[usize::from(x)] == UNREVEALED {
        s.step = Step::Reveal;
    } else {
        choose_lead_or_collapse(rs, s);
    }
}

/// 4.4, 5.4: the counter is drawn from the face-down pool of the Area's terrain type, each
/// counter left in it equally likely.
fn drawable(rs: &Ruleset, s: &State) -> u64 {
    s.pool & rs.counters_of(rs.terrain[usize::from(s.attack.area)])
}

pub fn reveal_outcomes(rs: &Ruleset, s: &State, out: &mut Vec<(Action, u32)>) {
    out.extend(bits(drawable(rs, s)).map(|c| (Action::Draw(c), 1)));
}

/// One draw of `reveal_outcomes`: the n-th counter of the pool, n uniform.
pub fn draw_counter(rs: &Ruleset, s: &State, rng: &mut GameRng) -> Action {
    let counters = drawable(rs, s);
    let n = rng.random_range(0..counters.count_ones() as usize);
    let c = bits(counters)
        .nth(n)
        .expect("the pool of the Area's terrain is not empty");
    Action::Draw(c)
}

/// 9.4: the unit is revealed and its Defense Strategy takes effect at once.
pub fn reveal(rs: &Ruleset, s: &mut State, c: u8) {
    let x = s.attack.area;
    s.set_german(x, c);
    s.pool &= !(1 << c);
    let strategy = rs.germans[usize::from(c)].strategy;
    s.attack.strategy = strategy;
    match strategy {
        DefenseStrategy::Barrage => {
            // Every attacker falls back (9.5.5) and is Spent; there is no combat.
            let units = s.attack.units;
            s.fresh &= !units;
            finish(rs, s, moved_in(s, units), 0);
            return;
        }
        DefenseStrategy::Surrender => {
            // Removed at once, a Success for Morale; the attackers stay Fresh.
            eliminate_german(rs, s, x);
            finish(rs, s, 0, 0);
            return;
        }
        DefenseStrategy::Panzerfaust => {
            let armor = bits(u64::from(s.attack.units)).filter(|&u| rs.unit(u).is_armor());
            if let Some(u) = armor.max_by_key(|&u| (rs.unit(u).attack, std::cmp::Reverse(u))) {
                out_of_action(rs, s, u);
            }
        }
        DefenseStrategy::Sniper => {
            if let Some(u) = bits(u64::from(s.attack.units & rs.leaders())).next() {
                out_of_action(rs, s, u);
            }
        }
        _ => {}
    }
    choose_lead_or_collapse(rs, s);
}

/// 9.5.2A: on to the choice of the Lead Attacking Unit; a lone unit that can lead is the
/// Lead Attacking Unit with no choice to make. With no unit left that can lead, the attack
/// collapses: the rest are Spent and fall back if the attack was mandatory.
fn choose_lead_or_collapse(rs: &Ruleset, s: &mut State) {
    let can_lead = s.attack.units & !rs.leaders();
    if can_lead.count_ones() == 1 {
        set_lead(rs, s, can_lead.trailing_zeros() as u8);
        return;
    }
    if can_lead != 0 {
        s.step = Step::Lead;
        return;
    }
    let units = s.attack.units;
    s.fresh &= !units;
    let must = if s.attack.mandatory {
        moved_in(s, units)
    } else {
        0
    };
    finish(rs, s, must, 0);
}

pub fn lead_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    for u in bits(u64::from(s.attack.units & !rs.leaders())) {
        out.push(Action::Lead(u));
    }
}

/// 9.5.2A: the Lead Attacking Unit. An Ambush takes it out before the dice.
pub fn set_lead(rs: &Ruleset, s: &mut State, u: u8) {
    if s.attack.strategy == DefenseStrategy::Ambush {
        s.attack.strategy = DefenseStrategy::None;
        out_of_action(rs, s, u);
        choose_lead_or_collapse(rs, s);
        return;
    }
    s.attack.lead = u;
    offer_support(rs, s);
}

/// 9.5.2C: on to the support, or straight to the dice when there is none left to allot
/// (rolling is then the only choice).
fn offer_support(rs: &Ruleset, s: &mut State) {
    let any = Support::ALL.into_iter().any(|k| may_allot(rs, s, k));
    s.step = if any {
        Step::Support
    } else {
        Step::Roll(Roll::Attack)
    };
}

/// 9.5.2C, 9.5.3D: one point of each kind at most (Air: any number under the reading
/// `air_support = "die_per_point"`); no Armor Support with Armor attacking; Air Support only
/// with a Leader and a unit of his organisation, and never in Rain.
pub fn support_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    for k in Support::ALL {
        if may_allot(rs, s, k) {
            out.push(Action::Allot(k));
        }
    }
    out.push(Action::Resolve);
}

/// The most Air Support dice one combat rolls under `air_support = "die_per_point"`: their
/// total (`Attack::air_die`) fits its byte (a track hoarded over every turn with support
/// carried over could hold more points).
const MAX_AIR_DICE: u8 = u8::MAX / 6;

/// The most Air Support dice one combat can roll under the loaded reading (9.5.3D): one
/// under `one_die`, the whole track under `die_per_point`.
pub fn most_air_dice(rs: &Ruleset) -> u8 {
    if rs.air_die_per_point {
        SUPPORT_TRACK_TOP.min(MAX_AIR_DICE)
    } else {
        1
    }
}

fn may_allot(rs: &Ruleset, s: &State, k: Support) -> bool {
    let a = &s.attack;
    let again = k == Support::Air && rs.air_die_per_point && a.air_points < MAX_AIR_DICE;
    if (a.support & k.bit() != 0 && !again) || s.support[k as usize] == 0 {
        return false;
    }
    let event = rs.event(s.event);
    match k {
        Support::Artillery | Support::Engineer => true,
        Support::Armor => {
            !event.no_armor && bits(u64::from(a.units)).all(|u| !rs.unit(u).is_armor())
        }
        Support::Air => {
            !s.rain
                && !event.no_air
                && bits(u64::from(a.units & rs.leaders()))
                    .any(|l| rs.organisation_of(l) & a.units & !(1 << l) != 0)
        }
    }
}

/// 9.5.2C: the marker goes down one space for each attack supported.
pub fn allot(rs: &Ruleset, s: &mut State, k: Support) {
    s.support[k as usize] -= 1;
    s.attack.support |= k.bit();
    if k == Support::Air {
        s.attack.air_points += 1;
    }
    offer_support(rs, s);
}

/// 9.5.2: the Attack Value.
pub fn attack_value(rs: &Ruleset, s: &State) -> i16 {
    let mut av = 0;
    attack_value_parts(rs, s, |_, v| av += v);
    av
}

/// 9.5.2's Attack Value, telling `part` each of its terms by name (one account for the
/// attack and the line that tells it; trial 18b F4).
pub fn attack_value_parts(rs: &Ruleset, s: &State, mut part: impl FnMut(&'static str, i16)) {
    let a = &s.attack;
    let lead = rs.unit(a.lead);
    part("lead unit", i16::from(lead.attack));
    // B: +1 for each additional unit; a Leader counts with a unit of his organisation.
    let others = bits(u64::from(a.units & !(1 << a.lead)))
        .filter(|&u| !rs.unit(u).is_leader() || commands_combat_unit(rs, u, a.units))
        .count();
    part("other units", others as i16);
    let has = |k: Support| a.support & k.bit() != 0;
    // C: +1 Artillery, +2 Engineer, +3 Armor.
    part("Artillery", i16::from(has(Support::Artillery)));
    part("Engineer", 2 * i16::from(has(Support::Engineer)));
    part("Armor", 3 * i16::from(has(Support::Armor)));
    // D: Combined Arms: two of the three ground supports, and the units the reading asks for.
    let kinds = [Support::Artillery, Support::Engineer, Support::Armor];
    let supports = kinds.iter().filter(|&&k| has(k)).count();
    part(
        "Combined Arms",
        i16::from(supports >= 2 && combined_arms_units(rs, a.units)),
    );
    // E: German Morale 9 or lower.
    part("German Morale 9 or lower", i16::from(s.morale <= 9));
    if a.strategy == DefenseStrategy::Mines && !has(Support::Engineer) {
        part("Mines, no Engineer", -2);
    }
}

/// 9.5.3: the Defense Value, Air Support's dice taken off.
pub fn defense_value(rs: &Ruleset, s: &State) -> i16 {
    defense_value_before_air(rs, s) - i16::from(s.attack.air_die)
}

/// 9.5.3 A–C, E: the Defense Value before Air Support's 1d6 (D).
pub fn defense_value_before_air(rs: &Ruleset, s: &State) -> i16 {
    let mut dv = 0;
    defense_value_parts(rs, s, |_, v| dv += v);
    dv
}

/// 9.5.3 A–C, E by name, as `attack_value_parts`.
pub fn defense_value_parts(rs: &Ruleset, s: &State, mut part: impl FnMut(&'static str, i16)) {
    let x = usize::from(s.attack.area);
    let g = rs.germans[usize::from(s.german[x])];
    part("German unit", i16::from(g.defense));
    part("TEM", i16::from(rs.terrain[x].tem()));
    if s.attack.strategy == DefenseStrategy::Strongpoint {
        part("Strongpoint", 2);
    }
    part("German Morale 10 or higher", i16::from(s.morale >= 10));
    part("Rain", 2 * i16::from(s.rain));
}

/// 9.5.1: the dice, one chance node at a time.
pub fn roll(rs: &Ruleset, s: &mut State, r: Roll, value: u8) {
    match r {
        Roll::Attack => {
            s.attack.attack_dice = value;
            s.step = Step::Roll(Roll::Defense);
        }
        Roll::Defense => {
            s.attack.defense_dice = value;
            if s.attack.air_points > 0 {
                s.step = Step::Roll(Roll::Air);
            } else {
                resolve(rs, s);
            }
        }
        // One chance node a die: the step stays until every allotted point is rolled.
        Roll::Air => {
            s.attack.air_die += value;
            s.attack.air_rolled += 1;
            if s.attack.air_rolled == s.attack.air_points {
                resolve(rs, s);
            }
        }
        _ => unreachable!("{r:?} is no combat roll"),
    }
}

/// What an attack came to (9.5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombatResult {
    Repulse,
    Stalemate,
    Success,
    Overrun,
}

/// 9.5.4 on the totals: `difference` is AT − DT, `defense` the printed Defense Factor, and
/// `fanatic` a Fanatic Defense Strategy in effect (a Success becomes a Stalemate, 11.4).
pub fn combat_result(difference: i16, defense: u8, fanatic: bool) -> CombatResult {
    match difference {
        d if d < 0 => CombatResult::Repulse,
        0 => CombatResult::Stalemate,
        _ if fanatic => CombatResult::Stalemate,
        d if d > i16::from(defense) => CombatResult::Overrun,
        _ => CombatResult::Success,
    }
}

/// The dice of an attack (9.5.1, 9.5.3D): 2D6 for each side, and the total of Air Support's
/// dice (0 without Air Support).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombatDice {
    pub attack: u8,
    pub defense: u8,
    pub air: u8,
}

/// 9.5.1–9.5.4 on the values: AT = AV + 2D6, DT = DV − the Air Support dice + 2D6; the result
/// of AT − DT against the revealed unit's printed `defense` (`fanatic`: 11.4).
pub fn combat_outcome(
    av: i16,
    dv: i16,
    dice: CombatDice,
    defense: u8,
    fanatic: bool,
) -> CombatResult {
    let at = av + i16::from(dice.attack);
    let dt = dv - i16::from(dice.air) + i16::from(dice.defense);
    combat_result(at - dt, defense, fanatic)
}

/// What the dice of the attack about to be rolled are added to (9.5.2–9.5.4): the odds
/// before committing come from these and `combat_outcome`, like the roll itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackInputs {
    pub av: i16,
    /// The Defense Value before Air Support's dice.
    pub dv: i16,
    /// The revealed unit's printed Defense Factor.
    pub defense: u8,
    /// Air Support points allotted: a die each (9.5.3D).
    pub air_dice: u8,
    /// 11.4: a Fanatic Defense Strategy turns a Success into a Stalemate.
    pub fanatic: bool,
}

/// The attack's inputs once its Lead Attacking Unit is chosen; `None` before.
pub fn attack_inputs(rs: &Ruleset, s: &State) -> Option<AttackInputs> {
    if !matches!(s.step, Step::Support | Step::Roll(Roll::Attack)) {
        return None;
    }
    let a = &s.attack;
    Some(AttackInputs {
        av: attack_value(rs, s),
        dv: defense_value_before_air(rs, s),
        defense: rs.germans[usize::from(s.german[usize::from(a.area)])].defense,
        air_dice: a.air_points,
        fanatic: a.strategy == DefenseStrategy::Fanatic,
    })
}

/// The result of the attack now rolled; under the reading `overrun = "morale_lowering"` a
/// Suburban Success after the turn's first (which lowers no Morale) is no Overrun (9.5.4).
pub fn result(rs: &Ruleset, s: &State) -> CombatResult {
    let a = &s.attack;
    let dice = CombatDice {
        attack: a.attack_dice,
        defense: a.defense_dice,
        air: a.air_die,
    };
    let defense = rs.germans[usize::from(s.german[usize::from(a.area)])].defense;
    let outcome = combat_outcome(
        attack_value(rs, s),
        defense_value_before_air(rs, s),
        dice,
        defense,
        a.strategy == DefenseStrategy::Fanatic,
    );
    let no_morale = rs.terrain[usize::from(a.area)] == Terrain::Suburban && s.suburban_success;
    if outcome == CombatResult::Overrun && rs.overrun_lowers_morale && no_morale {
        CombatResult::Success
    } else {
        outcome
    }
}

/// One change of German Morale and the rule's reason for it, as the log tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoraleChange {
    pub delta: i8,
    pub cause: &'static str,
}

impl MoraleChange {
    const NONE: MoraleChange = MoraleChange {
        delta: 0,
        cause: "",
    };
}

/// 9.5.4: what the German unit's elimination in Area `x` does to Morale: −1 in a Suburban
/// Area (only the turn's first Suburban Success) or an Urban one, −2 in a Fortified one.
pub fn success_morale(rs: &Ruleset, s: &State, x: u8) -> MoraleChange {
    let (delta, cause) = match rs.terrain[usize::from(x)] {
        Terrain::Suburban if !s.suburban_success => (-1, "the turn's first Suburban Success"),
        Terrain::Suburban => (0, "a Suburban Success after the turn's first lowers none"),
        Terrain::Urban => (-1, "an Urban Success"),
        Terrain::Fortified => (-2, "a Fortified Success"),
        _ => return MoraleChange::NONE,
    };
    MoraleChange { delta, cause }
}

/// 9.5.4: the Morale changes of `outcome`: a Success's (or Overrun's) by terrain, +1 on a
/// Repulse, and under the reconstructed Counterattack strategy +1 more on a Repulse or
/// Stalemate.
pub fn result_morale(rs: &Ruleset, s: &State, outcome: CombatResult) -> [MoraleChange; 2] {
    let counterattack = match s.attack.strategy {
        DefenseStrategy::Counterattack => MoraleChange {
            delta: 1,
            cause: "the Counterattack strategy",
        },
        _ => MoraleChange::NONE,
    };
    match outcome {
        CombatResult::Repulse => {
            let repulse = MoraleChange {
                delta: 1,
                cause: "a Repulse",
            };
            [repulse, counterattack]
        }
        CombatResult::Stalemate => [counterattack, MoraleChange::NONE],
        CombatResult::Success | CombatResult::Overrun => {
            [success_morale(rs, s, s.attack.area), MoraleChange::NONE]
        }
    }
}

/// 9.5.4: apply the result.
fn resolve(rs: &Ruleset, s: &mut State) {
    let a = s.attack;
    let outcome = result(rs, s);
    let [first, second] = result_morale(rs, s, outcome);
    let morale = first.delta + second.delta;
    match outcome {
        CombatResult::Repulse => {
            out_of_action(rs, s, a.lead);
            let rest = a.units & !(1 << a.lead);
            s.fresh &= !rest;
            s.change_morale(morale);
            let entered = moved_in(s, rest);
            if a.mandatory {
                finish(rs, s, entered, 0);
            } else {
                finish(rs, s, 0, entered);
            }
        }
        CombatResult::Stalemate => {
            s.fresh &= !a.units;
            s.change_morale(morale);
            finish(rs, s, 0, moved_in(s, a.units));
        }
        CombatResult::Success => {
            s.fresh &= !a.units;
            eliminate_german(rs, s, a.area);
            finish(rs, s, 0, 0);
        }
        CombatResult::Overrun => {
            // The attackers remain Fresh and may act again in a later Action Round.
            eliminate_german(rs, s, a.area);
            finish(rs, s, 0, 0);
        }
    }
}

/// 9.5.4 Success: the unit is gone, and Morale falls by terrain (`success_morale`).
fn eliminate_german(rs: &Ruleset, s: &mut State, x: u8) {
    let change = success_morale(rs, s, x);
    s.set_german(x, NONE);
    s.change_morale(change.delta);
    s.suburban_success |= rs.terrain[usize::from(x)] == Terrain::Suburban;
}

/// The units of `units` that moved into the attacked Area (not those of the Active Area).
fn moved_in(s: &State, units: UnitMask) -> UnitMask {
    if s.attack.area == s.activation.area {
        0
    } else {
        units & s.units_in(s.attack.area)
    }
}

/// 3.4: a unit selected for loss goes to the Out of Action Box; a Leader's fate is rolled
/// next Dawn (6.1.2).
pub fn out_of_action(rs: &Ruleset, s: &mut State, u: u8) {
    s.set_loc(rs, u, OUT_OF_ACTION);
    s.fresh &= !(1 << u);
    s.attack.units &= !(1 << u);
    s.activation.pending &= !(1 << u);
    s.activation.waiting &= !(1 << u);
    if rs.unit(u).is_leader() {
        s.leaders_hit |= 1 << u;
    }
}

/// The combat is over: retreats, if any, then back to the activation.
fn finish(rs: &Ruleset, s: &mut State, must: UnitMask, may: UnitMask) {
    s.must_retreat = must;
    s.may_retreat = may;
    s.step = Step::Retreat;
    next_retreat(rs, s);
}

/// 9.5.5: the Areas unit `u` may retreat to: the one it entered from, or, if that is fully
/// stacked, on to "another Area that is not fully stacked" (and holds no German unit),
/// through as many fully stacked Vacant Areas as it takes (7.1: "They may, however, retreat
/// through a fully stacked Area"): the open Areas next to the full ones it passes.
fn retreat_areas(rs: &Ruleset, s: &State, u: u8) -> u32 {
    let from = s.from[usize::from(u)];
    if from == NONE {
        return 0;
    }
    if has_room(rs, s, from, 1 << u) {
        return 1 << from;
    }
    let vacant = !s.german_areas() & !s.area_mask_of(u);
    let (mut through, mut open) = (1u32 << from, 0u32);
    let mut frontier = through;
    while frontier != 0 {
        let mut full = 0;
        for b in bits(u64::from(rs.expand(frontier) & vacant & !through & !open)) {
            if has_room(rs, s, b, 1 << u) {
                open |= 1 << b;
            } else {
                full |= 1 << b;
            }
        }
        through |= full;
        frontier = full;
    }
    open
}

/// Units retreat one at a time (9.5.5), lowest first; one with nowhere to go is lost, and
/// one that must retreat with one Area to go to goes there (no choice to make).
fn next_retreat(rs: &Ruleset, s: &mut State) {
    loop {
        let all = s.must_retreat | s.may_retreat;
        if all == 0 {
            s.attack = Default::default();
            s.step = Step::Activation;
            end_activation_if_done(rs, s);
            return;
        }
        let u = all.trailing_zeros() as u8;
        let areas = retreat_areas(rs, s, u);
        let must = s.must_retreat & 1 << u != 0;
        match (areas.count_ones(), must) {
            (0, true) => out_of_action(rs, s, u),
            (0, false) => {}
            (1, true) => fall_back(rs, s, u, areas.trailing_zeros() as u8),
            _ => return,
        }
        s.must_retreat &= !(1 << u);
        s.may_retreat &= !(1 << u);
    }
}

pub fn retreat_actions(rs: &Ruleset, s: &State, out: &mut Vec<Action>) {
    let u = (s.must_retreat | s.may_retreat).trailing_zeros() as u8;
    for to in bits(u64::from(retreat_areas(rs, s, u))) {
        out.push(Action::Retreat { unit: u, to });
    }
    if s.must_retreat & 1 << u == 0 {
        out.push(Action::Stay);
    }
}

pub fn retreat(rs: &Ruleset, s: &mut State, u: u8, to: u8) {
    fall_back(rs, s, u, to);
    s.must_retreat &= !(1 << u);
    s.may_retreat &= !(1 << u);
    next_retreat(rs, s);
}

/// 9.5.5: unit `u` moves back to Area `to`.
fn fall_back(rs: &Ruleset, s: &mut State, u: u8, to: u8) {
    s.set_loc(rs, u, to);
    s.from[usize::from(u)] = NONE;
}

/// The unit that may retreat voluntarily stays.
pub fn stay(rs: &Ruleset, s: &mut State) {
    let u = (s.must_retreat | s.may_retreat).trailing_zeros() as u8;
    s.may_retreat &= !(1 << u);
    next_retreat(rs, s);
}

/// 9.5.2D's units for the Combined Arms Bonus: "an Armor or Infantry unit" (the default
/// reading), or, reading 4.2.1 and 4.2.3 ("an Armor unit is required", "an Infantry unit is
/// required") together, an Armor unit and an Infantry unit — two units, a Halftrack filling
/// either role (4.2.2) but not both.
fn combined_arms_units(rs: &Ruleset, units: u32) -> bool {
    let is = |f: fn(&super::ruleset::American) -> bool| {
        bits(u64::from(units))
            .filter(|&u| f(rs.unit(u)))
            .fold(0u32, |m, u| m | 1 << u)
    };
    let (armor, infantry) = (is(|k| k.is_armor()), is(|k| k.is_infantry()));
    if rs.combined_arms_needs_both {
        armor != 0 && infantry != 0 && (armor | infantry).count_ones() >= 2
    } else {
        armor | infantry != 0
    }
}
