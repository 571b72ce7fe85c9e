//! Cross of Iron through the engine's `Game` interface.

use super::procedures::extinguished;
use super::ruleset::MAX_UNITS;
use super::state::{flag, Pending, Phase, State, Unit};
use super::{Action, CrossOfIron};
use crate::engine::dice::{d6, roll_2d6, roll_d6, two_d6};
use crate::engine::game::random_listed_action;
use crate::engine::{Actor, Game, Outcome, PlayerId, RecordColumns, Tally};

/// Every level a game of the scenario can end with: by the objectives at the end, or at once
/// when the other side has nothing left in play (`check_annihilation`), told apart so that
/// a report's early endings say why (trial 16b F3).
const LEVELS: [(Option<PlayerId>, &str); 4] = [
    (Some(0), "German victory"),
    (Some(1), "Russian victory"),
    (
        Some(0),
        "German victory: the Russians have nothing left in play",
    ),
    (
        Some(1),
        "Russian victory: the Germans have nothing left in play",
    ),
];

impl CrossOfIron {
    /// The counter whose decision is due.
    pub fn current_unit(&self, s: &State) -> Option<usize> {
        match (self.actor(s), s.pending) {
            (Actor::Player(_), Pending::Facing { unit }) => Some(unit as usize),
            (Actor::Player(_), _) => Some(s.cursor as usize),
            _ => None,
        }
    }

    fn roll(&self, s: &mut State, r: u8) {
        s.last_roll = r;
        match s.pending {
            Pending::Fire { .. } => self.resolve_fire(s, r),
            Pending::Morale => {
                self.resolve_morale(s, r);
                s.pending = if self.next_morale_check(s).is_some() {
                    Pending::Morale
                } else {
                    Pending::None
                };
            }
            Pending::ToHit(_) => self.resolve_to_hit(s, r, None),
            Pending::Critical(_) => self.resolve_to_hit(s, 2, Some(r)),
            Pending::Kill { .. } => self.resolve_kill(s, r, None),
            Pending::GunKill { .. } => self.resolve_gun_kill(s, r),
            Pending::Immobilization { raw, .. } => self.resolve_kill(s, raw, Some(r)),
            Pending::SpeedBreakdown { unit, number, from } => {
                self.resolve_speed_breakdown(s, unit as usize, number, from, r);
                s.pending = Pending::None;
            }
            Pending::Rally { unit } => {
                self.resolve_rally(s, unit as usize, r);
                s.pending = Pending::None;
            }
            Pending::Repair { unit } => {
                self.resolve_repair(s, unit as usize, r);
                s.pending = Pending::None;
            }
            Pending::WeaponRepair { unit } => {
                self.resolve_weapon_repair(s, unit as usize, r);
                s.pending = Pending::None;
            }
            Pending::Extinguish { unit } => {
                if extinguished(r) {
                    s.units[unit as usize].flags &= !flag::BURNING;
                }
                s.pending = Pending::None;
            }
            Pending::CloseCombat { .. } => self.resolve_melee(s, r),
            Pending::None | Pending::Facing { .. } => unreachable!("a roll with no dice due"),
        }
    }

    fn decide(&self, s: &mut State, a: Action) {
        if let Pending::Facing { unit } = s.pending {
            let Action::Face { dir } = a else {
                unreachable!("a facing is due")
            };
            let u = &mut s.units[unit as usize];
            // A new hull facing brings the turret with it; keeping the hull's facing (after a
            // reverse, 71.3) keeps the turret's too. After a forward move the turret is on
            // the hull's line already.
            if dir != u.hull {
                u.face(dir, dir, s.phase);
            }
            s.clear_due(unit as usize, flag::FACE_DUE);
            s.pending = Pending::None;
            return;
        }
        let u = s.cursor as usize;
        match a {
            Action::Pass => s.units[u].flags |= flag::DONE | flag::FIRED | flag::MG_FIRED,
            Action::Fire { hex, sustained } => self.open_fire(s, u, hex, sustained),
            Action::Shoot { target, intensive } => {
                self.open_gun_fire(s, u, target, false, intensive)
            }
            Action::HighExplosive { hex, intensive } => {
                self.open_gun_fire(s, u, hex, true, intensive)
            }
            Action::Move { hex, cost } => self.do_move(s, u, hex, cost),
            Action::Reverse { hex, cost } => self.do_reverse(s, u, hex, cost),
            Action::Hatch => {
                s.units[u].flags ^= flag::CE | flag::CE_CHANGED;
                self.retarget(s);
            }
            // 66.3: out in the Movement Phase, back in in the Advance Phase.
            Action::Repair => {
                s.units[u].flags ^= flag::REPAIRING;
                s.units[u].flags |= flag::DONE;
            }
            Action::Advance { hex } => {
                self.relocate(s, u, hex);
                s.units[u].flags |= flag::DONE;
            }
            Action::Face { .. } | Action::Roll(_) => unreachable!("not a decision of this phase"),
        }
        if s.phase == Phase::PrepFire && !matches!(a, Action::Pass) {
            s.units[u].flags |= flag::PREP_FIRED;
        }
    }
}

