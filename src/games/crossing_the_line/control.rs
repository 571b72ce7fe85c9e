//! Control of the map: Zones of Control (5.4), Supply Paths (5.7.2), Command Paths and
//! Command Range (5.8) and the HQ Relocation / Displacement path (5.3.2, 7.4).
//!
//! Everything is pure and allocation-free: hex sets are fixed-size bitsets over the map's
//! dense hex indices (`Bounds::index`), and every path search is a ring-by-ring flood fill
//! over them, so the engine, the bots and the tests can call these in their hot paths.
//!
//! Decisions on the rulebook's ambiguities (digest §5) are written beside the code that
//! makes them, each with its rule number.

use super::charts::Charts;
use super::counters::UnitClass;
use super::hex::{Direction, Hex};
use super::map::{HexsideFeatures, Map};
use super::side::Side;

/// 64-bit words in a `HexSet`.
const WORDS: usize = super::map::HEX_WORDS;

/// A set of hexes of one map, as a bitset over `Map::index`. `Copy`, no heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HexSet {
    words: [u64; WORDS],
}

impl HexSet {
    /// The most hexes a map may have for its hexes to fit in a `HexSet`.
    pub const CAPACITY: usize = WORDS * 64;

    pub const EMPTY: HexSet = HexSet { words: [0; WORDS] };

    /// Every hex of the map.
    pub fn all(map: &Map) -> HexSet {
        let n = map.bounds().len();
        // Map validation refuses maps over `map::MAX_HEXES`, the capacity.
        debug_assert!(n <= Self::CAPACITY, "a map of {n} hexes exceeds HexSet");
        let mut set = HexSet::EMPTY;
        for (w, word) in set.words.iter_mut().enumerate() {
            let bits = n.saturating_sub(w * 64).min(64);
            *word = if bits == 64 {
                u64::MAX
            } else {
                (1 << bits) - 1
            };
        }
        set
    }

    /// The on-map hexes among `hexes`.
    pub fn of_hexes(map: &Map, hexes: impl IntoIterator<Item = Hex>) -> HexSet {
        let mut set = HexSet::EMPTY;
        for hex in hexes {
            set.insert_hex(map, hex);
        }
        set
    }

    /// The hexes of the map for which `pred` holds.
    pub fn filter(map: &Map, pred: impl Fn(Hex) -> bool) -> HexSet {
        HexSet::of_hexes(map, map.bounds().hexes().filter(|&h| pred(h)))
    }

    pub fn insert(&mut self, index: usize) {
        self.words[index / 64] |= 1 << (index % 64);
    }

    pub fn remove(&mut self, index: usize) {
        self.words[index / 64] &= !(1 << (index % 64));
    }

    pub fn contains(&self, index: usize) -> bool {
        index < Self::CAPACITY && self.words[index / 64] & (1 << (index % 64)) != 0
    }

    /// Inserts an on-map hex; an off-map hex is ignored.
    pub fn insert_hex(&mut self, map: &Map, hex: Hex) {
        if let Some(i) = map.index(hex) {
            self.insert(i);
        }
    }

    pub fn remove_hex(&mut self, map: &Map, hex: Hex) {
        if let Some(i) = map.index(hex) {
            self.remove(i);
        }
    }

    pub fn contains_hex(&self, map: &Map, hex: Hex) -> bool {
        map.index(hex).is_some_and(|i| self.contains(i))
    }

    fn zip(&self, other: &HexSet, f: impl Fn(u64, u64) -> u64) -> HexSet {
        let mut words = self.words;
        for (w, o) in words.iter_mut().zip(other.words) {
            *w = f(*w, o);
        }
        HexSet { words }
    }

    pub fn union(&self, other: &HexSet) -> HexSet {
        self.zip(other, |a, b| a | b)
    }

    pub fn intersection(&self, other: &HexSet) -> HexSet {
        self.zip(other, |a, b| a & b)
    }

