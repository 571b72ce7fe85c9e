//! Seeding: game `i` of a run with seed `s` draws from its own named generator, so results
//! do not depend on how games are spread over threads.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The generator every game uses.
pub type GameRng = Pcg64Mcg;

/// SplitMix64 step: a well-mixed 64-bit value from any input.
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` in a run seeded with `run_seed`.
pub fn game_seed(run_seed: u64, index: u64) -> u64 {
    splitmix64(splitmix64(run_seed) ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03))
}

/// The generator of game `index` in a run seeded with `run_seed`.
pub fn game_rng(run_seed: u64, index: u64) -> GameRng {
    GameRng::seed_from_u64(game_seed(run_seed, index))
}

/// The searching bots' generator of the game seeded `game_seed` (see `Bot::searches`): a
/// stream apart from the dice's.
pub fn search_rng(game_seed: u64) -> GameRng {
    GameRng::seed_from_u64(splitmix64(game_seed ^ SEARCH_STREAM))
}

/// Names the searching bots' stream ("search" in ASCII).
const SEARCH_STREAM: u64 = 0x7365_6172_6368;

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn games_of_a_run_get_distinct_reproducible_streams() {
        let a: u64 = game_rng(1, 0).random();
        let b: u64 = game_rng(1, 1).random();
        let a2: u64 = game_rng(1, 0).random();
        assert_ne!(a, b);
        assert_eq!(a, a2);
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }
}
