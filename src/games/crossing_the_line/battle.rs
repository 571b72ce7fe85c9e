//! The Combat Action (7.5) in play: declaration, the attackers, chits and die as chance, and
//! the results applied defender first through the pure steps of `combat`, then Battle Victory.
//!
//! The owner's choices are asked: which unit takes each SP loss among those the even spread
//! allows (7.5.2 steps 1 and 4), retreat or loss, and where to retreat.

use super::action::Action;
use super::charts::{CombatResult, Hits};
use super::combat::{
    self, attacked_hexside, battle_victory, AfterLosses, AttackKind, Battle, Combatant,
    DefenseKind, Role, SecondHit, Stack, SupportHexes,
};
use super::command::{self, Standing};
use super::control::HexSet;
use super::movement;
use super::ops;
use super::readings;
use super::ruleset::Ruleset;
use super::side::Side;
use super::stacking;
use super::state::{
    bits, on_map, AfterOverstack, CheckKind, Fight, Formations, Pending, State, Step, Units,
    MAX_UNITS,
};
use super::victory;

const KINDS: [AttackKind; 3] = [AttackKind::Hasty, AttackKind::Regular, AttackKind::Prepared];

/// The units of the active side in `h` that may attack now: acting, undisrupted (5.6.3).
fn eligible(rs: &Ruleset, s: &State, h: u16) -> Units {
    let side = s.act().side;
    bits(s.units_at(rs, side, h))
        .filter(|&u| ops::acts_now(s, u) && !s.is_disrupted(u))
        .fold(0, |m, u| m | 1 << u)
}

/// Whether `u` may join an attack of `kind`: Out of Command and Isolated units only in a Hasty
/// Attack, at double cost (5.8.3).
fn may_join(rs: &Ruleset, s: &State, standing: &Standing, kind: AttackKind, u: usize) -> bool {
    let base = kind.ap_cost(&rs.charts.ap_costs);
    if standing.in_command & (1 << u) != 0 {
        return ops::available(s, 1 << u) >= base;
    }
    kind == AttackKind::Hasty && ops::available(s, 1 << u) >= rs.charts.ap_cost(base, false)
}

/// 7.5: every declarable attack: from a hex with eligible units into an adjacent hex with
/// enemy combat units, of each kind some unit may make.
pub fn attack_actions(rs: &Ruleset, s: &State, standing: &Standing, out: &mut impl FnMut(Action)) {
    let side = s.act().side;
    let enemy = &s.occupied[side.other().index()];
    let mut done = HexSet::EMPTY;
    for u in bits(rs.side_units[side.index()]) {
        let from = s.hex[u];
        if !on_map(from) || done.contains(usize::from(from)) || !ops::acts_now(s, u) {
            continue;
        }
        done.insert(usize::from(from));
        let units = eligible(rs, s, from);
        if units == 0 {
            continue;
        }
        for target in rs
            .neighbours(from)
            .filter(|&n| enemy.contains(usize::from(n)))
        {
            for kind in KINDS {
                if bits(units).any(|v| may_join(rs, s, standing, kind, v)) {
                    out(Action::Attack { from, target, kind });
                }
            }
        }
    }
}

/// 7.5 step A: the attack is declared; the attacker picks its units unless only one may go.
pub fn declare(rs: &Ruleset, s: &mut State, from: u16, target: u16, kind: AttackKind) {
    let side = s.act().side;
    let defenders = s.units_at(rs, side.other(), target);
    s.fight.from = from;
    s.fight.target = target;
    s.fight.attack = kind;
    s.fight.attackers = 0;
    s.fight.defenders = defenders;
    // 7.7, 5.6.3: Improved Defense holds if the whole stack is under the marker, undisrupted.
    s.fight.defense = if defenders & !s.improved == 0 && defenders & s.disrupted == 0 {
        DefenseKind::Improved
    } else {
        DefenseKind::Regular
    };
    s.fight.taken = [0; MAX_UNITS];
    s.fight.eliminated = [0; 2];
    s.fight.failed = 0;
    s.revealed |= defenders; // 5.3.4: the attacker examines the defending stack.
    let standing = command::standing(rs, s, eligible(rs, s, from));
    let candidates = joinable(rs, s, &standing);
    if candidates.count_ones() == 1 {
        s.fight.attackers = candidates;
        close_attackers(rs, s);
    } else {
        s.step = Step::Attackers;
    }
}

