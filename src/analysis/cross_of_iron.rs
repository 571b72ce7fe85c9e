//! Cross of Iron's exact ordnance tables, built on the game's own resolution functions
//! (`games::cross_of_iron::gunnery`): `to_hit` (33.3 with 63.16, 63.18, 63.22, 64.9, 68, 70,
//! 90.12), `to_kill` (33.4 with 66.1, 67.1, 68.2–68.3) and `shots_to_kill` (69.1, 70.1: the
//! number of shots a gun needs to destroy one target, as an exact Markov chain). The TO HIT
//! and kill numbers of Squad Leader's missing charts are the tables' inputs, never values
//! Sandtable supplies.

use super::dist::Dist;
use super::fraction::Fraction;
use super::table::{Cell, Outcome, Table};
use crate::games::cross_of_iron::gunnery::{
    resolve_to_hit, resolve_to_kill, Ammo, CriticalThreshold, Facing, KillResult, KillRoll, Shot,
    ShotResult, ToHitDice,
};

const GAME: &str = "cross-of-iron";

/// The tables' names.
pub const CRT_TABLES: [&str; 4] = ["to_hit", "to_kill", "shots_to_kill", "procedures"];

/// The dice of one TO HIT roll: 2d6, and after a raw 2 the third die of 68.1.
pub fn to_hit_dice() -> Dist<ToHitDice> {
    Dist::sum_of(2, 6).and_then(|&raw| {
        if raw == 2 {
            Dist::d6().map(|&third_die| ToHitDice { raw, third_die })
        } else {
            Dist::certain(ToHitDice { raw, third_die: 0 })
        }
    })
}

/// The result of one shot.
pub fn to_hit(shot: &Shot, reading: CriticalThreshold) -> Dist<ShotResult> {
    to_hit_dice().map(|d| resolve_to_hit(shot, *d, reading))
}

/// The result of one KILL roll: 2d6, and 66.1's die where a roll equals the kill number.
pub fn to_kill(k: &KillRoll) -> Dist<KillResult> {
    Dist::sum_of(2, 6)
        .zip(&Dist::d6())
        .map(|&(raw, die)| resolve_to_kill(k, raw, die))
}

/// A gun firing at one target from one hex, phase after phase, until it destroys it, breaks
/// down, or has fired `shots` times.
#[derive(Clone, Copy, Debug)]
pub struct Engagement {
    /// The first phase's shot (acquisition 69.1 then takes −1, and −2 from the third phase).
    pub shot: Shot,
    /// The KILL roll of a hit on the facing fired at.
    pub kill: KillRoll,
    /// The target's Rear kill number, for critical hits (68.2).
    pub rear_kill_number: i8,
    /// Shots a phase (63.14), before intensive fire's extra one (70.1).
    pub rate_of_fire: u8,
    /// Shots followed; at most 8, so that every probability stays an exact fraction of
    /// 128-bit integers (each shot's chance has 6⁶ as its denominator).
    pub shots: u8,
}

/// How an engagement ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngagementEnd {
    /// Destroyed (burning or not) by shot n (1-based).
    Destroyed(u8),
    /// The gun broke down before destroying the target (63.18).
    BrokeDown,
    /// Still not destroyed after every shot.
    Survived,
}

/// The exact distribution of an engagement's end. The target's immobilisation (66.1) is
/// carried from shot to shot: a second one destroys it.
pub fn shots_to_kill(e: &Engagement) -> Vec<(EngagementEnd, Fraction)> {
    assert!(
        e.shots <= 8,
        "at most 8 shots keep the fractions in 128 bits"
    );
    let per_phase = e.rate_of_fire + u8::from(e.shot.intensive_fire);
    // The chance of the target being alive and not immobilised / immobilised.
    let mut alive = [Fraction::ONE, Fraction::ZERO];
    let mut ends = Vec::new();
    let mut broke_down = Fraction::ZERO;
    for n in 0..e.shots {
        let phase = (n / per_phase.max(1)) as i8;
        let shot = Shot {
            drm: e.shot.drm - phase.min(2),
            ..e.shot
        };
        let results = to_hit(&shot, CriticalThreshold::default());
        let mut next = [Fraction::ZERO, Fraction::ZERO];
        let mut destroyed = Fraction::ZERO;
        for (immobilized, p_alive) in [false, true].into_iter().zip(alive) {
            if p_alive.is_zero() {
                continue;
            }
            for (r, p_r) in results.probabilities() {
                for (k, p_k) in kill_after(e, &r, immobilized).probabilities() {
                    let p = p_alive * p_r * p_k;
                    match k {
                        KillResult::Destroyed | KillResult::Burning => destroyed = destroyed + p,
                        _ if r.jammed => broke_down = broke_down + p,
                        KillResult::Immobilized => next[1] = next[1] + p,
                        KillResult::NoEffect => {
                            next[usize::from(immobilized)] = next[usize::from(immobilized)] + p
                        }
                    }
                }
            }
        }
        ends.push((EngagementEnd::Destroyed(n + 1), destroyed));
        alive = next;
    }
    ends.push((EngagementEnd::BrokeDown, broke_down));
    ends.push((EngagementEnd::Survived, alive[0] + alive[1]));
    ends
}

