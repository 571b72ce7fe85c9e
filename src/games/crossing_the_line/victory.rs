//! Victory (9) and the scenarios' victory conditions (10.1–10.4).
//!
//! Decisions:
//! - AMBIG-27 (9): control changes the moment its conditions hold, mid-move included; the line
//!   to the supply source follows the Supply Path rules (5.7.2); mutual control of an empty VP
//!   hex counts for the US, who controls it too (the reading `mutual_vp_control`).
//! - AMBIG-29 (10.1): "cleared" means no German unit in 2107, 2108 or 2109; one activation
//!   rates as Decisive like two; "poor performance" (five) is a draw, not clearing a loss.
//! - AMBIG-30 (10.2): 15 VP, in no band, is a German Substantial victory (the data's
//!   `vp_levels`, whose last entry 16 is the other reading).

use super::action::Action;
use super::command;
use super::control::{self, HexSet};
use super::ops;
use super::readings;
use super::ruleset::{PlanChart, Ruleset, ScenarioKind};
use super::side::Side;
use super::state::{bits, State, Step};
use std::fmt::Write as _;

/// 10.1's ratings of the US's performance by activations needed, and failure, named with
/// the side as the other scenarios' levels are ("US decisive"), for reports and CSVs.
pub const FIRST_BLOOD_LEVELS: [&str; 5] = [
    "US decisive",
    "US substantial",
    "US satisfactory",
    "US poor",
    "US failed",
];
/// 10.2's victory levels, the US's best first.
pub const STOLBERG_LEVELS: [&str; 7] = [
    "US decisive",
    "US substantial",
    "US marginal",
    "draw",
    "German marginal",
    "German substantial",
    "German decisive",
];
/// 10.3's victory levels, the US's best first.
pub const ACROSS_THE_WURM_LEVELS: [&str; 5] = [
    "US decisive",
    "US marginal",
    "draw",
    "German marginal",
    "German decisive",
];
/// The most Formation Activations of 10.1.
pub const FIRST_BLOOD_ACTIVATIONS: u8 = 5;
const DRAW: u8 = 2;

/// The scenario's victory levels, from the US's best to the Germans' best.
pub fn level_names(kind: ScenarioKind) -> &'static [&'static str] {
    match kind {
        ScenarioKind::FirstBlood => &FIRST_BLOOD_LEVELS,
        // 10.4 has 10.2's seven levels.
        ScenarioKind::StolbergCorridor | ScenarioKind::Campaign => &STOLBERG_LEVELS,
        ScenarioKind::AcrossTheWurm => &ACROSS_THE_WURM_LEVELS,
    }
}

/// The US's VPs: the values of the VP hexes it controls (10.2, 10.3); in the Campaign, its
/// Victory Plan's locations it controls and the German SP losses (10.4, 9).
pub fn us_vp(rs: &Ruleset, s: &State) -> u32 {
    if let Some(p) = &rs.plan {
        return plan_vp(p, s) + loss_vp(rs, p, s);
    }
    rs.vp_hexes
        .iter()
        .enumerate()
        .filter(|(k, _)| s.us_control & (1 << k) != 0)
        .map(|(_, &(_, v))| u32::from(v))
        .sum()
}

/// 8.3: what a side learns of the Victory Plan markers by `a`, in words: the US the marker
/// it drew (with its locations' VP when it is a plan), the German the one he inspected.
pub fn marker_seen(
    rs: &Ruleset,
    before: &State,
    a: Action,
    after: &State,
    viewer: Side,
) -> Option<String> {
    let p = rs.plan.as_ref()?;
    let words = |m: usize| match &p.markers.get(m)?.1 {
        None => Some(format!("\"{}\", a dummy", p.markers[m].0)),
        Some(vp) => {
            let places: Vec<String> = (p.locations.iter().zip(vp))
                .map(|((name, _), v)| format!("{name} {v} VP"))
                .collect();
            Some(format!("\"{}\" ({})", p.markers[m].0, places.join(", ")))
        }
    };
    match (before.step, a, viewer) {
        (Step::PlanDraw, Action::Draw(m), Side::Us) => {
            let plan = match victory_plan(p, after) {
                Some(v) if v == usize::from(m) && victory_plan(p, before).is_none() => {
                    ": your Victory Plan, the first marker drawn that is not a dummy"
                }
                _ => "",
            };
            Some(format!("you drew {}{plan}", words(usize::from(m))?))
        }
        (_, Action::Inspect(k), Side::German) => {
            let m = usize::from(*before.plan_draws.get(usize::from(k))?).checked_sub(1)?;
            Some(format!("you see {}", words(m)?))
        }
        _ => None,
    }
}

