//! A position estimate for search that stops its rollouts early (`Game::heuristic`): the US's
//! expected reward, on the scale of `outcome_rewards` (1 for a US decisive victory, 0 for a
//! German decisive one), from what decides 10.2 and 10.3 — the VP the US holds now, in 10.2
//! how near its combat units are to Aachen City (a US unit there at the end is a decisive
//! victory), and the SP each side has lost. The weights are rules of thumb, not fitted: the estimate only
//! has to rank positions reached from one root, and the tests pin the ranking.
//!
//! First Blood (10.1) has none: a game is at most five activations, so rollouts play to the
//! end.

use super::ruleset::{Ruleset, ScenarioKind};
use super::side::Side;
use super::state::State;
use super::victory;

/// Weights of the VP held now, the approach to Aachen City and the SP balance (sum 1).
const W_VP: f32 = 0.5;
const W_CITY: f32 = 0.35;
const W_LOSSES: f32 = 0.15;
/// A US unit this many hexes or more from Aachen City is no threat to it.
const CITY_FAR: f32 = 9.0;
/// SP lost more than the enemy at which the balance term is about three quarters gone.
const LOSS_SCALE: f32 = 10.0;
/// The estimate while a US combat unit stands in Aachen City.
const IN_CITY: f32 = 0.9;

/// The US's expected reward in `s` (not over), or `None` where rollouts play to the end.
pub fn us_reward(rs: &Ruleset, s: &State) -> Option<f32> {
    if !rs.kind.has_vp_hexes() {
        return None;
    }
    let us = Side::Us.index();
    let worst = rs.vp_levels.len() as f32;
    let level = victory::vp_level(rs, victory::us_vp(rs, s)) as f32;
    let vp = 1.0 - level / worst;
    let lead = f32::from(s.losses[1 - us]) - f32::from(s.losses[us]);
    let losses = 0.5 + 0.5 * (lead / LOSS_SCALE).tanh();
    if rs.kind != ScenarioKind::StolbergCorridor {
        // 10.3 has no city to reach: the VP and the losses share the city's weight.
        let scale = 1.0 / (W_VP + W_LOSSES);
        return Some(scale * (W_VP * vp + W_LOSSES * losses));
    }
    let distance = city_distance(rs, s);
    if distance == 0 {
        return Some(IN_CITY);
    }
    let city = (1.0 - (distance as f32 - 1.0) / (CITY_FAR - 1.0)).clamp(0.0, 1.0);
    Some(W_VP * vp + W_CITY * city + W_LOSSES * losses)
}

/// Hexes from the nearest US combat unit to the nearest Aachen City hex, read from the
/// ruleset's distance field (`u16::MAX` when the US has none on the map).
fn city_distance(rs: &Ruleset, s: &State) -> u16 {
    s.occupied[Side::Us.index()]
        .iter()
        .map(|u| u16::from(rs.city_distance[u]))
        .min()
        .unwrap_or(u16::MAX)
}
