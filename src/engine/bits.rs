//! Sets of small numbers (counters, units, hexes) as bit masks.

/// The set bits of `mask`, lowest first.
pub fn ones(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// The set bits of a 128-bit `mask` (a board's hexes), lowest first.
pub fn ones128(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// The index of the `n`-th set bit of `mask` (counting from 0, lowest first), as
/// `ones(mask).nth(n)`: how random play picks its choice from a set. `n` follows a random
/// draw, so a loop of `n` steps ends where no branch predictor can know; with BMI2 (the
/// native build on this project's machines) one bit deposit finds it instead. `n` must be
/// below the number of set bits.
pub fn nth_one(mask: u64, n: u32) -> usize {
    debug_assert!(
        n < mask.count_ones(),
        "bit {n} of a set of {}",
        mask.count_ones()
    );
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: `_pdep_u64` needs BMI2, which the target of this build has (the cfg above).
    let at = unsafe { std::arch::x86_64::_pdep_u64(1 << n, mask) }.trailing_zeros();
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    let at = nth_one_stepwise(mask, n);
    at as usize
}

/// `nth_one` without BMI2: clear the lowest set bit `n` times.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
fn nth_one_stepwise(mut mask: u64, n: u32) -> u32 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// `nth_one` of a 128-bit `mask` (a board's hexes).
pub fn nth_one128(mask: u128, n: u32) -> usize {
    let low = mask as u64;
    let in_low = low.count_ones();
    if n < in_low {
        nth_one(low, n)
    } else {
        64 + nth_one((mask >> 64) as u64, n - in_low)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ones_lists_the_set_bits_lowest_first() {
        assert_eq!(ones(0).count(), 0);
        assert_eq!(ones(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(ones(1 << 63).collect::<Vec<_>>(), vec![63]);
        assert_eq!(
            ones128(1 << 127 | 1 << 64 | 2).collect::<Vec<_>>(),
            vec![1, 64, 127]
        );
    }

    #[test]
    fn nth_one_is_the_nth_set_bit_lowest_first() {
        let masks = (0..2000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        for m in masks.chain([1, 1 << 63, u64::MAX]) {
            for (n, bit) in ones(m).enumerate() {
                assert_eq!(nth_one(m, n as u32), bit, "mask {m:#x}, n {n}");
                assert_eq!(nth_one_stepwise(m, n as u32) as usize, bit);
            }
            let wide = u128::from(m) << 64 | u128::from(m.rotate_left(7));
            for (n, bit) in ones128(wide).enumerate() {
                assert_eq!(nth_one128(wide, n as u32), bit, "mask {wide:#x}, n {n}");
            }
        }
    }
}
