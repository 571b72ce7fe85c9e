//! The components (2–5.3): dice, the map, the playing pieces and the markers; the sequence of
//! play and its Action Rounds (6, 6.4.2); activation and the restrictions on movement (8.1.1–
//! 8.3); and combat step by step (9–9.5.1). Each against the engine's embedded data or its
//! behaviour.

use super::super::combat::{attack_value, defense_value};
use super::super::data::{DataSet, DefenseStrategy, Terrain, UnitKind};
use super::super::state::{Phase, Roll, State, Step, Support, NONE, OUT_OF_ACTION, UNREVEALED};
use super::super::{turn, Aachen};
use super::{Action, Fixture};
use crate::board::{to_svg, LinkKind};
use crate::engine::{game_rng, Actor, Game};
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// The sums of `n` six-sided dice with the number of ways to roll each, counted face by face.
fn dice_sums(n: u32) -> Vec<(u8, u32)> {
    let mut ways = BTreeMap::new();
    for roll in 0..6u32.pow(n) {
        let (mut rest, mut sum) = (roll, 0u8);
        for _ in 0..n {
            sum += (rest % 6) as u8 + 1;
            rest /= 6;
        }
        *ways.entry(sum).or_insert(0u32) += 1;
    }
    ways.into_iter().collect()
}

/// The total a die-roll outcome stands for.
fn total(a: Action) -> u8 {
    match a {
        Action::Die(t) | Action::Dice(t) => t,
        other => panic!("{other:?} is no die roll"),
    }
}

/// The chance outcomes of the roll `s` waits for, as (total, weight).
fn totals(game: &Aachen, s: &State) -> Vec<(u8, u32)> {
    let mut v = Vec::new();
    game.chance_outcomes(s, &mut v);
    v.into_iter().map(|(a, w)| (total(a), w)).collect()
}

/// The Areas the Action Round offers to activate.
fn activations(f: &Fixture) -> BTreeSet<u8> {
    f.legal()
        .iter()
        .filter_map(|a| match *a {
            Action::Activate(x) => Some(x),
            _ => None,
        })
        .collect()
}

/// The units the Activation step offers to move.
fn selectable(f: &Fixture) -> BTreeSet<u8> {
    f.legal()
        .iter()
        .filter_map(|a| match *a {
            Action::Select(u) => Some(u),
            _ => None,
        })
        .collect()
}

/// The revealed Urban counter with no Defense Strategy.
fn plain_urban(f: &Fixture) -> u8 {
    f.counter_with(Terrain::Urban, DefenseStrategy::None)
}

/// The AV of an attack by `lead` and `other`, with the support bits `support`.
fn av_of(f: &Fixture, lead: u8, other: u8, support: u8) -> i16 {
    let mut s = f.s;
    s.attack.lead = lead;
    s.attack.units = 1 << lead | 1 << other;
    s.attack.support = support;
    attack_value(f.game.rules(), &s)
}

/// Artillery and Engineer Support: two supports, enough for the Combined Arms Bonus (9.5.2D).
fn two_supports() -> u8 {
    Support::Artillery.bit() | Support::Engineer.bit()
}

/// The support the player may allot to unit `id` attacking the plain Urban unit of Area 13
/// alone, from inside it, with one point of each kind on the track.
fn allottable_alone(id: &str) -> Vec<Action> {
    let mut f = Fixture::combat();
    f.clear_americans();
    let u = f.put(id, 13);
    f.reveal(13, plain_urban(&f));
    f.s.support = [1; 4];
    f.act(Action::Activate(12));
    f.act(Action::Attack(12));
    f.act(Action::AddAttacker(u));
    f.act(Action::Resolve);
    assert_eq!((f.s.step, f.s.attack.lead), (Step::Support, u));
    f.legal()
}

/// Supply Points paid to return unit `id` from the Out of Action Box in a Supply Phase.
fn refit_price(id: &str) -> u8 {
    let mut f = supply_phase(18);
    let u = f.unit(id);
    f.set_loc(u, OUT_OF_ACTION);
    f.s.fresh &= !(1 << u);
    f.act(Action::Refit(u));
    18 - f.s.supply
}

/// A Supply Phase with `points` Supply Points, in Clear weather with no Random Event.
fn supply_phase(points: u8) -> Fixture {
    let mut f = Fixture::combat();
    f.s.phase = Phase::Supply;
    f.s.step = Step::Supply;
    f.s.supply = points;
    f
}

/// Buys one point of `k` in a Supply Phase: (Supply Points paid, points of `k` on the track).
fn buy_one(k: Support) -> (u8, u8) {
    let mut f = supply_phase(18);
    assert_eq!(f.s.support[k as usize], 0);
    f.act(Action::Buy(k));
    (18 - f.s.supply, f.s.support[k as usize])
}

/// Is one point of `k` for sale in a Supply Phase with `points`, or in the Combat Phase?
fn on_sale(k: Support, points: u8) -> (bool, bool) {
    let supply = supply_phase(points).legal().contains(&Action::Buy(k));
    let combat = Fixture::combat().legal().contains(&Action::Buy(k));
    (supply, combat)
}

/// Company I alone in Area 13 (`german_in_13`: still holding its German unit), the units
/// `in_12` in Vacant Area 12 next to it: once Area 13 is activated, may I move at all?
fn i_may_move_from_13(in_12: &[&str], german_in_13: bool) -> bool {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    for id in in_12 {
        f.put(id, 12);
    }
    if !german_in_13 {
        f.vacate(13);
    }
    let i = f.put("I", 13);
    f.act(Action::Activate(12));
    f.legal().contains(&Action::Select(i))
}

/// A colour `#rrggbb` as (red, green, blue).
fn rgb(hex: &str) -> (u8, u8, u8) {
    let c = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("a hex colour");
    (c(1), c(3), c(5))
}

