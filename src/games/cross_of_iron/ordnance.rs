//! Ordnance fire (63-70): TO HIT with the Cross of Iron modifiers, then AFV KILL or high
//! explosive on the Infantry Fire Table. The TO HIT numbers, kill numbers and the Squad
//! Leader Cases without a value in the text come from the reconstructed charts; every rule
//! of the text is `gunnery`'s and `modifiers`' own function.

use super::gunnery::{
    resolve_to_hit, resolve_to_kill, Ammo, Facing, KillResult, KillRoll, Shot, ToHitDice,
};
use super::modifiers::{range_drm, size_drm, BUTTONED_UP, MOVING_TARGET, SHAKEN_CREW};
use super::phases::Sink;
use super::ruleset::Kind;
use super::state::{self, flag, Pending, Phase, State};
use super::{Action, CrossOfIron};

/// 63.9: the armour modifier of a gun's shield on its KILL roll.
pub const GUN_SHIELD_ARMOR: i8 = -4;

/// What an HE hit does to a gun in the hex (63.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GunHit {
    /// No shield, or hit from outside its Covered Arc: destroyed.
    Destroyed,
    /// Shielded and hit through its arc: a KILL roll decides.
    KillRoll,
}

impl CrossOfIron {
    /// The shots `u`'s gun may fire now, as (normal, intensive). Intensive Fire is declared
    /// before the gun's first shot of the phase (70.4) and then holds for every shot, each at
    /// +2 (70.2) and B# −2 (70.5), one more than the ROF (70.1); none in Advancing Fire (70.3).
    fn gun_ready(&self, s: &State, u: usize) -> Option<(bool, bool)> {
        let gun = self.def(u).gun.as_ref()?;
        let unit = &s.units[u];
        if unit.has(flag::GUN_BROKEN | flag::DISABLED | flag::FIRED)
            || unit.stunned_until >= s.player_turn
        {
            return None;
        }
        let ready = if unit.has(flag::INTENSIVE) {
            (false, unit.shots <= gun.rof)
        } else if unit.shots == 0 {
            (true, s.phase != Phase::AdvancingFire)
        } else {
            (unit.shots < gun.rof, false)
        };
        (ready.0 || ready.1).then_some(ready)
    }

    /// The main-gun or AT-gun shots open to `u`: at enemy AFVs, and HE at `targets` (its
    /// side's `target_hexes`).
    pub(super) fn gun_actions(&self, s: &State, u: usize, targets: u128, out: &mut impl Sink) {
        let Some((normal, intensive)) = self.gun_ready(s, u) else {
            return;
        };
        let modes = [false, true];
        let modes = &modes[usize::from(!normal)..1 + usize::from(intensive)];
        let side = self.def(u).side;
        let from = s.units[u].hex;
        let board = &self.rules.board;
        let last = *self
            .rules
            .data
            .charts
            .to_hit
            .ranges
            .last()
            .expect("a range band");
        let reach = board.seen_from(from) & board.within(from, last);
        let in_reach = |hex: u8| reach >> hex & 1 == 1;
        let own = self.occupied(s, side);
        // HE goes to hexes holding enemy infantry or guns, on their TO HIT line; an AFV is
        // shot at with AP on the vehicle line, where its target size counts (64.6).
        let mut soft = 0u128;
        for t in self.side_in_play(s, 1 - side) {
            let hex = s.units[t].hex;
            if out.full() {
                return;
            }
            if !self.vehicle(t) {
                soft |= 1 << hex;
            } else if own >> hex & 1 == 0 && in_reach(hex) {
                for &intensive in modes {
                    out.push(Action::Shoot {
                        target: t as u8,
                        intensive,
                    });
                }
            }
        }
        let mut targets = targets & reach & soft;
        let he = self.def(u).gun.as_ref().is_some_and(|g| g.he_fp > 0);
        while he && targets != 0 {
            let hex = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            for &intensive in modes {
                out.push(Action::HighExplosive { hex, intensive });
            }
        }
    }

    /// The TO HIT number and modifiers of a shot by `u` at `hex` (and the AFV `target` in it,
    /// for armour-piercing fire).
    pub fn to_hit(&self, s: &State, u: usize, hex: u8, target: Option<usize>) -> (i8, i8) {
        let mut drm = 0;
        let number = self.to_hit_parts(s, u, hex, target, |_, d| drm += d);
        (number, drm)
    }

