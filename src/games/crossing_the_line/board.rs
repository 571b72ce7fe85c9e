//! Crossing the Line as a picture: the hex grid in the rulebook's XXYY numbering (hexrows
//! run west to east, odd rows half a hex east, row numbers grow northward), terrain, roads,
//! streams, the pillbox line, Aachen City, VP hexes and objectives, the scenario's area, and
//! the units — as the viewer may see them (5.3.4: the top unit of each enemy stack, no enemy
//! strength markers).

use super::hex::Hex;
use super::hidden::visible_enemy;
use super::map::{HexsideFeatures, Terrain};
use super::ruleset::Ruleset;
use super::side::Side;
use super::state::{bits, on_map, State};
use super::victory::hex_vp;
use super::{Action, CrossingTheLine};
use crate::board::{Board, Counter, Link, LinkKind, Place, Shape};
use crate::engine::PlayerId;

/// A hex's radius, centre to corner, in drawing units.
const R: f32 = 20.0;

impl CrossingTheLine {
    /// Whom hidden information is kept from: `viewer`, unless the game is `--open`.
    fn kept_from(&self, viewer: Option<PlayerId>) -> Option<Side> {
        viewer.filter(|_| !self.is_open()).map(|p| Side::BOTH[p])
    }

    /// The position as `viewer` sees it (`None`, or an `--open` game: everything).
    pub fn board(&self, s: &State, viewer: Option<PlayerId>) -> Board {
        let viewer = self.kept_from(viewer).map(Side::index);
        let rs = self.rules();
        let b = rs.map.bounds();
        let w = 3f32.sqrt() * R;
        let at = |h: Hex| {
            let x = (f32::from(h.col - b.first_col) + 0.5 * f32::from(h.row % 2)) * w + w;
            let y = f32::from(b.last_row - h.row) * 1.5 * R + R + 4.0;
            (x, y)
        };
        let seen = viewer.map(|p| visible_enemy(rs, s, Side::BOTH[p]));
        let kept_from = viewer.map(|p| Side::BOTH[p]);
        let mut places: Vec<Place> = (b.hexes())
            .map(|h| place(rs, h, at(h), |i| hex_vp(rs, s, kept_from, i)))
            .collect();
        for u in bits(s.on_map_units(rs, Side::Us) | s.on_map_units(rs, Side::German)) {
            let i = usize::from(s.hex[u]);
            let side = rs.unit(u).side;
            let hidden = match (viewer, seen) {
                (Some(p), Some(seen)) => side.index() != p && seen & (1 << u) == 0,
                _ => false,
            };
            let show_strength = viewer.is_none_or(|p| side.index() == p);
            places[i]
                .counters
                .push(counter(rs, s, u, hidden, show_strength));
        }
        for (f, info) in rs.formations.iter().enumerate() {
            if on_map(s.hq_hex[f]) {
                let i = usize::from(s.hq_hex[f]);
                places[i].counters.push(Counter {
                    side: info.side.index(),
                    name: format!("HQ {}", info.id),
                    values: String::new(),
                    face: "HQ".into(),
                    status: super::describe::hq_values(rs, s, f),
                    hidden: false,
                    flipped: false,
                    facing: None,
                    carries: false,
                });
            }
        }
        let links = links(rs, &places);
        let (width, height) = places.iter().fold((0f32, 0f32), |(x, y), p| {
            (x.max(p.x + R + 4.0), y.max(p.y + R + 4.0))
        });
        let legend = legend(&places);
        Board {
            title: super::describe::headline(rs, s, viewer.map(|p| Side::BOTH[p])),
            width,
            height,
            places,
            links,
            legend,
            sides: vec!["US".into(), "Germans".into()],
            flipped: "disrupted (5.6.3)",
            hidden: "a unit you cannot see under the stack's top one (5.3.4)",
            notes: Vec::new(),
        }
    }

    /// The victory conditions and who stands where now, in sentences, as `viewer` knows them
    /// (8.3: the German does not know the Victory Plan; 9: the US how German losses are shared).
    pub fn standing(&self, s: &State, viewer: Option<PlayerId>) -> Vec<String> {
        let mut lines = super::victory::standing(self.rules(), s, self.kept_from(viewer));
        lines.push(markers_line(self.rules(), s));
        lines
    }

    /// The play screen's text of the position as `viewer` sees it (5.3.4, as on the page).
    pub fn render_seen(&self, s: &State, viewer: Option<PlayerId>) -> String {
        super::describe::render(self.rules(), s, self.kept_from(viewer))
    }

    /// `render_seen` with each unit's printed values and formation (`board --full`).
    pub fn render_full(&self, s: &State, viewer: Option<PlayerId>) -> String {
        super::describe::render_full(self.rules(), s, self.kept_from(viewer))
    }

    /// What an action costs in MP or AP (`describe::cost`).
    pub fn action_cost(&self, s: &State, a: Action) -> Option<String> {
        super::describe::cost(self.rules(), s, a)
    }