/// 8.3: the US's Victory Plan, "the first non-dummy chit drawn" (`None`: none drawn yet).
pub fn victory_plan(p: &PlanChart, s: &State) -> Option<usize> {
    s.plan_draws
        .iter()
        .take_while(|&&d| d != 0)
        .map(|&d| usize::from(d - 1))
        .find(|&m| p.markers[m].1.is_some())
}

/// The Victory Plan as `viewer` knows it: the US (or an open view) the drawn plan; the German
/// only when he has inspected every marker drawn up to and including it, the first that is
/// not a dummy (8.3; trial 22f F1: he had seen it, yet the screen still called it hidden).
pub fn plan_known(p: &PlanChart, s: &State, viewer: Option<Side>) -> Option<usize> {
    if viewer != Some(Side::German) {
        return victory_plan(p, s);
    }
    for (k, &d) in s
        .plan_draws
        .iter()
        .enumerate()
        .take_while(|&(_, &d)| d != 0)
    {
        if s.plan_seen & (1 << k) == 0 {
            return None;
        }
        let m = usize::from(d - 1);
        if p.markers[m].1.is_some() {
            return Some(m);
        }
    }
    None
}

/// A VP hex's value as `viewer` knows it, short and in words (10.2, 10.3): ("5 VP", "5 VP").
/// A Campaign location is worth what the drawn Victory Plan gives it (8.3, 10.4): its value
/// once the viewer knows the plan (`plan_known`), else the range the markers give
/// (trial 17b F1: not the largest of them). `None`: not a VP hex.
pub fn hex_vp(rs: &Ruleset, s: &State, viewer: Option<Side>, hex: u16) -> Option<(String, String)> {
    let k = rs.vp_hexes.iter().position(|&(h, _)| h == hex)?;
    let Some(p) = &rs.plan else {
        let vp = rs.vp_hexes[k].1;
        return Some((format!("{vp} VP"), format!("{vp} VP")));
    };
    let location = p
        .locations
        .iter()
        .position(|(_, bits)| bits & (1 << k) != 0)?;
    let name = &p.locations[location].0;
    let german_viewer = viewer == Some(Side::German);
    if let Some(m) = plan_known(p, s, viewer) {
        let vp = p.markers[m].1.as_ref().map_or(0, |vp| vp[location]);
        let plan = &p.markers[m].0;
        let words = format!("{name}: {vp} VP by the drawn Victory Plan ({plan}, 8.3)");
        return Some((format!("{vp} VP"), words));
    }
    let values = p
        .markers
        .iter()
        .filter_map(|(_, vp)| vp.as_ref()?.get(location));
    let (lo, hi) = values.fold((u8::MAX, 0), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    let range = if lo == hi {
        format!("{lo}")
    } else {
        format!("{lo}–{hi}")
    };
    let why = if german_viewer {
        "by the US's hidden Victory Plan"
    } else {
        "by the Victory Plan, none drawn yet"
    };
    Some((
        format!("{range} VP?"),
        format!("{name}: {range} VP {why} (8.3)"),
    ))
}

/// 10.4: the VP of the plan's locations the US controls (a location of several hexes, the
/// Roer area, counts once if any of its hexes is controlled).
pub fn plan_vp(p: &PlanChart, s: &State) -> u32 {
    let Some(vp) = victory_plan(p, s).and_then(|m| p.markers[m].1.as_ref()) else {
        return 0;
    };
    p.locations
        .iter()
        .zip(vp)
        .filter(|((_, hexes), _)| s.us_control & hexes != 0)
        .map(|(_, &v)| u32::from(v))
        .sum()
}

/// 9: the VP of the German SP lost, "determined at the end of the game": each German unit's
/// printed strength less its strength now (all of it if eliminated), by its kind's value,
/// with the losses noted when formations withdrew (8.5.2); rounded down to whole VPs.
pub fn loss_vp(rs: &Ruleset, p: &PlanChart, s: &State) -> u32 {
    loss_quarters(rs, p, s) / 4
}

/// `loss_vp` in quarter VPs, before the rounding down.
pub fn loss_quarters(rs: &Ruleset, p: &PlanChart, s: &State) -> u32 {
    let quarters: u32 = bits(rs.side_units[Side::German.index()])
        .map(|u| {
            let lost = rs.unit(u).strength.saturating_sub(s.strength[u]);
            u32::from(lost) * u32::from(p.loss_quarters[u])
        })
        .sum();
    quarters + u32::from(s.noted_loss_quarters)
}

/// "3¼ (3 when counted: whole VPs, 9)": the SP-loss VP with its fraction, and what the end
/// of the game counts (trial 21e F7: 2½ was shown as 2 with no word).
pub fn loss_vp_words(rs: &Ruleset, p: &PlanChart, s: &State) -> String {
    let q = loss_quarters(rs, p, s);
    let fraction = ["", "¼", "½", "¾"][(q % 4) as usize];
    match fraction {
        "" => format!("{}", q / 4),
        f => format!("{}{f} ({} when counted: whole VPs, 9)", q / 4, q / 4),
    }
}

/// 9: VP hex control after every change on the map (every VP hex starts German).
pub fn update_control(rs: &Ruleset, s: &mut State) {
    if !rs.kind.has_vp_hexes() {
        return;
    }
    let mut lines: [Option<HexSet>; 2] = [None, None];
    let mutual_unchanged = rs
        .charts
        .readings
        .is(&readings::MUTUAL_VP_CONTROL, "unchanged");
    for (k, &(h, _)) in rs.vp_hexes.iter().enumerate() {
        let i = usize::from(h);
        let claims = Side::BOTH.map(|side| {
            let (me, enemy) = (side.index(), side.other().index());
            (s.present[me].contains(i) || s.zoc[me].contains(i)) && !s.present[enemy].contains(i)
        });
        let us_holds = s.us_control & (1 << k) != 0;
        let wanted = match claims {
            [true, true] if mutual_unchanged => None,
            [true, _] if !us_holds => Some((Side::Us, true)),
            [false, true] if us_holds => Some((Side::German, false)),
            _ => None,
        };
        let Some((side, us_gains)) = wanted else {
            continue;
        };
        let line = lines[side.index()].get_or_insert_with(|| supply_line(rs, s, side));
        if line.contains(i) {
            s.us_control ^= 1 << k;
            debug_assert_eq!(s.us_control & (1 << k) != 0, us_gains);
        }
    }
}

/// 10.4: "The German player wins an instant decisive victory the moment a German combat unit
/// reaches a hex adjacent to the US supply source on the southern map edge. The unit has to be
/// in Command Range to qualify for this." AMBIG-40: checked after every step of play, so a
/// unit that is there, In Command, at any moment qualifies.
pub fn german_automatic_victory(rs: &Ruleset, p: &PlanChart, s: &mut State) {
    if s.is_over() {
        return;
    }
    let german = Side::German;
    let there = p.us_south_edge.intersection(&s.occupied[german.index()]);
    let qualifies = there
        .iter()
        .flat_map(|h| bits(s.units_at(rs, german, h as u16)))
        .any(|u| command::in_command(rs, s, u));
    if qualifies {
        over(s, Some(german), level_names(rs.kind).len() - 1);
    }
}

/// The hexes `side` traces a line to from its supply source (9).
fn supply_line(rs: &Ruleset, s: &State, side: Side) -> HexSet {
    control::reach_from_supply(
        &rs.map,
        &rs.supply_edge[side.index()],
        &s.obstacles(rs, side),
    )
}

fn over(s: &mut State, winner: Option<Side>, level: usize) {
    s.result = (
        winner.map_or(DRAW, |w| w.index() as u8),
        level as u8,
        s.turn,
    );
    s.step = super::state::Step::Over;
}

/// 10.1: after each activation of the 1st ID, the rating if the objectives are clear, or
/// failure when the five activations are spent.
pub fn first_blood_after_activation(rs: &Ruleset, s: &mut State) {
    let german = s.present[Side::German.index()];
    let cleared = rs.objectives.intersection(&german).is_empty();
    let n = s.activations;
    if cleared {
        let level = usize::from(n.clamp(2, FIRST_BLOOD_ACTIVATIONS) - 2);
        let winner = (level < 3).then_some(Side::Us);
        over(s, winner, level);
    } else if n >= FIRST_BLOOD_ACTIVATIONS || !ops::side_can_activate(rs, s, Side::Us) {
        over(s, Some(Side::German), 4);
    }
}

/// Why a game ended as it did, for its result line: First Blood's activations (10.1), the
/// Stolberg Corridor's Aachen City hexes (10.2), or the VP band the final VP fall in; `None`
/// for a game not over or one ended otherwise (its log tells it).
pub fn result_reason(rs: &Ruleset, s: &State) -> Option<String> {
    if !s.is_over() {
        return None;
    }
    if rs.kind == ScenarioKind::FirstBlood {
        return first_blood_reason(rs, s);
    }
    let (_, level, turn) = s.result;
    let city = rs.aachen_city.intersection(&s.occupied[Side::Us.index()]);
    let rule = rule_number(rs.kind);
    if rs.kind == ScenarioKind::StolbergCorridor && level == 0 && !city.is_empty() {
        let hexes: Vec<String> = city.hexes(&rs.map).map(|h| h.to_string()).collect();
        return Some(format!(
            "after turn {turn} US combat units stand in Aachen City ({}): a US decisive victory \
             whatever the VP ({rule})",
            hexes.join(", ")
        ));
    }
    let vp = us_vp(rs, s);
    (turn >= rs.last_turn && usize::from(level) == vp_level(rs, vp)).then(|| {
        let name = level_names(rs.kind)[usize::from(level)];
        format!("after turn {turn} the US have {vp} VP, in the {name} band ({rule})")
    })
}

/// Why a First Blood game ended as it did (10.1).
fn first_blood_reason(rs: &Ruleset, s: &State) -> Option<String> {
    let n = s.activations;
    let held = rs.objectives.intersection(&s.present[Side::German.index()]);
    if held.is_empty() {
        return Some(format!(
            "the US cleared the objectives in {n} Formation Activation(s) (10.1)"
        ));
    }
    let held: Vec<String> = held.hexes(&rs.map).map(|h| h.to_string()).collect();
    let spent = match n >= FIRST_BLOOD_ACTIVATIONS {
        true => format!("all {FIRST_BLOOD_ACTIVATIONS} Formation Activations used"),
        false => format!("the 1st Infantry Division can activate no more after {n}"),
    };
    Some(format!(
        "{spent} and the Germans still hold {} (10.1)",
        held.join(", ")
    ))
}

/// 7.8 after the last turn: the scenario's VP bands (10.2, 10.3), or for 10.2 an Aachen City
/// hex occupied by the US.
pub fn final_victory(rs: &Ruleset, s: &mut State) {
    if rs.kind == ScenarioKind::FirstBlood {
        over(s, Some(Side::German), 4);
        return;
    }
    // 10.2: a US combat unit occupying an Aachen City hex (AMBIG-27: "occupy" is to be in it).
    let us = s.occupied[Side::Us.index()];
    if rs.kind == ScenarioKind::StolbergCorridor && !rs.aachen_city.intersection(&us).is_empty() {
        return over(s, Some(Side::Us), 0);
    }
    let level = vp_level(rs, us_vp(rs, s));
    let draw = level_names(rs.kind)
        .iter()
        .position(|&l| l == "draw")
        .expect("a VP scenario has a draw");
    let winner = match level.cmp(&draw) {
        std::cmp::Ordering::Less => Some(Side::Us),
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(Side::German),
    };
    over(s, winner, level);
}

/// 10.2, 10.3: the victory level (an index of `level_names`) of `vp` US VP.
pub(super) fn vp_level(rs: &Ruleset, vp: u32) -> usize {
    rs.vp_levels
        .iter()
        .position(|&least| vp >= least)
        .unwrap_or(rs.vp_levels.len())
}

/// The rule of the scenario's victory conditions.
fn rule_number(kind: ScenarioKind) -> &'static str {
    match kind {
        ScenarioKind::FirstBlood => "10.1",
        ScenarioKind::StolbergCorridor => "10.2",
        ScenarioKind::AcrossTheWurm => "10.3",
        ScenarioKind::Campaign => "10.4",
    }
}

