//! Prints the medians of the last `cargo bench -p mcp-content-benches` run as a Markdown
//! table, each with its ratio to mcp-content's median in the same group (criterion does not
//! print ratios).
//!
//! `cargo run -p mcp-content-benches --release --bin bench-table [target/criterion]`

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The groups, in the order of issue 6 (each on the wall clock, then on the bench thread's
/// CPU clock as `<group>-cpu`), and the path every ratio is taken against.
const GROUPS: [&str; 10] = [
    "encode-small",
    "encode-blob",
    "decode-small",
    "decode-blob",
    "router-dispatch",
    "encode-small-cpu",
    "encode-blob-cpu",
    "decode-small-cpu",
    "decode-blob-cpu",
    "router-dispatch-cpu",
];

fn median_ns(dir: &Path) -> Option<f64> {
    let text = std::fs::read_to_string(dir.join("new").join("estimates.json")).ok()?;
    let value: Value = serde_json::from_str(&text).ok()?;
    value["median"]["point_estimate"].as_f64()
}

fn pretty(ns: f64) -> String {
    if ns >= 1_000_000.0 {
        format!("{:.3} ms", ns / 1_000_000.0)
    } else if ns >= 1_000.0 {
        format!("{:.2} µs", ns / 1_000.0)
    } else {
        format!("{ns:.0} ns")
    }
}

/// Criterion writes `a/b` bench names as `a_b` directories.
fn benches_in(group_dir: &Path) -> Vec<(String, f64)> {
    let Ok(entries) = std::fs::read_dir(group_dir) else {
        return Vec::new();
    };
    let mut found: Vec<(String, f64)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            (name != "report").then_some(())?;
            Some((name, median_ns(&entry.path())?))
        })
        .collect();
    found.sort_by(|a, b| a.1.total_cmp(&b.1));
    found
}

fn main() {
    let root = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("target/criterion"), PathBuf::from);
    println!("| group | path | median | ratio to mcp-content (>1: slower than mcp-content) |");
    println!("|---|---|---:|---:|");
    for group in GROUPS {
        let benches = benches_in(&root.join(group));
        // router-dispatch compares level with level: call_tool with call_tool, handle with
        // handle_request; everything else compares with mcp-content's one path.
        let ours = |name: &str| -> Option<f64> {
            let key = if name.contains("handle") {
                "mcp-content_handle"
            } else if group.starts_with("router-dispatch") {
                "mcp-content_call_tool"
            } else {
                "mcp-content"
            };
            benches.iter().find(|(n, _)| n == key).map(|(_, t)| *t)
        };
        for (name, ns) in &benches {
            let ratio = ours(name).map_or_else(|| "-".to_owned(), |o| format!("{:.2}", ns / o));
            let shown = if group.starts_with("router-dispatch") {
                name.replacen('_', "/", 1)
            } else {
                name.clone()
            };
            println!("| {group} | {shown} | {} | {ratio} |", pretty(*ns));
        }
    }
}
