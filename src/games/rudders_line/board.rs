//! Rudder's Line as a picture: the 38 areas and the Landing Craft boxes at their layout
//! positions (map.toml, reconstructed), every adjacency, TEM, buildings and Victory Areas,
//! and the units with their printed values.

use super::data::PersonnelKind;
use super::ruleset::{unit_bits, Class, Ruleset};
use super::state::{AttackKind, Roll, State, Step, NONE};
use super::{Action, RuddersLine};
use crate::board::{Board, Counter, Link, LinkKind, Place, Shape};

const RADIUS: f32 = 36.0;

impl RuddersLine {
    /// The position as a board; every unit is visible (the game has no hidden units).
    pub fn board(&self, s: &State) -> Board {
        let rs = self.rules();
        let n = rs.areas.len();
        let places = (0..n as u8).map(|a| place(self, s, a)).collect();
        let mut links = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
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
            title: super::screen::headline(rs, s),
            width: 1000.0,
            height: 720.0,
            places,
            links,
            legend: vec![
                ("#d9c9a3".into(), "building or bunker (9.33)".into()),
                ("#e8e2c8".into(), "area without a building or bunker".into()),
                ("#b9d4e6".into(), "Landing Craft".into()),
            ],
            sides: vec!["Rangers".into(), "Germans".into()],
            flipped: "spent, has acted this turn (7.6)",
            hidden: "",
            // Trial 14b F3: the star is a mark, not a fill: the game's key tells it.
            notes: Vec::new(),
        }
    }

    /// The victory conditions and who stands where now, in sentences.
    pub fn standing(&self, s: &State) -> Vec<String> {
        super::victory::standing(self.rules(), s)
    }

    /// The assault's OT and DT before the dice, for a choice of point unit (11.1), or for
    /// the action of a lone unit that starts an assault with no choice left before the dice
    /// (assaulting here, or entering an enemy area with no interdiction roll on the way:
    /// trial 13b F1); `None` for any other action.
    pub fn assault_totals(&self, s: &State, a: Action) -> Option<(u8, u8)> {
        match a {
            Action::Point(lead) => Some(super::movement::assault_totals(self.rules(), s, lead)),
            Action::AssaultHere | Action::Move { .. } if s.group.members.count_ones() == 1 => {
                let mut next = *s;
                crate::engine::Game::apply(self, &mut next, a);
                let rolling = next.step == Step::Roll(Roll::Offense);
                (rolling && next.attack.kind == AttackKind::Assault)
                    .then_some((next.attack.offense, next.attack.defense))
            }
            _ => None,
        }
    }

    /// An assault a group of two or more commits to, its point unit chosen next (11.1a): the
    /// totals with the best point unit for it (trial 21b F6: no odds were shown before the
    /// group was committed).
    pub fn best_point_totals(&self, s: &State, a: Action) -> Option<(u8, u8)> {
        if !matches!(a, Action::AssaultHere | Action::Move { .. })
            || s.group.members.count_ones() < 2
        {
            return None;
        }
        let mut next = *s;
        crate::engine::Game::apply(self, &mut next, a);
        if next.step != Step::Point {
            return None;
        }
        let mut points = Vec::new();
        crate::engine::Game::legal_actions(self, &next, &mut points);
        points
            .into_iter()
            .filter_map(|p| match p {
                Action::Point(lead) => {
                    Some(super::movement::assault_totals(self.rules(), &next, lead))
                }
                _ => None,
            })
            .max_by_key(|&(ot, dt)| i16::from(ot) - i16::from(dt))
    }

    /// A join that passes over units listed above it, in words (`describe::passed_over`).
    pub fn passed_over(&self, s: &State, a: Action) -> Option<&'static str> {
        super::describe::passed_over(self.rules(), s, a)
    }

    /// Indirect fire on an area without enemy, in words (`fire::empty_area_fire`).
    pub fn empty_area_fire(&self, s: &State, a: Action) -> Option<String> {
        super::fire::empty_area_fire(self.rules(), s, a)
    }

    /// A fire action's totals before the dice, for its odds (`fire::fire_totals`).
    pub fn fire_totals(&self, s: &State, a: Action) -> Option<super::fire::FireTotals> {
        super::fire::fire_totals(self.rules(), s, a)
    }

    /// What an action costs: the MP of a move (10.3) or the CP a casualty pays (7.63).
    pub fn action_cost(&self, s: &State, a: Action) -> Option<String> {
        let rs = self.rules();
        if let Action::Move { to, pay } = a {
            let cost = super::movement::move_cost(rs, s, to, pay)?;
            let left = super::movement::group_mp(s);
            let entry = super::movement::group_entry(rs, s, to)?;
            return Some(match entry.reason() {
                Some(why) => format!("{cost} MP of {left}: {why}"),
                None => format!("{cost} MP of {left}"),
            });
        }
        let cp = super::casualties::cp_paid(rs, a)?;
        // 7.62: a partial result is applied whole, so a casualty may pay more than is due.
        let due = s.casualties.cp;
        Some(match cp > due {
            true => format!("pays {cp} CP for the {due} due, 7.62's partial result taken whole"),
            false => format!("pays {cp} CP of {due} due"),
        })
    }

    /// The area an action is about, for pointing at it on the board.
    pub fn action_place(&self, s: &State, a: Action) -> Option<String> {
        let rs = self.rules();
        let area = match a {
            Action::Activate(x) | Action::Move { to: x, .. } | Action::DirectFire { target: x } => {
                x
            }
            Action::CallArtillery { target, .. } | Action::FireMortar { target, .. } => target,
            Action::AddUnit(u) => s.loc(u),
            _ => return None,
        };
        rs.areas.get(usize::from(area)).map(|i| i.id.clone())
    }
}