    /// The hexes of `self` not in `other`.
    pub fn difference(&self, other: &HexSet) -> HexSet {
        self.zip(other, |a, b| a & !b)
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The indices in the set, ascending.
    pub fn iter(&self) -> HexSetIter {
        HexSetIter {
            words: self.words,
            word: 0,
        }
    }

    /// The hexes in the set, in index order.
    pub fn hexes<'m>(&self, map: &'m Map) -> impl Iterator<Item = Hex> + 'm {
        let bounds = map.bounds();
        self.iter().filter_map(move |i| bounds.hex(i))
    }

    /// The hexes adjacent to the set across a hexside `crossable(index, dir)` allows (the
    /// set's own hexes included when they neighbour each other); hexes and directions are
    /// dense indices (`Map::index`, `Direction::index`).
    pub fn neighbours_where(&self, map: &Map, crossable: impl Fn(usize, usize) -> bool) -> HexSet {
        let mut out = HexSet::EMPTY;
        for i in self.iter() {
            for dir in 0..6 {
                if let Some(n) = map.neighbour_at(i, dir).filter(|_| crossable(i, dir)) {
                    out.insert(n);
                }
            }
        }
        out
    }

    /// Every hex adjacent to the set (its own hexes included where they neighbour each other),
    /// by shifting the whole bitset once per direction. Odd hexrows sit half a hex east, so a
    /// hex's diagonal neighbours are one column west in even hexrows and one east in odd ones.
    pub fn spread(&self, map: &Map) -> HexSet {
        let Some(m) = map.spread_masks() else {
            return self.neighbours_where(map, |_, _| true);
        };
        let s = &self.words;
        let Some(lo) = s.iter().position(|&w| w != 0) else {
            return HexSet::EMPTY;
        };
        let hi = WORDS - 1 - s.iter().rev().position(|&w| w != 0).unwrap_or(0);
        // A shift by less than 64 reaches at most one word either way.
        let (lo, hi) = (lo.saturating_sub(1), (hi + 1).min(WORDS - 1));
        let w = m.width;
        let mut out = [0u64; WORDS];
        // Word `j` of: the whole set, its hexes with an east or a west neighbour, and those of
        // them whose diagonal neighbours lie west (even hexrows) or east (odd hexrows).
        let part = |j: usize| {
            let (x, even) = (s[j], m.even_rows[j]);
            let (east, west) = (x & m.not_last_col[j], x & m.not_first_col[j]);
            [x, east, west, west & even, east & !even]
        };
        const WHOLE: usize = 0;
        const EAST: usize = 1;
        const WEST: usize = 2;
        const EVEN_WEST: usize = 3;
        const ODD_EAST: usize = 4;
        let w = w as isize;
        // (which part, by how many bits it moves: up the indices when positive)
        let moves: [(usize, isize); 8] = [
            (EAST, 1),
            (WEST, -1),
            (WHOLE, w),
            (WHOLE, -w),
            (EVEN_WEST, w - 1),
            (EVEN_WEST, -w - 1),
            (ODD_EAST, w + 1),
            (ODD_EAST, -w + 1),
        ];
        for (i, slot) in out.iter_mut().enumerate().take(hi + 1).skip(lo) {
            let here = part(i);
            let below = if i > 0 { part(i - 1) } else { [0; 5] };
            let above = if i + 1 < WORDS { part(i + 1) } else { [0; 5] };
            let mut acc = 0u64;
            for &(p, k) in &moves {
                acc |= if k > 0 {
                    let k = k as u32;
                    (here[p] << k) | (below[p] >> (64 - k))
                } else {
                    let k = (-k) as u32;
                    (here[p] >> k) | (above[p] << (64 - k))
                };
            }
            *slot = acc & m.all[i];
        }
        HexSet { words: out }
    }

    /// One ring of a flood fill: the set plus its neighbours that lie `within`.
    pub fn grow(&self, map: &Map, within: &HexSet) -> HexSet {
        self.union(&self.spread(map).intersection(within))
    }
}

