//! The Combat Action's rules, one test per rule case, named by rule number, against the
//! embedded charts (the values used are quoted from `data/charts.toml` in the comments).

use super::*;
use crate::games::crossing_the_line::charts::{OddsColumn, Ratio};

fn charts() -> Charts {
    Charts::embedded().expect("the embedded charts load")
}

fn inf(strength: u8, er: [u8; 2], anti_tank: [u8; 2]) -> Combatant {
    Combatant {
        strength,
        er,
        disrupted: false,
        class: UnitClass::Infantry,
        armor: anti_tank,
    }
}

fn afv(strength: u8, er: [u8; 2], tank: [u8; 2]) -> Combatant {
    Combatant {
        class: UnitClass::Afv,
        ..inf(strength, er, tank)
    }
}

fn disrupted(u: Combatant) -> Combatant {
    Combatant {
        disrupted: true,
        ..u
    }
}

/// Chit "7" (index 6): disrupted [1,1,1,2,2,2], normal [1,2,2,2,2,3], improved [2,2,2,3,3,3]
/// for ER 2..7.
const CHIT_7: usize = 6;
/// Chit "8" (index 7): disrupted [1,1,2,2,2,2], normal [2,2,2,2,3,3], improved [2,2,3,3,3,3].
const CHIT_8: usize = 7;

const REGULAR: Stance = Stance::Attack(AttackKind::Regular);
const DEFENSE: Stance = Stance::Defense(DefenseKind::Regular);

fn tank(p: u8) -> Option<ArmorPoints> {
    Some(ArmorPoints::Tank(p))
}

fn anti_tank(p: u8) -> Option<ArmorPoints> {
    Some(ArmorPoints::AntiTank(p))
}

// ------------------------------------------------------------------ 7.5.1.1

#[test]
fn rule_7_5_1_1_one_chit_per_stack_each_unit_reads_its_own_er_row() {
    let c = charts();
    // Chit 7, normal: ER 3 → 2, ER 2 → 1: 3 × 2 + 3 × 1 = 9.
    let s = Stack::of(&[inf(3, [3, 2], [0, 0]), inf(3, [2, 2], [0, 0])]);
    assert_eq!(battle_strength(&c, &s, CHIT_7, REGULAR), 9);
}

#[test]
fn rule_5_1_strength_rounded_up_after_summing() {
    let c = charts();
    // The sum goes through charts' one 5.1 rounding: the same pairs give the same total.
    let s = Stack::of(&[inf(4, [5, 3], [1, 0]), afv(3, [6, 4], [7, 3])]);
    let pairs = [(4, Ratio::whole(2)), (3, Ratio::whole(2))];
    assert_eq!(battle_strength(&c, &s, CHIT_7, REGULAR), 14);
    assert_eq!(super::super::charts::combat_strength(pairs), 14);
    // An eliminated unit (strength 0) and empty slots add nothing.
    let s = Stack::of(&[inf(0, [5, 3], [1, 0]), afv(3, [6, 4], [7, 3])]);
    assert_eq!(battle_strength(&c, &s, CHIT_7, REGULAR), 6);
}

#[test]
fn rule_5_6_3_a_disrupted_defender_reads_the_red_column_with_its_disrupted_er() {
    let c = charts();
    let u = disrupted(inf(3, [6, 4], [0, 0]));
    assert_eq!(chit_column(DEFENSE, &u), ChitColumn::Disrupted);
    let improved = Stance::Defense(DefenseKind::Improved);
    assert_eq!(chit_column(improved, &u), ChitColumn::Disrupted);
    // Chit 8, disrupted column, ER 4 → 2 (the front's ER 6 normal would be 3): 3 × 2 = 6.
    assert_eq!(combat_multiplier(&c, CHIT_8, DEFENSE, &u), 2);
    assert_eq!(battle_strength(&c, &Stack::of(&[u]), CHIT_8, DEFENSE), 6);
}

