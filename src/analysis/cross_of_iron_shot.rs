//! `crt cross-of-iron --shot SPEC`: one shot's TO HIT modifiers, each with the rule that gives
//! it, and its exact odds; with a kill number, the KILL roll's odds and the chance one shot
//! destroys the target.

use super::cross_of_iron::{kill_outcome, shot_outcome, to_hit, to_kill};
use super::select::readable;
use super::table::{Cell, Table};
use crate::games::cross_of_iron::gunnery::{
    Ammo, CriticalThreshold, Facing, KillResult, KillRoll, Shot,
};
use crate::games::cross_of_iron::modifiers::{
    acquisition_drm, deliberate_immobilization_drm, outside_covered_arc_drm, range_drm, size_drm,
    GunSuffix, TargetSize, BUTTONED_UP, CAPTURED_RED_NUMBERS, DIRECT_ROCKETS, MOUNT_360_TURNING,
    MOVING_TARGET,
};
use std::fmt::Write as _;

/// What `--shot` accepts, for its error messages.
const KEYS: &str = "to_hit=N (required), range=HEXES, gun=plain|L|LL|*, \
target=normal|red-front|red-both|white-front|white-both, buttoned, acquired=0-2, \
outside_ca=N, deliberate=side|rear, rockets, mount360, moving, captured_red, intensive, \
ammo=ap_he|heat_h5|heat_h6|smoke, breakdown=N, captured, 150mm, drm=N (any other), \
kill=N, armor=N, facing=front|side_rear, hull_down, immobilized, \
critical=final|table (68.1's reading)";

/// One modifier: its value, its rule and what it is for.
struct Modifier {
    drm: i8,
    rule: &'static str,
    why: String,
}

/// The shot the spec describes, its modifiers, and the KILL roll if a kill number is given.
struct Spec {
    shot: Shot,
    modifiers: Vec<Modifier>,
    kill: Option<KillRoll>,
    /// 68.1's reading (`critical=final|table`).
    critical: CriticalThreshold,
    /// The keys the spec gave, for saying which inputs were assumed.
    given: Vec<String>,
}

/// The calculator's whole answer, as text.
pub fn calculate(spec: &str) -> Result<String, String> {
    let s = parse(spec)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "TO HIT number {} (from your TO HIT table, 33.3: not in the text)",
        s.shot.to_hit_number
    );
    for m in &s.modifiers {
        let _ = writeln!(out, "  {:+3}  {:<6} {}", m.drm, m.rule, m.why);
    }
    let total = s.shot.total_drm();
    let _ = writeln!(
        out,
        "  DRM {total:+}: a hit on a final roll of {} or less, a raw roll of {} or less",
        s.shot.to_hit_number,
        s.shot.highest_hitting_roll()
    );
    let dist = to_hit(&s.shot, s.critical);
    let cell = Cell::new(vec![], &dist.map(|r| shot_outcome(&s.shot, r)));
    let reading = match s.critical {
        CriticalThreshold::Final => "68.1 read as half the TO HIT number less the DRM",
        CriticalThreshold::Table => "68.1 read as half the table's TO HIT number",
    };
    let provenance = format!("rulebook 63.16-64.9 68.1 70 90.12; {reading}");
    out.push_str(&readable(&[one_cell("to_hit", &provenance, cell)]));
    if s.modifiers.iter().any(|m| m.rule == "66.2") {
        let hit = dist.prob(|r| r.hit);
        let _ = writeln!(
            out,
            "A deliberate immobilisation (66.2): a hit immobilises the target at once, with no \
             KILL roll and no chance to destroy it: {:.2}% ({hit}).",
            100.0 * hit.to_f64()
        );
    }
    if let Some(k) = s.kill {
        let _ = writeln!(out, "{}", kill_inputs(&k, &s.given));
        let kill = to_kill(&k);
        let cell = Cell::new(vec![], &kill.map(kill_outcome));
        out.push_str(&readable(&[one_cell(
            "to_kill",
            "rulebook 66.1 67.1",
            cell,
        )]));
        let critical = to_kill(&KillRoll {
            critical: true,
            ..k
        });
        let destroyed = |d: &super::Dist<KillResult>| d.prob(|r| *r >= KillResult::Destroyed);
        let per_shot = dist.prob(|r| r.hit && !r.critical) * destroyed(&kill)
            + dist.prob(|r| r.critical) * destroyed(&critical);
        let _ = writeln!(
            out,
            "One shot destroys the target: {:.2}% ({per_shot}). A critical hit's KILL roll \
             is against the Rear (68.2); it is taken here with kill number {}: exact for a \
             shot at the rear.",
            100.0 * per_shot.to_f64(),
            k.kill_number
        );
    }
    Ok(out)
}