/// 2.1: "'1D6' signifies the roll of a single die, while '2D6' signifies the sum of two dice
/// rolled together, and '3D6' signifies the sum of three dice": every roll of the game lists
/// the sums of six-sided dice, each as likely as the faces make it, and rolls only those.
#[test]
fn rule_2_1_every_roll_is_one_two_or_three_six_sided_dice_summed() {
    let f = Fixture::combat();
    let mut rng = game_rng(21, 0);
    let mut buf = Vec::new();
    for (r, n) in [
        (Roll::LeaderMortality, 1), // 6.1.2
        (Roll::RandomEvent, 3),     // 6.2
        (Roll::Supply, 3),          // 6.3
        (Roll::BloodyStreets, 1),   // 6.4.1
        (Roll::Attack, 2),          // 9.5.1
        (Roll::Defense, 2),
        (Roll::Air, 1),       // 9.5.3D
        (Roll::Surrender, 1), // 10.2
    ] {
        let mut s = f.s;
        s.step = Step::Roll(r);
        assert_eq!(f.game.actor(&s), Actor::Chance);
        let listed = totals(&f.game, &s);
        assert_eq!(listed, dice_sums(n), "{r:?} is {n}D6");
        let drawn: BTreeSet<u8> = (0..3000)
            .map(|_| total(f.game.draw_chance(&s, &mut buf, &mut rng)))
            .collect();
        let possible: BTreeSet<u8> = listed.iter().map(|&(t, _)| t).collect();
        assert_eq!(drawn, possible, "{r:?}: the dice rolled");
    }
}

/// 3: "The map sheet depicts the city of Aachen": the board drawn is the map, its 27 Areas by
/// number and name, each with its terrain's TEM.
#[test]
fn rule_3_the_board_drawn_is_the_map_of_aachen_area_by_area() {
    let f = Fixture::combat();
    let rs = f.game.rules();
    let board = f.game.board(&f.s);
    assert_eq!(board.places.len(), 27);
    for (a, p) in board.places.iter().enumerate() {
        assert_eq!(p.id, (a + 1).to_string());
        assert!(
            p.tooltip.contains(rs.area_names[a].as_str()),
            "Area {}: {}",
            a + 1,
            p.tooltip
        );
        let tem = format!("+{}", rs.terrain[a].tem());
        assert!(p.marks.iter().any(|m| m.contains(&tem)), "Area {}", a + 1);
    }
    // 5.3.1 names the two American setup Areas.
    assert_eq!(rs.area_names[0], "Gut Rott");
    assert_eq!(rs.area_names[1], "Aachen-Ost");
}

/// 3.1.3: "Areas are separated by solid black lines": a boundary is shared by two Areas (each
/// Adjacent to the other, none to itself) and the board draws each one once.
#[test]
fn rule_3_1_3_every_boundary_is_shared_by_two_areas_and_drawn_once() {
    let f = Fixture::combat();
    let rs = f.game.rules();
    let mut boundaries = BTreeSet::new();
    for a in 0..27usize {
        assert_eq!(rs.adjacent[a] & 1 << a, 0, "Area {} borders itself", a + 1);
        for b in 0..27usize {
            let ab = rs.adjacent[a] & 1 << b != 0;
            let ba = rs.adjacent[b] & 1 << a != 0;
            assert_eq!(ab, ba, "the boundary of Areas {} and {}", a + 1, b + 1);
            if ab && a < b {
                boundaries.insert((a, b));
            }
        }
    }
    assert!(!boundaries.is_empty());
    let board = f.game.board(&f.s);
    assert!(board.links.iter().all(|l| l.kind == LinkKind::Adjacent));
    let drawn: BTreeSet<(usize, usize)> = board
        .links
        .iter()
        .map(|l| (l.a.min(l.b), l.a.max(l.b)))
        .collect();
    assert_eq!(drawn.len(), board.links.len(), "each boundary once");
    assert_eq!(drawn, boundaries);
}

/// 3.4: "The Out of Action Box ... holds American units that were selected for loss ... as a
/// result of Combat Resolution. They are eligible to return to play through the expenditure of
/// Supply Points during the Supply Phase."
#[test]
fn rule_3_4_a_unit_lost_in_combat_waits_in_the_out_of_action_box_for_the_supply_phase() {
    let mut f = Fixture::combat();
    f.reveal(13, plain_urban(&f));
    let i = f.alone_into("I", 13);
    f.act(Action::Attack(12));
    f.roll(Action::Dice(2));
    f.roll(Action::Dice(12)); // Repulse: the Lead Attacking Unit is lost (9.5.4)
    assert_eq!(f.s.loc[usize::from(i)], OUT_OF_ACTION);
    assert_ne!(f.s.out_of_action & 1 << i, 0);
    assert_eq!(f.s.areas_of(1 << i), 0, "in no Area of the map");
    assert_eq!(f.s.fresh & 1 << i, 0);

    // The End Phase flips the Spent units on the map (6.5), not those in the box.
    f.act(Action::Pass);
    assert_eq!(f.s.turn, 3);
    assert_eq!(f.s.loc[usize::from(i)], OUT_OF_ACTION);
    assert_eq!(f.s.fresh & 1 << i, 0);

    // Turn 3: the M-12/B arrives, the Random Event, then the Supply Phase. The placing says
    // who arrives (6.1.1).
    while f.s.step == Step::Reinforcements {
        let told = f.game.describe(&f.s, Action::Place(0));
        assert!(
            told.starts_with("place the reinforcements M-12/B (6) (6.1.1) in Area 1"),
            "{told}"
        );
        f.act(Action::Place(0));
    }
    f.roll(Action::Dice(10));
    f.roll(Action::Dice(18));
    assert_eq!((f.s.phase, f.s.step), (Phase::Supply, Step::Supply));
    assert!(f.legal().contains(&Action::Refit(i)));
    f.act(Action::Refit(i));
    let to = match f.legal().first() {
        Some(&Action::Place(a)) => a,
        other => panic!("no Area to return to: {other:?}"),
    };
    let told = f.game.describe(&f.s, Action::Place(to));
    assert!(
        told.starts_with("place the refitted I (4) (6.3.1)"),
        "{told}"
    );
    f.act(Action::Place(to));
    assert_eq!(f.s.loc[usize::from(i)], to);
    assert_eq!(f.s.out_of_action & 1 << i, 0);
    assert_ne!(f.s.fresh & 1 << i, 0, "back on its Fresh side (6.3.1)");
}