#[test]
fn rule_7_5_1_1_prepared_attack_and_improved_defense_read_the_improved_column() {
    let c = charts();
    let u = inf(2, [5, 3], [0, 0]);
    for (stance, column, m) in [
        (Stance::Attack(AttackKind::Hasty), ChitColumn::Normal, 2),
        (REGULAR, ChitColumn::Normal, 2),
        (
            Stance::Attack(AttackKind::Prepared),
            ChitColumn::Improved,
            3,
        ),
        (DEFENSE, ChitColumn::Normal, 2),
        (
            Stance::Defense(DefenseKind::Improved),
            ChitColumn::Improved,
            3,
        ),
    ] {
        // Chit 7, ER 5: normal 2, improved 3.
        assert_eq!(chit_column(stance, &u), column, "{stance:?}");
        assert_eq!(combat_multiplier(&c, CHIT_7, stance, &u), m, "{stance:?}");
    }
}

// ------------------------------------------------------------------ 7.5.1.2 A

#[test]
fn rule_7_5_1_2_a_one_hexside_drm_for_the_defender_roads_do_not_negate_it() {
    let c = charts();
    let f = HexsideFeatures::STREAM.union(HexsideFeatures::ROAD);
    assert_eq!(attacked_hexside(&c, f), Some(Hexside::Stream));
    assert_eq!(hexside_drm(&c, Some(Hexside::Stream)), -1);
    // A stream through dragon's teeth: one DRM, the defender's better (−2 over −1).
    let f = HexsideFeatures::STREAM.union(HexsideFeatures::DRAGONS_TEETH);
    assert_eq!(attacked_hexside(&c, f), Some(Hexside::DragonsTeeth));
    assert_eq!(hexside_drm(&c, Some(Hexside::DragonsTeeth)), -2);
    assert_eq!(attacked_hexside(&c, HexsideFeatures::ROAD), None);
    assert_eq!(hexside_drm(&c, None), 0);
}

// ------------------------------------------------------------------ 7.5.1.2 B

const HEXES: SupportHexes = SupportHexes {
    same_formation: 2,
    other_formation: 1,
};

#[test]
fn rule_7_5_1_2_b_a_hasty_attack_gets_no_support() {
    let hasty = Stance::Attack(AttackKind::Hasty);
    assert_eq!(combat_support(&charts(), hasty, HEXES, false), 0);
}

#[test]
fn rule_7_5_1_2_b_regular_attack_plus_one_per_same_formation_hex() {
    // 2 same-formation hexes × +1; the other-formation hex gives nothing.
    assert_eq!(combat_support(&charts(), REGULAR, HEXES, false), 2);
}

#[test]
fn rule_7_5_1_2_b_prepared_attack_plus_two_per_same_plus_one_per_other_formation_hex() {
    let prepared = Stance::Attack(AttackKind::Prepared);
    // 2 × +2 + 1 × +1 (a hex counts once, at its best value).
    assert_eq!(combat_support(&charts(), prepared, HEXES, false), 5);
}

#[test]
fn rule_7_5_1_2_b_regular_defense_minus_one_per_same_formation_hex() {
    assert_eq!(combat_support(&charts(), DEFENSE, HEXES, false), -2);
}

#[test]
fn rule_7_5_1_2_b_improved_defense_minus_two_per_same_minus_one_per_other_formation_hex() {
    let improved = Stance::Defense(DefenseKind::Improved);
    assert_eq!(combat_support(&charts(), improved, HEXES, false), -5);
}

#[test]
fn rule_7_5_1_2_b_no_defender_support_with_any_disrupted_unit() {
    let c = charts();
    assert_eq!(combat_support(&c, DEFENSE, HEXES, true), 0);
    let mut b = battle();
    b.defender_support = HEXES;
    assert_eq!(
        combat_drm(&c, &b).defender_support,
        0,
        "one defender is disrupted"
    );
    b.defenders.units[1] = Some(inf(2, [3, 2], [1, 0]));
    assert_eq!(combat_drm(&c, &b).defender_support, -2);
}

// ------------------------------------------------------------------ 7.5.1.2 C

#[test]
fn rule_7_5_1_2_c_hq_support_half_rounded_up_regular_all_prepared_in_command_only() {
    let c = charts();
    assert_eq!(hq_support(&c, AttackKind::Regular, true, 5), 3);
    assert_eq!(hq_support(&c, AttackKind::Prepared, true, 5), 5);
    assert_eq!(hq_support(&c, AttackKind::Hasty, true, 5), 0);
    assert_eq!(hq_support(&c, AttackKind::Prepared, false, 5), 0);
}

// ------------------------------------------------------------------ 7.5.1.2 D

