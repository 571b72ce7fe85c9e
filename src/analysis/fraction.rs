//! Exact probabilities: a fraction of two `u128` kept in lowest terms.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Sub};

/// A non-negative fraction `num/den` in lowest terms (`den > 0`; zero is `0/1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fraction {
    num: u128,
    den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Least common multiple (`lcm(0, x)` is `x`).
pub fn lcm(a: u128, b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a.max(b);
    }
    (a / gcd(a, b))
        .checked_mul(b)
        .expect("exact probability denominator overflows u128")
}

impl Fraction {
    pub const ZERO: Fraction = Fraction { num: 0, den: 1 };
    pub const ONE: Fraction = Fraction { num: 1, den: 1 };

    /// `num/den` reduced. Panics on a zero denominator.
    pub fn new(num: u128, den: u128) -> Fraction {
        assert!(den != 0, "fraction with a zero denominator");
        let g = gcd(num, den);
        Fraction {
            num: num / g,
            den: den / g,
        }
    }

    pub fn num(self) -> u128 {
        self.num
    }

    pub fn den(self) -> u128 {
        self.den
    }

    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    /// The nearest `f64`.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl Default for Fraction {
    fn default() -> Self {
        Fraction::ZERO
    }
}

impl Add for Fraction {
    type Output = Fraction;
    fn add(self, o: Fraction) -> Fraction {
        let l = lcm(self.den, o.den);
        let a = self.num * (l / self.den);
        let b = o.num * (l / o.den);
        Fraction::new(a.checked_add(b).expect("fraction overflow"), l)
    }
}

impl Sub for Fraction {
    type Output = Fraction;
    /// Panics if the result would be negative.
    fn sub(self, o: Fraction) -> Fraction {
        let l = lcm(self.den, o.den);
        let a = self.num * (l / self.den);
        let b = o.num * (l / o.den);
        Fraction::new(a.checked_sub(b).expect("negative fraction"), l)
    }
}

impl Mul for Fraction {
    type Output = Fraction;
    fn mul(self, o: Fraction) -> Fraction {
        // Cross-reduce first to keep the numbers small.
        let g1 = gcd(self.num, o.den).max(1);
        let g2 = gcd(o.num, self.den).max(1);
        let num = (self.num / g1)
            .checked_mul(o.num / g2)
            .expect("fraction overflow");
        let den = (self.den / g2)
            .checked_mul(o.den / g1)
            .expect("fraction overflow");
        Fraction::new(num, den)
    }
}

impl Div for Fraction {
    type Output = Fraction;
    /// Panics on division by zero.
    fn div(self, o: Fraction) -> Fraction {
        assert!(o.num != 0, "division of a fraction by zero");
        self * Fraction {
            num: o.den,
            den: o.num,
        }
    }
}

impl std::iter::Sum for Fraction {
    fn sum<I: Iterator<Item = Fraction>>(iter: I) -> Fraction {
        iter.fold(Fraction::ZERO, Add::add)
    }
}

impl Ord for Fraction {
    fn cmp(&self, o: &Fraction) -> Ordering {
        let l = lcm(self.den, o.den);
        (self.num * (l / self.den)).cmp(&(o.num * (l / o.den)))
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, o: &Fraction) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// `n/d` in lowest terms (`0/1`, `1/1`).
impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_reduce_and_add() {
        let a = Fraction::new(6, 36);
        assert_eq!(a.to_string(), "1/6");
        assert_eq!((a + Fraction::new(1, 3)).to_string(), "1/2");
        assert_eq!((Fraction::ONE - a).to_string(), "5/6");
        assert_eq!((a * Fraction::new(3, 5)).to_string(), "1/10");
        assert_eq!((a / Fraction::new(5, 6)).to_string(), "1/5");
        assert_eq!(Fraction::new(0, 7), Fraction::ZERO);
        assert!(Fraction::new(1, 3) < Fraction::new(1, 2));
        assert_eq!(
            [Fraction::new(1, 6); 6].into_iter().sum::<Fraction>(),
            Fraction::ONE
        );
    }
}
