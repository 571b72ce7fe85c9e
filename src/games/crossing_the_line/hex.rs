//! Hex coordinates in the rulebook's XXYY numbering (3.1: "each hex also has a unique
//! identification number"). XX is the hexrow (10.3 "hexrows 31XX to 56XX"), counted south to
//! north (10.1 "South of 25XX"); YY the column, counted west to east (10.1 "West of XX16").
//! A hexrow is a straight west–east line of hexes: (XX, YY±1) are neighbours, and so are
//! (XX±1, YY) (7.5.1.2A: 1919/2019, 2504/2505).
//!
//! Offset parity: odd hexrows sit half a hex east of even ones (basis: 7.5.1.2A names
//! 2011/2110 a hexside, so row 20's diagonal neighbours are YY−1 and YY, row 21's YY and YY+1).
//!
//! Everything here is `Copy` and allocation-free: the rules engine calls it in its hot path.

use std::fmt;

/// One hex, by its XXYY number: `row` is XX (south to north), `col` is YY (west to east).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    pub row: u8,
    pub col: u8,
}

/// The six hexsides of a hex, counter-clockwise from east. Hexrows run west–east, so each hex
/// has a west and an east side and two sides toward each neighbouring hexrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    East = 0,
    NorthEast = 1,
    NorthWest = 2,
    West = 3,
    SouthWest = 4,
    SouthEast = 5,
}

impl Direction {
    /// The six directions, in index order.
    pub const ALL: [Direction; 6] = [
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// 0..6, for per-hexside arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Option<Direction> {
        match i {
            0 => Some(Direction::East),
            1 => Some(Direction::NorthEast),
            2 => Some(Direction::NorthWest),
            3 => Some(Direction::West),
            4 => Some(Direction::SouthWest),
            5 => Some(Direction::SouthEast),
            _ => None,
        }
    }

    /// The same hexside seen from the neighbour.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::East => Direction::West,
            Direction::NorthEast => Direction::SouthWest,
            Direction::NorthWest => Direction::SouthEast,
            Direction::West => Direction::East,
            Direction::SouthWest => Direction::NorthEast,
            Direction::SouthEast => Direction::NorthWest,
        }
    }

    /// (Δrow, Δcol) toward this neighbour from a hex in an even or odd hexrow.
    const fn delta(self, odd_row: bool) -> (i8, i8) {
        // Odd hexrows are shifted half a hex east (2011/2110, 7.5.1.2A), so their diagonal
        // neighbours are at YY and YY+1; an even hexrow's at YY−1 and YY.
        let (west, east) = if odd_row { (0, 1) } else { (-1, 0) };
        match self {
            Direction::East => (0, 1),
            Direction::NorthEast => (1, east),
            Direction::NorthWest => (1, west),
            Direction::West => (0, -1),
            Direction::SouthWest => (-1, west),
            Direction::SouthEast => (-1, east),
        }
    }
}

/// Why a hex number could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadHex;

impl fmt::Display for BadHex {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a hex number is four digits XXYY, like \"2011\"")
    }
}

impl std::error::Error for BadHex {}

impl Hex {
    pub const fn new(row: u8, col: u8) -> Hex {
        Hex { row, col }
    }

    /// The hex of a four-digit number as printed: 2011 → row 20, col 11.
    pub const fn from_number(n: u16) -> Option<Hex> {
        if n > 9999 {
            return None;
        }
        Some(Hex::new((n / 100) as u8, (n % 100) as u8))
    }

    /// The XXYY number: row 20, col 11 → 2011.
    pub const fn number(self) -> u16 {
        self.row as u16 * 100 + self.col as u16
    }

    /// Reads exactly four ASCII digits, "2011".
    pub fn parse(s: &str) -> Result<Hex, BadHex> {
        let b = s.as_bytes();
        if b.len() != 4 || !b.iter().all(u8::is_ascii_digit) {
            return Err(BadHex);
        }
        let two = |i: usize| (b[i] - b'0') * 10 + (b[i + 1] - b'0');
        Ok(Hex::new(two(0), two(2)))
    }

