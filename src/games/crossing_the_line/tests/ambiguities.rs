//! Every ambiguity of the reading notes (`shared/notes/crossing-the-line-digest.md`, section
//! 5: AMBIG-1 to AMBIG-45) is decided beside the code that decides it, or the README lists it
//! as not arising in the scenarios played.

use std::path::Path;

/// The ambiguities section 5 of the digest numbers.
const AMBIGUITIES: u32 = 45;

/// The text of every source and data file under `dir`.
fn texts(dir: &Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).expect("the game's folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            texts(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs" || e == "toml") {
            out.push_str(&std::fs::read_to_string(&path).expect("a text file"));
        }
    }
}

/// Whether `text` names AMBIG-`n` (not AMBIG-`n`0 …).
fn cites(text: &str, n: u32) -> bool {
    let tag = format!("AMBIG-{n}");
    text.match_indices(&tag).any(|(i, _)| {
        !text[i + tag.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

#[test]
fn every_ambiguity_of_the_digest_is_decided_beside_the_code_or_listed_as_not_arising() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut code = String::new();
    texts(&root.join("src/games/crossing_the_line"), &mut code);
    // Only this file's own text would cite them all: leave it out.
    let this = include_str!("ambiguities.rs");
    let code = code.replace(this, "");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let not_arising = readme
        .split("do not arise in the four scenarios played:")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("the README's list of ambiguities that do not arise");
    let missing: Vec<u32> = (1..=AMBIGUITIES)
        .filter(|&n| !cites(&code, n) && !cites(not_arising, n))
        .collect();
    assert!(missing.is_empty(), "AMBIG-n decided nowhere: {missing:?}");
    let both: Vec<u32> = (1..=AMBIGUITIES)
        .filter(|&n| cites(&code, n) && cites(not_arising, n))
        .collect();
    assert!(
        both.is_empty(),
        "listed as not arising yet cited in the code: {both:?}"
    );
}
