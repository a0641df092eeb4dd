//! Replays every committed fuzz corpus file (`fuzz/corpus/<target>/*`) through the same
//! checks the fuzz targets run (`fuzz/src/lib.rs`, included here), as an ordinary test: no
//! input the fuzzer kept may panic or break an invariant, on stable Rust and without
//! libFuzzer. Run the fuzzer itself as `fuzz/README.md` says.

use std::path::{Path, PathBuf};

#[allow(unreachable_pub, dead_code)]
#[path = "../../../fuzz/src/lib.rs"]
mod checks;

/// What a fuzz target runs on one input.
type Check = fn(&[u8]);

/// Every target and its check, as `fuzz/Cargo.toml` lists them.
const TARGETS: [(&str, Check); 9] = [
    ("call_tool_result", checks::call_tool_result),
    ("get_prompt_result", checks::get_prompt_result),
    ("read_resource_result", checks::read_resource_result),
    ("content_block", checks::content_block),
    ("derived_read_back", checks::derived_read_back),
    ("uri_template", checks::uri_template),
    ("data_url", checks::data_url),
    ("meta_key", checks::meta_key),
    ("template_vars", checks::template_vars),
];

fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target)
}

fn replay(target: &str, check: Check) {
    let dir = corpus_dir(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{target} has no corpus");
    for file in files {
        // A file the fuzzer replaced while this runs (it rewrites its corpus) is skipped.
        let Ok(data) = std::fs::read(&file) else {
            continue;
        };
        // A panic names the file, so it can be replayed with `cargo fuzz run <target> <file>`.
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{target}: {} panicked", file.display());
    }
}

#[test]
fn every_target_has_a_committed_corpus_and_is_listed() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/Cargo.toml"))
            .expect("fuzz/Cargo.toml");
    let listed = manifest.matches("[[bin]]").count();
    assert_eq!(listed, TARGETS.len(), "a target is missing here or there");
    for (target, _) in TARGETS {
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "{target}"
        );
        assert!(corpus_dir(target).is_dir(), "{target}");
    }
}

macro_rules! replay_tests {
    ($($name:ident),*) => {$(
        #[test]
        fn $name() {
            replay(stringify!($name), checks::$name);
        }
    )*};
}

replay_tests!(
    call_tool_result,
    get_prompt_result,
    read_resource_result,
    content_block,
    derived_read_back,
    uri_template,
    data_url,
    meta_key,
    template_vars
);
