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
