//! The scripted bot's doctrine and the position evaluation search uses.

use super::Fixture;
use crate::bots::Bot;
use crate::engine::game_rng;
use crate::games::rudders_line::casualties;
use crate::games::rudders_line::data::Side;
use crate::games::rudders_line::scripted::{evaluate, ScriptedBot};
use crate::games::rudders_line::state::AttackKind;
use crate::games::rudders_line::Action;

#[test]
fn evaluation_rises_with_ranger_victory_areas_and_the_guns() {
    let mut fx = Fixture::new();
    fx.place("ranger_squad", "3");
    let base = evaluate(&fx.g.rules, &fx.s);
    fx.place("ranger_squad", "7");
    let more = evaluate(&fx.g.rules, &fx.s);
    fx.s.guns_reached = true;
    let guns = evaluate(&fx.g.rules, &fx.s);
    assert!(base < more && more < guns, "{base} {more} {guns}");
    assert!((0.0..=1.0).contains(&base) && guns <= 1.0);
}

#[test]
fn scripted_bot_pays_casualties_by_flipping_before_eliminating() {
    let mut fx = Fixture::new();
    let fresh = fx.place("german_squad", "13");
    let spent = fx.place("german_squad", "13");
    fx.spend(spent);
    fx.s.attack.kind = AttackKind::Direct;
    fx.s.attack.attacker = Side::Rangers;
    fx.s.attack.area = fx.area("13");
    let targets = fx.s.personnel_in(&fx.g.rules, Side::Germans, fx.area("13"));
    casualties::begin(&fx.g.rules, &mut fx.s, Side::Germans, targets, 3, false);
    let choice = ScriptedBot::default().choose(&fx.g, &fx.s, &mut game_rng(1, 0));
    assert!(
        matches!(choice, Action::Flip(u) | Action::Retreat { unit: u, .. } if u == fresh || u == spent),
        "keeps strength: {choice:?}"
    );
    assert!(!matches!(choice, Action::Eliminate(_)));
}
