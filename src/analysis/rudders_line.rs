//! Rudder's Line's exact tables: combat (`assault`, `indirect`, `direct`) and initiative
//! (`initiative`, `turns_held`), built on the game's own resolution functions.

use super::dist::Dist;
use super::table::{Cell, Outcome, Table};
use crate::games::rudders_line::{
    attack_result, casualty_points_of, direct_defense, friendly_fire_cp, indirect_defense,
    indirect_offense, initiative_winner, is_friendly_fire, AttackResult, RuddersLine, Side,
};

const GAME: &str = "rudders-line";

/// The combat tables' names, in order.
pub const CRT_TABLES: [&str; 3] = ["assault", "indirect", "direct"];
/// The initiative tables' names, in order.
pub const INITIATIVE_TABLES: [&str; 2] = ["initiative", "turns_held"];

/// What an attack can come to in the tables: the engine's result, or a friendly fire
/// incident of so many CP (7.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fire {
    Attack(AttackResult),
    FriendlyFire(u8),
}

/// OT − DT with both dice (7.5–7.6, 9.5–9.6, 11.1–11.2), through `combat::casualty_points_of`
/// and `combat::attack_result`, as the engine resolves an attack.
pub fn attack(offense: u8, defense: u8) -> Dist<AttackResult> {
    Dist::d6()
        .zip(&Dist::d6())
        .map(|&(o, d)| attack_result(casualty_points_of(offense, o, defense, d)))
}

/// Indirect fire (7.5) with, in an area of friendly and enemy personnel, the accuracy roll
/// and the friendly fire roll before it (7.7).
pub fn indirect(strength: u8, tem: u8, mixed_area: bool) -> Dist<Fire> {
    let normal =
        attack(indirect_offense(strength), indirect_defense(tem)).map(|&r| Fire::Attack(r));
    if !mixed_area {
        return normal;
    }
    Dist::d6().and_then(|&a| {
        if is_friendly_fire(a) {
            Dist::d6().map(|&f| Fire::FriendlyFire(friendly_fire_cp(f)))
        } else {
            normal.clone()
        }
    })
}

/// Direct fire (9.5): `strength` is the OT before the die (weapons plus NCO/BAR).
pub fn direct(strength: u8, tem: u8) -> Dist<AttackResult> {
    attack(strength, direct_defense(tem))
}

fn assault_outcome(r: &AttackResult) -> Outcome {
    match *r {
        AttackResult::Failed => {
            Outcome::ordered("fail", 0).read_as("failed: lead attacker eliminated (11.2)")
        }
        AttackResult::Casualties(cp) => casualties(cp),
    }
}

/// `cpN`, read as "N CP".
fn casualties(cp: u8) -> Outcome {
    Outcome::ordered(format!("cp{cp}"), i64::from(cp)).read_as(format!("{cp} CP"))
}

fn fire_outcome(r: &AttackResult) -> Outcome {
    match *r {
        AttackResult::Failed => Outcome::ordered("none", 0).read_as("no effect"),
        AttackResult::Casualties(cp) => casualties(cp),
    }
}

/// The highest TEM of the map, at least 4.
fn max_tem(game: &RuddersLine) -> u8 {
    let rs = game.rules();
    (0..rs.areas.len() as u8)
        .map(|a| rs.tem(a))
        .max()
        .unwrap_or(0)
        .max(4)
}

fn bits(mask: u128) -> impl Iterator<Item = u8> {
    (0..128u8).filter(move |&i| mask & (1 << i) != 0)
}

/// The highest indirect fire strength: artillery markers and mortars, at least 8.
fn max_indirect(game: &RuddersLine) -> u8 {
    let rs = game.rules();
    let mortars = bits(rs.mortars).map(|m| rs.info(m).attack);
    rs.artillery
        .into_iter()
        .chain(mortars)
        .max()
        .unwrap_or(0)
        .max(8)
}

/// The assault table: OT and DT before the dice, 1–20 each (11.1–11.2).
pub fn assault_table() -> Table {
    let mut cells = Vec::new();
    for offense in 1..=20u8 {
        for defense in 1..=20u8 {
            let d = attack(offense, defense).map(assault_outcome);
            cells.push(Cell::new(
                vec![offense.to_string(), defense.to_string()],
                &d,
            ));
        }
    }
    Table {
        game: GAME,
        name: "assault",
        inputs: vec!["offense", "defense"],
        provenance: "rulebook 11.1-11.2".into(),
        cells,
    }
}

