//! Plain-language descriptions of actions, for logs and the play screen.

use super::action::Action;
use super::ruleset::Ruleset;
use super::state::{State, Step, NONE, STACKING_LIMIT};

/// "ranger_squad #3 (area 17)".
pub fn unit(rs: &Ruleset, s: &State, u: u8) -> String {
    let loc = s.loc(u);
    let place = if usize::from(loc) < rs.areas.len() {
        format!(" in {}", area(rs, loc))
    } else {
        String::new()
    };
    format!("{} #{u}{place}", counter_name(&rs.info(u).counter))
}

/// A unit's printed values on the side it shows now, "Attack|Defense|Movement" (2.6; the
/// spent side's Attack and Defense when spent).
pub fn printed_values(rs: &Ruleset, s: &State, u: u8) -> String {
    let i = rs.info(u);
    let (attack, defense) = if s.is_spent(u) {
        (i.spent_attack, i.spent_defense)
    } else {
        (i.attack, i.defense)
    };
    format!("{attack}|{defense}|{}", i.movement)
}

/// A counter's id as a person reads it: "ranger_nco_2" → "Ranger NCO 2",
/// "german_grw36" → "German GrW 36", "german_mg42" → "German MG 42".
pub fn counter_name(id: &str) -> String {
    let words: Vec<String> = id
        .split('_')
        .enumerate()
        .map(|(k, w)| match w {
            "nco" | "fo" | "bar" => w.to_uppercase(),
            "mg42" => "MG 42".into(),
            _ if w.starts_with("grw") => format!("GrW {}", &w[3..]),
            _ if w.chars().any(|c| c.is_ascii_digit()) => w.to_uppercase(),
            _ if k == 0 => w[..1].to_uppercase() + &w[1..],
            _ => w.to_string(),
        })
        .collect();
    words.join(" ")
}

/// A weapon with its printed value (a gun's OT in direct fire and assault, 9.5 and 11.1d–e;
/// a mortar's indirect-fire strength, 7.5): "Ranger M1919 (3)".
pub fn weapon(rs: &Ruleset, w: u8) -> String {
    let i = rs.info(w);
    format!("{} ({})", counter_name(&i.counter), i.attack)
}

pub fn area(rs: &Ruleset, a: u8) -> String {
    match rs.areas.get(usize::from(a)) {
        Some(info) if info.id.chars().all(|c| c.is_ascii_digit()) => format!("area {}", info.id),
        Some(info) => info.id.clone(),
        None => format!("area #{a}"),
    }
}