fn joinable(rs: &Ruleset, s: &State, standing: &Standing) -> Units {
    bits(eligible(rs, s, s.fight.from) & !s.fight.attackers)
        .filter(|&u| may_join(rs, s, standing, s.fight.attack, u))
        .filter(|&u| {
            // Out-of-command units join only if the doubled cost is still affordable.
            let all = s.fight.attackers | 1 << u;
            ops::available(s, all) >= attack_cost(rs, s, standing, all)
        })
        .fold(0, |m, u| m | 1 << u)
}

fn attack_cost(rs: &Ruleset, s: &State, standing: &Standing, units: Units) -> u8 {
    movement::action_cost(
        rs,
        standing,
        s.fight.attack.ap_cost(&rs.charts.ap_costs),
        units,
    )
}

pub fn attackers_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let standing = command::standing(rs, s, eligible(rs, s, s.fight.from));
    for u in bits(joinable(rs, s, &standing)) {
        out(Action::AddAttacker(u as u8));
    }
    if s.fight.attackers != 0 {
        out(Action::Resolve);
    }
}

/// The AP the attack by the units chosen so far costs (7.5, doubled Out of Command).
pub fn resolve_cost(rs: &Ruleset, s: &State) -> u8 {
    let standing = command::standing(rs, s, s.fight.attackers);
    attack_cost(rs, s, &standing, s.fight.attackers)
}

/// The attackers are chosen: pay, lift Improved Defense from their hex (7.7), and let the
/// isolated ones check (5.8.4).
pub fn close_attackers(rs: &Ruleset, s: &mut State) {
    let cost = resolve_cost(rs, s);
    ops::pay(s, cost, s.fight.attackers);
    s.revealed |= s.fight.attackers; // 5.3.4 (decided): the attacking units are shown too.
    stacking::lift_improved_defense(rs, s, s.fight.from);
    s.pending = Pending::Attack;
    movement::check_isolated_then_go(rs, s);
}

/// 7.5.1.1: one chit for each side from one cup, without replacement; returned afterwards.
pub fn chit_outcomes(rs: &Ruleset, out: &mut Vec<(Action, u32)>) {
    for (a, d, w) in rs.charts.chit_pairs() {
        out.push((Action::Chits(a as u8, d as u8), w));
    }
}

pub fn draw_chits(s: &mut State, a: u8, d: u8) {
    s.fight.chits = [a, d];
    s.step = Step::CombatDie;
}

/// The combat view of `units` (7.5).
pub(super) fn stack(rs: &Ruleset, s: &State, units: Units) -> Stack {
    let mut list = [None; combat::MAX_STACK];
    for (slot, u) in list.iter_mut().zip(bits(units)) {
        *slot = Some(Combatant::new(
            &rs.unit(u).def,
            s.strength[u],
            s.is_disrupted(u),
        ));
    }
    Stack { units: list }
}

/// The unit in `slot` of `stack(units)`.
fn unit_in_slot(units: Units, slot: usize) -> usize {
    bits(units).nth(slot).expect("a slot of the stack")
}

/// 7.5.1.2 B: the hexes next to `enemy_hex` (other than `own_hex`) holding a `side` combat unit
/// that projects a ZOC into it and is In Command; same formation as `formations`, or other.
/// AMBIG-20: units in the attacking hex that do not attack do not support; a defending stack of
/// several formations counts each of them as "same". `in_command` answers for one unit (the
/// scripted bot's estimate assumes it).
pub fn support_hexes(
    rs: &Ruleset,
    s: &State,
    (side, enemy_hex, own_hex): (Side, u16, u16),
    formations: Formations,
    in_command: impl Fn(usize) -> bool,
) -> SupportHexes {
    let mut out = SupportHexes::default();
    for n in rs.neighbours(enemy_hex).filter(|&n| n != own_hex) {
        if !s.occupied[side.index()].contains(usize::from(n)) {
            continue;
        }
        let (mut same, mut other) = (false, false);
        for u in bits(s.units_at(rs, side, n) & !s.disrupted) {
            let mut zoc = HexSet::EMPTY;
            rs.zoc_of(n, rs.unit(u).class, &mut zoc);
            if !zoc.contains(usize::from(enemy_hex)) || !in_command(u) {
                continue;
            }
            if formations & (1 << s.formation[u]) != 0 {
                same = true;
            } else {
                other = true;
            }
        }
        if same {
            out.same_formation += 1;
        } else if other {
            out.other_formation += 1;
        }
    }
    out
}