/// 4: "die-cut playing pieces called units, representing the various military formations ...
/// as well as markers": the board shows the units of both sides as counters, and the markers'
/// readings in its title.
#[test]
fn rule_4_the_pieces_are_the_units_of_both_sides_and_the_markers() {
    let f = Fixture::combat();
    let rs = f.game.rules();
    // 5.3.1's sixteen units; 6.1.1's two M-12s, Task Force Hogan's four, the 110th's three.
    assert_eq!(rs.americans.len(), 8 + 8 + 1 + 1 + 4 + 3);
    let s = f.game.initial_state();
    let board = f.game.board(&s);
    let counters = |side: usize| {
        board
            .places
            .iter()
            .flat_map(|p| &p.counters)
            .filter(|c| c.side == side)
            .collect::<Vec<_>>()
    };
    assert_eq!(counters(0).len(), 8 + 8, "the units of 5.3.1");
    let germans = counters(1);
    assert_eq!(
        germans.len(),
        14 + 8 + 3,
        "one German unit per German Area (4.4)"
    );
    assert!(germans.iter().all(|c| c.hidden), "unrevealed");
    assert!(board.title.contains("Turn 1"), "{}", board.title);
    assert!(board.title.contains("German Morale 19"), "{}", board.title);
}

/// 4.1: "American units are olive-green, German units are field gray": each counter is drawn
/// in its side's colour.
#[test]
fn rule_4_1_american_counters_are_drawn_olive_green_and_german_ones_gray() {
    let mut f = Fixture::combat();
    f.reveal(13, plain_urban(&f));
    let board = f.game.board(&f.s);
    assert_eq!(board.sides, ["Americans", "Germans"]);
    for (a, p) in board.places.iter().enumerate() {
        let side = |n: usize| p.counters.iter().filter(|c| c.side == n).count();
        let units = f.s.units_in(a as u8).count_ones() as usize;
        assert_eq!(side(0), units, "Area {}", a + 1);
        assert_eq!(
            side(1),
            usize::from(f.s.german[a] != NONE),
            "Area {}",
            a + 1
        );
    }
    let svg = to_svg(&board, &[]);
    let mut seen = [0; 2];
    for rect in svg.split(r#"<rect class="counter" data-side=""#).skip(1) {
        let side: usize = rect[..1].parse().expect("a side");
        let fill = rect
            .split(r#"fill=""#)
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("a fill");
        let (r, g, b) = rgb(fill);
        if side == 0 {
            assert!(g > r && r > b, "{fill} is not olive-green");
        } else {
            assert!(r == g && g == b, "{fill} is not gray");
        }
        seen[side] += 1;
    }
    assert!(
        seen[0] > 0 && seen[1] > 1,
        "both sides drawn, revealed or not"
    );
}

/// 4.2: "four basic types of American units: Armor, Infantry, Leaders, and Self-Propelled
/// Artillery ... units will have either their Fresh (front) or Spent (reverse) sides facing up."
#[test]
fn rule_4_2_american_units_are_of_four_types_and_show_fresh_or_spent() {
    let f = Fixture::combat();
    let rs = f.game.rules();
    let kind = |id: &str| rs.unit(f.unit(id)).kind;
    for id in ["E", "F", "G", "D", "I", "K", "L", "M"] {
        assert_eq!(kind(id), UnitKind::Infantry, "Company {id} (5.3.1)");
    }
    let leaders = [
        "Smoots", "Weeks", "Walker", "Fuller", "Botts", "Corwell", "Chaplin", "Nechy",
    ];
    for id in leaders {
        assert_eq!(kind(id), UnitKind::Leader, "Leader {id} (5.3.1)");
    }
    for id in ["M-12/A", "M-12/B"] {
        assert_eq!(kind(id), UnitKind::SpArtillery, "{id} (6.1.1)");
    }
    assert!(rs.americans.iter().any(|a| a.kind == UnitKind::Armor));

    // Company I shows its Fresh side, moves, shows its Spent side; the End Phase flips it.
    let mut g = Fixture::combat();
    g.clear_americans();
    g.vacate(12);
    let i = g.put("I", 12);
    let status = |g: &Fixture, a: usize| {
        let board = g.game.board(&g.s);
        let c = board.places[a].counters.iter().find(|c| c.side == 0);
        c.expect("Company I").status.clone()
    };
    assert_eq!(status(&g, 11), "fresh");
    g.act(Action::Activate(11));
    g.act(Action::Select(i));
    g.act(Action::Move { to: 1, via: NONE });
    assert_eq!(status(&g, 1), "spent");
    g.act(Action::Pass);
    assert_eq!(status(&g, 1), "fresh");
}

/// 4.2.2: "Halftrack units are considered Armored units but may be treated as Infantry for
/// purposes of the Combined Arms Bonus."
#[test]
fn rule_4_2_2_a_halftrack_is_armor_for_support_and_refit_but_may_be_infantry_for_combined_arms() {
    // Armor: no Armor Support for an attack with a Halftrack (9.5.2C), as for a tank.
    assert!(allottable_alone("I").contains(&Action::Allot(Support::Armor)));
    assert!(!allottable_alone("A/36").contains(&Action::Allot(Support::Armor)));
    assert!(!allottable_alone("G/33").contains(&Action::Allot(Support::Armor)));

    // Infantry for the bonus: where it needs Armor and Infantry (the reading
    // `armor_and_infantry`), a tank and a Halftrack earn it, two tanks do not.
    let f = Fixture::combat_reading("combined_arms", "armor_and_infantry");
    let (tank, halftrack, tank2) = (f.unit("G/33"), f.unit("A/36"), f.unit("H/33"));
    assert_eq!(
        av_of(&f, tank, halftrack, two_supports()) - av_of(&f, tank, tank2, two_supports()),
        1,
        "the Combined Arms Bonus"
    );
    assert_eq!(av_of(&f, tank, halftrack, 0), av_of(&f, tank, tank2, 0));

    // Armor for refit too: back from the Out of Action Box at the Armor price, not the
    // Infantry one.
    let costs = &f.game.rules().charts.supply_costs;
    assert_ne!(costs.return_armor, costs.return_infantry);
    assert_eq!(refit_price("A/36"), costs.return_armor);
}

/// 4.2.3: "An Infantry unit is required for an American attack to earn the Combined Arms
/// Bonus."
#[test]
fn rule_4_2_3_an_infantry_unit_earns_the_combined_arms_bonus() {
    // SP Artillery is neither Armor nor Infantry: two M-12s earn no bonus, an M-12 with an
    // Infantry company does.
    let f = Fixture::combat();
    let (m12a, m12b, i) = (f.unit("M-12/A"), f.unit("M-12/B"), f.unit("I"));
    assert_eq!(
        av_of(&f, m12a, i, two_supports()) - av_of(&f, m12a, m12b, two_supports()),
        1
    );
    assert_eq!(av_of(&f, m12a, i, 0), av_of(&f, m12a, m12b, 0));

    // Read with 4.2.1 as needing both (`armor_and_infantry`): a tank needs the Infantry.
    let g = Fixture::combat_reading("combined_arms", "armor_and_infantry");
    let (tank, tank2, i) = (g.unit("G/33"), g.unit("H/33"), g.unit("I"));
    assert_eq!(
        av_of(&g, tank, i, two_supports()) - av_of(&g, tank, tank2, two_supports()),
        1
    );
}

/// 4.2.5: "Each SP Artillery unit represents a single M-12 Self-Propelled Artillery vehicle.
/// Note: treat these units as 'Armor' for purposes of unit refit from the Out of Action Box."
#[test]
fn rule_4_2_5_an_m12_refits_at_the_armor_cost() {
    let f = Fixture::combat();
    let rs = f.game.rules();
    let sp: Vec<&str> = rs
        .americans
        .iter()
        .filter(|a| a.kind == UnitKind::SpArtillery)
        .map(|a| a.id.as_str())
        .collect();
    assert_eq!(sp, ["M-12/A", "M-12/B"]);
    let costs = &rs.charts.supply_costs;
    assert_eq!(refit_price("M-12/A"), costs.return_armor);
    assert_eq!(
        refit_price("M-12/B"),
        refit_price("G/33"),
        "as an Armor unit"
    );
    assert_eq!(refit_price("I"), costs.return_infantry);
}

/// 4.2.5 (Armor "for purposes of unit refit" only) and 11.4, where the M-12/A leads an attack
/// that Armor Support backs: an M-12 attacking does not bar Armor Support.
#[test]
fn rule_4_2_5_an_m12_is_armor_only_for_refit_so_armor_support_may_back_it() {
    assert!(allottable_alone("M-12/A").contains(&Action::Allot(Support::Armor)));
}

/// 4.3: "American units have information printed on them to identify the unit and indicate
/// its strength": each counter on the board carries its unit's ID and its Attack Factor, a
/// Leader's no factor (4.3.1).
#[test]
fn rule_4_3_each_american_counter_shows_its_id_and_its_strength() {
    let f = Fixture::combat();
    let rs = f.game.rules();
    let board = f.game.board(&f.s);
    let mut shown = 0;
    for u in 0..rs.americans.len() as u8 {
        let Some(place) = board.places.get(usize::from(f.s.loc[usize::from(u)])) else {
            continue; // off the map
        };
        let k = rs.unit(u);
        let c = place
            .counters
            .iter()
            .find(|c| c.side == 0 && c.name.split(' ').any(|w| w == k.id))
            .unwrap_or_else(|| panic!("no counter for {}", k.id));
        if k.is_leader() {
            assert!(!c.face.chars().any(|ch| ch.is_ascii_digit()), "{}", c.face);
        } else {
            // Which company a "4" is shows on its face, not only in its tooltip.
            assert_eq!(c.face, format!("{} {}", k.id, k.attack), "{}", k.id);
            assert!(c.values.contains(&k.attack.to_string()), "{}", c.values);
        }
        shown += 1;
    }
    assert_eq!(shown, 8 + 8, "every unit set up (5.3.1)");
}

/// 4.3.2: "Each non-Leader unit has a unit ID. This serves to identify the unit": IDs are
/// present and unique, and data repeating one is refused.
#[test]
fn rule_4_3_2_every_non_leader_unit_has_its_own_unit_id() {
    let f = Fixture::combat();
    let rs = f.game.rules();
    let ids: Vec<&str> = rs
        .americans
        .iter()
        .filter(|a| !a.is_leader())
        .map(|a| a.id.as_str())
        .collect();
    assert!(ids.iter().all(|id| !id.trim().is_empty()));
    let unique: HashSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "{ids:?}");
    for id in ["E", "F", "G", "D", "I", "K", "L", "M", "M-12/A", "M-12/B"] {
        assert!(ids.contains(&id), "{id} (5.3.1, 6.1.1)");
    }

    let mut data = DataSet::embedded().expect("embedded data");
    let units = &mut data.counters.americans;
    let first = units[0].id.clone();
    let other = units
        .iter()
        .position(|a| a.kind != UnitKind::Leader && a.id != first)
        .expect("a second unit");
    units[other].id = first;
    assert!(data.validate("counters.toml").is_err());
}

