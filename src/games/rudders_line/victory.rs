//! Victory (3.2, Set Up Card), checked in Regroup step 1 (12.1). The Set Up Card is missing
//! from the rulebook: the conditions are the reconstructed ones of `scenario.toml`.

use super::data::Side;
use super::ruleset::Ruleset;
use super::state::{Phase, State, Step, NONE};

/// Names of the victory levels, indexed by `State::result.1`.
pub const LEVELS: [&str; 6] = [
    "German sudden death (key areas retaken)",
    "German sudden death (Rangers driven off the point)",
    "Ranger decisive victory",
    "Ranger victory",
    "draw",
    "German victory",
];
const RANGER_DECISIVE: u8 = 2;
const GERMAN_VICTORY: u8 = 5;

fn finish(s: &mut State, level: u8) {
    let winner = match level {
        0 | 1 | GERMAN_VICTORY => Side::Germans.index() as u8,
        RANGER_DECISIVE | 3 => Side::Rangers.index() as u8,
        _ => NONE,
    };
    s.result = (winner, level, s.turn);
    s.phase = Phase::Over;
    s.step = Step::Over;
}

/// Checks the victory conditions; true if the game is over.
pub fn check(rs: &Ruleset, s: &mut State) -> bool {
    let v = &rs.victory;
    let german = !s.ranger_control;
    if s.turn == v.guns_deadline_turn && !s.guns_reached {
        s.guns_missed = true;
    }
    if v.german_sudden_death_control != 0
        && german & v.german_sudden_death_control == v.german_sudden_death_control
    {
        finish(s, 0);
    } else if s.present[Side::Rangers.index()] & v.ranger_foothold == 0 {
        finish(s, 1);
    } else if s.turn >= rs.turns {
        finish(s, final_level(rs, s));
    } else {
        return false;
    }
    true
}

/// End of the last turn: the Rangers must hold their key area and enough other Victory
/// Areas; all of them is decisive, the key area alone a draw. Guns never reached by the
/// deadline cost the Rangers one level.
fn final_level(rs: &Ruleset, s: &State) -> u8 {
    let v = &rs.victory;
    let key: u64 = 1 << v.ranger_must_hold;
    let others = rs.victory_areas & !key;
    let held_others = (others & s.ranger_control).count_ones() as u8;
    let level = if s.ranger_control & key == 0 {
        GERMAN_VICTORY
    } else if held_others == others.count_ones() as u8 && held_others > 0 {
        RANGER_DECISIVE
    } else if held_others >= v.ranger_other_victory_areas {
        RANGER_DECISIVE + 1
    } else {
        RANGER_DECISIVE + 2
    };
    if s.guns_missed {
        (level + 1).min(GERMAN_VICTORY)
    } else {
        level
    }
}

/// The victory conditions (the reconstructed Set Up Card, 12.1) and who stands where now, for
/// the play screen and the page.
pub fn standing(rs: &Ruleset, s: &State) -> Vec<String> {
    let v = &rs.victory;
    let name = |a: u8| super::describe::area(rs, a);
    let list = |m: u64| {
        let names: Vec<String> = (0..rs.areas.len() as u8)
            .filter(|&a| m & (1 << a) != 0)
            .map(name)
            .collect();
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    };
    let key = name(v.ranger_must_hold);
    // An empty list is this data's choice: no German sudden death by control.
    // "key areas retaken": the Germans hold them at the start, so the Rangers must take one
    // before the first Regroup Phase; the text says so while it is still the case.
    let control = match v.german_sudden_death_control {
        0 => String::new(),
        m if m.count_ones() == 1 => format!("if they control {} (sudden death), or ", list(m)),
        m => {
            let held = !s.ranger_control & m == m && s.phase != Phase::Over;
            let warning = match held {
                true => {
                    ": they hold them all now, so the Rangers must take one before the \
                           next Regroup Phase"
                }
                false => "",
            };
            format!(
                "if they control every one of {} (sudden death{warning}), or ",
                list(m)
            )
        }
    };
    let mut lines = vec![
        format!(
            "Victory (reconstructed Set Up Card, 12.1), checked each Regroup Phase: the Germans \
             win at once {control}if no Ranger is left in {}.",
            list(v.ranger_foothold)
        ),
        format!(
            "At the end of turn {}: the Rangers win if they hold {key} and at least {} of {} \
             (all of them: decisive); {key} alone is a draw; less is a German victory. If no \
             Ranger has reached the guns in {} by the end of turn {}, the Rangers' result is one \
             level lower.",
            rs.turns,
            crate::engine::words::counted(v.ranger_other_victory_areas, "other Victory Area"),
            // Trial 16b F6: the Victory Areas were named only by who holds them.
            list(rs.victory_areas & !(1 << v.ranger_must_hold)),
            name(v.guns_area),
            v.guns_deadline_turn
        ),
    ];
    if s.phase == Phase::Over {
        lines.push(why(rs, s, &list));
    }
    let rangers = s.ranger_control & rs.victory_areas;
    lines.push(format!(
        "Now, turn {} of {}: the Rangers hold {}; the Germans hold {}; guns {}.",
        s.turn,
        rs.turns,
        list(rangers),
        list(rs.victory_areas & !s.ranger_control),
        if s.guns_reached {
            "reached"
        } else if s.guns_missed {
            "not reached in time (one level lower)"
        } else {
            "not reached yet"
        }
    ));
    lines
}

/// Why the game ended as it did, in one sentence.
fn why(rs: &Ruleset, s: &State, list: &dyn Fn(u64) -> String) -> String {
    let v = &rs.victory;
    let key = super::describe::area(rs, v.ranger_must_hold);
    let why = match s.result.1 {
        0 => format!(
            "the Germans controlled {} in the Regroup Phase of turn {} (sudden death)",
            list(v.german_sudden_death_control),
            s.result.2
        ),
        1 => format!("no Ranger was left in {}", list(v.ranger_foothold)),
        _ => {
            let held = list(s.ranger_control & rs.victory_areas);
            let guns = if s.guns_missed {
                ", one level lower because no Ranger reached the guns in time"
            } else {
                ""
            };
            format!(
                "at the end of turn {} the Rangers held {held} ({key} is the key area){guns}",
                rs.turns
            )
        }
    };
    format!("Why: {why}: {}.", LEVELS[usize::from(s.result.1)])
}
