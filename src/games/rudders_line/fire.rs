//! Fire support: Indirect Fire (7.x) by FOs and mortars, interdiction markers (8.1), and
//! Direct Fire (9.x) by machine guns and shoulder-fired weapons.

use super::action::Action;
use super::combat;
use super::data::{PersonnelKind, Side, WeaponKind};
use super::ruleset::{bits, unit_bits, Ruleset};
use super::state::{AttackKind, Roll, State, Step, NONE};

/// Range in areas of a mortar (7.31): light (yellow) 2, medium (red) 4.
fn mortar_range(kind: WeaponKind) -> u8 {
    match kind {
        WeaponKind::LightMortar => 2,
        WeaponKind::MediumMortar => 4,
        _ => 0,
    }
}

/// A weapon's side is its carrier's: captured weapons are used normally (2.65).
fn fireable_by(rs: &Ruleset, s: &State, w: u8, side: Side) -> Option<u8> {
    let carrier = s.unit(w).link;
    let ok = carrier != NONE
        && !s.is_spent(w)
        && rs.info(carrier).side == side
        && (rs.spent_carriers_fire || !s.is_spent(carrier))
        && rs.released(carrier, s.turn)
        && !rs.is_landing_craft(s.loc(carrier));
    ok.then_some(carrier)
}

/// 7.32: the areas `side` may fire Indirect Fire at: those with enemy personnel, and (for
/// artillery and medium mortars, which interdict) empty ones; never an area of friendly
/// personnel only, never a Landing Craft box.
fn indirect_targets(rs: &Ruleset, s: &State, side: Side, interdicts: bool) -> u64 {
    let enemy = s.present[side.enemy().index()];
    let empty = !enemy & !s.present[side.index()];
    let t = if interdicts { enemy | empty } else { enemy };
    t & rs.all_areas & !rs.landing_craft
}

/// 7.31: whether released personnel unit `u` may spot though spent: only a squad ("These
/// units may not spot if already spent" names the NCO, BAR Gunner, FO and Weapons Team;
/// "Squads are NOT flipped and may spot freely").
fn may_spot_spent(rs: &Ruleset, u: u8) -> bool {
    rs.squads & (1 << u) != 0
}

/// 7.31: areas friendly units can spot into: in or next to a released personnel unit that is
/// fresh or a squad, or an area one of its units already spots into this phase.
fn spotted_areas(rs: &Ruleset, s: &State, side: Side) -> u64 {
    let held = rs.held_back[usize::from(s.turn).min(31)];
    let mut m = 0;
    for u in unit_bits(rs.side_units[side.index()] & rs.personnel & !held) {
        let loc = s.loc(u);
        if loc < 64 && (!s.is_spent(u) || may_spot_spent(rs, u)) {
            m |= rs.adjacent[usize::from(loc)] | (1 << loc);
        }
        let spots = s.unit(u).spots;
        if loc < 64 && spots != NONE {
            m |= 1 << spots;
        }
    }
    m
}

/// The areas a mortar at `from` may fire at (7.31): adjacent ones freely, those up to its
/// range only where spotted. Never its own area.
fn mortar_targets(rs: &Ruleset, s: &State, side: Side, w: u8, spotted: u64) -> u64 {
    let Some(kind) = rs.weapon_kind(w) else {
        return 0;
    };
    let from = usize::from(s.loc(w));
    let range = usize::from(mortar_range(kind));
    let targets = indirect_targets(rs, s, side, kind == WeaponKind::MediumMortar);
    let adjacent = rs.adjacent[from];
    (adjacent | (rs.within[from][range] & spotted)) & targets
}

/// FOs able to call in artillery (7.31): fresh, released, not in a Landing Craft box.
fn ready_fos<'a>(rs: &'a Ruleset, s: &'a State, side: Side) -> impl Iterator<Item = u8> + 'a {
    let held = rs.held_back[usize::from(s.turn).min(31)];
    unit_bits(rs.fos & rs.side_units[side.index()] & !held).filter(move |&u| {
        let loc = s.loc(u);
        loc < 64 && !s.is_spent(u) && !rs.is_landing_craft(loc)
    })
}

