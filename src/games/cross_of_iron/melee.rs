//! Close combat (SL 20, reconstructed table) with the Cross of Iron cases: AFVs in close
//! combat (72.81-72.86), Double Time (73.8) and prisoners (89.2).

use super::ruleset::Kind;
use super::state::{flag, Pending, State};
use super::CrossOfIron;
use crate::engine::dice::two_d6;
use std::fmt::Write as _;

/// `Pending::CloseCombat::first` before the phasing side's roll.
pub const AWAITING: u8 = 0;
/// `Pending::CloseCombat::first` when the phasing side makes no attack.
pub const NO_ATTACK: u8 = 1;

/// One side's close-combat attack (SL 20): its firepower against the defenders', the odds
/// column at or below the ratio and its kill number (`None` below the first column), and the
/// attacker's leader's DRM.
pub struct MeleeAttack {
    pub att: u16,
    pub def: u16,
    pub odds: Option<[u8; 2]>,
    pub kill: Option<i8>,
    pub leader: i8,
}

impl CrossOfIron {
    /// A counter's close-combat firepower in attack: a good-order squad's with its support
    /// weapon's (Q&A 20.5: not doubled), a gun crew's, a leader 1; AFVs do not attack (SL).
    fn cc_attack(&self, s: &State, u: usize) -> u16 {
        let d = self.def(u);
        if !self.good(s, u) {
            return 0;
        }
        match d.kind {
            Kind::Squad => {
                u16::from(d.fp)
                    + d.sw
                        .as_ref()
                        .filter(|_| !s.units[u].has(flag::SW_BROKEN | flag::SW_DISABLED))
                        .map_or(0, |w| u16::from(w.fp))
            }
            Kind::Gun => u16::from(d.fp),
            Kind::Leader => 1,
            Kind::Vehicle => 0,
        }
    }

    /// A counter's firepower in defence: as in attack, broken or not; an AFV as the table's
    /// `afv_defense`.
    fn cc_defense(&self, u: usize) -> u16 {
        let d = self.def(u);
        match d.kind {
            Kind::Squad | Kind::Gun => u16::from(d.fp).max(1),
            Kind::Leader => 1,
            Kind::Vehicle => u16::from(self.rules.data.charts.close_combat.afv_defense),
        }
    }

    fn side_attack(&self, s: &State, hex: u8, side: u8) -> u16 {
        self.in_hex(s, hex, side)
            .map(|u| self.cc_attack(s, u))
            .sum()
    }

    /// The next hex at or after `from` where a melee is fought.
    pub(super) fn next_melee(&self, s: &State, from: usize) -> Option<u8> {
        let contested = self.occupied(s, 0) & self.occupied(s, 1);
        let mut later = if from < 128 {
            contested >> from << from
        } else {
            0
        };
        while later != 0 {
            let h = later.trailing_zeros() as u8;
            later &= later - 1;
            if self.side_attack(s, h, 0) > 0 || self.side_attack(s, h, 1) > 0 {
                return Some(h);
            }
        }
        None
    }

    /// Starts the melee in `hex`: the phasing side's roll first if it attacks.
    pub(super) fn open_melee(&self, s: &mut State, hex: u8) {
        let first = if self.side_attack(s, hex, s.phasing) > 0 {
            AWAITING
        } else {
            NO_ATTACK
        };
        s.pending = Pending::CloseCombat { hex, first };
    }

    /// Applies a melee roll; both sides' results land together (SL 20: simultaneous).
    pub(super) fn resolve_melee(&self, s: &mut State, raw: u8) {
        let Pending::CloseCombat { hex, first } = s.pending else {
            unreachable!("resolve_melee without a melee pending")
        };
        let phasing = s.phasing;
        if first == AWAITING && self.side_attack(s, hex, 1 - phasing) > 0 {
            s.pending = Pending::CloseCombat { hex, first: raw };
            return;
        }
        let (phasing_roll, other_roll) = match first {
            AWAITING => (raw, 0),
            NO_ATTACK => (0, raw),
            r => (r, raw),
        };
        let mut doomed = 0u32;
        doomed |= self.melee_kills(s, hex, phasing, phasing_roll);
        doomed |= self.melee_kills(s, hex, 1 - phasing, other_roll);
        let prisoners = self.rules.options.prisoners;
        for u in 0..self.n() {
            if doomed >> u & 1 == 1 && s.units[u].in_play() {
                let captured = prisoners && s.units[u].has(flag::BROKEN) && self.infantry(u);
                // 89.2, decided where the text is silent (README): a broken unit eliminated in
                // melee is taken, as 89.21 takes a broken unit that cannot rout.
                self.eliminate(s, u, captured);
            }
        }
        s.pending = Pending::None;
    }

