//! The data turned into the compact, index-based tables the rules read, and the initial state.

use super::data::{
    AmericanDef, ChartTables, DataError, DataSet, DefenseStrategy, RandomEvent, Terrain, UnitKind,
};
use super::readings;
use super::state::{bits, AreaMask, State, UnitMask, NONE, NOT_ARRIVED, UNREVEALED};

/// Areas on the map (3.1).
pub const AREAS: usize = 27;
/// Every Area, as a mask.
pub const ALL_AREAS: AreaMask = (1 << AREAS) - 1;
/// Turns in a game (5.1).
pub const TURNS: u8 = 9;
/// The top of the German Morale track (5.2; where Morale starts is `charts.morale.start`).
pub const MORALE_MAX: u8 = 19;
/// American Movement Factor (4.3.1), and in Rain (8.2.2).
pub const MF: u8 = 6;
pub const MF_RAIN: u8 = 4;
/// 7.1: American units per Area, except areas 1 and 2 (indices 0 and 1).
pub const STACKING_LIMIT: u8 = 4;
pub const UNLIMITED_STACKING: AreaMask = 0b11;

/// One American unit as the rules see it.
#[derive(Clone, Debug)]
pub struct American {
    pub id: String,
    pub kind: UnitKind,
    pub attack: u8,
    /// Index of its parent organisation.
    pub organisation: u8,
    /// Setup Area index (5.3.1), or `NONE` for a reinforcement.
    pub setup_area: u8,
    /// Turn of arrival (6.1.1); 1 for units set up on the map.
    pub arrives: u8,
}

impl American {
    pub fn is_leader(&self) -> bool {
        self.kind == UnitKind::Leader
    }

    /// Armor for the Armor Support restriction and the Combined Arms Bonus (4.2.1–4.2.2).
    pub fn is_armor(&self) -> bool {
        matches!(self.kind, UnitKind::Armor | UnitKind::Halftrack)
    }

    /// Infantry for the Combined Arms Bonus; a Halftrack may count as either (4.2.2).
    pub fn is_infantry(&self) -> bool {
        matches!(self.kind, UnitKind::Infantry | UnitKind::Halftrack)
    }

    /// Refit from the Out of Action Box at the Armor cost: Armor, Halftrack, SP (4.2.5).
    pub fn refits_as_armor(&self) -> bool {
        matches!(
            self.kind,
            UnitKind::Armor | UnitKind::Halftrack | UnitKind::SpArtillery
        )
    }
}

/// One German counter.
#[derive(Clone, Copy, Debug)]
pub struct German {
    pub terrain: Terrain,
    pub defense: u8,
    pub strategy: DefenseStrategy,
}

/// The immutable rules tables.
#[derive(Clone, Debug)]
pub struct Ruleset {
    pub area_names: Vec<String>,
    pub terrain: [Terrain; AREAS],
    pub adjacent: [AreaMask; AREAS],
    /// `expansion[k][b]`: the Areas adjacent to any Area of byte `b` of a mask's byte `k`,
    /// so `expand` finds the neighbours of a whole set with four lookups (8.2's paths).
    expansion: [[AreaMask; 256]; 4],
    pub americans: Vec<American>,
    /// Per organisation: its members (Leaders included) and its Leader (`NONE` if none).
    pub organisation_members: Vec<UnitMask>,
    pub organisation_leader: Vec<u8>,
    pub organisation_names: Vec<String>,
    pub germans: Vec<German>,
    pub german_ids: Vec<String>,
    /// The Leader units, and the German counters of each terrain type (by `Terrain as
    /// usize`), precomputed for the hot path.
    leaders: UnitMask,
    /// Per unit: the non-Leader units of its organisation (7.1: a Leader stacks free with them).
    commanded: [UnitMask; 32],
    counters_by_terrain: [u64; 4],
    /// The units that return from the Out of Action Box at the Armor cost (6.3.1, 4.2.5).
    armor_refits: UnitMask,
    /// Per turn: the units that arrive as reinforcements (6.1.1); beyond the last turn, none.
    arrivals: [UnitMask; TURNS as usize + 1],
    /// The Urban and Fortified Areas, where Bloody Streets rolls are made (6.4.1).
    streets: AreaMask,
    pub charts: ChartTables,
    /// The readings `combined_arms = "armor_and_infantry"`, `support_points = "carry_over"`,
    /// `refit_fallback = "any_american_area"` and `overrun = "morale_lowering"`
    /// (`super::readings`), looked up once.
    pub combined_arms_needs_both: bool,
    pub support_carries_over: bool,
    pub refit_fallback_anywhere: bool,
    pub overrun_lowers_morale: bool,
    /// The reading `air_support = "die_per_point"` (9.5.3D): several Air points a combat.
    pub air_die_per_point: bool,
    /// The Random Event Chart row of each 3d6 total (index = total).
    pub event_of_roll: [u8; 19],
    /// The effects of "no event" (a row whose `last_turn` has passed, 6.2).
    pub no_event: RandomEvent,
    pub initial: State,
}