/// The formations of `units`, as a mask.
pub fn formations_of(s: &State, units: Units) -> Formations {
    bits(units).fold(0, |m, u| m | 1 << s.formation[u])
}

/// The declared combat as the DRMs and strengths read it (7.5.1).
pub fn battle(rs: &Ruleset, s: &State) -> Battle {
    let f = &s.fight;
    let side = rs.unit(bits(f.attackers).next().unwrap_or(0)).side;
    let dir = rs.direction(f.from, f.target).unwrap_or(0);
    let attacking = formations_of(s, f.attackers);
    let hq = bits(f.attackers).next().map_or(0, |u| s.formation[u]);
    let in_command = |u| command::in_command(rs, s, u);
    Battle {
        attackers: stack(rs, s, f.attackers),
        defenders: stack(rs, s, f.defenders),
        attack: f.attack,
        defense: f.defense,
        terrain: rs.terrain(f.target),
        hexside: attacked_hexside(&rs.charts, rs.hexside(f.from, dir)),
        attacker_support: support_hexes(rs, s, (side, f.target, f.from), attacking, in_command),
        defender_support: support_hexes(
            rs,
            s,
            (side.other(), f.from, f.target),
            formations_of(s, f.defenders),
            in_command,
        ),
        attacker_in_command: bits(f.attackers).all(|u| command::in_command(rs, s, u)),
        hq_support_points: s.support[usize::from(hq)],
    }
}

/// 7.5.1 steps C–E: strengths, odds, DRMs, the die; then the results, defender first.
pub fn roll(rs: &Ruleset, s: &mut State, die: u8) {
    s.fight.result = die_result(rs, s, die);
    apply_results(rs, s);
}

/// 7.5.1.2: the CRT result combat die `die` gives the pending battle.
pub fn die_result(rs: &Ruleset, s: &State, die: u8) -> CombatResult {
    let b = battle(rs, s);
    let chits = [usize::from(s.fight.chits[0]), usize::from(s.fight.chits[1])];
    let (attack, defense) = b.battle_strengths(&rs.charts, chits);
    let drm = combat::combat_drm(&rs.charts, &b).total();
    let line = rs.charts.terrain_line(b.terrain);
    rs.charts.resolve(line, attack, defense, die, drm)
}

/// 7.5.2: `s.fight.result` applied, the defender's part first.
pub fn apply_results(rs: &Ruleset, s: &mut State) {
    s.fight.applying = Role::Defender;
    apply_side(rs, s);
}

fn participants(s: &State, role: Role) -> Units {
    bits(involved(s, role))
        .filter(|&u| on_map(s.hex[u]))
        .fold(0, |m, u| m | 1 << u)
}

fn hits(s: &State, role: Role) -> Hits {
    match role {
        Role::Attacker => s.fight.result.attacker,
        Role::Defender => s.fight.result.defender,
    }
}

/// The side owning the units whose results are being applied.
pub fn applying_side(rs: &Ruleset, s: &State) -> Side {
    let attacker = rs.unit(bits(s.fight.attackers).next().unwrap_or(0)).side;
    match s.fight.applying {
        Role::Attacker => attacker,
        Role::Defender => attacker.other(),
    }
}

/// 7.5.2 steps 1–2 for the side being applied.
fn apply_side(rs: &Ruleset, s: &mut State) {
    let role = s.fight.applying;
    let units = participants(s, role);
    if units == 0 || hits(s, role).hits == 0 {
        return next_side(rs, s);
    }
    // Step 1: the first SP goes to the Armor Superiority unit (AMBIG-16), else the owner's pick.
    let st = stack(rs, s, units);
    match combat::first_loss_unit(&st, role) {
        Some(slot) => {
            let u = unit_in_slot(units, slot);
            s.fight.taken[u] += 1;
            take(rs, s, u, 1);
            red_check(rs, s);
        }
        None => distribute(rs, s, 1, AfterLosses::RedCheck),
    }
}

