//! The house's floors: each module of `src/` stands on a floor and imports only from floors below
//! it, so that data flows one way (text → corpus → index; YAML and cards → model → engine →
//! cite → render → cli) and no two modules import each other, however indirectly. A new
//! module is given its floor here; an import that runs back up fails this test, naming the file.
//! Tests inside `src/` (`#[cfg(test)]` modules, `tests.rs` files) may read from any floor: a test
//! of the engine writes its board as a scenario.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The floors, from the ground up: a module may import the modules of lower floors only.
const FLOORS: &[&[&str]] = &[
    &["atomic_file", "bounded_read", "data_file", "diagnostic", "progress", "rng", "shipped_scenarios", "suggest"],
    &["atomic_dir", "fetch", "model", "placed_yaml"],
    &["cards", "corpus", "engine"],
    &["align", "scenario", "search", "synthetic"],
    &["cite"],
    &["render"],
    &["cli"],
];

/// The crate's roots, which declare the modules and import nothing of their own.
const ROOTS: &[&str] = &["lib.rs", "main.rs"];

fn floor_of(module: &str) -> Option<usize> {
    FLOORS.iter().position(|floor| floor.contains(&module))
}

/// The top-level module a file of `src/` belongs to (`src/engine/events/mod.rs` → `engine`).
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative.components().next().unwrap().as_os_str().to_string_lossy().to_string();
    first.strip_suffix(".rs").map_or(first.clone(), str::to_string)
}

fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            // A folder of tests inside `src/` is compiled only for tests.
            if path.file_name().is_some_and(|n| n != "tests") {
                rust_files(&path, into);
            }
        } else if path.extension().is_some_and(|e| e == "rs") && path.file_name().is_some_and(|n| n != "tests.rs") {
            into.push(path);
        }
    }
}

/// The text of a file without its comments and its `#[cfg(test)]` modules.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            let next = lines.peek().map_or("", |l| l.trim_start());
            if next.starts_with("mod ") && next.trim_end().ends_with('{') {
                // Skip the module: to the brace that closes it, counted as written.
                let mut depth = 0i64;
                for inner in lines.by_ref() {
                    depth += inner.matches('{').count() as i64 - inner.matches('}').count() as i64;
                    if depth <= 0 && inner.contains('}') {
                        break;
                    }
                }
                continue;
            }
        }
        let code_part = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        code.push_str(code_part);
        code.push('\n');
    }
    code
}

/// The top-level modules a piece of code names with `crate::`, each with the line it is on.
fn imports(code: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for (number, line) in code.lines().enumerate() {
        for (at, _) in line.match_indices("crate::") {
            let preceded_by_word = line[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_');
            if preceded_by_word {
                continue;
            }
            let name: String =
                line[at + "crate::".len()..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                found.push((name, number + 1));
            }
        }
    }
    found
}

/// Every module of `src/` has a floor, and every file imports from lower floors only.
#[test]
fn every_import_runs_down_a_floor() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut unplaced = BTreeMap::new();
    let mut upward = Vec::new();
    for file in &files {
        let module = module_of(&src, file);
        if ROOTS.contains(&format!("{module}.rs").as_str()) {
            continue;
        }
        let Some(floor) = floor_of(&module) else {
            unplaced.insert(module, file.display().to_string());
            continue;
        };
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        for (imported, line) in imports(&code) {
            if imported == module {
                continue;
            }
            match floor_of(&imported) {
                Some(below) if below < floor => {}
                _ => upward.push(format!(
                    "{}:{line}: `{module}` (floor {floor}) imports `{imported}` ({})",
                    file.strip_prefix(&src).unwrap().display(),
                    floor_of(&imported).map_or("no floor".to_string(), |f| format!("floor {f}"))
                )),
            }
        }
    }
    assert!(unplaced.is_empty(), "modules with no floor in tests/floors.rs: {unplaced:?}");
    assert!(upward.is_empty(), "imports that do not run down a floor:\n{}", upward.join("\n"));
}

/// What a module shows the crate's users is said in its front file (`src/cards/mod.rs`): the
/// files behind it are `pub(crate)` or private, and what the binary, the tests and the benches
/// use of them is re-exported there.
#[test]
fn only_front_files_show_the_crate() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let shown: Vec<String> = files
        .iter()
        .filter(|file| !ROOTS.iter().any(|root| src.join(root) == **file))
        .flat_map(|file| {
            let code = code_of(&std::fs::read_to_string(file).unwrap());
            let shown: Vec<String> = code
                .lines()
                .enumerate()
                .filter(|(_, line)| line.trim_start().starts_with("pub mod "))
                .map(|(number, line)| {
                    format!("{}:{}: {}", file.strip_prefix(&src).unwrap().display(), number + 1, line.trim())
                })
                .collect();
            shown
        })
        .collect();
    assert!(shown.is_empty(), "modules behind a front file that the crate shows:\n{}", shown.join("\n"));
}

/// The reading the test rests on: comments and test modules are left out, names are whole.
#[test]
fn imports_are_read_from_code_only() {
    let text = "use crate::model::Zone; // crate::engine\n/// crate::cli\nfn f() { crate::corpus::x(); my_crate::render(); }\n#[cfg(test)]\nmod tests {\n    use crate::scenario;\n    fn g() { if true { } }\n}\nuse crate::cards;\n";
    let names: Vec<String> = imports(&code_of(text)).into_iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["model", "corpus", "cards"]);
}

/// Each module has one floor: the modules of one floor never import each other, and a module
/// named twice would have two.
#[test]
fn no_module_stands_on_two_floors() {
    let mut seen = BTreeMap::new();
    for (floor, modules) in FLOORS.iter().enumerate() {
        for module in *modules {
            assert_eq!(seen.insert(*module, floor), None, "`{module}` stands on two floors");
        }
    }
}
