//! Single rule cases: game length (5.1), the Morale track (3.3), Contested and Vacant Areas
//! (7.3, 7.4), overstacking (8.3.1), and the terms of the Attack and Defense Values (9.5.2,
//! 9.5.3), each against the engine with and without its condition.

use super::super::combat::{attack_value, defense_value};
use super::super::data::{DefenseStrategy, Terrain};
use super::super::state::{Roll, Step, OUT_OF_ACTION};
use super::{Action, Fixture};
use crate::engine::{Actor, Game};

/// The combat fixture with an Urban counter (no Defense Strategy) revealed in Area 13, the
/// Area under attack.
fn attack_on_13() -> Fixture {
    let mut f = Fixture::combat();
    f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
    f.s.attack.area = 12;
    f
}

/// The 3d6 total that gives the Random Event Chart row whose name contains `name`.
fn event_roll(f: &Fixture, name: &str) -> u8 {
    let events = &f.game.rules().charts.random_events.events;
    events
        .iter()
        .find(|r| r.name.contains(name))
        .unwrap_or_else(|| panic!("no event {name}"))
        .rolls[0]
}

/// 5.1: "The game is nine turns long": the end of turn 8 leads on to turn 9; the end of
/// turn 9 ends the game, on turn 9.
#[test]
fn rule_5_1_the_game_ends_after_turn_9() {
    let mut f = Fixture::combat();
    f.s.turn = 8;
    f.act(Action::Pass);
    assert_eq!(f.s.turn, 9, "turn 8 is not the last");
    assert!(f.game.outcome(&f.s).is_none());
    assert_ne!(f.game.actor(&f.s), Actor::Terminal);

    let mut g = Fixture::combat();
    g.s.turn = 9;
    g.act(Action::Pass);
    assert_eq!(g.game.actor(&g.s), Actor::Terminal, "turn 9 is the last");
    let o = g.game.outcome(&g.s).expect("the game is over");
    assert_eq!((o.turn, g.s.turn), (9, 9), "no turn 10");
    assert!(g.legal().is_empty());
}

/// 3.3, 5.2: "The Morale Track ... record[s] the state of German Morale"; "treat Morale
/// greater than 19 as 19, and less than 0 as 0".
#[test]
fn rule_3_3_morale_stays_on_the_track_from_0_to_19() {
    let morale_after_event = |name: &str, morale: u8| {
        let mut f = Fixture::combat();
        f.s.morale = morale;
        f.s.step = Step::Roll(Roll::RandomEvent);
        let roll = event_roll(&f, name);
        f.roll(Action::Dice(roll));
        f.s.morale
    };
    // "Hitler's last man order": Morale +2; "Mass Volkssturm surrender": Morale −2.
    assert_eq!(morale_after_event("last man", 16), 18);
    assert_eq!(morale_after_event("last man", 18), 19, "not 20");
    assert_eq!(morale_after_event("last man", 19), 19);
    assert_eq!(morale_after_event("Volkssturm", 3), 1);
    assert_eq!(morale_after_event("Volkssturm", 1), 0, "not −1");
    assert_eq!(morale_after_event("Volkssturm", 0), 0);

    // A Repulse (9.5.4: Morale +1) at the top of the track.
    let repulse_from = |morale: u8| {
        let mut f = Fixture::combat();
        f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
        let i = f.alone_into("I", 13);
        f.s.morale = morale;
        f.act(Action::Attack(12));
        f.roll(Action::Dice(2));
        f.roll(Action::Dice(12));
        assert_eq!(f.s.loc[usize::from(i)], OUT_OF_ACTION, "a Repulse");
        f.s.morale
    };
    assert_eq!(repulse_from(18), 19);
    assert_eq!(repulse_from(19), 19, "not 20");
}

/// 7.3: "An Area is considered Contested if it contains units of both sides ... American
/// units within a Contested Area may attack the German unit".
#[test]
fn rule_7_3_an_area_with_units_of_both_sides_is_contested_and_may_be_attacked_from_within() {
    let mut f = Fixture::combat();
    f.clear_americans();
    assert!(!f.s.is_contested(12), "a German unit alone");
    assert_eq!(f.s.contested_areas(), 0);
    f.put("I", 13);
    assert!(f.s.is_contested(12), "units of both sides");
    assert_eq!(f.s.contested_areas(), 1 << 12);
    assert!(
        !f.s.is_vacant(12),
        "contesting does not alter German control"
    );
    f.reveal(13, f.counter_with(Terrain::Urban, DefenseStrategy::None));
    assert!(f.s.is_contested(12), "revealed or not");
    f.act(Action::Activate(12));
    assert!(f.legal().contains(&Action::Attack(12)));

    // The same American unit, no German unit: not Contested, nothing to attack.
    let mut g = Fixture::combat();
    g.clear_americans();
    g.vacate(13);
    g.put("I", 13);
    assert!(!g.s.is_contested(12));
    g.act(Action::Activate(12));
    assert!(!g.legal().contains(&Action::Attack(12)));
}