/// The indices of a `HexSet`, ascending.
#[derive(Clone, Copy, Debug)]
pub struct HexSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for HexSetIter {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

// ------------------------------------------------------------------------- Zone of Control

/// A combat unit as a source of ZOC (5.4). HQs are not combat units and project no ZOC
/// (5.4 note), so they never appear here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZocUnit {
    pub hex: Hex,
    pub class: UnitClass,
    pub disrupted: bool,
}

/// The hexes one combat unit controls (5.4).
pub fn unit_zoc(map: &Map, charts: &Charts, unit: ZocUnit) -> HexSet {
    let mut zoc = HexSet::EMPTY;
    // 5.4 note, 5.6.3: disrupted units project no ZOC.
    if unit.disrupted || map.index(unit.hex).is_none() {
        return zoc;
    }
    // AMBIG-21 (5.4): the own hex is always controlled, even City; the TEC limits the rest.
    zoc.insert_hex(map, unit.hex);
    for dir in Direction::ALL {
        if let Some(target) = map.neighbour(unit.hex, dir) {
            if projects_into(map, charts, unit.class, unit.hex, dir, target) {
                zoc.insert_hex(map, target);
            }
        }
    }
    zoc
}

/// Whether a unit of `class` in `from` projects a ZOC across hexside `dir` into `target` (5.4).
fn projects_into(
    map: &Map,
    charts: &Charts,
    class: UnitClass,
    from: Hex,
    dir: Direction,
    target: Hex,
) -> bool {
    let Some(terrain) = map.terrain(target) else {
        return false;
    };
    let side = map.hexside(from, dir);
    let tec = charts.terrain(terrain);
    match class {
        // AMBIG-21 (5.4, 7.3.7): infantry ZOC never crosses the Roer; streams, teeth do not stop it
        UnitClass::Infantry => tec.zoc_infantry && !side.contains(HexsideFeatures::ROER),
        // 5.4: AFVs never project across streams "and other hexside terrain".
        UnitClass::Afv => tec.zoc_afv && !has_hexside_terrain(side),
    }
}

/// 3.1.2: stream, Roer or dragon's teeth on the hexside (a road is not hexside terrain).
fn has_hexside_terrain(side: HexsideFeatures) -> bool {
    [
        HexsideFeatures::STREAM,
        HexsideFeatures::ROER,
        HexsideFeatures::DRAGONS_TEETH,
    ]
    .into_iter()
    .any(|f| side.contains(f))
}

/// A side's ZOC: the union of its combat units' ZOCs (5.4; both sides' may overlap).
pub fn side_zoc(map: &Map, charts: &Charts, units: impl IntoIterator<Item = ZocUnit>) -> HexSet {
    units
        .into_iter()
        .fold(HexSet::EMPTY, |zoc, u| zoc.union(&unit_zoc(map, charts, u)))
}

// ------------------------------------------------------------------- Paths through the map

/// What a side's Supply, Command and relocation paths must reckon with (5.4.1, 5.7.2, 5.8.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Obstacles {
    /// Hexes holding an enemy unit of any type, HQs and disrupted units included.
    pub enemy_units: HexSet,
    /// The enemy's ZOC (`side_zoc` of the enemy's combat units).
    pub enemy_zoc: HexSet,
    /// Hexes holding a friendly unit of any type, even disrupted.
    pub friendly_units: HexSet,
}

impl Obstacles {
    /// EZOC hexes no friendly unit negates. AMBIG-6 (5.7.2, 5.8.2 "friendly unit of any
    /// type"): an HQ negates the EZOC in its hex too, so it belongs in `friendly_units`.
    pub fn live_ezoc(&self) -> HexSet {
        self.enemy_zoc.difference(&self.friendly_units)
    }

    /// Hexes a path may enter: every hex without an enemy unit (5.7.2, 5.8.2).
    pub fn enterable(&self, map: &Map) -> HexSet {
        HexSet::all(map).difference(&self.enemy_units)
    }