/// Whether the roll due is one die (the others are 2d6).
fn one_die(s: &State) -> bool {
    matches!(
        s.pending,
        Pending::Critical(_)
            | Pending::Immobilization { .. }
            | Pending::WeaponRepair { .. }
            | Pending::Extinguish { .. }
    )
}

impl Game for CrossOfIron {
    type State = State;
    type Action = Action;

    fn id(&self) -> &'static str {
        "cross-of-iron"
    }

    fn num_players(&self) -> usize {
        2
    }

    /// 2: an AFV with no working gun or MG entering an infantry hex makes no overrun attack
    /// (72.1), so no IFT roll follows its move. 3: an AFV's MGs are offered sustained fire
    /// (95.1) and may break down (95.3), which silences them until repaired. 4: an AFV that
    /// has backed into a hex with 2 MP left chooses a facing (71.3), and a gun's HE breaks down
    /// on its IFT roll too (63.18), so no more shots follow it. 5: an AFV's MG fire takes no
    /// infantry leader's modifier (76.1), the armour leader's helps repair a weapon (76.6), a
    /// stunned AFV attempts no repair and a shaken crew fires at +1 (64.44), close combat is −1
    /// against an AFV whose MGs are out (72.82), crews lose morale at 40% losses (93.2), an
    /// AFV pushes one hex past its MA and on a failed roll stays short of it (79.2), an
    /// immobilised AFV hit again checks its crew (66.4), a raw 12 against an AFV eliminates at
    /// any odds (72.86), only functioning AT guns support (93.6), a tank's Case D grows with
    /// each shot outside its arc in a phase (70.8), exhaustion lasts through the enemy's player
    /// turn (73.8); Case A is +2 for a turret (70.8, 63.19) and +4
    /// for a gun or hull (63.19), and counts for arcs changed in the Movement Phase (64.123).
    /// 6: an HE hit destroys a gun hit from outside its arc or with no shield (63.9), shield
    /// and all (63.52), an overrun comes through the arc the AFV drove in by, so a gun's
    /// shield may not count (63.51), and a turret arc changed alone in the Movement Phase
    /// adds one Case A (64.123); HE is fired only at hexes holding enemy infantry or guns, an
    /// AFV alone being shot at with AP, size modifier and all (64.6), and an immobilised AFV
    /// rolls for repair only once its owner has put the crew out (a Movement Phase choice),
    /// firing no more until it is back in (66.3); losing all its infantry points costs a
    /// side a fourth morale level (93.3); a broken squad routs only within stacking (92.2);
    /// an AT gun's crew counts in the infantry base and losses (93.1, 93.2), and close combat
    /// against an AFV whose crew is out repairing it is −1 (72.82). 7: a burning wreck's owner
    /// rolls a die for it at the start of his Rally Phase, a 1 putting it out (67.11), and its
    /// smoke halves an overrun in its hex and immobilises on 11 or 12 (72.4, 72.5); an armour
    /// leader is lost only by a check failed under infantry fire, not by 66.4's (76.2); a
    /// shielded gun hit by HE through its arc takes a KILL roll at −4 (63.9); an overrun's IFT
    /// roll at the gun's B# jams it, and a 12 breaks its MGs (63.18, 95.3). 8: counters face
    /// a hexspine (63.11, the reading `covered_arc`): two hexes ahead in the arc, a move through
    /// either keeps the hull's arc, and a reverse goes into either of the two hexes behind
    /// (71.2). 9: a manned gun next to a broken unit makes it rout and rally at Desperation
    /// Morale, as infantry and AFVs do (SL 13, 83.2).
    fn log_version(&self) -> u32 {
        9
    }

    fn player_name(&self, p: PlayerId) -> &'static str {
        ["Germans", "Russians"][p]
    }

    fn initial_state(&self) -> State {
        let mut units = [Unit {
            hex: super::board::NO_HEX,
            flags: flag::GONE,
            ..Unit::default()
        }; MAX_UNITS];
        for (u, d) in self.rules.units.iter().enumerate() {
            units[u] = Unit {
                hex: d.hex,
                flags: 0,
                hull: d.facing,
                turret: d.facing,
                acquired: u8::MAX,
                ..Unit::default()
            };
        }
        let mut s = State {
            units,
            turn: 1,
            player_turn: 1,
            phasing: self.rules.first,
            phase: Phase::Repair,
            cursor: 0,
            pending: Pending::None,
            german_objectives: if self.rules.holder == 0 {
                u8::MAX >> (8 - self.rules.objectives.len())
            } else {
                0
            },
            lost_points: [0; 2],
            casualty_points: [0; 2],
            losses: [0; 2],
            winner: 2,
            last_roll: 0,
            in_play: 0,
            occupied: [0; 2],
            due: 0,
            targets: 0,
        };
        self.refresh(&mut s);
        self.settle(&mut s);
        s
    }

    fn actor(&self, s: &State) -> Actor {
        match s.pending {
            _ if s.winner != 2 => Actor::Terminal,
            Pending::None => Actor::Player(self.acting_side(s) as usize),
            Pending::Facing { unit } => Actor::Player(self.def(unit as usize).side as usize),
            _ => Actor::Chance,
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if let Pending::Facing { .. } = s.pending {
            out.extend((0..6).map(|dir| Action::Face { dir }));
            return;
        }
        self.unit_actions(s, s.cursor as usize, out);
        out.push(Action::Pass);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if one_die(s) {
            out.extend(d6().map(|(r, w)| (Action::Roll(r), w)));
        } else {
            out.extend(two_d6().map(|(r, w)| (Action::Roll(r), w)));
        }
    }

    /// Rolls the dice directly (one random number a roll) rather than sampling the list.
    fn draw_chance(
        &self,
        s: &State,
        _buf: &mut Vec<(Action, u32)>,
        rng: &mut crate::engine::GameRng,
    ) -> Action {
        Action::Roll(if one_die(s) {
            roll_d6(rng)
        } else {
            roll_2d6(rng)
        })
    }

    /// The Movement Phase's choice, most of random play's time, is drawn from the set of hexes
    /// in reach without listing every move; the other decisions build the list.
    fn random_action(
        &self,
        s: &State,
        buf: &mut Vec<Action>,
        rng: &mut crate::engine::GameRng,
    ) -> Action {
        let u = s.cursor as usize;
        match s.pending {
            Pending::None if self.moves_now(s, u) => self.random_move(s, u, rng),
            _ => random_listed_action(self, s, buf, rng),
        }
    }

    fn apply(&self, s: &mut State, a: Action) {
        crate::engine::game::debug_assert_on_offer(self, s, a);
        match a {
            Action::Roll(r) => self.roll(s, r),
            _ => self.decide(s, a),
        }
        self.check_annihilation(s);
        self.settle(s);
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        (s.winner != 2).then(|| {
            let loser = 1 - s.winner;
            let annihilated = self.side_in_play(s, loser).next().is_none();
            Outcome {
                winner: Some(s.winner as usize),
                level: LEVELS[usize::from(s.winner) + 2 * usize::from(annihilated)].1,
                turn: u32::from(s.turn),
            }
        })
    }

    fn tally(&self, s: &State, p: PlayerId) -> Tally {
        Tally {
            losses: u32::from(s.losses[p]),
            initiative_turns: 0,
        }
    }

    fn turn(&self, s: &State) -> u32 {
        u32::from(s.turn)
    }

    fn final_score(&self, s: &State) -> Option<(&'static str, i32)> {
        Some((
            "objectives held by the Germans",
            s.german_objectives.count_ones() as i32,
        ))
    }

    fn victory_levels(&self) -> &'static [(Option<PlayerId>, &'static str)] {
        &LEVELS
    }

    fn record_columns(&self) -> RecordColumns {
        RecordColumns {
            turn: true,
            initiative: None,
        }
    }

    /// The Germans' chances judged from the objectives they hold and the forces left (for
    /// search that stops its rollouts early): half the weight on holding what the victory
    /// conditions need, half on the share of each side's points still in good order.
    fn heuristic(&self, s: &State) -> Option<f32> {
        let rs = &self.rules;
        let held = s.german_objectives.count_ones() as f32;
        let need = f32::from(rs.required) - 0.5;
        let objectives = (held - need) / rs.objectives.len() as f32;
        let strength = |side: u8| {
            let (mut left, mut all) = (0.0f32, 0.0f32);
            for u in (0..self.n()).filter(|&u| self.def(u).side == side) {
                let p = f32::from(self.def(u).points.max(10));
                all += p;
                if self.good(s, u) {
                    left += p;
                }
            }
            left / all.max(1.0)
        };
        let forces = strength(0) - strength(1);
        Some((0.5 + 0.5 * objectives + 0.5 * forces).clamp(0.02, 0.98))
    }

    fn describe(&self, s: &State, a: Action) -> String {
        self.describe_action(s, a)
    }

    fn render(&self, s: &State) -> String {
        self.render_text(s)
    }

    fn narrate(&self, before: &State, a: Action, after: &State) -> Option<String> {
        let told: Vec<String> = [
            self.narrate_step(before, a, after),
            self.integrity_dropped(before, after),
            super::describe::passed_phases(before, after),
            self.routs(before, after),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!told.is_empty()).then(|| told.join("; "))
    }
}