    /// `side`'s close-combat attack in `hex` as it stands: the firepower on each side, the
    /// odds column and its kill number, and the attacker's best leader's DRM.
    pub fn melee_attack(&self, s: &State, hex: u8, side: u8) -> MeleeAttack {
        let att = self.side_attack(s, hex, side);
        let def: u16 = self
            .in_hex(s, hex, 1 - side)
            .map(|u| self.cc_defense(u))
            .sum();
        let cc = &self.rules.data.charts.close_combat;
        let column = self.cc_column(att, def);
        MeleeAttack {
            att,
            def,
            odds: column.map(|i| cc.odds[i]),
            kill: column.map(|i| cc.kill[i]),
            leader: self.leadership(s, hex, side, usize::MAX),
        }
    }

    /// The odds column of `att` attacking firepower against `def` defending: the last the
    /// ratio reaches; `None` below the first.
    fn cc_column(&self, att: u16, def: u16) -> Option<usize> {
        let cc = &self.rules.data.charts.close_combat;
        cc.odds
            .iter()
            .rposition(|o| att * u16::from(o[1]) >= def * u16::from(o[0]))
    }

    /// The kill number of `att` attacking firepower against `def` defending.
    pub fn cc_kill_number(&self, att: u16, def: u16) -> Option<i8> {
        let cc = &self.rules.data.charts.close_combat;
        self.cc_column(att, def).map(|i| cc.kill[i])
    }

    /// A close-combat roll in words (trial 22g F1: "rolled 7" alone): who attacks with what
    /// against what, the odds and kill number, and each target's final roll against it; the
    /// changes it makes are added by the caller.
    pub(super) fn melee_roll_words(&self, s: &State, hex: u8, first: u8, raw: u8) -> String {
        let side = match first {
            AWAITING => s.phasing,
            _ => 1 - s.phasing,
        };
        let attack = self.melee_attack(s, hex, side);
        let mut text = format!(
            "close combat in {} (SL 20, reconstructed table): {}, rolled {raw}",
            self.hex_name(hex),
            self.melee_terms(s, hex, side, &attack)
        );
        let _ = write!(
            text,
            "{}",
            self.melee_targets(s, hex, side, &attack, Some(raw))
        );
        if first == AWAITING && self.side_attack(s, hex, 1 - side) > 0 {
            text.push_str("; the results land with the other side's roll (simultaneous, SL 20)");
        }
        if raw == 12 && self.in_hex(s, hex, 1 - side).any(|t| self.vehicle(t)) {
            text.push_str("; an unmodified 12 against an AFV eliminates the attackers (72.86)");
        }
        text
    }

    /// "the Germans attack with 1 FP (Lt. Hahn) against 4: odds 1-4, kill number 3".
    fn melee_terms(&self, s: &State, hex: u8, side: u8, attack: &MeleeAttack) -> String {
        let names: Vec<String> = self
            .in_hex(s, hex, side)
            .filter(|&u| self.cc_attack(s, u) > 0)
            .map(|u| self.def(u).name.clone())
            .collect();
        let column = match (attack.odds, attack.kill) {
            (Some([a, d]), Some(k)) => format!("odds {a}-{d}, kill number {k}"),
            _ => "below the lowest odds: no kill".to_string(),
        };
        format!(
            "the {} attack with {} FP ({}) against {}: {column}",
            ["Germans", "Russians"][usize::from(side)],
            attack.att,
            names.join(", "),
            attack.def
        )
    }

    /// Each target's final roll against the kill number ("; 5th Section 7 -1 = 6: survives"),
    /// or, with no roll, its chance of being eliminated.
    fn melee_targets(
        &self,
        s: &State,
        hex: u8,
        side: u8,
        attack: &MeleeAttack,
        raw: Option<u8>,
    ) -> String {
        let Some(kill) = attack.kill else {
            return String::new();
        };
        let mut text = String::new();
        for t in self.in_hex(s, hex, 1 - side) {
            let drm = self.melee_drm(s, attack, t);
            let name = &self.def(t).name;
            let _ = match raw {
                Some(r) => {
                    let total = r as i8 + drm;
                    let fate = if total <= kill {
                        "eliminated"
                    } else {
                        "survives"
                    };
                    write!(text, "; {name} {r} {drm:+} = {total}: {fate}")
                }
                None => {
                    let p: u32 = two_d6()
                        .filter(|&(r, _)| r as i8 + drm <= kill)
                        .map(|(_, w)| w)
                        .sum();
                    let chance = crate::engine::percent::percent(f64::from(p) / 36.0, 0);
                    write!(text, "; {name} eliminated {chance}% ({drm:+})")
                }
            };
        }
        text
    }

