//! The default edition: `JUDGE_EDITION`, the config file, `latest`, their precedence under
//! `--edition` and a scenario's `edition:`, and how `judge corpus list` shows the default.

use crate::support::{data_dir, judge};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");
const SCENARIO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/blood-moon-urborg.yaml");

/// A data directory, a config home, and a work directory for written files.
struct Setup {
    data: tempfile::TempDir,
    config_home: tempfile::TempDir,
}

impl Setup {
    fn new() -> Self {
        Setup { data: data_dir(), config_home: tempfile::tempdir().unwrap() }
    }

    /// The miniature text imported twice: as of 2024-04-01 under its own name, and as of
    /// 2025-05-01 (one rule reworded, to tell them apart) under `mini-new`.
    fn with_two_editions() -> Self {
        let setup = Setup::new();
        setup.ok(&[], &["corpus", "import", FIXTURE]);
        let newer = fs::read_to_string(FIXTURE)
            .unwrap()
            .replace("These rules are effective as of April 1, 2024.", "These rules are effective as of May 1, 2025.")
            .replace("cover every game played with the miniature", "cover every game of the newer miniature");
        let path = setup.config_home.path().join("newer.txt");
        fs::write(&path, newer).unwrap();
        setup.ok(&[], &["corpus", "import", path.to_str().unwrap(), "--edition", "mini-new"]);
        setup
    }

    fn config_file(&self) -> PathBuf {
        self.config_home.path().join("judge/config.yaml")
    }

    fn write_config(&self, text: &str) {
        fs::create_dir_all(self.config_home.path().join("judge")).unwrap();
        fs::write(self.config_file(), text).unwrap();
    }

    /// Runs `judge` with `XDG_CONFIG_HOME` set to our config home and `env` on top.
    fn run(&self, env: &[(&str, &str)], args: &[&str]) -> (i32, String, String) {
        let mut cmd = judge(self.data.path());
        cmd.env("XDG_CONFIG_HOME", self.config_home.path());
        for (name, value) in env {
            cmd.env(name, value);
        }
        let output = cmd.args(args).output().unwrap();
        (
            output.status.code().unwrap_or(-1),
            String::from_utf8(output.stdout).unwrap(),
            String::from_utf8(output.stderr).unwrap(),
        )
    }

