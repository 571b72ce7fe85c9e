//! The reconstructed hex board: geometry, terrain and line of sight.
//!
//! The Squad Leader boards are not in the text; this is a board in their style. Hexes are
//! pointy-topped in rows, odd rows shifted half a hex east ("odd-r"); a hex is named by its
//! column letter and row number (`C4`). Line of sight (SL 10, missing; reconstructed): the
//! straight line between hex centres at the units' eye height (the hex's level) is blocked by
//! any hex between whose top (level, +1 for woods or a building) rises above the line; a line
//! running exactly along a hexside is blocked only if it is blocked on both sides (the firer
//! gets the benefit, as along SL's hexspines). LOS is computed once, when the data is loaded.

use super::data::{BoardDef, DataError};
use crate::engine::data::At;

/// At most this many hexes (line-of-sight rows are 128-bit sets).
pub const MAX_HEXES: usize = 128;

/// What a hex holds (SL 11, reconstructed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Open,
    Woods,
    WoodenBuilding,
    StoneBuilding,
}

impl Terrain {
    fn from_char(c: char) -> Option<Terrain> {
        Some(match c {
            '.' => Terrain::Open,
            'W' => Terrain::Woods,
            'B' => Terrain::WoodenBuilding,
            'S' => Terrain::StoneBuilding,
            _ => return None,
        })
    }

    /// Woods and buildings block sight and rise one level above the ground.
    pub fn obstacle(self) -> bool {
        self != Terrain::Open
    }

    pub fn building(self) -> bool {
        matches!(self, Terrain::WoodenBuilding | Terrain::StoneBuilding)
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Open => "open ground",
            Terrain::Woods => "woods",
            Terrain::WoodenBuilding => "wooden building",
            Terrain::StoneBuilding => "stone building",
        }
    }
}

/// The six hexside directions, clockwise from east.
pub const DIRECTIONS: [&str; 6] = ["e", "se", "sw", "w", "nw", "ne"];

/// The six hexspines, clockwise from the one between the east and south-east hexsides (a
/// counter's facing `f` under `CoveredArc::Hexspine` is the spine clockwise of hexside `f`).
pub const SPINES: [&str; 6] = ["ese", "s", "wsw", "wnw", "n", "ene"];

/// What a counter's front points at, and so its covered arc (63.11, 64.1; SL 29.4, which
/// draws the arc, is not in the text). A named reading in `scenario.toml`'s `[rules]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CoveredArc {
    /// 63.11 "the gun barrel should be touching a hex spine", 64.12 a turret "pointing towards
    /// a different hex spine": the arc is the 120° between the spines either side of the one
    /// pointed at, the two hexes of the front hexsides adjacent, the hexes the bounding
    /// spines run through in it; 71.2's "two hexes which formed the rear target facing" are
    /// the two behind. The default: the text's own words.
    #[default]
    Hexspine,
    /// The front points at a hexside: the 120° centred on it, bounded by the lines through
    /// the centres of the hexes either side (three adjacent hexes in the arc, one behind).
    Hexside,
}

impl CoveredArc {
    /// The two directions a counter facing `f` backs into (71.2; the same one twice when it
    /// faces a hexside).
    pub fn behind(self, f: u8) -> [u8; 2] {
        match self {
            CoveredArc::Hexspine => [(f + 3) % 6, (f + 4) % 6],
            CoveredArc::Hexside => [(f + 3) % 6; 2],
        }
    }

    /// Whether a step in direction `dir` goes straight ahead for a counter facing `f` (into
    /// one of its front hexsides' hexes).
    pub fn ahead(self, f: u8, dir: u8) -> bool {
        match self {
            CoveredArc::Hexspine => dir == f || dir == (f + 1) % 6,
            CoveredArc::Hexside => dir == f,
        }
    }

