//! The scenario compiled from its data for play: every counter in the order of battle with
//! the values it fights with, the board, and the charts as small arrays. Loading checks every
//! value against the range the rules allow and every reference between the files.

use super::board::{Board, Terrain, DIRECTIONS};
use super::data::{self, DataError, DataSet, FireColumn, RuleOptions, TerrainCost, SIDES};
use super::modifiers::{GunSuffix, TargetSize};
use crate::engine::data::{At, Origins};

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
    pub side: u8,
    pub kind: Kind,
    pub fp: u8,
    pub range: u8,
    pub morale: u8,
    /// A leader's modifier (negative helps), or an armour leader's (76).
    pub leadership: i8,
    pub points: u16,
    pub sw: Option<Weapon>,
    pub gun: Option<Ordnance>,
    pub vehicle: Option<Vehicle>,
    /// 76: the AFV carries an armour leader (his morale is the crew's).
    pub armor_leader: bool,
    pub hex: u8,
    pub facing: u8,
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
}

impl Ruleset {
    pub fn new(data: DataSet, origins: &Origins<3>) -> Result<Ruleset, DataError> {
        check_charts(&data, origins.get(0))?;
        let file = origins.get(2);
        let board = Board::load(&data.scenario.board, file)?;
        let units = data
            .scenario
            .setup
            .iter()
            .map(|s| unit(&data, &board, s, origins))
            .collect::<Result<Vec<_>, _>>()?;
        let s = &data.scenario.scenario;
        let at = At::new(file, "scenario");
        if units.is_empty() || units.len() > MAX_UNITS {
            return Err(At::new(file, "setup").err(
                "-",
                format!("{} counters: a scenario has 1-{MAX_UNITS}", units.len()),
            ));
        }
        let objectives = s
            .objectives
            .iter()
            .map(|h| {
                board
                    .hex(h)
                    .ok_or_else(|| at.err("objectives", format!("'{h}' is not a hex of the board")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if objectives.is_empty()
            || objectives.len() > 8
            || s.required == 0
            || s.required as usize > objectives.len()
        {
            return Err(at.err(
                "required",
                format!(
                    "{} of {} objectives: give 1-8 objectives and require 1 to all of them",
                    s.required,
                    objectives.len()
                ),
            ));
        }
        if !(1..=20).contains(&s.turns) {
            return Err(at.err("turns", format!("{}: a scenario lasts 1-20 turns", s.turns)));
        }
        // 93.1: "Do not count support weapons or vehicles or their inherent crews."
        let infantry_points = [0, 1].map(|side| {
            units
                .iter()
                .filter(|u| u.side == side && matches!(u.kind, Kind::Squad | Kind::Leader))
                .map(|u| u.points)
                .sum()
        });
        let t = &data.charts.terrain;
        let (step_mf, step_mp) = step_costs(&board, &data.charts);
        let sides = [0, 1].map(|side| {
            (units.iter().enumerate())
                .filter(|(_, u)| u.side == side)
                .fold(0, |set, (i, _)| set | 1 << i)
        });
        Ok(Ruleset {
            sides,
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
    /// Each shift of hex number to a neighbour (a direction on an even or odd row), and the
    /// hexes that have a neighbour there.
    shifts: Vec<(i8, u128)>,
    /// The hexes on each level.
    pub levels: [u128; 3],
    /// From a hex on each level: the hexes entered at each cost, cheapest first (those it
    /// may not enter left out).
    pub entered: [Vec<(u8, u128)>; 3],
}

impl StepSets {
    fn new(board: &Board, steps: &[[u8; 6]]) -> StepSets {
        let mut sets = StepSets {
            shifts: Vec::new(),
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
                let shift = (to as i16 - h as i16) as i8;
                match sets.shifts.iter_mut().find(|(s, _)| *s == shift) {
                    Some((_, from)) => *from |= 1 << h,
                    None => sets.shifts.push((shift, 1 << h)),
                }
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
        self.shifts.iter().fold(0, |next, &(shift, from)| {
            let from = set & from;
            next | if shift >= 0 {
                from << shift
            } else {
                from >> -shift
            }
        })
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
        let ordered =
            col.kia <= col.mc3 && col.mc3 <= col.mc2 && col.mc2 <= col.mc1 && col.mc1 <= col.mc;
        if !ordered || col.kia < -4 || col.mc > 20 || (i > 0 && col.fp <= cols[i - 1].fp) {
            return Err(at.err(
                format!("fp = {}", col.fp),
                "columns rise in firepower, and kia <= mc3 <= mc2 <= mc1 <= mc within -4..20",
            ));
        }
    }
    let t = &c.terrain;
    for (name, tc) in [
        ("open", t.open),
        ("woods", t.woods),
        ("wooden_building", t.wooden_building),
        ("stone_building", t.stone_building),
    ] {
        if !(0..=5).contains(&tc.tem)
            || !(1..=6).contains(&tc.mf)
            || tc.mp > 10
            || (name == "open" && tc.mp == 0)
        {
            return Err(At::new(file, "terrain").err(name, "tem 0-5, mf 1-6, mp 0-10 (0: vehicles may not enter; open ground must be enterable)"));
        }
    }
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
    if h.vehicle
        .iter()
        .chain(&h.infantry)
        .any(|n| !(0..=12).contains(n))
    {
        return Err(at.err("vehicle", "TO HIT numbers are 0-12"));
    }
    let cc = &c.close_combat;
    if cc.odds.is_empty()
        || cc.odds.len() != cc.kill.len()
        || cc.odds.iter().any(|o| o[0] == 0 || o[1] == 0)
        || !(1..=20).contains(&cc.afv_defense)
    {
        return Err(At::new(file, "close_combat").err("odds", "one kill number per odds column, odds as [attacker, defender] of 1 or more, afv_defense 1-20"));
    }
    let m = &c.morale;
    if m.desperation > 6
        || m.desperation_ss > 6
        || !(1..=12).contains(&m.squad_mf)
        || !(1..=12).contains(&m.leader_mf)
        || !(1..=12).contains(&m.with_leader_mf)
    {
        return Err(At::new(file, "morale").err("-", "desperation 0-6, MF 1-12"));
    }
    let f = &c.fire;
    if !(1..=4).contains(&f.point_blank_multiplier)
        || !(1..=4).contains(&f.long_range_factor)
        || !(-4..=0).contains(&f.moving_in_open_drm)
        || !(1..=6).contains(&f.squads_per_hex)
        || !(1..=6).contains(&f.vehicles_per_hex)
    {
        return Err(At::new(file, "fire").err("-", "point_blank_multiplier 1-4, long_range_factor 1-4, moving_in_open_drm -4..0, squads_per_hex and vehicles_per_hex 1-6"));
    }
    Ok(())
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
    let facing =
        match &s.facing {
            None => 0,
            Some(f) => DIRECTIONS.iter().position(|d| d == f).ok_or_else(|| {
                at.err(name, format!("facing '{f}': use {}", DIRECTIONS.join(", ")))
            })? as u8,
        };
    let k = &d.counters;
    let mine = |s2: &str| s2 == s.side;
    let mut u = UnitDef {
        name: name.into(),
        counter: s.counter.clone(),
        side,
        kind: Kind::Squad,
        fp: 0,
        range: 0,
        morale: 7,
        leadership: 0,
        points: 0,
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
        check(
            counters,
            "infantry",
            &i.id,
            i.fp <= 20 && i.range <= 30 && (2..=12).contains(&i.morale) && i.points <= 1000,
            "fp 0-20, range 0-30, morale 2-12, points 0-1000",
        )?;
        (u.fp, u.range, u.morale, u.points) = (i.fp, i.range, i.morale, i.points);
    } else if let Some(l) = k
        .leaders
        .units
        .iter()
        .find(|l| l.id == s.counter && mine(&l.side))
    {
        check(
            counters,
            "leaders",
            &l.id,
            (2..=12).contains(&l.morale) && (-4..=2).contains(&l.modifier) && l.points <= 1000,
            "morale 2-12, modifier -4..2, points 0-1000",
        )?;
        (u.kind, u.morale, u.leadership, u.points) = (Kind::Leader, l.morale, l.modifier, l.points);
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
        check(
            counters,
            "at_guns",
            &g.id,
            (1..=4).contains(&g.rof) && g.points <= 1000,
            "rof 1-4, points 0-1000",
        )?;
        (gun.rof, gun.shield) = (g.rof, g.shield);
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
        check(
            counters,
            "vehicles",
            &v.id,
            (1..=40).contains(&v.mp)
                && (-4..=6).contains(&v.front)
                && (-4..=6).contains(&v.side_rear)
                && v.bow_mg <= 12
                && v.coax_mg <= 12
                && v.points <= 2000,
            "mp 1-40, armour -4..6, MG firepower 0-12, points 0-2000",
        )?;
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
        if let Some(al) = s.armor_leader.filter(|_| d.scenario.rules.armor_leaders) {
            check(
                origins.get(2),
                "setup",
                name,
                (2..=12).contains(&al.morale) && (-4..=0).contains(&al.modifier),
                "armour leader morale 2-12, modifier -4..0",
            )?;
            (u.morale, u.leadership, u.armor_leader) = (al.morale, al.modifier, true);
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
        check(
            counters,
            "support_weapons",
            &w.id,
            w.fp <= 20 && w.range <= 30 && (2..=12).contains(&w.breakdown) && w.points <= 1000,
            "fp 0-20, range 0-30, breakdown 2-12, points 0-1000",
        )?;
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

fn check(file: &str, table: &str, entry: &str, ok: bool, ranges: &str) -> Result<(), DataError> {
    if ok {
        Ok(())
    } else {
        Err(At::new(file, table).err(entry, format!("out of range: {ranges}")))
    }
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
    let bands = d.charts.to_hit.ranges.len();
    check(file, "guns", &g.id, (20..=400).contains(&g.calibre) && (1..=4).contains(&g.rof) && (2..=12).contains(&g.breakdown) && g.he_fp <= 36 && g.kill.len() == bands && g.kill.iter().all(|k| (0..=20).contains(k)), &format!("calibre 20-400, rof 1-4, breakdown 2-12, he_fp 0-36, kill: {bands} numbers 0-20 (one per TO HIT range band)"))?;
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