#[test]
fn rule_7_5_1_2_d_neither_side_with_tank_points_gives_no_drm() {
    let c = charts();
    assert_eq!(
        armor_superiority(&c, None, anti_tank(3), Terrain::Clear, None),
        0
    );
    let s = Stack::of(&[inf(4, [5, 3], [2, 1])]);
    assert_eq!(
        armor_unit(&s, Role::Attacker),
        None,
        "attackers bring only tanks"
    );
}

#[test]
fn rule_7_5_1_2_d_attacker_tanks_against_anti_tank_with_terrain_bonus() {
    let c = charts();
    // Town: tanks × 1/2 rounded down, AT + 1. 7 → 3 against 1 + 1 = 2: +1.
    assert_eq!(
        armor_superiority(&c, tank(7), anti_tank(1), Terrain::Town, None),
        1
    );
    // 5 → 2 against 2: 0; against 3 + 1: never negative (AT never establishes superiority).
    assert_eq!(
        armor_superiority(&c, tank(5), anti_tank(1), Terrain::Town, None),
        0
    );
    assert_eq!(
        armor_superiority(&c, tank(5), anti_tank(3), Terrain::Town, None),
        0
    );
}

#[test]
fn rule_7_5_1_2_d_a_defender_without_anti_tank_still_gets_the_terrain_bonus() {
    // City: tanks × 1/3, AT + 2. 9 → 3 against 0 + 2: +1.
    let c = charts();
    assert_eq!(
        armor_superiority(&c, tank(9), anti_tank(0), Terrain::City, None),
        1
    );
}

#[test]
fn rule_7_5_1_2_d_both_with_tanks_defending_tanks_are_never_modified() {
    let c = charts();
    // Town: 6 → 3 against 5 (not + 1): −2.
    assert_eq!(
        armor_superiority(&c, tank(6), tank(5), Terrain::Town, None),
        -2
    );
    assert_eq!(
        armor_superiority(&c, tank(6), tank(1), Terrain::Clear, None),
        5
    );
}

#[test]
fn rule_7_5_1_2_d_defender_tanks_against_no_attacking_tanks_give_their_full_value() {
    let c = charts();
    assert_eq!(
        armor_superiority(&c, None, tank(4), Terrain::City, None),
        -4
    );
}

#[test]
fn rule_7_5_1_2_d_a_defender_with_both_must_use_tank_points() {
    let c = charts();
    let d = Stack::of(&[inf(4, [5, 3], [5, 3]), afv(2, [4, 3], [1, 0])]);
    assert_eq!(
        armor_unit(&d, Role::Defender),
        Some((1, ArmorPoints::Tank(1)))
    );
    // Clear: 4 − 1 = +3 (against the AT 5 it would have been 0).
    let a = Stack::of(&[afv(3, [5, 3], [4, 2])]);
    let b = Battle {
        attackers: a,
        defenders: d,
        ..battle()
    };
    let b = Battle { hexside: None, ..b };
    assert_eq!(combat_drm(&c, &b).armor_superiority, 3);
}

#[test]
fn rule_7_5_1_2_d_highest_points_on_the_side_shown_then_more_strength() {
    // Disrupted T [4, 1] shows 1; [3, 3] at strength 2 and [3, 2] at 4 tie on 3: more strength.
    let s = Stack::of(&[
        disrupted(afv(5, [5, 3], [4, 1])),
        afv(2, [5, 3], [3, 3]),
        afv(4, [5, 3], [3, 2]),
    ]);
    assert_eq!(
        armor_unit(&s, Role::Attacker),
        Some((2, ArmorPoints::Tank(3)))
    );
    assert_eq!(
        armor_unit(&s, Role::Defender),
        Some((2, ArmorPoints::Tank(3)))
    );
    // Equal points and strength: the owner's choice, by default the first.
    let s = Stack::of(&[afv(2, [5, 3], [3, 3]), afv(2, [5, 3], [3, 3])]);
    assert_eq!(armor_unit(&s, Role::Defender).map(|p| p.0), Some(0));
}

#[test]
fn rule_7_5_1_2_d_dragons_teeth_sets_attacking_tank_points_to_zero() {
    let c = charts();
    let dt = Some(Hexside::DragonsTeeth);
    assert_eq!(
        armor_superiority(&c, tank(8), anti_tank(0), Terrain::Clear, dt),
        0
    );
    assert_eq!(
        armor_superiority(&c, tank(8), tank(2), Terrain::Clear, dt),
        -2
    );
}