/// Step 2: a red result makes every unit left take an EC: those of the defending hex, and of
/// the attacking hex those that attacked or (the reading `red_result_attacker_checks`,
/// AMBIG-18) every unit there.
fn red_check(rs: &Ruleset, s: &mut State) {
    let role = s.fight.applying;
    let alive = participants(s, role);
    if hits(s, role).red && alive != 0 {
        let whole_hex = role == Role::Attacker
            && rs
                .charts
                .readings
                .is(&readings::RED_RESULT_ATTACKER_CHECKS, "whole_hex");
        let bystanders = if whole_hex {
            s.units_at(rs, applying_side(rs, s), s.fight.from)
        } else {
            0
        };
        s.fight.failed = 0;
        s.queue = alive | bystanders;
        s.step = Step::Check(CheckKind::Combat);
        return;
    }
    second_hit_stage(rs, s);
}

/// `n` SP losses spread evenly (step 4), each on the unit the owner picks among those the
/// spread allows; a single candidate takes it without asking.
fn distribute(rs: &Ruleset, s: &mut State, n: u8, then: AfterLosses) {
    s.fight.owed = n;
    s.fight.after_losses = then;
    distribute_owed(rs, s);
}

fn distribute_owed(rs: &Ruleset, s: &mut State) {
    while s.fight.owed > 0 {
        let candidates = loss_candidates(rs, s);
        match candidates.count_ones() {
            0 => s.fight.owed = 0, // losses past every unit's elimination are void
            1 => lose_sp(rs, s, candidates.trailing_zeros() as usize),
            _ if static_owner(rs, s) => lose_sp(rs, s, strongest(s, candidates)),
            _ => {
                s.step = Step::SpLoss;
                return;
            }
        }
    }
    match s.fight.after_losses {
        AfterLosses::RedCheck => red_check(rs, s),
        AfterLosses::Retreat(second) => retreat_or_next(rs, s, second),
    }
}

/// The units of the side being applied that may take the next SP loss: none may take two
/// before every other has taken one (step 4, counting this combat's hit losses).
fn loss_candidates(rs: &Ruleset, s: &State) -> Units {
    let units = participants(s, s.fight.applying);
    let strengths = stack(rs, s, units).strengths();
    let mut taken = [0u8; combat::MAX_STACK];
    for (slot, u) in bits(units).take(combat::MAX_STACK).enumerate() {
        taken[slot] = s.fight.taken[u];
    }
    let open = combat::loss_candidates(strengths, taken);
    (0..combat::MAX_STACK)
        .filter(|&slot| open[slot])
        .fold(0, |m, slot| m | 1 << unit_in_slot(units, slot))
}

/// 10.1: the static Germans of First Blood are no player; their losses go by the doctrine's
/// rule, the strongest unit first (the first of equals), which keeps units on the map longest.
fn static_owner(rs: &Ruleset, s: &State) -> bool {
    rs.kind.is_static(applying_side(rs, s))
}

fn strongest(s: &State, units: Units) -> usize {
    bits(units)
        .min_by_key(|&u| std::cmp::Reverse(s.strength[u]))
        .expect("a candidate")
}

fn lose_sp(rs: &Ruleset, s: &mut State, u: usize) {
    s.fight.taken[u] += 1;
    s.fight.owed -= 1;
    take(rs, s, u, 1);
}

pub fn sp_loss_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    for u in bits(loss_candidates(rs, s)) {
        out(Action::SpLoss(u as u8));
    }
}

/// The owner's pick of the unit taking the next SP loss.
pub fn sp_loss(rs: &Ruleset, s: &mut State, u: u8) {
    lose_sp(rs, s, usize::from(u));
    distribute_owed(rs, s);
}

/// An SP loss in this combat; eliminations are remembered for Battle Victory.
fn take(rs: &Ruleset, s: &mut State, u: usize, n: u8) {
    stacking::lose(rs, s, u, n);
    if !on_map(s.hex[u]) {
        let role = usize::from(s.fight.applying == Role::Defender);
        s.fight.eliminated[role] |= 1 << u;
    }
}

/// 7.5.2 step 2: a unit's EC on a red result; a failure disrupts (or costs an SP, 5.6.2). A
/// unit of the attacking hex that did not attack (AMBIG-18's `whole_hex`) is no part of the
/// combat's losses or its retreat.
pub fn combat_check(rs: &Ruleset, s: &mut State, u: usize, passed: bool) {
    if passed {
        return;
    }
    let involved = involved(s, s.fight.applying) & 1 << u != 0;
    if involved {
        s.fight.failed |= 1 << u;
    }
    match (s.is_disrupted(u), involved) {
        (true, true) => take(rs, s, u, 1),
        (true, false) => stacking::lose(rs, s, u, 1),
        (false, _) => stacking::disrupt(rs, s, u),
    }
}