/// The indirect fire table: strength, TEM, and whether the area holds friendly personnel too.
pub fn indirect_table(game: &RuddersLine) -> Table {
    let mut cells = Vec::new();
    for strength in 1..=max_indirect(game) {
        for tem in 0..=max_tem(game) {
            for mixed in [false, true] {
                let d = indirect(strength, tem, mixed).map(|r| match r {
                    Fire::Attack(a) => fire_outcome(a),
                    Fire::FriendlyFire(cp) => Outcome::unordered(format!("friendly_cp{cp}"))
                        .read_as(format!("friendly fire (7.7): {cp} CP")),
                });
                let inputs = vec![
                    strength.to_string(),
                    tem.to_string(),
                    u8::from(mixed).to_string(),
                ];
                cells.push(Cell::new(inputs, &d));
            }
        }
    }
    Table {
        game: GAME,
        name: "indirect",
        inputs: vec!["strength", "tem", "mixed_area"],
        provenance: "rulebook 7.5-7.7".into(),
        cells,
    }
}

/// The direct fire table: combined strength 1–12 (weapons plus NCO/BAR) and TEM.
pub fn direct_table(game: &RuddersLine) -> Table {
    let mut cells = Vec::new();
    for strength in 1..=12u8 {
        for tem in 0..=max_tem(game) {
            let d = direct(strength, tem).map(fire_outcome);
            cells.push(Cell::new(vec![strength.to_string(), tem.to_string()], &d));
        }
    }
    Table {
        game: GAME,
        name: "direct",
        inputs: vec!["strength", "tem"],
        provenance: "rulebook 9.5-9.6".into(),
        cells,
    }
}

/// 5.1: the side that wins the initiative with these die modifiers, ties rolled again: the
/// engine's `initiative_winner` on both dice, conditioned on no tie.
pub fn initiative(rangers_modifier: i8, germans_modifier: i8) -> Dist<Side> {
    let rolls = Dist::d6()
        .zip(&Dist::d6())
        .map(|&(r, g)| initiative_winner(r as i8 + rangers_modifier, g as i8 + germans_modifier));
    // A tie is rolled again until it is not: the distribution given no tie.
    Dist::from_weights(
        rolls
            .weights()
            .iter()
            .filter_map(|(w, n)| w.map(|side| (side, *n))),
    )
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Rangers => "rangers",
        Side::Germans => "germans",
    }
}

/// The FO-lost states to enumerate for `side`: both if a modifier depends on it.
fn fo_states(game: &RuddersLine, side: Side) -> Vec<bool> {
    if game.rules().initiative_depends_on_fo(side) {
        vec![false, true]
    } else {
        vec![false]
    }
}

fn initiative_of_turn(game: &RuddersLine, turn: u8, fo_lost: [bool; 2]) -> (Dist<Side>, [i8; 2]) {
    let rs = game.rules();
    let m = [
        rs.initiative_modifier_on(Side::Rangers, turn, fo_lost[0]),
        rs.initiative_modifier_on(Side::Germans, turn, fo_lost[1]),
    ];
    if turn == 1 {
        // 5.1: the first turn's initiative is the scenario's, no roll.
        return (Dist::certain(rs.first_turn_initiative), m);
    }
    (initiative(m[0], m[1]), m)
}

fn provenance(game: &RuddersLine) -> String {
    let reconstructed = game
        .data()
        .reconstructed_tables()
        .iter()
        .any(|&(t, _)| t == "initiative");
    if reconstructed {
        "rulebook 5.1; reconstructed: initiative".into()
    } else {
        "rulebook 5.1; data: initiative".into()
    }
}

/// Each turn's initiative odds for every combination of the scenario's modifiers.
pub fn initiative_table(game: &RuddersLine) -> Table {
    let rs = game.rules();
    let mut cells = Vec::new();
    for turn in 1..=rs.turns {
        for &r in &fo_states(game, Side::Rangers) {
            for &g in &fo_states(game, Side::Germans) {
                let (d, m) = initiative_of_turn(game, turn, [r, g]);
                let d = d.map(|&s| Outcome::unordered(side_name(s)));
                let inputs = vec![
                    turn.to_string(),
                    u8::from(r).to_string(),
                    u8::from(g).to_string(),
                    m[0].to_string(),
                    m[1].to_string(),
                ];
                cells.push(Cell::new(inputs, &d));
            }
        }
    }
    Table {
        game: GAME,
        name: "initiative",
        inputs: vec![
            "turn",
            "rangers_fo_lost",
            "germans_fo_lost",
            "rangers_modifier",
            "germans_modifier",
        ],
        provenance: provenance(game),
        cells,
    }
}

