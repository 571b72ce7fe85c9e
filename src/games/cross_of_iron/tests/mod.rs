//! Cross of Iron's rules, by rule number, on the embedded scenario's counters placed where
//! each test needs them.

mod afv_crews;
mod cases_63;
mod cases_64_70;
mod cases_71_101;
mod data;
mod fire;
mod gun_fire;
mod movement;
mod ordnance;
mod phases;
mod play;
mod ranges;

use super::state::{flag, Pending, Phase, State};
use super::CrossOfIron;
use crate::engine::Game;

/// The embedded game.
fn game() -> CrossOfIron {
    CrossOfIron::embedded().expect("embedded data")
}

/// A position with every counter off the board: tests place the ones they use.
fn empty(g: &CrossOfIron, phase: Phase, phasing: u8) -> State {
    let mut s = g.initial_state();
    for u in s.units.iter_mut() {
        u.flags = flag::GONE;
        u.acquired = u8::MAX;
    }
    g.refresh(&mut s);
    s.phase = phase;
    s.phasing = phasing;
    s.pending = Pending::None;
    s.cursor = 0;
    s.lost_points = [0; 2];
    s
}

/// `u` has fired at the AFV `t` in this fire phase with the acquisition DRM `level` (69.1).
fn acquired(s: &mut State, u: usize, t: usize, level: u8) {
    let unit = &mut s.units[u];
    unit.acquired = t as u8;
    unit.acquisition = level;
    unit.acquired_in = super::ordnance::fire_phase_stamp(s.player_turn, s.phase);
}

/// The counter named `name` of the scenario.
fn unit(g: &CrossOfIron, name: &str) -> usize {
    g.rules()
        .units
        .iter()
        .position(|u| u.name == name)
        .unwrap_or_else(|| panic!("no counter {name}"))
}

/// Puts the counter `name` in play at `hex`, facing `facing` (0 east … 3 west).
fn place(g: &CrossOfIron, s: &mut State, name: &str, hex: &str, facing: u8) -> usize {
    let u = unit(g, name);
    let h = g
        .rules()
        .board
        .hex(hex)
        .unwrap_or_else(|| panic!("no hex {hex}"));
    let unit = &mut s.units[u];
    unit.flags = 0;
    unit.hex = h;
    unit.hull = facing;
    unit.turret = facing;
    g.refresh(s);
    u
}

fn hex(g: &CrossOfIron, name: &str) -> u8 {
    g.rules().board.hex(name).unwrap()
}

/// The game with one data file edited: `edit` rewrites the embedded text of `file`.
/// The game with covered arcs facing hexsides (the `hexside` reading of 63.11).
fn hexside_arcs() -> CrossOfIron {
    edited("scenario.toml", |t| {
        assert!(t.contains("covered_arc = \"hexspine\""));
        t.replace("covered_arc = \"hexspine\"", "covered_arc = \"hexside\"")
    })
    .unwrap()
}

fn edited(
    file: &str,
    edit: impl Fn(String) -> String,
) -> Result<CrossOfIron, crate::engine::data::DataError> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("sandtable-coi-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_, text) = super::data::DATA_FILES
        .iter()
        .find(|(n, _)| *n == file)
        .unwrap();
    std::fs::write(dir.join(file), edit(text.to_string())).unwrap();
    let game = CrossOfIron::load(Some(&dir));
    let _ = std::fs::remove_dir_all(&dir);
    game
}

/// What moving `u` to `h` costs, from its legal moves (`None`: it may not).
fn move_cost(g: &CrossOfIron, s: &State, u: usize, h: u8) -> Option<u8> {
    let mut list = Vec::new();
    g.move_actions(s, u, &mut list);
    list.iter().find_map(|a| match *a {
        crate::games::cross_of_iron::Action::Move { hex, cost } if hex == h => Some(cost),
        _ => None,
    })
}

/// Moves `u` to `h` as its legal move there does.
fn move_to(g: &CrossOfIron, s: &mut State, u: usize, h: u8) {
    let cost = move_cost(g, s, u, h).expect("a legal move");
    g.do_move(s, u, h, cost);
}

/// The Intensive Fire flags of the shots `u`'s gun is offered at `target` now.
fn shots_offered(g: &CrossOfIron, s: &State, u: usize, target: usize) -> Vec<bool> {
    let mut list: Vec<super::Action> = Vec::new();
    g.gun_actions(s, u, g.target_hexes(s, g.def(u).side), &mut list);
    list.iter()
        .filter_map(|a| match *a {
            super::Action::Shoot {
                target: t,
                intensive,
            } if usize::from(t) == target => Some(intensive),
            _ => None,
        })
        .collect()
}

/// Ends `side`'s player turn with nothing left to do, as play does: the other side's begins.
fn end_player_turn_of(g: &CrossOfIron, s: &mut State, side: u8) {
    s.phasing = side;
    s.phase = Phase::CloseCombat;
    s.cursor = 0;
    s.pending = Pending::None;
    g.settle(s);
    assert_eq!(s.phasing, 1 - side);
}
