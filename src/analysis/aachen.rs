//! Aachen's exact tables: `combat` (9.5), and the Random Event (6.2) and Supply (6.3)
//! distributions, built on the game's own functions.

use super::dist::Dist;
use super::table::{Cell, Outcome, Table};
use crate::games::aachen::{
    combat_outcome, event_in_effect, most_air_dice, supply_points, Aachen, AttackInputs,
    CombatDice, CombatResult, NONE, TURNS,
};

const GAME: &str = "aachen";

/// The combat tables' names.
pub const CRT_TABLES: [&str; 1] = ["combat"];
/// The Random Event and Supply tables' names.
pub const INITIATIVE_TABLES: [&str; 2] = ["random_event", "supply"];

/// The dice of one attack (9.5.1, 9.5.3D): 2D6 each side, and `air_dice` D6 of Air Support.
pub fn combat_dice(air_dice: u8) -> Dist<CombatDice> {
    let air = if air_dice == 0 {
        Dist::certain(0)
    } else {
        Dist::sum_of(air_dice, 6)
    };
    Dist::sum_of(2, 6)
        .zip(&Dist::sum_of(2, 6))
        .zip(&air)
        .map(|&((attack, defense), air)| CombatDice {
            attack,
            defense,
            air,
        })
}

/// The result of an attack of AV `av` on DV `dv` (before Air Support) against a unit of
/// printed Defense Factor `defense`, with `air_dice` dice of Air Support, through the engine's
/// `combat_outcome`. The Fanatic Defense Strategy (a Success becomes a Stalemate) is not in
/// the table.
pub fn combat(av: i16, dv: i16, defense: u8, air_dice: u8) -> Dist<CombatResult> {
    attack(&AttackInputs {
        av,
        dv,
        defense,
        air_dice,
        fanatic: false,
    })
}

/// The result of an attack about to be rolled, Fanatic Defense included (9.5.1–9.5.4, 11.4).
pub fn attack(i: &AttackInputs) -> Dist<CombatResult> {
    combat_dice(i.air_dice).map(|&dice| combat_outcome(i.av, i.dv, dice, i.defense, i.fanatic))
}

fn result_outcome(r: &CombatResult) -> Outcome {
    // Ordered from the American point of view: repulse < stalemate < success < overrun.
    match r {
        CombatResult::Repulse => Outcome::ordered("repulse", 0),
        CombatResult::Stalemate => Outcome::ordered("stalemate", 1),
        CombatResult::Success => Outcome::ordered("success", 2),
        CombatResult::Overrun => Outcome::ordered("overrun", 3),
    }
}

/// The range of printed Defense Factors of the loaded German counters (1–10 if none).
fn defense_factors(game: &Aachen) -> std::ops::RangeInclusive<u8> {
    let g = &game.rules().germans;
    let lo = g.iter().map(|u| u.defense).min();
    let hi = g.iter().map(|u| u.defense).max();
    match (lo, hi) {
        (Some(lo), Some(hi)) => lo..=hi,
        _ => 1..=10,
    }
}

/// The combat table: AV and DV 1–25, the revealed unit's Defense Factor, and the Air Support
/// dice the loaded reading allows one combat (0–1, or 0 to the track's top under
/// `air_support = "die_per_point"`, 9.5.3D).
pub fn combat_table(game: &Aachen) -> Table {
    let mut cells = Vec::new();
    let dice: Vec<_> = (0..=most_air_dice(game.rules())).map(combat_dice).collect();
    for av in 1..=25i16 {
        for dv in 1..=25i16 {
            for df in defense_factors(game) {
                for (air, dice) in dice.iter().enumerate() {
                    let d =
                        dice.map(|&dice| result_outcome(&combat_outcome(av, dv, dice, df, false)));
                    let inputs = vec![
                        av.to_string(),
                        dv.to_string(),
                        df.to_string(),
                        air.to_string(),
                    ];
                    cells.push(Cell::new(inputs, &d));
                }
            }
        }
    }
    Table {
        game: GAME,
        name: "combat",
        inputs: vec![
            "attack_value",
            "defense_value",
            "defense_factor",
            "air_support",
        ],
        provenance: "rulebook 9.5.1-9.5.4".into(),
        cells,
    }
}

