//! Cross of Iron's `procedures` table: the smaller dice procedures
//! (`games::cross_of_iron::procedures`), one row per procedure, case and outcome.

use super::dist::Dist;
use super::fraction::Fraction;
use super::table::{Cell, Outcome, Table};
use crate::games::cross_of_iron::procedures::{
    bogged, drift_hexes, drop_point, extinguished, freed_from_bog, mine_dud,
    mine_placed_in_close_combat, mine_placed_in_overrun, morale_levels_lost, near_miss, repair,
    rocket_reload_player_turns, speed_breakdown, speed_breakdown_number, DropPoint, Landing,
    Repair, Support,
};

/// Rally Phases followed for the procedures that repeat every turn.
const PHASES: u8 = 6;

pub fn table() -> Table {
    let mut cells = Vec::new();
    let mut add = |procedure: &str, case: String, d: Dist<Outcome>| {
        let mut cell = Cell::new(vec![procedure.to_string(), case], &d);
        cell.provenance = Some(rules_of(procedure, &cell.inputs[1]).to_string());
        cells.push(cell);
    };
    for half in 0..=12u16 {
        let number = speed_breakdown_number(half);
        let d = Dist::sum_of(2, 6).map(|&r| pass_fail(speed_breakdown(r, number), "immobilized"));
        add("speed_breakdown", format!("{} MP over", half_mp(half)), d);
    }
    for (case, lgp, mud) in [
        ("entering", false, false),
        ("entering in mud", false, true),
        ("entering; low ground pressure", true, false),
        ("entering in mud; low ground pressure", true, true),
    ] {
        let roll = if lgp { Dist::sum_of(2, 6) } else { Dist::d6() };
        add(
            "bog",
            case.to_string(),
            roll.map(|&r| pass_fail(bogged(r, lgp, mud), "bogged")),
        );
    }
    for drm in [0i8, -1, -2] {
        let free = Dist::d6().map(|&d| freed_from_bog(d, drm));
        let case = format!("freeing; armour leader {drm:+}");
        add(
            "bog",
            case,
            repeated(&free.map(|&f| f.then_some("freed")), "still bogged"),
        );
        let fix = Dist::sum_of(2, 6).map(|&r| match repair(r, drm) {
            Repair::Fixed => Some("repaired"),
            Repair::Permanent => Some("made permanent"),
            Repair::NotYet => None,
        });
        add(
            "repair",
            format!("armour leader {drm:+}"),
            repeated(&fix, "still immobilized"),
        );
    }
    let out = Dist::d6().map(|&d| extinguished(d).then_some("extinguished"));
    add(
        "burning_wreck",
        "owner's Rally Phases".into(),
        repeated(&out, "still burning"),
    );
    for tubes in [6u8, 16, 24] {
        for drm in [1i8, 0, -1, -2, -3] {
            let turns = rocket_reload_player_turns(tubes, drm);
            let o = Outcome::ordered(format!("{turns} player turns"), turns.into());
            add(
                "rocket_reload",
                format!("{tubes} tubes; leader {drm:+}"),
                Dist::certain(o),
            );
        }
    }
    for to_hit_number in 4..=10i8 {
        let shots = Dist::sum_of(2, 6).zip(&Dist::d6()).map(|&(r, die)| {
            if r as i8 <= to_hit_number {
                return Outcome::unordered("hit");
            }
            match near_miss(r as i8, to_hit_number, die) {
                Landing::TargetHex => Outcome::unordered("miss: in the target hex"),
                Landing::Adjacent(d) => Outcome::unordered(format!("miss: adjacent hex {d}")),
            }
        });
        add(
            "near_miss",
            format!("TO HIT number {to_hit_number}; DRM 0"),
            shots,
        );
    }
    mines(&mut add);
    integrity(&mut add);
    paratroops(&mut add);
    Table {
        game: "cross-of-iron",
        name: "procedures",
        inputs: vec!["procedure", "case"],
        provenance: "rulebook 63.76-63.77 66.3 67.11 75.8 75.83 79 86 93 99.22 99.26 100 102.84"
            .to_string(),
        cells,
    }
}

