//! The scenario compiled from its data for play: every counter in the order of battle with
//! the values it fights with, the board, and the charts as small arrays. Loading checks every
//! value against the range the rules allow and every reference between the files.

use super::board::{Board, Terrain, DIRECTIONS, SPINES};
use super::data::{self, DataError, DataSet, FireColumn, RuleOptions, TerrainCost, SIDES};
use super::modifiers::{GunSuffix, TargetSize, MOUNT_360_TURNING};
use crate::engine::data::{first_repeat, At, Limit, Origins};

/// At most this many counters in a scenario (the state holds a fixed array).
pub const MAX_UNITS: usize = 32;

/// What a counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Squad,
    Leader,
    /// An anti-tank gun with its crew (63): one counter here.
    Gun,
    Vehicle,
}

/// A support weapon carried by a squad (SL 15, values from the DYO list).
#[derive(Clone, Debug)]
pub struct Weapon {
    pub id: String,
    pub fp: u8,
    pub range: u8,
    pub breakdown: u8,
}

/// A main gun or anti-tank gun (63).
#[derive(Clone, Debug)]
pub struct Ordnance {
    pub id: String,
    pub calibre: u16,
    pub suffix: GunSuffix,
    pub rof: u8,
    pub breakdown: u8,
    pub he_fp: u8,
    pub kill: Vec<i8>,
    pub shield: bool,
}

/// An AFV's own values (64).
#[derive(Clone, Debug)]
pub struct Vehicle {
    pub mp: u8,
    pub front: i8,
    pub side_rear: i8,
    pub size: TargetSize,
    pub turret: bool,
    pub open_top: bool,
    pub bow_mg: u8,
    pub coax_mg: u8,
}

/// One counter of the order of battle.
#[derive(Clone, Debug)]
pub struct UnitDef {
    /// Its name in the scenario ("2nd Squad").
    pub name: String,
    /// Its counter ("4-6-7", "T-34/76C").
    pub counter: String,
    /// What the board prints on it ("4-6-7", "T-34").
    pub face: String,
    pub side: u8,
    pub kind: Kind,
    pub fp: u8,
    pub range: u8,
    pub morale: u8,
    /// A leader's modifier (negative helps), or an armour leader's (76).
    pub leadership: i8,
    pub points: u16,
    /// An AT gun's crew's points, apart from the gun's ("All vehicle and gun point values are
    /// non-inclusive of any crews necessary to man them", p. 82); 0 for other counters.
    pub crew_points: u16,
    pub sw: Option<Weapon>,
    pub gun: Option<Ordnance>,
    pub vehicle: Option<Vehicle>,
    /// 76: the AFV carries an armour leader (his morale is the crew's).
    pub armor_leader: bool,
    pub hex: u8,
    pub facing: u8,
}

/// The set-up keeps the rules every move keeps (trial 17a F1, F2): no counter in a hex the
/// enemy holds, and no more squads and guns, or vehicles, in a hex than 92.2's limits
/// (`charts.toml [fire]`, as `movement::may_not_end_in` counts them).
fn check_setup_hexes(
    data: &DataSet,
    board: &Board,
    units: &[UnitDef],
    at: At,
) -> Result<(), DataError> {
    let fire = &data.charts.fire;
    for u in units {
        let here = || units.iter().filter(|o| o.hex == u.hex);
        if let Some(enemy) = here().find(|o| o.side != u.side) {
            return Err(at.err(
                &u.name,
                format!(
                    "hex {} holds the enemy's {}: a counter may not set up in an enemy hex",
                    board.name(u.hex),
                    enemy.name
                ),
            ));
        }
        let (limit, what) = match u.kind {
            Kind::Vehicle => (fire.vehicles_per_hex, "vehicles"),
            Kind::Squad | Kind::Gun => (fire.squads_per_hex, "squads and guns"),
            Kind::Leader => continue,
        };
        // The first counter of an overstacked hex names it (the loop stops there).
        let counted = |o: &&UnitDef| {
            o.kind != Kind::Leader && (o.kind == Kind::Vehicle) == (u.kind == Kind::Vehicle)
        };
        let count = here().filter(counted).count();
        if count > usize::from(limit) {
            return Err(at.err(
                &u.name,
                format!(
                    "hex {} holds {count} {what} at the start; charts.toml [fire] allows {limit} \
                     (92.2)",
                    board.name(u.hex)
                ),
            ));
        }
    }
    Ok(())
}

/// The scenario's rule options, one per Cross of Iron section (see `data::RuleOptions`).
pub type Options = RuleOptions;

/// The scenario ready to play.
#[derive(Debug)]
pub struct Ruleset {
    pub data: DataSet,
    pub board: Board,
    pub units: Vec<UnitDef>,
    pub options: Options,
    pub ift: Vec<FireColumn>,
    pub terrain: [TerrainCost; 4],
    pub objectives: Vec<u8>,
    pub required: u8,
    pub holder: u8,
    pub first: u8,
    pub turns: u8,
    /// Each side's starting infantry points (93).
    pub infantry_points: [u16; 2],
    /// What stepping from each hex in each direction costs infantry (MF) and vehicles (MP),
    /// climbing included; `u8::MAX` where they may not.
    pub step_mf: Vec<[u8; 6]>,
    pub step_mp: Vec<[u8; 6]>,
    /// The same tables as sets of hexes, for finding every hex in reach at once.
    pub steps_mf: StepSets,
    pub steps_mp: StepSets,
    /// Each side's counters, as a set of counter numbers.
    pub sides: [u64; 2],
    /// The AFVs, as a set of counter numbers (asked often: a set reads faster than the
    /// counters' definitions).
    pub vehicles: u64,
    /// The squads and guns: what counts against infantry stacking (SL 6, 92.2).
    pub squads_and_guns: u64,
    /// The infantry (squads and leaders), and the leaders alone.
    pub infantry: u64,
    pub leaders: u64,
}