/// The KILL roll's inputs, each not given named as assumed (trial 20a F2: front and armour
/// +0 were taken silently).
fn kill_inputs(k: &KillRoll, given: &[String]) -> String {
    let said = |key: &str, value: String| match given.iter().any(|g| g == key) {
        true => value,
        false => format!("{value} (assumed: give {key}= to set it)"),
    };
    let facing = match k.facing {
        Facing::Front => "front",
        Facing::SideOrRear => "side or rear",
    };
    format!(
        "KILL roll: kill number {}, facing hit {}, armour modifier {} (64.3){}{}",
        k.kill_number,
        said("facing", facing.to_string()),
        said("armor", format!("{:+}", k.armor_modifier)),
        if k.hull_down { ", hull down" } else { "" },
        if k.immobilized {
            ", already immobilised"
        } else {
            ""
        },
    )
}

fn one_cell(name: &'static str, provenance: &str, cell: Cell) -> Table {
    Table {
        game: "cross-of-iron",
        name,
        inputs: vec![],
        provenance: provenance.to_string(),
        cells: vec![cell],
    }
}

fn suffix_name(suffix: GunSuffix) -> &'static str {
    match suffix {
        GunSuffix::Plain => "plain",
        GunSuffix::L => "L",
        GunSuffix::LL => "LL",
        GunSuffix::Star => "*",
    }
}

/// The keys that are set by being named (no `=value`).
const FLAGS: [&str; 10] = [
    "buttoned",
    "rockets",
    "mount360",
    "moving",
    "captured_red",
    "intensive",
    "captured",
    "150mm",
    "hull_down",
    "immobilized",
];