    fn ok(&self, env: &[(&str, &str)], args: &[&str]) -> String {
        let (code, stdout, stderr) = self.run(env, args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        stdout
    }

    /// The edition `judge rule 100.1 --json` reads.
    fn rule_edition(&self, env: &[(&str, &str)], extra: &[&str]) -> String {
        let args = [&["rule", "100.1", "--json"][..], extra].concat();
        let json: Value = serde_json::from_str(&self.ok(env, &args)).unwrap();
        json["edition"].as_str().unwrap().to_string()
    }

    /// The edition `judge resolve FILE --format json` cites.
    fn resolve_edition(&self, env: &[(&str, &str)], scenario: &Path, extra: &[&str]) -> String {
        let args = [&["resolve", scenario.to_str().unwrap(), "--format", "json"][..], extra].concat();
        let json: Value = serde_json::from_str(&self.ok(env, &args)).unwrap();
        json["edition"].as_str().unwrap().to_string()
    }

    /// A copy of a scenario with `edition: NAME` added.
    fn scenario_naming(&self, name: &str) -> PathBuf {
        let path = self.config_home.path().join(format!("scenario-{name}.yaml"));
        fs::write(&path, format!("edition: {name}\n{}", fs::read_to_string(SCENARIO).unwrap())).unwrap();
        path
    }
}

#[test]
fn without_any_default_the_newest_english_edition_is_read_else_the_embedded_one() {
    let setup = Setup::new();
    assert_eq!(setup.rule_edition(&[], &[]), "fr-2011-02-04", "nothing imported");
    let setup = Setup::with_two_editions();
    assert_eq!(setup.rule_edition(&[], &[]), "mini-new", "the rules in force");
    assert_eq!(setup.rule_edition(&[("JUDGE_EDITION", "")], &[]), "mini-new", "empty counts as unset");
    assert_eq!(setup.resolve_edition(&[], Path::new(SCENARIO), &[]), "mini-new");
}

#[test]
fn the_environment_variable_names_the_default() {
    let setup = Setup::with_two_editions();
    let env = [("JUDGE_EDITION", "en-2024-04-01")];
    assert_eq!(setup.rule_edition(&env, &[]), "en-2024-04-01");
    assert_eq!(setup.rule_edition(&env, &["--edition", "mini-new"]), "mini-new", "`--edition` wins");
    assert_eq!(setup.rule_edition(&env, &["--edition", "fr"]), "fr-2011-02-04");
    let json: Value = serde_json::from_str(&setup.ok(&env, &["search", "golden", "--json"])).unwrap();
    assert_eq!(json["edition"], "en-2024-04-01");
    let json: Value = serde_json::from_str(&setup.ok(&env, &["define", "active player", "--json"])).unwrap();
    assert_eq!(json["edition"], "en-2024-04-01");
    assert!(setup.ok(&env, &["index"]).starts_with("index of en-2024-04-01: "));
}

#[test]
fn the_config_file_names_the_default_under_the_environment_variable() {
    let setup = Setup::with_two_editions();
    setup.write_config("# the edition our events use\nedition: en-2024-04-01\n");
    assert_eq!(setup.rule_edition(&[], &[]), "en-2024-04-01");
    assert_eq!(setup.rule_edition(&[("JUDGE_EDITION", "mini-new")], &[]), "mini-new", "the variable wins");
    assert_eq!(setup.rule_edition(&[("JUDGE_EDITION", "")], &[]), "en-2024-04-01");
    assert_eq!(setup.rule_edition(&[], &["--edition", "mini-new"]), "mini-new");
    // `--config` names another file; `HOME` stands in for an unset `XDG_CONFIG_HOME`.
    let other = setup.config_home.path().join("other.yaml");
    fs::write(&other, "edition: mini-new\n").unwrap();
    assert_eq!(setup.rule_edition(&[], &["--config", other.to_str().unwrap()]), "mini-new");
    let home = tempfile::tempdir().unwrap();
    fs::create_dir_all(home.path().join(".config/judge")).unwrap();
    fs::write(home.path().join(".config/judge/config.yaml"), "edition: mini-new\n").unwrap();
    let home = home.path().to_str().unwrap();
    assert_eq!(setup.rule_edition(&[("XDG_CONFIG_HOME", ""), ("HOME", home)], &[]), "mini-new");
}

#[test]
fn a_scenario_edition_comes_between_the_flag_and_the_defaults() {
    let setup = Setup::with_two_editions();
    setup.write_config("edition: en-2024-04-01\n");
    let plain = Path::new(SCENARIO);
    let naming = setup.scenario_naming("mini-new");
    let env = [("JUDGE_EDITION", "en-2024-04-01")];
    assert_eq!(setup.resolve_edition(&[], plain, &[]), "en-2024-04-01", "the config file");
    assert_eq!(setup.resolve_edition(&env, plain, &[]), "en-2024-04-01", "the variable");
    assert_eq!(setup.resolve_edition(&env, &naming, &[]), "mini-new", "the scenario over the variable");
    assert_eq!(setup.resolve_edition(&env, &naming, &["--edition", "fr"]), "fr-2011-02-04", "the flag over all");
    let latest = setup.scenario_naming("latest");
    assert_eq!(setup.resolve_edition(&[], &latest, &[]), "mini-new");
    // `judge ruling` reads the same edition: its quotes come from it.
    let ruling = setup.ok(&env, &["ruling", naming.to_str().unwrap()]);
    assert!(ruling.contains("mini-new"), "{ruling}");
}

#[test]
fn latest_is_the_newest_imported_english_edition() {
    let setup = Setup::with_two_editions();
    assert_eq!(setup.rule_edition(&[], &["--edition", "latest"]), "mini-new");
    assert_eq!(setup.rule_edition(&[("JUDGE_EDITION", "latest")], &[]), "mini-new");
    setup.write_config("edition: latest\n");
    assert_eq!(setup.rule_edition(&[], &[]), "mini-new");
    let stdout = setup.ok(&[], &["rule", "100.1"]);
    assert!(stdout.contains("cover every game of the newer miniature"), "{stdout}");
}

#[test]
fn latest_without_any_import_says_how_to_import() {
    let setup = Setup::new();
    for (env, args, origin) in [
        (&[][..], &["rule", "100.1", "--edition", "latest"][..], "`--edition`"),
        (&[("JUDGE_EDITION", "latest")][..], &["rule", "100.1"][..], "`JUDGE_EDITION`"),
    ] {
        let (code, stdout, stderr) = setup.run(env, args);
        assert_eq!(code, 2, "{stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.contains("`latest` names no edition: no English edition is imported"), "{stderr}");
        let stderr = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(stderr.contains(&format!("`latest` comes from {origin}")), "{stderr}");
        assert!(stderr.contains("`judge corpus import MagicCompRules.txt`"), "{stderr}");
        assert!(stderr.contains("magic.wizards.com/en/rules"), "{stderr}");
    }
}

#[test]
fn a_default_naming_a_missing_edition_says_where_it_is_set() {
    let setup = Setup::with_two_editions();
    let (code, _, stderr) = setup.run(&[("JUDGE_EDITION", "en-2030-01-01")], &["rule", "100.1"]);
    assert_eq!(code, 2);
    let stderr = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(stderr.contains("edition `en-2030-01-01`, named by `JUDGE_EDITION`, is not imported"), "{stderr}");
    assert!(stderr.contains("imported editions: en-2024-04-01, mini-new"), "{stderr}");

    setup.write_config("edition: en-2030-01-01\n");
    // Wide enough that the long path is not wrapped.
    let (code, _, stderr) = setup.run(&[("COLUMNS", "400")], &["search", "golden"]);
    assert_eq!(code, 2);
    let stderr = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    let place = format!("the config file `{}`", setup.config_file().display());
    assert!(stderr.contains(&format!("edition `en-2030-01-01`, named by {place}, is not imported")), "{stderr}");

    let scenario = setup.scenario_naming("en-2030-01-01");
    let (code, _, stderr) = setup.run(&[], &["resolve", scenario.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("named by the `edition:` key of"), "{stderr}");
}

#[test]
fn a_malformed_config_file_is_shown_at_its_place() {
    let setup = Setup::new();
    setup.write_config("edition: latest\neditoin: en-2025-11-14\n");
    // Run from the config home, so that the file is named by a short relative path.
    let mut cmd = judge(setup.data.path());
    cmd.current_dir(setup.config_home.path()).env("XDG_CONFIG_HOME", ".").args(["rule", "100.1"]);
    let output = cmd.output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    insta::assert_snapshot!(String::from_utf8(output.stderr).unwrap());
}

#[test]
fn the_list_marks_the_default_and_says_where_it_is_set() {
    let setup = Setup::with_two_editions();
    let stdout = setup.ok(&[("JUDGE_EDITION", "latest")], &["corpus", "list"]);
    insta::assert_snapshot!(stdout);
    let stdout = setup.ok(&[], &["corpus", "list"]);
    assert!(stdout.contains("mini-new (default)"), "{stdout}");
    assert!(
        stdout.contains("default edition: mini-new, set by default: the newest imported English edition"),
        "{stdout}"
    );
    let json: Value = serde_json::from_str(&Setup::new().ok(&[], &["corpus", "list", "--json"])).unwrap();
    assert_eq!(
        (&json["default"]["name"], &json["default"]["from"]),
        (&Value::from("fr-2011-02-04"), &Value::from("default"))
    );

    setup.write_config("edition: en-2024-04-01\n");
    let json: Value = serde_json::from_str(&setup.ok(&[], &["corpus", "list", "--json"])).unwrap();
    let marked: Vec<(&str, bool)> = json["editions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["name"].as_str().unwrap(), e["default"].as_bool().unwrap()))
        .collect();
    assert_eq!(marked, [("fr-2011-02-04", false), ("en-2024-04-01", true), ("mini-new", false)]);
    assert_eq!(json["default"]["from"], "config");
    assert_eq!(json["default"]["config_file"], setup.config_file().display().to_string());

    // A default that names nothing is shown as such, with a warning, and the list still comes.
    let (code, stdout, stderr) = setup.run(&[("JUDGE_EDITION", "gone")], &["corpus", "list", "--json"]);
    assert_eq!(code, 0);
    let json: Value = serde_json::from_str(&stdout).unwrap();
    assert!(json["editions"].as_array().unwrap().iter().all(|e| e["default"] == false));
    assert_eq!((&json["default"]["name"], &json["default"]["from"]), (&Value::Null, &Value::from("env")));
    assert!(stderr.contains("edition `gone`, named by `JUDGE_EDITION`, is not imported"), "{stderr}");
}
