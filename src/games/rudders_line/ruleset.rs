//! The immutable ruleset built from the data tables: areas as bitsets with a distance table,
//! the unit table in Set Up Card order, scenario parameters. Shared by all threads.

use super::data::{
    DataError, DataSet, InitiativeModifier, ModifierCondition, PersonnelKind, Side, WeaponKind,
};
use super::readings;
use super::state::{AreaMask, State, Unit, UnitMask, MAX_AREAS, MAX_UNITS, NONE};

/// What a counter is (2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Personnel(PersonnelKind),
    Weapon(WeaponKind),
}

#[derive(Clone, Debug)]
pub struct UnitInfo {
    pub side: Side,
    pub class: Class,
    pub counter: String,
    pub attack: u8,
    pub defense: u8,
    pub movement: u8,
    pub figures: u8,
    pub spent_attack: u8,
    pub spent_defense: u8,
    /// The first turn the unit may move, assault, fire or spot (Set Up Card).
    pub released_on_turn: u8,
}

#[derive(Clone, Debug)]
pub struct AreaInfo {
    pub id: String,
    pub name: String,
    pub tem: u8,
}

/// Victory conditions with areas resolved to indices.
#[derive(Clone, Debug)]
pub struct Victory {
    pub german_sudden_death_control: AreaMask,
    pub ranger_foothold: AreaMask,
    pub guns_area: u8,
    pub guns_deadline_turn: u8,
    pub ranger_must_hold: u8,
    pub ranger_other_victory_areas: u8,
}

pub struct Ruleset {
    pub areas: Vec<AreaInfo>,
    pub adjacent: [AreaMask; MAX_AREAS],
    /// Areas between two areas, counting the target and not the start (7.31).
    pub distance: [[u8; MAX_AREAS]; MAX_AREAS],
    /// `within[a][r]`: areas 1..=r areas away from `a` (ranges, 7.31).
    pub within: [[AreaMask; 8]; MAX_AREAS],
    /// Every area of the map.
    pub all_areas: AreaMask,
    pub building: AreaMask,
    pub victory_areas: AreaMask,
    pub landing_craft: AreaMask,
    pub units: Vec<UnitInfo>,
    /// Units of each side.
    pub side_units: [UnitMask; 2],
    pub personnel: UnitMask,
    pub weapons: UnitMask,
    /// Squads and Weapons Teams: rallied, fatigued (12.1 steps 3–5).
    pub squads_and_teams: UnitMask,
    pub squads: UnitMask,
    pub weapons_teams: UnitMask,
    /// NCO, FO and BAR gunner: single-figure leaders (12.1 step 3).
    pub leaders: UnitMask,
    /// NCO and BAR gunner: add their value in fire and assault (9.5, 11.1).
    pub nco_or_bar: UnitMask,
    pub fos: UnitMask,
    /// Light and medium mortars (7.1).
    pub mortars: UnitMask,
    /// Units the Set Up Card still holds back on each turn (index = turn).
    pub held_back: [UnitMask; 32],
    pub turns: u8,
    pub first_turn_initiative: Side,
    pub artillery: [u8; 2],
    pub initiative_modifiers: Vec<InitiativeModifier>,
    pub victory: Victory,
    /// The readings `assault_supporters = "fresh"`, `fire_segment = "area"`,
    /// `squad_spotting = "free"`, `direct_fire_leader = "any_area"`, `contested_exit =
    /// "mover_counts"` and `spent_carrier = "fires"` (`super::readings`), looked up once.
    pub fresh_supporters_only: bool,
    pub area_fire_segments: bool,
    pub squads_spot_freely: bool,
    pub direct_fire_leader_anywhere: bool,
    pub mover_pins_enemy: bool,
    pub spent_carriers_fire: bool,
    pub initial: State,
}

impl Ruleset {
    pub fn area_index(&self, id: &str) -> Option<u8> {
        self.areas.iter().position(|a| a.id == id).map(|i| i as u8)
    }

    pub fn info(&self, u: u8) -> &UnitInfo {
        &self.units[usize::from(u)]
    }