// ------------------------------------------------------------------ 7.5.2

#[test]
fn rule_7_5_2_the_first_loss_goes_to_the_unit_that_defended_with_anti_tank() {
    let d = Stack::of(&[inf(4, [5, 3], [1, 0]), inf(2, [5, 3], [2, 1])]);
    assert_eq!(first_loss_unit(&d, Role::Defender), Some(1));
}

#[test]
fn rule_7_5_2_the_first_loss_goes_to_armor_attacking_across_dragons_teeth() {
    let a = Stack::of(&[inf(5, [5, 3], [2, 1]), afv(2, [5, 3], [3, 1])]);
    assert_eq!(first_loss_unit(&a, Role::Attacker), Some(1));
    let a = Stack::of(&[inf(5, [5, 3], [2, 1])]);
    assert_eq!(
        first_loss_unit(&a, Role::Attacker),
        None,
        "the owner chooses"
    );
}

#[test]
fn rule_5_6_1_an_ec_passes_at_or_under_the_er_on_the_side_shown() {
    let u = inf(3, [5, 3], [0, 0]);
    assert_eq!(effectiveness_check(&u, 5), EcOutcome::Passed);
    assert_eq!(effectiveness_check(&u, 6), EcOutcome::Disrupted);
    let u = disrupted(u);
    assert_eq!(effectiveness_check(&u, 3), EcOutcome::Passed);
    let again = effectiveness_check(&u, 4);
    assert_eq!(again, EcOutcome::DisruptedAgain);
    assert_eq!(
        again.extra_losses(),
        1,
        "5.6.2: +1 SP when disrupted again in combat"
    );
    assert_eq!(EcOutcome::Disrupted.extra_losses(), 0);
}

#[test]
fn rule_7_5_2_a_red_result_requires_an_ec() {
    assert!(ec_needed(Hits { hits: 2, red: true }));
    assert!(!ec_needed(Hits {
        hits: 2,
        red: false
    }));
}

#[test]
fn rule_7_5_2_red_result_failed_ec_forces_the_retreat() {
    assert_eq!(second_hit(true, false), SecondHit::ForcedRetreat);
    assert_eq!(second_hit(true, true), SecondHit::ForcedRetreat);
    // The retreat satisfies the 2nd hit: a 2 costs no further SP, a 3 one.
    assert_eq!(further_losses(2, Some(SecondHit::ForcedRetreat)), 0);
    assert_eq!(further_losses(3, Some(SecondHit::ForcedRetreat)), 1);
}

#[test]
fn rule_7_5_2_the_second_hit_may_become_a_voluntary_retreat() {
    assert_eq!(second_hit(false, true), SecondHit::VoluntaryRetreat);
    assert_eq!(second_hit(false, false), SecondHit::Loss);
    assert_eq!(further_losses(2, Some(SecondHit::VoluntaryRetreat)), 0);
    assert_eq!(further_losses(2, Some(SecondHit::Loss)), 1);
    assert_eq!(further_losses(4, Some(SecondHit::Loss)), 3);
    assert_eq!(further_losses(1, None), 0);
}

#[test]
fn rule_7_5_2_losses_spread_evenly_no_unit_takes_a_second_before_all_took_one() {
    // Slot 0 took the first SP; slots 1 and 2 must take one each before slot 0 takes another.
    let strengths = [5, 1, 3, 0];
    let taken = [1, 0, 0, 0];
    assert_eq!(
        loss_candidates(strengths, taken),
        [false, true, true, false]
    );
    // Default: the strongest candidate first — slot 2, then slot 1 (eliminated), then slot 0.
    assert_eq!(spread_losses(strengths, taken, 3), [1, 1, 1, 0]);
    assert_eq!(spread_losses(strengths, taken, 1), [0, 0, 1, 0]);
}

#[test]
fn rule_7_5_2_losses_past_every_units_elimination_are_void() {
    assert_eq!(spread_losses([1, 1, 0, 0], [0; MAX_STACK], 5), [1, 1, 0, 0]);
}