/// Mortars `side` may fire (carried by a fresh released unit of his, unfired).
fn ready_mortars<'a>(rs: &'a Ruleset, s: &'a State, side: Side) -> impl Iterator<Item = u8> + 'a {
    unit_bits(rs.mortars).filter(move |&w| fireable_by(rs, s, w, side).is_some())
}

/// 7.31: spotters for a mortar attack on `target` beyond adjacent range: friendly personnel
/// in or adjacent to it, fresh or squads, or a unit already spotting into that area this phase ("it
/// may spot for mortars from more than one area, as long as the attacks are made against ONE
/// area"). Squads that are alike are offered once: under `squad_spotting = "free"` every squad
/// (none is spent or bound), under "one_area" those already spotting into `target`; any other
/// squad is offered, since which one spots decides which areas the rest may still spot into.
fn spotters(rs: &Ruleset, s: &State, side: Side, target: u8, emit: &mut impl FnMut(u8)) {
    let near = rs.adjacent[usize::from(target)] | (1 << target);
    let mut alike_done = false;
    for u in unit_bits(rs.side_units[side.index()] & rs.personnel) {
        let loc = s.loc(u);
        if loc >= 64 || near & (1 << loc) == 0 {
            continue;
        }
        let spots = s.unit(u).spots;
        // 7.31 squad_spotting: a squad spots into ONE area ("one_area") or any number ("free").
        let free = rs.squads_spot_freely && rs.squads & (1 << u) != 0;
        if spots != NONE && spots != target && !free {
            continue; // 7.31: it spots into ONE area
        }
        let is_current = spots == target;
        let barred = s.is_spent(u) && !is_current && !may_spot_spent(rs, u);
        if barred || !rs.released(u, s.turn) {
            continue;
        }
        let alike = rs.squads & (1 << u) != 0 && (rs.squads_spot_freely || is_current);
        if !alike {
            emit(u);
        } else if !alike_done {
            alike_done = true;
            emit(u);
        }
    }
}

/// Legal Indirect Fire attacks of `side` (7.2–7.32).
pub fn indirect_actions(rs: &Ruleset, s: &State, side: Side, out: &mut impl FnMut(Action)) {
    // 7.2 (the reading `fire_segment = "area"`): once a mortar has fired, the segment goes on
    // with the other mortars of its area only.
    let segment = rs.area_fire_segments && s.acted;
    let fo_targets = if segment {
        0
    } else {
        indirect_targets(rs, s, side, true)
    };
    for fo in ready_fos(rs, s, side) {
        let loc = s.loc(fo);
        let reach = (rs.adjacent[usize::from(loc)] | (1 << loc)) & fo_targets;
        for t in bits(reach) {
            out(Action::CallArtillery {
                fo,
                target: t as u8,
            });
        }
    }
    let mut mortars = ready_mortars(rs, s, side).peekable();
    if mortars.peek().is_none() {
        return;
    }
    let spotted = spotted_areas(rs, s, side);
    for mortar in mortars.filter(|&m| !segment || s.loc(m) == s.segment_area) {
        let adjacent = rs.adjacent[usize::from(s.loc(mortar))];
        for t in bits(mortar_targets(rs, s, side, mortar, spotted)) {
            let target = t as u8;
            if adjacent & (1 << t) != 0 {
                out(Action::FireMortar {
                    mortar,
                    target,
                    spotter: NONE,
                });
            } else {
                spotters(rs, s, side, target, &mut |spotter| {
                    out(Action::FireMortar {
                        mortar,
                        target,
                        spotter,
                    })
                });
            }
        }
    }
}

/// 7.2 (the reading `fire_segment = "area"`): another mortar of the segment's area may fire.
pub fn segment_goes_on(rs: &Ruleset, s: &State) -> bool {
    if !rs.area_fire_segments || s.segment_area == NONE {
        return false;
    }
    let spotted = spotted_areas(rs, s, s.active);
    ready_mortars(rs, s, s.active)
        .filter(|&m| s.loc(m) == s.segment_area)
        .any(|m| mortar_targets(rs, s, s.active, m, spotted) != 0)
}