impl Ruleset {
    /// Builds the ruleset from validated tables (`DataSet::embedded` and `load` validate).
    pub fn new(data: &DataSet) -> Result<Ruleset, DataError> {
        let mut area_names = vec![String::new(); AREAS];
        let mut terrain = [Terrain::American; AREAS];
        let mut adjacent = [0; AREAS];
        for a in &data.map.areas {
            let i = usize::from(a.id - 1);
            area_names[i] = a.name.clone();
            terrain[i] = a.terrain;
            adjacent[i] = a.adjacent.iter().fold(0, |m, &b| m | 1 << (b - 1));
        }
        let expansion = expansion(&adjacent);
        let mut organisation_names: Vec<String> = Vec::new();
        let americans: Vec<American> = data
            .counters
            .americans
            .iter()
            .map(|d| american(d, &mut organisation_names))
            .collect();
        let mut organisation_members = vec![0; organisation_names.len()];
        let mut organisation_leader = vec![NONE; organisation_names.len()];
        for (i, u) in americans.iter().enumerate() {
            let o = usize::from(u.organisation);
            organisation_members[o] |= 1 << i;
            if u.is_leader() {
                organisation_leader[o] = i as u8;
            }
        }
        let germans = data
            .counters
            .germans
            .iter()
            .map(|g| German {
                terrain: g.terrain,
                defense: g.defense,
                strategy: g.strategy,
            })
            .collect();
        let mut event_of_roll = [0; 19];
        for (row, e) in data.charts.random_events.events.iter().enumerate() {
            for &r in &e.rolls {
                event_of_roll[usize::from(r)] = row as u8;
            }
        }
        let mut rs = Ruleset {
            area_names,
            terrain,
            adjacent,
            expansion,
            americans,
            organisation_members,
            organisation_leader,
            organisation_names,
            germans,
            german_ids: data.counters.germans.iter().map(|g| g.id.clone()).collect(),
            charts: data.charts.clone(),
            combined_arms_needs_both: data
                .charts
                .readings
                .is(&readings::COMBINED_ARMS, "armor_and_infantry"),
            support_carries_over: data
                .charts
                .readings
                .is(&readings::SUPPORT_POINTS, "carry_over"),
            refit_fallback_anywhere: data
                .charts
                .readings
                .is(&readings::REFIT_FALLBACK, "any_american_area"),
            overrun_lowers_morale: data
                .charts
                .readings
                .is(&readings::OVERRUN, "morale_lowering"),
            air_die_per_point: data
                .charts
                .readings
                .is(&readings::AIR_SUPPORT, "die_per_point"),
            leaders: 0,
            commanded: [0; 32],
            counters_by_terrain: [0; 4],
            armor_refits: 0,
            arrivals: [0; TURNS as usize + 1],
            streets: 0,
            event_of_roll,
            no_event: RandomEvent::default(),
            initial: State::default(),
        };
        rs.leaders = (0..rs.americans.len())
            .filter(|&i| rs.americans[i].is_leader())
            .fold(0, |m, i| m | 1 << i);
        for u in 0..rs.americans.len() as u8 {
            rs.commanded[usize::from(u)] = rs.organisation_of(u) & !rs.leaders;
        }
        for (i, g) in rs.germans.iter().enumerate() {
            rs.counters_by_terrain[g.terrain as usize] |= 1 << i;
        }
        for (i, a) in rs.americans.iter().enumerate() {
            if let Some(m) = rs.arrivals.get_mut(usize::from(a.arrives)) {
                *m |= 1 << i;
            }
            if a.refits_as_armor() {
                rs.armor_refits |= 1 << i;
            }
        }
        rs.streets = (0..AREAS)
            .filter(|&a| matches!(rs.terrain[a], Terrain::Urban | Terrain::Fortified))
            .fold(0, |m, a| m | 1 << a);
        rs.initial = initial_state(&rs);
        Ok(rs)
    }