    pub fn tem(&self, area: u8) -> u8 {
        self.areas[usize::from(area)].tem
    }

    pub fn is_personnel(&self, u: u8) -> bool {
        self.personnel & (1 << u) != 0
    }

    pub fn weapon_kind(&self, u: u8) -> Option<WeaponKind> {
        match self.info(u).class {
            Class::Weapon(k) => Some(k),
            Class::Personnel(_) => None,
        }
    }

    pub fn personnel_kind(&self, u: u8) -> Option<PersonnelKind> {
        match self.info(u).class {
            Class::Personnel(k) => Some(k),
            Class::Weapon(_) => None,
        }
    }

    /// Whether the unit may act (move, assault, fire, spot) this turn (Set Up Card release).
    pub fn released(&self, u: u8, turn: u8) -> bool {
        self.held_back[usize::from(turn).min(31)] & (1 << u) == 0
    }

    pub fn is_adjacent(&self, a: u8, b: u8) -> bool {
        self.adjacent[usize::from(a)] & (1 << b) != 0
    }

    pub fn is_landing_craft(&self, a: u8) -> bool {
        self.landing_craft & (1 << a) != 0
    }

    pub fn is_building(&self, a: u8) -> bool {
        self.building & (1 << a) != 0
    }

    /// Builds the ruleset from validated tables.
    pub fn new(data: &DataSet) -> Result<Ruleset, DataError> {
        let areas: Vec<AreaInfo> = data
            .map
            .areas
            .iter()
            .map(|a| AreaInfo {
                id: a.id.clone(),
                name: a.name.clone(),
                tem: a.tem,
            })
            .collect();
        let ids: Vec<String> = areas.iter().map(|a| a.id.clone()).collect();
        let index = |id: &str, table: &str| -> Result<u8, DataError> {
            ids.iter()
                .position(|a| a == id)
                .map(|i| i as u8)
                .ok_or_else(|| DataError {
                    file: "data".into(),
                    table: table.into(),
                    entry: id.into(),
                    message: format!("unknown area '{id}'"),
                })
        };
        let mut adjacent = [0 as AreaMask; MAX_AREAS];
        let (mut building, mut victory_areas, mut landing_craft) = (0, 0, 0);
        for (i, a) in data.map.areas.iter().enumerate() {
            for n in &a.adjacent {
                adjacent[i] |= 1 << index(n, "areas")?;
            }
            let bit: AreaMask = 1 << i;
            if a.building {
                building |= bit;
            }
            if a.victory {
                victory_areas |= bit;
            }
            if a.landing_craft {
                landing_craft |= bit;
            }
        }
        let distance = distances(&adjacent, areas.len());
        let n_areas = areas.len();
        let (units, initial_units) = build_units(data, &index)?;
        let mut rs = Ruleset {
            areas,
            adjacent,
            distance,
            within: within(&distance, n_areas),
            all_areas: (1u64 << n_areas) - 1,
            building,
            victory_areas,
            landing_craft,
            side_units: [0; 2],
            personnel: 0,
            weapons: 0,
            squads_and_teams: 0,
            squads: 0,
            weapons_teams: 0,
            leaders: 0,
            nco_or_bar: 0,
            fos: 0,
            mortars: 0,
            held_back: [0; 32],
            turns: data.scenario.scenario.turns,
            first_turn_initiative: data.scenario.scenario.first_turn_initiative,
            artillery: [
                data.scenario.artillery.rangers,
                data.scenario.artillery.germans,
            ],
            initiative_modifiers: data.scenario.initiative.modifier.clone(),
            victory: victory(data, &index)?,
            fresh_supporters_only: (data.scenario.readings)
                .is(&readings::ASSAULT_SUPPORTERS, "fresh"),
            area_fire_segments: data.scenario.readings.is(&readings::FIRE_SEGMENT, "area"),
            squads_spot_freely: data.scenario.readings.is(&readings::SQUAD_SPOTTING, "free"),
            direct_fire_leader_anywhere: (data.scenario.readings)
                .is(&readings::DIRECT_FIRE_LEADER, "any_area"),
            mover_pins_enemy: (data.scenario.readings)
                .is(&readings::CONTESTED_EXIT, "mover_counts"),
            spent_carriers_fire: data.scenario.readings.is(&readings::SPENT_CARRIER, "fires"),
            units,
            initial: State::blank(),
        };
        rs.classify_units();
        let mut ranger_control: AreaMask = landing_craft;
        for id in &data.setup.setup.ranger_control {
            ranger_control |= 1 << index(id, "setup")?;
        }
        rs.initial = State::initial(&rs, &initial_units, ranger_control);
        Ok(rs)
    }

