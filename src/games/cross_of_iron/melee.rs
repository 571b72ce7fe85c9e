//! Close combat (SL 20, reconstructed table) with the Cross of Iron cases: AFVs in close
//! combat (72.81-72.86), Double Time (73.8) and prisoners (89.2).

use super::ruleset::Kind;
use super::state::{flag, Pending, State};
use super::CrossOfIron;

/// `Pending::CloseCombat::first` before the phasing side's roll.
pub const AWAITING: u8 = 0;
/// `Pending::CloseCombat::first` when the phasing side makes no attack.
pub const NO_ATTACK: u8 = 1;

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

    /// The kill number of `att` attacking firepower against `def` defending (the odds
    /// column at or below the ratio); `None` below the first column.
    pub fn cc_kill_number(&self, att: u16, def: u16) -> Option<i8> {
        let cc = &self.rules.data.charts.close_combat;
        cc.odds
            .iter()
            .rposition(|o| att * u16::from(o[1]) >= def * u16::from(o[0]))
            .map(|i| cc.kill[i])
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

    /// The counters `side`'s attack with roll `raw` eliminates (0: no attack), as a bit set.
    pub(super) fn melee_kills(&self, s: &State, hex: u8, side: u8, raw: u8) -> u32 {
        if raw == 0 {
            return 0;
        }
        let att = self.side_attack(s, hex, side);
        let def: u16 = self
            .in_hex(s, hex, 1 - side)
            .map(|u| self.cc_defense(u))
            .sum();
        // Below the table's lowest odds the attack kills no one, but its roll is still made.
        let kill = self.cc_kill_number(att, def).unwrap_or(i8::MIN);
        let leader = self.leadership(s, hex, side, usize::MAX);
        let mut doomed = 0u32;
        let mut afv = false;
        for t in self.in_hex(s, hex, 1 - side) {
            let drm = leader + self.melee_target_drm(s, t);
            afv |= self.vehicle(t);
            if raw as i8 + drm <= kill {
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
