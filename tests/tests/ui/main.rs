//! Compile-time behaviour of every macro, with trybuild: `#[derive(Content)]` under
//! `ui/derive/<key>/`, `#[tool]`, `#[prompt]` and `#[resource]` under `ui/handler/<macro>/`,
//! `router!` under `ui/router/`. Every mistake is one error at the offending token, in the
//! user's terms (one mistake per file, its expected output in the `.stderr` beside it); every
//! case under a `pass/` folder compiles and runs.
//!
//! All cases are one `TestCases`, so trybuild builds them in one cargo invocation. Run one
//! folder or one case with `cargo test -p mcp-content-tests --test ui -- ui
//! trybuild=derive/image/`; update the expected output with `TRYBUILD=overwrite` in front,
//! then read the diff.

use std::path::Path;

/// The case folders of `ui/<name>/`: `name` itself when it holds cases, then each subfolder,
/// sorted, with whether it holds cases that must compile (`pass`).
fn folders(name: &str) -> Vec<(String, bool)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui").join(name);
    let mut found = Vec::new();
    let mut has_cases = false;
    for entry in std::fs::read_dir(&root).expect("a UI folder") {
        let path = entry.expect("a UI folder entry").path();
        if path.is_dir() {
            let sub = path
                .file_name()
                .expect("a folder name")
                .to_string_lossy()
                .into_owned();
            found.push((format!("{name}/{sub}"), sub == "pass"));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            has_cases = true;
        }
    }
    if has_cases {
        found.push((name.to_owned(), false));
    }
    found.sort();
    found
}

/// Every failing case, then every passing one: two runs, because trybuild checks a run of
/// failing cases alone in one `cargo check --keep-going` (both cores, each case checked, not
/// built), while a run that holds a passing case builds every case on its own, one after the
/// other (about ten times slower for the 700-odd failing cases).
#[test]
fn ui() {
    let fail = trybuild::TestCases::new();
    for name in ["derive", "handler", "router"] {
        for (folder, pass) in folders(name) {
            if !pass {
                fail.compile_fail(format!("ui/{folder}/*.rs"));
            }
        }
    }
    drop(fail);
    let pass = trybuild::TestCases::new();
    for name in ["derive", "handler", "router"] {
        for (folder, is_pass) in folders(name) {
            if is_pass {
                pass.pass(format!("ui/{folder}/*.rs"));
            }
        }
    }
}

/// The layout the `ui` test relies on: no case outside a macro's folders, every failing case
/// with its expected output beside it, no expected output without its case, and no folder
/// named by a number (cases are grouped by macro and key, not by when they were written).
#[test]
fn every_case_is_in_its_place() {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    for name in ["derive", "handler", "router"] {
        for (folder, pass) in folders(name) {
            assert!(
                !folder.chars().any(|c| c.is_ascii_digit()),
                "ui/{folder}: a folder is named by its macro and key"
            );
            for entry in std::fs::read_dir(ui.join(&folder)).expect("a case folder") {
                let path = entry.expect("a case").path();
                let shown = path
                    .strip_prefix(&ui)
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                match path.extension().and_then(|ext| ext.to_str()) {
                    Some("rs") => assert_eq!(
                        path.with_extension("stderr").exists(),
                        !pass,
                        "ui/{shown}: a failing case has its .stderr, a passing one none"
                    ),
                    Some("stderr") => assert!(
                        path.with_extension("rs").exists(),
                        "ui/{shown}: a .stderr without its case"
                    ),
                    _ => assert!(path.is_dir(), "ui/{shown}: not a case"),
                }
            }
        }
    }
}