    fn classify_units(&mut self) {
        for (i, u) in self.units.iter().enumerate() {
            let bit: UnitMask = 1 << i;
            self.side_units[u.side.index()] |= bit;
            for turn in 0..usize::from(u.released_on_turn).min(32) {
                self.held_back[turn] |= bit;
            }
            match u.class {
                Class::Weapon(k) => {
                    self.weapons |= bit;
                    if matches!(k, WeaponKind::LightMortar | WeaponKind::MediumMortar) {
                        self.mortars |= bit;
                    }
                }
                Class::Personnel(k) => {
                    self.personnel |= bit;
                    match k {
                        PersonnelKind::Squad => {
                            self.squads |= bit;
                            self.squads_and_teams |= bit
                        }
                        PersonnelKind::WeaponsTeam => {
                            self.weapons_teams |= bit;
                            self.squads_and_teams |= bit
                        }
                        PersonnelKind::Nco | PersonnelKind::BarGunner => {
                            self.leaders |= bit;
                            self.nco_or_bar |= bit
                        }
                        PersonnelKind::Fo => {
                            self.leaders |= bit;
                            self.fos |= bit
                        }
                    }
                }
            }
        }
    }

    /// The initiative die modifier of `side` on `turn` (5.1 special rules).
    pub fn initiative_modifier(&self, s: &State, side: Side) -> i8 {
        self.initiative_modifier_on(side, s.turn, s.fo_lost[side.index()])
    }

    /// The initiative die modifier of `side` on `turn` with its own FO lost or not (5.1
    /// special rules): the sum of the scenario's modifiers that apply.
    pub fn initiative_modifier_on(&self, side: Side, turn: u8, fo_lost: bool) -> i8 {
        self.initiative_modifiers
            .iter()
            .filter(|m| m.side == side)
            .filter(|m| m.turns.is_empty() || m.turns.contains(&turn))
            .filter(|m| match m.condition {
                None => true,
                Some(ModifierCondition::OwnFoEliminated) => fo_lost,
            })
            .map(|m| m.value)
            .sum()
    }

    /// Whether some modifier of `side` depends on its FO being lost (5.1 special rules).
    pub fn initiative_depends_on_fo(&self, side: Side) -> bool {
        self.initiative_modifiers
            .iter()
            .any(|m| m.side == side && m.condition == Some(ModifierCondition::OwnFoEliminated))
    }
}

/// Breadth-first distances; 255 where unreachable.
fn distances(adjacent: &[AreaMask; MAX_AREAS], n: usize) -> [[u8; MAX_AREAS]; MAX_AREAS] {
    let mut d = [[u8::MAX; MAX_AREAS]; MAX_AREAS];
    for (from, row) in d.iter_mut().enumerate().take(n) {
        row[from] = 0;
        let mut frontier: AreaMask = 1 << from;
        let mut seen = frontier;
        let mut step = 0u8;
        while frontier != 0 {
            step += 1;
            let mut next = 0;
            for a in bits(frontier) {
                next |= adjacent[a];
            }
            next &= !seen;
            for a in bits(next) {
                row[a] = step;
            }
            seen |= next;
            frontier = next;
        }
    }
    d
}