    /// Hexes a path may pass through: enterable and not in a live EZOC (5.4.1 "into but
    /// never through EZOCs").
    pub fn passable(&self, map: &Map) -> HexSet {
        self.enterable(map).difference(&self.live_ezoc())
    }
}

/// A path's rings: `visit(distance, ring)` is called for every ring of newly reached hexes
/// (distance 0 is `start` alone) until it returns `true` (found) or no hex is left.
/// `start` is always left; other hexes are entered if `enterable` and left only if
/// `passable`, across hexsides `crossable` allows — asked only for the hexes of `checked`,
/// the others may be left across any hexside.
fn trace(
    map: &Map,
    start: Hex,
    enterable: &HexSet,
    passable: &HexSet,
    (crossable, checked): (impl Fn(usize, usize) -> bool + Copy, &HexSet),
    mut visit: impl FnMut(u16, &HexSet) -> bool,
) -> bool {
    let mut ring = HexSet::of_hexes(map, [start]);
    let mut reached = ring;
    let mut distance = 0u16;
    loop {
        if ring.is_empty() {
            return false;
        }
        if visit(distance, &ring) {
            return true;
        }
        let leaving = if distance == 0 {
            ring
        } else {
            ring.intersection(passable)
        };
        let free = leaving.difference(checked).spread(map);
        let asked = leaving
            .intersection(checked)
            .neighbours_where(map, crossable);
        ring = free
            .union(&asked)
            .intersection(enterable)
            .difference(&reached);
        reached = reached.union(&ring);
        distance += 1;
    }
}

/// Any hexside, anywhere, may be crossed.
fn anywhere() -> (fn(usize, usize) -> bool, &'static HexSet) {
    (any_hexside, &HexSet::EMPTY)
}

/// Any hexside may be crossed.
fn any_hexside(_: usize, _: usize) -> bool {
    true
}

// ------------------------------------------------------------------------------- Supply

/// 5.7.2: whether the HQ at `hq` traces a Supply Path of any length to one of `side`'s map
/// edge hexes adjacent to a supply area, given `obstacles` seen by `side`.
///
/// The path starts in the HQ's hex, which the HQ itself negates (AMBIG-6). Decision (5.4.1
/// "traced into but never through EZOCs"): the supply edge hex ends the path, so it may be
/// in a live EZOC, but not hold an enemy unit. No hexside terrain breaks a Supply Path
/// (5.7.2 lists only enemy units and EZOCs; AMBIG-7).
pub fn is_supplied(map: &Map, side: Side, hq: Hex, obstacles: &Obstacles) -> bool {
    let edge = HexSet::filter(map, |h| map.is_supply_edge(h, side));
    is_supplied_from(map, &edge, hq, obstacles)
}

/// [`is_supplied`] with the side's supply edge hexes given (the engine keeps them).
pub fn is_supplied_from(map: &Map, edge: &HexSet, hq: Hex, obstacles: &Obstacles) -> bool {
    let (enterable, passable) = (obstacles.enterable(map), obstacles.passable(map));
    trace(map, hq, &enterable, &passable, anywhere(), |_, ring| {
        !ring.intersection(edge).is_empty()
    })
}

/// The hexes `side` reaches from its supply edge hexes through `obstacles` (9: a line from
/// the supply source "avoiding enemy units and EZOCs"), each edge hex itself included when
/// free of enemy units.
pub fn reach_from_supply(map: &Map, edge: &HexSet, obstacles: &Obstacles) -> HexSet {
    let (enterable, passable) = (obstacles.enterable(map), obstacles.passable(map));
    let mut reached = edge.intersection(&enterable);
    let mut ring = reached.intersection(&passable);
    while !ring.is_empty() {
        ring = ring
            .spread(map)
            .intersection(&enterable)
            .difference(&reached);
        reached = reached.union(&ring);
        ring = ring.intersection(&passable);
    }
    reached
}