/// The rules a procedure's rows rest on; the table's provenance is all of them.
fn rules_of(procedure: &str, case: &str) -> &'static str {
    match procedure {
        "speed_breakdown" => "rulebook 79.2",
        "bog" if case.starts_with("freeing") => "rulebook 75.8 76",
        "bog" => "rulebook 75.8 75.83 102.84",
        "repair" => "rulebook 66.3 76.6",
        "burning_wreck" => "rulebook 67.11",
        "rocket_reload" => "rulebook 63.76-63.77",
        "near_miss" => "rulebook 100.2-100.3",
        "mine_placement" if case.starts_with("overrun") => "rulebook 86.31",
        "mine_placement" => "rulebook 86.32",
        "mine_dud" => "rulebook 86.8",
        "battlefield_integrity" => "rulebook 93.2-93.6",
        "paratroop_drop_point" => "rulebook 99.22",
        "paratroop_drift" => "rulebook 99.26",
        // A new procedure names its rules here; the test below fails until it does.
        _ => "rulebook",
    }
}

fn half_mp(half: u16) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_string(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    }
}

fn pass_fail(failed: bool, what: &str) -> Outcome {
    if failed {
        Outcome::ordered(what, 1)
    } else {
        Outcome::ordered("no effect", 0)
    }
}

/// A roll made every Rally Phase until it ends the procedure (`Some` outcome): the phase it
/// ends in, by outcome, for `PHASES` phases, then still going.
fn repeated(each: &Dist<Option<&'static str>>, going: &str) -> Dist<Outcome> {
    let p_go = each.prob(|o| o.is_none());
    let mut alive = Fraction::ONE;
    let mut ends: Vec<(Outcome, Fraction)> = Vec::new();
    for phase in 1..=PHASES {
        for (o, p) in each.probabilities() {
            if let Some(label) = o {
                let outcome =
                    Outcome::ordered(format!("{label} in Rally Phase {phase}"), phase.into());
                ends.push((outcome, alive * p));
            }
        }
        alive = alive * p_go;
    }
    ends.push((
        Outcome::ordered(format!("{going} after {PHASES}"), 99),
        alive,
    ));
    weighted(ends)
}

/// A distribution from exact probabilities summing to one.
fn weighted(ends: Vec<(Outcome, Fraction)>) -> Dist<Outcome> {
    let den = ends
        .iter()
        .fold(1, |l, (_, p)| super::fraction::lcm(l, p.den()));
    Dist::from_weights(
        ends.into_iter()
            .map(|(o, p)| (o, p.num() * (den / p.den()))),
    )
}

fn mines(add: &mut impl FnMut(&str, String, Dist<Outcome>)) {
    for drm in [0i8, -1, -2] {
        let d = Dist::sum_of(2, 6).map(|&r| pass_fail(mine_placed_in_overrun(r, drm), "placed"));
        add("mine_placement", format!("overrun; leader {drm:+}"), d);
    }
    for morale in [6u8, 7, 8] {
        let d = Dist::sum_of(2, 6)
            .map(|&r| pass_fail(mine_placed_in_close_combat(r, morale, 0), "placed"));
        add(
            "mine_placement",
            format!("close combat; morale {morale}"),
            d,
        );
    }
    for (case, russian) in [("German", false), ("Russian", true)] {
        let d = Dist::sum_of(2, 6).map(|&r| pass_fail(mine_dud(r, russian), "dud"));
        add("mine_dud", case.to_string(), d);
    }
}

fn integrity(add: &mut impl FnMut(&str, String, Dist<Outcome>)) {
    for (name, support) in [
        ("normal", Support::Normal),
        ("with armour support", Support::Armor),
        ("facing armour alone", Support::FacingArmorAlone),
    ] {
        for pct in (0..=90).step_by(10) {
            let levels = morale_levels_lost(pct, 100, support);
            let o = Outcome::ordered(format!("morale −{levels}"), levels.into());
            add(
                "battlefield_integrity",
                format!("{pct}% lost; {name}"),
                Dist::certain(o),
            );
        }
    }
}