    /// The odds of the close combat an advance into `hex` brings, as the hex would then stand
    /// (`s` after the advance): each side's attack and each target's chance.
    pub(super) fn melee_odds(&self, s: &State, hex: u8) -> String {
        let told: Vec<String> = [s.phasing, 1 - s.phasing]
            .into_iter()
            .filter(|&side| self.side_attack(s, hex, side) > 0)
            .map(|side| {
                let attack = self.melee_attack(s, hex, side);
                format!(
                    "{}{}",
                    self.melee_terms(s, hex, side, &attack),
                    self.melee_targets(s, hex, side, &attack, None)
                )
            })
            .collect();
        match told.is_empty() {
            true => "close combat as the hex would stand: neither side attacks (SL 20)".into(),
            false => format!(
                "close combat as the hex would stand (SL 20, reconstructed table): {}",
                told.join(". ")
            ),
        }
    }

    /// The DRM on `side`'s roll against target `t`: its leader's and the target's own.
    pub fn melee_drm(&self, s: &State, attack: &MeleeAttack, t: usize) -> i8 {
        attack.leader + self.melee_target_drm(s, t)
    }

    /// The counters `side`'s attack with roll `raw` eliminates (0: no attack), as a bit set.
    pub(super) fn melee_kills(&self, s: &State, hex: u8, side: u8, raw: u8) -> u32 {
        if raw == 0 {
            return 0;
        }
        let attack = self.melee_attack(s, hex, side);
        // Below the table's lowest odds the attack kills no one, but its roll is still made.
        let kill = attack.kill.unwrap_or(i8::MIN);
        let mut doomed = 0u32;
        let mut afv = false;
        for t in self.in_hex(s, hex, 1 - side) {
            afv |= self.vehicle(t);
            if raw as i8 + self.melee_drm(s, &attack, t) <= kill {
                doomed |= 1 << t;
            }
        }
        // 72.86 holds at any odds: "Any infantry unit which rolls a '12' prior to any DRM while
        // attacking an AFV in Close Combat is eliminated".
        if afv && raw == 12 {
            // 72.86: an unmodified 12 against an AFV eliminates the attackers.
            for a in self
                .in_hex(s, hex, side)
                .filter(|&a| self.cc_attack(s, a) > 0)
            {
                doomed |= 1 << a;
            }
        }
        doomed
    }

    /// 72.81, 72.82: −1 against an AFV unbuttoned or open-topped, −1 if it has no manned
    /// functioning MG (none at all, its crew stunned, or its MGs malfunctioned or disabled, 95.3);
    /// 73.8: −1 against a unit that moved at Double Time.
    pub(super) fn melee_target_drm(&self, s: &State, t: usize) -> i8 {
        let unit = &s.units[t];
        let mut drm = 0;
        if let Some(v) = self.def(t).vehicle.as_ref() {
            if unit.has(flag::CE) || v.open_top {
                drm -= 1;
            }
            // 72.82: "without manned functioning MG armament": an AFV's MGs malfunction and
            // are disabled together (`SW_BROKEN`/`SW_DISABLED`, 95.3), and then none works.
            let no_mg = v.bow_mg + v.coax_mg == 0 || unit.has(flag::SW_BROKEN | flag::SW_DISABLED);
            // Nor are they manned while the crew is stunned, or out repairing the AFV (66.3).
            let unmanned = unit.stunned_until >= s.player_turn || unit.has(flag::REPAIRING);
            if no_mg || unmanned {
                drm -= 1;
            }
        }
        // 73.8: exhausted from the end of its Movement Phase "Remove the CE counter at the start
        // of the next friendly Movement Phase": through its own Close Combat and the enemy's
        // player turn (TIRED then, 73.7's marker).
        let enemy_turn = self.def(t).side != s.phasing;
        if unit.has(flag::DOUBLE_TIME) || (enemy_turn && unit.has(flag::TIRED)) {
            drm -= 1;
        }
        drm
    }
}