// ------------------------------------------------------------------------------ Command

/// A combat unit's standing toward its HQ (5.8, 5.8.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommandStatus {
    InCommand,
    OutOfCommand,
    Isolated,
}

/// 5.8.2, 7.3.7: whether a Command Path traced by a `side` unit may cross hexside `dir` of
/// `hex`. Streams and dragon's teeth may be crossed (5.8.2 note); the Roer is prohibited to
/// US units, and to German units except where a road crosses it (AMBIG-7: the terrain the
/// tracing unit could not move through).
fn command_may_cross(map: &Map, side: Side, hex: usize, dir: usize) -> bool {
    let features = map.hexside_at(hex, dir);
    if !features.contains(HexsideFeatures::ROER) {
        return true;
    }
    side == Side::German && features.contains(HexsideFeatures::ROAD)
}

/// The hexes where a Command Path must ask `command_may_cross`: those on the Roer (every hex
/// where the map gives no masks to tell them by).
fn roer_hexes(map: &Map) -> HexSet {
    match map.spread_masks() {
        Some(m) => HexSet { words: m.roer },
        None => HexSet::all(map),
    }
}

/// The Command Path lengths from one HQ to every hex (5.8): traced once, queried for each of
/// its units. Allocation-free (a fixed array, about 2 KB).
#[derive(Clone, Copy, Debug)]
pub struct CommandPaths {
    hq: Hex,
    /// Path length from the HQ's hex, `u16::MAX` where no path exists.
    length: [u16; HexSet::CAPACITY],
}

impl CommandPaths {
    const NONE: u16 = u16::MAX;

    /// Traces from the HQ of a `side` formation at `hq`.
    ///
    /// A unit's path runs from its hex to the HQ's; traced backwards from the HQ, the HQ's
    /// hex is entered last, so it is always left here (an HQ negates its hex's EZOC anyway,
    /// AMBIG-6). A live EZOC hex gets a length but is not passed through (5.4.1): a unit in
    /// it negates it, so the unit itself is never cut off by its own hex.
    pub fn trace(map: &Map, side: Side, hq: Hex, obstacles: &Obstacles) -> CommandPaths {
        let mut paths = CommandPaths {
            hq,
            length: [Self::NONE; HexSet::CAPACITY],
        };
        command_trace(map, side, hq, obstacles, |distance, ring| {
            for i in ring.iter() {
                paths.length[i] = distance;
            }
            false
        });
        paths
    }

    pub fn hq(&self) -> Hex {
        self.hq
    }

    /// The shortest Command Path's length in hexes (the HQ's hex counted, the unit's not: a
    /// neighbour of the HQ is at 1); `None` if none can be traced.
    pub fn length(&self, map: &Map, unit: Hex) -> Option<u16> {
        let i = map.index(unit)?;
        Some(self.length[i]).filter(|&d| d != Self::NONE)
    }

    /// AMBIG-5 (5.8 clarifications 1 and 2): In Command if the shortest clear Command Path
    /// is at most the Command Range (a "tortuous longer" path can exceed it); Out of Command
    /// if a path exists but is longer; Isolated if no path of any length exists.
    pub fn status(&self, map: &Map, unit: Hex, command_range: u8) -> CommandStatus {
        match self.length(map, unit) {
            None => CommandStatus::Isolated,
            Some(d) if d <= u16::from(command_range) => CommandStatus::InCommand,
            Some(_) => CommandStatus::OutOfCommand,
        }
    }
}

/// 5.8: the hexes whose shortest Command Path to the HQ at `hq` is at most `range` (`None`: any
/// length), as [`CommandPaths`] traces them; a unit there is In Command (or, with `None`, not
/// Isolated). The trace stops at `range`, so In Command needs only the nearby rings.
pub fn command_reach(
    map: &Map,
    side: Side,
    hq: Hex,
    range: Option<u8>,
    obstacles: &Obstacles,
) -> HexSet {
    let mut reached = HexSet::EMPTY;
    let last = range.map_or(u16::MAX, u16::from);
    command_trace(map, side, hq, obstacles, |distance, ring| {
        reached = reached.union(ring);
        distance >= last
    });
    reached
}

