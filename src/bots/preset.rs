//! Bot presets: TOML files naming a kind of bot and its settings. The presets in the
//! repository's `bots/` folder are embedded, so `--bots mcts-fast` works anywhere; a path to a
//! TOML file of the same form works too.

use super::mcts::{MctsBot, MctsConfig, RolloutFactory};
use super::{Bot, RandomBot};
use crate::engine::data::{key_path, toml_reason, unprintable};
use crate::engine::Game;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::{Mutex, OnceLock};

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
    /// Search settings that differ in one game, by game id (`[games.crossing-the-line]`):
    /// any `[mcts]` field, laid over that table when the bot plays that game; and within it
    /// in one scenario, by scenario id (`[games.crossing-the-line.stolberg-corridor]`), laid
    /// over both.
    #[serde(default)]
    pub games: BTreeMap<String, toml::Table>,
    /// The `[mcts]` table as written, which `games` entries are laid over.
    #[serde(skip)]
    mcts_table: toml::Table,
    /// Iterations a decision named after the preset (`mcts-fast@1600`), over every other
    /// setting.
    #[serde(skip)]
    budget: Option<u32>,
}

/// The presets shipped in `bots/`.
pub const EMBEDDED: &[(&str, &str)] = &[
    ("random", include_str!("../../bots/random.toml")),
    ("scripted", include_str!("../../bots/scripted.toml")),
    ("mcts-fast", include_str!("../../bots/mcts-fast.toml")),
    ("mcts-strong", include_str!("../../bots/mcts-strong.toml")),
    ("easy", include_str!("../../bots/easy.toml")),
    ("medium", include_str!("../../bots/medium.toml")),
    ("hard", include_str!("../../bots/hard.toml")),
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

/// The presets read so far in this process, by the name they were asked for.
static LOADED: OnceLock<Mutex<HashMap<String, Preset>>> = OnceLock::new();

/// The preset called `name`, or read from the file at path `name`; `NAME@N` is MCTS preset
/// `NAME` with a budget of N iterations a decision (`mcts-fast@1600`). Each name is read and
/// parsed once a process: runs make fresh bots for every game, and parsing TOML each time
/// cost `balance` about a tenth of its time.
pub fn load(name: &str) -> Result<Preset, PresetError> {
    let loaded = LOADED.get_or_init(Default::default);
    if let Some(p) = loaded.lock().expect("no panic holds the lock").get(name) {
        return Ok(p.clone());
    }
    let preset = read(name)?;
    loaded
        .lock()
        .expect("no panic holds the lock")
        .insert(name.to_string(), preset.clone());
    Ok(preset)
}

/// What preset `name` is, as a short hash of its settings: two runs that name the same
/// preset file but read different contents (another machine's copy) differ here.
pub fn identity(name: &str) -> Result<String, PresetError> {
    Ok(crate::engine::data::identity(&load(name)?))
}

/// `NAME@N`: the preset's name and the budget of N iterations a decision, if it has one
/// (N need not be valid: `read` checks it).
pub fn with_budget(name: &str) -> Option<(&str, Option<u32>)> {
    let (base, budget) = name.rsplit_once('@')?;
    Some((base, budget.parse().ok().filter(|&n| n > 0)))
}

/// A preset named in a file at `base` (an experiment's spec) as a name to load from anywhere:
/// a preset file's relative path is taken from `base`'s folder, as the spec's `data` is; an
/// embedded preset's name, or an absolute path, is kept.
pub fn anchored(name: &str, base: &Path) -> String {
    let (file, budget) = match name.rsplit_once('@') {
        Some((file, budget)) => (file, Some(budget)),
        None => (name, None),
    };
    let embedded = EMBEDDED.iter().any(|(n, _)| *n == file);
    let a_path = file.ends_with(".toml")
        || file.contains(std::path::MAIN_SEPARATOR)
        || base.join(file).is_file();
    if embedded || !a_path || Path::new(file).is_absolute() {
        return name.to_string();
    }
    let file = base.join(file).display().to_string();
    match budget {
        Some(budget) => format!("{file}@{budget}"),
        None => file,
    }
}

fn read(name: &str) -> Result<Preset, PresetError> {
    let Some((base, budget)) = with_budget(name) else {
        return load_named(name);
    };
    let bad = |message: &str| PresetError::Bad {
        file: name.to_string(),
        message: message.to_string(),
    };
    let most = crate::bots::mcts::MOST_ITERATIONS;
    let budget = budget.filter(|&n| n <= most).ok_or_else(|| {
        bad(&format!(
            "the budget after @ is a whole number of iterations from 1 to {most}"
        ))
    })?;
    if base.contains('@') {
        return Err(bad("one budget at most: NAME@N"));
    }
    let mut preset = load_named(base)?;
    if preset.kind != BotKind::Mcts {
        return Err(bad("only an MCTS preset takes a budget (@iterations)"));
    }
    preset.name = name.to_string();
    preset.budget = Some(budget);
    if let Some(config) = &mut preset.mcts {
        config.iterations = budget;
    }
    Ok(preset)
}

fn load_named(name: &str) -> Result<Preset, PresetError> {
    if let Some((_, text)) = EMBEDDED.iter().find(|(n, _)| *n == name) {
        return parse(text, &format!("embedded preset {name}"));
    }
    let path = Path::new(name);
    if path.is_file() {
        let text = crate::engine::read::read_text(path).map_err(|e| PresetError::Bad {
            file: name.to_string(),
            message: e.to_string(),
        })?;
        return parse(&text, name);
    }
    if path.exists() {
        return Err(PresetError::Bad {
            file: name.to_string(),
            message: "not a preset file (a folder or a device, not a TOML file)".into(),
        });
    }
    // A link that leads nowhere (a loop, a missing target) is a path all the same.
    if std::fs::symlink_metadata(path).is_ok() {
        let e = std::fs::metadata(path).err();
        return Err(PresetError::Bad {
            file: name.to_string(),
            message: e.map_or_else(|| "not a preset file".into(), |e| e.to_string()),
        });
    }
    if name.ends_with(".toml") || name.contains(std::path::MAIN_SEPARATOR) {
        return Err(PresetError::Bad {
            file: name.to_string(),
            message: "no such preset file".into(),
        });
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
    let brief = |e: toml::de::Error| bad(crate::engine::data::toml_brief(&e, text));
    // Another of Sandtable's files is named as what it is (trial 22b F6: a save given as a
    // preset got "unknown field `game`").
    if crate::engine::replay::Replay::parse(text).is_ok() {
        return Err(bad(
            "this is a saved game, not a bot preset (load it with play --load)".into(),
        ));
    }
    let mut preset: Preset = toml::from_str(text).map_err(brief)?;
    if preset.kind == BotKind::Mcts && preset.mcts.is_none() {
        return Err(bad("kind = \"mcts\" needs an [mcts] table".into()));
    }
    // Search settings on a bot that does not search would be dropped without a word.
    if preset.kind != BotKind::Mcts && (preset.mcts.is_some() || !preset.games.is_empty()) {
        return Err(bad(
            "[mcts] and [games] tables set an MCTS preset's search; this preset's kind does \
             not search (leave them out, or give kind = \"mcts\")"
                .into(),
        ));
    }
    if let Some(mcts) = &preset.mcts {
        mcts.check().map_err(|e| bad(format!("[mcts]: {e}")))?;
    }
    if preset.name.trim().is_empty() {
        return Err(bad(
            "name is empty: tables and reports name the bot by it".into()
        ));
    }
    // The name and the description are printed (tables, `hint`): a control or invisible
    // character would be sent to the terminal raw.
    let texts = [("name", &preset.name), ("description", &preset.description)];
    if let Some((key, c)) = texts
        .iter()
        .find_map(|(k, t)| t.chars().find(|&c| unprintable(c)).map(|c| (k, c)))
    {
        return Err(bad(format!(
            "{key}: a control or invisible character (U+{:04X}); write printable characters only",
            u32::from(c)
        )));
    }
    let table: toml::Table = toml::from_str(text).map_err(brief)?;
    if let Some(toml::Value::Table(mcts)) = table.get("mcts") {
        preset.mcts_table = mcts.clone();
        // The budget decides a search's strength and time: it is never a silent default.
        if !mcts.contains_key("iterations") && !mcts.contains_key("time_ms") {
            return Err(bad(
                "[mcts] gives no budget: set iterations (a decision's playouts) or time_ms".into(),
            ));
        }
    }
    both_budgets(&table, "").map_err(bad)?;
    for (game, over) in &preset.games {
        check_game_table(game, over).map_err(bad)?;
        preset
            .config_for(game, None)
            .map_err(|e| bad(format!("[games.{game}]: {e}")))?;
        for scenario in over.iter().filter(|(_, v)| v.is_table()).map(|(k, _)| k) {
            preset
                .config_for(game, Some(scenario))
                .map_err(|e| bad(format!("[games.{game}.{scenario}]: {e}")))?;
        }
    }
    Ok(preset)
}

/// No table of the preset gives both `iterations` and `time_ms`: a time budget replaces the
/// iterations, so one of the two would be silently ignored.
fn both_budgets(table: &toml::Table, at: &str) -> Result<(), String> {
    if table.contains_key("iterations") && table.contains_key("time_ms") {
        return Err(format!(
            "[{at}]: give iterations or time_ms, not both (a time budget replaces the iterations)"
        ));
    }
    for (key, value) in table {
        if let toml::Value::Table(inner) = value {
            let at = if at.is_empty() {
                key.clone()
            } else {
                format!("{at}.{key}")
            };
            both_budgets(inner, &at)?;
        }
    }
    Ok(())
}

/// A `[games.<game>]` table names a game Sandtable knows, and its sub-tables scenarios of
/// that game: a misspelt name would otherwise be silently ignored.
fn check_game_table(game: &str, over: &toml::Table) -> Result<(), String> {
    let Some(info) = crate::registry::GAMES.iter().find(|g| g.id == game) else {
        let known: Vec<&str> = crate::registry::GAMES.iter().map(|g| g.id).collect();
        return Err(format!(
            "[games.{game}]: no game '{game}' (the games: {})",
            known.join(", ")
        ));
    };
    for scenario in over.iter().filter(|(_, v)| v.is_table()).map(|(k, _)| k) {
        if !info.scenarios.contains(&scenario.as_str()) {
            let offered = if info.scenarios.is_empty() {
                "it has one scenario, so no scenario tables".to_string()
            } else {
                format!("its scenarios: {}", info.scenarios.join(", "))
            };
            return Err(format!(
                "[games.{game}.{scenario}]: {game} has no scenario '{scenario}' ({offered})"
            ));
        }
    }
    Ok(())
}

impl Preset {
    /// The search settings for game `game` (an id) in `scenario` (its id, for a game that
    /// has several): `[mcts]` with the game's `[games.<id>]` entries laid over it, and the
    /// scenario's `[games.<id>.<scenario>]` entries over those.
    pub fn mcts_for(&self, game: &str, scenario: Option<&str>) -> MctsConfig {
        self.config_for(game, scenario)
            .expect("every [games] entry was checked when the preset was read")
    }

    /// Whether any of the preset's search settings is a wall-time budget (`time_ms`), in
    /// `[mcts]` or for some game or scenario: such a search does as much as the machine's
    /// speed and load allow, so a seed alone does not fix its games.
    pub fn searches_by_time(&self) -> bool {
        fn timed(t: &toml::Table) -> bool {
            t.contains_key("time_ms") || t.values().any(|v| v.as_table().is_some_and(timed))
        }
        self.kind == BotKind::Mcts && (timed(&self.mcts_table) || self.games.values().any(timed))
    }

    /// The settings for a game and scenario, checked (`MctsConfig::check`).
    fn config_for(&self, game: &str, scenario: Option<&str>) -> Result<MctsConfig, String> {
        let mut table = self.mcts_table.clone();
        if let Some(over) = self.games.get(game) {
            let fields = over.iter().filter(|(_, v)| !v.is_table());
            table.extend(fields.map(|(k, v)| (k.clone(), v.clone())));
            if let Some(toml::Value::Table(s)) = scenario.and_then(|id| over.get(id)) {
                table.extend(s.iter().map(|(k, v)| (k.clone(), v.clone())));
            }
        }
        // Read from the merged table, not from text made of it: a position in that text
        // would be no place in the preset's file.
        let mut config: MctsConfig =
            toml::Value::Table(table)
                .try_into()
                .map_err(|e: toml::de::Error| match key_path(&e) {
                    Some(key) => format!("{key}: {}", toml_reason(&e, "")),
                    None => toml_reason(&e, ""),
                })?;
        if let Some(budget) = self.budget {
            config.iterations = budget;
        }
        config.check()?;
        Ok(config)
    }

    /// The bot for a game and scenario (their ids, for the `[games]` settings); `scripted`
    /// makes the game's scripted bot (None if it has none).
    pub fn build<G>(
        &self,
        game: &str,
        scenario: Option<&str>,
        scripted: Option<RolloutFactory<G>>,
    ) -> Option<Box<dyn Bot<G>>>
    where
        G: Game + 'static,
        G::Action: 'static,
        G::State: 'static,
    {
        match self.kind {
            BotKind::Random => Some(Box::new(RandomBot::<G::Action>::default())),
            BotKind::Scripted => scripted.map(|f| f()),
            BotKind::Mcts => {
                let config = self.mcts_for(game, scenario);
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

    /// A preset names its bot and its search's budget: neither is left to a default.
    #[test]
    fn a_preset_without_a_name_or_a_budget_is_refused() {
        let e = parse("name = \" \"\nkind = \"random\"\n", "x.toml").unwrap_err();
        assert!(e.to_string().contains("name is empty"), "{e}");
        let e = parse("name = \"x\"\nkind = \"mcts\"\n[mcts]\n", "x.toml").unwrap_err();
        assert!(e.to_string().contains("no budget"), "{e}");
        let e = parse("name = \"a\\u009bb\"\nkind = \"random\"\n", "x.toml").unwrap_err();
        assert!(e.to_string().contains("U+009B"), "{e}");
        let timed = "name = \"x\"\nkind = \"mcts\"\n[mcts]\ntime_ms = 50\n";
        assert!(parse(timed, "x.toml").is_ok());
    }

    #[test]
    fn a_games_entry_changes_the_search_in_that_game_only() {
        let text = "name = \"x\"\nkind = \"mcts\"\n[mcts]\niterations = 400\nrollout_depth = 0\n\
                    [games.crossing-the-line]\nrollout_depth = 12\n";
        let preset = parse(text, "x.toml").unwrap();
        let there = preset.mcts_for("crossing-the-line", Some("first-blood"));
        let elsewhere = preset.mcts_for("rudders-line", None);
        assert_eq!((there.rollout_depth, there.iterations), (12, 400));
        assert_eq!((elsewhere.rollout_depth, elsewhere.iterations), (0, 400));
        let bad = text.replace("rollout_depth = 12", "rollout_depht = 12");
        let e = parse(&bad, "x.toml").unwrap_err().to_string();
        assert!(
            e.contains("[games.crossing-the-line]")
                && e.contains("rollout_depht")
                && !e.contains('\n'),
            "{e}"
        );
    }

    #[test]
    fn a_scenario_entry_changes_the_search_in_that_scenario_only() {
        let text = "name = \"x\"\nkind = \"mcts\"\n[mcts]\niterations = 400\n\
                    [games.crossing-the-line]\nrollout_depth = 10\noptions_correction = true\n\
                    [games.crossing-the-line.stolberg-corridor]\noptions_correction = false\n\
                    rollout_depth = 20\n";
        let preset = parse(text, "x.toml").unwrap();
        let stolberg = preset.mcts_for("crossing-the-line", Some("stolberg-corridor"));
        let first_blood = preset.mcts_for("crossing-the-line", Some("first-blood"));
        let game_only = preset.mcts_for("crossing-the-line", None);
        assert_eq!(
            (stolberg.rollout_depth, stolberg.options_correction),
            (20, false)
        );
        assert_eq!(
            (first_blood.rollout_depth, first_blood.options_correction),
            (10, true)
        );
        assert_eq!(game_only, first_blood);
        let bad = text.replace("rollout_depth = 20", "rollout_depth = -1");
        let e = parse(&bad, "x.toml").unwrap_err().to_string();
        assert!(
            e.contains("[games.crossing-the-line.stolberg-corridor]") && !e.contains('\n'),
            "{e}"
        );
    }

    #[test]
    fn a_games_table_naming_no_game_or_no_scenario_of_it_is_an_error() {
        let text = "name = \"x\"\nkind = \"mcts\"\n[mcts]\niterations = 400\n\
                    [games.crossing-the-line.stolberg-corridor]\nrollout_depth = 20\n";
        assert!(parse(text, "x.toml").is_ok());
        let cases = [
            (
                "crossing-the-line.stolberg-corridor",
                "crossing-the-lines.stolberg-corridor",
                "no game 'crossing-the-lines'",
            ),
            (
                "stolberg-corridor",
                "stolberg-coridor",
                "no scenario 'stolberg-coridor' (its scenarios: first-blood, stolberg-corridor, \
                 across-the-wurm, campaign)",
            ),
            (
                "crossing-the-line.stolberg-corridor",
                "aachen.stolberg-corridor",
                "it has one scenario",
            ),
        ];
        for (from, to, said) in cases {
            let e = parse(&text.replace(from, to), "x.toml")
                .unwrap_err()
                .to_string();
            assert!(
                e.contains(said) && e.contains("x.toml") && !e.contains('\n'),
                "{e}"
            );
        }
    }

    /// The many-options bar held the Stolberg Corridor's German search to its doctrine
    /// (`results/mcts-vs-doctrine-stolberg-corridor`); First Blood needs it.
    #[test]
    fn the_searching_presets_drop_the_many_options_bar_in_the_stolberg_corridor_only() {
        for name in ["mcts-fast", "hard", "mcts-strong"] {
            let p = load(name).unwrap();
            let bar = |scenario| {
                p.mcts_for("crossing-the-line", Some(scenario))
                    .options_correction
            };
            assert!(!bar("stolberg-corridor") && bar("first-blood"), "{name}");
            assert!(p.mcts_for("aachen", None).options_correction, "{name}");
        }
    }

    /// Aachen and First Blood are searched by paired rollouts (`results/mcts-vs-doctrine-aachen`,
    /// `-first-blood`), the two-player scenarios by the tree; `hard` spends `mcts-fast`'s
    /// budget over two threads, so it plays the same moves.
    #[test]
    fn the_searching_presets_judge_the_solitaire_games_by_paired_rollouts() {
        let budget = |c: &MctsConfig| c.iterations as usize * c.threads;
        let fast = load("mcts-fast").unwrap();
        for name in ["mcts-fast", "hard", "mcts-strong"] {
            let p = load(name).unwrap();
            for (game, scenario, paired) in [
                ("aachen", None, true),
                ("crossing-the-line", Some("first-blood"), true),
                ("crossing-the-line", Some("stolberg-corridor"), false),
                ("rudders-line", None, false),
            ] {
                let config = p.mcts_for(game, scenario);
                assert_eq!(config.paired, paired, "{name} {game} {scenario:?}");
                if name == "hard" && paired {
                    assert_eq!(budget(&config), budget(&fast.mcts_for(game, scenario)));
                }
            }
        }
        let skill = load("mcts-fast@100").unwrap().mcts_for("aachen", None);
        assert_eq!((skill.paired, skill.iterations), (true, 100));
    }

    #[test]
    fn a_budget_after_at_sets_the_iterations_of_an_mcts_preset() {
        let p = load("mcts-fast@1600").unwrap();
        assert_eq!(p.name, "mcts-fast@1600");
        assert_eq!(
            p.mcts_for("crossing-the-line", Some("stolberg-corridor"))
                .iterations,
            1600
        );
        assert_eq!(p.mcts_for("rudders-line", None).iterations, 1600);
        for bad in [
            "mcts-fast@0",
            "mcts-fast@many",
            "mcts-fast@-5",
            "scripted@100",
        ] {
            let e = load(bad).unwrap_err().to_string();
            assert!(e.starts_with(bad) && !e.contains('\n'), "{e}");
        }
        assert!(matches!(
            load("nothing@100"),
            Err(PresetError::Unknown { .. })
        ));
    }

    /// Every search setting has a range: a value the search cannot use (a thread count that
    /// would exhaust the memory, a NaN, no iterations, a budget past the most) is refused in
    /// one line naming the setting, in `[mcts]`, in a game's table and after `@`.
    #[test]
    fn a_search_setting_out_of_range_is_refused_in_one_line() {
        let base = "name = \"x\"\nkind = \"mcts\"\n[mcts]\niterations = 400\n";
        for (extra, field) in [
            ("threads = 9223372036854775807\n", "threads"),
            ("threads = 1025\n", "threads"),
            ("exploration = nan\n", "exploration"),
            ("policy_confidence = -1.0\n", "policy_confidence"),
            ("time_ms = 9223372036854775807\n", "time_ms"),
            ("[games.aachen]\niterations = 0\n", "iterations"),
        ] {
            let e = parse(&format!("{base}{extra}"), "p.toml")
                .unwrap_err()
                .to_string();
            assert!(
                e.starts_with("p.toml") && e.contains(field) && e.contains("out of range"),
                "{extra}: {e}"
            );
        }
        assert!(parse(base, "p.toml").is_ok());
        let e = load("mcts-fast@1000001").unwrap_err().to_string();
        assert!(e.contains("from 1 to 1000000"), "{e}");
        assert!(load("mcts-fast@1000000").is_ok());
        let e = load("no-such-file.toml").unwrap_err().to_string();
        assert!(e.contains("no such preset file"), "{e}");
        let e = load("/dev/zero").unwrap_err().to_string();
        assert!(e.contains("not a preset file"), "{e}");
    }

    /// An error in a `[games]` entry names the key, not a place in a text the file never had
    /// ("line 2, column 17" of the merged settings); a number past f32's range is not quoted
    /// as "inf"; a table giving both budgets is refused, since one would be ignored.
    #[test]
    fn preset_errors_name_the_key_and_the_value_as_meant() {
        let base = "name = \"x\"\nkind = \"mcts\"\n[mcts]\niterations = 5\n";
        let e = parse(
            &format!("{base}[games.rudders-line]\nrollout_depth = 99999999999\n"),
            "p.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("[games.rudders-line]: rollout_depth: ") && !e.contains("line 2"),
            "{e}"
        );
        let e = parse(&format!("{base}exploration = 1e308\n"), "p.toml")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("exploration is out of range 0–100: it is larger than 3.4e38")
                && !e.contains("= inf"),
            "{e}"
        );
        for extra in [
            "time_ms = 5\n",
            "[games.aachen]\ntime_ms = 5\niterations = 3\n",
        ] {
            let e = parse(&format!("{base}{extra}"), "p.toml")
                .unwrap_err()
                .to_string();
            assert!(
                e.contains("give iterations or time_ms, not both"),
                "{extra}: {e}"
            );
        }
        let over =
            "name = \"x\"\nkind = \"mcts\"\n[mcts]\niterations = 5\n[games.aachen]\ntime_ms = 5\n";
        assert!(
            parse(over, "p.toml").is_ok(),
            "a game's time budget over [mcts]'s iterations"
        );
    }

    #[test]
    fn search_settings_on_a_bot_that_does_not_search_are_refused() {
        for kind in ["random", "scripted"] {
            for table in [
                "[mcts]\niterations = 5\n",
                "[games.rudders-line]\niterations = 5\n",
            ] {
                let text = format!("name = \"x\"\nkind = \"{kind}\"\n{table}");
                let e = parse(&text, "p.toml").unwrap_err().to_string();
                assert!(e.contains("does not search"), "{kind} {table}: {e}");
            }
        }
    }

    /// A saved game given as a preset is named as one (trial 22b F6).
    #[test]
    fn a_saved_game_is_not_taken_for_a_preset() {
        let save = "game = \"rudders-line\"\nseed = 1\nsteps = []\n";
        let e = parse(save, "good.save").unwrap_err().to_string();
        assert!(e.contains("this is a saved game, not a bot preset"), "{e}");
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
        let _ = std::fs::remove_dir_all(&dir);
        assert!(e.contains("bad.toml") && !e.contains('\n'), "{e}");
    }
}