fn paratroops(add: &mut impl FnMut(&str, String, Dist<Outcome>)) {
    let d = Dist::d6().map(|&die| {
        Outcome::unordered(match drop_point(die) {
            DropPoint::Chosen => "the hex chosen",
            DropPoint::OtherBoardDroppersChoice => "another board (dropper's choice)",
            DropPoint::OtherBoardOpponentsChoice => "another board (opponent's choice)",
        })
    });
    add("paratroop_drop_point", "one die".into(), d);
    for (case, no_wind) in [("wind", false), ("no wind (optional)", true)] {
        let d = Dist::d6().map(|&die| {
            let n = drift_hexes(die, no_wind);
            Outcome::ordered(format!("{n} hexes"), n.into())
        });
        add("paratroop_drift", case.to_string(), d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell<'a>(t: &'a Table, procedure: &str, case: &str) -> &'a Cell {
        t.cell(&[procedure, case])
            .unwrap_or_else(|| panic!("{procedure} {case}"))
    }

    /// Each row names the rules of its own procedure, not the whole table's list: a speed
    /// breakdown rests on 79.2, a mine placed in an overrun on 86.31.
    #[test]
    fn every_procedure_row_names_its_own_rules() {
        let t = table();
        for c in &t.cells {
            let rules = c.provenance.as_deref().unwrap_or("");
            assert!(
                rules.starts_with("rulebook ") && rules != t.provenance,
                "{c:?}"
            );
        }
        let rules = |p, case| cell(&t, p, case).provenance.clone().unwrap();
        assert_eq!(rules("speed_breakdown", "0 MP over"), "rulebook 79.2");
        assert_eq!(
            rules("mine_placement", "overrun; leader +0"),
            "rulebook 86.31"
        );
    }

    #[test]
    fn rule_79_2_the_tiger_breaks_down_15_times_in_36() {
        let t = table();
        let c = cell(&t, "speed_breakdown", "3½ MP over");
        assert_eq!(c.p("immobilized"), Fraction::new(15, 36));
        assert_eq!(
            cell(&t, "speed_breakdown", "0 MP over").p("immobilized"),
            Fraction::new(1, 36)
        );
    }

    #[test]
    fn rule_66_3_a_repair_succeeds_in_1_of_11_attempts_that_end() {
        let t = table();
        let c = cell(&t, "repair", "armour leader +0");
        assert_eq!(c.p("repaired in Rally Phase 1"), Fraction::new(1, 36));
        assert_eq!(
            c.p("made permanent in Rally Phase 1"),
            Fraction::new(10, 36)
        );
        // Phase 2: 25/36 went on.
        assert_eq!(
            c.p("repaired in Rally Phase 2"),
            Fraction::new(25, 36) * Fraction::new(1, 36)
        );
        for cell in &t.cells {
            assert_eq!(cell.total(), Fraction::ONE, "{:?}", cell.inputs);
        }
    }

    #[test]
    fn rule_67_11_a_wreck_burns_past_6_rally_phases_with_chance_5_6_to_the_6th() {
        let t = table();
        let c = cell(&t, "burning_wreck", "owner's Rally Phases");
        assert_eq!(c.p("still burning after 6"), Fraction::new(15625, 46656));
    }

    #[test]
    fn rule_100_2_near_misses_by_one_stay_in_the_target_hex() {
        let t = table();
        let c = cell(&t, "near_miss", "TO HIT number 7; DRM 0");
        assert_eq!(c.p("hit"), Fraction::new(21, 36));
        assert_eq!(
            c.p("miss: in the target hex"),
            Fraction::new(5, 36),
            "a roll of 8"
        );
        assert_eq!(c.p("miss: adjacent hex 1"), Fraction::new(10, 216));
    }
}