/// 4.5: "Markers ... record various types of game information": the Turn, the weather,
/// German Morale and the four kinds of support points are shown as the state holds them.
#[test]
fn rule_4_5_the_markers_readings_are_shown_as_the_state_holds_them() {
    let mut f = Fixture::combat();
    f.s.support = [5, 2, 1, 3];
    f.s.morale = 17;
    let text = f.game.render(&f.s);
    for shown in [
        "Turn 2 of 9",
        "Clear",
        "German Morale 17",
        "Artillery 5",
        "Engineer 2",
        "Armor 1",
        "Air 3",
    ] {
        assert!(text.contains(shown), "{shown}: {text}");
    }
}

/// 4.5.1: "This marker is used to track the game's current Turn. It has both a 'Clear' and
/// 'Rain' side to indicate the current weather."
#[test]
fn rule_4_5_1_the_turn_marker_gives_the_turn_and_clear_or_rain() {
    let mut f = Fixture::combat();
    let rain = f
        .game
        .rules()
        .charts
        .random_events
        .events
        .iter()
        .find(|e| e.rain)
        .expect("Rain on the chart")
        .rolls[0];
    let headline = |f: &Fixture| f.game.render(&f.s).lines().next().unwrap_or("").to_string();
    f.s.phase = Phase::RandomEvent;
    f.s.step = Step::Roll(Roll::RandomEvent);
    let clear = headline(&f);
    assert!(
        clear.contains("Turn 2") && clear.contains("Clear"),
        "{clear}"
    );
    f.roll(Action::Dice(rain));
    assert!(f.s.rain);
    let rainy = headline(&f);
    assert!(
        rainy.contains("Turn 2") && rainy.contains("Rain"),
        "{rainy}"
    );
    f.roll(Action::Dice(10)); // Supply
    f.act(Action::Pass); // on to the Combat Phase
    f.act(Action::Pass); // and the End Phase: the marker advances, Rain ends (6.2)
    assert_eq!(f.s.turn, 3);
    assert!(!f.s.rain);
    let next = headline(&f);
    assert!(next.contains("Turn 3") && next.contains("Clear"), "{next}");
}

