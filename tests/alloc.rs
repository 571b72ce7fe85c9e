//! The hot path allocates nothing: `legal_actions`, `chance_outcomes` and `apply` over whole
//! random games of Rudder's Line and Cross of Iron, counted by a global allocator that
//! tallies every allocation.

use rand::Rng;
use sandtable::engine::game::sample_chance;
use sandtable::engine::{game_rng, Actor, Game};
use sandtable::games::cross_of_iron::CrossOfIron;
use sandtable::games::rudders_line::RuddersLine;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn legal_actions_chance_outcomes_and_apply_never_allocate() {
    never_allocates(&RuddersLine::embedded().expect("embedded data"));
    never_allocates(&CrossOfIron::embedded().expect("embedded data"));
}

fn never_allocates<G: Game>(game: &G) {
    let mut legal = Vec::with_capacity(1024);
    let mut chance = Vec::with_capacity(64);
    let mut steps = 0;
    for i in 0..50 {
        let mut rng = game_rng(3, i);
        let mut s = game.initial_state();
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        loop {
            let a = match game.actor(&s) {
                Actor::Terminal => break,
                Actor::Chance => {
                    game.chance_outcomes(&s, &mut chance);
                    sample_chance(&chance, &mut rng)
                }
                Actor::Player(_) => {
                    game.legal_actions(&s, &mut legal);
                    legal[rng.random_range(0..legal.len())]
                }
            };
            game.apply(&mut s, a);
            steps += 1;
        }
        let after = ALLOCATIONS.load(Ordering::Relaxed);
        assert_eq!(
            after - before,
            0,
            "game {i} allocated {} times",
            after - before
        );
    }
    assert!(steps > 1000, "the games were played ({steps} steps)");
}
