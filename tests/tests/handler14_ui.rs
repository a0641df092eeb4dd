//! Compile-time probes of `#[tool]`, `#[prompt]`, `#[resource]` and `router!` (issue 11):
//! argument names unique after renaming, `# Arguments` entries in every bullet style naming a
//! parameter, raw identifiers, hygiene, type mistakes in user terms (one error, at the type),
//! one error per mistake, tool names and duplicates in `router!`. One mistake per file in
//! `ui/handler14`; `ui/handler14/pass` compiles and runs.
//!
//! Update with `TRYBUILD=overwrite cargo test -p mcp-content-tests --test handler14_ui`, then
//! read the diff.

#[test]
fn handler14() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/handler14/*.rs");
    cases.pass("ui/handler14/pass/*.rs");
}