/// 4.5.2: "This marker is used to track the current German Morale level. It has both a
/// 'Strong' and 'Shaken' side": the marker follows Morale, and combat reads only which of two
/// bands it is in (10 or higher: DV +1, 9.5.3C; 9 or lower: AV +1, 9.5.2E).
#[test]
fn rule_4_5_2_the_morale_marker_follows_morale_and_has_two_sides_for_combat() {
    let mut f = Fixture::combat();
    f.reveal(13, plain_urban(&f));
    let i = f.alone_into("I", 13);
    f.s.morale = 12;
    assert!(f.game.render(&f.s).contains("German Morale 12"));
    f.act(Action::Attack(12));
    f.roll(Action::Dice(2));
    f.roll(Action::Dice(12)); // Repulse: Morale +1 (9.5.4)
    assert_eq!(f.s.morale, 13);
    assert!(f.game.render(&f.s).contains("German Morale 13"));

    let mut g = Fixture::combat();
    g.reveal(13, plain_urban(&g));
    g.s.attack.area = 12;
    g.s.attack.lead = i;
    g.s.attack.units = 1 << i;
    let margin = |m: u8| {
        let mut s = g.s;
        s.morale = m;
        attack_value(g.game.rules(), &s) - defense_value(g.game.rules(), &s)
    };
    assert!((0..=9).all(|m| margin(m) == margin(0)), "Shaken");
    assert!((10..=19).all(|m| margin(m) == margin(19)), "Strong");
    assert_eq!(margin(9) - margin(10), 2);
}

/// 4.5.3: "Air Support may be purchased with Supply Points during the Supply Phase.
/// Exception: Rain."
#[test]
fn rule_4_5_3_air_support_is_bought_in_the_supply_phase_except_in_rain() {
    let cost = Fixture::combat().game.rules().charts.supply_costs.air;
    assert_eq!(buy_one(Support::Air), (cost, 1));
    assert_eq!(on_sale(Support::Air, cost), (true, false));
    assert_eq!(on_sale(Support::Air, cost - 1), (false, false));
    let mut f = supply_phase(18);
    f.s.rain = true;
    assert!(!f.legal().contains(&Action::Buy(Support::Air)), "Rain");
    assert!(f.legal().contains(&Action::Buy(Support::Artillery)));
}

/// 4.5.4: "Armor Support may be purchased with Supply Points during the Supply Phase" (3 a
/// point, 11.3).
#[test]
fn rule_4_5_4_armor_support_is_bought_in_the_supply_phase() {
    assert_eq!(buy_one(Support::Armor), (3, 1));
    assert_eq!(on_sale(Support::Armor, 3), (true, false));
    assert_eq!(on_sale(Support::Armor, 2), (false, false));
}

/// 4.5.5: "Artillery Support may be purchased with Supply Points during the Supply Phase" (1
/// a point, 11.3).
#[test]
fn rule_4_5_5_artillery_support_is_bought_in_the_supply_phase() {
    assert_eq!(buy_one(Support::Artillery), (1, 1));
    assert_eq!(on_sale(Support::Artillery, 1), (true, false));
    assert_eq!(on_sale(Support::Artillery, 0), (false, false));
}

/// 4.5.6: "Engineer Support may be purchased with Supply Points during the Supply Phase" (2
/// a point, 11.3).
#[test]
fn rule_4_5_6_engineer_support_is_bought_in_the_supply_phase() {
    assert_eq!(buy_one(Support::Engineer), (2, 1));
    assert_eq!(on_sale(Support::Engineer, 2), (true, false));
    assert_eq!(on_sale(Support::Engineer, 1), (false, false));
}

/// 4.5.7: "Control markers are used to denote American-Controlled Areas (Section 7.2)": an
/// Area whose German unit is eliminated becomes American, and the board marks who holds it.
#[test]
fn rule_4_5_7_control_goes_american_when_the_german_unit_is_gone() {
    let mut f = Fixture::combat();
    f.reveal(13, plain_urban(&f));
    f.alone_into("I", 13);
    let holder = |f: &Fixture, n: usize| f.game.board(&f.s).places[n - 1].holder;
    assert_eq!(holder(&f, 13), Some(1), "Contested, still German (7.3)");
    f.act(Action::Attack(12));
    f.roll(Action::Dice(12));
    f.roll(Action::Dice(2)); // Success or Overrun: the German unit is eliminated
    assert_eq!(f.s.german[12], NONE);
    assert!(f.s.is_vacant(12));
    assert_eq!(f.s.german_areas() & 1 << 12, 0);
    assert_eq!(holder(&f, 13), Some(0), "American Controlled");
    let board = f.game.board(&f.s);
    for (a, p) in board.places.iter().enumerate() {
        // 7.4: a Vacant Area is always American Controlled, with or without American units.
        let american = f.s.german[a] == NONE;
        assert_eq!(p.holder, Some(usize::from(!american)), "Area {}", a + 1);
    }
    let empty =
        (0..board.places.len()).find(|&a| f.s.german[a] == NONE && f.s.units_in(a as u8) == 0);
    assert!(
        empty.is_some(),
        "the check above met a Vacant Area with no unit in it"
    );
}

/// 5.3: "All American units begin play Fresh side face up", and those arriving later are
/// placed Fresh too (6.1.1).
#[test]
fn rule_5_3_every_american_unit_begins_play_fresh() {
    let f = Fixture::combat();
    let s = f.game.initial_state();
    let on_map = s.area_units.iter().fold(0u32, |m, &units| m | units);
    assert_eq!(on_map.count_ones(), 8 + 8, "5.3.1");
    assert_eq!(s.fresh, on_map);

    let mut g = Fixture::combat();
    turn::start_turn(g.game.rules(), &mut g.s);
    assert_eq!(g.s.step, Step::Reinforcements);
    let m12 = g.unit("M-12/A");
    g.act(Action::Place(0));
    assert_eq!(g.s.loc[usize::from(m12)], 0);
    assert_ne!(g.s.fresh & 1 << m12, 0);
}