pub fn has_indirect_fire(rs: &Ruleset, s: &State, side: Side) -> bool {
    let fo_targets = indirect_targets(rs, s, side, true);
    let fo_can = ready_fos(rs, s, side).any(|fo| {
        let loc = s.loc(fo);
        (rs.adjacent[usize::from(loc)] | (1 << loc)) & fo_targets != 0
    });
    if fo_can {
        return true;
    }
    let mut mortars = ready_mortars(rs, s, side).peekable();
    if mortars.peek().is_none() {
        return false;
    }
    let spotted = spotted_areas(rs, s, side);
    mortars.any(|m| mortar_targets(rs, s, side, m, spotted) != 0)
}

/// 7.31: an FO calls in artillery: the FO is spent, the marker placed (8.1).
pub fn call_artillery(rs: &Ruleset, s: &mut State, fo: u8, target: u8) {
    let side = s.active;
    s.segment_area = NONE;
    s.set_spent(rs, fo, true);
    let strength = rs.artillery[side.index()];
    place_marker(s, side, target, strength);
    resolve_indirect(rs, s, target, strength);
}

/// 7.3: a mortar fires: it is flipped to 'F', a Weapons Team firing it is spent (a squad is
/// not), and a spotter other than a squad is spent (7.31). Medium mortars interdict (8.1).
pub fn fire_mortar(rs: &Ruleset, s: &mut State, mortar: u8, target: u8, spotter: u8) {
    let side = s.active;
    s.segment_area = s.loc(mortar);
    let carrier = s.unit(mortar).link;
    s.set_spent(rs, mortar, true);
    if rs.weapons_teams & (1 << carrier) != 0 {
        s.set_spent(rs, carrier, true);
    }
    if spotter != NONE {
        if rs.squads & (1 << spotter) == 0 {
            s.set_spent(rs, spotter, true);
        }
        s.units[usize::from(spotter)].spots = target;
    }
    let strength = rs.info(mortar).attack;
    if rs.weapon_kind(mortar) == Some(WeaponKind::MediumMortar) {
        place_marker(s, side, target, strength);
    }
    resolve_indirect(rs, s, target, strength);
}

/// 7.3: "the highest marker in an area is used".
fn place_marker(s: &mut State, side: Side, area: u8, value: u8) {
    let m = &mut s.interdiction[side.index()][usize::from(area)];
    *m = (*m).max(value);
}

/// 7.5: the Indirect Fire OT before its die: the printed strength of the firing unit (the
/// artillery marker's or the mortar's value).
pub fn indirect_offense(strength: u8) -> u8 {
    strength
}

/// 7.5: the Indirect Fire DT before its die: the target area's TEM doubled (the units'
/// Defense Values are not used).
pub fn indirect_defense(tem: u8) -> u8 {
    2 * tem
}

/// 9.5: the Direct Fire DT before its die: the target area's TEM.
pub fn direct_defense(tem: u8) -> u8 {
    tem
}

/// 7.41/7.5: fire on an area: no enemy there (interdiction only) ends the attack; friendly
/// personnel there call for the accuracy roll (7.7); otherwise OT = strength + 1d6 against
/// DT = TEM doubled + 1d6.
fn resolve_indirect(rs: &Ruleset, s: &mut State, target: u8, strength: u8) {
    let side = s.active;
    combat::begin(
        s,
        AttackKind::Indirect,
        side,
        target,
        [indirect_offense(strength), 0, 0, 0],
        [indirect_defense(rs.tem(target)), 0, 0, 0],
    );
    if !s.has_personnel(side.enemy(), target) {
        super::turn::after_action(rs, s);
    } else if s.has_personnel(side, target) {
        s.step = Step::Roll(Roll::Accuracy);
    } else {
        s.step = Step::Roll(Roll::Offense);
    }
}

/// 9.31–9.33: the areas a direct-fire weapon at `from` may fire at.
fn direct_targets(rs: &Ruleset, s: &State, side: Side, kind: WeaponKind, from: u8) -> u64 {
    let enemy = s.present[side.enemy().index()] & !rs.landing_craft;
    match kind {
        WeaponKind::MachineGun => (rs.adjacent[usize::from(from)] | (1 << from)) & enemy,
        WeaponKind::ShoulderFired => (1 << from) & rs.building & enemy,
        _ => 0,
    }
}

