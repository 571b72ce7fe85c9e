//! Chances and rates printed in percent, honestly: a rate that is not 0 never prints as 0.

/// The fraction `p` in percent with `decimals` decimals, or with two significant digits of
/// what separates it from 0% or 100% when that would round away: 3 wins in 1,000,000 games
/// print `0.00030`, not `0.00`, and 999,997 print `99.99970`, not `100.00`.
pub fn percent(p: f64, decimals: usize) -> String {
    let unit = 0.5 * 10f64.powi(-(decimals as i32));
    // Below this the gap is the arithmetic's rounding (a Wilson bound of 100% computes as
    // 99.999999999999986, and 1 − a sum of chances as −1e-17), not a rate: no count of games
    // comes near it.
    const NOISE: f64 = 1e-9;
    // A rate a hair below 0 is 0: never "-0".
    let x = match 100.0 * p {
        x if x.abs() < NOISE => 0.0,
        x => x,
    };
    // How far from the end the rate is, when it is close enough to round onto it.
    let gap = if x > NOISE && x < unit {
        x
    } else if x < 100.0 - NOISE && x > 100.0 - unit {
        100.0 - x
    } else {
        return format!("{x:.decimals$}");
    };
    let digits = (-gap.log10()).floor() as usize + 2;
    format!("{x:.digits$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_that_rounds_to_0_or_100_percent_prints_enough_digits_to_show_it_does_not() {
        assert_eq!(percent(3.0 / 1_000_000.0, 2), "0.00030");
        assert_eq!(percent(1.0 - 3.0 / 1_000_000.0, 2), "99.99970");
        assert_eq!(percent(0.0004, 1), "0.040");
        assert_eq!(percent(0.0, 2), "0.00");
        assert_eq!(percent(1.0, 2), "100.00");
        assert_eq!(percent(1.0 - 1.4e-16, 2), "100.00", "rounding, not a rate");
        assert_eq!(percent(0.4531, 2), "45.31");
    }

    #[test]
    fn a_rate_a_hair_below_0_prints_as_0_not_minus_0() {
        assert_eq!(percent(-1e-17, 0), "0");
        assert_eq!(percent(-1e-17, 2), "0.00");
        assert_eq!(percent(1.0 - (0.1 + 0.2 + 0.7), 0), "0");
    }
}