/// The KILL roll after a shot's result: none after a miss.
fn kill_after(e: &Engagement, r: &ShotResult, immobilized: bool) -> Dist<KillResult> {
    if !r.hit {
        return Dist::certain(KillResult::NoEffect);
    }
    let kill_number = if r.critical {
        e.rear_kill_number
    } else {
        e.kill.kill_number
    };
    to_kill(&KillRoll {
        kill_number,
        immobilized,
        critical: r.critical,
        ..e.kill
    })
}

/// The tables named in `wanted` (all if empty).
pub fn crt_tables(wanted: &[&str]) -> Vec<Table> {
    let all = |name: &str| wanted.is_empty() || wanted.contains(&name);
    let mut tables = Vec::new();
    if all("to_hit") {
        tables.push(to_hit_table());
    }
    if all("to_kill") {
        tables.push(to_kill_table());
    }
    if all("shots_to_kill") {
        tables.push(shots_to_kill_table());
    }
    if all("procedures") {
        tables.push(super::cross_of_iron_procedures::table());
    }
    tables
}

const AMMO: [(&str, Ammo); 4] = [
    ("ap_he", Ammo::ApHe),
    ("heat_h5", Ammo::Heat(5)),
    ("heat_h6", Ammo::Heat(6)),
    ("smoke", Ammo::Smoke),
];

/// The gun column: its breakdown number (63.18: B12 where none is printed), captured
/// (90.12), or an AFV's gun of 150mm or more (64.9).
const GUNS: [(&str, u8, bool, bool); 4] = [
    ("b12", 12, false, false),
    ("b11", 11, false, false),
    ("captured_b12", 12, true, false),
    ("150mm_b12", 12, false, true),
];

fn to_hit_table() -> Table {
    let mut cells = Vec::new();
    for to_hit_number in 2..=12 {
        for drm in -6..=10 {
            for (ammo_name, ammo) in AMMO {
                for intensive in [false, true] {
                    for (gun, breakdown, captured, calibre_150_plus) in GUNS {
                        let shot = Shot {
                            to_hit_number,
                            drm,
                            ammo,
                            breakdown,
                            intensive_fire: intensive,
                            captured,
                            calibre_150_plus,
                        };
                        let inputs = vec![
                            to_hit_number.to_string(),
                            drm.to_string(),
                            ammo_name.to_string(),
                            u8::from(intensive).to_string(),
                            gun.to_string(),
                        ];
                        let dist = to_hit(&shot, CriticalThreshold::default());
                        cells.push(Cell::new(inputs, &dist.map(|r| shot_outcome(&shot, r))));
                    }
                }
            }
        }
    }
    Table {
        game: GAME,
        name: "to_hit",
        inputs: vec!["to_hit_number", "drm", "ammo", "intensive_fire", "gun"],
        provenance: "rulebook 63.16-64.9 68.1 70 90.12; to_hit_number: the TO HIT table's \
                     (33.3, not in the text)"
            .to_string(),
        cells,
    }
}

/// A shot's result as the `outcome` column names it: miss, hit or critical hit (ranked in
/// that order), then every side effect.
pub(super) fn shot_outcome(shot: &Shot, r: &ShotResult) -> Outcome {
    let smoke_placed = shot.ammo == Ammo::Smoke && !r.out_of_smoke;
    let (mut label, rank) = match (r.hit, r.critical && !smoke_placed) {
        (false, _) => ("miss".to_string(), 0),
        (true, false) => ("hit".to_string(), 1),
        (true, true) => ("critical hit".to_string(), 2),
    };
    let heat_fired = matches!(shot.ammo, Ammo::Heat(_)) && !r.out_of_heat;
    if r.hit && heat_fired {
        label.push_str(" (HEAT)");
    }
    if r.hit && smoke_placed {
        label.push_str(" (smoke)");
    }
    let effects = [
        (r.out_of_heat, "out of HEAT, fired as AP/HE"),
        (r.out_of_smoke, "out of smoke, fired as AP/HE"),
        (r.jammed, "gun broke down"),
        (r.eliminated, "captured gun broke down: eliminated"),
        (r.last_round, "last round: gun disabled"),
    ];
    for (_, text) in effects.iter().filter(|e| e.0) {
        label.push_str("; ");
        label.push_str(text);
    }
    Outcome::ordered(label, rank)
}