/// [`command_reach`] within `range` and at any length, from one trace.
pub fn command_reach_near_and_any(
    map: &Map,
    side: Side,
    hq: Hex,
    range: u8,
    obstacles: &Obstacles,
) -> (HexSet, HexSet) {
    let (mut near, mut any) = (HexSet::EMPTY, HexSet::EMPTY);
    command_trace(map, side, hq, obstacles, |distance, ring| {
        any = any.union(ring);
        if distance <= u16::from(range) {
            near = near.union(ring);
        }
        false
    });
    (near, any)
}

/// `trace` as a Command Path goes from the HQ at `hq` (5.8.2): across the hexsides
/// `command_may_cross` allows.
fn command_trace(
    map: &Map,
    side: Side,
    hq: Hex,
    obstacles: &Obstacles,
    visit: impl FnMut(u16, &HexSet) -> bool,
) -> bool {
    let (enterable, passable) = (obstacles.enterable(map), obstacles.passable(map));
    let crossable = |h, d| command_may_cross(map, side, h, d);
    let roer = roer_hexes(map);
    trace(map, hq, &enterable, &passable, (crossable, &roer), visit)
}

/// 5.8: the command status of one `side` unit at `unit` under its HQ at `hq` (AMBIG-5 as in
/// [`CommandPaths::status`]). The trace stops as soon as it reaches the unit; for many units
/// of one HQ, trace `CommandPaths` once instead.
pub fn command_status(
    map: &Map,
    side: Side,
    unit: Hex,
    hq: Hex,
    command_range: u8,
    obstacles: &Obstacles,
) -> CommandStatus {
    let Some(target) = map.index(unit) else {
        return CommandStatus::Isolated;
    };
    let mut found = None;
    command_trace(map, side, hq, obstacles, |distance, ring| {
        if ring.contains(target) {
            found = Some(distance);
        }
        found.is_some()
    });
    match found {
        None => CommandStatus::Isolated,
        Some(d) if d <= u16::from(command_range) => CommandStatus::InCommand,
        Some(_) => CommandStatus::OutOfCommand,
    }
}

// ---------------------------------------------------------------- HQ relocation path

/// 5.3.2, 7.4: whether "a path of contiguous hexes free from enemy units and/or EZOC" joins
/// `from` to `to`. Every hex of it, the start and destination hexes included (7.4), must be
/// free of enemy units and of live EZOC; friendly units negate EZOC in their hex.
///
/// Decision (7.4 "including the start and destination hex"): the moving HQ does not negate
/// the EZOC of its own start hex, or naming the start hex would be moot; so `friendly_units`
/// must not count the HQ being moved (other friendly units in its hex do negate).
pub fn relocation_path_exists(map: &Map, from: Hex, to: Hex, obstacles: &Obstacles) -> bool {
    let mut target = HexSet::EMPTY;
    target.insert_hex(map, to);
    relocation_reach(map, from, obstacles, &target).contains_hex(map, to)
}

/// The hexes [`relocation_path_exists`] joins to `from` (empty if `from` itself is not free),
/// traced until every hex of `wanted` is reached or no hex is left: a hex of `wanted` not in
/// the result has no path.
pub fn relocation_reach(map: &Map, from: Hex, obstacles: &Obstacles, wanted: &HexSet) -> HexSet {
    let free = obstacles.passable(map);
    let mut reached = HexSet::EMPTY;
    if !free.contains_hex(map, from) {
        return reached;
    }
    trace(map, from, &free, &free, anywhere(), |_, ring| {
        reached = reached.union(ring);
        wanted.difference(&reached).is_empty()
    });
    reached
}

#[cfg(test)]
mod tests;
