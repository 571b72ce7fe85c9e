//! The exact odds of a decision that commits to dice, for the play screen: a shot's TO HIT
//! and KILL chain (63-70) and an attack's IFT results, enumerated over every roll with the
//! rules' own functions.

use super::fire::FireResult;
use super::gunnery::{resolve_to_hit, resolve_to_kill, KillResult, ToHitDice};
use super::ordnance::GunHit;
use super::state::State;
use super::{Action, CrossOfIron};
use crate::engine::dice::{d6, two_d6};
use std::fmt::Write as _;

/// A chance in whole percent, with more digits where it would round to 0% or 100% (never
/// "-0%" from 1 − a sum of chances).
fn pct(x: f64) -> String {
    format!("{}%", crate::engine::percent::percent(x, 0))
}

impl CrossOfIron {
    pub fn odds_text(&self, s: &State, a: Action) -> Option<String> {
        let u = self.current_unit(s)?;
        match a {
            Action::Shoot { target, intensive } => {
                Some(self.shot_odds(s, u, target as usize, intensive))
            }
            Action::HighExplosive { hex, intensive } => {
                let (number, drm) = self.to_hit(s, u, hex, None);
                let hit = self.hit_chance(u, number, drm, intensive);
                let he = self.def(u).gun.as_ref().map_or(0, |g| g.he_fp);
                let column = self.column(2 * u16::from(he))?;
                let shot = self.shot(u, number, drm, intensive);
                // The IFT odds are given a hit; said so (trial 21f F13).
                Some(format!(
                    "hit {}; {}then, once hit, {}; gun malfunction {} (B{})",
                    pct(hit),
                    self.guns_destroyed_odds(s, u, hex, hit),
                    self.ift_odds(s, s.units[u].hex, hex, column, 0),
                    pct(self.he_jam_chance(u, number, drm, intensive)),
                    shot.breakdown_number()
                ))
            }
            // 72: an overrun's attack as it will be made from the hex, and 72.5's risk.
            Action::Move { hex, .. }
                if self.vehicle(u) && self.occupied_by(s, hex, 1 - s.phasing) =>
            {
                let attack = self.overrun_attack(s, u, hex)?;
                let column = self.column(attack.half)?;
                let immobile = if attack.smoke { 3.0 / 36.0 } else { 1.0 / 36.0 };
                Some(format!(
                    "overrun (72.1): {} → the {} column; {}; the AFV immobilized {} (an \
                     unmodified 12, or 11 in woods or smoke, 72.5)",
                    attack.words(),
                    self.rules.ift[usize::from(column)].fp,
                    self.ift_odds(s, hex, hex, column, attack.drm),
                    pct(immobile)
                ))
            }
            Action::Advance { hex } if self.occupied_by(s, hex, 1 - s.phasing) => {
                let mut after = *s;
                after.units[u].hex = hex;
                self.refresh(&mut after);
                Some(self.melee_odds(&after, hex))
            }
            Action::Fire { hex, sustained } => {
                let (column, _) = self.fire_column(s, u, hex, sustained)?;
                let drm = self.fire_leadership(s, u);
                Some(self.ift_odds(s, s.units[u].hex, hex, column, drm))
            }
            _ => None,
        }
    }

    /// 63.9: the chance each enemy gun in `hex` is destroyed by `u`'s HE shot hitting with
    /// chance `hit`: at once, or by its shield's KILL roll (e.g. "PaK 40 destroyed 72% (63.9); ").
    fn guns_destroyed_odds(&self, s: &State, u: usize, hex: u8, hit: f64) -> String {
        let mut text = String::new();
        for t in 0..self.n() {
            let p = match self.gun_hit(s, u, hex, t) {
                None => continue,
                Some(GunHit::Destroyed) => 1.0,
                Some(GunHit::KillRoll) => {
                    let k = self.gun_kill_roll(s, u, t);
                    two_d6()
                        .filter(|&(raw, _)| resolve_to_kill(&k, raw, 6) != KillResult::NoEffect)
                        .map(|(_, w)| f64::from(w) / 36.0)
                        .sum()
                }
            };
            let _ = write!(
                text,
                "{} destroyed {} (63.9); ",
                self.def(t).name,
                pct(hit * p)
            );
        }
        text
    }

