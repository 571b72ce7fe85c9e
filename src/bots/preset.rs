//! Bot presets: TOML files naming a kind of bot and its settings. The presets in the
//! repository's `bots/` folder are embedded, so `--bots mcts-fast` works anywhere; a path to a
//! TOML file of the same form works too.

use super::mcts::{MctsBot, MctsConfig, RolloutFactory};
use super::{Bot, RandomBot};
use crate::engine::Game;
use serde::Deserialize;
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotKind {
    Random,
    /// The game's own scripted bot.
    Scripted,
    Mcts,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Preset {
    pub name: String,
    pub kind: BotKind,
    #[serde(default)]
    pub description: String,
    /// Search settings (kind = "mcts").
    #[serde(default)]
    pub mcts: Option<MctsConfig>,
}

/// The presets shipped in `bots/`.
pub const EMBEDDED: &[(&str, &str)] = &[
    ("random", include_str!("../../bots/random.toml")),
    ("scripted", include_str!("../../bots/scripted.toml")),
    ("mcts-fast", include_str!("../../bots/mcts-fast.toml")),
    ("mcts-strong", include_str!("../../bots/mcts-strong.toml")),
];

/// Names of the embedded presets.
pub fn names() -> Vec<&'static str> {
    EMBEDDED.iter().map(|(n, _)| *n).collect()
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PresetError {
    #[error("unknown bot '{name}' (presets: {known}; or the path of a preset TOML file)")]
    Unknown { name: String, known: String },
    #[error("{file}: {message}")]
    Bad { file: String, message: String },
}

/// The preset called `name`, or read from the file at path `name`.
pub fn load(name: &str) -> Result<Preset, PresetError> {
    if let Some((_, text)) = EMBEDDED.iter().find(|(n, _)| *n == name) {
        return parse(text, &format!("embedded preset {name}"));
    }
    let path = Path::new(name);
    if path.is_file() {
        let text = std::fs::read_to_string(path).map_err(|e| PresetError::Bad {
            file: name.to_string(),
            message: e.to_string(),
        })?;
        return parse(&text, name);
    }
    Err(PresetError::Unknown {
        name: name.to_string(),
        known: names().join(", "),
    })
}

fn parse(text: &str, file: &str) -> Result<Preset, PresetError> {
    let bad = |message: String| PresetError::Bad {
        file: file.to_string(),
        message: message.lines().map(str::trim).collect::<Vec<_>>().join(" "),
    };
    let preset: Preset = toml::from_str(text).map_err(|e| bad(e.to_string()))?;
    if preset.kind == BotKind::Mcts && preset.mcts.is_none() {
        return Err(bad("kind = \"mcts\" needs an [mcts] table".into()));
    }
    Ok(preset)
}

impl Preset {
    /// The bot for a game; `scripted` makes the game's scripted bot (None if it has none).
    pub fn build<G>(&self, scripted: Option<RolloutFactory<G>>) -> Option<Box<dyn Bot<G>>>
    where
        G: Game + 'static,
        G::Action: 'static,
        G::State: 'static,
    {
        match self.kind {
            BotKind::Random => Some(Box::new(RandomBot::<G::Action>::default())),
            BotKind::Scripted => scripted.map(|f| f()),
            BotKind::Mcts => {
                let config = self.mcts.clone().unwrap_or_default();
                if config.rollout == super::mcts::RolloutPolicy::Scripted && scripted.is_none() {
                    return None;
                }
                Some(Box::new(MctsBot::new(&self.name, config, scripted)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_preset_parses_and_carries_its_name() {
        for (name, _) in EMBEDDED {
            assert_eq!(load(name).unwrap().name, *name);
        }
    }

    #[test]
    fn unknown_names_and_bad_files_are_one_line_errors() {
        let e = load("no-such-bot").unwrap_err().to_string();
        assert!(e.contains("mcts-fast") && !e.contains('\n'), "{e}");
        let dir = std::env::temp_dir().join(format!("sandtable-preset-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("bad.toml");
        std::fs::write(
            &file,
            "name = \"x\"\nkind = \"mcts\"\n[mcts]\niterations = \"many\"\n",
        )
        .unwrap();
        let e = load(file.to_str().unwrap()).unwrap_err().to_string();
        assert!(e.contains("bad.toml") && !e.contains('\n'), "{e}");
    }
}
