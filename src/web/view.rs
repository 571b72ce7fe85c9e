//! What the page shows of a position, as JSON: the board drawn as SVG, the decisions open to
//! the person with the place each is about, the stacks in words, the log, the victory
//! conditions and the standing.

use super::Live;
use crate::board::svg::{counter_line, key_only_svg, map_svg, Highlight};
use crate::engine::Actor;
use crate::registry::Entry;
use serde::Serialize;
use std::collections::BTreeMap;

/// The most log lines sent: the page shows the latest.
const LOG_LINES: usize = 400;

/// The log from line `skip` on, saying how many earlier lines are left out (trial 21b F4: the
/// first turn vanished without a word).
fn log_tail(log: &[String], skip: usize) -> Vec<String> {
    let note = (skip > 0).then(|| {
        format!(
            "({skip} earlier lines are not shown here; a saved game, loaded in the terminal, \
             prints them all)"
        )
    });
    note.into_iter()
        .chain(log[skip..].iter().cloned())
        .collect()
}

#[derive(Serialize)]
pub struct View {
    pub title: String,
    /// The side the person plays, and its index (the counters' `data-side`).
    pub side: String,
    pub side_index: usize,
    pub seq: u64,
    pub headline: String,
    /// Who is to act, in words.
    pub to_act: String,
    /// The map as SVG, which the page enlarges by `zoom`.
    pub board: String,
    /// The key and the position's line drawn under the map, at their own size.
    pub board_key: String,
    /// How much the page enlarges the drawing so that a counter's face reads (at least 1.5×;
    /// more for a hex map's small hexes, `board::readable_scale`).
    pub zoom: f32,
    pub actions: Vec<ActionView>,
    /// Each occupied place's units, in words, as the person may see them.
    pub stacks: BTreeMap<String, Vec<String>>,
    /// Place ids with their full description.
    pub places: BTreeMap<String, String>,
    pub log: Vec<String>,
    pub standing: Vec<String>,
    /// What the numbers and marks on the board and in the texts mean (`Entry::key`).
    pub key: Vec<String>,
    /// How the game ended, once it has.
    pub result: Option<String>,
    /// A reply to the last request (a hint, an undo).
    pub message: Option<String>,
}

#[derive(Serialize)]
pub struct ActionView {
    /// Its number in the list, from 1, as in the terminal.
    pub n: usize,
    pub text: String,
    /// The area or hex it is about, if any.
    pub place: Option<String>,
    /// What it costs (`3 MP`), written on the map at its place.
    pub cost: Option<String>,
}

/// The places the options lead to, each with its cost on the map when every option there
/// costs the same (`3 MP`, shortened from `3 MP of 6`, `5 MF of 4 + 2`, `5 MP: past its 4
/// (79.2)` or `1 AP, 2 if a unit is Out of Command`: the option's text says the rest).
fn highlights(actions: &[ActionView]) -> Vec<Highlight> {
    let mut lit: Vec<Highlight> = Vec::new();
    for a in actions {
        let Some(place) = &a.place else { continue };
        let short = a.cost.as_deref().map(|c| {
            let c = c.split(" of ").next().unwrap_or(c);
            let c = c.split(" (").next().unwrap_or(c);
            let c = c.split(", ").next().unwrap_or(c);
            c.split(':').next().unwrap_or(c).to_string()
        });
        match lit.iter_mut().find(|h| &h.place == place) {
            Some(h) if h.cost != short => h.cost = None,
            Some(_) => {}
            None => lit.push(Highlight {
                place: place.clone(),
                cost: short,
            }),
        }
    }
    lit
}

impl View {
    pub fn of<G: Entry>(live: &Live<G>, message: Option<String>) -> View {
        let session = &live.session;
        let (game, s) = (session.game(), session.state());
        let viewer = session.viewer().filter(|_| !live.open);
        let board = game.board(s, viewer);
        let actions: Vec<ActionView> = session
            .offers()
            .iter()
            .map(|o| ActionView {
                n: o.n,
                text: o.text.clone(),
                place: game.action_place(s, o.action),
                cost: game.action_cost(s, o.action),
            })
            .collect();
        let lit = highlights(&actions);
        let stacks = board
            .places
            .iter()
            .filter(|p| !p.counters.is_empty())
            .map(|p| {
                let lines = p.counters.iter().map(|c| counter_line(&board, c)).collect();
                (p.id.clone(), lines)
            })
            .collect();
        let places = board
            .places
            .iter()
            .map(|p| (p.id.clone(), p.tooltip.clone()))
            .collect();
        let to_act = match session.actor() {
            Actor::Terminal => "the game is over".to_string(),
            Actor::Player(p) if p == session.human() => {
                format!("you ({}) to act", game.player_name(p))
            }
            Actor::Player(p) => format!("the {} (the bot) to act", game.player_name(p)),
            Actor::Chance => "the dice".to_string(),
        };
        let skip = live.log.len().saturating_sub(LOG_LINES);
        View {
            title: game.title(),
            side: game.player_name(session.human()).to_string(),
            side_index: session.human(),
            seq: live.seq,
            headline: board.title.clone(),
            to_act,
            board: map_svg(&board, &lit),
            board_key: key_only_svg(&board, !lit.is_empty()),
            zoom: crate::board::readable_scale(&board, PAGE_ZOOM),
            actions,
            stacks,
            places,
            log: log_tail(&live.log, skip),
            standing: game.standing(s, viewer),
            key: game.key().iter().map(|line| line.to_string()).collect(),
            result: session.result_line(),
            message,
        }
    }
}

/// The page's map at least this many times its drawing's size, so that a face can be read.
const PAGE_ZOOM: f32 = 1.5;

#[cfg(test)]
mod tests {
    use super::*;

    /// A cost tag on the map is short (it must fit its hex): the option's list carries the
    /// whole cost.
    #[test]
    fn a_cost_tag_is_the_first_figure_of_the_cost() {
        let action = |n, cost: &str| ActionView {
            n,
            text: String::new(),
            place: Some(format!("p{n}")),
            cost: Some(cost.to_string()),
        };
        let costs = [
            "3 MP of 6",
            "5 MF of 4 + 2",
            "5 MP: past its 4 (79.2)",
            "1 AP, 2 if a unit is Out of Command",
        ];
        let actions: Vec<ActionView> = (0..4).map(|n| action(n, costs[n])).collect();
        let tags: Vec<Option<String>> = highlights(&actions).into_iter().map(|h| h.cost).collect();
        let want = ["3 MP", "5 MF", "5 MP", "1 AP"].map(|t| Some(t.to_string()));
        assert_eq!(tags, want);
    }

    /// The page's log past its length says how many lines it leaves out (trial 21b F4).
    #[test]
    fn a_log_cut_to_its_last_lines_says_how_many_are_left_out() {
        let log: Vec<String> = (0..LOG_LINES + 3).map(|i| format!("line {i}")).collect();
        let skip = log.len().saturating_sub(LOG_LINES);
        let shown = log_tail(&log, skip);
        assert!(
            shown[0].starts_with("(3 earlier lines are not shown here"),
            "{}",
            shown[0]
        );
        assert_eq!(shown[1], "line 3");
        assert_eq!(shown.len(), LOG_LINES + 1);
        assert_eq!(
            log_tail(&log[..5], 0).len(),
            5,
            "no note when nothing is cut"
        );
    }
}
