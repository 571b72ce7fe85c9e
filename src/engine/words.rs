//! Small pieces of English shared by every game's texts.

/// `n` and the noun, in the plural unless `n` is 1: "1 Area", "25 Areas", "0 units" (the
/// nouns of the games' texts all take an "s").
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    match n.into() {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// Items as a sentence lists them: "a", "a and b", "a, b and c".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `text` without the reading notes' ambiguity ids ("AMBIG-19"), which mean nothing to a
/// reader of the screen: the rule numbers beside them say where the reading is.
/// "(7.5.3; AMBIG-19)" → "(7.5.3)", "(digest AMBIG-32)" and " (AMBIG-45)" go whole.
pub fn without_ambiguity_ids(text: &str) -> String {
    const TAG: &str = "AMBIG-";
    let mut out = text.to_string();
    while let Some(at) = out.find(TAG) {
        let digits = out[at + TAG.len()..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(out.len() - at - TAG.len());
        let (mut start, mut end) = (at, at + TAG.len() + digits);
        if let Some(p) = ["; ", ", ", "digest "]
            .iter()
            .find(|p| out[..start].ends_with(*p))
        {
            start -= p.len();
        }
        if out[..start].ends_with(" (") && out[end..].starts_with(')') {
            start -= 2;
            end += 1;
        }
        out.replace_range(start..end, "");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ambiguity_ids_leave_the_text_whole() {
        for (text, shown) in [
            (
                "allowed (7.5.3, 6.4.1; AMBIG-19): why",
                "allowed (7.5.3, 6.4.1): why",
            ),
            (
                "not in the text (digest AMBIG-32): 10",
                "not in the text: 10",
            ),
            ("built it (AMBIG-45), which", "built it, which"),
            ("AMBIG-7 first", " first"),
            ("no id here", "no id here"),
        ] {
            assert_eq!(without_ambiguity_ids(text), shown);
        }
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u8, "Area"), "1 Area");
        assert_eq!(counted(25u8, "Area"), "25 Areas");
        assert_eq!(counted(0u32, "unit"), "0 units");
    }
}