fn parse(spec: &str) -> Result<Spec, String> {
    let mut s = Spec {
        shot: Shot::plain(0, 0),
        modifiers: Vec::new(),
        kill: None,
        critical: CriticalThreshold::default(),
        given: Vec::new(),
    };
    let (mut to_hit, mut range, mut suffix) = (None, None, GunSuffix::Plain);
    let mut kill = KillRoll::plain(0, 0, Facing::Front);
    let mut kill_given = false;
    let mut seen: Vec<&str> = Vec::new();
    if spec.split(',').any(|i| i.trim().is_empty()) {
        // As `--table` refuses "a,,b" (trial 20a F7).
        return Err(format!(
            "--shot '{spec}': an empty item (two commas, or one at an end?); keys: {KEYS}"
        ));
    }
    for item in spec.split(',').map(str::trim) {
        let (key, value) = item.split_once('=').unwrap_or((item, ""));
        let bad = || format!("--shot '{item}': expected one of {KEYS}");
        // A key given twice would silently keep its last value.
        if seen.contains(&key) {
            return Err(format!("--shot '{item}': {key} is given twice"));
        }
        seen.push(key);
        // A flag is on when named: `intensive=no` would read as on, so a value is refused.
        if FLAGS.contains(&key) && item.contains('=') {
            return Err(format!(
                "--shot '{item}': {key} takes no value; name it to set it, leave it out otherwise"
            ));
        }
        let mut add = |drm: i8, rule: &'static str, why: String| {
            s.modifiers.push(Modifier { drm, rule, why });
        };
        match key {
            "to_hit" => to_hit = Some(number(item, value, 2, 12)?),
            "range" => range = Some(number(item, value, 1, 120)? as u16),
            "gun" => {
                suffix = match value {
                    "plain" => GunSuffix::Plain,
                    "L" | "l" => GunSuffix::L,
                    "LL" | "ll" => GunSuffix::LL,
                    "*" | "star" => GunSuffix::Star,
                    _ => return Err(bad()),
                }
            }
            "target" => {
                let size = match value {
                    "normal" => TargetSize::Normal,
                    "red-front" => TargetSize::RedFront,
                    "red-both" => TargetSize::RedFrontAndSide,
                    "white-front" => TargetSize::WhiteFront,
                    "white-both" => TargetSize::WhiteFrontAndSide,
                    _ => return Err(bad()),
                };
                add(size_drm(size), "64.6", format!("target size: {value}"));
            }
            "buttoned" => add(BUTTONED_UP, "64.47", "firer buttoned up".into()),
            "acquired" => {
                let n = number(item, value, 0, 2)? as u8;
                add(
                    acquisition_drm(n),
                    "69.1",
                    format!("acquired: {n} phase(s) in a row"),
                );
            }
            "outside_ca" => {
                let n = number(item, value, 1, 5)? as u8;
                let why = format!("outside the covered arc, shot {n} this phase (Case D)");
                add(outside_covered_arc_drm(n), "70.8", why);
            }
            "deliberate" => {
                let rear = match value {
                    "side" => false,
                    "rear" => true,
                    _ => return Err(bad()),
                };
                let why = format!("deliberate immobilisation from the {value}");
                add(deliberate_immobilization_drm(rear), "66.2", why);
            }
            "rockets" => add(DIRECT_ROCKETS, "63.731", "rockets firing direct".into()),
            "mount360" => add(
                MOUNT_360_TURNING,
                "63.19",
                "360° mount turning (Case A)".into(),
            ),
            "moving" => add(MOVING_TARGET, "69.8", "moving target (Case J)".into()),
            "captured_red" => add(
                CAPTURED_RED_NUMBERS,
                "90.13",
                "captured, red TO HIT numbers".into(),
            ),
            "drm" => add(
                number(item, value, -10, 10)?,
                "",
                "other modifiers, as given".into(),
            ),
            "intensive" => s.shot.intensive_fire = true,
            "ammo" => {
                s.shot.ammo = match value {
                    "ap_he" => Ammo::ApHe,
                    "heat_h5" => Ammo::Heat(5),
                    "heat_h6" => Ammo::Heat(6),
                    "smoke" => Ammo::Smoke,
                    _ => return Err(bad()),
                }
            }
            "breakdown" => s.shot.breakdown = number(item, value, 2, 12)? as u8,
            "captured" => s.shot.captured = true,
            "150mm" => s.shot.calibre_150_plus = true,
            "kill" => {
                kill.kill_number = number(item, value, 0, 30)?;
                kill_given = true;
            }
            "armor" => kill.armor_modifier = number(item, value, -5, 10)?,
            "facing" => {
                kill.facing = match value {
                    "front" => Facing::Front,
                    "side_rear" => Facing::SideOrRear,
                    _ => return Err(bad()),
                }
            }
            "critical" => {
                s.critical = match value {
                    "final" => CriticalThreshold::Final,
                    "table" => CriticalThreshold::Table,
                    _ => return Err(bad()),
                }
            }
            "hull_down" => kill.hull_down = true,
            "immobilized" => kill.immobilized = true,
            _ => return Err(bad()),
        }
    }
    let Some(to_hit) = to_hit else {
        return Err(format!(
            "--shot: to_hit=N is required (the number your TO HIT table gives); keys: {KEYS}"
        ));
    };
    if let Some(range) = range {
        let drm = range_drm(suffix, range);
        let why = format!("{} gun at {range} hexes", suffix_name(suffix));
        s.modifiers.insert(
            0,
            Modifier {
                drm,
                rule: "64.2",
                why,
            },
        );
    }
    if s.shot.intensive_fire {
        s.modifiers.push(Modifier {
            drm: 2,
            rule: "70.2",
            why: "intensive fire (breakdown number −2, 70.5)".into(),
        });
    }
    let others: i8 = s
        .modifiers
        .iter()
        .filter(|m| m.rule != "70.2")
        .map(|m| m.drm)
        .sum();
    s.shot.to_hit_number = to_hit;
    s.shot.drm = others;
    // 66.2: the firer "forfeits any chance of outright elimination of the target. If he hits
    // his target, however, it is automatically immobilized": no KILL roll to ask for.
    if kill_given && s.modifiers.iter().any(|m| m.rule == "66.2") {
        return Err(
            "--shot: deliberate= makes no KILL roll (66.2: a hit immobilises the \
                    target, which cannot be destroyed by it); leave out kill="
                .into(),
        );
    }
    // The KILL roll's own keys say nothing without a KILL roll to apply them to.
    let kill_keys = ["armor", "facing", "hull_down", "immobilized"];
    if let Some(key) = kill_keys.iter().find(|k| !kill_given && seen.contains(k)) {
        return Err(format!(
            "--shot: {key} is a KILL roll's, which needs kill=N (the KILL number of the gun \
             at this range); give kill= or leave out {key}"
        ));
    }
    s.kill = kill_given.then_some(kill);
    s.given = seen.iter().map(|k| k.to_string()).collect();
    Ok(s)
}