/// The victory bands in words, best first ("71+ US decisive", "61–70 US substantial", …);
/// bands a data file changed say so and give the rulebook's beside them (trial 15a F1: an
/// edited band was shown as the rule's).
fn bands_told(rs: &Ruleset) -> Vec<String> {
    let rule = super::scenario::rule_scenario(&rs.scenario_id).and_then(|r| r.vp_levels);
    let rulebook = rule.is_none_or(|r| same_bands(rs.kind, r, &rs.vp_levels));
    let mut bands = band_words(rs.kind, &rs.vp_levels, rulebook);
    if let (false, Some(r), Some(last)) = (rulebook, rule, bands.last_mut()) {
        let _ = write!(
            last,
            " (bands set by the data, not the rulebook's; {} has {})",
            rule_number(rs.kind),
            band_words(rs.kind, r, false).join(", ")
        );
    }
    bands
}

/// Whether `levels` are the rulebook's bands `rule`; the Stolberg Corridor's last band may
/// start at 15 or 16, the two readings of 10.2 (AMBIG-30).
fn same_bands(kind: ScenarioKind, rule: &[u32], levels: &[u32]) -> bool {
    let reading = |a: &u32, b: &u32| {
        a == b || (kind == ScenarioKind::StolbergCorridor && a.min(b) == &15 && a.max(b) == &16)
    };
    rule.len() == levels.len() && rule.iter().zip(levels).all(|(a, b)| reading(a, b))
}