    fn hit_chance(&self, u: usize, number: i8, drm: i8, intensive: bool) -> f64 {
        let shot = self.shot(u, number, drm, intensive);
        two_d6()
            .filter(|&(raw, _)| {
                resolve_to_hit(
                    &shot,
                    ToHitDice { raw, third_die: 6 },
                    self.rules.options.critical_threshold,
                )
                .hit
            })
            .map(|(_, w)| f64::from(w) / 36.0)
            .sum()
    }

    /// 63.18: the chance an HE shot jams the gun: on its TO HIT roll, or, the shot hitting
    /// without jamming, on the IFT roll of its firepower (the same B#).
    pub fn he_jam_chance(&self, u: usize, number: i8, drm: i8, intensive: bool) -> f64 {
        let shot = self.shot(u, number, drm, intensive);
        let b = shot.breakdown_number();
        let ift_jam: f64 = two_d6()
            .filter(|&(raw, _)| raw >= b)
            .map(|(_, w)| f64::from(w) / 36.0)
            .sum();
        two_d6()
            .map(|(raw, w)| {
                let p = f64::from(w) / 36.0;
                let r = resolve_to_hit(
                    &shot,
                    ToHitDice { raw, third_die: 6 },
                    self.rules.options.critical_threshold,
                );
                if r.jammed || r.eliminated {
                    p
                } else if r.hit {
                    p * ift_jam
                } else {
                    0.0
                }
            })
            .sum()
    }

    /// TO HIT, then KILL (with the critical hit's third die and the immobilisation die).
    fn shot_odds(&self, s: &State, u: usize, t: usize, intensive: bool) -> String {
        let (number, drm) = self.to_hit(s, u, s.units[t].hex, Some(t));
        let shot = self.shot(u, number, drm, intensive);
        let (mut hit, mut jam) = (0.0, 0.0);
        let mut results = [0.0f64; 4];
        for (raw, w) in two_d6() {
            for (third, w3) in d6() {
                let p = f64::from(w) / 36.0 * f64::from(w3) / 6.0;
                let r = resolve_to_hit(
                    &shot,
                    ToHitDice {
                        raw,
                        third_die: third,
                    },
                    self.rules.options.critical_threshold,
                );
                jam += if r.jammed || r.eliminated { p } else { 0.0 };
                if !r.hit {
                    continue;
                }
                hit += p;
                let k = self.kill_roll(s, u, t, r.critical);
                for (kr, wk) in two_d6() {
                    for (die, wd) in d6() {
                        let q = p * f64::from(wk) / 36.0 * f64::from(wd) / 6.0;
                        results[resolve_to_kill(&k, kr, die) as usize] += q;
                    }
                }
            }
        }
        let kill = results[KillResult::Destroyed as usize] + results[KillResult::Burning as usize];
        // Every chance is of the shot, not of a hit (trial 19b F6: "kill" read either way).
        format!(
            "of this shot: hit {}, target destroyed {} (burning {}), immobilized {}; \
             gun malfunction {} (B{})",
            pct(hit),
            pct(kill),
            pct(results[KillResult::Burning as usize]),
            pct(results[KillResult::Immobilized as usize]),
            pct(jam),
            shot.breakdown_number()
        )
    }

    /// The IFT results against the first target in `hex`.
    fn ift_odds(&self, s: &State, from: u8, hex: u8, column: u8, drm: i8) -> String {
        let side = self.def(self.current_unit(s).unwrap_or(0)).side;
        let Some(t) = self.in_hex(s, hex, 1 - side).next() else {
            return String::new();
        };
        // Each modifier by its rule (trial 18b F2: the total alone was shown), summed once.
        let mut terms = super::describe::Terms {
            words: vec![format!("firer's {drm:+}")],
            sum: drm,
        };
        self.target_drm_parts(s, from, from, t, |name, d| terms.add(name, d));
        let total = terms.sum;
        let mut p = [0.0f64; 5];
        for (raw, w) in two_d6() {
            let i = match self.fire_result(column, raw as i8 + total) {
                FireResult::Kia => 0,
                FireResult::Mc(k) if k > 0 => 1,
                FireResult::Mc(_) => 2,
                FireResult::NoEffect => 4,
            };
            p[i] += f64::from(w) / 36.0;
        }
        format!(
            "against {} (DRM {total:+}: {}): KIA {}, MC at +1 or worse {}, MC {}, no effect {}",
            self.def(t).name,
            terms.words.join(", "),
            pct(p[0]),
            pct(p[1]),
            pct(p[2]),
            pct(p[4])
        )
    }
}