fn direct_weapon(rs: &Ruleset, s: &State, w: u8, side: Side) -> Option<WeaponKind> {
    let kind = rs.weapon_kind(w)?;
    fireable_by(rs, s, w, side)?;
    (direct_targets(rs, s, side, kind, s.loc(w)) != 0).then_some(kind)
}

/// 9.2: the active player starts a direct-fire attack with a weapon that has a target.
pub fn direct_start_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    for w in unit_bits(rs.weapons) {
        if direct_weapon(rs, s, w, s.active).is_some() {
            out(Action::AddWeapon(w));
        }
    }
}

/// 9.31–9.33: the areas weapon `w` may open a direct fire on, for its option's text.
pub fn direct_targets_of(rs: &Ruleset, s: &State, w: u8) -> u64 {
    rs.weapon_kind(w)
        .map_or(0, |kind| direct_targets(rs, s, s.active, kind, s.loc(w)))
}

pub fn has_direct_fire(rs: &Ruleset, s: &State, side: Side) -> bool {
    unit_bits(rs.weapons).any(|w| direct_weapon(rs, s, w, side).is_some())
}

/// 9.3: more machine guns of the same area may join (one or more MGs, or ONE shoulder-fired
/// weapon); then the attack names its target.
pub fn direct_group_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let first = s.group.members.trailing_zeros() as u8;
    let last = 127 - s.group.members.leading_zeros() as u8;
    let kind = rs
        .weapon_kind(first)
        .expect("direct fire group holds weapons");
    if kind == WeaponKind::MachineGun {
        for w in unit_bits(rs.weapons & !((2u128 << last) - 1)) {
            let same = s.loc(w) == s.group.area;
            if same && direct_weapon(rs, s, w, s.active) == Some(WeaponKind::MachineGun) {
                out(Action::AddWeapon(w));
            }
        }
    }
    for t in super::ruleset::bits(direct_targets(rs, s, s.active, kind, s.group.area)) {
        out(Action::DirectFire { target: t as u8 });
    }
}

pub fn add_weapon(s: &mut State, w: u8) {
    if s.step == Step::Segment {
        s.group.members = 0;
        s.group.area = s.loc(w);
        s.step = Step::DirectFireGroup;
    }
    s.group.members |= 1 << w;
}

/// 9.4–9.5: the weapons fire (flipped to 'F', Weapons Teams carrying them spent); OT = their
/// strength + one fresh NCO/BAR gunner (of the firing area: `best_leader`) + 1d6; DT = TEM +
/// 1d6.
pub fn direct_fire(rs: &Ruleset, s: &mut State, target: u8) {
    let side = s.active;
    let strength = direct_strength(rs, s);
    for w in unit_bits(s.group.members) {
        let carrier = s.unit(w).link;
        s.set_spent(rs, w, true);
        if rs.weapons_teams & (1 << carrier) != 0 {
            s.set_spent(rs, carrier, true);
        }
    }
    let leader = best_leader(rs, s, side, s.group.area);
    s.group.members = 0;
    combat::begin(
        s,
        AttackKind::Direct,
        side,
        target,
        [strength, leader, 0, 0],
        [direct_defense(rs.tem(target)), 0, 0, 0],
    );
    s.step = Step::Roll(Roll::Offense);
}

/// 9.5 a): the printed strength of all the weapons firing.
fn direct_strength(rs: &Ruleset, s: &State) -> u8 {
    unit_bits(s.group.members).map(|w| rs.info(w).attack).sum()
}