    /// The neighbour across hexside `dir`, if its number stays within 00..99.
    pub fn neighbour(self, dir: Direction) -> Option<Hex> {
        let (dr, dc) = dir.delta(self.row % 2 == 1);
        let row = self.row.checked_add_signed(dr).filter(|&r| r <= 99)?;
        let col = self.col.checked_add_signed(dc).filter(|&c| c <= 99)?;
        Some(Hex::new(row, col))
    }

    /// The six neighbours in `Direction::ALL` order (`None` past 00 or 99).
    pub fn neighbours(self) -> [Option<Hex>; 6] {
        Direction::ALL.map(|d| self.neighbour(d))
    }

    /// The hexside of `self` that `other` lies across, if they are adjacent.
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&d| self.neighbour(d) == Some(other))
    }

    pub fn is_adjacent(self, other: Hex) -> bool {
        self.direction_to(other).is_some()
    }

    /// Axial coordinates (q, r) with r = row: the grid's offset removed, so distance is plain.
    const fn axial(self) -> (i16, i16) {
        let r = self.row as i16;
        let q = self.col as i16 - (r - (r & 1)) / 2;
        (q, r)
    }

    /// The number of hexes from one to the other (adjacent hexes are at distance 1).
    pub const fn distance(self, other: Hex) -> u16 {
        let (q1, r1) = self.axial();
        let (q2, r2) = other.axial();
        let (dq, dr) = (q1 - q2, r1 - r2);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u16
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{:02}{:02}", self.row, self.col)
    }
}

impl std::str::FromStr for Hex {
    type Err = BadHex;
    fn from_str(s: &str) -> Result<Hex, BadHex> {
        Hex::parse(s)
    }
}

/// One hexside, named the same from both sides: the hex whose East, NorthEast or NorthWest
/// side it is. 2011/2110 and 2110/2011 are the same `Hexside`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hexside {
    hex: Hex,
    dir: Direction,
}

impl Hexside {
    /// The hexside `dir` of `hex`; `None` if the hex across it has no XXYY number.
    pub fn new(hex: Hex, dir: Direction) -> Option<Hexside> {
        let other = hex.neighbour(dir)?;
        Some(match dir {
            Direction::East | Direction::NorthEast | Direction::NorthWest => Hexside { hex, dir },
            _ => Hexside {
                hex: other,
                dir: dir.opposite(),
            },
        })
    }

    /// The hexside between two hexes, if they are adjacent.
    pub fn between(a: Hex, b: Hex) -> Option<Hexside> {
        Hexside::new(a, a.direction_to(b)?)
    }

    /// The two hexes it separates: the canonical one first.
    pub fn hexes(self) -> (Hex, Hex) {
        // `new` only builds hexsides whose neighbour exists.
        let other = self.hex.neighbour(self.dir).unwrap_or(self.hex);
        (self.hex, other)
    }

    /// The canonical side: (hex, one of East, NorthEast, NorthWest).
    pub fn side(self) -> (Hex, Direction) {
        (self.hex, self.dir)
    }

    /// A number unique to the hexside, the same from both sides: XXYY × 4 + direction.
    pub fn key(self) -> u32 {
        self.hex.number() as u32 * 4 + self.dir as u32
    }
}

impl fmt::Display for Hexside {
    /// As the rulebook writes it: "2011/2110".
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (a, b) = self.hexes();
        write!(f, "{a}/{b}")
    }
}

/// A rectangle of hexes, rows and columns inclusive: the map, or a scenario's map area (10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub first_row: u8,
    pub last_row: u8,
    pub first_col: u8,
    pub last_col: u8,
}

impl Bounds {
    pub const fn contains(&self, hex: Hex) -> bool {
        hex.row >= self.first_row
            && hex.row <= self.last_row
            && hex.col >= self.first_col
            && hex.col <= self.last_col
    }

    pub const fn width(&self) -> usize {
        (self.last_col - self.first_col) as usize + 1
    }