#[test]
fn rule_7_5_2_forced_retreat_into_ezoc_costs_one_impossible_costs_two() {
    let forced = SecondHit::ForcedRetreat;
    assert_eq!(retreat_extra_losses(forced, RetreatEnd::Free), 0);
    assert_eq!(retreat_extra_losses(forced, RetreatEnd::IntoEzoc), 1);
    assert_eq!(retreat_extra_losses(forced, RetreatEnd::Impossible), 2);
    assert_eq!(
        retreat_extra_losses(SecondHit::VoluntaryRetreat, RetreatEnd::Free),
        0
    );
}

// ------------------------------------------------------------------ 7.5.3

#[test]
fn rule_7_5_3_the_side_with_fewer_hits_wins() {
    assert_eq!(battle_victory(1, 3, false, false), Some(Role::Attacker));
    assert_eq!(battle_victory(3, 1, false, false), Some(Role::Defender));
    // 5/0 below the leftmost column: the defender wins.
    assert_eq!(battle_victory(5, 0, true, false), Some(Role::Defender));
}

#[test]
fn rule_7_5_3_a_tie_or_an_eliminated_winner_wins_nothing() {
    assert_eq!(battle_victory(2, 2, false, false), None);
    assert_eq!(battle_victory(0, 3, true, false), None);
    assert_eq!(battle_victory(4, 1, false, true), None);
}

/// 7, 7.5: "(Hasty Attack: 1 AP, Regular Attack: 2 AP, Prepared Attack: 3 AP)".
#[test]
fn rule_7_attack_kinds_cost_one_two_three_action_points() {
    let c = charts();
    let costs = [AttackKind::Hasty, AttackKind::Regular, AttackKind::Prepared]
        .map(|k| k.ap_cost(&c.ap_costs));
    assert_eq!(costs, [1, 2, 3]);
}

// ------------------------------------------------------------------ the worked combat

/// The worked combat's declaration: a US Regular Attack In Command (HQ 5 Support Points, one
/// same-formation support hex) across a stream into clear terrain, against two German
/// infantry units, one disrupted (one same-formation support hex, which it cannot use).
fn battle() -> Battle {
    Battle {
        attackers: Stack::of(&[inf(4, [5, 3], [1, 0]), afv(3, [6, 4], [7, 3])]),
        defenders: Stack::of(&[inf(3, [4, 2], [2, 1]), disrupted(inf(2, [3, 2], [1, 0]))]),
        attack: AttackKind::Regular,
        defense: DefenseKind::Regular,
        terrain: Terrain::Clear,
        hexside: Some(Hexside::Stream),
        attacker_support: SupportHexes {
            same_formation: 1,
            other_formation: 0,
        },
        defender_support: SupportHexes {
            same_formation: 1,
            other_formation: 0,
        },
        attacker_in_command: true,
        hq_support_points: 5,
    }
}