const FACINGS: [&str; 3] = ["front", "side_rear", "critical"];
const TARGETS: [&str; 3] = ["normal", "hull_down", "immobilized"];

fn to_kill_table() -> Table {
    let mut cells = Vec::new();
    for kill_number in 2..=16 {
        for armor_modifier in -2..=6 {
            for facing in FACINGS {
                for target in TARGETS {
                    let k = KillRoll {
                        kill_number,
                        armor_modifier,
                        facing: if facing == "front" {
                            Facing::Front
                        } else {
                            Facing::SideOrRear
                        },
                        hull_down: target == "hull_down",
                        immobilized: target == "immobilized",
                        critical: facing == "critical",
                    };
                    let inputs = vec![
                        kill_number.to_string(),
                        armor_modifier.to_string(),
                        facing.to_string(),
                        target.to_string(),
                    ];
                    cells.push(Cell::new(inputs, &to_kill(&k).map(kill_outcome)));
                }
            }
        }
    }
    Table {
        game: GAME,
        name: "to_kill",
        inputs: vec!["kill_number", "armor_modifier", "facing", "target"],
        provenance: "rulebook 66.1 67.1 68.2-68.3; kill_number: the AFV KILL table's (33.4, \
                     not in the text), the Rear's for a critical hit"
            .to_string(),
        cells,
    }
}

pub(super) fn kill_outcome(k: &KillResult) -> Outcome {
    match k {
        KillResult::NoEffect => Outcome::ordered("no effect", 0),
        KillResult::Immobilized => Outcome::ordered("immobilized", 1),
        KillResult::Destroyed => Outcome::ordered("destroyed", 2),
        KillResult::Burning => Outcome::ordered("destroyed, burning", 3),
    }
}

/// Shots followed in the `shots_to_kill` table.
const SHOTS: u8 = 8;

fn shots_to_kill_table() -> Table {
    let mut cells = Vec::new();
    for to_hit_number in 6..=12 {
        for drm in -2..=4 {
            for kill_number in 5..=12 {
                for rate_of_fire in 1..=3 {
                    for intensive in [false, true] {
                        let e = Engagement {
                            shot: Shot {
                                intensive_fire: intensive,
                                ..Shot::plain(to_hit_number, drm)
                            },
                            kill: KillRoll::plain(kill_number, 0, Facing::SideOrRear),
                            rear_kill_number: kill_number,
                            rate_of_fire,
                            shots: SHOTS,
                        };
                        let inputs = vec![
                            to_hit_number.to_string(),
                            drm.to_string(),
                            kill_number.to_string(),
                            rate_of_fire.to_string(),
                            u8::from(intensive).to_string(),
                        ];
                        cells.push(engagement_cell(inputs, &e));
                    }
                }
            }
        }
    }
    Table {
        game: GAME,
        name: "shots_to_kill",
        inputs: vec![
            "to_hit_number",
            "drm",
            "kill_number",
            "rate_of_fire",
            "intensive_fire",
        ],
        provenance: "rulebook 63.14-70.5; B12, AP at the rear hull, armour modifier 0".to_string(),
        cells,
    }
}

