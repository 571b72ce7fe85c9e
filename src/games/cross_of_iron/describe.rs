//! The game in words and pictures: actions, the situation, what a roll did, the standing
//! and the board.

use super::board::Terrain;
use super::fire::FireResult;
use super::movement::Escort;
use super::procedures::extinguished;
use super::ruleset::Kind;
use super::state::{flag, Pending, Phase, State};
use super::{Action, CrossOfIron};
use crate::board::{Board, Counter, Facing, Place, Shape};
use crate::engine::Game;
use std::fmt::Write as _;

const R: f32 = 30.0;

impl CrossOfIron {
    /// A facing in words (a hexspine's or a hexside's compass point, by the reading).
    fn compass(&self, f: u8) -> &'static str {
        self.rules.board.covered_arc.name(f)
    }

    /// "2nd Squad (4-6-7, MMG)".
    pub fn label(&self, u: usize) -> String {
        let d = self.def(u);
        // A leader or squad by its printed values ("8-1", "4-6-7"), not the data's id for its
        // counter.
        let counter = match d.kind {
            Kind::Leader | Kind::Squad => &d.face,
            _ => &d.counter,
        };
        match &d.sw {
            Some(w) => format!("{} ({counter}, {})", d.name, w.id),
            None if &d.name == counter => d.name.clone(),
            None => format!("{} ({counter})", d.name),
        }
    }

    pub(super) fn hex_name(&self, hex: u8) -> String {
        self.rules.board.name(hex)
    }

    /// The Rout Phase's moves, made by the rules with no choice (SL 13): each broken unit that
    /// routed, or was lost with nowhere to go (89.21), when the step passed a Rout Phase.
    pub(super) fn routs(&self, before: &State, after: &State) -> Option<String> {
        let passed = |p: Phase| {
            (before.player_turn < after.player_turn && (before.phase <= p || after.phase > p))
                || (before.phase <= p && after.phase > p)
        };
        if !passed(Phase::Rout) {
            return None;
        }
        let told: Vec<String> = (0..self.n())
            .filter(|&u| before.units[u].in_play() && before.units[u].has(flag::BROKEN))
            .filter_map(|u| {
                let (from, now) = (before.units[u], after.units[u]);
                match () {
                    _ if !now.in_play() && now.has(flag::CAPTURED) => Some(format!(
                        "{} has nowhere to rout and is captured (SL 13, 89.21)",
                        self.label(u)
                    )),
                    _ if !now.in_play() => Some(format!(
                        "{} has nowhere to rout and is eliminated (SL 13)",
                        self.label(u)
                    )),
                    _ if now.hex != from.hex => Some(format!(
                        "{} routs from {} to {} (SL 13)",
                        self.label(u),
                        self.hex_name(from.hex),
                        self.hex_name(now.hex)
                    )),
                    _ => None,
                }
            })
            .collect();
        (!told.is_empty()).then(|| told.join("; "))
    }

    /// The counters of the enemy of `side` in a hex, by name.
    fn enemies_named(&self, s: &State, hex: u8, side: u8) -> String {
        let names: Vec<String> = self
            .in_hex(s, hex, 1 - side)
            .map(|u| self.def(u).name.clone())
            .collect();
        names.join(", ")
    }

    pub(super) fn describe_action(&self, s: &State, a: Action) -> String {
        let u = self.current_unit(s).unwrap_or(0);
        let who = self.label(u);
        let side = self.def(u).side;
        let board = &self.rules.board;
        let here = s.units[u].hex;
        match a {
            Action::Pass => match s.phase {
                Phase::Movement => format!("{who} in {}: stays", self.hex_name(here)),
                Phase::Advance => format!("{who} in {}: does not advance", self.hex_name(here)),
                _ => format!("{who} in {}: holds fire", self.hex_name(here)),
            },
            Action::Fire { hex, sustained } => {
                let (half, plain_b) = self.firepower(s, u, hex);
                let (column, breakdown) = self.fire_column(s, u, hex, sustained).unwrap_or((0, 0));
                let col = self.rules.ift[column as usize].fp;
                let sustained_words = match sustained {
                    true => format!(", +1 column and B# {plain_b} → {breakdown} sustained (95)"),
                    false => String::new(),
                };
                let lead = self.fire_leadership(s, u);
                let lead = if lead != 0 {
                    format!(", leader {lead:+}")
                } else {
                    String::new()
                };
                let mg = if self.vehicle(u) { " its MGs" } else { "" };
                // Each firepower term, then the column (trial 21f F3, F10).
                let terms = match self.firepower_words(s, u, hex) {
                    Some(words) => format!("{words} = "),
                    None => String::new(),
                };
                format!(
                    "{who} fires{mg} at {} ({}), range {}: {terms}{} FP{} → the {col} column{lead}, target in {} (TEM {:+})",
                    self.hex_name(hex),
                    self.enemies_named(s, hex, side),
                    board.distance(here, hex),
                    half as f32 / 2.0,
                    sustained_words,
                    board.terrain[hex as usize].name(),
                    self.rules.tem(hex)
                )
            }
            Action::Shoot { target, intensive } => {
                let t = target as usize;
                let hex = s.units[t].hex;
                format!(
                    "{who} fires its {} at {} in {}, range {}: {}{}",
                    self.gun_name(u),
                    self.label(t),
                    self.hex_name(hex),
                    board.distance(here, hex),
                    self.to_hit_words(s, u, hex, Some(t), intensive),
                    self.intensive_note(s, u, intensive)
                )
            }
            Action::HighExplosive { hex, intensive } => {
                format!(
                    "{who} fires {} HE at {} ({}), range {}: {}, then the {} column{}",
                    self.gun_name(u),
                    self.hex_name(hex),
                    self.enemies_named(s, hex, side),
                    board.distance(here, hex),
                    self.to_hit_words(s, u, hex, None, intensive),
                    self.def(u).gun.as_ref().map_or(0, |g| g.he_fp),
                    self.intensive_note(s, u, intensive)
                )
            }
            Action::Move { hex, cost } => {
                let verb = if self.vehicle(u) { "drives" } else { "moves" };
                let mut text = format!(
                    "{who} {verb} from {} to {} ({})",
                    self.hex_name(here),
                    self.hex_name(hex),
                    board.terrain[hex as usize].name()
                );
                if self.double_time(s, u, hex, cost) {
                    text.push_str(" at Double Time (73)");
                }
                // Trial 18b F1: the log says who went along.
                text.push_str(&self.escort_words(s, u, hex, cost));
                if let Some(number) = self.speed_breakdown_at(s, u, cost) {
                    let _ = write!(
                        text,
                        " past its MA: speed breakdown (79), immobilized on {number} or more"
                    );
                }
                if self.occupied_by(s, hex, 1 - side) {
                    let _ = write!(
                        text,
                        ", overrunning {} (72)",
                        self.enemies_named(s, hex, side)
                    );
                }
                text
            }
            Action::Reverse { hex, .. } => format!(
                "{who} reverses from {} into {} (71)",
                self.hex_name(here),
                self.hex_name(hex)
            ),
            Action::Hatch if s.units[u].has(flag::CE) => format!("{who} buttons up (64.44)"),
            Action::Hatch => format!("{who} opens its hatches: crew exposed (64.44)"),
            Action::Repair if s.units[u].has(flag::REPAIRING) => format!(
                "{who}'s crew gets back in (66.3): it may fire again, and rolls no more repairs"
            ),
            Action::Repair => format!(
                "{who}'s crew gets out to repair it (66.3): no fire until it is back in, a roll in each Rally Phase (2 or less repaired, 9 or more for good)"
            ),
            Action::Face { dir } => format!("{who} faces {}", self.compass(dir)),
            Action::Advance { hex } => {
                let mut text = format!(
                    "{who} advances from {} into {} ({})",
                    self.hex_name(here),
                    self.hex_name(hex),
                    board.terrain[hex as usize].name()
                );
                if self.occupied_by(s, hex, 1 - side) {
                    let _ = write!(
                        text,
                        ": close combat with {}",
                        self.enemies_named(s, hex, side)
                    );
                }
                text
            }
            Action::Roll(r) => format!("roll {r}"),
        }
    }

    /// What Intensive Fire means for this shot: declared with the first shot, it holds for
    /// all of the phase's shots, one more than the rate of fire (70.1, 70.2, 70.4).
    fn intensive_note(&self, s: &State, u: usize, intensive: bool) -> String {
        let rof = self.def(u).gun.as_ref().map_or(1, |g| g.rof);
        match (intensive, s.units[u].shots) {
            (false, _) => String::new(),
            (true, 0) => format!(
                " (Intensive Fire, 70: {} shots this phase instead of {rof}, each at +2)",
                rof + 1
            ),
            (true, _) => " (Intensive Fire, 70)".into(),
        }
    }

    fn gun_name(&self, u: usize) -> String {
        self.def(u).gun.as_ref().map_or_else(String::new, |g| {
            format!(
                "{}mm{}",
                g.calibre,
                match g.suffix {
                    super::modifiers::GunSuffix::Plain => "",
                    super::modifiers::GunSuffix::L => "L",
                    super::modifiers::GunSuffix::LL => "LL",
                    super::modifiers::GunSuffix::Star => "*",
                }
            )
        })
    }

    /// A counter's markers in words.
    pub fn status(&self, s: &State, u: usize) -> String {
        let unit = &s.units[u];
        let mut marks: Vec<&str> = Vec::new();
        let pairs = [
            (flag::CAPTURED, "captured"),
            (flag::BURNING, "burning wreck"),
            (flag::BROKEN, "broken"),
            (flag::CE, "crew exposed"),
            (flag::FORCED_BU, "buttoned up for good, +1 TO HIT (64.44)"),
            (flag::PERMANENT, "immobilized for good"),
            (flag::REPAIRING, "crew out repairing (66.3)"),
            (flag::IMMOBILIZED, "immobilized"),
            (flag::GUN_BROKEN, "gun malfunctioned"),
            (flag::GUN_DESTROYED, "gun destroyed (63.9)"),
            (flag::DISABLED, "gun disabled"),
            (flag::SW_BROKEN, "support weapon malfunctioned"),
            (flag::SW_DISABLED, "support weapon disabled"),
            (flag::PREP_FIRED, "prep fired"),
            (flag::MOVED, "moved"),
            (flag::DOUBLE_TIME, "double time"),
        ];
        // Out of play, what is left of it and nothing else (trial 23g F14: "burning wreck,
        // moved").
        if !unit.in_play() && !unit.has(flag::CAPTURED) {
            return match (unit.has(flag::BURNING), self.vehicle(u)) {
                (true, _) => "burning wreck: smoke to an overrun (67, 72.4)".into(),
                (false, true) => "destroyed: a wreck".into(),
                (false, false) => "eliminated".into(),
            };
        }
        for (f, word) in pairs {
            // "for good" and "disabled" say more than the marker under them.
            let said = (f == flag::IMMOBILIZED && unit.has(flag::PERMANENT))
                || (f == flag::GUN_BROKEN && unit.has(flag::DISABLED))
                || (f == flag::DISABLED && unit.has(flag::GUN_DESTROYED));
            if unit.has(f) && !said {
                marks.push(match f {
                    flag::SW_BROKEN if self.vehicle(u) => "MGs malfunctioned",
                    flag::SW_DISABLED if self.vehicle(u) => "MGs disabled",
                    _ => word,
                });
            }
        }
        if unit.stunned_until >= s.player_turn && unit.in_play() {
            marks.push("stunned");
        }
        if unit.acquired != u8::MAX {
            marks.push("has acquired a target");
        }
        let mut text = if marks.is_empty() {
            "good order".to_string()
        } else {
            marks.join(", ")
        };
        if let Some(facing) = self.facing_words(s, u) {
            let _ = write!(text, ", {facing}");
        }
        // 93.2: the morale it checks with now, where losses have lowered it.
        if self.integrity_levels_lost(s, self.def(u).side) > 0 && s.units[u].in_play() {
            let _ = write!(
                text,
                ", morale now {}{}",
                self.morale(s, u),
                self.integrity_words(s, u)
            );
        }
        text
    }

    /// Where a gun or vehicle on the map points (63.11, 64.12): its hull, and its turret
    /// where that points elsewhere.
    fn facing_words(&self, s: &State, u: usize) -> Option<String> {
        let unit = &s.units[u];
        if !self.ordnance(u) || !unit.in_play() {
            return None;
        }
        let hull = self.compass(unit.hull);
        Some(if unit.turret == unit.hull {
            format!("facing {hull}")
        } else {
            format!("hull facing {hull}, turret {}", self.compass(unit.turret))
        })
    }

    /// The facing drawn on the counter of a gun or vehicle on the map.
    fn drawn_facing(&self, s: &State, u: usize) -> Option<Facing> {
        let unit = &s.units[u];
        let arc = self.rules.board.covered_arc;
        (self.ordnance(u) && unit.in_play()).then(|| Facing {
            hull: arc.degrees(unit.hull),
            turret: arc.degrees(unit.turret),
        })
    }

    /// The headline: turn, phasing side, phase, who acts.
    pub fn headline(&self, s: &State) -> String {
        let mut text = format!(
            "Turn {} of {} — {}' player turn — {}",
            s.turn,
            self.rules.turns,
            self.player_name(s.phasing as usize),
            s.phase.name()
        );
        if let Some(u) = self.current_unit(s) {
            let _ = write!(
                text,
                " — {}: {}",
                self.player_name(self.def(u).side as usize),
                self.label(u)
            );
        }
        text
    }

    pub(super) fn render_text(&self, s: &State) -> String {
        let b = &self.rules.board;
        let mut out = format!("{}\n", self.headline(s));
        out.push_str("    ");
        for c in 0..b.cols {
            let _ = write!(out, " {}  ", (b'A' + c) as char);
        }
        out.push('\n');
        for r in 0..b.rows {
            let _ = write!(out, "{:>2}  {}", r + 1, if r % 2 == 1 { "  " } else { "" });
            for c in 0..b.cols {
                let hex = r * b.cols + c;
                out.push_str(&self.cell(s, hex));
            }
            out.push('\n');
        }
        out.push_str("terrain: . open, W woods, B wooden building, S stone building; on a hill (level 1 or more): ^ open, w b s; G/R n: German/Russian counters; * objective\n");
        for side in 0..2u8 {
            let _ = writeln!(out, "{}:", self.player_name(side as usize));
            for u in (0..self.n()).filter(|&u| self.def(u).side == side) {
                let where_ = if s.units[u].in_play() {
                    self.hex_name(s.units[u].hex)
                } else {
                    "--".into()
                };
                let _ = writeln!(
                    out,
                    "  {:<4} {} — {}",
                    where_,
                    self.label(u),
                    self.status(s, u)
                );
            }
        }
        out
    }

    fn cell(&self, s: &State, hex: u8) -> String {
        let b = &self.rules.board;
        let t = match b.terrain[hex as usize] {
            Terrain::Open => '.',
            Terrain::Woods => 'W',
            Terrain::WoodenBuilding => 'B',
            Terrain::StoneBuilding => 'S',
        };
        // 91: fire up a hill is +1, so the terminal shows the hill under woods and buildings.
        let t = match (b.level[hex as usize] > 0, t) {
            (true, '.') => '^',
            (true, t) => t.to_ascii_lowercase(),
            (false, t) => t,
        };
        let g = self.in_hex(s, hex, 0).count();
        let r = self.in_hex(s, hex, 1).count();
        let who = match (g, r) {
            (0, 0) => "  ".to_string(),
            (g, 0) => format!("G{g}"),
            (0, r) => format!("R{r}"),
            _ => "GR".to_string(),
        };
        let obj = if self.rules.objectives.contains(&hex) {
            '*'
        } else {
            ' '
        };
        format!("{t}{who}{obj}")
    }

    /// What a roll did, from the changes it made.
    pub(super) fn narrate_step(&self, before: &State, a: Action, after: &State) -> Option<String> {
        let Action::Roll(r) = a else { return None };
        let mut text = match before.pending {
            Pending::Fire {
                hex,
                column,
                drm,
                overrun,
                ..
            } => {
                let fp = self.rules.ift[column as usize].fp;
                // An overrun's firepower term by term (72.1, 72.4; trial 23g F4).
                let attack = (overrun != u8::MAX)
                    .then(|| self.overrun_attack(before, usize::from(overrun), hex))
                    .flatten();
                let how = match attack {
                    Some(attack) => format!(
                        "overrun by {} (72.1): {}, ",
                        self.label(overrun.into()),
                        attack.words()
                    ),
                    None => String::new(),
                };
                let results: Vec<String> = (0..self.n())
                    .filter_map(|t| {
                        let roll = self.final_fire_roll(before, t, r)?;
                        let own = self.own_drm_words(before, t);
                        let result = self.fire_result_text(column, roll);
                        Some(match own.is_empty() {
                            true => format!("{}: {roll}, {result}", self.label(t)),
                            false => format!("{} ({own}): {roll}, {result}", self.label(t)),
                        })
                    })
                    .collect();
                format!(
                    "IFT attack on {} ({how}{fp} column, firer's DRM {drm:+}): rolled {r}; {}",
                    self.hex_name(hex),
                    results.join("; ")
                )
            }
            Pending::Morale => {
                let u = self.next_morale_check(before).unwrap_or(0);
                let (total, morale) = self.morale_roll(before, u, r);
                // Each term by what it is (trial 19b F3: "+2" was 3MC and a leader's -1).
                let mc = before.units[u].mc_drm;
                let lead = total - r as i8 - mc;
                let mut terms = String::new();
                if mc != 0 {
                    let _ = write!(terms, " {mc:+} ({mc}MC)");
                }
                if lead != 0 {
                    let _ = write!(terms, " {lead:+} (the best leader in its hex)");
                }
                format!(
                    "{} takes a morale check: rolled {r}{terms} = {total} against morale \
                     {morale}{}: {}",
                    self.label(u),
                    self.integrity_words(before, u),
                    if total <= morale { "passes" } else { "fails" }
                )
            }
            Pending::ToHit(shot) => {
                let number = shot.number;
                let drm = self
                    .shot(shot.firer as usize, number, shot.drm, shot.intensive)
                    .total_drm();
                format!(
                    "TO HIT: rolled {r}, {drm:+} = {} against {number}: {}",
                    r as i8 + drm,
                    if r as i8 + drm <= number {
                        "hit"
                    } else {
                        "miss"
                    }
                )
            }
            // Its outcome under the loaded reading of 68.1 (trial 21f F5: not said).
            Pending::Critical(shot) => {
                let fired = self.shot(shot.firer as usize, shot.number, shot.drm, shot.intensive);
                let dice = super::gunnery::ToHitDice {
                    raw: 2,
                    third_die: r,
                };
                let critical = super::gunnery::resolve_to_hit(
                    &fired,
                    dice,
                    self.rules.options.critical_threshold,
                )
                .critical;
                format!(
                    "critical-hit die (68): rolled {r}: {}",
                    if critical {
                        "a critical hit (68.1)"
                    } else {
                        "an ordinary hit (68.1)"
                    }
                )
            }
            Pending::GunKill { shot, gun } => {
                let k = self.gun_kill_roll(before, shot.firer as usize, gun as usize);
                let survives = !after.units[gun as usize].has(flag::GUN_DESTROYED);
                format!(
                    "{} hit through its shield's arc (63.9): KILL rolled {r}, {:+} = {} against kill number {}{}",
                    self.label(gun as usize),
                    k.armor_modifier,
                    r as i8 + k.armor_modifier,
                    k.kill_number,
                    if survives { ": the gun survives" } else { "" }
                )
            }
            Pending::Kill {
                firer,
                target,
                critical,
            } => {
                let k = self.kill_roll(before, firer as usize, target as usize, critical);
                let (armour, crit) = k.modifier_parts();
                let terms = match critical {
                    true => format!("rear armour {armour:+}, critical hit {crit:+} (68.2)"),
                    false => format!("armour {armour:+}"),
                };
                // The outcome, as the TO HIT line gives its own (trial 21f F4).
                use super::gunnery::{resolve_to_kill, KillResult};
                let outcome = match (resolve_to_kill(&k, r, 1), resolve_to_kill(&k, r, 6)) {
                    (KillResult::NoEffect, _) => "no effect",
                    (KillResult::Burning, _) => "destroyed, burning (67)",
                    (a, b) if a != b => "the immobilization die decides (66.1)",
                    _ => "destroyed",
                };
                format!(
                    "KILL: rolled {r}, {terms} = {} against kill number {}: {outcome}",
                    r as i8 + armour + crit,
                    k.kill_number,
                )
            }
            Pending::Immobilization { .. } => {
                format!("immobilization die (66.1): rolled {r} (4-6 immobilized, else killed)")
            }
            Pending::SpeedBreakdown { number, .. } => {
                format!("speed breakdown (79): rolled {r}, immobilized on {number} or more")
            }
            Pending::Rally { unit } => {
                let (roll, target) = self.rally_roll(before, unit as usize, r);
                format!(
                    "{} tries to rally: rolled {r}, {:+} = {roll} against {target}: {}",
                    self.label(unit as usize),
                    roll - r as i8,
                    if roll <= target { "passes" } else { "fails" }
                )
            }
            // Each repair says how it came out (trial 21f F9).
            Pending::Repair { unit } => {
                let now = after.units[unit as usize];
                let outcome = if !now.has(flag::IMMOBILIZED) {
                    "repaired"
                } else if now.has(flag::PERMANENT) {
                    "immobilized for good"
                } else {
                    "still immobilized"
                };
                format!(
                    "{} repair roll (66.3): rolled {r} (2 or less repaired, 9 or more permanent): \
                     {outcome}",
                    self.label(unit as usize)
                )
            }
            Pending::WeaponRepair { unit } => {
                let now = after.units[unit as usize];
                let outcome = if now.has(flag::DISABLED | flag::SW_DISABLED) {
                    "disabled for good"
                } else if now.has(flag::GUN_BROKEN | flag::SW_BROKEN) {
                    "still malfunctioned; it rolls again next Rally Phase"
                } else {
                    "repaired"
                };
                format!(
                    "{} weapon repair: rolled {r} (1 repaired, 6 disabled): {outcome}",
                    self.label(unit as usize)
                )
            }
            Pending::Extinguish { unit } => format!(
                "the burning wreck of {} (67.11): rolled {r} ({})",
                self.label(unit as usize),
                if extinguished(r) {
                    "a 1: the fire is out"
                } else {
                    "still burning; a 1 puts it out"
                }
            ),
            Pending::CloseCombat { hex, first } => self.melee_roll_words(before, hex, first, r),
            Pending::None | Pending::Facing { .. } => return None,
        };
        let changes = self.changes(before, after);
        if !changes.is_empty() {
            let _ = write!(text, " — {}", changes.join("; "));
        }
        text.push_str(&self.checks_caused(before, after));
        Some(text)
    }

    /// The morale checks a leader's break adds (Squad Leader's rule, reconstructed: the
    /// good-order units in his hex check at once), named so that the next lines are not a
    /// surprise (trial 18b F3).
    fn checks_caused(&self, before: &State, after: &State) -> String {
        if !matches!(before.pending, Pending::Morale) {
            return String::new();
        }
        let added: Vec<String> = (0..self.n())
            .filter(|&o| !before.units[o].has(flag::MC_DUE) && after.units[o].has(flag::MC_DUE))
            .map(|o| self.label(o))
            .collect();
        match added.is_empty() {
            true => String::new(),
            false => format!(
                "; a leader broke, so the good-order units in his hex must check morale too \
                 (Squad Leader, reconstructed): {}",
                added.join(", ")
            ),
        }
    }

    /// The counters whose markers a step changed, in words.
    fn changes(&self, before: &State, after: &State) -> Vec<String> {
        let watched = flag::GONE
            | flag::BROKEN
            | flag::IMMOBILIZED
            | flag::PERMANENT
            | flag::GUN_BROKEN
            | flag::DISABLED
            | flag::GUN_DESTROYED
            | flag::SW_BROKEN
            | flag::SW_DISABLED
            | flag::FORCED_BU;
        (0..self.n())
            .filter(|&u| (before.units[u].flags ^ after.units[u].flags) & watched != 0)
            .map(|u| {
                let (b, a) = (before.units[u], after.units[u]);
                let what = if !a.in_play() {
                    self.status(after, u)
                } else if b.has(flag::BROKEN) && !a.has(flag::BROKEN) {
                    "rallies".into()
                } else if !b.has(flag::BROKEN) && a.has(flag::BROKEN) {
                    "breaks".into()
                } else if b.has(flag::IMMOBILIZED) && !a.has(flag::IMMOBILIZED) {
                    "repaired".into()
                } else if a.has(flag::GUN_DESTROYED) && !b.has(flag::GUN_DESTROYED) {
                    if matches!(before.pending, Pending::GunKill { .. }) {
                        "destroyed by the KILL roll (63.9)".into()
                    } else {
                        "destroyed by the hit: no shield toward it (63.9)".into()
                    }
                } else if a.has(flag::FORCED_BU) && !b.has(flag::FORCED_BU) {
                    // 76.2: the armour leader goes with a check failed to infantry fire
                    // (trial 22g F8: his loss was not told).
                    match a.has(flag::LEADER_LOST) && !b.has(flag::LEADER_LOST) {
                        true => "crew shaken: buttoned up and stunned (64.44), and its armour \
                                 leader is lost (76.2)"
                            .into(),
                        false => "crew shaken: buttoned up and stunned (64.44)".into(),
                    }
                } else if let Some(words) = self.weapon_change(b.flags, a.flags, u) {
                    words.into()
                } else {
                    self.status(after, u)
                };
                format!("{} {what}", self.def(u).name)
            })
            .collect()
    }

    /// What a step did to `u`'s weapon, in words rather than the whole counter's markers
    /// (trial 21f F8): a malfunction comes from a roll at the breakdown number (63.18).
    fn weapon_change(&self, before: u32, after: u32, u: usize) -> Option<&'static str> {
        // One weapon's change alone; with more (72.5's immobilization beside a jammed gun and
        // MGs) the whole marker list says them all.
        let weapons = flag::GUN_BROKEN | flag::DISABLED | flag::SW_BROKEN | flag::SW_DISABLED;
        let changed = (before ^ after) & !(flag::PREP_FIRED | flag::MOVED);
        if changed & !weapons != 0 || (changed & weapons).count_ones() > 1 {
            return None;
        }
        let gained = |f: u32| after & f != 0 && before & f == 0;
        let mgs = self.vehicle(u);
        if gained(flag::GUN_DESTROYED) {
            None
        } else if gained(flag::DISABLED) {
            Some("gun disabled for good")
        } else if gained(flag::SW_DISABLED) {
            Some(if mgs {
                "MGs disabled for good"
            } else {
                "support weapon disabled for good"
            })
        } else if gained(flag::GUN_BROKEN) {
            Some("gun malfunctions: the roll reached its breakdown number (63.18)")
        } else if gained(flag::SW_BROKEN) && mgs {
            Some("MGs malfunction: the roll reached their breakdown number (95.3)")
        } else if gained(flag::SW_BROKEN) {
            Some("support weapon malfunctions: the roll reached its breakdown number (63.18)")
        } else if before & (flag::GUN_BROKEN | flag::SW_BROKEN) != 0
            && after & (flag::GUN_BROKEN | flag::SW_BROKEN) == 0
        {
            Some("weapon repaired")
        } else {
            None
        }
    }

    /// 93.2: the levels `u`'s side has lost to Battlefield Integrity, beside a morale the
    /// screen would otherwise show as printed (trial 23g F1: a 7 checked against 6 unsaid).
    pub fn integrity_words(&self, s: &State, u: usize) -> String {
        let side = self.def(u).side;
        match self.integrity_levels_lost(s, side) {
            0 => String::new(),
            k => format!(" (−{k} Battlefield Integrity, 93)"),
        }
    }

    /// 93.2: a line when a side's morale drops a level by its infantry losses.
    pub fn integrity_dropped(&self, before: &State, after: &State) -> Option<String> {
        let told: Vec<String> = (0..2u8)
            .filter_map(|side| {
                let (was, now) = (
                    self.integrity_levels_lost(before, side),
                    self.integrity_levels_lost(after, side),
                );
                (now > was).then(|| {
                    format!(
                        "Battlefield Integrity (93.2): the {} have lost {} of their {} infantry \
                         points, so all their units' morale drops to {} level{} below printed",
                        ["Germans", "Russians"][usize::from(side)],
                        after.lost_points[usize::from(side)],
                        self.rules.infantry_points[usize::from(side)],
                        now,
                        if now == 1 { "" } else { "s" }
                    )
                })
            })
            .collect();
        (!told.is_empty()).then(|| told.join("; "))
    }

    /// The IFT result of a final roll, in words.
    pub fn fire_result_text(&self, column: u8, roll: i8) -> String {
        match self.fire_result(column, roll) {
            FireResult::Kia => "KIA".into(),
            FireResult::Mc(0) => "MC".into(),
            FireResult::Mc(k) => format!("{k}MC"),
            FireResult::NoEffect => "no effect".into(),
        }
    }

    /// The victory conditions and the standing now.
    pub fn standing(&self, s: &State) -> Vec<String> {
        let rs = &self.rules;
        let names: Vec<String> = rs.objectives.iter().map(|&h| self.hex_name(h)).collect();
        let held: Vec<String> = rs
            .objectives
            .iter()
            .enumerate()
            .filter(|&(i, _)| s.german_objectives >> i & 1 == 1)
            .map(|(_, &h)| self.hex_name(h))
            .collect();
        vec![
            format!(
                "The Germans win by controlling at least {} of the objectives {} at the end of turn {}; otherwise the Russians win. A side with nothing left in play loses at once.",
                rs.required,
                names.join(", "),
                rs.turns
            ),
            format!(
                "Held by the Germans now: {}.",
                if held.is_empty() { "none".to_string() } else { held.join(", ") }
            ),
            format!(
                "Casualty points lost: Germans {}, Russians {} (prisoners count twice, 89.1).",
                s.casualty_points[0], s.casualty_points[1]
            ),
        ]
    }

    /// The position as a picture.
    pub fn board(&self, s: &State) -> Board {
        let b = &self.rules.board;
        let w = 3f32.sqrt() * R;
        let mut places: Vec<Place> = (0..b.len())
            .map(|h| {
                let (c, r) = (h % b.cols as usize, h / b.cols as usize);
                let x = (c as f32 + 0.5 * (r % 2) as f32) * w + w;
                let y = r as f32 * 1.5 * R + R + 4.0;
                let t = b.terrain[h];
                let mut p = Place::new(
                    self.hex_name(h as u8),
                    x,
                    y,
                    Shape::Hex(R),
                    fill(t, b.level[h]),
                );
                p.tooltip = format!(
                    "{}: {}, level {}, TEM {:+}",
                    self.hex_name(h as u8),
                    t.name(),
                    b.level[h],
                    self.rules.tem(h as u8)
                );
                if let Some(i) = self.rules.objectives.iter().position(|&o| o as usize == h) {
                    p.outline = Some("#b22222".into());
                    p.marks.push("objective".into());
                    p.holder = Some(if s.german_objectives >> i & 1 == 1 {
                        0
                    } else {
                        1
                    });
                }
                p
            })
            .collect();
        for u in (0..self.n()).filter(|&u| s.units[u].in_play()) {
            let d = self.def(u);
            let face = d.face.clone();
            places[s.units[u].hex as usize].counters.push(Counter {
                side: d.side as usize,
                name: self.label(u),
                values: self.values(u),
                face,
                status: self.status(s, u),
                hidden: false,
                flipped: s.units[u].has(flag::BROKEN),
                facing: self.drawn_facing(s, u),
                carries: d.sw.is_some(),
            });
        }
        // A destroyed AFV leaves its wreck in the hex, burning or not (67; 72.4: it is smoke
        // to an overrun while it burns): drawn pale, as "wreck" (trial 23g F3).
        let wreck = |u: &usize| {
            let unit = &s.units[*u];
            self.vehicle(*u) && !unit.in_play() && !unit.has(flag::CAPTURED)
        };
        for u in (0..self.n()).filter(wreck) {
            let d = self.def(u);
            places[s.units[u].hex as usize].counters.push(Counter {
                side: d.side as usize,
                name: format!("{} (wreck)", self.label(u)),
                values: self.values(u),
                face: "wreck".into(),
                status: self.status(s, u),
                hidden: false,
                flipped: true,
                facing: None,
                carries: false,
            });
        }
        let (width, height) = places.iter().fold((0f32, 0f32), |(x, y), p| {
            (x.max(p.x + R + 4.0), y.max(p.y + R + 4.0))
        });
        Board {
            title: self.headline(s),
            width,
            height,
            places,
            links: Vec::new(),
            legend: [
                (fill(Terrain::Open, 0), "open ground"),
                (fill(Terrain::Open, 1), "hill, level 1"),
                (fill(Terrain::Woods, 0), "woods (TEM +1)"),
                (
                    fill(Terrain::Woods, 1),
                    "woods on the hill, level 1 (TEM +1)",
                ),
                (fill(Terrain::WoodenBuilding, 0), "wooden building (TEM +2)"),
                (fill(Terrain::StoneBuilding, 0), "stone building (TEM +3)"),
                ("#b22222", "objective"),
                (
                    "#111",
                    "wedge on a gun or vehicle: where its front points; line: its gun or turret",
                ),
            ]
            .map(|(c, m)| (c.to_string(), m.to_string()))
            .to_vec(),
            sides: vec!["Germans".into(), "Russians".into()],
            flipped: "broken",
            hidden: "",
            notes: Vec::new(),
        }
    }

    /// A counter's printed values in words.
    fn values(&self, u: usize) -> String {
        let d = self.def(u);
        match d.kind {
            Kind::Squad => format!("firepower {}, range {}, morale {}", d.fp, d.range, d.morale),
            Kind::Leader => format!("morale {}, leadership {:+}", d.morale, d.leadership),
            Kind::Gun => format!(
                "{}, ROF {}, crew morale {}",
                self.gun_name(u),
                d.gun.as_ref().map_or(0, |g| g.rof),
                d.morale
            ),
            Kind::Vehicle => {
                let v = d.vehicle.as_ref().expect("a vehicle");
                format!(
                    "{}, MP {}, armour front {:+} side/rear {:+}{}",
                    self.gun_name(u),
                    v.mp,
                    v.front,
                    v.side_rear,
                    if v.open_top { ", open-topped" } else { "" }
                )
            }
        }
    }

    /// The hex an action is about.
    pub fn action_place(&self, s: &State, a: Action) -> Option<String> {
        let hex = match a {
            Action::Fire { hex, .. }
            | Action::HighExplosive { hex, .. }
            | Action::Move { hex, .. }
            | Action::Reverse { hex, .. }
            | Action::Advance { hex } => hex,
            Action::Shoot { target, .. } => s.units[target as usize].hex,
            _ => return None,
        };
        Some(self.hex_name(hex))
    }

    /// What a move costs: "3 MF of 4", "5 MF of 4 + 2" (at Double Time), "5 MP of 14" (71:
    /// four times the terrain in reverse).
    pub fn action_cost(&self, s: &State, a: Action) -> Option<String> {
        let u = self.current_unit(s)?;
        let (hex, cost) = match a {
            Action::Move { hex, cost } | Action::Reverse { hex, cost } => (hex, cost),
            _ => return None,
        };
        // A squad's own MF unless it moves with its leader (trial 19b F2).
        let allowance = self.move_allowance(s, u, hex, cost);
        Some(match self.vehicle(u) {
            true if cost > allowance => format!("{cost} MP: past its {allowance} (79.2)"),
            true => format!("{cost} MP of {allowance}"),
            // 73.1: Double Time raises the allowance by 2 MF (the move's text says "at
            // Double Time (73)").
            false if self.double_time(s, u, hex, cost) => {
                let extra = self.move_limit(s, u) - self.allowance(s, u);
                format!("{cost} MF of {allowance} + {extra}")
            }
            false => format!("{cost} MF of {allowance}"),
        })
    }

    /// "TO HIT 7, DRM +3 (range +1, buttoned up (64.47) +1, intensive fire (70.2) +2)": the
    /// number and every modifier by its rule (trial 17b F5: the total alone was shown).
    fn to_hit_words(
        &self,
        s: &State,
        u: usize,
        hex: u8,
        target: Option<usize>,
        intensive: bool,
    ) -> String {
        let mut terms = Terms::default();
        let number = self.to_hit_parts(s, u, hex, target, |name, d| terms.add(name, d));
        let drm = terms.sum;
        let total = self.shot(u, number, drm, intensive).total_drm();
        terms.add("intensive fire (70.2)", total - drm);
        match terms.words.is_empty() {
            true => format!("TO HIT {number}, DRM +0"),
            false => format!(
                "TO HIT {number}, DRM {total:+} ({})",
                terms.words.join(", ")
            ),
        }
    }

    /// How a squad's move past its own MF uses its leader's (SL 4, 73.3; nothing otherwise).
    fn escort_words(&self, s: &State, u: usize, hex: u8, cost: u8) -> String {
        match self.escort(s, u) {
            Some(_) if self.move_allowance(s, u, hex, cost) == self.own_move_limit(u) => {
                String::new()
            }
            Some(Escort::Along(l)) => {
                format!(", with {}, who moves with it (SL 4, 73.3)", self.label(l))
            }
            Some(Escort::Ahead(_)) => ", following its leader to his hex (SL 4, 73.3)".into(),
            None => String::new(),
        }
    }
}