    /// The number of hexes; zero for an empty rectangle.
    pub const fn len(&self) -> usize {
        if self.last_row < self.first_row || self.last_col < self.first_col {
            return 0;
        }
        ((self.last_row - self.first_row) as usize + 1) * self.width()
    }

    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The dense index of a hex, row by row from the south-west corner.
    pub const fn index(&self, hex: Hex) -> Option<usize> {
        if !self.contains(hex) {
            return None;
        }
        Some(
            (hex.row - self.first_row) as usize * self.width()
                + (hex.col - self.first_col) as usize,
        )
    }

    /// The hex at a dense index.
    pub fn hex(&self, index: usize) -> Option<Hex> {
        if index >= self.len() {
            return None;
        }
        let w = self.width();
        Some(Hex::new(
            self.first_row + (index / w) as u8,
            self.first_col + (index % w) as u8,
        ))
    }

    /// Whether the hex is on the rectangle's edge (a map edge hex, 5.7.2).
    pub const fn on_edge(&self, hex: Hex) -> bool {
        self.contains(hex)
            && (hex.row == self.first_row
                || hex.row == self.last_row
                || hex.col == self.first_col
                || hex.col == self.last_col)
    }

    /// Every hex, in index order.
    pub fn hexes(self) -> impl Iterator<Item = Hex> {
        (0..self.len()).filter_map(move |i| self.hex(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(n: u16) -> Hex {
        Hex::from_number(n).unwrap()
    }

    fn neighbour_numbers(n: u16) -> [u16; 6] {
        h(n).neighbours().map(|x| x.unwrap().number())
    }

    #[test]
    fn rule_3_1_hex_numbers_parse_and_print_as_xxyy() {
        assert_eq!(Hex::parse("2011"), Ok(Hex::new(20, 11)));
        assert_eq!(Hex::parse("1002").unwrap().to_string(), "1002");
        assert_eq!(h(2011).number(), 2011);
        for bad in ["201", "20110", "20a1", "", "+201", "２０１１"] {
            assert_eq!(Hex::parse(bad), Err(BadHex), "{bad:?}");
        }
    }

    #[test]
    fn rule_7_5_1_2_hexside_2011_2110_is_adjacent() {
        assert!(h(2011).is_adjacent(h(2110)));
        assert!(h(2110).is_adjacent(h(2011)));
        assert_eq!(h(2011).direction_to(h(2110)), Some(Direction::NorthWest));
        // The other parity would make 2011 touch 2111 and 2112 instead: not 2112.
        assert!(!h(2011).is_adjacent(h(2112)));
    }

    #[test]
    fn rule_3_1_neighbours_of_an_even_row_hex() {
        // 2011, row 20 even: same row 2012/2010; rows 21 and 19 at YY−1 and YY.
        // Order: E, NE, NW, W, SW, SE.
        assert_eq!(
            neighbour_numbers(2011),
            [2012, 2111, 2110, 2010, 1910, 1911]
        );
    }

    #[test]
    fn rule_3_1_neighbours_of_an_odd_row_hex() {
        // 2110, row 21 odd: rows 22 and 20 at YY and YY+1.
        assert_eq!(
            neighbour_numbers(2110),
            [2111, 2211, 2210, 2109, 2010, 2011]
        );
        // 1919/2019 and 1821/1921 (7.5.1.2A) are neighbours of 1919 and 1921.
        assert!(h(1919).is_adjacent(h(2019)));
        assert!(h(1921).is_adjacent(h(1821)));
    }

    #[test]
    fn rule_3_1_every_neighbour_sees_the_hex_back_across_the_opposite_side() {
        for n in [1001, 2011, 2110, 3403, 5605] {
            for d in Direction::ALL {
                let other = h(n).neighbour(d).unwrap();
                assert_eq!(other.neighbour(d.opposite()), Some(h(n)), "{n} {d:?}");
            }
        }
    }

    #[test]
    fn rule_3_1_neighbours_stop_at_00_and_99() {
        assert_eq!(h(1000).neighbour(Direction::West), None);
        assert_eq!(h(9950).neighbour(Direction::NorthEast), None);
        assert_eq!(Hexside::new(h(1000), Direction::West), None);
    }

    #[test]
    fn rule_3_1_distances_checked_by_hand() {
        // Same hex: 0. Neighbours (2011→2110): 1.
        assert_eq!(h(2011).distance(h(2011)), 0);
        assert_eq!(h(2011).distance(h(2110)), 1);
        // Along one hexrow the distance is the column difference: 2101→2106 is 5.
        assert_eq!(h(2101).distance(h(2106)), 5);
        // 2011→2211: 2011 NE to 2111 (row 20 even: NE keeps YY), 2111 NW to 2211 (row 21
        // odd: NW keeps YY) = 2 steps, and two hexrows need at least 2.
        assert_eq!(h(2011).distance(h(2211)), 2);
        // 2107→2109 (First Blood objectives): two steps east along row 21.
        assert_eq!(h(2107).distance(h(2109)), 2);
        // 1214→2417 (Roetgen→Vicht): 12 hexrows north, so at least 12 steps. A NE step
        // from an odd row gains a column, from an even row not; rows 13, 15, …, 23 are the
        // 6 odd ones, so 12 steps can gain up to 6 columns and the 3 needed fit: 12.
        assert_eq!(h(1214).distance(h(2417)), 12);
        // 2106→1001: 11 hexrows south, at least 11 steps. A SW step from an even row loses a
        // column, from an odd row not; starting rows 20, 18, 16, 14, 12 are the 5 even
        // ones, exactly the 5 columns to lose (06→01): 11.
        assert_eq!(h(2106).distance(h(1001)), 11);
        // 2011→2015: 4 along the row; a detour through row 21 cannot be shorter.
        assert_eq!(h(2011).distance(h(2015)), 4);
        // Distance is symmetric.
        assert_eq!(h(1001).distance(h(2106)), 11);
    }

    #[test]
    fn rule_7_5_1_2_hexside_key_is_the_same_from_both_sides() {
        for (a, b) in [
            (1821, 1921),
            (1919, 2019),
            (2011, 2110),
            (2008, 2108),
            (2504, 2505),
        ] {
            let ab = Hexside::between(h(a), h(b)).unwrap();
            let ba = Hexside::between(h(b), h(a)).unwrap();
            assert_eq!(ab, ba);
            assert_eq!(ab.key(), ba.key());
            let d = h(a).direction_to(h(b)).unwrap();
            assert_eq!(Hexside::new(h(b), d.opposite()), Some(ab));
        }
        assert_eq!(
            Hexside::between(h(2011), h(2110)).unwrap().to_string(),
            "2011/2110"
        );
        assert_eq!(
            Hexside::between(h(2110), h(2011)).unwrap().to_string(),
            "2011/2110"
        );
        assert_eq!(Hexside::between(h(2011), h(2013)), None);
        // The six sides of one hex are six different hexsides.
        let mut keys = Direction::ALL.map(|d| Hexside::new(h(2011), d).unwrap().key());
        keys.sort_unstable();
        assert!(keys.windows(2).all(|w| w[0] != w[1]));
    }

    #[test]
    fn bounds_index_round_trips() {
        let b = Bounds {
            first_row: 10,
            last_row: 42,
            first_col: 1,
            last_col: 22,
        };
        assert_eq!(b.len(), 33 * 22);
        assert_eq!(b.index(h(1001)), Some(0));
        assert_eq!(b.index(h(4222)), Some(b.len() - 1));
        assert_eq!(b.index(h(4301)), None);
        assert_eq!(b.index(h(1000)), None);
        for (i, hex) in b.hexes().enumerate() {
            assert_eq!(b.index(hex), Some(i));
        }
        assert!(b.on_edge(h(1005)) && b.on_edge(h(3022)) && !b.on_edge(h(2011)));
    }
}