    /// Where an action goes in the list a person reads (`describe::list_order`).
    pub fn list_order(&self, a: Action) -> u32 {
        super::describe::list_order(self.rules(), a)
    }

    /// The battle an attacker's choice leads to (7.5.1): with this unit added, or as the
    /// units chosen now, or the declaration of an attack only one unit may make (7.5 step A:
    /// it goes without a choice of attackers); `None` for any other action. An attack not yet
    /// declared gives its battle only when the attacker already knows the whole defending
    /// stack (5.3.4: a lone unit, or every unit revealed; or an `--open` game), as the odds
    /// after a declaration read it.
    pub fn battle_after(&self, s: &State, a: Action) -> Option<super::combat::Battle> {
        let rs = self.rules();
        let mut fight = *s;
        match (s.step, a) {
            (super::state::Step::Attackers, Action::AddAttacker(u)) => {
                fight.fight.attackers |= 1 << u
            }
            (super::state::Step::Attackers, Action::Resolve) => {}
            (super::state::Step::Action, Action::Attack { from, target, kind }) => {
                if self.attack_on_hidden_units(s, a) {
                    return None;
                }
                super::battle::declare(rs, &mut fight, from, target, kind);
                if fight.step == super::state::Step::Attackers || fight.fight.attackers == 0 {
                    return None;
                }
            }
            _ => return None,
        }
        Some(super::battle::battle(rs, &fight))
    }

    /// `s` as the side deciding knows it, for its odds: the enemy's units at their printed
    /// strength (5.3.4: strength markers are never inspected); as it is in an `--open` game.
    pub fn strengths_seen(&self, s: &State) -> State {
        let mut seen = *s;
        if !self.is_open() {
            let rs = self.rules();
            for u in bits(rs.side_units[s.act().side.other().index()]) {
                seen.strength[u] = rs.unit(u).strength;
            }
        }
        seen
    }

    /// Whether `a` attacks a stack some of whose units the attacker cannot see (5.3.4): its
    /// odds would tell what they are, so none are offered.
    pub fn attack_on_hidden_units(&self, s: &State, a: Action) -> bool {
        let Action::Attack { target, .. } = a else {
            return false;
        };
        let defenders = s.units_at(self.rules(), s.act().side.other(), target);
        !(self.is_open() || defenders.count_ones() == 1 || defenders & !s.revealed == 0)
    }

    /// The hex an action is about, for pointing at it on the board.
    pub fn action_place(&self, _s: &State, a: Action) -> Option<String> {
        let rs = self.rules();
        let h = match a {
            Action::Move { to, .. } | Action::Infiltrate { to } => to,
            Action::Attack { target, .. } => target,
            Action::ImprovedDefense(h) | Action::Relocate(h) => h,
            Action::Select { from, .. } => from,
            _ => return None,
        };
        on_map(h).then(|| rs.hex(h).to_string())
    }
}

fn fill(t: Terrain) -> &'static str {
    match t {
        Terrain::Clear => "#e9eed8",
        Terrain::PillboxInClear => "#d6dcc0",
        Terrain::Town => "#e3cfa8",
        Terrain::City => "#cfae8a",
        Terrain::Industrial => "#c8c0b4",
    }
}

/// The key: the terrains, then the marks this scenario's map draws.
fn legend(places: &[Place]) -> Vec<(String, String)> {
    [
        Terrain::Clear,
        Terrain::PillboxInClear,
        Terrain::Town,
        Terrain::City,
        Terrain::Industrial,
    ]
    .iter()
    .map(|&t| (fill(t).to_string(), t.name().replace('_', " ")))
    .chain(
        [
            (OUTSIDE, "outside the scenario (10)"),
            ("#b5651d", "road"),
            ("#2b6cb0", "stream"),
            ("#6b4f2a", "pillbox line"),
            (VP_HEX, vp_key(places)),
            (OBJECTIVE, "objective (10.1)"),
        ]
        .into_iter()
        // Only the marks this scenario's map draws (trial 13b F6).
        .filter(|&(c, _)| drawn(places, c))
        .map(|(c, m)| (c.to_string(), m.to_string())),
    )
    .collect()
}

/// The key to a VP hex: a "?" marks a value that depends on a Victory Plan the viewer does
/// not know (8.3).
fn vp_key(places: &[Place]) -> &'static str {
    if places
        .iter()
        .any(|p| p.foot.as_deref().is_some_and(|f| f.ends_with('?')))
    {
        "VP hex, its VP written at its foot (\"5–15 VP?\": by a Victory Plan not drawn yet, or hidden from you, 8.3)"
    } else {
        "VP hex, its VP written at its foot"
    }
}

/// Whether any place is outlined or filled in `colour` (the key lists only what is drawn;
/// trial 17b F10: the Campaign has no hex outside the scenario); roads and streams are
/// always listed.
fn drawn(places: &[Place], colour: &str) -> bool {
    ![VP_HEX, OBJECTIVE, "#6b4f2a", OUTSIDE].contains(&colour)
        || places
            .iter()
            .any(|p| p.outline.as_deref() == Some(colour) || p.fill == colour)
}