    /// The TO HIT number of that shot, telling `part` each modifier that applies, by its rule
    /// (one account for the shot, the screen's breakdown and the odds).
    pub fn to_hit_parts(
        &self,
        s: &State,
        u: usize,
        hex: u8,
        target: Option<usize>,
        mut part: impl FnMut(&'static str, i8),
    ) -> i8 {
        let rs = &self.rules;
        let chart = &rs.data.charts.to_hit;
        let d = self.def(u);
        let gun = d.gun.as_ref().expect("ordnance");
        let unit = &s.units[u];
        let range = rs.board.distance(unit.hex, hex);
        let band = rs.band(range).expect("within the chart's range");
        let number = if target.is_some() {
            chart.vehicle[band]
        } else {
            chart.infantry[band]
        };
        part("range (64.2)", range_drm(gun.suffix, u16::from(range)));
        if let Some(t) = target {
            let v = self.def(t).vehicle.as_ref().expect("an AFV target");
            part("target size (64.6)", size_drm(v.size));
            if s.phase == Phase::DefensiveFire && s.units[t].has(flag::MOVED) {
                part("moving target (69.8, Case J)", MOVING_TARGET);
            }
            part("acquired (69.1)", -(self.acquisition(s, u, t) as i8));
        }
        if let Some(v) = d.vehicle.as_ref() {
            if !v.open_top && !unit.has(flag::CE) {
                // 64.47 (and 64.44 for a crew forced to button up)
                part("buttoned up (64.47)", BUTTONED_UP);
            }
            if unit.has(flag::FORCED_BU) {
                // 64.44's "+1 TO HIT" marker (it fires only once unstunned)
                part("+1 TO HIT marker (64.44)", SHAKEN_CREW);
            }
            part("armour leader (76.6)", self.armour_leader_drm(s, u));
        }
        let turret = d.vehicle.as_ref().is_some_and(|v| v.turret);
        let facing = if turret { unit.turret } else { unit.hull };
        if !rs.board.in_arc(unit.hex, facing, hex) {
            // 64.1: the turret (or, without one, the hull or gun) turns to fire: Case A.
            let once = if turret {
                chart.turret_turn_drm
            } else {
                chart.hull_turn_drm
            };
            // 70.8: for a tank "cumulative upon itself for each occurrence within the same fire
            // phase" (the MkIVF2's second shot outside its new arc: +4).
            let nth = if turret { 1 + unit.arc_shots as i8 } else { 1 };
            part("turning to fire (Case A, 64.1)", once * nth);
        }
        if turret {
            // 64.123: turret weapons' Case A is "based on the turret Covered Arc. However, a
            // change in the vehicular Covered Arc activates the Case A DRM whether the turret
            // Covered Arc is changed or not. If both … are changed during the Movement Phase
            // the Case A DRM is doubled": once for each arc changed in the Movement Phase (a
            // move that swings the turret back onto the hull changes it), for every shot of the
            // player turn after it. An SP gun pays Case A when it turns to fire (above).
            // Defensive Fire: none (only the phasing side moved; the flags clear per turn).
            let times =
                i8::from(unit.has(flag::HULL_TURNED)) + i8::from(unit.has(flag::TURRET_TURNED));
            part(
                "arcs changed moving (Case A, 64.123)",
                times * chart.turret_turn_drm,
            );
        }
        if s.phase == Phase::AdvancingFire && unit.has(flag::MOVED) {
            part("firer moved (SL Cases)", chart.firer_moved_drm);
        }
        number
    }

    /// 69.1: the acquisition DRM (0-2) a shot by `u` at the AFV `t` gets now: one more than
    /// in the immediately preceding eligible Fire Phase if `u` fired at `t` then (69.2: its Prep
    /// Fire and Defensive Fire only, so Advancing Fire never gains it), the same for every shot
    /// of one phase (69.4), at most 2. Moving (69.1) or firing at another target (69.5) loses it.
    pub(super) fn acquisition(&self, s: &State, u: usize, t: usize) -> u8 {
        let unit = &s.units[u];
        if unit.acquired != t as u8 {
            return 0;
        }
        let now = fire_phase_stamp(s.player_turn, s.phase);
        let preceding = match s.phase {
            Phase::PrepFire => {
                fire_phase_stamp(s.player_turn.wrapping_sub(1), Phase::DefensiveFire)
            }
            Phase::DefensiveFire => {
                fire_phase_stamp(s.player_turn.wrapping_sub(1), Phase::PrepFire)
            }
            _ => fire_phase_stamp(s.player_turn, Phase::PrepFire),
        };
        if unit.acquired_in == now {
            unit.acquisition
        } else if unit.acquired_in == preceding {
            (unit.acquisition + 1).min(2)
        } else {
            0
        }
    }

    /// Fires one shot: the turret or gun turns to the target, acquisition is kept or lost,
    /// and the TO HIT dice are next.
    pub(super) fn open_gun_fire(
        &self,
        s: &mut State,
        u: usize,
        target: u8,
        he: bool,
        intensive: bool,
    ) {
        let hex = if he {
            target
        } else {
            s.units[target as usize].hex
        };
        let (number, drm) = self.to_hit(s, u, hex, (!he).then_some(target as usize));
        let level = if he {
            0
        } else {
            self.acquisition(s, u, target as usize)
        };
        let board = &self.rules.board;
        let turret = self.def(u).vehicle.as_ref().is_some_and(|v| v.turret);
        let unit = &mut s.units[u];
        let dir = board.direction(unit.hex, hex);
        let facing = if turret { unit.turret } else { unit.hull };
        if !board.in_arc(unit.hex, facing, hex) {
            unit.arc_shots += 1; // 70.8
        }
        if turret {
            if !board.in_arc(unit.hex, unit.turret, hex) {
                unit.turret = dir;
            }
        } else if !board.in_arc(unit.hex, unit.hull, hex) {
            unit.hull = dir;
            unit.turret = dir;
        }
        if s.phase == Phase::AdvancingFire {
            // 69.2: Advancing Fire does not qualify; another target loses the acquired one (69.5).
            if he || unit.acquired != target {
                unit.acquired = u8::MAX;
            }
        } else {
            unit.acquired = if he { u8::MAX } else { target };
            unit.acquisition = level;
            unit.acquired_in = fire_phase_stamp(s.player_turn, s.phase);
        }
        unit.shots += 1;
        if intensive {
            unit.flags |= flag::INTENSIVE;
        }
        if s.phase == Phase::PrepFire {
            unit.flags |= flag::PREP_FIRED;
        }
        s.pending = Pending::ToHit(state::Shot {
            firer: u as u8,
            target,
            number,
            drm,
            he,
            intensive,
        });
    }

    pub(super) fn shot(&self, u: usize, number: i8, drm: i8, intensive: bool) -> Shot {
        let gun = self.def(u).gun.as_ref().expect("ordnance");
        Shot {
            to_hit_number: number,
            drm,
            ammo: Ammo::ApHe,
            breakdown: gun.breakdown,
            intensive_fire: intensive,
            captured: false,
            // 64.9: "the last round of ammunition for the AFV's main armament": AFVs only,
            // not towed guns.
            calibre_150_plus: gun.calibre >= 150 && self.vehicle(u),
        }
    }

    /// Applies the TO HIT roll; a possible critical hit (68) waits for its third die.
    pub(super) fn resolve_to_hit(&self, s: &mut State, raw: u8, third: Option<u8>) {
        let (Pending::ToHit(pending) | Pending::Critical(pending)) = s.pending else {
            unreachable!("resolve_to_hit without a shot pending")
        };
        let state::Shot {
            firer,
            target,
            number,
            drm,
            he,
            intensive,
        } = pending;
        let shot = self.shot(firer as usize, number, drm, intensive);
        if third.is_none() && raw == 2 && !he && raw as i8 + shot.total_drm() <= number {
            s.pending = Pending::Critical(pending);
            return;
        }
        let dice = ToHitDice {
            raw,
            third_die: third.unwrap_or(6),
        };
        let result = resolve_to_hit(&shot, dice, self.rules.options.critical_threshold);
        if result.jammed {
            self.jam_gun(s, firer as usize);
        }
        if result.last_round {
            s.units[firer as usize].flags |= flag::DISABLED;
        }
        s.pending = match (result.hit, he) {
            (false, _) => Pending::None,
            (true, true) => {
                for t in 0..self.n() {
                    if self.gun_hit(s, firer as usize, target, t) == Some(GunHit::Destroyed) {
                        s.units[t].flags |= flag::DISABLED | flag::GUN_DESTROYED;
                    }
                }
                self.after_he_hit(s, pending, 0)
            }
            (true, false) => Pending::Kill {
                firer,
                target,
                critical: result.critical,
            },
        };
    }

    /// 63.9: what `firer`'s HE hit on `hex` does to counter `t`, if it is an enemy gun there
    /// (not yet destroyed) and the firer's weapon is 20mm or larger: "Any gun without a
    /// protective gun shield or a gun hit from outside its Covered Arc is automatically
    /// destroyed", shield and all (its crew stays, and takes the IFT attack); one "with a
    /// protective gun shield hit from its Covered Arc must be eliminated by a successful TO
    /// KILL dice roll".
    pub(super) fn gun_hit(&self, s: &State, firer: usize, hex: u8, t: usize) -> Option<GunHit> {
        let d = self.def(t);
        let unit = &s.units[t];
        let enemy_gun = d.kind == Kind::Gun && d.side != self.def(firer).side;
        if !enemy_gun || unit.hex != hex || !unit.in_play() || unit.has(flag::GUN_DESTROYED) {
            return None;
        }
        if self.def(firer).gun.as_ref().is_none_or(|g| g.calibre < 20) {
            return None;
        }
        let shielded = d.gun.as_ref().is_some_and(|g| g.shield);
        let through_arc = self.rules.board.in_arc(hex, unit.hull, s.units[firer].hex);
        Some(if shielded && through_arc {
            GunHit::KillRoll
        } else {
            GunHit::Destroyed
        })
    }

    /// After an HE hit: the next shielded gun (at or after counter `from`) rolls its 63.9
    /// KILL roll, then the HE attacks the hex on the IFT.
    fn after_he_hit(&self, s: &State, shot: state::Shot, from: usize) -> Pending {
        let (firer, hex) = (shot.firer as usize, shot.target);
        let next =
            (from..self.n()).find(|&t| self.gun_hit(s, firer, hex, t) == Some(GunHit::KillRoll));
        if let Some(t) = next {
            return Pending::GunKill { shot, gun: t as u8 };
        }
        let gun = self.def(firer).gun.as_ref().expect("ordnance");
        Pending::Fire {
            firer: shot.firer,
            hex,
            column: self.column(2 * u16::from(gun.he_fp)).unwrap_or(0),
            drm: 0,
            // 63.18: "any TO HIT or firepower result dice roll" of the B# or more jams the
            // gun: the HE's IFT roll too, at the shot's B# (70.5's −2 under Intensive Fire).
            breakdown: self
                .shot(firer, shot.number, shot.drm, shot.intensive)
                .breakdown_number(),
            gun: true,
            overrun: u8::MAX,
        }
    }

    /// 63.9's KILL roll for a shielded gun hit through its arc: "on the AFV KILL TABLE using
    /// the AFV Front target facing and an armor modifier of −4", at the firer's kill number
    /// for the range (the table's HE rows are not in the text: the gun's own kill numbers).
    pub fn gun_kill_roll(&self, s: &State, firer: usize, t: usize) -> KillRoll {
        let kill_number = self.kill_number(s, firer, s.units[t].hex);
        KillRoll::plain(kill_number, GUN_SHIELD_ARMOR, Facing::Front)
    }

    /// The AFV KILL number of `firer`'s gun at the range of `hex` (33.4, by range band; past
    /// the chart's last band, its last).
    fn kill_number(&self, s: &State, firer: usize, hex: u8) -> i8 {
        let rs = &self.rules;
        let gun = self.def(firer).gun.as_ref().expect("ordnance");
        let range = rs.board.distance(s.units[firer].hex, hex);
        gun.kill[rs.band(range).unwrap_or(gun.kill.len() - 1)]
    }

    /// Applies 63.9's KILL roll: any result that would harm an AFV from the front destroys
    /// the gun (front hits never immobilise, 66.1).
    pub(super) fn resolve_gun_kill(&self, s: &mut State, raw: u8) {
        let Pending::GunKill { shot, gun } = s.pending else {
            unreachable!("resolve_gun_kill without a gun hit pending")
        };
        let k = self.gun_kill_roll(s, shot.firer as usize, gun as usize);
        if resolve_to_kill(&k, raw, 6) != KillResult::NoEffect {
            s.units[gun as usize].flags |= flag::DISABLED | flag::GUN_DESTROYED;
        }
        s.pending = self.after_he_hit(s, shot, gun as usize + 1);
    }

    /// 63.18: `u`'s gun has jammed: no more shots until repaired. 69.3: a gun that breaks
    /// down loses its acquisition, even if repaired at once.
    pub(super) fn jam_gun(&self, s: &mut State, u: usize) {
        let unit = &mut s.units[u];
        unit.flags |= flag::GUN_BROKEN;
        unit.acquired = u8::MAX;
        unit.acquisition = 0;
    }

    /// The AFV KILL roll's inputs for a hit by `firer` on `target` (64.3, 65, 66, 68).
    pub fn kill_roll(&self, s: &State, firer: usize, target: usize, critical: bool) -> KillRoll {
        let rs = &self.rules;
        let from = s.units[firer].hex;
        let t = &s.units[target];
        let v = self.def(target).vehicle.as_ref().expect("an AFV target");
        // 68.2: after a critical hit the KILL roll "is made on the 'Rear' target facing
        // (regardless of the target's Covered Arc)": the bottom (side/rear) modifier (64.32).
        let front = !critical && rs.board.in_arc(t.hex, t.hull, from);
        let (facing, armor) = if front {
            (Facing::Front, v.front)
        } else {
            (Facing::SideOrRear, v.side_rear)
        };
        KillRoll {
            kill_number: self.kill_number(s, firer, t.hex),
            armor_modifier: armor,
            facing,
            hull_down: false,
            immobilized: t.has(flag::IMMOBILIZED),
            critical,
        }
    }

    /// Applies the KILL roll; a roll that immobilises or kills by the die waits for it (66.1).
    pub(super) fn resolve_kill(&self, s: &mut State, raw: u8, die: Option<u8>) {
        let (Pending::Kill {
            firer,
            target,
            critical,
        }
        | Pending::Immobilization {
            firer,
            target,
            critical,
            ..
        }) = s.pending
        else {
            unreachable!("resolve_kill without a hit pending")
        };
        let k = self.kill_roll(s, firer as usize, target as usize, critical);
        let result = match die {
            Some(d) => resolve_to_kill(&k, raw, d),
            None => {
                let (low, high) = (resolve_to_kill(&k, raw, 1), resolve_to_kill(&k, raw, 6));
                if low != high {
                    s.pending = Pending::Immobilization {
                        firer,
                        target,
                        raw,
                        critical,
                    };
                    return;
                }
                low
            }
        };
        let t = target as usize;
        match result {
            // 66.4: "Immobilized AFVs subsequently hit, but not destroyed by an AT weapon must
            // still undergo a Morale Check (39.3) provided that the AT weapon involved has a
            // mathematical chance (barring critical hits) of penetrating the target armor."
            KillResult::NoEffect if s.units[t].has(flag::IMMOBILIZED) => {
                let ordinary = self.kill_roll(s, firer as usize, t, false);
                if ordinary.may_penetrate() {
                    s.mark_due(t, flag::MC_DUE);
                    s.units[t].mc_drm = 0;
                }
            }
            KillResult::NoEffect => {}
            KillResult::Immobilized => s.units[t].flags |= flag::IMMOBILIZED,
            KillResult::Destroyed => self.eliminate(s, t, false),
            KillResult::Burning => {
                self.eliminate(s, t, false);
                s.units[t].flags |= flag::BURNING;
            }
        }
        s.pending = Pending::None;
    }

    /// Whether `u` is an AFV or gun (for the play screen).
    pub fn ordnance(&self, u: usize) -> bool {
        matches!(self.def(u).kind, Kind::Vehicle | Kind::Gun)
    }
}

/// A fire phase of a player turn, as `Unit::acquired_in` records it.
pub(super) fn fire_phase_stamp(player_turn: u8, phase: Phase) -> u8 {
    player_turn.wrapping_mul(16).wrapping_add(phase as u8)
}