/// `levels` as bands of the scenario's level names; with `rulebook`, the Stolberg Corridor's
/// 15 VP says it is a reading (AMBIG-30).
fn band_words(kind: ScenarioKind, levels: &[u32], rulebook: bool) -> Vec<String> {
    let names = level_names(kind);
    names
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let least = levels.get(k).copied();
            let most = k.checked_sub(1).and_then(|k| levels.get(k)).map(|m| m - 1);
            match (least, most) {
                (Some(l), None) => format!("{l}+ {name}"),
                // AMBIG-30: say where the band is a reading, not the table's.
                (Some(15), Some(m)) if rulebook && kind == ScenarioKind::StolbergCorridor => {
                    format!(
                        "15–{m} {name} (the rulebook's table has 16–{m}: 15 VP is in no band and \
                         is read as {name})"
                    )
                }
                (Some(l), Some(m)) => format!("{l}–{m} {name}"),
                (None, Some(m)) => format!("0–{m} {name}"),
                (None, None) => name.to_string(),
            }
        })
        .collect()
}

/// The victory conditions of the scenario (10.1–10.4) and the standing now, for the play
/// screen and the page, as `viewer` knows it (`None`: everything).
pub fn standing(rs: &Ruleset, s: &State, viewer: Option<Side>) -> Vec<String> {
    if rs.kind == ScenarioKind::FirstBlood {
        let german = s.present[Side::German.index()];
        let left: Vec<String> = (rs.objectives.intersection(&german).hexes(&rs.map))
            .map(|h| h.to_string())
            .collect();
        return vec![
            format!(
                "Victory (10.1): clear the German units from 2107, 2108 and 2109 within \
                 {FIRST_BLOOD_ACTIVATIONS} Formation Activations of the 1st Infantry Division; \
                 2 activations or fewer is decisive, 3 substantial, 4 satisfactory, 5 poor."
            ),
            format!(
                "Now: {}; objectives still held by the Germans: {}.",
                activations_used(s.activations),
                if left.is_empty() {
                    "none".to_string()
                } else {
                    left.join(", ")
                }
            ),
        ];
    }
    let bands = bands_told(rs);
    if let Some(p) = &rs.plan {
        return campaign_standing(rs, p, s, &bands, viewer);
    }
    let city = if rs.kind == ScenarioKind::StolbergCorridor {
        "a US combat unit in an Aachen City hex is a US decisive victory; otherwise "
    } else {
        ""
    };
    vec![
        format!(
            "Victory ({}) after turn {}: {city}by the VPs of the hexes the US controls: {}.",
            rule_number(rs.kind),
            rs.last_turn,
            bands.join(", ")
        ),
        format!(
            "Now, turn {} of {}: US VP {}.",
            s.turn,
            rs.last_turn,
            us_vp(rs, s)
        ),
    ]
}

