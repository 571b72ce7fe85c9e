//! A picture of a position, for the page (`play --web`) and `sandtable board`. Each game
//! describes its position as a [`Board`] (places, the links between them, the counters on
//! them); this module draws any board as SVG, so every game is drawn the same way.
//!
//! Every place carries its id (`data-place`), so the page can highlight where the legal
//! actions lead and let a person act by clicking; every counter its printed values.

mod png;
pub mod svg;

pub use png::{to_png, PNG_SCALE};
pub use svg::{readable_scale, to_svg};

/// Colours of the two sides' counters, in side order.
pub const SIDE_COLOURS: [&str; 2] = ["#5b7f3a", "#6d6d6d"];

/// A position as a picture.
#[derive(Clone, Debug, Default)]
pub struct Board {
    /// The situation in one line: turn, phase, who is to act.
    pub title: String,
    /// The drawing's size, in its own units.
    pub width: f32,
    pub height: f32,
    pub places: Vec<Place>,
    pub links: Vec<Link>,
    /// What each colour and mark means, for the key under the map.
    pub legend: Vec<(String, String)>,
    /// The sides' names, for the counters' colours.
    pub sides: Vec<String>,
    /// What a pale (flipped) counter is, in the game's words, for the key ("spent (7.6)").
    pub flipped: &'static str,
    /// What a hidden counter ("?") is, in the game's words, for the key; "" says it generally.
    pub hidden: &'static str,
    /// Lines of text under the key: what a counter's face means, for a picture read without
    /// the page or the terminal beside it (`sandtable board`).
    pub notes: Vec<String>,
}

/// How a place is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// An area of an area map, drawn as a circle of this radius.
    Circle(f32),
    /// A hex of a hex map (pointy-topped, in west–east rows), with this radius from centre to corner.
    Hex(f32),
    /// A box off the map (a Landing Craft box), this wide and high.
    Rect(f32, f32),
}

/// An area, a hex or a box.
#[derive(Clone, Debug)]
pub struct Place {
    /// The id the rules use for it ("12", "LC-A", "2107"): what a click on it names.
    pub id: String,
    /// What is printed on the map (the number).
    pub label: String,
    pub x: f32,
    pub y: f32,
    pub shape: Shape,
    pub fill: String,
    /// A heavier outline in this colour (a Victory Area, an objective).
    pub outline: Option<String>,
    /// Short notes printed under the label ("TEM +3", "★", "VP 2"; not in a hex, too small).
    pub marks: Vec<String>,
    /// A short value printed at the foot of the place, also in a hex (a VP hex's "10 VP").
    pub foot: Option<String>,
    /// The full description shown when pointing at it.
    pub tooltip: String,
    pub counters: Vec<Counter>,
    /// The side holding it, if the rules say (control, 9.1): tints the outline.
    pub holder: Option<usize>,
}

impl Place {
    pub fn new(id: impl Into<String>, x: f32, y: f32, shape: Shape, fill: &str) -> Self {
        let id = id.into();
        Place {
            label: id.clone(),
            id,
            x,
            y,
            shape,
            fill: fill.to_string(),
            outline: None,
            marks: Vec::new(),
            foot: None,
            tooltip: String::new(),
            counters: Vec::new(),
            holder: None,
        }
    }
}

/// A unit or marker on a place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    pub side: usize,
    /// The unit's name as the rulebook writes it ("Ranger squad", "1/16 Inf").
    pub name: String,
    /// Its printed values in words ("3|4|6", "AF 4").
    pub values: String,
    /// What is printed on the small square drawn for it ("3|4|6", "4", "Ldr").
    pub face: String,
    /// Its state: fresh/spent, disrupted, carried weapons, strength.
    pub status: String,
    /// Drawn as a plain back: the viewer may not see what it is (fog of war).
    pub hidden: bool,
    /// Drawn pale: the unit is flipped or marked down (spent, broken, disrupted).
    pub flipped: bool,
    /// Where it points, for a game whose counters face a way (a gun, a tank).
    pub facing: Option<Facing>,
    /// It carries a weapon (named in `status`): a mark in the box's corner.
    pub carries: bool,
}

/// A counter's facing as drawn: degrees clockwise from east (the drawing's y axis points
/// down), its hull or carriage and its gun or turret.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facing {
    pub hull: u16,
    pub turret: u16,
}

/// A line between two places (by index into `places`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub a: usize,
    pub b: usize,
    pub kind: LinkKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// Two areas share a border.
    Adjacent,
    /// A road from hex centre to hex centre.
    Road,
    /// A stream or river along the hexside between two hexes.
    Stream,
}

/// Each place's neighbours, by index: the places it shares a border with (an `Adjacent`
/// link) on an area map, the hexes touching it on a hex map.
pub fn neighbours(board: &Board) -> Vec<Vec<usize>> {
    let mut next = vec![Vec::new(); board.places.len()];
    for l in board.links.iter().filter(|l| l.kind == LinkKind::Adjacent) {
        next[l.a].push(l.b);
        next[l.b].push(l.a);
    }
    for (i, p) in board.places.iter().enumerate() {
        let Shape::Hex(r) = p.shape else { continue };
        // Hex centres are √3·r apart; anything within 1.9·r touches.
        for (j, q) in board.places.iter().enumerate() {
            let d = ((p.x - q.x).powi(2) + (p.y - q.y).powi(2)).sqrt();
            if j != i && d < 1.9 * r {
                next[i].push(j);
            }
        }
    }
    for n in &mut next {
        n.sort_unstable();
        n.dedup();
    }
    next
}