    /// This turn's event: a row of the chart, or `NONE` for no event.
    pub fn event(&self, row: u8) -> &RandomEvent {
        self.charts
            .random_events
            .events
            .get(usize::from(row))
            .unwrap_or(&self.no_event)
    }

    /// The German counters of one terrain type (4.4, 5.4).
    pub fn counters_of(&self, terrain: Terrain) -> u64 {
        self.counters_by_terrain[terrain as usize]
    }

    /// The Leader commanding unit `u`'s organisation, or `NONE`.
    pub fn leader_of(&self, u: u8) -> u8 {
        self.organisation_leader[usize::from(self.americans[usize::from(u)].organisation)]
    }

    /// The members of `u`'s organisation.
    pub fn organisation_of(&self, u: u8) -> UnitMask {
        self.organisation_members[usize::from(self.americans[usize::from(u)].organisation)]
    }

    pub fn unit(&self, u: u8) -> &American {
        &self.americans[usize::from(u)]
    }

    /// The non-Leader units of `u`'s organisation.
    pub fn commanded(&self, u: u8) -> UnitMask {
        self.commanded[usize::from(u)]
    }

    pub fn leaders(&self) -> UnitMask {
        self.leaders
    }

    /// The units that arrive on `turn` (6.1.1).
    pub fn arrivals(&self, turn: u8) -> UnitMask {
        self.arrivals.get(usize::from(turn)).copied().unwrap_or(0)
    }

    /// The units that return from the Out of Action Box at the Armor cost (6.3.1).
    pub fn armor_refits(&self) -> UnitMask {
        self.armor_refits
    }

    /// The Urban and Fortified Areas (6.4.1).
    pub fn streets(&self) -> AreaMask {
        self.streets
    }

    /// The Areas adjacent to at least one Area of `areas`.
    pub fn expand(&self, areas: AreaMask) -> AreaMask {
        let e = &self.expansion;
        let byte = |k: usize| usize::from((areas >> (8 * k)) as u8);
        e[0][byte(0)] | e[1][byte(1)] | e[2][byte(2)] | e[3][byte(3)]
    }
}

/// The lookup tables of `Ruleset::expand`, one per byte of an Area mask.
fn expansion(adjacent: &[AreaMask; AREAS]) -> [[AreaMask; 256]; 4] {
    let mut e = [[0; 256]; 4];
    for (k, table) in e.iter_mut().enumerate() {
        for (b, around) in table.iter_mut().enumerate() {
            *around = bits(b as u64)
                .filter_map(|i| adjacent.get(8 * k + usize::from(i)))
                .fold(0, |m, a| m | a);
        }
    }
    e
}

fn american(d: &AmericanDef, organisations: &mut Vec<String>) -> American {
    let organisation = match organisations.iter().position(|o| *o == d.organisation) {
        Some(i) => i,
        None => {
            organisations.push(d.organisation.clone());
            organisations.len() - 1
        }
    } as u8;
    American {
        id: d.id.clone(),
        kind: d.kind,
        attack: d.attack,
        organisation,
        setup_area: d.setup_area.map_or(NONE, |a| a - 1),
        arrives: d.arrives.unwrap_or(1),
    }
}

/// 5.2–5.4: markers, the Americans in their setup Areas, an unrevealed German unit in every
/// German Area (its counter is drawn when it is revealed, 4.4).
fn initial_state(rs: &Ruleset) -> State {
    let mut s = State {
        morale: rs.charts.morale.start,
        pool: (0..rs.germans.len()).fold(0, |m, i| m | 1 << i),
        ..State::default()
    };
    for (i, a) in rs.americans.iter().enumerate() {
        let loc = if a.arrives <= 1 {
            a.setup_area
        } else {
            NOT_ARRIVED
        };
        s.set_loc(rs, i as u8, loc);
    }
    for (i, t) in rs.terrain.iter().enumerate() {
        if *t != Terrain::American {
            s.set_german(i as u8, UNREVEALED);
        }
    }
    s.fresh = rs
        .americans
        .iter()
        .enumerate()
        .filter(|(i, _)| s.loc[*i] < AREAS as u8)
        .fold(0, |m, (i, _)| m | 1 << i);
    s
}
