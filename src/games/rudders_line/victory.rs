//! Victory (3.2, Set Up Card), checked in Regroup step 1 (12.1).

use super::data::Side;
use super::ruleset::Ruleset;
use super::state::{Phase, State, Step, NONE};

/// Names of the victory levels, indexed by `State::result.1`.
pub const LEVELS: [&str; 7] = [
    "German sudden death (control of the key areas)",
    "German sudden death (Rangers driven off the point)",
    "German victory (the guns were never reached)",
    "Ranger decisive victory",
    "Ranger victory",
    "draw",
    "German victory",
];

fn finish(rs: &Ruleset, s: &mut State, winner: Option<Side>, level: usize) {
    let _ = rs;
    s.result = (
        winner.map_or(NONE, |w| w.index() as u8),
        level as u8,
        s.turn,
    );
    s.phase = Phase::Over;
    s.step = Step::Over;
}

/// Checks the victory conditions; true if the game is over.
pub fn check(rs: &Ruleset, s: &mut State) -> bool {
    let v = &rs.victory;
    let german = !s.ranger_control;
    if v.german_sudden_death_control != 0
        && german & v.german_sudden_death_control == v.german_sudden_death_control
    {
        finish(rs, s, Some(Side::Germans), 0);
    } else if s.present[Side::Rangers.index()] & v.ranger_foothold == 0 {
        finish(rs, s, Some(Side::Germans), 1);
    } else if s.turn == v.guns_deadline_turn && !s.guns_reached {
        finish(rs, s, Some(Side::Germans), 2);
    } else if s.turn >= rs.turns {
        final_result(rs, s);
    } else {
        return false;
    }
    true
}

/// End of the last turn: the Rangers must hold their key area and enough other Victory Areas.
fn final_result(rs: &Ruleset, s: &mut State) {
    let v = &rs.victory;
    let key: u64 = 1 << v.ranger_must_hold;
    let others = rs.victory_areas & !key;
    let held_others = (others & s.ranger_control).count_ones() as u8;
    if s.ranger_control & key == 0 {
        finish(rs, s, Some(Side::Germans), 6);
    } else if held_others == others.count_ones() as u8 && held_others > 0 {
        finish(rs, s, Some(Side::Rangers), 3);
    } else if held_others >= v.ranger_other_victory_areas {
        finish(rs, s, Some(Side::Rangers), 4);
    } else {
        finish(rs, s, None, 5);
    }
}