/// The turns from which a side's FO may be lost ("never", or turn 2 on: the FO-lost modifier
/// applies from that turn's initiative roll to the end), or only "never" if no modifier
/// depends on it.
fn fo_lost_from(game: &RuddersLine, side: Side) -> Vec<Option<u8>> {
    let mut v = vec![None];
    if game.rules().initiative_depends_on_fo(side) {
        v.extend((2..=game.rules().turns).map(Some));
    }
    v
}

/// The number of turns `side` holds the initiative over the game, the winner of each roll
/// keeping it (going first), each side's FO lost from the given turn on.
pub fn turns_held(game: &RuddersLine, side: Side, lost_from: [Option<u8>; 2]) -> Dist<u8> {
    let mut held = Dist::certain(0u8);
    for turn in 1..=game.rules().turns {
        let lost = lost_from.map(|f| f.is_some_and(|f| turn >= f));
        let (d, _) = initiative_of_turn(game, turn, lost);
        let d = d.clone();
        held = held.and_then(|&n| d.map(|&s| n + u8::from(s == side)));
    }
    held
}

/// The distribution of the number of turns each side holds the initiative.
pub fn turns_held_table(game: &RuddersLine) -> Table {
    let mut cells = Vec::new();
    let label = |f: Option<u8>| f.map_or("never".to_string(), |t| t.to_string());
    for r in fo_lost_from(game, Side::Rangers) {
        for g in fo_lost_from(game, Side::Germans) {
            for side in Side::BOTH {
                let d = turns_held(game, side, [r, g])
                    .map(|&n| Outcome::ordered(n.to_string(), i64::from(n)));
                let inputs = vec![label(r), label(g), side_name(side).to_string()];
                cells.push(Cell::new(inputs, &d));
            }
        }
    }
    Table {
        game: GAME,
        name: "turns_held",
        inputs: vec!["rangers_fo_lost_from", "germans_fo_lost_from", "side"],
        provenance: provenance(game),
        cells,
    }
}

/// The combat tables named (all if empty).
pub fn crt_tables(game: &RuddersLine, names: &[&str]) -> Vec<Table> {
    let want = |n: &str| names.is_empty() || names.contains(&n);
    let mut v = Vec::new();
    if want("assault") {
        v.push(assault_table());
    }
    if want("indirect") {
        v.push(indirect_table(game));
    }
    if want("direct") {
        v.push(direct_table(game));
    }
    v
}

/// The initiative tables named (all if empty).
pub fn initiative_tables(game: &RuddersLine, names: &[&str]) -> Vec<Table> {
    let want = |n: &str| names.is_empty() || names.contains(&n);
    let mut v = Vec::new();
    if want("initiative") {
        v.push(initiative_table(game));
    }
    if want("turns_held") {
        v.push(turns_held_table(game));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Fraction;

    #[test]
    fn assault_of_equal_totals_fails_seven_times_in_twelve() {
        // OT = DT before the dice: CP ≥ 1 when the attacker's die beats the defender's: 15/36.
        let d = attack(5, 5);
        assert_eq!(d.prob(|r| *r == AttackResult::Failed), Fraction::new(7, 12));
        assert_eq!(
            d.prob(|r| *r == AttackResult::Casualties(5)),
            Fraction::new(1, 36)
        );
    }

    #[test]
    fn friendly_fire_happens_one_time_in_six_with_one_to_six_cp() {
        let d = indirect(8, 1, true);
        let ff = d.prob(|f| matches!(f, Fire::FriendlyFire(_)));
        assert_eq!(ff, Fraction::new(1, 6));
        assert_eq!(
            d.prob(|f| *f == Fire::FriendlyFire(3)),
            Fraction::new(1, 36)
        );
    }

    #[test]
    fn equal_modifiers_give_even_initiative_and_plus_one_gives_21_in_31() {
        assert_eq!(
            initiative(0, 0).prob(|&s| s == Side::Rangers),
            Fraction::new(1, 2)
        );
        // +1: wins on 21 of 36 rolls, ties on 5: 21/31.
        assert_eq!(
            initiative(1, 0).prob(|&s| s == Side::Rangers),
            Fraction::new(21, 31)
        );
    }
}
