//! A generic exact enumerator over chance: a distribution is a list of outcomes with integer
//! weights over a common total, so sums of dice, independent rolls and draws without
//! replacement combine without rounding, and each probability is an exact [`Fraction`].

use super::fraction::{lcm, Fraction};
use crate::engine::dice;

/// Outcomes of type `T` with exact weights: `P(t) = weight / total`. Equal outcomes are
/// merged, in the order they first appear.
#[derive(Clone, Debug, PartialEq)]
pub struct Dist<T> {
    items: Vec<(T, u128)>,
    total: u128,
}

impl<T: Clone + PartialEq> Dist<T> {
    /// From `(outcome, weight)` pairs (the form `engine::dice` and `Game::chance_outcomes`
    /// use). Panics if every weight is zero.
    pub fn from_weights<W: Into<u128>>(pairs: impl IntoIterator<Item = (T, W)>) -> Dist<T> {
        let mut d = Dist {
            items: Vec::new(),
            total: 0,
        };
        for (t, w) in pairs {
            d.push(t, w.into());
        }
        assert!(d.total > 0, "a distribution needs a positive total weight");
        d
    }

    /// One outcome, with probability 1.
    pub fn certain(t: T) -> Dist<T> {
        Dist {
            items: vec![(t, 1)],
            total: 1,
        }
    }

    fn push(&mut self, t: T, w: u128) {
        self.total = self.total.checked_add(w).expect("weight overflow");
        if w == 0 {
            return;
        }
        match self.items.iter_mut().find(|(u, _)| *u == t) {
            Some((_, x)) => *x += w,
            None => self.items.push((t, w)),
        }
    }

    /// The outcomes with their integer weights (over [`Dist::total`]).
    pub fn weights(&self) -> &[(T, u128)] {
        &self.items
    }

    /// The common denominator of the weights.
    pub fn total(&self) -> u128 {
        self.total
    }

    /// Each outcome with its exact probability.
    pub fn probabilities(&self) -> Vec<(T, Fraction)> {
        self.items
            .iter()
            .map(|(t, w)| (t.clone(), Fraction::new(*w, self.total)))
            .collect()
    }

    /// The probability that `pred` holds.
    pub fn prob(&self, pred: impl Fn(&T) -> bool) -> Fraction {
        let w: u128 = self
            .items
            .iter()
            .filter(|(t, _)| pred(t))
            .map(|p| p.1)
            .sum();
        Fraction::new(w, self.total)
    }

    /// The distribution of `f(outcome)`.
    pub fn map<U: Clone + PartialEq>(&self, f: impl Fn(&T) -> U) -> Dist<U> {
        let mut d = Dist {
            items: Vec::new(),
            total: 0,
        };
        for (t, w) in &self.items {
            d.push(f(t), *w);
        }
        d.total = self.total;
        d
    }

    /// A chance step that depends on the outcome so far (a second roll made only on some
    /// results, as the friendly fire roll of Rudder's Line 7.7).
    pub fn and_then<U: Clone + PartialEq>(&self, f: impl Fn(&T) -> Dist<U>) -> Dist<U> {
        let children: Vec<(Dist<U>, u128)> = self.items.iter().map(|(t, w)| (f(t), *w)).collect();
        let common = children.iter().fold(1, |l, (c, _)| lcm(l, c.total));
        let mut d = Dist {
            items: Vec::new(),
            total: 0,
        };
        for (child, w) in &children {
            let scale = w * (common / child.total);
            for (u, cw) in &child.items {
                d.push(u.clone(), cw.checked_mul(scale).expect("weight overflow"));
            }
        }
        d.total = self.total.checked_mul(common).expect("weight overflow");
        d
    }

    /// Two independent chance events together.
    pub fn zip<U: Clone + PartialEq>(&self, other: &Dist<U>) -> Dist<(T, U)> {
        let mut items = Vec::with_capacity(self.items.len() * other.items.len());
        for (t, w) in &self.items {
            for (u, v) in &other.items {
                items.push(((t.clone(), u.clone()), w * v));
            }
        }
        Dist {
            items,
            total: self.total * other.total,
        }
    }
}

impl Dist<u8> {
    /// One die of `sides` faces (`engine::dice::one_die`).
    pub fn die(sides: u8) -> Dist<u8> {
        Dist::from_weights(dice::one_die(sides).map(|(f, w)| (f, u128::from(w))))
    }

    /// 1d6.
    pub fn d6() -> Dist<u8> {
        Dist::die(6)
    }

    /// The sum of `n` dice of `sides` faces (`engine::dice::sum_of`: 2d6, 3d6).
    pub fn sum_of(n: u8, sides: u8) -> Dist<u8> {
        Dist::from_weights(dice::sum_of(n, sides).map(|(t, w)| (t, u128::from(w))))
    }
}

/// Draws of `k` items without replacement from a pool of `(item, copies)`: each result is
/// the multiset drawn, sorted (a face-down counter pool, a chit cup).
pub fn without_replacement<T: Clone + Ord>(pool: &[(T, u32)], k: usize) -> Dist<Vec<T>> {
    let counts: Vec<u32> = pool.iter().map(|p| p.1).collect();
    let mut d = Dist::certain((Vec::new(), counts));
    for _ in 0..k {
        d = d.and_then(|(drawn, left)| {
            let n: u32 = left.iter().sum();
            assert!(n > 0, "drawing from an empty pool");
            Dist::from_weights(left.iter().enumerate().filter(|p| *p.1 > 0).map(|(i, &c)| {
                let mut drawn = drawn.clone();
                drawn.push(pool[i].0.clone());
                drawn.sort();
                let mut left = left.clone();
                left[i] -= 1;
                ((drawn, left), u128::from(c))
            }))
        });
    }
    d.map(|(drawn, _)| drawn.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_dice_sum_like_the_engine() {
        let s = Dist::d6().zip(&Dist::d6()).map(|(a, b)| a + b);
        assert_eq!(s.prob(|&t| t == 7), Fraction::new(1, 6));
        assert_eq!(s.probabilities(), Dist::sum_of(2, 6).probabilities());
    }

    #[test]
    fn conditional_rolls_keep_exact_weights() {
        // A d6; on a 6 roll a d2 and add it.
        let d = Dist::d6().and_then(|&a| {
            if a == 6 {
                Dist::die(2).map(move |&b| a + b)
            } else {
                Dist::certain(a)
            }
        });
        assert_eq!(d.prob(|&t| t == 8), Fraction::new(1, 12));
        assert_eq!(d.prob(|_| true), Fraction::ONE);
    }

    #[test]
    fn draws_without_replacement_are_hypergeometric() {
        // 3 red, 2 blue, draw 2: P(2 red) = 3/10, P(1 each) = 6/10, P(2 blue) = 1/10.
        let d = without_replacement(&[('b', 2), ('r', 3)], 2);
        assert_eq!(d.prob(|v| v == &['r', 'r']), Fraction::new(3, 10));
        assert_eq!(d.prob(|v| v == &['b', 'r']), Fraction::new(3, 5));
        assert_eq!(d.prob(|v| v == &['b', 'b']), Fraction::new(1, 10));
    }
}
