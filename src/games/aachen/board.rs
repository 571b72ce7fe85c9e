//! Cities of the Damned: Aachen as a picture: the 27 Areas at their layout positions
//! (map.toml, reconstructed), every adjacency, each Area's terrain and TEM, the German
//! counter (unrevealed, or its Defense Factor) and the American units with their Attack
//! Factors.

use super::describe::{area, unit};
use super::ruleset::Ruleset;
use super::state::{bits, State, NONE, UNREVEALED};
use super::{Aachen, Action, AREAS};
use crate::board::{Board, Counter, Link, LinkKind, Place, Shape};
use crate::games::aachen::data::Terrain;

impl Aachen {
    /// The position as a board. German counters show only what the rules reveal (4.4).
    pub fn board(&self, s: &State) -> Board {
        let rs = self.rules();
        let places = (0..AREAS as u8).map(|a| place(self, s, a)).collect();
        let mut links = Vec::new();
        for a in 0..AREAS {
            for b in a + 1..AREAS {
                if rs.adjacent[a] & (1 << b) != 0 {
                    links.push(Link {
                        a,
                        b,
                        kind: LinkKind::Adjacent,
                    });
                }
            }
        }
        Board {
            title: super::describe::board_title(rs, s),
            width: 1000.0,
            height: 720.0,
            places,
            links,
            legend: [
                Terrain::American,
                Terrain::Suburban,
                Terrain::Urban,
                Terrain::Fortified,
            ]
            .iter()
            .map(|&t| (fill(t).to_string(), terrain_key(t)))
            .collect(),
            sides: vec!["Americans".into(), "Germans".into()],
            flipped: "Spent, has moved or attacked this turn (4.3.1, 8.1)",
            hidden:
                "an unrevealed unit, its Defense Factor unknown until an attack reveals it (9.4)",
            notes: Vec::new(),
        }
    }

    /// The victory conditions and who stands where now, in sentences.
    pub fn standing(&self, s: &State) -> Vec<String> {
        super::turn::standing(&self.rules, s)
    }

    /// What a Move costs: "3 MF of 6" (8.2, 8.2.2).
    pub fn action_cost(&self, s: &State, a: Action) -> Option<String> {
        let Action::Move { to, via } = a else {
            return None;
        };
        let (cost, mf) = super::movement::move_cost(self.rules(), s, to, via)?;
        Some(format!("{cost} MF of {mf}"))
    }

    /// The Area an action is about, for pointing at it on the board.
    pub fn action_place(&self, _s: &State, a: Action) -> Option<String> {
        match a {
            Action::Place(x)
            | Action::Activate(x)
            | Action::Move { to: x, .. }
            | Action::Attack(x)
            | Action::Retreat { to: x, .. } => Some((x + 1).to_string()),
            _ => None,
        }
    }
}

/// A terrain's key entry: the American setup Areas have none of the German terrain types
/// (3.1.2, 6.1.1); who controls an Area is its outline's colour, not its fill.
fn terrain_key(t: Terrain) -> String {
    match t {
        Terrain::American => "American setup Area (6.1.1)".into(),
        _ => format!("{t:?} (TEM +{}, 3.1.2)", t.tem()),
    }
}

fn fill(t: Terrain) -> &'static str {
    match t {
        Terrain::American => "#cfe0c3",
        Terrain::Suburban => "#ece4c8",
        Terrain::Urban => "#d8c7a8",
        Terrain::Fortified => "#c4a58a",
    }
}

/// A ring, for a map whose Areas have no `pos`.
fn ring(a: usize) -> (f32, f32) {
    let t = std::f32::consts::TAU * a as f32 / AREAS as f32;
    (500.0 + 300.0 * t.cos(), 360.0 + 300.0 * t.sin())
}

fn place(game: &Aachen, s: &State, a: u8) -> Place {
    let rs = game.rules();
    let i = usize::from(a);
    let (x, y) = match game.data().map.areas.iter().find(|d| d.id == a + 1) {
        Some(d) if d.pos.is_some() => {
            let [x, y] = d.pos.unwrap_or_default();
            (f32::from(x), f32::from(y))
        }
        _ => ring(i),
    };
    let terrain = rs.terrain[i];
    let mut p = Place::new(
        (a + 1).to_string(),
        x,
        y,
        Shape::Circle(36.0),
        fill(terrain),
    );
    p.marks.push(format!("TEM +{}", terrain.tem()));
    p.tooltip = format!("{} — {terrain:?}, TEM +{}", area(rs, a), terrain.tem());
    match s.german[i] {
        NONE => {}
        UNREVEALED => p.counters.push(german(None)),
        c => p
            .counters
            .push(german(Some(rs.germans[usize::from(c)].defense))),
    }
    p.counters
        .extend(bits(u64::from(s.units_in(a))).map(|u| american(rs, s, u)));
    // 7.2/7.4: an Area with a German unit is German Controlled; any other (Vacant) Area is
    // American Controlled, with or without American units in it.
    p.holder = Some(usize::from(s.german[i] != NONE));
    p
}

fn german(defense: Option<u8>) -> Counter {
    Counter {
        side: 1,
        name: "German defenders".into(),
        values: defense.map_or(String::new(), |d| format!("Defense Factor {d}")),
        face: defense.map_or(String::new(), |d| d.to_string()),
        status: if defense.is_some() {
            "revealed"
        } else {
            "unrevealed"
        }
        .into(),
        hidden: defense.is_none(),
        flipped: false,
        facing: None,
        carries: false,
    }
}

fn american(rs: &Ruleset, s: &State, u: u8) -> Counter {
    let k = rs.unit(u);
    Counter {
        side: 0,
        // "Leader Smoots", "E — Attack Factor 4" (trial 12b F11: "Leader Smoots Leader").
        name: if k.is_leader() {
            unit(rs, u)
        } else {
            k.id.to_string()
        },
        values: if k.is_leader() {
            String::new()
        } else {
            format!("— Attack Factor {}", k.attack)
        },
        face: if k.is_leader() {
            "Ldr".into()
        } else {
            format!("{} {}", k.id, k.attack)
        },
        status: if s.fresh & 1 << u != 0 {
            "fresh"
        } else {
            "spent"
        }
        .into(),
        hidden: false,
        flipped: s.fresh & 1 << u == 0,
        facing: None,
        carries: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::svg::counter_line;
    use crate::engine::Game;

    /// A counter's line on the page and in a tooltip names a unit once, with its Attack
    /// Factor, and a Leader by name (trial 12b F11: "Leader Smoots Leader", "E (4) Attack
    /// Factor 4").
    #[test]
    fn a_counter_line_names_a_unit_once_with_its_attack_factor() {
        let game = Aachen::embedded().expect("embedded data");
        let s = game.initial_state();
        let board = game.board(&s);
        let lines: Vec<String> = (board.places.iter())
            .flat_map(|p| p.counters.iter().map(|c| counter_line(&board, c)))
            .filter(|l| l.starts_with("Americans: "))
            .collect();
        assert!(
            lines.iter().any(|l| l.contains(" — Attack Factor ")),
            "{lines:?}"
        );
        for line in &lines {
            assert!(
                !line.contains("Leader") || !line.ends_with("Leader"),
                "{line}"
            );
            assert!(!line.contains(") Attack Factor"), "{line}");
        }
    }
}