pub fn action(rs: &Ruleset, s: &State, a: Action) -> String {
    let u = |x: u8| unit(rs, s, x);
    // A weapon carried or picked up is where its carrier is: its name alone.
    let w = |x: u8| format!("{} #{x}", counter_name(&rs.info(x).counter));
    let ar = |x: u8| area(rs, x);
    match a {
        Action::Die(d) => format!("1d6 rolls {d}"),
        Action::Dice(d) => format!("2d6 rolls {d}"),
        Action::GoFirst => "go first".into(),
        Action::GoSecond => "go second".into(),
        // 2.64: in the Regroup Phase a pass ends the side's weapon pick-up routine.
        Action::Pass if s.step == Step::PickUp => "pick up no more weapons (2.64)".into(),
        Action::Pass => "pass".into(),
        Action::CallArtillery { fo, target } => {
            format!("{} calls in artillery on {}", u(fo), ar(target))
        }
        Action::FireMortar {
            mortar,
            target,
            spotter,
        } if spotter == NONE => {
            format!("{} fires on {}", u(mortar), ar(target))
        }
        Action::FireMortar {
            mortar,
            target,
            spotter,
        } => {
            format!(
                "{} fires on {}, spotted by {}",
                u(mortar),
                ar(target),
                u(spotter)
            )
        }
        // 9.2: the first weapon opens the fire; its option names what it may fire on, the
        // target being chosen after any more weapons join (trial 18b F8).
        Action::AddWeapon(w) if s.step == Step::Segment => {
            let targets = super::fire::direct_targets_of(rs, s, w);
            let areas: Vec<String> = super::ruleset::bits(targets).map(|t| ar(t as u8)).collect();
            format!(
                "{} opens direct fire (may fire on {}; 9.2)",
                u(w),
                areas.join(", ")
            )
        }
        Action::AddWeapon(w) => format!("{} joins the direct fire", u(w)),
        Action::DirectFire { target } => format!("direct fire on {}", ar(target)),
        Action::Activate(x) if super::movement::activation_stuck(rs, s, x) => format!(
            "activate {} (none of its units can move out of it: the areas next to it are full \
             (10.35), closed to it (10.34) or beyond its MP (10.3); and no enemy is there to \
             assault, 10.5)",
            ar(x)
        ),
        Action::Activate(x) => format!("activate {}", ar(x)),
        // With the weapon it carries, which moves with it (2.64; trial 20b F5).
        Action::AddUnit(x) => match s.carried(x) {
            NONE => format!("{} joins the group", u(x)),
            w => format!("{} joins the group, carrying {}", u(x), weapon(rs, w)),
        },
        Action::Move { to, pay: false } => {
            match super::movement::interdiction_toll(s, s.active, to) {
                0 => format!("move to {}", ar(to)),
                _ => format!(
                    "move to {}, attacked on entering by the {} interdiction marker {} (8.2)",
                    ar(to),
                    s.active.enemy().adjective(),
                    super::movement::interdiction_attack(rs, s, s.active, to).0
                ),
            }
        }
        Action::Move { to, pay: true } => format!("move to {}, paying the interdiction MP", ar(to)),
        Action::AssaultHere => "assault the enemy in this area".into(),
        Action::EndActivation => end_activation(rs, s),
        Action::Point(x) => format!("{} leads the assault", u(x)),
        Action::Flip(x) => format!("flip {} to spent", u(x)),
        Action::Eliminate(x) => format!("eliminate {}", u(x)),
        Action::Retreat { unit, to } => format!("retreat {} to {}", u(unit), ar(to)),
        Action::AutoRally(x) => format!("rally {} automatically", u(x)),
        Action::Fatigue(x) => format!("fatigue {}", u(x)),
        Action::PickUp { weapon, unit } => format!("{} picks up {}", u(unit), w(weapon)),
        Action::Hand { from, to } => {
            let (given, other) = (s.carried(from), s.carried(to));
            if other == NONE {
                format!("{} hands {} to {}", u(from), w(given), u(to))
            } else {
                // 2.64: a swap; the weapon sent back is named so that the trade is plain.
                format!(
                    "{} swaps {} for {} of {}",
                    u(from),
                    w(given),
                    w(other),
                    u(to)
                )
            }
        }
    }
}

/// Units join in list order (`movement::joinable`): a pick that passes over units listed
/// above it says they can no longer join, rather than dropping them from the next list
/// without a word (trial 15b F3). Told beside the option, not in its description, which
/// keeps the option's number while the group grows.
pub fn passed_over(rs: &Ruleset, s: &State, a: Action) -> Option<&'static str> {
    let Action::AddUnit(x) = a else { return None };
    let before = super::movement::joinable(rs, s) & ((1u128 << x) - 1);
    match before.count_ones() {
        0 => None,
        // Trial 16b F7: "after it, the unit listed above cannot join" read as a rule.
        1 => Some("units join in list order: to bring the one above too, choose it first"),
        _ => Some("units join in list order: to bring any above too, choose them first"),
    }
}

/// "end the activation", with the moves stacking alone forbids the group, so that a move
/// missing from the list is explained (10.35; trial 13b F2).
fn end_activation(rs: &Ruleset, s: &State) -> String {
    if s.step != Step::Group || s.group.members == 0 {
        return "end the activation".into();
    }
    // The group's units are spent whether they moved or not (10.1b; trial 21b F5).
    let n = s.group.members.count_ones();
    let spent = match n {
        1 => "its unit becomes spent".to_string(),
        n => format!("its {n} units become spent"),
    };
    let base = format!("end the activation: {spent} (10.1b)");
    let full: Vec<String> = super::movement::too_full(rs, s)
        .into_iter()
        .map(|(to, there, group)| {
            // Trial 14b F8: "already has … of its 12", so the limit and the count differ.
            format!(
                "{} already has {there} of its {STACKING_LIMIT} and the group has {group}",
                area(rs, to)
            )
        })
        .collect();
    match full.is_empty() {
        true => base,
        false => format!(
            "{base}; no move where the group would pass an area's limit of {STACKING_LIMIT} \
             stacking points, 10.35: {}",
            full.join("; ")
        ),
    }
}