/// 7.4: "An Area is Vacant if it contains no German units, regardless of the presence of
/// American units."
#[test]
fn rule_7_4_vacant_means_no_german_unit_whatever_american_units_are_there() {
    let mut f = Fixture::combat();
    f.clear_americans();
    assert!(!f.s.is_vacant(12), "a German unit, no Americans");
    f.put("I", 13);
    assert!(!f.s.is_vacant(12), "a German unit and an American one");
    f.vacate(13);
    assert!(f.s.is_vacant(12), "the American unit stays; no German unit");
    assert_ne!(f.s.units_in(12), 0);
    assert!(!f.s.is_contested(12));
    f.set_loc(f.unit("I"), super::super::state::NOT_ARRIVED);
    assert!(f.s.is_vacant(12), "no unit at all");
    assert_eq!(f.s.german_areas() & 1 << 12, 0);
}

/// 8.3.1: "Units may not move into a fully stacked Area (Section 7.1)."
#[test]
fn rule_8_3_1_no_move_into_a_fully_stacked_area() {
    // Company I, alone in Area 4, and Area 3 next to it holding `ids`: its moves.
    let moves = |ids: &[&str]| {
        let mut f = Fixture::combat();
        f.clear_americans();
        f.vacate(3);
        f.vacate(4);
        for id in ids {
            f.put(id, 3);
        }
        let i = f.put("I", 4);
        f.act(Action::Activate(3));
        f.act(Action::Select(i));
        f.legal()
    };
    let may_enter_area_3 = |ids: &[&str]| {
        moves(ids)
            .iter()
            .any(|a| matches!(a, Action::Move { to: 2, .. }))
    };
    assert!(may_enter_area_3(&["E", "F", "G"]), "three units: room");
    assert!(!may_enter_area_3(&["E", "F", "G", "D"]), "four units: full");
    assert!(
        may_enter_area_3(&["E", "Smoots", "F", "G"]),
        "Smoots stacks free with E (7.1): not full"
    );
    // Nor through it: German Area 7 borders Area 3, not Area 4.
    let through_3_into_7 = Action::Move { to: 6, via: 2 };
    assert!(moves(&["E", "F", "G"]).contains(&through_3_into_7));
    assert!(!moves(&["E", "F", "G", "D"]).contains(&through_3_into_7));
}

/// The Attack Value of `units` attacking Area 13 with Company I as the Lead (9.5.2).
fn av_led_by_i(f: &Fixture, units: u32) -> i16 {
    let mut s = f.s;
    s.attack.lead = f.unit("I");
    s.attack.units = units;
    attack_value(f.game.rules(), &s)
}

/// 9.5.2B: "+1 Each additional unit (regardless of type) participating in the attack".
#[test]
fn rule_9_5_2b_plus_one_for_each_additional_unit_of_any_type() {
    let f = attack_on_13();
    let rs = f.game.rules();
    let i = f.unit("I");
    let av = |units: u32| av_led_by_i(&f, units);
    let alone = av(1 << i);
    // Infantry, Armor, Halftrack, SP Artillery, and a Leader with his own company.
    let others = ["K", "G/33", "A/36", "M-12/A", "Botts"].map(|id| f.unit(id));
    for (n, &u) in others.iter().enumerate() {
        assert_eq!(
            av(1 << i | 1 << u),
            alone + 1,
            "{:?} adds one",
            rs.unit(u).kind
        );
        let with_all_so_far: u32 = others[..=n].iter().fold(1 << i, |m, &v| m | 1 << v);
        assert_eq!(av(with_all_so_far), alone + n as i16 + 1);
    }
}

/// 9.5.2E: "+1 If German Morale is 9 or lower (at the moment of the combat being resolved)".
#[test]
fn rule_9_5_2e_plus_one_if_german_morale_is_9_or_lower() {
    let f = attack_on_13();
    let rs = f.game.rules();
    let i = f.unit("I");
    let av = |morale: u8| {
        let mut s = f.s;
        s.attack.lead = i;
        s.attack.units = 1 << i;
        s.morale = morale;
        attack_value(rs, &s)
    };
    assert_eq!(av(9), av(10) + 1);
    assert_eq!(av(0), av(9));
    assert_eq!(av(19), av(10));
}