/// The units that took part in the combat on `role`'s side, eliminated ones included.
fn involved(s: &State, role: Role) -> Units {
    match role {
        Role::Attacker => s.fight.attackers,
        Role::Defender => s.fight.defenders,
    }
}

/// 7.5.2 step 3: after the checks, the 2nd hit.
pub fn second_hit_stage(rs: &Ruleset, s: &mut State) {
    let role = s.fight.applying;
    if hits(s, role).hits < 2 || participants(s, role) == 0 {
        return further(rs, s, None);
    }
    if s.fight.failed != 0 {
        return further(rs, s, Some(SecondHit::ForcedRetreat));
    }
    // 10.1: the static Germans never retreat voluntarily.
    if static_owner(rs, s) || retreat_hexes(rs, s, false).0 == 0 {
        return further(rs, s, Some(SecondHit::Loss));
    }
    s.step = Step::SecondHit;
}

pub fn second_hit_actions(out: &mut impl FnMut(Action)) {
    out(Action::RetreatInstead);
    out(Action::TakeLoss);
}

/// 7.5.2 steps 3–4: the further SP losses spread evenly, then the retreat if any.
pub fn further(rs: &Ruleset, s: &mut State, second: Option<SecondHit>) {
    let role = s.fight.applying;
    let n = combat::further_losses(hits(s, role).hits, second);
    if n > 0 && participants(s, role) != 0 {
        return distribute(rs, s, n, AfterLosses::Retreat(second));
    }
    retreat_or_next(rs, s, second);
}

fn retreat_or_next(rs: &Ruleset, s: &mut State, second: Option<SecondHit>) {
    // 7.5.2: a stack its losses eliminated has no unit left to retreat.
    if participants(s, s.fight.applying) == 0 {
        return next_side(rs, s);
    }
    match second {
        Some(SecondHit::ForcedRetreat) => start_retreat(rs, s, true),
        Some(SecondHit::VoluntaryRetreat) => start_retreat(rs, s, false),
        _ => next_side(rs, s),
    }
}

/// 7.5.2 Retreat: the hexes the stack may retreat to (a mask over the 6 directions) and
/// whether they are in an EZOC. One hex, never into enemy units, across the Roer or off the
/// area (`stacking::forced_into`, as a displacement); into an EZOC only in a forced retreat, and only if no other hex is open. Among the
/// open hexes the stack must take those nearest a hex adjacent to a friendly supply area
/// (AMBIG-35: by hexes through the area, even if no nearer than where it stands).
fn retreat_hexes(rs: &Ruleset, s: &State, forced: bool) -> (u8, bool) {
    let side = applying_side(rs, s);
    let from = hex_of_role(s, s.fight.applying);
    let enemy = side.other().index();
    let dist = &rs.supply_distance[side.index()];
    let mut best: [(u8, u8); 2] = [(0, u8::MAX); 2]; // per in-EZOC: (mask, distance)
    for dir in 0..6 {
        let Some(n) = stacking::forced_into(rs, s, side, from, dir) else {
            continue;
        };
        let z = usize::from(s.zoc[enemy].contains(usize::from(n)));
        let d = dist[usize::from(n)];
        if d < best[z].1 {
            best[z] = (1 << dir, d);
        } else if d == best[z].1 {
            best[z].0 |= 1 << dir;
        }
    }
    if best[0].0 != 0 {
        (best[0].0, false)
    } else if forced {
        (best[1].0, true)
    } else {
        (0, false)
    }
}

fn hex_of_role(s: &State, role: Role) -> u16 {
    match role {
        Role::Attacker => s.fight.from,
        Role::Defender => s.fight.target,
    }
}