    /// A facing's name: a compass point.
    pub fn name(self, f: u8) -> &'static str {
        let names = match self {
            CoveredArc::Hexspine => [
                "east-south-east",
                "south",
                "west-south-west",
                "west-north-west",
                "north",
                "east-north-east",
            ],
            CoveredArc::Hexside => [
                "east",
                "south-east",
                "south-west",
                "west",
                "north-west",
                "north-east",
            ],
        };
        names[usize::from(f % 6)]
    }

    /// A facing as drawn: degrees clockwise from east, the map's rows running west–east.
    pub fn degrees(self, f: u8) -> u16 {
        let side = 60 * u16::from(f % 6);
        match self {
            CoveredArc::Hexspine => side + 30,
            CoveredArc::Hexside => side,
        }
    }

    /// The facing a set-up names: a hexside (`DIRECTIONS`) or a hexspine (`SPINES`); one this
    /// reading has not turns clockwise to the next it has (a hexside `e` is the spine `ese`, a
    /// spine `ese` the hexside `se`), so a set-up loads under either reading.
    pub fn parse(self, name: &str) -> Option<u8> {
        let side = DIRECTIONS.iter().position(|d| *d == name);
        let spine = SPINES.iter().position(|d| *d == name);
        let f = match (self, side, spine) {
            (_, Some(f), _) => f,
            (CoveredArc::Hexspine, None, Some(f)) => f,
            (CoveredArc::Hexside, None, Some(f)) => (f + 1) % 6,
            (_, None, None) => return None,
        };
        Some(f as u8)
    }
}

