//! The README's `Cargo.toml` snippet is what its servers need: every feature it names for
//! this crate exists, its version is the workspace's, and every crate the README's Rust
//! snippets name (`tokio::`, `serde::`, `schemars::`, `serde_json::` / `json!`, `axum::`) is
//! in it, with the tokio features `#[tokio::main]` and a TCP listener take. (The Rust
//! snippets themselves are compiled, and run where they can, as the crate's doc tests.)

use std::path::Path;

fn workspace_file(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The fenced blocks of `markdown` whose info string starts with `lang`.
fn blocks(markdown: &str, lang: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        match &mut current {
            Some(block) if line.trim_start().starts_with("```") => {
                found.push(std::mem::take(block));
                current = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None if line
                .trim_start()
                .strip_prefix("```")
                .is_some_and(|info| info.starts_with(lang)) =>
            {
                current = Some(String::new());
            }
            None => {}
        }
    }
    found
}

/// The quoted words of a `features = [...]` list on `line`.
fn features(line: &str) -> Vec<String> {
    let Some(list) = line.split("features = [").nth(1) else {
        return Vec::new();
    };
    let list = list.split(']').next().unwrap_or_default();
    list.split(',')
        .map(|word| word.trim().trim_matches('"').to_owned())
        .filter(|word| !word.is_empty())
        .collect()
}

#[test]
fn the_cargo_toml_snippet_names_what_the_servers_use() {
    let readme = workspace_file("README.md");
    let toml = blocks(&readme, "toml");
    assert_eq!(toml.len(), 1, "one Cargo.toml snippet");
    let toml = &toml[0];
    let line = |name: &str| {
        toml.lines()
            .find(|l| l.trim_start_matches("# ").starts_with(&format!("{name} =")))
            .unwrap_or_else(|| panic!("the snippet has no `{name}` line:\n{toml}"))
    };

    // This crate: its version and every feature named (the line and its comment).
    let ours = line("mcp-content");
    let version = workspace_file("Cargo.toml")
        .lines()
        .find_map(|l| l.strip_prefix("version = \""))
        .map(|v| v.trim_end_matches('"').to_owned())
        .unwrap();
    let wanted = ours
        .split("version = \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert!(version.starts_with(wanted), "{wanted} is not {version}");
    let runtime = workspace_file("runtime/Cargo.toml");
    let declared: Vec<&str> = runtime
        .split("[features]")
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap()
        .lines()
        .filter_map(|l| l.split_once(" = ").map(|(name, _)| name.trim()))
        .collect();
    let mut named = features(ours);
    named.extend(
        ours.split('#')
            .nth(1)
            .unwrap_or_default()
            .split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_owned),
    );
    assert!(named.len() >= 3, "{named:?}");
    for feature in &named {
        assert!(
            declared.contains(&feature.as_str()),
            "no feature `{feature}`: {declared:?}"
        );
    }

    // Every crate the Rust snippets name.
    let rust = blocks(&readme, "rust").join("\n");
    for (uses, name) in [
        ("tokio::", "tokio"),
        ("serde::", "serde"),
        ("schemars::", "schemars"),
        ("serde_json::", "serde_json"),
        ("axum::", "axum"),
    ] {
        if rust.contains(uses) {
            line(name);
        }
    }
    let tokio = line("tokio");
    let tokio_features = features(tokio);
    for feature in ["rt-multi-thread", "macros"] {
        assert!(tokio_features.iter().any(|f| f == feature), "{tokio}");
    }
    assert!(
        tokio.contains("\"net\""),
        "a TCP listener needs tokio's `net`: {tokio}"
    );
    assert!(features(line("serde")).iter().any(|f| f == "derive"));
}
