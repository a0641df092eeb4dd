//! Compile-fail tests for `#[tool]`, `#[prompt]`, `#[resource]` and `router!`: one mistake per
//! file (plus `many-mistakes.rs`), each `.stderr` pointing at the offending token. Update
//! with `TRYBUILD=overwrite cargo test -p mcp-content-tests --test handler_ui`, then read the diff.

#[test]
fn handler_ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/handler/*.rs");
    cases.pass("ui/handler/pass/*.rs");
}