/// Cube-coordinate steps of the six directions (x east, z south).
const STEPS: [(i8, i8); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// The board: terrain, levels, adjacency, distances and line of sight between every pair of
/// hexes.
#[derive(Clone, Debug)]
pub struct Board {
    pub cols: u8,
    pub rows: u8,
    pub terrain: Vec<Terrain>,
    pub level: Vec<u8>,
    /// Neighbour in each direction, or `NO_HEX`.
    pub neighbour: Vec<[u8; 6]>,
    distance: Vec<u8>,
    los: Vec<u128>,
    /// The hexes within each range of each hex (`hex * (farthest + 1) + range`): a counter's
    /// targets are a set's AND, not a walk over the board.
    within: Vec<u128>,
    farthest: u8,
    /// `direction` and `in_arc` of every pair of hexes, found once (they are asked for
    /// every shot and move).
    toward: Vec<u8>,
    arcs: Vec<u8>,
    pub covered_arc: CoveredArc,
}

/// No hex: off the board, or a unit out of play.
pub const NO_HEX: u8 = u8::MAX;

impl Board {
    pub fn load(def: &BoardDef, file: &str, covered_arc: CoveredArc) -> Result<Board, DataError> {
        let at = At::new(file, "board");
        let rows = def.terrain.len();
        let cols = def.terrain.first().map_or(0, |r| r.chars().count());
        if rows == 0 || cols == 0 || rows > 26 || cols > 26 || rows * cols > MAX_HEXES {
            return Err(at.err(
                "terrain",
                format!("{cols} columns by {rows} rows: a board has 1-26 of each and at most {MAX_HEXES} hexes"),
            ));
        }
        if def.levels.len() != rows {
            return Err(at.err(
                "levels",
                format!("{} rows; terrain has {rows}", def.levels.len()),
            ));
        }
        let mut terrain = Vec::with_capacity(rows * cols);
        let mut level = Vec::with_capacity(rows * cols);
        for (r, (t, l)) in def.terrain.iter().zip(&def.levels).enumerate() {
            for (field, text) in [("terrain", t), ("levels", l)] {
                let n = text.chars().count();
                if n != cols {
                    return Err(at.err(
                        format!("{field} row {}", r + 1),
                        format!("{n} hexes; every row needs {cols}, as the first terrain row has"),
                    ));
                }
            }
            for (c, (tc, lc)) in t.chars().zip(l.chars()).enumerate() {
                let name = hex_name_of(c, r);
                terrain.push(Terrain::from_char(tc).ok_or_else(|| {
                    at.err(&name, format!("terrain '{tc}': use . open, W woods, B wooden building, S stone building"))
                })?);
                level.push(match lc.to_digit(10) {
                    Some(d @ 0..=2) => d as u8,
                    _ => return Err(at.err(&name, format!("level '{lc}': use 0, 1 or 2"))),
                });
            }
        }
        let mut board = Board {
            cols: cols as u8,
            rows: rows as u8,
            terrain,
            level,
            neighbour: Vec::new(),
            distance: Vec::new(),
            los: Vec::new(),
            within: Vec::new(),
            farthest: 0,
            toward: Vec::new(),
            arcs: Vec::new(),
            covered_arc,
        };
        board.neighbour = (0..board.len()).map(|h| board.find_neighbours(h)).collect();
        board.distance = (0..board.len())
            .flat_map(|a| (0..board.len()).map(move |b| (a, b)))
            .map(|(a, b)| board.cube_distance(a, b))
            .collect();
        board.los = (0..board.len()).map(|a| board.los_row(a)).collect();
        board.farthest = board.distance.iter().copied().max().unwrap_or(0);
        board.within = (0..board.len() as u8)
            .flat_map(|a| (0..=board.farthest).map(move |r| (a, r)))
            .map(|(a, r)| {
                (0..board.len() as u8)
                    .filter(|&b| board.distance(a, b) <= r)
                    .fold(0, |set, b| set | 1 << b)
            })
            .collect();
        let pairs: Vec<(u8, u8)> = (0..board.len() as u8)
            .flat_map(|a| (0..board.len() as u8).map(move |b| (a, b)))
            .collect();
        board.toward = pairs
            .iter()
            .map(|&(a, b)| board.find_direction(a, b))
            .collect();
        board.arcs = pairs
            .iter()
            .map(|&(a, b)| {
                (0..6)
                    .filter(|&f| board.find_in_arc(a, f, b))
                    .fold(0, |m, f| m | 1 << f)
            })
            .collect();
        Ok(board)
    }

    pub fn len(&self) -> usize {
        self.terrain.len()
    }

    pub fn is_empty(&self) -> bool {
        self.terrain.is_empty()
    }

    /// The hex named `name` (`C4`), if on the board.
    pub fn hex(&self, name: &str) -> Option<u8> {
        let mut chars = name.chars();
        let col = chars.next()?.to_ascii_uppercase();
        let row: usize = chars.as_str().parse().ok()?;
        let c = (col as usize).checked_sub('A' as usize)?;
        (c < self.cols as usize && (1..=self.rows as usize).contains(&row))
            .then(|| (c + (row - 1) * self.cols as usize) as u8)
    }

    pub fn name(&self, hex: u8) -> String {
        let (c, r) = self.col_row(hex as usize);
        hex_name_of(c, r)
    }

    fn col_row(&self, h: usize) -> (usize, usize) {
        (h % self.cols as usize, h / self.cols as usize)
    }

    /// Cube coordinates (x, z) of a hex.
    fn cube(&self, h: usize) -> (i32, i32) {
        let (c, r) = self.col_row(h);
        ((c as i32) - ((r as i32) - (r as i32 & 1)) / 2, r as i32)
    }

    fn at_cube(&self, x: i32, z: i32) -> Option<usize> {
        let c = x + (z - (z & 1)) / 2;
        (z >= 0 && z < self.rows as i32 && c >= 0 && c < self.cols as i32)
            .then(|| c as usize + z as usize * self.cols as usize)
    }

    fn find_neighbours(&self, h: usize) -> [u8; 6] {
        let (x, z) = self.cube(h);
        STEPS.map(|(dx, dz)| {
            self.at_cube(x + i32::from(dx), z + i32::from(dz))
                .map_or(NO_HEX, |n| n as u8)
        })
    }

    fn cube_distance(&self, a: usize, b: usize) -> u8 {
        let ((ax, az), (bx, bz)) = (self.cube(a), self.cube(b));
        let (dx, dz) = (ax - bx, az - bz);
        ((dx.abs() + dz.abs() + (dx + dz).abs()) / 2) as u8
    }

    /// The range in hexes between two hexes.
    pub fn distance(&self, a: u8, b: u8) -> u8 {
        self.distance[a as usize * self.len() + b as usize]
    }

    /// Whether a unit in `a` sees one in `b`.
    pub fn sees(&self, a: u8, b: u8) -> bool {
        self.los[a as usize] >> b & 1 == 1
    }

    /// The hexes a unit in `a` sees.
    pub fn seen_from(&self, a: u8) -> u128 {
        self.los[a as usize]
    }

    /// The hexes at most `range` hexes from `a` (`a` included).
    pub fn within(&self, a: u8, range: u8) -> u128 {
        let span = usize::from(self.farthest) + 1;
        self.within[a as usize * span + usize::from(range.min(self.farthest))]
    }

    /// A hex's centre in the plane (hex width √3, row height 1.5).
    pub fn centre(&self, h: usize) -> (f32, f32) {
        let (c, r) = self.col_row(h);
        let x = 3f32.sqrt() * (c as f32 + 0.5 * (r & 1) as f32 + 0.5);
        (x, 1.5 * r as f32 + 1.0)
    }

    /// The hex containing a point of the plane.
    fn at_point(&self, x: f32, y: f32) -> Option<usize> {
        let px = x - 3f32.sqrt() * 0.5;
        let py = y - 1.0;
        let q = (3f32.sqrt() / 3.0 * px - py / 3.0) / 1.0;
        let r = 2.0 / 3.0 * py;
        let (cx, cz) = cube_round(q, r);
        self.at_cube(cx, cz)
    }

    /// The top of a hex for line of sight: its level, +1 for an obstacle.
    fn top(&self, h: usize) -> f32 {
        f32::from(self.level[h]) + if self.terrain[h].obstacle() { 1.0 } else { 0.0 }
    }

    fn los_row(&self, a: usize) -> u128 {
        (0..self.len())
            .filter(|&b| self.line_clear(a, b, 0.01) || self.line_clear(a, b, -0.01))
            .fold(0, |set, b| set | 1 << b)
    }

    /// Whether the line from `a` to `b`, nudged sideways by `nudge`, passes over no hex that
    /// rises above it.
    fn line_clear(&self, a: usize, b: usize, nudge: f32) -> bool {
        let n = self.cube_distance(a, b) as usize;
        if n <= 1 {
            return true;
        }
        let ((ax, ay), (bx, by)) = (self.centre(a), self.centre(b));
        let (ha, hb) = (f32::from(self.level[a]), f32::from(self.level[b]));
        let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt();
        let (nx, ny) = (-(by - ay) / len * nudge, (bx - ax) / len * nudge);
        let samples = 4 * n;
        (1..samples).all(|i| {
            let t = i as f32 / samples as f32;
            let Some(h) = self.at_point(ax + t * (bx - ax) + nx, ay + t * (by - ay) + ny) else {
                return true;
            };
            h == a || h == b || self.top(h) <= ha + t * (hb - ha)
        })
    }

    /// The direction from hex `from` toward hex `to`, the one of the six nearest the line.
    pub fn direction(&self, from: u8, to: u8) -> u8 {
        self.toward[from as usize * self.len() + to as usize]
    }

    /// Whether `to` lies within the covered arc of a turret, a hull or a gun in `from` facing
    /// `facing` (64.1; `CoveredArc`).
    pub fn in_arc(&self, from: u8, facing: u8, to: u8) -> bool {
        self.arcs[from as usize * self.len() + to as usize] >> facing & 1 == 1
    }

    fn find_direction(&self, from: u8, to: u8) -> u8 {
        let ((ax, ay), (bx, by)) = (self.centre(from as usize), self.centre(to as usize));
        let angle = (by - ay).atan2(bx - ax).to_degrees();
        (((angle + 360.0 + 30.0) % 360.0) / 60.0) as u8 % 6
    }

    /// Reconstructed geometry of a covered arc (SL 29.4 is not in the text): the 120° wedge
    /// centred on the hexspine (or, under the `hexside` reading, the hexside) the counter
    /// faces; hexes on its bounding lines are in it.
    fn find_in_arc(&self, from: u8, facing: u8, to: u8) -> bool {
        if from == to {
            return true;
        }
        let ((ax, ay), (bx, by)) = (self.centre(from as usize), self.centre(to as usize));
        let angle = (by - ay).atan2(bx - ax).to_degrees();
        let spine = if self.covered_arc == CoveredArc::Hexspine {
            30.0
        } else {
            0.0
        };
        let centre = 60.0 * f32::from(facing) + spine;
        let diff = ((angle - centre).rem_euclid(360.0) + 180.0).rem_euclid(360.0) - 180.0;
        diff.abs() <= 60.0 + 1e-3
    }
}

fn hex_name_of(c: usize, r: usize) -> String {
    format!("{}{}", (b'A' + c as u8) as char, r + 1)
}

fn cube_round(q: f32, r: f32) -> (i32, i32) {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    (rq as i32, rr as i32)
}
