//! Small pieces of English shared by every game's texts.

/// `n` and the noun, in the plural unless `n` is 1: "1 Area", "25 Areas", "0 units" (the
/// nouns of the games' texts all take an "s").
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    match n.into() {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u8, "Area"), "1 Area");
        assert_eq!(counted(25u8, "Area"), "25 Areas");
        assert_eq!(counted(0u32, "unit"), "0 units");
    }
}