/// 10.4's conditions and where they stand: the plan, its locations held, the SP losses.
fn campaign_standing(
    rs: &Ruleset,
    p: &PlanChart,
    s: &State,
    bands: &[String],
    viewer: Option<Side>,
) -> Vec<String> {
    // What `known_vp` has not said already (trial 17b F15: the plan and the losses twice).
    let plan = match viewer {
        Some(Side::German) => String::new(),
        _ => victory_plan(p, s).map_or("Victory Plan not drawn yet, ".to_string(), |m| {
            format!("Victory Plan \"{}\", ", p.markers[m].0)
        }),
    };
    let losses = match viewer {
        None => format!("; German SP losses: {} VP", loss_vp_words(rs, p, s)),
        Some(_) => String::new(),
    };
    let drawn = drawn_markers(p, s, viewer);
    let held: Vec<&str> = p
        .locations
        .iter()
        .filter(|(_, hexes)| s.us_control & hexes != 0)
        .map(|(name, _)| name.as_str())
        .collect();
    vec![
        format!(
            "Victory (10.4) after turn {}: the VPs of the US Victory Plan's locations the US \
             controls (8.3) and of the German SP losses (9): {}. A German combat unit In \
             Command next to the US supply source on the southern map edge wins at once for \
             the Germans.",
            rs.last_turn,
            bands.join(", ")
        ),
        format!(
            "Now, turn {} of {}: {}; {plan}{drawn}; locations held: {}{losses}.",
            s.turn,
            rs.last_turn,
            known_vp(rs, s, viewer),
            if held.is_empty() {
                "none".to_string()
            } else {
                held.join(", ")
            },
        ),
    ]
}