#[test]
fn rule_7_5_a_combat_worked_by_hand_through_every_step() {
    let c = charts();
    let b = battle();

    // Step B–C, 7.5.1.1. Attacker draws chit 7 (normal column: a Regular Attack):
    //   A0 infantry 4 SP, ER 5 → ×2 = 8;  A1 tank 3 SP, ER 6 → ×2 = 6;  14 (5.1: no fraction).
    // Defender draws chit 8: D0 infantry 3 SP, ER 4, normal → ×2 = 6;
    //   D1 disrupted infantry 2 SP, red column on its disrupted ER 2 → ×1 = 2;  8.
    assert_eq!(
        combat_multiplier(&c, CHIT_7, REGULAR, &b.attackers.units[0].unwrap()),
        2
    );
    assert_eq!(
        combat_multiplier(&c, CHIT_7, REGULAR, &b.attackers.units[1].unwrap()),
        2
    );
    assert_eq!(
        combat_multiplier(&c, CHIT_8, DEFENSE, &b.defenders.units[0].unwrap()),
        2
    );
    assert_eq!(
        combat_multiplier(&c, CHIT_8, DEFENSE, &b.defenders.units[1].unwrap()),
        1
    );
    let (attack, defense) = b.battle_strengths(&c, [CHIT_7, CHIT_8]);
    assert_eq!((attack, defense), (14, 8));

    // Step D.1–2: 14:8 = 1.75 on the clear line (1:2, 1:1, 3:2, 2:1, ...) rounds down to 3:2.
    let line = c.terrain_line(b.terrain);
    let column = c.odds_column(line, attack, defense);
    assert_eq!(column, OddsColumn::Column(2));
    assert_eq!(c.odds_label(line, column), "3:2");

    // Step D.3, 7.5.1.2:
    //   A stream hexside: −1.
    //   B attacker: Regular, one same-formation hex: +1; defender: D1 is disrupted: 0.
    //   C Regular, In Command, HQ 5 SP: ⌈5/2⌉ = +3.
    //   D attacker's tank A1 7 TP × clear 1 × stream 1/2 = 3.5 → 3 (rounded down); defender has
    //     no tanks: its best AT is D0's 2 (D1 shows its disrupted 0) + clear bonus 0 = 2; +1.
    //   Total −1 + 1 + 0 + 3 + 1 = +4.
    assert_eq!(
        armor_unit(&b.attackers, Role::Attacker),
        Some((1, ArmorPoints::Tank(7)))
    );
    assert_eq!(
        armor_unit(&b.defenders, Role::Defender),
        Some((0, ArmorPoints::AntiTank(2)))
    );
    let drms = combat_drm(&c, &b);
    assert_eq!(
        drms,
        CombatDrms {
            hexside: -1,
            attacker_support: 1,
            defender_support: 0,
            hq_support: 3,
            armor_superiority: 1,
        }
    );
    assert_eq!(drms.total(), 4);

    // The attacker rolls 9: modified 13. Clear line, 3:2 column, row 13: "0/3r".
    let die = super::super::charts::modified_die(9, drms.total());
    assert_eq!(die, 13);
    let result = c.combat_result(line, column, die);
    assert_eq!(result.to_string(), "0/3r");
    assert_eq!(c.resolve(line, attack, defense, 9, drms.total()), result);

    // 7.5.2, the defender first: 3 hits, red.
    let mut strengths = b.defenders.strengths();
    let mut taken = [0; MAX_STACK];
    assert_eq!(strengths, [3, 2, 0, 0]);
    // Step 1: the first SP to D0, which defended with its Anti-Tank Points: 3 → 2.
    let first = first_loss_unit(&b.defenders, Role::Defender).unwrap();
    assert_eq!(first, 0);
    strengths[first] -= 1;
    taken[first] += 1;
    // Step 2: red: each unit takes an EC. D0 rolls 3 ≤ ER 4: passes. D1 (disrupted, ER 2)
    //   rolls 5: fails again, stays disrupted and loses one more SP (5.6.2): 2 → 1.
    assert!(ec_needed(result.defender));
    let ec = [
        effectiveness_check(&b.defenders.units[0].unwrap(), 3),
        effectiveness_check(&b.defenders.units[1].unwrap(), 5),
    ];
    assert_eq!(ec, [EcOutcome::Passed, EcOutcome::DisruptedAgain]);
    strengths[1] -= ec[1].extra_losses();
    assert_eq!(strengths, [2, 1, 0, 0]);
    // Step 3: a unit failed, so the 2nd hit is a forced retreat of the whole stack (AMBIG-15).
    let second = second_hit(ec.iter().any(|e| e.failed()), false);
    assert_eq!(second, SecondHit::ForcedRetreat);
    // Step 4: the 3rd hit is one SP; D0 already took one, so D1 takes it: 1 → 0, eliminated.
    let n = further_losses(result.defender.hits, Some(second));
    assert_eq!(n, 1);
    let losses = spread_losses(strengths, taken, n);
    assert_eq!(losses, [0, 1, 0, 0]);
    for i in 0..MAX_STACK {
        strengths[i] -= losses[i];
    }
    assert_eq!(strengths, [2, 0, 0, 0]);
    // Retreat: D0 can only retreat into an EZOC: one more SP, not counted as a hit: 2 → 1.
    strengths[0] -= retreat_extra_losses(second, RetreatEnd::IntoEzoc);
    assert_eq!(strengths, [1, 0, 0, 0]);

    // The attacker's 0 hits: no loss, no EC.
    assert_eq!(result.attacker.hits, 0);
    assert!(!ec_needed(result.attacker));

    // 7.5.3: 0 hits against 3, and the attacker's units are not all eliminated: it wins.
    let defender_all_eliminated = strengths.iter().all(|&s| s == 0);
    assert!(!defender_all_eliminated);
    assert_eq!(
        battle_victory(
            result.attacker.hits,
            result.defender.hits,
            false,
            defender_all_eliminated
        ),
        Some(Role::Attacker)
    );
}