fn number(item: &str, value: &str, lo: i8, hi: i8) -> Result<i8, String> {
    value
        .parse::<i8>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| format!("--shot '{item}': expected a whole number from {lo} to {hi}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_calculator_names_each_modifier_with_its_rule_and_sums_them() {
        let text =
            calculate("to_hit=10,range=14,gun=L,target=white-front,buttoned,acquired=1").unwrap();
        assert!(text.contains("  -1  64.2   L gun at 14 hexes"), "{text}");
        assert!(
            text.contains("  +1  64.6   target size: white-front"),
            "{text}"
        );
        assert!(text.contains("  +1  64.47  firer buttoned up"), "{text}");
        assert!(text.contains("  -1  69.1   acquired"), "{text}");
        assert!(
            text.contains("DRM +0: a hit on a final roll of 10 or less"),
            "{text}"
        );
        // A raw 10 or less: 33/36 = 91.67%, less the critical hits.
        assert!(text.contains("hit"), "{text}");
    }

    #[test]
    fn the_calculator_gives_the_chance_one_shot_destroys() {
        let text = calculate("to_hit=7,kill=12").unwrap();
        // Every hit destroys (kill number 12): 21/36 = 58.33%.
        assert!(
            text.contains("One shot destroys the target: 58.33% (7/12)"),
            "{text}"
        );
    }

    /// The KILL roll's facing and armour, when not given, are said to be assumed (trial 20a
    /// F2), and an empty item is refused as `--table` refuses it (F7).
    #[test]
    fn the_calculator_says_the_kill_inputs_it_assumed_and_refuses_empty_items() {
        let text = calculate("to_hit=10,kill=5").unwrap();
        assert!(
            text.contains(
                "KILL roll: kill number 5, facing hit front (assumed: give facing= to set it), \
                 armour modifier +0 (assumed: give armor= to set it) (64.3)"
            ),
            "{text}"
        );
        let text = calculate("to_hit=10,kill=5,facing=side_rear,armor=2").unwrap();
        assert!(
            text.contains(
                "KILL roll: kill number 5, facing hit side or rear, armour modifier +2 (64.3)"
            ),
            "{text}"
        );
        for spec in ["to_hit=10,,buttoned", "to_hit=10,", ",to_hit=10"] {
            let e = calculate(spec).unwrap_err();
            assert!(e.contains("an empty item"), "{spec}: {e}");
        }
    }

    #[test]
    fn rule_68_1_the_calculator_takes_either_reading_of_the_critical_threshold() {
        // TO HIT 10, DRM +3: needed 7 (a third die 1–3, 3/216) or the table's 10 (1–4, 4/216).
        let final_reading = calculate("to_hit=10,drm=3").unwrap();
        let table_reading = calculate("to_hit=10,drm=3,critical=table").unwrap();
        assert!(final_reading.contains("1/72"), "{final_reading}");
        assert!(table_reading.contains("1/54"), "{table_reading}");
        assert!(table_reading.contains("half the table's TO HIT number"));
    }

    #[test]
    fn a_kill_rolls_key_without_kill_is_refused_not_ignored() {
        for key in ["armor=3", "facing=side_rear", "hull_down", "immobilized"] {
            let e = calculate(&format!("to_hit=10,{key}")).unwrap_err();
            assert!(e.contains("needs kill=N"), "{key}: {e}");
            assert!(
                calculate(&format!("to_hit=10,kill=8,{key}")).is_ok(),
                "{key}"
            );
        }
    }

    #[test]
    fn a_flag_given_a_value_is_refused_not_read_as_on() {
        for flag in FLAGS {
            for value in ["no", "false", "0", "", "yes"] {
                let e = calculate(&format!("to_hit=10,{flag}={value}")).unwrap_err();
                assert!(e.contains(&format!("{flag} takes no value")), "{e}");
            }
            assert!(
                calculate(&format!("to_hit=10,kill=8,{flag}")).is_ok(),
                "{flag}"
            );
        }
    }

    #[test]
    fn the_calculator_refuses_what_it_does_not_know_in_one_line() {
        for bad in [
            "range=5",
            "to_hit=13",
            "to_hit=7,gun=XL",
            "to_hit=7,flank",
            "to_hit=x",
            "to_hit=10,to_hit=3,range=14",
        ] {
            let err = calculate(bad).unwrap_err();
            assert!(
                !err.contains('\n') && err.starts_with("--shot"),
                "{bad}: {err}"
            );
        }
        assert!(calculate("to_hit=10,to_hit=3,range=14")
            .unwrap_err()
            .contains("to_hit is given twice"));
    }
}