fn start_retreat(rs: &Ruleset, s: &mut State, forced: bool) {
    s.fight.forced = forced;
    let (dirs, _) = retreat_hexes(rs, s, forced);
    let owner_static = static_owner(rs, s);
    match dirs.count_ones() {
        0 => {
            // A forced retreat that is impossible: +2 SP a unit, and the units stay.
            for u in bits(participants(s, s.fight.applying)) {
                take(
                    rs,
                    s,
                    u,
                    combat::retreat_extra_losses(
                        SecondHit::ForcedRetreat,
                        combat::RetreatEnd::Impossible,
                    ),
                );
            }
            next_side(rs, s);
        }
        1 => retreat_dir(rs, s, dirs.trailing_zeros() as usize),
        _ if owner_static => retreat_dir(rs, s, dirs.trailing_zeros() as usize),
        _ => s.step = Step::Retreat,
    }
}

pub fn retreat_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let (dirs, _) = retreat_hexes(rs, s, s.fight.forced);
    let from = hex_of_role(s, s.fight.applying);
    for dir in bits(Units::from(dirs)) {
        out(Action::RetreatTo(rs.neighbour(from, dir)));
    }
}

pub fn retreat_to(rs: &Ruleset, s: &mut State, to: u16) {
    let from = hex_of_role(s, s.fight.applying);
    let dir = rs
        .direction(from, to)
        .expect("a retreat goes to an adjacent hex");
    retreat_dir(rs, s, dir);
}

fn retreat_dir(rs: &Ruleset, s: &mut State, dir: usize) {
    let (_, into_ezoc) = retreat_hexes(rs, s, s.fight.forced);
    let role = s.fight.applying;
    let from = hex_of_role(s, role);
    let to = rs.neighbour(from, dir);
    let units = participants(s, role);
    for u in bits(units) {
        s.hex[u] = to;
    }
    s.improved &= !units;
    s.revealed &= !units; // 5.3.4: a stack that moves is seen afresh.
    s.refresh(rs);
    stacking::lift_improved_defense(rs, s, to);
    if into_ezoc {
        for u in bits(units) {
            take(
                rs,
                s,
                u,
                combat::retreat_extra_losses(
                    SecondHit::ForcedRetreat,
                    combat::RetreatEnd::IntoEzoc,
                ),
            );
        }
    }
    let side = applying_side(rs, s);
    if stacking::resolve_overstack(rs, s, to, side, AfterOverstack::Retreat) {
        next_side(rs, s);
    }
}

/// Defender done: the attacker's results; attacker done: Battle Victory (7.5.3).
pub fn next_side(rs: &Ruleset, s: &mut State) {
    s.fight.failed = 0;
    if s.fight.applying == Role::Defender {
        s.fight.applying = Role::Attacker;
        return apply_side(rs, s);
    }
    end_battle(rs, s);
}

/// 7.5.3: the side with fewer hits wins 1 bonus AP for its involved units In Command; the
/// static Germans of 10.1 never win it. HQs left alone are displaced (7.5).
fn end_battle(rs: &Ruleset, s: &mut State) {
    stacking::displace_lone_hq_at(rs, s, s.fight.target);
    stacking::displace_lone_hq_at(rs, s, s.fight.from);
    if s.displacing != 0 {
        // 5.3.2: the owners place them first.
        s.step = Step::HqDisplacement { after_battle: true };
        return;
    }
    finish_battle(rs, s);
}

/// The battle is over and its displaced HQs placed: Battle Victory (7.5.3).
pub fn finish_battle(rs: &Ruleset, s: &mut State) {
    let f = s.fight;
    let defender_side = rs.unit(bits(f.attackers).next().unwrap_or(0)).side.other();
    victory::update_control(rs, s);
    s.pending = Pending::None;
    let winner = battle_victory(
        f.result.attacker.hits,
        f.result.defender.hits,
        participants(s, Role::Attacker) == 0,
        participants(s, Role::Defender) == 0,
    );
    // The winner's involved units In Command, of any formation (AMBIG-19: a defender of mixed
    // formations gets one bonus activation for them all).
    let units = winner.map_or(0, |role| {
        command::in_command_units(rs, s, participants(s, role))
    });
    s.fight = Fight::NONE;
    match winner {
        Some(Role::Attacker) => {
            if units != 0 {
                let act = s.act_mut();
                act.bonus = 1;
                act.bonus_units = units;
            }
            ops::after_action(rs, s);
        }
        // 7.5.3: every defender's win gets its bonus, however long the chain (`begin_bonus`).
        Some(Role::Defender) if !rs.kind.is_static(defender_side) && units != 0 => {
            ops::begin_bonus(s, defender_side, units)
        }
        _ => ops::after_action(rs, s),
    }
}