/// The outlines of a VP hex (10.2–10.4, 8.3) and of an objective (10.1).
const VP_HEX: &str = "#c9a400";
const OBJECTIVE: &str = "#b22222";
/// The fill of a hex outside the scenario's area (10).
const OUTSIDE: &str = "#bdbdbd";

/// `vp`: the hex's VP as the viewer knows them, short and in words (`victory::hex_vp`).
fn place(
    rs: &Ruleset,
    h: Hex,
    (x, y): (f32, f32),
    vp: impl Fn(u16) -> Option<(String, String)>,
) -> Place {
    let map = &rs.map;
    let terrain = map.terrain(h).unwrap_or(Terrain::Clear);
    let inside = rs.map.index(h).is_some_and(|i| rs.area.contains(i));
    let mut p = Place::new(
        h.to_string(),
        x,
        y,
        Shape::Hex(R),
        if inside { fill(terrain) } else { OUTSIDE },
    );
    p.label = h.to_string();
    let mut notes = vec![terrain.name().replace('_', " ")];
    if map.is_on_pillbox_line(h) {
        notes.push("pillbox line".into());
        p.outline = Some("#6b4f2a".into());
    }
    if map.is_aachen_city(h) {
        notes.push("Aachen City".into());
    }
    let index = map.index(h).map(|i| i as u16);
    if let Some((short, words)) = index.and_then(vp) {
        notes.push(words);
        p.outline = Some(VP_HEX.into());
        p.foot = Some(short);
    }
    if index.is_some_and(|i| rs.objectives.contains(usize::from(i))) {
        notes.push("objective (10.1)".into());
        p.outline = Some(OBJECTIVE.into());
    }
    p.tooltip = format!("hex {h}: {}", notes.join(", "));
    p.marks = notes;
    p
}

fn counter(rs: &Ruleset, s: &State, u: usize, hidden: bool, show_strength: bool) -> Counter {
    let info = rs.unit(u);
    if hidden {
        // 5.3.4: only its side shows; the picture carries nothing the viewer may not see.
        return Counter {
            side: info.side.index(),
            name: String::new(),
            values: String::new(),
            face: String::new(),
            status: String::new(),
            hidden,
            flipped: false,
            facing: None,
            carries: false,
        };
    }
    let disrupted = s.is_disrupted(u);
    let er = info.er[usize::from(disrupted)];
    let mut status = Vec::new();
    if show_strength {
        status.push(format!("{} SP left", s.strength[u]));
    }
    if disrupted {
        status.push("disrupted".to_string());
    }
    if s.improved & (1 << u) != 0 {
        status.push("Improved Defense (7.7)".to_string());
    }
    Counter {
        side: info.side.index(),
        name: info.name.clone(),
        values: super::describe::printed_values(info),
        // The SP left, as the strength markers under the counter show them (5.3.4).
        face: format!(
            "{}-{er}",
            if show_strength {
                s.strength[u]
            } else {
                info.strength
            }
        ),
        status: status.join(", "),
        hidden,
        flipped: disrupted,
        facing: None,
        carries: false,
    }
}

/// Roads from hex centre to hex centre, and streams along hexsides, each once.
fn links(rs: &Ruleset, places: &[Place]) -> Vec<Link> {
    let b = rs.map.bounds();
    let mut links = Vec::new();
    for (a, h) in b.hexes().enumerate() {
        for dir in super::hex::Direction::ALL {
            let Some(n) = rs.map.neighbour(h, dir) else {
                continue;
            };
            let Some(bi) = b.index(n) else { continue };
            if bi <= a || bi >= places.len() {
                continue;
            }
            let f = rs.map.hexside(h, dir);
            if f.contains(HexsideFeatures::ROAD) {
                links.push(Link {
                    a,
                    b: bi,
                    kind: LinkKind::Road,
                });
            }
            if f.contains(HexsideFeatures::STREAM) || f.contains(HexsideFeatures::ROER) {
                links.push(Link {
                    a,
                    b: bi,
                    kind: LinkKind::Stream,
                });
            }
        }
    }
    links
}

/// The markers whose place the rules read (trial 21d F6: only the log told them): who holds
/// the SNAFU token (5.2), the Initiative +DRM marker (6.1) and the Interdiction Level (8.1.2).
fn markers_line(rs: &super::Ruleset, s: &State) -> String {
    let marker = match s.marker.side {
        Some(side) if s.marker.value > 0 => format!("+{} {}", s.marker.value, side.players()),
        _ => "0".to_string(),
    };
    let snafu = format!("the SNAFU token with the {} (5.2)", s.snafu.players());
    match rs.kind {
        // 10.1: First Blood has no Initiative and no Admin Phase.
        super::ruleset::ScenarioKind::FirstBlood => format!("Markers: {snafu}."),
        _ => format!(
            "Markers: {snafu}; the Initiative +DRM marker at {marker} (6.1); Interdiction Level \
             {} (8.1.2).",
            s.interdiction
        ),
    }
}
