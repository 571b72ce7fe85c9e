//! 11.1–11.5: the example of play, replayed through the engine with the printed dice.

use super::super::combat::{attack_value, defense_value};
use super::super::data::{DefenseStrategy, Terrain};
use super::super::state::{Roll, Step, Support};
use super::super::turn;
use super::super::CombatResult;
use super::{Action, Fixture};

#[test]
fn rule_11_example_of_play_av_15_dv_13_at_20_dt_19_stalemate_through_fanatic() {
    let mut f = Fixture::combat();
    // Before the example: Area 12 taken on Turn 1, held by two infantry companies; Morale 17.
    f.vacate(12);
    let i = f.put("I", 12);
    let k = f.put("K", 12);
    f.set_loc(f.unit("Botts"), 1);
    f.s.morale = 17;
    f.s.turn = 2;
    turn::start_turn(f.game.rules(), &mut f.s);

    // 11.1 Dawn: the M-12/A reinforcement goes to Area 12.
    assert_eq!(f.s.step, Step::Reinforcements);
    let m12 = f.unit("M-12/A");
    f.act(Action::Place(11));
    assert_eq!(f.s.loc[usize::from(m12)], 11);

    // 11.2 Random Event: 3d6 = 9, Rain.
    assert_eq!(f.s.step, Step::Roll(Roll::RandomEvent));
    f.roll(Action::Dice(9));
    assert!(f.s.rain);

    // 11.3 Supply: 3d6 = 12; 5 Artillery (5), 2 Engineer (4), 1 Armor (3); no Air in Rain.
    f.roll(Action::Dice(12));
    assert_eq!(f.s.supply, 12);
    assert!(!f.legal().contains(&Action::Buy(Support::Air)));
    for _ in 0..5 {
        f.act(Action::Buy(Support::Artillery));
    }
    for _ in 0..2 {
        f.act(Action::Buy(Support::Engineer));
    }
    f.act(Action::Buy(Support::Armor));
    assert_eq!(f.s.supply, 0);
    assert_eq!(f.s.support, [5, 2, 1, 0]);
    f.act(Action::Pass);

    // 11.4 Combat: all of Area 12 moves to Area 13 (4 MF, unrevealed) and must attack.
    assert_eq!(f.s.step, Step::ActionRound);
    f.act(Action::Activate(11));
    for u in [m12, i, k] {
        f.act(Action::Select(u));
        f.act(Action::Move { to: 12, via: 11 });
    }
    assert!(
        !f.legal().contains(&Action::Pass),
        "9.1: the attack is mandatory"
    );
    f.act(Action::Attack(12));
    assert_eq!(f.s.step, Step::Reveal);
    let fanatic = f.counter("U7");
    assert_eq!(
        f.game.rules().germans[usize::from(fanatic)].strategy,
        DefenseStrategy::Fanatic
    );
    assert_eq!(f.game.rules().terrain[12], Terrain::Urban);
    f.roll(Action::Draw(fanatic));
    f.act(Action::Lead(m12));
    f.act(Action::Allot(Support::Artillery));
    f.act(Action::Allot(Support::Engineer));
    f.act(Action::Allot(Support::Armor));
    // No support is left to allot (Air: no point on the track): the dice at once.
    assert_eq!(f.s.step, Step::Roll(super::super::Roll::Attack));
    assert_eq!(attack_value(f.game.rules(), &f.s), 15);
    assert_eq!(defense_value(f.game.rules(), &f.s), 13);
    f.roll(Action::Dice(5));
    let at = attack_value(f.game.rules(), &f.s) + 5;
    f.s.attack.defense_dice = 6;
    let dt = defense_value(f.game.rules(), &f.s) + 6;
    assert_eq!((at, dt), (20, 19));
    assert_eq!(
        super::super::combat::result(f.game.rules(), &f.s),
        CombatResult::Stalemate
    );
    f.roll(Action::Dice(6));

    // Stalemate: the units are Spent, the German unit stays in Area 13, revealed; no Morale
    // change; the markers went down one space each.
    assert_eq!(f.s.german[12], fanatic);
    assert_eq!(f.s.fresh & (1 << m12 | 1 << i | 1 << k), 0);
    assert_eq!(f.s.morale, 17);
    assert_eq!(f.s.support, [4, 1, 0, 0]);
    // Voluntary retreat (9.5.4 Stalemate): the units stay.
    while f.s.step == Step::Retreat {
        f.act(Action::Stay);
    }
    assert_eq!(f.s.loc[usize::from(m12)], 12);

    // 11.5 End Phase: Spent units flip back, the turn advances, Rain ends.
    while f.s.step != Step::ActionRound {
        let a = f.legal()[0];
        f.act(a);
    }
    f.act(Action::Pass);
    assert_eq!(f.s.turn, 3);
    assert!(!f.s.rain);
    assert_ne!(f.s.fresh & 1 << m12, 0);
    // 11.4 note: Fanatic does not apply again on Turn 3.
    assert_eq!(f.s.german[12], fanatic);
}