fn within(d: &[[u8; MAX_AREAS]; MAX_AREAS], n: usize) -> [[AreaMask; 8]; MAX_AREAS] {
    let mut w = [[0; 8]; MAX_AREAS];
    for (a, row) in w.iter_mut().enumerate().take(n) {
        for (r, mask) in row.iter_mut().enumerate() {
            for (b, &dist) in d[a].iter().enumerate().take(n) {
                if dist >= 1 && usize::from(dist) <= r {
                    *mask |= 1 << b;
                }
            }
        }
    }
    w
}

/// Indices of the set bits of a mask.
pub use crate::engine::bits::ones as bits;

/// Indices of the set bits of a unit mask.
pub fn unit_bits(mut m: UnitMask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(i)
    })
}

type AreaLookup<'a> = &'a dyn Fn(&str, &str) -> Result<u8, DataError>;

/// The unit table in Set Up Card order: each personnel counter, then the weapon it carries.
fn build_units(data: &DataSet, index: AreaLookup) -> Result<(Vec<UnitInfo>, Vec<Unit>), DataError> {
    let mut infos = Vec::new();
    let mut units = Vec::new();
    for p in &data.setup.place {
        let area = index(&p.area, "place")?;
        for _ in 0..p.count {
            let carrier = units.len() as u8;
            let released_on_turn = p.released_on_turn.unwrap_or(1);
            infos.push(UnitInfo {
                released_on_turn,
                ..counter_info(data, &p.counter)?
            });
            units.push(Unit {
                loc: area,
                flags: 0,
                link: NONE,
                mp: 0,
                spots: NONE,
                began: area,
            });
            if let Some(w) = &p.carrying {
                infos.push(UnitInfo {
                    released_on_turn,
                    ..counter_info(data, w)?
                });
                let weapon = units.len() as u8;
                units.push(Unit {
                    loc: area,
                    flags: 0,
                    link: carrier,
                    mp: 0,
                    spots: NONE,
                    began: area,
                });
                units[usize::from(carrier)].link = weapon;
            }
        }
    }
    if units.len() > MAX_UNITS {
        return Err(DataError {
            file: "data".into(),
            table: "place".into(),
            entry: format!("{} units", units.len()),
            message: format!("at most {MAX_UNITS} units are supported"),
        });
    }
    Ok((infos, units))
}

fn counter_info(data: &DataSet, id: &str) -> Result<UnitInfo, DataError> {
    if let Some(p) = data.counters.personnel.iter().find(|p| p.id == id) {
        return Ok(UnitInfo {
            side: p.side,
            class: Class::Personnel(p.kind),
            counter: p.id.clone(),
            attack: p.attack,
            defense: p.defense,
            movement: p.movement,
            figures: p.figures,
            spent_attack: p.spent_attack,
            spent_defense: p.spent_defense,
            released_on_turn: 1,
        });
    }
    if let Some(w) = data.counters.weapons.iter().find(|w| w.id == id) {
        return Ok(UnitInfo {
            side: w.side,
            class: Class::Weapon(w.kind),
            counter: w.id.clone(),
            attack: w.attack,
            defense: 0,
            movement: 0,
            figures: 0,
            spent_attack: w.attack,
            spent_defense: 0,
            released_on_turn: 1,
        });
    }
    Err(DataError {
        file: "data".into(),
        table: "place".into(),
        entry: id.into(),
        message: format!("unknown counter '{id}'"),
    })
}

fn victory(data: &DataSet, index: AreaLookup) -> Result<Victory, DataError> {
    let v = &data.scenario.victory;
    let mask = |ids: &[String]| -> Result<AreaMask, DataError> {
        ids.iter()
            .try_fold(0, |m, id| Ok(m | 1 << index(id, "victory")?))
    };
    Ok(Victory {
        german_sudden_death_control: mask(&v.german_sudden_death_control)?,
        ranger_foothold: mask(&v.ranger_foothold)?,
        guns_area: index(&v.guns_area, "victory")?,
        guns_deadline_turn: v.guns_deadline_turn,
        ranger_must_hold: index(&v.ranger_must_hold, "victory")?,
        ranger_other_victory_areas: v.ranger_other_victory_areas,
    })
}