/// 6: "Each Turn ... comprises five Phases ... in the following order: Dawn Phase, Random
/// Event Phase, Supply Phase, Combat Phase, and End Phase": a whole game, passing wherever it
/// may, goes through them in that order turn after turn.
#[test]
fn rule_6_each_turn_runs_dawn_random_event_supply_combat_and_end_in_order() {
    let game = Aachen::embedded().expect("embedded data");
    let mut s = game.initial_state();
    let mut seen = vec![(s.turn, s.phase)];
    let (mut outcomes, mut legal) = (Vec::new(), Vec::new());
    while game.actor(&s) != Actor::Terminal {
        let a = if game.actor(&s) == Actor::Chance {
            game.chance_outcomes(&s, &mut outcomes);
            outcomes[0].0
        } else {
            game.legal_actions(&s, &mut legal);
            if legal.contains(&Action::Pass) {
                Action::Pass
            } else {
                legal[0]
            }
        };
        game.apply(&mut s, a);
        if seen.last() != Some(&(s.turn, s.phase)) {
            seen.push((s.turn, s.phase));
        }
    }
    for w in seen.windows(2) {
        let ((t, p), (u, q)) = (w[0], w[1]);
        if t == u {
            assert!((q as u8) > (p as u8), "turn {t}: {p:?} then {q:?}");
        } else {
            assert_eq!(u, t + 1, "{seen:?}");
            assert_eq!(p, Phase::Combat, "the End Phase closes turn {t}");
            assert!(matches!(q, Phase::Dawn | Phase::RandomEvent), "{q:?}");
        }
    }
    let turn_2: Vec<Phase> = seen.iter().filter(|e| e.0 == 2).map(|e| e.1).collect();
    assert_eq!(
        turn_2,
        [
            Phase::Dawn,
            Phase::RandomEvent,
            Phase::Supply,
            Phase::Combat
        ],
        "turn 2, with a Reinforcement to place at Dawn"
    );
    let turns: BTreeSet<u8> = seen.iter().map(|e| e.0).collect();
    assert_eq!(turns, (1..=9).collect::<BTreeSet<u8>>());
    assert_eq!(seen.last(), Some(&(9, Phase::Over)));

    // The End Phase of the last turn, where the surrender roll is made (10.2).
    let mut f = Fixture::combat();
    f.s.turn = 9;
    f.s.morale = 3;
    f.act(Action::Pass);
    assert_eq!(
        (f.s.phase, f.s.step),
        (Phase::End, Step::Roll(Roll::Surrender))
    );
}

/// 6.4.2: "During each Action Round, the American player may activate a single Area on the map
/// containing Fresh units ... The Combat Phase ends when all American units are Spent or the
/// American player declines to activate additional Areas."
#[test]
fn rule_6_4_2_each_action_round_activates_one_area_with_fresh_units() {
    let mut f = Fixture::combat();
    assert_eq!(activations(&f), BTreeSet::from([0, 1]), "Areas 1 and 2");
    assert!(f.legal().contains(&Action::Pass));

    // A single Area: while Area 2 is active, no other is offered, and only its units move.
    f.act(Action::Activate(1));
    assert!(activations(&f).is_empty());
    let movers = selectable(&f);
    assert!(!movers.is_empty());
    assert!(movers.iter().all(|&u| f.s.loc[usize::from(u)] == 1));
    let i = f.unit("I");
    f.act(Action::Select(i));
    f.act(Action::Move { to: 0, via: NONE });
    f.act(Action::Pass);
    assert_eq!(f.s.step, Step::ActionRound, "the next Action Round");

    // Only Areas with Fresh units: with Area 1's all Spent, only Area 2 is offered.
    let round = f.s;
    let area_1 = f.s.units_in(0);
    f.s.fresh &= !area_1;
    assert_eq!(activations(&f), BTreeSet::from([1]));
    f.s = round;

    // All Spent: the Combat Phase can only end.
    f.s.fresh = 0;
    assert_eq!(f.legal(), vec![Action::Pass]);
    f.act(Action::Pass);
    assert_eq!((f.s.turn, f.s.phase), (3, Phase::Dawn));

    // Or the player declines, with Fresh units left.
    let mut h = Fixture::combat();
    h.act(Action::Pass);
    assert_eq!(h.s.turn, 3);
}

/// 8.1.1: "All of the Fresh units in an Area may move and/or attack if the American player has
/// chosen that Area to be their Active Area ... until there are no units left to perform an
/// action."
#[test]
fn rule_8_1_1_every_fresh_unit_of_the_active_area_may_act_until_none_is_left() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    let movers = ["I", "K", "L"].map(|id| f.put(id, 12));
    let m = f.put("M", 12);
    f.s.fresh &= !(1 << m); // Spent: it may not act
    f.act(Action::Activate(11));
    for (n, &u) in movers.iter().enumerate() {
        assert_eq!(f.s.step, Step::Activation);
        let left: BTreeSet<u8> = movers[n..].iter().copied().collect();
        assert_eq!(selectable(&f), left);
        f.act(Action::Select(u));
        f.act(Action::Move { to: 1, via: NONE });
    }
    assert_eq!(
        f.s.step,
        Step::ActionRound,
        "no unit left: the activation is over"
    );
    assert_eq!(f.s.loc[usize::from(m)], 11, "the Spent unit stayed");
}

/// 8.1.2: "German units never move": through random games, an Area's German unit only stays,
/// is revealed where it stands (a counter of the Area's terrain, 5.4) or is eliminated, and no
/// German unit ever appears in an Area without one.
#[test]
fn rule_8_1_2_german_units_never_move() {
    let game = Aachen::embedded().expect("embedded data");
    let rs = game.rules();
    let (mut outcomes, mut buf) = (Vec::new(), Vec::new());
    let mut reveals = 0;
    for i in 0..30 {
        let mut rng = game_rng(812, i);
        let mut s = game.initial_state();
        while game.actor(&s) != Actor::Terminal {
            let a = match game.actor(&s) {
                Actor::Chance => game.draw_chance(&s, &mut outcomes, &mut rng),
                _ => game.random_action(&s, &mut buf, &mut rng),
            };
            let before = s;
            game.apply(&mut s, a);
            for (x, (&was, &now)) in before.german.iter().zip(&s.german).enumerate() {
                if was == now || now == NONE {
                    continue;
                }
                assert_eq!(was, UNREVEALED, "game {i}, Area {}: {a:?}", x + 1);
                assert_eq!(rs.germans[usize::from(now)].terrain, rs.terrain[x]);
                reveals += 1;
            }
        }
    }
    assert!(reveals > 0);
}

