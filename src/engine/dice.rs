//! Dice as exact weighted outcome lists: the weights are the number of ways each result
//! can be rolled, so enumeration and sampling share one source of truth. The `roll_*`
//! functions draw the same sums directly, one random number a roll, for the hot path of
//! random play (their tables are checked against the weighted lists).

use rand::Rng;

/// Faces of one die with `sides` faces: (face, 1) for 1..=sides.
pub fn one_die(sides: u8) -> impl Iterator<Item = (u8, u32)> {
    (1..=sides).map(|f| (f, 1))
}

/// One six-sided die (rulebooks: "1d6").
pub fn d6() -> impl Iterator<Item = (u8, u32)> {
    one_die(6)
}

/// One ten-sided die, faces 1..=10 (a rulebook's "0" is read as 10 by the game).
pub fn d10() -> impl Iterator<Item = (u8, u32)> {
    one_die(10)
}

/// Number of ways `n` dice of `sides` faces sum to `total`.
pub fn ways(n: u8, sides: u8, total: u32) -> u32 {
    if n == 0 {
        return u32::from(total == 0);
    }
    (1..=u32::from(sides))
        .filter(|&f| f <= total)
        .map(|f| ways(n - 1, sides, total - f))
        .sum()
}

/// Sums of `n` dice of `sides` faces with their exact number of ways (2d6: 2..=12, weights
/// 1,2,3,4,5,6,5,4,3,2,1).
pub fn sum_of(n: u8, sides: u8) -> impl Iterator<Item = (u8, u32)> {
    let lo = u32::from(n);
    let hi = u32::from(n) * u32::from(sides);
    (lo..=hi).map(move |t| (t as u8, ways(n, sides, t)))
}

/// Ways to roll each 2d6 sum 2..=12 (the same numbers `ways(2, 6, sum)` computes), kept as a
/// table because weapon-survival rolls (Rudder's Line 2.63) sit on the hot path.
const TWO_D6_WAYS: [u32; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// 2d6 sums.
pub fn two_d6() -> impl Iterator<Item = (u8, u32)> {
    (2u8..=12).zip(TWO_D6_WAYS)
}

/// Ways to roll each 3d6 sum 3..=18 (`ways(3, 6, sum)`), a table for the same reason: Aachen
/// rolls 3d6 twice a turn.
const THREE_D6_WAYS: [u32; 16] = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];

/// 3d6 sums.
pub fn three_d6() -> impl Iterator<Item = (u8, u32)> {
    (3u8..=18).zip(THREE_D6_WAYS)
}

/// The sum of each of the 6ⁿ equally likely rolls of `N` dice, in order: drawing one entry
/// uniformly rolls the dice with a single random number (a sampler needs no outcome list).
const fn roll_sums<const N: usize>(dice: u32) -> [u8; N] {
    let mut sums = [0u8; N];
    let mut i = 0;
    while i < N {
        let (mut rest, mut d, mut sum) = (i, 0, 0);
        while d < dice {
            sum += rest % 6 + 1;
            rest /= 6;
            d += 1;
        }
        sums[i] = sum as u8;
        i += 1;
    }
    sums
}

const TWO_D6_ROLLS: [u8; 36] = roll_sums(2);
const THREE_D6_ROLLS: [u8; 216] = roll_sums(3);

/// Rolls 1d6: each face with probability 1/6, as `d6` weighs them.
pub fn roll_d6<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    rng.random_range(1..=6)
}

/// Rolls 2d6 and returns the sum, with the probabilities `two_d6` weighs.
pub fn roll_2d6<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    TWO_D6_ROLLS[rng.random_range(0..TWO_D6_ROLLS.len())]
}

/// Rolls 3d6 and returns the sum, with the probabilities `three_d6` weighs.
pub fn roll_3d6<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    THREE_D6_ROLLS[rng.random_range(0..THREE_D6_ROLLS.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many of a roll table's entries give each sum, as (sum, ways) from the lowest sum.
    fn ways_in(rolls: &[u8]) -> Vec<(u8, u32)> {
        let mut ways = std::collections::BTreeMap::new();
        for &sum in rolls {
            *ways.entry(sum).or_insert(0) += 1;
        }
        ways.into_iter().collect()
    }

    #[test]
    fn the_roll_tables_give_each_sum_as_many_ways_as_the_weighted_lists() {
        assert_eq!(ways_in(&TWO_D6_ROLLS), two_d6().collect::<Vec<_>>());
        assert_eq!(ways_in(&THREE_D6_ROLLS), three_d6().collect::<Vec<_>>());
    }

    #[test]
    fn rolled_dice_stay_in_range() {
        let mut rng = crate::engine::game_rng(1, 0);
        for _ in 0..1000 {
            assert!((1..=6).contains(&roll_d6(&mut rng)));
            assert!((2..=12).contains(&roll_2d6(&mut rng)));
            assert!((3..=18).contains(&roll_3d6(&mut rng)));
        }
    }

    #[test]
    fn two_d6_table_matches_the_counted_ways() {
        assert!(two_d6().eq(sum_of(2, 6)));
    }

    #[test]
    fn two_d6_weights_are_the_ways_to_roll_each_sum() {
        let w: Vec<u32> = two_d6().map(|(_, w)| w).collect();
        assert_eq!(w, vec![1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
        assert_eq!(two_d6().map(|(_, w)| w).sum::<u32>(), 36);
    }

    #[test]
    fn three_d6_table_matches_the_counted_ways() {
        assert!(three_d6().eq(sum_of(3, 6)));
    }

    #[test]
    fn three_d6_has_216_ways_and_27_ways_to_roll_10() {
        assert_eq!(three_d6().map(|(_, w)| w).sum::<u32>(), 216);
        assert_eq!(three_d6().find(|&(s, _)| s == 10).unwrap().1, 27);
    }

    #[test]
    fn d6_and_d10_are_uniform() {
        assert_eq!(d6().count(), 6);
        assert!(d10().all(|(_, w)| w == 1));
        assert_eq!(d10().last(), Some((10, 1)));
    }
}