fn provenance(game: &Aachen, tables: &[&str], rule: &str) -> String {
    let reconstructed = game.data().reconstructed_tables();
    let mut parts: Vec<String> = vec![rule.to_string()];
    for t in tables {
        if reconstructed.iter().any(|(r, _)| r == t) {
            parts.push(format!("reconstructed: {t}"));
        } else {
            parts.push(format!("data: {t}"));
        }
    }
    parts.join("; ")
}

/// The Random Event Chart row in effect on `turn` (6.2): `NONE` for no event.
pub fn random_event(game: &Aachen, turn: u8) -> Dist<u8> {
    Dist::sum_of(3, 6).map(|&t| event_in_effect(game.rules(), t, turn))
}

/// The Supply Points of `turn` (6.3): the Supply roll through the table, changed by the same
/// turn's Random Event (two independent 3d6).
pub fn supply(game: &Aachen, turn: u8) -> Dist<u8> {
    random_event(game, turn)
        .zip(&Dist::sum_of(3, 6))
        .map(|&(event, total)| supply_points(game.rules(), total, event))
}

/// Random Event distributions per turn (the rows' `last_turn` makes them depend on it).
pub fn random_event_table(game: &Aachen) -> Table {
    let rs = game.rules();
    let mut cells = Vec::new();
    for turn in 1..=TURNS {
        let d = random_event(game, turn).map(|&row| {
            if row == NONE {
                Outcome::unordered("no event (row past its last turn)")
            } else {
                Outcome::unordered(rs.event(row).name.clone())
            }
        });
        cells.push(Cell::new(vec![turn.to_string()], &d));
    }
    Table {
        game: GAME,
        name: "random_event",
        inputs: vec!["turn"],
        provenance: provenance(game, &["random_events"], "rulebook 6.2"),
        cells,
    }
}

/// Supply Points distributions per turn.
pub fn supply_table(game: &Aachen) -> Table {
    let mut cells = Vec::new();
    for turn in 1..=TURNS {
        let d = supply(game, turn).map(|&sp| Outcome::ordered(sp.to_string(), i64::from(sp)));
        cells.push(Cell::new(vec![turn.to_string()], &d));
    }
    Table {
        game: GAME,
        name: "supply",
        inputs: vec!["turn"],
        provenance: provenance(game, &["random_events", "supply"], "rulebook 6.3"),
        cells,
    }
}

/// The combat tables named (all if empty).
pub fn crt_tables(game: &Aachen, names: &[&str]) -> Vec<Table> {
    if names.is_empty() || names.contains(&"combat") {
        vec![combat_table(game)]
    } else {
        Vec::new()
    }
}

/// The Random Event and Supply tables named (all if empty).
pub fn initiative_tables(game: &Aachen, names: &[&str]) -> Vec<Table> {
    let want = |n: &str| names.is_empty() || names.contains(&n);
    let mut v = Vec::new();
    if want("random_event") {
        v.push(random_event_table(game));
    }
    if want("supply") {
        v.push(supply_table(game));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Fraction;

    #[test]
    fn equal_values_stalemate_on_equal_2d6_rolls() {
        // AT = DT: Σ ways(s)² / 36² = 146/1296 = 73/648.
        let d = combat(10, 10, 5, 0);
        assert_eq!(
            d.prob(|r| *r == CombatResult::Stalemate),
            Fraction::new(73, 648)
        );
        let win = d.prob(|r| matches!(r, CombatResult::Success | CombatResult::Overrun));
        assert_eq!(win, Fraction::new(575, 1296));
    }
}