/// 8.1.2: "An unrevealed German unit is revealed (Section 9.4) after movement of American units
/// into the Area is complete."
#[test]
fn rule_8_1_2_an_unrevealed_unit_is_revealed_once_movement_into_its_area_is_complete() {
    let mut f = Fixture::combat();
    let units = f.activated_in_area_12(&["I", "K"]);
    f.act(Action::Select(units[0]));
    f.act(Action::Move { to: 12, via: 11 });
    assert_eq!(f.s.german[12], UNREVEALED, "K may still come in");
    assert!(f.legal().contains(&Action::Select(units[1])));
    f.act(Action::Select(units[1]));
    f.act(Action::Move { to: 12, via: 11 });
    assert_eq!(f.s.german[12], UNREVEALED);
    f.act(Action::Attack(12));
    assert_eq!(f.s.step, Step::Reveal);
    assert_eq!(f.game.actor(&f.s), Actor::Chance);
    let c = plain_urban(&f);
    f.roll(Action::Draw(c));
    assert_eq!(f.s.german[12], c);
}

/// 8.3: "The following two situations restrict movement": an Area fully stacked (8.3.1) and a
/// Contested Area to leave (8.3.2). Company I in Contested Area 13 beside a full Area 12 has
/// nowhere to go; lift either restriction and it may move.
#[test]
fn rule_8_3_overstacking_and_leaving_a_contested_area_restrict_movement() {
    let full = ["E", "F", "G", "D"];
    assert!(!i_may_move_from_13(&full, true), "both restrictions");
    assert!(i_may_move_from_13(&full[..3], true), "Area 12 has room");
    assert!(i_may_move_from_13(&full, false), "Area 13 not Contested");
}

/// 9: "Only units in the Area chosen to be the Active Area may attack ... If the Active Area was
/// already Contested at the moment of activation, the units within that Contested Area may
/// either exit the Area or attack ... some may attack and others exit."
#[test]
fn rule_9_only_the_active_area_attacks_and_its_units_may_split_between_exit_and_attack() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    let i = f.put("I", 13);
    let k = f.put("K", 13);
    let l = f.put("L", 14); // contesting Area 14, which is not activated
    f.act(Action::Activate(12));
    let legal = f.legal();
    assert!(legal.contains(&Action::Attack(12)));
    assert!(
        !legal.contains(&Action::Attack(13)),
        "Area 14 is not active"
    );
    assert!(!legal.contains(&Action::Select(l)));
    assert!(legal.contains(&Action::Select(k)), "K may exit");

    f.act(Action::Select(k));
    f.act(Action::Move { to: 11, via: NONE });
    assert_eq!(f.s.loc[usize::from(k)], 11);
    f.act(Action::Attack(12));
    assert_eq!(f.s.step, Step::Attackers);
    assert_eq!(
        f.legal(),
        vec![Action::AddAttacker(i)],
        "I attacks, K has left"
    );
}

/// 9.2: "the American player may attack with all, some, or none of their units that entered
/// the Area. If they choose to attack, at least one unit must attack."
#[test]
fn rule_9_2_an_optional_attack_takes_all_some_or_none_of_the_units_that_entered() {
    let mut f = Fixture::combat();
    f.clear_americans();
    f.vacate(12);
    f.put("L", 13); // Area 13 Contested at activation: no Mandatory Attack (9.1)
    let i = f.put("I", 12);
    let k = f.put("K", 12);
    f.act(Action::Activate(11));
    for u in [i, k] {
        f.act(Action::Select(u));
        f.act(Action::Move { to: 12, via: 11 });
    }
    let entered = f.s;

    // None: the activation ends without an attack; the units that entered are done.
    f.act(Action::Pass);
    assert_eq!(f.s.step, Step::ActionRound);
    assert_eq!(f.s.german[12], UNREVEALED, "not attacked");
    assert_eq!(f.s.fresh & (1 << i | 1 << k), 0);

    // Some: no attack without a unit; K, left out, is Spent.
    f.s = entered;
    f.act(Action::Attack(12));
    assert_eq!(f.s.step, Step::Attackers);
    assert!(!f.legal().contains(&Action::Resolve), "at least one unit");
    f.act(Action::AddAttacker(i));
    assert!(f.legal().contains(&Action::Resolve));
    assert!(
        f.legal().contains(&Action::AddAttacker(k)),
        "or all of them"
    );
    f.act(Action::Resolve);
    assert_eq!(f.s.attack.units, 1 << i);
    assert_eq!(f.s.step, Step::Reveal);
    assert_eq!(f.s.fresh & 1 << k, 0);
    assert_eq!(f.s.loc[usize::from(k)], 12);
}

/// 9.5A: "American player designates the Lead Attacking Unit": any attacking unit but a
/// Leader, the weaker one too; its Attack Factor is the AV's base, and it is lost on a Repulse.
#[test]
fn rule_9_5a_the_lead_attacking_unit_is_the_american_choice() {
    let mut f = Fixture::combat();
    let units = f.activated_in_area_12(&["I", "M"]);
    let (i, m) = (units[0], units[1]);
    for &u in &units {
        f.act(Action::Select(u));
        f.act(Action::Move { to: 12, via: 11 });
    }
    f.act(Action::Attack(12));
    f.roll(Action::Draw(plain_urban(&f)));
    assert_eq!(f.s.step, Step::Lead);
    let offered: HashSet<Action> = f.legal().into_iter().collect();
    assert_eq!(offered, HashSet::from([Action::Lead(i), Action::Lead(m)]));

    let mut led_by_i = f.s;
    f.game.apply(&mut led_by_i, Action::Lead(i));
    f.act(Action::Lead(m));
    assert_eq!(f.s.attack.lead, m);
    let rs = f.game.rules();
    assert_eq!(
        attack_value(rs, &led_by_i) - attack_value(rs, &f.s),
        i16::from(rs.unit(i).attack) - i16::from(rs.unit(m).attack)
    );
    f.roll(Action::Dice(2));
    f.roll(Action::Dice(12)); // Repulse
    assert_eq!(
        f.s.loc[usize::from(m)],
        OUT_OF_ACTION,
        "the Lead Attacking Unit"
    );
    assert_eq!(f.s.loc[usize::from(i)], 11, "I retreats (9.1)");
}

