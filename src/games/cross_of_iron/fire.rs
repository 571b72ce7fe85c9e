//! Fire on the Infantry Fire Table (SL 7-12, reconstructed chart) with the Cross of Iron
//! modifiers: AFV machine guns (64.4), crews exposed (64.44), gun shields (63.5), Double
//! Time (73), infantry height (91), sustained fire (95); and the morale checks it causes.

use super::board::NO_HEX;
use super::phases::Sink;
use super::ruleset::Kind;
use super::state::{flag, Pending, Phase, State};
use super::{Action, CrossOfIron};
use crate::engine::bits::ones;

/// 64.4: the bow MG's range (it fires in the hull's covered arc) and the coaxial MG's (the
/// turret's).
const BOW_MG_RANGE: u8 = 8;
const COAX_MG_RANGE: u8 = 12;

/// Reading of 95.3 and 18.1 (the B# "any MG" has): an AFV's MGs carry no printed B#, so, like
/// a gun with none printed (63.18), they break down on a raw 12 (10 with sustained fire); a
/// breakdown silences the bow and coaxial MGs together (they fire as one attack, 64.46) until
/// repaired like a support weapon (`flag::SW_BROKEN`, 1 repairs, 6 disables).
pub(super) const AFV_MG_BREAKDOWN: u8 = 12;

/// One IFT result for one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireResult {
    Kia,
    /// A morale check with this modifier.
    Mc(i8),
    NoEffect,
}

impl CrossOfIron {
    /// Whether a counter in `hex` may be fired on by `side`'s infantry weapons: infantry, a
    /// gun's crew, or an AFV's exposed crew (64.44).
    fn fire_target(&self, s: &State, u: usize) -> bool {
        let unit = &s.units[u];
        unit.in_play() && (!self.vehicle(u) || unit.has(flag::CE))
    }

    /// The hexes `side` may fire into: enemy fire targets, not in melee.
    pub(super) fn target_hexes(&self, s: &State, side: u8) -> u128 {
        let targets = ones(self.rules.sides[1 - side as usize] & s.in_play)
            .filter(|&u| self.fire_target(s, u))
            .fold(0u128, |set, u| set | 1 << s.units[u].hex);
        targets & !self.occupied(s, side)
    }

    /// The firepower (in half factors) `u` brings against `hex`, and the B# of a support
    /// weapon firing with it (0: none). SL: ×2 point blank, ×½ at long range (up to twice
    /// the normal range), ×½ in Advancing Fire after moving.
    pub(super) fn firepower(&self, s: &State, u: usize, hex: u8) -> (u16, u8) {
        let d = self.def(u);
        match d.kind {
            Kind::Squad => {
                let mut half = self.scaled(s, u, hex, d.fp, d.range).half;
                let mut breakdown = 0;
                if let Some(w) = self.working_sw(s, u) {
                    let sw = self.scaled(s, u, hex, w.fp, w.range).half;
                    if sw > 0 {
                        half += sw;
                        breakdown = w.breakdown - u8::from(self.inexperienced(u));
                    }
                }
                (half, breakdown)
            }
            Kind::Vehicle => {
                let half = self.mg_firepower(s, u, hex);
                (half, if half > 0 { AFV_MG_BREAKDOWN } else { 0 })
            }
            Kind::Leader | Kind::Gun => (0, 0),
        }
    }

    /// 94.3: the B# of an inexperienced unit's weapons is one lower.
    pub(super) fn inexperienced(&self, u: usize) -> bool {
        self.rules.options.inexperienced && self.def(u).side == 1 && self.def(u).kind == Kind::Squad
    }