/// 10.1: "1 activation used", "3 activations used".
pub fn activations_used(n: u8) -> String {
    format!("{} used", crate::engine::words::counted(n, "activation"))
}

/// The Victory Plan markers drawn, as `viewer` knows them (8.3): the US his own in draw order
/// (trial 18b F6: he was never told what he drew), the German those he inspected.
fn drawn_markers(p: &PlanChart, s: &State, viewer: Option<Side>) -> String {
    let draws: Vec<(usize, usize)> = (s.plan_draws.iter().enumerate())
        .take_while(|&(_, &d)| d != 0)
        .map(|(k, &d)| (k, usize::from(d - 1)))
        .collect();
    let n = crate::engine::words::counted(draws.len() as u32, "marker");
    let names = |seen: &dyn Fn(usize) -> bool| -> Vec<String> {
        (draws.iter().filter(|&&(k, _)| seen(k)))
            .map(|&(_, m)| match p.markers[m].1 {
                Some(_) => format!("\"{}\"", p.markers[m].0),
                None => "a dummy".to_string(),
            })
            .collect()
    };
    match viewer {
        _ if draws.is_empty() => "no marker drawn yet".into(),
        Some(Side::German) => match names(&|k| s.plan_seen & (1 << k) != 0) {
            seen if seen.is_empty() => format!("{n} drawn, none inspected"),
            seen => {
                let plan = match plan_known(p, s, viewer) {
                    Some(m) => format!(
                        "; the US Victory Plan is \"{}\" (the first marker drawn that is not a \
                         dummy, 8.3)",
                        p.markers[m].0
                    ),
                    None => String::new(),
                };
                format!("{n} drawn; you inspected {}{plan}", seen.join(", "))
            }
        },
        _ => format!("{n} drawn: {}", names(&|_| true).join(", ")),
    }
}

/// The US VP as `viewer` knows them (First Blood: the activations used, 10.1). In the Campaign the German does not know the hidden
/// Victory Plan markers (8.3), and the US does not know how the German losses are shared
/// among units of different VP value (5.3.4, 9: they are counted at the end).
pub fn known_vp(rs: &Ruleset, s: &State, viewer: Option<Side>) -> String {
    // 10.1: First Blood has no VP; it counts the 1st ID's activations.
    if rs.kind == ScenarioKind::FirstBlood {
        return format!(
            "{} of {FIRST_BLOOD_ACTIVATIONS} activations used (10.1)",
            s.activations
        );
    }
    let Some(p) = &rs.plan else {
        return format!("US VP {}", us_vp(rs, s));
    };
    match viewer {
        None => format!("US VP {}", us_vp(rs, s)),
        // Trial 20b F8: each part the viewer cannot see is named as added at the end.
        Some(Side::Us) => format!(
            "US VP {} from the Victory Plan so far; the German SP losses' VP are hidden until \
             they are counted at the end, rule 9",
            plan_vp(p, s)
        ),
        Some(Side::German) => match plan_known(p, s, viewer) {
            Some(_) => format!(
                "US VP {} from the Victory Plan you inspected, {} from German SP losses so far",
                plan_vp(p, s),
                loss_vp_words(rs, p, s)
            ),
            None => format!(
                "US VP {} from German SP losses so far; those of the hidden Victory Plan (8.3) \
                 are added at the end",
                loss_vp_words(rs, p, s)
            ),
        },
    }
}