/// A fire action's OT and DT before the dice (7.5, 9.5), for its odds; `None` for any other
/// action, or fire on an area without enemy personnel (interdiction only, 7.32). `friendly`:
/// units of the firer there, so a friendly-fire roll comes first (7.33, 7.7).
pub fn fire_totals(rs: &Ruleset, s: &State, a: Action) -> Option<FireTotals> {
    let side = s.active;
    // 8.2: a move into an interdicted area without paying is an attack on the group (trial
    // 22c F1: the option did not say so); "friendly" there is the firer's own units.
    if let Action::Move { to, pay: false } = a {
        if super::movement::interdiction_toll(s, side, to) == 0 {
            return None;
        }
        let (ot, dt) = super::movement::interdiction_attack(rs, s, side, to);
        return Some(FireTotals {
            ot,
            dt,
            friendly: s.has_personnel(side.enemy(), to),
        });
    }
    let (ot, target, direct) = match a {
        Action::CallArtillery { target, .. } => (rs.artillery[side.index()], target, false),
        Action::FireMortar { mortar, target, .. } => (rs.info(mortar).attack, target, false),
        Action::DirectFire { target } => {
            let leader = best_leader(rs, s, side, s.group.area);
            (direct_strength(rs, s) + leader, target, true)
        }
        _ => return None,
    };
    if !s.has_personnel(side.enemy(), target) {
        return None;
    }
    let tem = rs.tem(target);
    Some(FireTotals {
        ot: if direct { ot } else { indirect_offense(ot) },
        dt: if direct {
            direct_defense(tem)
        } else {
            indirect_defense(tem)
        },
        friendly: !direct && s.has_personnel(side, target),
    })
}

/// 8.1: indirect fire on an area without enemy personnel, in words: it attacks no one, and
/// artillery or a medium mortar leaves its marker ("if an attack is made on an empty area").
/// `None` for any other action.
pub fn empty_area_fire(rs: &Ruleset, s: &State, a: Action) -> Option<String> {
    let side = s.active;
    let (target, marker) = match a {
        Action::CallArtillery { target, .. } => (target, Some(rs.artillery[side.index()])),
        Action::FireMortar { mortar, target, .. } => {
            let medium = rs.weapon_kind(mortar) == Some(WeaponKind::MediumMortar);
            (target, medium.then(|| rs.info(mortar).attack))
        }
        _ => return None,
    };
    if s.has_personnel(side.enemy(), target) {
        return None;
    }
    let there = s.interdiction[side.index()][usize::from(target)];
    Some(match marker {
        // 7.3: "the highest marker in an area is used".
        Some(m) if there >= m => {
            format!(
                "no enemy there: the {}' interdiction marker {there} there, as high or higher, \
                 stays (7.3: the highest marker in an area is used; 8.1)",
                side.name()
            )
        }
        Some(m) => format!("no enemy there: it leaves the interdiction marker {m} (8.1)"),
        None => "no enemy there: no effect (only artillery and medium mortars leave a marker, \
                 8.1)"
            .into(),
    })
}

/// See `fire_totals`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FireTotals {
    pub ot: u8,
    pub dt: u8,
    pub friendly: bool,
}

/// The value of the best fresh NCO or BAR gunner of `side` in `area` (9.5b), or, by the
/// reading `direct_fire_leader = "any_area"`, in any area of the map (not a Landing Craft box,
/// which nobody fires out of); one the Set Up Card holds back may not yet fire, so adds
/// nothing either.
fn best_leader(rs: &Ruleset, s: &State, side: Side, area: u8) -> u8 {
    // 9.5 b direct_fire_leader: from the firing area ("firing_area") or anywhere ("any_area").
    let candidates = if rs.direct_fire_leader_anywhere {
        unit_bits(rs.side_units[side.index()] & rs.nco_or_bar)
            .filter(|&u| s.loc(u) < 64 && !rs.is_landing_craft(s.loc(u)))
            .fold(0, |m, u| m | 1 << u)
    } else {
        s.personnel_in(rs, side, area) & rs.nco_or_bar
    };
    unit_bits(candidates)
        .filter(|&u| !s.is_spent(u) && rs.released(u, s.turn))
        .map(|u| rs.info(u).attack)
        .max()
        .unwrap_or(0)
}

/// Whether a personnel unit of this kind may carry a weapon of that kind (2.61).
pub fn may_carry(p: PersonnelKind, w: WeaponKind) -> bool {
    match p {
        PersonnelKind::Squad | PersonnelKind::WeaponsTeam => true,
        PersonnelKind::Nco | PersonnelKind::BarGunner | PersonnelKind::Fo => {
            w == WeaponKind::ShoulderFired
        }
    }
}
