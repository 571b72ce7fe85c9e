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

#[cfg(test)]
mod tests {
    use super::{ones, ones128};

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
}