    /// `u`'s support weapon, unless it malfunctioned or was disabled (95.3).
    fn working_sw<'a>(&'a self, s: &State, u: usize) -> Option<&'a super::ruleset::Weapon> {
        let broken = s.units[u].has(flag::SW_BROKEN | flag::SW_DISABLED);
        self.def(u).sw.as_ref().filter(|_| !broken)
    }

    /// Printed firepower `fp` of normal range `normal`, fired by `u` at `hex`, in half
    /// points: doubled point blank, halved at long range, none past it (SL, reconstructed
    /// factors), halved again after moving in the Advancing Fire Phase. One account for the
    /// fire and its line (trial 21f F3: the line gave the total alone).
    pub(super) fn scaled(&self, s: &State, u: usize, hex: u8, fp: u8, normal: u8) -> Scaled {
        let unit = &s.units[u];
        let range = self.rules.board.distance(unit.hex, hex);
        let fire = &self.rules.data.charts.fire;
        let moved = s.phase == Phase::AdvancingFire && unit.has(flag::MOVED);
        let reach = if fp == 0 || range > normal * fire.long_range_factor {
            Reach::Beyond
        } else if range <= 1 {
            Reach::PointBlank(fire.point_blank_multiplier)
        } else if range > normal {
            Reach::Long
        } else {
            Reach::Normal
        };
        let mut half = 2 * u16::from(fp);
        match reach {
            Reach::Beyond => half = 0,
            Reach::PointBlank(m) => half *= u16::from(m),
            Reach::Long => half /= 2,
            Reach::Normal => {}
        }
        if moved {
            half /= 2;
        }
        Scaled {
            fp,
            reach,
            moved,
            half,
        }
    }

    /// A squad's or AFV's firepower term by term ("4 ×2 point blank + LMG 2 = 6 FP"), as
    /// `firepower` adds it; `None` for counters that do not fire on the IFT.
    pub(super) fn firepower_words(&self, s: &State, u: usize, hex: u8) -> Option<String> {
        let d = self.def(u);
        if d.kind == Kind::Vehicle {
            return self.mg_words(s, u, hex);
        }
        if d.kind != Kind::Squad {
            return None;
        }
        let mut words = vec![self.scaled(s, u, hex, d.fp, d.range).words(&d.face)];
        if let Some(w) = self.working_sw(s, u) {
            words.push(self.scaled(s, u, hex, w.fp, w.range).words(&w.id));
        }
        Some(words.join(" + "))
    }

    /// 64.4: the bow MG (hull arc, range 8) and coaxial MG (turret arc, range 12) that bear
    /// on `hex`, combined (64.46), in half factors; halved after moving (64.41, 64.42).
    fn mg_firepower(&self, s: &State, u: usize, hex: u8) -> u16 {
        self.mg_scaled(s, u, hex)
            .map_or(0, |(_, scaled)| scaled.half)
    }

    /// `mg_scaled` in words: "MGs (bow 2 + coaxial 2) 4 ×2 point blank".
    fn mg_words(&self, s: &State, u: usize, hex: u8) -> Option<String> {
        let ([bow, coax], scaled) = self.mg_scaled(s, u, hex)?;
        let named: Vec<String> = [("bow", bow), ("coaxial", coax)]
            .iter()
            .filter(|(_, f)| *f > 0)
            .map(|(w, f)| format!("{w} {f}"))
            .collect();
        Some(scaled.words(&format!("MGs ({})", named.join(" + "))))
    }

    /// The bow and coaxial MG factors of AFV `u` that bear on `hex` (0: not bearing), scaled
    /// as `scaled` does: doubled point blank when `afv_mg_point_blank` (SL 9.1 read to cover
    /// 64.4's MGs, which fire on the IFT; trial 22g F2), halved after moving; no long range
    /// (64.4's ranges are the MGs' whole reach). Allocates nothing (the legal actions ask).
    fn mg_scaled(&self, s: &State, u: usize, hex: u8) -> Option<([u8; 2], Scaled)> {
        let v = self.def(u).vehicle.as_ref()?;
        let unit = &s.units[u];
        if unit.has(flag::SW_BROKEN | flag::SW_DISABLED) {
            return None; // its MGs malfunctioned (95.3)
        }
        let board = &self.rules.board;
        let range = board.distance(unit.hex, hex);
        let mut bearing = [0u8; 2];
        if v.bow_mg > 0 && range <= BOW_MG_RANGE && board.in_arc(unit.hex, unit.hull, hex) {
            bearing[0] = v.bow_mg;
        }
        let turret = if v.turret { unit.turret } else { unit.hull };
        if v.coax_mg > 0 && range <= COAX_MG_RANGE && board.in_arc(unit.hex, turret, hex) {
            bearing[1] = v.coax_mg;
        }
        let fp = bearing[0].saturating_add(bearing[1]);
        if fp == 0 {
            return None;
        }
        let mut scaled = self.scaled(s, u, hex, fp, COAX_MG_RANGE.max(BOW_MG_RANGE));
        if !self.rules.data.charts.fire.afv_mg_point_blank && range <= 1 {
            scaled.reach = Reach::Normal;
            scaled.half = if scaled.moved {
                u16::from(fp)
            } else {
                2 * u16::from(fp)
            };
        }
        Some((bearing, scaled))
    }

    /// The farthest `u`'s infantry or MG fire reaches (SL long range, 64.4): beyond it its
    /// `firepower` is nil, so its targets are found as one set.
    fn fire_reach(&self, s: &State, u: usize) -> u8 {
        let d = self.def(u);
        let factor = self.rules.data.charts.fire.long_range_factor;
        let long = |fp: u8, normal: u8| {
            if fp == 0 {
                0
            } else {
                normal.saturating_mul(factor)
            }
        };
        match d.kind {
            Kind::Squad => {
                let usable = |_: &&_| !s.units[u].has(flag::SW_BROKEN | flag::SW_DISABLED);
                let sw =
                    d.sw.as_ref()
                        .filter(usable)
                        .map_or(0, |w| long(w.fp, w.range));
                long(d.fp, d.range).max(sw)
            }
            Kind::Vehicle if s.units[u].has(flag::SW_BROKEN | flag::SW_DISABLED) => 0,
            Kind::Vehicle => {
                let v = d.vehicle.as_ref().expect("a vehicle");
                let bow = if v.bow_mg > 0 { BOW_MG_RANGE } else { 0 };
                bow.max(if v.coax_mg > 0 { COAX_MG_RANGE } else { 0 })
            }
            Kind::Leader | Kind::Gun => 0,
        }
    }

    /// The IFT column for `half` half firepower factors: the largest not above it.
    pub(super) fn column(&self, half: u16) -> Option<u8> {
        self.rules
            .ift
            .iter()
            .rposition(|c| 2 * u16::from(c.fp) <= half)
            .map(|i| i as u8)
    }

    /// Whether `u` has an MG that may use 95's sustained fire: a squad's MG support weapon,
    /// or an AFV's bow and coaxial MGs (95.1 "any unit"; 95.24 bars only an overrun's).
    fn may_sustain(&self, s: &State, u: usize) -> bool {
        let unit = &s.units[u];
        self.rules.options.sustained_fire
            && (self.vehicle(u) || self.def(u).sw.as_ref().is_some_and(|w| w.id.contains("MG")))
            && !unit.has(flag::SW_BROKEN | flag::SW_DISABLED)
            && !(s.phase == Phase::AdvancingFire && unit.has(flag::MOVED))
    }

    /// The infantry and MG fire open to `u` at `targets` (its side's `target_hexes`).
    pub(super) fn fire_actions(&self, s: &State, u: usize, targets: u128, out: &mut impl Sink) {
        let unit = &s.units[u];
        if unit.has(flag::FIRED | flag::MG_FIRED) {
            return;
        }
        let board = &self.rules.board;
        let mut targets =
            targets & board.seen_from(unit.hex) & board.within(unit.hex, self.fire_reach(s, u));
        while targets != 0 && !out.full() {
            let hex = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let (half, breakdown) = self.firepower(s, u, hex);
            if self.column(half).is_none() {
                continue;
            }
            out.push(Action::Fire {
                hex,
                sustained: false,
            });
            if breakdown > 0 && self.may_sustain(s, u) {
                out.push(Action::Fire {
                    hex,
                    sustained: true,
                });
            }
        }
    }

    /// Starts an IFT attack by `u` on `hex`: the dice are next.
    /// The IFT column of `u`'s fire at `hex` and its breakdown number (0: none); with 95's
    /// sustained fire one column to the right after all modifiers, the B# two lower. One
    /// account for the fire, its odds and its option (trial 21f F7: the B# was not told).
    pub(super) fn fire_column(
        &self,
        s: &State,
        u: usize,
        hex: u8,
        sustained: bool,
    ) -> Option<(u8, u8)> {
        let (half, breakdown) = self.firepower(s, u, hex);
        let column = self.column(half)?;
        Some(match sustained {
            true => (
                (column + 1).min(self.rules.ift.len() as u8 - 1),
                breakdown.saturating_sub(2),
            ),
            false => (column, breakdown),
        })
    }

    pub(super) fn open_fire(&self, s: &mut State, u: usize, hex: u8, sustained: bool) {
        let (column, breakdown) = self
            .fire_column(s, u, hex, sustained)
            .expect("a legal fire has a column");
        let drm = self.fire_leadership(s, u);
        let unit = &mut s.units[u];
        unit.flags |= if self.vehicle(u) {
            flag::MG_FIRED
        } else {
            flag::FIRED
        };
        if s.phase == Phase::PrepFire {
            unit.flags |= flag::PREP_FIRED;
        }
        s.pending = Pending::Fire {
            firer: u as u8,
            hex,
            column,
            drm,
            breakdown,
            gun: false,
            overrun: u8::MAX,
        };
    }

    /// The modifiers of one target of an IFT attack from `from` (SL TEM; 63.5; 64.44; 73.5;
    /// 91; moving in the open).
    pub(super) fn target_drm(&self, s: &State, from: u8, t: usize) -> i8 {
        self.target_drm_through(s, from, from, t)
    }

    /// `target_drm` for an attack from `from` that meets a gun's shield as one from
    /// `arc_from` does (63.51: an overrun is made in the hex but comes through the arc the
    /// AFV drove in by).
    fn target_drm_through(&self, s: &State, from: u8, arc_from: u8, t: usize) -> i8 {
        let mut drm = 0;
        self.target_drm_parts(s, from, arc_from, t, |_, d| drm += d);
        drm
    }

    /// `target_drm_through`, telling `part` each modifier by its rule (one account for the
    /// attack and the lines that tell it, trial 18b F2).
    pub(super) fn target_drm_parts(
        &self,
        s: &State,
        from: u8,
        arc_from: u8,
        t: usize,
        mut part: impl FnMut(&'static str, i8),
    ) {
        let rs = &self.rules;
        let board = &rs.board;
        let unit = &s.units[t];
        let hex = unit.hex;
        let terrain = board.terrain[hex as usize];
        let d = self.def(t);
        if d.kind == Kind::Vehicle {
            // 64.44: fire at an exposed crew adds 2 (the vehicle, not the hex, protects it).
            part("exposed crew in its AFV (64.44)", 2);
        } else {
            part("TEM", rs.tem(hex));
        }
        // 63.5: the shield, through the covered arc; a malfunctioned gun's too (the 63.51
        // question and answer), not one the hit destroyed (63.9).
        if d.gun.as_ref().is_some_and(|g| g.shield)
            && d.kind == Kind::Gun
            && !unit.has(flag::GUN_DESTROYED)
            && board.in_arc(hex, unit.hull, arc_from)
        {
            part("gun shield (63.5)", 2);
        }
        if s.phase == Phase::DefensiveFire && unit.has(flag::MOVED) && d.kind != Kind::Vehicle {
            if terrain == super::Terrain::Open {
                part("moving in the open", rs.data.charts.fire.moving_in_open_drm);
            } else if unit.has(flag::DOUBLE_TIME) {
                part("Double Time in cover (73.5)", -1);
            }
        }
        if rs.options.infantry_height && board.level[from as usize] < board.level[hex as usize] {
            part("firing up to higher ground (91)", 1);
        }
    }

    /// The result of final roll `roll` on IFT column `column`.
    pub fn fire_result(&self, column: u8, roll: i8) -> FireResult {
        let c = &self.rules.ift[column as usize];
        match roll {
            r if r <= c.kia => FireResult::Kia,
            r if r <= c.mc3 => FireResult::Mc(3),
            r if r <= c.mc2 => FireResult::Mc(2),
            r if r <= c.mc1 => FireResult::Mc(1),
            r if r <= c.mc => FireResult::Mc(0),
            _ => FireResult::NoEffect,
        }
    }

    /// The hex whose arc an IFT attack by `firer` comes through. An overrun (72) is made in
    /// the target's hex (so it is fired from there: no height, 91.1); 63.51: the shield guards
    /// only "against firing through the gun's Covered Arc", so the overrun comes through the
    /// side the AFV drove in by, from the hex behind its hull (64.1).
    fn overrun_from(&self, s: &State, firer: usize, overrun: u8) -> u8 {
        let unit = &s.units[firer];
        if overrun == u8::MAX {
            return unit.hex;
        }
        let behind =
            self.rules.board.neighbour[usize::from(unit.hex)][usize::from(unit.hull + 3) % 6];
        if behind == NO_HEX {
            unit.hex
        } else {
            behind
        }
    }

    /// The final IFT roll against `t` of the pending attack's raw roll `raw`: the firer's
    /// DRM and the target's own (TEM, …); `None`: `t` is not a target of it.
    pub(super) fn final_fire_roll(&self, s: &State, t: usize, raw: u8) -> Option<i8> {
        let Pending::Fire {
            firer,
            hex,
            drm,
            overrun,
            ..
        } = s.pending
        else {
            return None;
        };
        let side = self.def(firer as usize).side;
        if s.units[t].hex != hex || self.def(t).side == side || !self.fire_target(s, t) {
            return None;
        }
        let from = s.units[firer as usize].hex;
        let arc_from = self.overrun_from(s, firer as usize, overrun);
        Some(raw as i8 + drm + self.target_drm_through(s, from, arc_from, t))
    }

    /// The target's own modifiers to the pending attack in words ("TEM +1, moving in the
    /// open -2"), those that are not 0.
    pub(super) fn own_drm_words(&self, s: &State, t: usize) -> String {
        let Pending::Fire { firer, overrun, .. } = s.pending else {
            return String::new();
        };
        let from = s.units[firer as usize].hex;
        let arc_from = self.overrun_from(s, firer as usize, overrun);
        let mut terms = super::describe::Terms::default();
        self.target_drm_parts(s, from, arc_from, t, |name, d| terms.add(name, d));
        terms.words.join(", ")
    }

    /// Applies an IFT roll: every target's result, the support weapon's breakdown, an
    /// overrun's immobilisation; morale checks follow.
    pub(super) fn resolve_fire(&self, s: &mut State, raw: u8) {
        let Pending::Fire {
            firer,
            hex,
            column,
            breakdown,
            gun,
            overrun,
            ..
        } = s.pending
        else {
            unreachable!("resolve_fire without a fire pending")
        };
        for t in 0..self.n() {
            let Some(roll) = self.final_fire_roll(s, t, raw) else {
                continue;
            };
            match self.fire_result(column, roll) {
                FireResult::Kia if self.vehicle(t) => self.crew_shaken(s, t, true),
                FireResult::Kia => self.eliminate(s, t, false),
                FireResult::Mc(k) => {
                    s.mark_due(t, flag::MC_DUE);
                    s.units[t].mc_drm = k;
                    if self.vehicle(t) {
                        s.units[t].flags |= flag::CE_CHECK;
                    }
                }
                FireResult::NoEffect => {}
            }
        }
        if breakdown > 0 && raw >= breakdown {
            if gun {
                // 63.18: a gun's HE breaks down on its firepower roll as on its TO HIT roll.
                self.jam_gun(s, firer as usize);
            } else {
                s.units[firer as usize].flags |= flag::SW_BROKEN;
            }
        }
        // 95.3: the MGs firing in an overrun beside its gun break down at their own number.
        let mgs_in_overrun = overrun != u8::MAX && gun && self.overrun_mgs(s, firer as usize);
        if mgs_in_overrun && raw >= AFV_MG_BREAKDOWN {
            s.units[firer as usize].flags |= flag::SW_BROKEN;
        }
        if overrun != u8::MAX {
            // 72.5: an unmodified 12 (11 or 12 in woods or smoke) immobilises the overrunning
            // AFV.
            if raw == 12 || (self.woods_or_smoke(s, hex) && raw == 11) {
                s.units[overrun as usize].flags |= flag::IMMOBILIZED;
            }
        }
        s.pending = if self.next_morale_check(s).is_some() {
            Pending::Morale
        } else {
            Pending::None
        };
    }

    /// The next morale check due, if any.
    pub(super) fn next_morale_check(&self, s: &State) -> Option<usize> {
        (0..self.n()).find(|&u| s.units[u].has(flag::MC_DUE))
    }

    /// A morale check (SL 12, reconstructed): 2d6 + the check's modifier + the leader's at
    /// most the unit's morale passes. A leader's breaking makes his stack check (SL 12.x);
    /// a broken unit failing is eliminated (96.6).
    /// `u`'s morale check on `raw`: the modified roll (the check's modifier and the leader's)
    /// and the morale it must not exceed. An AFV's crew takes its armour leader's morale (76.3)
    /// but not his modifier, which applies only to TO HIT, overruns and repair (76.6).
    pub(super) fn morale_roll(&self, s: &State, u: usize, raw: u8) -> (i8, i8) {
        let unit = &s.units[u];
        let d = self.def(u);
        let leader = if d.kind == Kind::Vehicle {
            0
        } else {
            self.leadership(s, unit.hex, d.side, u)
        };
        (raw as i8 + unit.mc_drm + leader, self.morale(s, u))
    }

    pub(super) fn resolve_morale(&self, s: &mut State, raw: u8) {
        let u = self.next_morale_check(s).expect("a morale check is due");
        let unit = s.units[u];
        let (total, morale) = self.morale_roll(s, u, raw);
        s.clear_due(u, flag::MC_DUE);
        s.units[u].flags &= !flag::CE_CHECK;
        let d = self.def(u);
        if total <= morale {
            return;
        }
        if d.kind == Kind::Vehicle {
            self.crew_shaken(s, u, unit.has(flag::CE_CHECK));
        } else if unit.has(flag::BROKEN) {
            self.eliminate(s, u, false);
        } else {
            s.units[u].flags |= flag::BROKEN;
            if d.kind == Kind::Leader {
                for o in 0..self.n() {
                    let same = s.units[o].hex == unit.hex && self.def(o).side == d.side;
                    if same
                        && o != u
                        && self.good(s, o)
                        && !self.vehicle(o)
                        && !s.units[o].has(flag::MC_DUE)
                    {
                        s.mark_due(o, flag::MC_DUE);
                        s.units[o].mc_drm = 0;
                    }
                }
            }
        }
    }

    /// 64.44: an AFV's crew fails its check (or suffers KIA): buttoned up for good, stunned
    /// for the rest of this and the next player turn. 76.2: the armour leader is lost only
    /// when the check (or the KIA) came from infantry fire at the exposed crew.
    fn crew_shaken(&self, s: &mut State, u: usize, by_infantry_fire: bool) {
        let pt = s.player_turn;
        s.clear_due(u, flag::MC_DUE);
        let unit = &mut s.units[u];
        unit.flags &= !(flag::CE | flag::CE_CHECK);
        unit.flags |= flag::FORCED_BU;
        if by_infantry_fire {
            unit.flags |= flag::LEADER_LOST;
        }
        unit.stunned_until = pt + 1;
        self.retarget(s);
    }
}

/// How far a firer's target is against its weapon's normal range (SL's range effects).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reach {
    Normal,
    /// Adjacent or in the same hex: the multiplier of the data (`point_blank_multiplier`).
    PointBlank(u8),
    Long,
    Beyond,
}

/// Printed firepower scaled for range and movement (`CrossOfIron::scaled`), in half points.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scaled {
    pub fp: u8,
    pub reach: Reach,
    pub moved: bool,
    pub half: u16,
}

impl Scaled {
    /// "4-6-7 4 ×2 point blank", "LMG 2 ×½ long range, ×½ moved", "MMG 4 beyond long range".
    pub fn words(&self, what: &str) -> String {
        let mut w = format!("{what} {}", self.fp);
        match self.reach {
            Reach::Normal => {}
            Reach::PointBlank(m) => w += &format!(" ×{m} point blank"),
            Reach::Long => w += " ×½ long range",
            Reach::Beyond => return format!("{w}: out of range"),
        }
        if self.moved {
            w += " ×½ moved (Advancing Fire)";
        }
        w
    }
}
