//! Compile-time edges of every macro, written apart from `derive_ui.rs` / `handler_ui.rs`:
//! other types, wrappers, attribute positions and macros for each class of issue 11 (no
//! silent fan-out, unique argument names, overlapping templates, `# Arguments` docs, raw
//! identifiers, hygiene, type mistakes in user terms, read-back). One mistake per file in
//! `ui/edges/fail`; `ui/edges/pass` compiles and runs.
//!
//! Update with `TRYBUILD=overwrite cargo test -p mcp-content-tests --test edges_ui`, then
//! read the diff.

#[test]
fn edges() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/edges/fail/*.rs");
    cases.pass("ui/edges/pass/*.rs");
}