/// A ring, for a map whose areas have no `pos`.
fn ring(a: usize, n: usize) -> (f32, f32) {
    let t = std::f32::consts::TAU * a as f32 / n as f32;
    (500.0 + 300.0 * t.cos(), 360.0 + 300.0 * t.sin())
}

fn place(game: &RuddersLine, s: &State, a: u8) -> Place {
    let rs = game.rules();
    let i = usize::from(a);
    let info = &rs.areas[i];
    let bit = 1u64 << a;
    let (x, y) = match game.data().map.areas[i].pos {
        Some([x, y]) => (f32::from(x), f32::from(y)),
        None => ring(i, rs.areas.len()),
    };
    let landing = rs.landing_craft & bit != 0;
    let (shape, fill) = if landing {
        (Shape::Rect(110.0, 56.0), "#b9d4e6")
    } else if rs.building & bit != 0 {
        (Shape::Circle(RADIUS), "#d9c9a3")
    } else {
        (Shape::Circle(RADIUS), "#e8e2c8")
    };
    let mut p = Place::new(info.id.clone(), x, y, shape, fill);
    if !landing {
        p.marks.push(format!("TEM +{}", info.tem));
    }
    let victory_area = rs.victory_areas & bit != 0;
    if victory_area {
        p.marks.push("★".into());
    }
    p.tooltip = format!(
        "{} — {} (TEM +{}){}",
        super::describe::area(rs, a),
        info.name,
        info.tem,
        // Trial 16b F6: the terminal's `map` showed no ★ where the picture does.
        if victory_area {
            "; ★ a Victory Area (12.1)"
        } else {
            ""
        }
    );
    for marker in super::screen::interdiction_markers(s, a) {
        p.marks.push(format!("marker {}", marker.1));
        p.tooltip
            .push_str(&format!("; {}", super::screen::marker_words(marker)));
    }
    if !landing {
        // 3.21: an area stays under the control of the last side to control it, empty or
        // not; who holds the Victory Areas decides the game (12.1), so every area shows it
        // (trial 13b F3: an empty area was drawn as held by no one).
        p.holder = Some(s.controller(a) as usize);
        let side = s.controller(a).name();
        p.tooltip
            .push_str(&format!("; controlled by the {side} (3.21)"));
    }
    p.counters = unit_bits(s.area_units[i])
        .map(|u| counter(rs, s, u))
        .chain(lying_weapons(rs, s, a).map(|w| lying(rs, s, w)))
        .collect();
    p
}

/// The weapons in area `a` that no unit carries (2.63: left by an eliminated carrier): drawn
/// and listed with the area's units, for they may be picked up (2.64; trial 21b F1: seen only
/// on `board --full`).
pub fn lying_weapons<'a>(rs: &'a Ruleset, s: &'a State, a: u8) -> impl Iterator<Item = u8> + 'a {
    unit_bits(rs.weapons).filter(move |&w| s.loc(w) == a && s.unit(w).link == NONE)
}

fn lying(rs: &Ruleset, s: &State, w: u8) -> Counter {
    let i = rs.info(w);
    let name = super::describe::counter_name(&i.counter);
    // "German MG 42" → "MG 42": the side is the counter's colour.
    let short = name.split_once(' ').map_or(name.as_str(), |(_, rest)| rest);
    Counter {
        side: i.side as usize,
        name: name.clone(),
        values: format!("{} (its printed value)", i.attack),
        face: format!("{short} ({})", i.attack),
        status: "lying here, carried by no one: a unit may pick it up in the Regroup Phase \
                 (2.64)"
            .to_string(),
        hidden: false,
        flipped: s.is_spent(w),
        facing: None,
        carries: false,
    }
}

/// What a single-figure counter is, before its values on the board, so that an NCO, an FO
/// and a Weapons Team of alike values are told apart (2.4); a squad has none.
fn face_kind(class: &Class) -> &'static str {
    match class {
        Class::Personnel(PersonnelKind::Squad) | Class::Weapon(_) => "",
        Class::Personnel(PersonnelKind::Nco) => "NCO ",
        Class::Personnel(PersonnelKind::Fo) => "FO ",
        Class::Personnel(PersonnelKind::WeaponsTeam) => "WT ",
        Class::Personnel(PersonnelKind::BarGunner) => "BAR ",
    }
}

fn counter(rs: &Ruleset, s: &State, u: u8) -> Counter {
    let i = rs.info(u);
    let spent = s.is_spent(u);
    let values = super::describe::printed_values(rs, s, u);
    let mut status = if spent { "spent" } else { "fresh" }.to_string();
    status.push_str(&super::screen::held_words(rs, s, u).replacen(' ', ", ", 1));
    let w = s.carried(u);
    if w != NONE {
        // Fired this turn: it adds to no assault (11.1d–e; trial 21b F2).
        let fired = if s.is_spent(w) { ", fired" } else { "" };
        status.push_str(&format!(
            ", carrying {}{fired}",
            super::describe::weapon(rs, w)
        ));
    }
    Counter {
        side: i.side as usize,
        name: super::describe::counter_name(&i.counter),
        values: format!("{values} (Attack|Defense|Movement)"),
        face: format!("{}{values}", face_kind(&i.class)),
        status,
        hidden: false,
        flipped: spent,
        facing: None,
        carries: w != NONE,
    }
}