impl Ruleset {
    pub fn new(data: DataSet, origins: &Origins<3>) -> Result<Ruleset, DataError> {
        check_charts(&data, origins.get(0))?;
        check_counters(&data, origins.get(1))?;
        let file = origins.get(2);
        let board = Board::load(&data.scenario.board, file, data.scenario.rules.covered_arc)?;
        let units = data
            .scenario
            .setup
            .iter()
            .map(|s| unit(&data, &board, s, origins))
            .collect::<Result<Vec<_>, _>>()?;
        let s = &data.scenario.scenario;
        let at = At::new(file, "scenario");
        check_names(&data, file)?;
        if units.is_empty() || units.len() > MAX_UNITS {
            return Err(At::new(file, "setup").err(
                "-",
                format!("{} counters: a scenario has 1-{MAX_UNITS}", units.len()),
            ));
        }
        // A side with no counter has no game to play: it would be decided before its turn.
        if let Some(empty) = [0, 1]
            .into_iter()
            .find(|&side| !units.iter().any(|u| u.side == side))
        {
            return Err(At::new(file, "setup").err(
                SIDES[usize::from(empty)],
                "no counter of this side is set up: each side needs at least one",
            ));
        }
        check_setup_hexes(&data, &board, &units, At::new(file, "setup"))?;
        let objectives = s
            .objectives
            .iter()
            .map(|h| {
                board
                    .hex(h)
                    .ok_or_else(|| at.err("objectives", format!("'{h}' is not a hex of the board")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        // One hex held counts once: a hex listed twice would count twice towards `required`.
        if let Some(i) = crate::engine::data::first_repeat(&objectives) {
            let h = &s.objectives[i];
            return Err(at.err("objectives", format!("'{h}' is listed twice")));
        }
        // The Germans' objectives are kept as the bits of a u8 (`State::german_objectives`).
        if objectives.is_empty() || objectives.len() > 8 {
            return Err(at.err(
                "objectives",
                format!(
                    "{} objectives are out of range 1–8 (the engine's u8 of held objectives)",
                    objectives.len()
                ),
            ));
        }
        let required = Limit {
            lo: 1,
            hi: objectives.len() as u8,
            basis: "objectives the Germans must control, at least one and at most all",
        };
        required.check_at(at, "required", "required", s.required)?;
        TURNS.check_at(at, "turns", "turns", s.turns)?;
        // 93.1: "all infantry counters (squads, leaders, crews) … Do not count support
        // weapons or vehicles or their inherent crews": an AT gun counts its crew's points.
        let infantry_points = [0, 1].map(|side| {
            units
                .iter()
                .filter(|u| u.side == side && matches!(u.kind, Kind::Squad | Kind::Leader))
                .map(|u| u.points)
                .chain(
                    units
                        .iter()
                        .filter(|u| u.side == side)
                        .map(|u| u.crew_points),
                )
                .sum()
        });
        let t = &data.charts.terrain;
        let (step_mf, step_mp) = step_costs(&board, &data.charts);
        let counters = |keep: &dyn Fn(&UnitDef) -> bool| {
            (units.iter().enumerate())
                .filter(|(_, u)| keep(u))
                .fold(0, |set, (i, _)| set | 1 << i)
        };
        let sides = [0, 1].map(|side| counters(&|u| u.side == side));
        Ok(Ruleset {
            sides,
            vehicles: counters(&|u| u.kind == Kind::Vehicle),
            squads_and_guns: counters(&|u| matches!(u.kind, Kind::Squad | Kind::Gun)),
            infantry: counters(&|u| matches!(u.kind, Kind::Squad | Kind::Leader)),
            leaders: counters(&|u| u.kind == Kind::Leader),
            steps_mf: StepSets::new(&board, &step_mf),
            steps_mp: StepSets::new(&board, &step_mp),
            step_mf,
            step_mp,
            options: data.scenario.rules.clone(),
            ift: data.charts.infantry_fire_table.columns.clone(),
            terrain: [t.open, t.woods, t.wooden_building, t.stone_building],
            required: s.required,
            holder: side(&s.holder, at, "holder")?,
            first: side(&s.first, at, "first")?,
            turns: s.turns,
            objectives,
            infantry_points,
            units,
            board,
            data,
        })
    }

    pub fn def(&self, u: usize) -> &UnitDef {
        &self.units[u]
    }

    /// What entering a hex costs.
    pub fn cost(&self, hex: u8) -> TerrainCost {
        self.terrain[self.board.terrain[hex as usize] as usize]
    }

    /// The TEM of a hex.
    pub fn tem(&self, hex: u8) -> i8 {
        self.cost(hex).tem
    }

    /// The index of a range band of the TO HIT table, or `None` beyond the last.
    pub fn band(&self, range: u8) -> Option<usize> {
        self.data
            .charts
            .to_hit
            .ranges
            .iter()
            .position(|&r| range <= r)
    }

    /// Each side's total Design-Your-Own points.
    pub fn points(&self, side: u8) -> u32 {
        self.units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| {
                u32::from(u.points)
                    + u32::from(u.crew_points)
                    + u.sw
                        .as_ref()
                        .map_or(0, |_| u32::from(sw_points(&self.data, u)))
            })
            .sum()
    }
}

/// Every step's cost on the board (SL 5.5, 30.4 reconstructed; 79.2 climbing).
fn step_costs(board: &Board, charts: &data::Charts) -> (Vec<[u8; 6]>, Vec<[u8; 6]>) {
    let t = &charts.terrain;
    let step = |from: usize, dir: usize, vehicle: bool| {
        let to = board.neighbour[from][dir];
        if to == super::board::NO_HEX {
            return u8::MAX;
        }
        let c = charts.terrain_cost(board.terrain[to as usize]);
        let climb = board.level[to as usize] > board.level[from];
        match vehicle {
            true if c.mp == 0 => u8::MAX,
            true => c.mp + if climb { t.climb_mp } else { 0 },
            false => c.mf + if climb { t.climb_mf } else { 0 },
        }
    };
    let table = |vehicle: bool| {
        (0..board.len())
            .map(|h| std::array::from_fn(|d| step(h, d, vehicle)))
            .collect()
    };
    (table(false), table(true))
}

/// A table of step costs taken a whole set of hexes at a time, to find every hex in reach
/// with a few shifts per cost. A step's cost depends only on the hex entered and the level of
/// the hex left (its terrain, and climbing: 79.2), so the neighbours of the hexes on one level
/// are found with one shift per direction and row parity, then split by what entering costs.
#[derive(Clone, Debug)]
pub struct StepSets {
    /// Each shift of hex number up to a neighbour (east, south-east and south-west: on an
    /// even or odd row, four distinct shifts in all), and the hexes that have a neighbour
    /// there; unused entries have no hexes. Fixed arrays, so that `neighbours` is eight shifts
    /// without a branch.
    up: [(u32, u128); 4],
    /// The same for the shifts down (west, north-west and north-east).
    down: [(u32, u128); 4],
    /// The board's width, and the hexes with a neighbour at each shift up (1, w-1, w, w+1) and
    /// down: with the width a constant, the shifts compile to immediates (`neighbours`).
    width: u32,
    up_by_shift: [u128; 4],
    down_by_shift: [u128; 4],
    /// The hexes on each level.
    pub levels: [u128; 3],
    /// From a hex on each level: the hexes entered at each cost, cheapest first (those it
    /// may not enter left out).
    pub entered: [Vec<(u8, u128)>; 3],
}

impl StepSets {
    pub(super) fn new(board: &Board, steps: &[[u8; 6]]) -> StepSets {
        let mut sets = StepSets {
            up: [(0, 0); 4],
            down: [(0, 0); 4],
            width: u32::from(board.cols),
            up_by_shift: [0; 4],
            down_by_shift: [0; 4],
            levels: [0; 3],
            entered: Default::default(),
        };
        for (h, costs) in steps.iter().enumerate() {
            let level = board.level[h] as usize;
            sets.levels[level] |= 1 << h;
            for (&to, &cost) in board.neighbour[h].iter().zip(costs) {
                if to == super::board::NO_HEX {
                    continue;
                }
                let (shifts, shift) = match to > h as u8 {
                    true => (&mut sets.up, u32::from(to) - h as u32),
                    false => (&mut sets.down, h as u32 - u32::from(to)),
                };
                // Rows of width w, odd rows shifted east ("odd-r", `Board::load`): the
                // neighbours of higher number lie at +1, +w-1, +w or +w+1, at most four shifts.
                let slot = shifts
                    .iter()
                    .position(|&(s, from)| s == shift || from == 0)
                    .expect("at most four shifts each way");
                shifts[slot].0 = shift;
                shifts[slot].1 |= 1 << h;
                if cost == u8::MAX {
                    continue;
                }
                let entered = &mut sets.entered[level];
                match entered.iter_mut().find(|(c, _)| *c == cost) {
                    Some((_, hexes)) => *hexes |= 1 << to,
                    None => entered.push((cost, 1 << to)),
                }
            }
        }
        let w = sets.width;
        for (by_shift, shifts) in [
            (&mut sets.up_by_shift, &sets.up),
            (&mut sets.down_by_shift, &sets.down),
        ] {
            for &(shift, hexes) in shifts.iter().filter(|&&(_, hexes)| hexes != 0) {
                if let Some(i) = [1, w.wrapping_sub(1), w, w + 1]
                    .iter()
                    .position(|&k| k == shift)
                {
                    by_shift[i] |= hexes;
                }
            }
        }
        for entered in &mut sets.entered {
            entered.sort_by_key(|&(cost, _)| cost);
            let hexes = || entered.iter().map(|&(_, hexes)| hexes);
            debug_assert_eq!(
                hexes().map(u128::count_ones).sum::<u32>(),
                hexes().fold(0, |all, h| all | h).count_ones(),
                "a hex entered at two costs from one level: costs depend on more than it"
            );
        }
        sets
    }

    /// The hexes next to those of `set`.
    pub fn neighbours(&self, set: u128) -> u128 {
        // The search's inner loop: a board of a common width takes its shifts as constants.
        match self.width {
            8 => self.neighbours_at::<8>(set),
            9 => self.neighbours_at::<9>(set),
            10 => self.neighbours_at::<10>(set),
            11 => self.neighbours_at::<11>(set),
            12 => self.neighbours_at::<12>(set),
            13 => self.neighbours_at::<13>(set),
            14 => self.neighbours_at::<14>(set),
            15 => self.neighbours_at::<15>(set),
            16 => self.neighbours_at::<16>(set),
            _ => self.neighbours_any(set),
        }
    }

    /// `neighbours` on a board `W` hexes wide (the shifts up are 1, W-1, W and W+1).
    fn neighbours_at<const W: u32>(&self, set: u128) -> u128 {
        let (u, d) = (&self.up_by_shift, &self.down_by_shift);
        (set & u[0]) << 1
            | (set & u[1]) << (W - 1)
            | (set & u[2]) << W
            | (set & u[3]) << (W + 1)
            | (set & d[0]) >> 1
            | (set & d[1]) >> (W - 1)
            | (set & d[2]) >> W
            | (set & d[3]) >> (W + 1)
    }

    /// `neighbours` on a board of any width.
    pub(super) fn neighbours_any(&self, set: u128) -> u128 {
        let mut next = 0;
        for i in 0..4 {
            let (up, from_below) = self.up[i];
            let (down, from_above) = self.down[i];
            next |= (set & from_below) << up | (set & from_above) >> down;
        }
        next
    }
}

fn sw_points(data: &DataSet, u: &UnitDef) -> u16 {
    let sw = u.sw.as_ref().map(|w| w.id.as_str());
    data.counters
        .support_weapons
        .weapons
        .iter()
        .find(|w| Some(w.id.as_str()) == sw && SIDES[u.side as usize] == w.side)
        .map_or(0, |w| w.points)
}

fn side(name: &str, at: At, entry: &str) -> Result<u8, DataError> {
    SIDES
        .iter()
        .position(|s| *s == name)
        .map(|i| i as u8)
        .ok_or_else(|| at.err(entry, format!("side '{name}': use germans or russians")))
}

// ------------------------------------------------------------------------- ranges
//
// Every numeric field of the three files, with the range the rules give it or, where the text
// (whose Squad Leader charts and listings are missing) prints none, the range the engine's
// arithmetic allows; each basis says which.

/// An IFT column's firepower: "the 36+/200+ column of the IFT" is the last (63.8).
const IFT_FP: Limit<u8> = Limit {
    lo: 1,
    hi: 36,
    basis: "an Infantry Fire Table column, 1 to 36+, 63.8",
};
/// The highest final roll of an IFT result: 2d6 (2-12) with its DRMs; compared as i8.
const IFT_ROLL: Limit<i8> = Limit {
    lo: -4,
    hi: 20,
    basis: "a final 2d6 IFT roll with its DRMs; the SL chart is missing",
};
/// The TEM (digest 2.2: woods +1, wooden building +2, stone building +3, from 92.8, 98, 101);
/// a target's DRMs stay small in i8 (`fire::target_drm`).
const TEM: Limit<i8> = Limit {
    lo: 0,
    hi: 5,
    basis: "Terrain Effects Modifier: woods +1 to stone building +3, 92.8, 98, 101",
};
/// Infantry MF to enter: SL 5.5 (missing); a step costs at most 6 + 6 climbing (`MF_CLIMB`).
const MF_COST: Limit<u8> = Limit {
    lo: 1,
    hi: 6,
    basis: "MF to enter, SL 5.5 (missing); a squad has 4 MF, 73.3",
};
/// Vehicle MP to enter (0: may not); a step costs at most 10 + 10 climbing, below `u8::MAX`
/// (no entry) and within the 64 costs `movement::reach` counts.
const MP_COST: Limit<u8> = Limit {
    lo: 0,
    hi: 10,
    basis: "MP to enter, SL 30.4 (missing), 0 where vehicles may not; a Tiger has 13 MP, 79.2",
};
const MF_CLIMB: Limit<u8> = Limit {
    lo: 0,
    hi: 6,
    basis: "MF to climb a level, as an MF cost; the rules print no limit",
};
const MP_CLIMB: Limit<u8> = Limit {
    lo: 0,
    hi: 10,
    basis: "MP to climb a level, 79.2: 4 MP plus the terrain",
};
/// Point blank ×2 and long range up to ×2 the normal range: a squad's range ≤ 30 × 4 stays
/// in u8 (`fire::firepower`).
const FIRE_FACTOR: Limit<u8> = Limit {
    lo: 1,
    hi: 4,
    basis: "SL fire multipliers: point blank x2, long range up to twice the normal (digest 2.2)",
};
const MOVING_IN_OPEN: Limit<i8> = Limit {
    lo: -4,
    hi: 0,
    basis: "the DRM for moving in the open, -2, 63.75, 80.33",
};
const PER_HEX: Limit<u8> = Limit {
    lo: 1,
    hi: 6,
    basis: "stacking a hex: three squads, 92.2, and a vehicles' limit of the same size",
};
/// Desperation Morale, added to an i8 rally roll (`phases::rally_roll`).
const DESPERATION: Limit<u8> = Limit {
    lo: 0,
    hi: 6,
    basis: "Desperation Morale: 4, SS 2, 83.2",
};
/// MF, plus 2 at Double Time (73.3), within `movement::reach`'s 64 costs.
const MF: Limit<u8> = Limit {
    lo: 1,
    hi: 12,
    basis: "Movement Factors: a squad 4, a leader 6, 73.3",
};
/// A TO HIT number on 2d6 (33.3, missing).
const TO_HIT: Limit<i8> = Limit {
    lo: 0,
    hi: 12,
    basis: "a TO HIT number on 2d6, 33.3",
};
/// The upper end of a TO HIT range band, in hexes (a board distance, u8).
const RANGE_BAND: Limit<u8> = Limit {
    lo: 1,
    hi: u8::MAX,
    basis: "the last range of a TO HIT band in hexes, 33.3, 65.2",
};
/// A Case DRM of the TO HIT roll; with every other DRM (64.2-76.6, at most about 20) the
/// total stays far inside i8 (`ordnance::to_hit`).
const TO_HIT_DRM: Limit<i8> = Limit {
    lo: 0,
    hi: 6,
    basis: "a TO HIT Case DRM: turret +2, hull or gun +4 (Case A, 63.19, 64.123, 70.8); the \
            rules print no limit",
};
/// A Close Combat odds term: `melee::cc_kill_number` compares attack × d with defence × a in
/// u16, attack ≤ 32 counters × 40 FP: 1,280 × 50 = 64,000 ≤ 65,535.
const CC_ODDS: Limit<u8> = Limit {
    lo: 1,
    hi: 50,
    basis: "a Close Combat odds term, SL 20.3 (missing: 1-4 to 8-1); the engine's u16 odds",
};
/// A kill number on 2d6 with DRMs: Close Combat (SL 20.3) and AFV KILL (33.4), both missing.
const KILL: Limit<i8> = Limit {
    lo: 0,
    hi: 20,
    basis: "a kill number for 2d6 with DRMs, SL 20.3, 33.4",
};
const AFV_DEFENSE: Limit<u8> = Limit {
    lo: 1,
    hi: 20,
    basis: "an AFV's defensive firepower in Close Combat, 72.8",
};
/// Printed firepower: the IFT's columns stop at 36 (63.8); squad + weapon ≤ 40 a counter.
const FIREPOWER: Limit<u8> = Limit {
    lo: 1,
    hi: 20,
    basis: "printed firepower, 2 to 6 in the DYO list (p. 82); the rules print no limit",
};
/// Printed normal range in hexes; long range (×4 at most) stays in u8.
const RANGE: Limit<u8> = Limit {
    lo: 1,
    hi: 30,
    basis: "printed normal range in hexes, 2 to 10 in the DYO list (p. 82)",
};
/// Morale: a 2d6 Morale Check passes at or under it.
const MORALE: Limit<u8> = Limit {
    lo: 2,
    hi: 12,
    basis: "a 2d6 Morale Check at or under it, SL 12, 76.3",
};
/// Breakdown: a 2d6 roll of it or more jams the weapon; one lower when inexperienced (94.3).
const BREAKDOWN: Limit<u8> = Limit {
    lo: 2,
    hi: 12,
    basis: "a 2d6 TO HIT or IFT roll of it or more, B12 when unprinted, 63.18",
};
/// Design-Your-Own points. 32 counters stay within the u16 totals (93.1 infantry points, and
/// casualty points doubled for prisoners, 89).
const POINTS: Limit<u16> = Limit {
    lo: 0,
    hi: 1000,
    basis: "DYO points, 14 to 60 on p. 82; the rules print no limit",
};
const VEHICLE_POINTS: Limit<u16> = Limit {
    lo: 0,
    hi: 2000,
    basis: "BPV x rarity, p. 61 (the listings are missing); the rules print no limit",
};
/// A leader's modifier (negative helps): 8-1 is -1 (p. 82); added to i8 rolls.
const LEADER_MODIFIER: Limit<i8> = Limit {
    lo: -4,
    hi: 2,
    basis: "a leadership DRM, 8-1: -1 (p. 82)",
};
const ARMOR_LEADER_MODIFIER: Limit<i8> = Limit {
    lo: -4,
    hi: 0,
    basis: "an armour leader's modifier to the TO HIT roll, 76.6",
};
const CALIBRE: Limit<u16> = Limit {
    lo: 20,
    hi: 400,
    basis: "63: weapons of 20mm or more are guns; 63.12: the size in mm",
};
const ROF: Limit<u8> = Limit {
    lo: 1,
    hi: 4,
    basis: "rate of fire, 63.14, 70.1: an AT gun 2",
};
/// The IFT column of the gun's HE (63.2: 50mm is 6, 100.5: 120mm is 24); ×2 for ROF 2 in an
/// overrun stays in u16 (`movement::overrun`).
const HE_FP: Limit<u8> = Limit {
    lo: 0,
    hi: 36,
    basis: "the IFT column of its HE, 63.2, 100.5, at most 36, 63.8",
};
/// A vehicle's MP: with 3 past it (79.2) within `movement::reach`'s 64 costs.
const VEHICLE_MP: Limit<u8> = Limit {
    lo: 1,
    hi: 40,
    basis: "Movement Points, a Tiger 13, 79.2",
};
const ARMOR: Limit<i8> = Limit {
    lo: -4,
    hi: 6,
    basis: "an armour modifier added to the KILL roll, 64.3",
};
/// AFV MG firepower; bow + coaxial ≤ 24 stays in u8 (`movement::overrun`, `melee`).
const MG: Limit<u8> = Limit {
    lo: 0,
    hi: 12,
    basis: "AFV MG firepower, 64.4",
};
/// Game turns: the text's scenarios are missing; the state counts turns in a u8.
const TURNS: Limit<u8> = Limit {
    lo: 1,
    hi: 20,
    basis: "game turns of a DYO scenario (p. 82); the rules print no limit",
};

/// Checks the charts' values against the ranges the rules give them.
fn check_charts(d: &DataSet, file: &str) -> Result<(), DataError> {
    let c = &d.charts;
    if c.sequence_of_play
        .phases
        .iter()
        .map(String::as_str)
        .ne(data::PHASES)
    {
        return Err(At::new(file, "sequence_of_play").err(
            "phases",
            format!("the engine plays {}", data::PHASES.join(", ")),
        ));
    }
    let at = At::new(file, "infantry_fire_table");
    let cols = &c.infantry_fire_table.columns;
    if cols.is_empty() || cols.len() > 16 || cols[0].fp != 1 {
        return Err(at.err("columns", "1-16 columns, the first the 1 column"));
    }
    for (i, col) in cols.iter().enumerate() {
        let entry = format!("fp = {}", col.fp);
        IFT_FP.check_at(at, &entry, "fp", col.fp)?;
        for (field, v) in [
            ("kia", col.kia),
            ("mc3", col.mc3),
            ("mc2", col.mc2),
            ("mc1", col.mc1),
            ("mc", col.mc),
        ] {
            IFT_ROLL.check_at(at, &entry, field, v)?;
        }
        let ordered =
            col.kia <= col.mc3 && col.mc3 <= col.mc2 && col.mc2 <= col.mc1 && col.mc1 <= col.mc;
        if !ordered || (i > 0 && col.fp <= cols[i - 1].fp) {
            return Err(at.err(
                entry,
                "columns rise in firepower, and kia <= mc3 <= mc2 <= mc1 <= mc",
            ));
        }
        // 63.24, 63.8: a column to the right is the stronger fire, so no result needs a
        // lower roll there than in the column to its left.
        if let Some(left) = i.checked_sub(1).map(|k| &cols[k]) {
            let rows = |c: &data::FireColumn| [c.kia, c.mc3, c.mc2, c.mc1, c.mc];
            let names = ["kia", "mc3", "mc2", "mc1", "mc"];
            let weaker = (0..5).find(|&k| rows(col)[k] < rows(left)[k]);
            if let Some(k) = weaker {
                return Err(at.err(
                    entry,
                    format!(
                        "{} {} is below the {} column's {}: a stronger column gives each \
                         result on a roll at least as high (63.24, 63.8)",
                        names[k],
                        rows(col)[k],
                        left.fp,
                        rows(left)[k]
                    ),
                ));
            }
        }
    }
    let t = &c.terrain;
    let at = At::new(file, "terrain");
    for (name, tc) in [
        ("open", t.open),
        ("woods", t.woods),
        ("wooden_building", t.wooden_building),
        ("stone_building", t.stone_building),
    ] {
        TEM.check_at(at, name, "tem", tc.tem)?;
        MF_COST.check_at(at, name, "mf", tc.mf)?;
        MP_COST.check_at(at, name, "mp", tc.mp)?;
        if name == "open" && tc.mp == 0 {
            return Err(at.err(name, "mp 0: open ground must be enterable by vehicles"));
        }
    }
    MF_CLIMB.check_at(at, "climb_mf", "climb_mf", t.climb_mf)?;
    MP_CLIMB.check_at(at, "climb_mp", "climb_mp", t.climb_mp)?;
    let h = &c.to_hit;
    let at = At::new(file, "to_hit");
    if h.ranges.is_empty()
        || h.ranges.len() > 8
        || h.vehicle.len() != h.ranges.len()
        || h.infantry.len() != h.ranges.len()
        || !h.ranges.windows(2).all(|w| w[0] < w[1])
    {
        return Err(at.err(
            "ranges",
            "1-8 increasing range bands, with a vehicle and an infantry number for each",
        ));
    }
    for &r in &h.ranges {
        RANGE_BAND.check_at(at, "ranges", "range", r)?;
    }
    for (field, numbers) in [("vehicle", &h.vehicle), ("infantry", &h.infantry)] {
        for &n in numbers.iter() {
            TO_HIT.check_at(at, field, field, n)?;
        }
        // 33.3: a farther target is no easier to hit.
        if let Some(w) = numbers.windows(2).find(|w| w[1] > w[0]) {
            return Err(at.err(
                field,
                format!(
                    "{} after {}: the TO HIT numbers fall (or stay) as the range grows (33.3)",
                    w[1], w[0]
                ),
            ));
        }
    }
    for (field, v) in [
        ("turret_turn_drm", h.turret_turn_drm),
        ("hull_turn_drm", h.hull_turn_drm),
        ("firer_moved_drm", h.firer_moved_drm),
    ] {
        TO_HIT_DRM.check_at(at, field, field, v)?;
    }
    // 70.8 and 63.19 print a turret's Case A as +2: the text's value, not a reconstruction, so
    // another is refused rather than shown as the book's (trial 20a F1).
    if h.turret_turn_drm != MOUNT_360_TURNING {
        return Err(at.err(
            "turret_turn_drm",
            format!(
                "turret_turn_drm {} is not the +{MOUNT_360_TURNING} that 70.8 and 63.19 print for a \
                 turret firing outside its Covered Arc (Case A)",
                h.turret_turn_drm
            ),
        ));
    }
    // 63.19: a 360° mount turns "with a much smaller TO HIT DRM (+2, case A)" than an ordinary
    // gun's rotation in place, so the reconstructed hull (or gun) turn must cost more than +2.
    if h.hull_turn_drm <= MOUNT_360_TURNING {
        return Err(at.err(
            "hull_turn_drm",
            format!(
                "hull_turn_drm {} is not above the 360° mount's +{MOUNT_360_TURNING} (63.19: \
                 the mount's +2 is \"much smaller\" than an ordinary gun's rotation)",
                h.hull_turn_drm
            ),
        ));
    }
    let cc = &c.close_combat;
    let at = At::new(file, "close_combat");
    if cc.odds.is_empty() {
        return Err(at.err("odds", "no odds column: give one per kill number"));
    }
    // The field that is off is the kill list (trial 20a F6: the odds were blamed).
    if cc.odds.len() != cc.kill.len() {
        return Err(at.err(
            "kill",
            format!(
                "{} kill numbers for {} odds columns: give one per odds column",
                cc.kill.len(),
                cc.odds.len()
            ),
        ));
    }
    for o in &cc.odds {
        CC_ODDS.check_at(at, "odds", "odds attacker", o[0])?;
        CC_ODDS.check_at(at, "odds", "odds defender", o[1])?;
    }
    // `melee::cc_kill_number` takes the last column an attack reaches, so the columns rise
    // (1-4, 1-3, … 8-1): any other order, or a column twice, would read another column.
    let ratio = |o: &[u8; 2]| (u32::from(o[0]), u32::from(o[1]));
    for w in cc.odds.windows(2) {
        let ((a0, d0), (a1, d1)) = (ratio(&w[0]), ratio(&w[1]));
        if a1 * d0 <= a0 * d1 {
            return Err(at.err(
                "odds",
                format!(
                    "{}-{} after {}-{}: the odds columns rise from left to right",
                    a1, d1, a0, d0
                ),
            ));
        }
    }
    for &k in &cc.kill {
        KILL.check_at(at, "kill", "kill", k)?;
    }
    // Better odds kill no less often: the kill numbers do not fall from column to column.
    if let Some(w) = cc.kill.windows(2).find(|w| w[1] < w[0]) {
        return Err(at.err(
            "kill",
            format!(
                "{} after {}: the kill numbers rise (or stay) with the odds",
                w[1], w[0]
            ),
        ));
    }
    AFV_DEFENSE.check_at(at, "afv_defense", "afv_defense", cc.afv_defense)?;
    let m = &c.morale;
    let at = At::new(file, "morale");
    DESPERATION.check_at(at, "desperation", "desperation", m.desperation)?;
    DESPERATION.check_at(at, "desperation_ss", "desperation_ss", m.desperation_ss)?;
    for (field, v) in [
        ("squad_mf", m.squad_mf),
        ("leader_mf", m.leader_mf),
        ("with_leader_mf", m.with_leader_mf),
    ] {
        MF.check_at(at, field, field, v)?;
    }
    let f = &c.fire;
    let at = At::new(file, "fire");
    FIRE_FACTOR.check_at(
        at,
        "point_blank_multiplier",
        "point_blank_multiplier",
        f.point_blank_multiplier,
    )?;
    FIRE_FACTOR.check_at(
        at,
        "long_range_factor",
        "long_range_factor",
        f.long_range_factor,
    )?;
    MOVING_IN_OPEN.check_at(
        at,
        "moving_in_open_drm",
        "moving_in_open_drm",
        f.moving_in_open_drm,
    )?;
    PER_HEX.check_at(at, "squads_per_hex", "squads_per_hex", f.squads_per_hex)?;
    PER_HEX.check_at(
        at,
        "vehicles_per_hex",
        "vehicles_per_hex",
        f.vehicles_per_hex,
    )?;
    Ok(())
}

/// Every counter of counters.toml, used by the scenario or not: its values in range, its id
/// used once a side, and what it names (a vehicle's or AT gun's gun, an AT gun's crew) there.
fn check_counters(d: &DataSet, file: &str) -> Result<(), DataError> {
    let k = &d.counters;
    let bands = d.charts.to_hit.ranges.len();
    let twice = |table: &str, ids: &[(&str, &str)]| match first_repeat(ids) {
        Some(i) => {
            Err(At::new(file, table).err(ids[i].0, format!("'{}' is listed twice", ids[i].0)))
        }
        None => Ok(()),
    };
    let at = At::new(file, "infantry");
    // A counter's side is checked even where no set-up uses the counter yet.
    for i in &k.infantry.units {
        side(&i.side, at, &i.id)?;
        FIREPOWER.check_at(at, &i.id, "fp", i.fp)?;
        RANGE.check_at(at, &i.id, "range", i.range)?;
        MORALE.check_at(at, &i.id, "morale", i.morale)?;
        POINTS.check_at(at, &i.id, "points", i.points)?;
    }
    let at = At::new(file, "leaders");
    for l in &k.leaders.units {
        side(&l.side, at, &l.id)?;
        MORALE.check_at(at, &l.id, "morale", l.morale)?;
        LEADER_MODIFIER.check_at(at, &l.id, "modifier", l.modifier)?;
        POINTS.check_at(at, &l.id, "points", l.points)?;
    }
    let at = At::new(file, "support_weapons");
    for w in &k.support_weapons.weapons {
        side(&w.side, at, &w.id)?;
        FIREPOWER.check_at(at, &w.id, "fp", w.fp)?;
        RANGE.check_at(at, &w.id, "range", w.range)?;
        BREAKDOWN.check_at(at, &w.id, "breakdown", w.breakdown)?;
        POINTS.check_at(at, &w.id, "points", w.points)?;
    }
    let at = At::new(file, "guns");
    for g in &k.guns.guns {
        CALIBRE.check_at(at, &g.id, "calibre", g.calibre)?;
        ROF.check_at(at, &g.id, "rof", g.rof)?;
        BREAKDOWN.check_at(at, &g.id, "breakdown", g.breakdown)?;
        HE_FP.check_at(at, &g.id, "he_fp", g.he_fp)?;
        if g.kill.len() != bands {
            return Err(at.err(
                &g.id,
                format!(
                    "kill: {} numbers; give {bands}, one per TO HIT range band (33.4, 65.2)",
                    g.kill.len()
                ),
            ));
        }
        for &n in &g.kill {
            KILL.check_at(at, &g.id, "kill", n)?;
        }
        // 33.4: a gun's penetration does not grow with range.
        if let Some(w) = g.kill.windows(2).find(|w| w[1] > w[0]) {
            return Err(at.err(
                &g.id,
                format!(
                    "kill: {} after {}: the KILL numbers fall (or stay) as the range grows (33.4)",
                    w[1], w[0]
                ),
            ));
        }
    }
    twice(
        "guns",
        &k.guns
            .guns
            .iter()
            .map(|g| (g.id.as_str(), ""))
            .collect::<Vec<_>>(),
    )?;
    let gun = |table: &str, entry: &str, id: &str| {
        if k.guns.guns.iter().any(|g| g.id == id) {
            Ok(())
        } else {
            Err(At::new(file, table).err(entry, format!("gun '{id}' is not in [guns]")))
        }
    };
    let at = At::new(file, "vehicles");
    for v in &k.vehicles.vehicles {
        side(&v.side, at, &v.id)?;
        VEHICLE_MP.check_at(at, &v.id, "mp", v.mp)?;
        ARMOR.check_at(at, &v.id, "front", v.front)?;
        ARMOR.check_at(at, &v.id, "side_rear", v.side_rear)?;
        MG.check_at(at, &v.id, "bow_mg", v.bow_mg)?;
        MG.check_at(at, &v.id, "coax_mg", v.coax_mg)?;
        VEHICLE_POINTS.check_at(at, &v.id, "points", v.points)?;
        gun("vehicles", v.id.as_str(), v.gun.as_str())?;
    }
    let at = At::new(file, "at_guns");
    for g in &k.at_guns.guns {
        side(&g.side, at, &g.id)?;
        ROF.check_at(at, &g.id, "rof", g.rof)?;
        POINTS.check_at(at, &g.id, "points", g.points)?;
        gun("at_guns", g.id.as_str(), g.gun.as_str())?;
        let crew = k
            .infantry
            .units
            .iter()
            .any(|i| i.id == g.crew && i.side == g.side && i.crew);
        if !crew {
            return Err(at.err(
                &g.id,
                format!(
                    "crew '{}' is not a {} crew counter (crew = true) of [infantry]",
                    g.crew, g.side
                ),
            ));
        }
    }
    let tables = placeable_ids(k);
    for (table, ids) in &tables {
        twice(table, ids)?;
    }
    one_table_an_id(&tables, file)
}

/// A set-up entry names its counter by id and side alone, so an id is one table's a side: a
/// leader given a squad's id would be set up as the squad, unseen.
fn one_table_an_id(tables: &[(&str, Vec<(&str, &str)>)], file: &str) -> Result<(), DataError> {
    for (n, (table, ids)) in tables.iter().enumerate() {
        for &(id, side) in ids {
            let earlier = tables[..n].iter().find(|(_, e)| e.contains(&(id, side)));
            if let Some((first, _)) = earlier {
                return Err(At::new(file, table).err(
                    id,
                    format!(
                        "'{id}' is also the id of a {side} counter in [{first}]: a set-up entry \
                         names its counter by id, so each is one table's"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The (id, side) of every counter a set-up entry may name, by table.
fn placeable_ids(k: &data::Counters) -> [(&'static str, Vec<(&str, &str)>); 5] {
    [
        (
            "infantry",
            k.infantry
                .units
                .iter()
                .map(|u| (u.id.as_str(), u.side.as_str()))
                .collect(),
        ),
        (
            "leaders",
            k.leaders
                .units
                .iter()
                .map(|u| (u.id.as_str(), u.side.as_str()))
                .collect(),
        ),
        (
            "support_weapons",
            k.support_weapons
                .weapons
                .iter()
                .map(|w| (w.id.as_str(), w.side.as_str()))
                .collect(),
        ),
        (
            "vehicles",
            k.vehicles
                .vehicles
                .iter()
                .map(|v| (v.id.as_str(), v.side.as_str()))
                .collect(),
        ),
        (
            "at_guns",
            k.at_guns
                .guns
                .iter()
                .map(|g| (g.id.as_str(), g.side.as_str()))
                .collect(),
        ),
    ]
}

/// The log and the screen name each unit by its `name`, and the scenario by its own: none
/// may be empty, and no two units of the set-up may share one.
fn check_names(data: &DataSet, file: &str) -> Result<(), DataError> {
    let s = &data.scenario.scenario;
    for (key, text) in [("id", &s.id), ("name", &s.name)] {
        if text.trim().is_empty() {
            return Err(
                At::new(file, "scenario").err(key, format!("the scenario's {key} is empty"))
            );
        }
        crate::engine::data::check_name(key, text)
            .map_err(|m| At::new(file, "scenario").err(key, m))?;
    }
    let at = At::new(file, "setup");
    let names: Vec<String> = data
        .scenario
        .setup
        .iter()
        .map(|u| u.name.trim().to_lowercase())
        .collect();
    if let Some(i) = names.iter().position(|n| n.is_empty()) {
        return Err(at.err(
            format!("entry {}", i + 1),
            "the name is empty: the log names the unit by it",
        ));
    }
    match first_repeat(&names) {
        Some(i) => Err(at.err(
            &data.scenario.setup[i].name,
            "two units of the set-up have this name: the log could not tell them apart",
        )),
        None => Ok(()),
    }
}

/// What the board prints on the counter `id`: its `face`, or the id's first word; at most
/// five characters, so it fits on the counter, of those the board's font draws (ASCII), and
/// not blank (trial 20a F5: "漢漢" drew as empty boxes, "   " as a blank counter).
fn face(face: &Option<String>, id: &str, at: At) -> Result<String, DataError> {
    let text = face
        .clone()
        .unwrap_or_else(|| id.split([' ', '/']).next().unwrap_or(id).to_string());
    let drawn = text.chars().all(|c| c == ' ' || c.is_ascii_graphic());
    match text.chars().count() {
        1..=5 if drawn && !text.trim().is_empty() => Ok(text),
        _ => Err(at.err(
            id,
            format!(
                "face '{text}': give 1 to 5 letters, digits or signs (ASCII, not all spaces) \
                 to print on the counter"
            ),
        )),
    }
}

/// One counter of the set-up, with its values looked up in counters.toml.
fn unit(
    d: &DataSet,
    board: &Board,
    s: &data::SetupDef,
    origins: &Origins<3>,
) -> Result<UnitDef, DataError> {
    let at = At::new(origins.get(2), "setup");
    let name = s.name.as_str();
    let side = side(&s.side, at, name)?;
    let hex = board
        .hex(&s.hex)
        .ok_or_else(|| at.err(name, format!("hex '{}' is not on the board", s.hex)))?;
    let facing = match &s.facing {
        None => 0,
        Some(f) => board.covered_arc.parse(f).ok_or_else(|| {
            let names = format!(
                "{} or a hexspine, {}",
                DIRECTIONS.join(", "),
                SPINES.join(", ")
            );
            at.err(name, format!("facing '{f}': use a hexside, {names}"))
        })?,
    };
    let k = &d.counters;
    let mine = |s2: &str| s2 == s.side;
    let mut u = UnitDef {
        name: name.into(),
        counter: s.counter.clone(),
        face: s.counter.clone(),
        side,
        kind: Kind::Squad,
        fp: 0,
        range: 0,
        morale: 7,
        leadership: 0,
        points: 0,
        crew_points: 0,
        sw: None,
        gun: None,
        vehicle: None,
        armor_leader: false,
        hex,
        facing,
    };
    let counters = origins.get(1);
    if let Some(i) = k
        .infantry
        .units
        .iter()
        .find(|i| i.id == s.counter && mine(&i.side))
    {
        (u.fp, u.range, u.morale, u.points) = (i.fp, i.range, i.morale, i.points);
        // As printed, from its values: an edited firepower shows (trial 18a F6), whatever
        // the data's id says.
        u.face = format!("{}-{}-{}", i.fp, i.range, i.morale);
    } else if let Some(l) = k
        .leaders
        .units
        .iter()
        .find(|l| l.id == s.counter && mine(&l.side))
    {
        (u.kind, u.morale, u.leadership, u.points) = (Kind::Leader, l.morale, l.modifier, l.points);
        // As printed: morale, then the leadership modifier ("8-1", "6+1"); the data's id may
        // carry a mark of its own ("7-0R" tells the Russian 7-0 from the German one).
        u.face = match l.modifier {
            m if m > 0 => format!("{}+{m}", l.morale),
            m => format!("{}-{}", l.morale, m.unsigned_abs()),
        };
    } else if let Some(g) = k
        .at_guns
        .guns
        .iter()
        .find(|g| g.id == s.counter && mine(&g.side))
    {
        let crew = k
            .infantry
            .units
            .iter()
            .find(|i| i.id == g.crew && mine(&i.side))
            .ok_or_else(|| {
                At::new(counters, "at_guns").err(
                    &g.id,
                    format!(
                        "crew '{}' is not a {} counter of [infantry]",
                        g.crew, s.side
                    ),
                )
            })?;
        let mut gun = ordnance(d, &g.gun, counters, "at_guns", &g.id)?;
        (gun.rof, gun.shield) = (g.rof, g.shield);
        u.face = face(&g.face, &g.id, At::new(counters, "at_guns"))?;
        u.crew_points = crew.points;
        (u.kind, u.morale, u.fp, u.range, u.points, u.gun) = (
            Kind::Gun,
            crew.morale,
            crew.fp,
            crew.range,
            g.points,
            Some(gun),
        );
    } else if let Some(v) = k
        .vehicles
        .vehicles
        .iter()
        .find(|v| v.id == s.counter && mine(&v.side))
    {
        let size = match v.size.as_str() {
            "normal" => TargetSize::Normal,
            "red_front" => TargetSize::RedFront,
            "red_front_and_side" => TargetSize::RedFrontAndSide,
            "white_front" => TargetSize::WhiteFront,
            "white_front_and_side" => TargetSize::WhiteFrontAndSide,
            other => return Err(At::new(counters, "vehicles").err(&v.id, format!("size '{other}': use normal, red_front, red_front_and_side, white_front or white_front_and_side"))),
        };
        u.kind = Kind::Vehicle;
        u.points = v.points;
        u.face = face(&v.face, &v.id, At::new(counters, "vehicles"))?;
        u.gun = Some(ordnance(d, &v.gun, counters, "vehicles", &v.id)?);
        u.vehicle = Some(Vehicle {
            mp: v.mp,
            front: v.front,
            side_rear: v.side_rear,
            size,
            turret: v.turret,
            open_top: v.open_top,
            bow_mg: v.bow_mg,
            coax_mg: v.coax_mg,
        });
        if let Some(al) = s.armor_leader {
            // Checked whether or not 76 is in play: the value is in the file either way. With
            // 76 off the leaders are set aside, not refused, so the option turns off without
            // editing every AFV (decided for trial 17a F10).
            MORALE.check_at(at, name, "armor_leader morale", al.morale)?;
            ARMOR_LEADER_MODIFIER.check_at(at, name, "armor_leader modifier", al.modifier)?;
            if d.scenario.rules.armor_leaders {
                (u.morale, u.leadership, u.armor_leader) = (al.morale, al.modifier, true);
            }
        }
    } else {
        return Err(at.err(
            name,
            format!(
                "counter '{}' is not a {} counter of counters.toml",
                s.counter, s.side
            ),
        ));
    }
    if s.armor_leader.is_some() && u.kind != Kind::Vehicle {
        return Err(at.err(name, "only an AFV carries an armour leader (76)"));
    }
    // 63.11, 64.1: guns and AFVs face a hexspine or hexside; infantry has no facing.
    let faces = matches!(u.kind, Kind::Gun | Kind::Vehicle);
    if s.facing.is_some() && !faces {
        return Err(at.err(name, "only a gun or an AFV has a facing (63.11, 64.1)"));
    }
    // Set up without one, it would face the first hexside unasked.
    if s.facing.is_none() && faces {
        return Err(at.err(
            name,
            "a gun or an AFV is set up facing a hexside: give facing (63.11, 64.1)",
        ));
    }
    if let Some(sw) = &s.sw {
        let w = k
            .support_weapons
            .weapons
            .iter()
            .find(|w| &w.id == sw && mine(&w.side))
            .ok_or_else(|| {
                at.err(
                    name,
                    format!(
                        "support weapon '{sw}' is not a {} weapon of counters.toml",
                        s.side
                    ),
                )
            })?;
        if u.kind != Kind::Squad {
            return Err(at.err(name, "only a squad carries a support weapon here"));
        }
        u.sw = Some(Weapon {
            id: w.id.clone(),
            fp: w.fp,
            range: w.range,
            breakdown: w.breakdown,
        });
    }
    if u.kind == Kind::Vehicle && d.charts.terrain_cost(board.terrain[hex as usize]).mp == 0 {
        return Err(at.err(
            name,
            format!(
                "a vehicle cannot be in {} ({})",
                board.name(hex),
                board.terrain[hex as usize].name()
            ),
        ));
    }
    Ok(u)
}

fn ordnance(
    d: &DataSet,
    id: &str,
    file: &str,
    table: &str,
    entry: &str,
) -> Result<Ordnance, DataError> {
    let g = d
        .counters
        .guns
        .guns
        .iter()
        .find(|g| g.id == id)
        .ok_or_else(|| At::new(file, table).err(entry, format!("gun '{id}' is not in [guns]")))?;
    let suffix = match g.suffix.as_str() {
        "" => GunSuffix::Plain,
        "L" => GunSuffix::L,
        "LL" => GunSuffix::LL,
        "*" => GunSuffix::Star,
        other => {
            return Err(
                At::new(file, "guns").err(&g.id, format!("suffix '{other}': use \"\", L, LL or *"))
            )
        }
    };
    Ok(Ordnance {
        id: g.id.clone(),
        calibre: g.calibre,
        suffix,
        rof: g.rof,
        breakdown: g.breakdown,
        he_fp: g.he_fp,
        kill: g.kill.clone(),
        shield: false,
    })
}

impl data::Charts {
    pub fn terrain_cost(&self, t: Terrain) -> TerrainCost {
        let c = &self.terrain;
        match t {
            Terrain::Open => c.open,
            Terrain::Woods => c.woods,
            Terrain::WoodenBuilding => c.wooden_building,
            Terrain::StoneBuilding => c.stone_building,
        }
    }
}