/// 9.5.3A: "The Defense Factor of the revealed German unit".
#[test]
fn rule_9_5_3a_the_defense_factor_of_the_revealed_unit() {
    let f = attack_on_13();
    let rs = f.game.rules();
    let df = |c: u8| i16::from(rs.germans[usize::from(c)].defense);
    let dv = |c: u8| {
        let mut s = f.s;
        s.set_german(12, c);
        defense_value(rs, &s)
    };
    let urban: Vec<u8> = (0..rs.germans.len() as u8)
        .filter(|&c| rs.germans[usize::from(c)].terrain == Terrain::Urban)
        .collect();
    let weakest = *urban.iter().min_by_key(|&&c| df(c)).unwrap();
    let strongest = *urban.iter().max_by_key(|&&c| df(c)).unwrap();
    assert!(df(strongest) > df(weakest), "Urban counters differ");
    assert_eq!(dv(strongest) - dv(weakest), df(strongest) - df(weakest));
    for &c in &urban {
        assert_eq!(dv(c) - df(c), dv(weakest) - df(weakest));
    }
}

/// 9.5.3B: "For the Area TEM: +2 Suburban; +3 Urban, +4 Fortified".
#[test]
fn rule_9_5_3b_the_area_tem_2_suburban_3_urban_4_fortified() {
    let f = attack_on_13();
    let rs = f.game.rules();
    let c = f.counter_with(Terrain::Urban, DefenseStrategy::None);
    let df = i16::from(rs.germans[usize::from(c)].defense);
    // The same counter in an Area of each terrain type, Morale 9 and no Rain (C, E: +0).
    let dv_in = |t: Terrain| {
        let a = rs
            .terrain
            .iter()
            .position(|&x| x == t)
            .expect("such an Area") as u8;
        let mut s = f.s;
        s.set_german(a, c);
        s.attack.area = a;
        s.morale = 9;
        s.rain = false;
        defense_value(rs, &s)
    };
    assert_eq!(dv_in(Terrain::Suburban), df + 2);
    assert_eq!(dv_in(Terrain::Urban), df + 3);
    assert_eq!(dv_in(Terrain::Fortified), df + 4);
}

/// 9.5.3C: "+1 If German Morale is 10 or higher (at the moment of the combat being resolved)".
#[test]
fn rule_9_5_3c_plus_one_if_german_morale_is_10_or_higher() {
    let f = attack_on_13();
    let rs = f.game.rules();
    let dv = |morale: u8| {
        let mut s = f.s;
        s.morale = morale;
        defense_value(rs, &s)
    };
    assert_eq!(dv(10), dv(9) + 1);
    assert_eq!(dv(19), dv(10));
    assert_eq!(dv(0), dv(9));
}

/// 9.5.3E: "+2 If Random Event result was Rain (Section 6.2)".
#[test]
fn rule_9_5_3e_plus_two_if_the_random_event_was_rain() {
    let dv_after = |name: &str| {
        let mut f = attack_on_13();
        f.s.step = Step::Roll(Roll::RandomEvent);
        let roll = event_roll(&f, name);
        f.roll(Action::Dice(roll));
        (f.s.rain, defense_value(f.game.rules(), &f.s))
    };
    let (rain, with_rain) = dv_after("Rain");
    let (dry, no_event) = dv_after("No event");
    let (overcast_rain, overcast) = dv_after("overcast");
    assert!(rain && !dry && !overcast_rain);
    assert_eq!(with_rain, no_event + 2);
    assert_eq!(overcast, no_event, "only Rain: Low overcast adds nothing");
}

/// 9.5.2B: "he must have an Armor or Infantry unit of the same parent organization": Hogan
/// adds one with his tank G/33, an Armor unit.
#[test]
fn rule_9_5_2b_a_leader_adds_one_with_an_armor_unit_of_his_organisation() {
    let mut f = attack_on_13();
    let (tank, hogan) = (f.unit("G/33"), f.unit("Hogan"));
    let rs = f.game.rules();
    assert_eq!(rs.unit(tank).organisation, rs.unit(hogan).organisation);
    f.s.attack.lead = tank;
    f.s.attack.units = 1 << tank;
    let alone = attack_value(rs, &f.s);
    f.s.attack.units |= 1 << hogan;
    assert_eq!(attack_value(rs, &f.s), alone + 1);
}

/// 9.5.2B: a Leader adds one only with a combat unit of his own organisation (Hogan's with
/// Company I alone adds nothing).
#[test]
fn rule_9_5_2b_a_leader_adds_one_only_with_a_unit_of_his_organisation() {
    let f = attack_on_13();
    let (i, botts, hogan) = (f.unit("I"), f.unit("Botts"), f.unit("Hogan"));
    let av = |units: u32| av_led_by_i(&f, units);
    let alone = av(1 << i);
    assert_eq!(
        av(1 << i | 1 << botts),
        alone + 1,
        "Botts leads Company I's battalion"
    );
    assert_eq!(
        av(1 << i | 1 << hogan),
        alone,
        "Hogan has no unit of his here"
    );
}