/// 9.5B: "American player chooses to allocate Artillery, Engineer, Armor, and/or Air Support
/// points and reduces the relevant point markers on the Turn/Record Track": after the Lead
/// Attacking Unit, any, all or none of the kinds, each marker one space down.
#[test]
fn rule_9_5b_after_the_lead_the_player_allots_support_and_each_marker_goes_down() {
    let mut f = Fixture::combat();
    f.clear_americans();
    let i = f.put("I", 13);
    let botts = f.put("Botts", 13);
    f.reveal(13, plain_urban(&f));
    f.s.support = [2; 4];
    f.act(Action::Activate(12));
    f.act(Action::Attack(12));
    f.act(Action::AddAttacker(i));
    f.act(Action::AddAttacker(botts));
    f.act(Action::Resolve);
    assert_eq!((f.s.step, f.s.attack.lead), (Step::Support, i), "A, then B");
    for a in Support::ALL.map(Action::Allot) {
        assert!(f.legal().contains(&a), "{a:?}");
    }
    let choosing = f.s;

    // None: the dice, the markers untouched.
    f.act(Action::Resolve);
    assert_eq!(f.s.step, Step::Roll(Roll::Attack));
    assert_eq!(f.s.support, [2; 4]);

    // Each kind, one point at most: its marker one space down.
    f.s = choosing;
    for k in Support::ALL {
        f.act(Action::Allot(k));
        assert_eq!(f.s.support[k as usize], 1, "{k:?}");
        assert!(!f.legal().contains(&Action::Allot(k)));
    }
    assert_eq!(f.s.support, [1; 4]);
    assert_eq!(f.s.step, Step::Roll(Roll::Attack));
}

/// 9.5C: "Tabulate the final Attack Value and Defense Value": the AV and DV tabulated before
/// the dice are what the dice are added to; every roll's result is AT = AV + 2D6 against DT =
/// DV + 2D6, as the roll's account says.
#[test]
fn rule_9_5c_the_values_tabulated_before_the_dice_decide_the_result() {
    let mut f = Fixture::combat();
    f.clear_americans();
    let i = f.put("I", 13);
    let k = f.put("K", 13);
    f.reveal(13, plain_urban(&f));
    f.s.support = [1, 0, 0, 0];
    f.act(Action::Activate(12));
    f.act(Action::Attack(12));
    f.act(Action::AddAttacker(i));
    f.act(Action::AddAttacker(k));
    f.act(Action::Resolve);
    f.act(Action::Lead(i));
    f.act(Action::Allot(Support::Artillery));
    assert_eq!(f.s.step, Step::Roll(Roll::Attack));
    let rs = f.game.rules();
    let (av, dv) = (attack_value(rs, &f.s), defense_value(rs, &f.s));
    let mut results = [0; 3]; // Repulse, Stalemate, Success or Overrun
    for a in 2..=12u8 {
        for d in 2..=12u8 {
            let mut s = f.s;
            f.game.apply(&mut s, Action::Dice(a));
            let before = s;
            f.game.apply(&mut s, Action::Dice(d));
            let (at, dt) = (av + i16::from(a), dv + i16::from(d));
            let repulse = s.loc[usize::from(i)] == OUT_OF_ACTION;
            let eliminated = s.german[12] == NONE;
            assert_eq!(repulse, at < dt, "AT {at}, DT {dt}");
            assert_eq!(eliminated, at > dt, "AT {at}, DT {dt}");
            results[usize::from(!repulse) + usize::from(eliminated)] += 1;
            let told = f.game.narrate(&before, Action::Dice(d), &s);
            // Each value with its terms (trial 18b F4), then the dice.
            let told = told.unwrap_or_default();
            for expected in [
                format!("AV {av} (lead unit "),
                format!(") + 2d6({a}) = {at} vs DV {dv} (German unit "),
                format!(") + 2d6({d}) = {dt}"),
            ] {
                assert!(told.contains(&expected), "{told}");
            }
        }
    }
    assert!(results.iter().all(|&n| n > 0), "{results:?}");
}

/// 9.5D: "Roll dice (Case 9.5.1) and compute results (Case 9.5.4)": the dice come after the
/// support (the attacker's 2D6, the defender's, then Air Support's 1D6), and nothing is decided
/// before the last of them.
#[test]
fn rule_9_5d_the_dice_come_after_the_support_and_the_result_after_the_last_die() {
    let mut f = Fixture::combat();
    f.clear_americans();
    let i = f.put("I", 13);
    let botts = f.put("Botts", 13);
    f.reveal(13, plain_urban(&f));
    f.s.support = [0, 0, 0, 1];
    f.act(Action::Activate(12));
    f.act(Action::Attack(12));
    f.act(Action::AddAttacker(i));
    f.act(Action::AddAttacker(botts));
    f.act(Action::Resolve);
    assert_eq!(f.s.step, Step::Support);
    f.act(Action::Allot(Support::Air));
    let board = |s: &State| (s.german, s.loc, s.fresh, s.morale);
    let start = board(&f.s);
    for (r, roll) in [
        (Roll::Attack, Action::Dice(12)),
        (Roll::Defense, Action::Dice(2)),
        (Roll::Air, Action::Die(6)),
    ] {
        assert_eq!(f.s.step, Step::Roll(r));
        assert_eq!(f.game.actor(&f.s), Actor::Chance);
        assert_eq!(board(&f.s), start, "nothing decided before the {r:?} roll");
        f.roll(roll);
    }
    assert_eq!(f.s.german[12], NONE, "the result is applied");
    assert_ne!(board(&f.s), start);
}

/// 9.5.1: "When resolving combat roll two dice (2D6) for each side."
#[test]
fn rule_9_5_1_each_side_rolls_two_dice() {
    let mut f = Fixture::combat();
    f.reveal(13, plain_urban(&f));
    f.alone_into("I", 13);
    f.act(Action::Attack(12));
    let two = dice_sums(2);
    assert_eq!(f.s.step, Step::Roll(Roll::Attack));
    assert_eq!(totals(&f.game, &f.s), two, "the attacker's 2D6");
    f.roll(Action::Dice(9));
    assert_eq!(f.s.attack.attack_dice, 9);
    assert_eq!(f.s.step, Step::Roll(Roll::Defense));
    assert_eq!(totals(&f.game, &f.s), two, "the defender's 2D6");
    f.roll(Action::Dice(4));
    assert!(
        !matches!(f.s.step, Step::Roll(_)),
        "no other dice without Air Support"
    );
}