/// The modifiers a `*_parts` account tells ("buttoned up (64.47) +1"), those not 0 in
/// words, and their sum: one way to tell every breakdown of a total.
#[derive(Default)]
pub(super) struct Terms {
    pub words: Vec<String>,
    pub sum: i8,
}

impl Terms {
    pub fn add(&mut self, name: &str, d: i8) {
        self.sum += d;
        if d != 0 {
            self.words.push(format!("{name} {d:+}"));
        }
    }
}

/// The phases the game passed between two decisions, none of them having a choice to make
/// (no broken unit to rally, no unit to fire): said in the log, not passed in silence
/// (trial 18b F12). `None` when no phase was passed over.
pub(super) fn passed_phases(before: &State, after: &State) -> Option<String> {
    let turns = after.player_turn.checked_sub(before.player_turn)?;
    let mut passed: Vec<&str> = Vec::new();
    let mut phase = before.phase;
    let mut turn_ends = turns;
    loop {
        phase = match phase.next() {
            Some(next) => next,
            None if turn_ends > 0 => {
                turn_ends -= 1;
                Phase::Repair
            }
            None => return None,
        };
        if phase == after.phase && turn_ends == 0 {
            break;
        }
        // The repairs open the Rally Phase: one name for both.
        if phase != Phase::Repair && !passed.contains(&phase.name()) {
            passed.push(phase.name());
        }
    }
    (!passed.is_empty() && turns <= 1)
        .then(|| format!("no choice to make in the {}: passed", passed.join(", the ")))
}

fn fill(t: Terrain, level: u8) -> &'static str {
    match (t, level) {
        (Terrain::Open, 0) => "#e9eed8",
        (Terrain::Open, _) => "#d9c9a0",
        (Terrain::Woods, 0) => "#8fb37a",
        (Terrain::Woods, _) => "#7f9a55", // on a hill: 91's +1 for firing up at it
        (Terrain::WoodenBuilding, _) => "#c49a6c",
        (Terrain::StoneBuilding, _) => "#9e9e9e",
    }
}