/// An engagement's ends as a cell: `shot n` ranked by n, then the two ways it ends without a
/// kill (ranked after every shot, so `p_at_least` of `shot n` is the chance of needing n or
/// more shots or never killing).
fn engagement_cell(inputs: Vec<String>, e: &Engagement) -> Cell {
    let outcomes = shots_to_kill(e)
        .into_iter()
        .filter(|(_, p)| !p.is_zero())
        .map(|(end, p)| {
            let outcome = match end {
                EngagementEnd::Destroyed(n) => Outcome::ordered(format!("shot {n}"), n.into()),
                EngagementEnd::BrokeDown => {
                    Outcome::ordered("gun broke down first", i64::from(e.shots) + 1)
                }
                EngagementEnd::Survived => {
                    Outcome::ordered(format!("not destroyed in {} shots", e.shots), 99)
                }
            };
            (outcome, p)
        })
        .collect();
    Cell {
        inputs,
        outcomes,
        provenance: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn every_cell_of_every_table_sums_to_one() {
        for t in crt_tables(&[]) {
            for c in &t.cells {
                assert_eq!(c.total(), Fraction::ONE, "{} {:?}", t.name, c.inputs);
            }
        }
    }

    #[test]
    fn rule_33_3_a_to_hit_number_of_7_with_no_modifier_hits_21_times_in_36() {
        let d = to_hit(&Shot::plain(7, 0), CriticalThreshold::Final);
        assert_eq!(d.prob(|r| r.hit), Fraction::new(21, 36));
        // 68.1: a raw 2 (1 in 36), then a third die of 1 or under 7 / 2: 1–3.
        assert_eq!(d.prob(|r| r.critical), Fraction::new(3, 216));
        assert_eq!(d.prob(|r| r.jammed), Fraction::new(1, 36), "63.18: B12");
    }

    #[test]
    fn rule_63_16_h5_heat_runs_out_on_30_of_36_rolls() {
        let shot = Shot {
            ammo: Ammo::Heat(5),
            ..Shot::plain(8, 0)
        };
        let d = to_hit(&shot, CriticalThreshold::Final);
        assert_eq!(d.prob(|r| r.out_of_heat), Fraction::new(30, 36));
        // A HEAT hit needs a raw 2, 3 or 4: 6 of 36.
        assert_eq!(d.prob(|r| r.hit && !r.out_of_heat), Fraction::new(6, 36));
    }

    #[test]
    fn rule_67_1_kill_number_8_burns_on_a_final_4_or_less() {
        let k = KillRoll::plain(8, 0, Facing::Front);
        let d = to_kill(&k);
        assert_eq!(d.prob(|r| *r == KillResult::Burning), Fraction::new(6, 36));
        assert_eq!(
            d.prob(|r| *r >= KillResult::Destroyed),
            Fraction::new(26, 36)
        );
        let side = KillRoll {
            facing: Facing::SideOrRear,
            ..k
        };
        // 66.1: a roll of exactly 8 (5 in 36) immobilises on 4–6 instead.
        let d = to_kill(&side);
        assert_eq!(
            d.prob(|r| *r == KillResult::Immobilized),
            Fraction::new(5, 72)
        );
    }

    /// An engagement with a sure hit and a sure kill ends on the first shot; one that can
    /// never hit ends only when the gun breaks down or the shots run out.
    #[test]
    fn rule_69_1_shots_to_kill_ends_and_acquisition_sharpens_later_phases() {
        let kill = KillRoll::plain(12, 0, Facing::Front);
        let e = Engagement {
            shot: Shot::plain(12, -2),
            kill,
            rear_kill_number: 12,
            rate_of_fire: 1,
            shots: 3,
        };
        let ends = shots_to_kill(&e);
        assert_eq!(ends[0], (EngagementEnd::Destroyed(1), Fraction::ONE));
        // TO HIT 6, DRM +1 in phase 1: a raw 5 or less (10/36); a raw 12 breaks the gun down
        // (63.18), so 25/36 go on; phase 2, acquired −1: 6 or less (15/36). Kill number 12
        // destroys with every hit.
        let e = Engagement {
            shot: Shot::plain(6, 1),
            ..e
        };
        let ends = shots_to_kill(&e);
        let first = Fraction::new(10, 36);
        let second = Fraction::new(25, 36) * Fraction::new(15, 36);
        assert_eq!(ends[0].1, first);
        assert_eq!(ends[1].1, second);
        let total: Fraction = ends.iter().map(|e| e.1).sum();
        assert_eq!(total, Fraction::ONE);
    }

    #[test]
    fn rule_70_1_intensive_fire_adds_a_shot_to_the_first_phase() {
        // Rate of fire 1: without intensive fire the second shot is in phase 2 (acquired −1);
        // with it, the second shot is in phase 1 at +2.
        let kill = KillRoll::plain(12, 0, Facing::Front);
        let e = |intensive_fire| Engagement {
            shot: Shot {
                intensive_fire,
                ..Shot::plain(8, 0)
            },
            kill,
            rear_kill_number: 12,
            rate_of_fire: 1,
            shots: 2,
        };
        let plain = shots_to_kill(&e(false));
        let intensive = shots_to_kill(&e(true));
        // Plain: phase 1 hits on 8 or less (26/36), 9–11 go on (9/36, 12 breaks down);
        // phase 2, acquired −1, hits on 9 or less (30/36). Intensive: both shots in phase 1
        // at +2 hit on 6 or less (15/36); 7–9 go on (15/36), 10–12 break down (70.5: B10).
        assert_eq!(plain[1].1, Fraction::new(9, 36) * Fraction::new(30, 36));
        assert_eq!(
            intensive[1].1,
            Fraction::new(15, 36) * Fraction::new(15, 36)
        );
    }

    /// The exact chain against engagements played shot by shot with random dice.
    #[test]
    fn shots_to_kill_agrees_with_monte_carlo_engagements() {
        let e = Engagement {
            shot: Shot::plain(8, 1),
            kill: KillRoll::plain(7, 0, Facing::SideOrRear),
            rear_kill_number: 7,
            rate_of_fire: 2,
            shots: 8,
        };
        let exact = shots_to_kill(&e);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
        let d6 = |rng: &mut rand_pcg::Pcg64Mcg| rng.random_range(1..=6u8);
        let n = 100_000;
        let mut counts = vec![0u32; exact.len()];
        for _ in 0..n {
            let mut immobilized = false;
            let mut end = exact.len() - 1; // survived
            for shot_index in 0..e.shots {
                let phase = (shot_index / e.rate_of_fire) as i8;
                let shot = Shot {
                    drm: e.shot.drm - phase.min(2),
                    ..e.shot
                };
                let dice = ToHitDice {
                    raw: d6(&mut rng) + d6(&mut rng),
                    third_die: d6(&mut rng),
                };
                let r = resolve_to_hit(&shot, dice, CriticalThreshold::Final);
                let mut k = KillResult::NoEffect;
                if r.hit {
                    let roll = KillRoll {
                        immobilized,
                        critical: r.critical,
                        ..e.kill
                    };
                    k = resolve_to_kill(&roll, d6(&mut rng) + d6(&mut rng), d6(&mut rng));
                }
                if k >= KillResult::Destroyed {
                    end = usize::from(shot_index);
                    break;
                }
                if r.jammed {
                    end = exact.len() - 2;
                    break;
                }
                immobilized |= k == KillResult::Immobilized;
            }
            counts[end] += 1;
        }
        for ((end, p), count) in exact.iter().zip(counts) {
            let p = p.to_f64();
            let sd = (p * (1.0 - p) / n as f64).sqrt();
            let seen = f64::from(count) / n as f64;
            assert!(
                (seen - p).abs() < 5.0 * sd + 1e-9,
                "{end:?}: {seen} against {p}"
            );
        }
    }

    /// The exact tables against the same functions played with random dice.
    #[test]
    fn exact_odds_agree_with_monte_carlo_dice() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let shot = Shot {
            ammo: Ammo::Heat(6),
            intensive_fire: true,
            ..Shot::plain(9, -1)
        };
        let kill = KillRoll::plain(7, 1, Facing::SideOrRear);
        let n = 200_000;
        let (mut hits, mut crits, mut out, mut immob) = (0u32, 0u32, 0u32, 0u32);
        let d6 = |rng: &mut rand_pcg::Pcg64Mcg| rng.random_range(1..=6u8);
        for _ in 0..n {
            let raw = d6(&mut rng) + d6(&mut rng);
            let third_die = d6(&mut rng);
            let r = resolve_to_hit(
                &shot,
                ToHitDice { raw, third_die },
                CriticalThreshold::Final,
            );
            hits += u32::from(r.hit);
            crits += u32::from(r.critical);
            out += u32::from(r.out_of_heat);
            let k = resolve_to_kill(&kill, d6(&mut rng) + d6(&mut rng), d6(&mut rng));
            immob += u32::from(k == KillResult::Immobilized);
        }
        let exact = to_hit(&shot, CriticalThreshold::Final);
        let exact_kill = to_kill(&kill);
        for (count, p) in [
            (hits, exact.prob(|r| r.hit)),
            (crits, exact.prob(|r| r.critical)),
            (out, exact.prob(|r| r.out_of_heat)),
            (immob, exact_kill.prob(|r| *r == KillResult::Immobilized)),
        ] {
            let p = p.to_f64();
            let sd = (p * (1.0 - p) / n as f64).sqrt();
            let seen = f64::from(count) / n as f64;
            assert!((seen - p).abs() < 5.0 * sd + 1e-9, "{seen} against {p}");
        }
    }
}
