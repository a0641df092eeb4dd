//! Compile-time probes of `#[tool]`, `#[prompt]`, `#[resource]` and `router!` (issue 11), third
//! round: the name-value form of an attribute, a second handler attribute (no follow-on
//! warning), the request context under another name (`#[context]`), and wrong uses of each
//! class not covered by `handler_ui`, `handler14_ui`, `overlap14_ui` or `edges_ui`. One mistake
//! per file in `ui/handler15/fail`; `ui/handler15/pass` compiles and runs.
//!
//! Update with `TRYBUILD=overwrite cargo test -p mcp-content-tests --test handler15_ui`, then
//! read the diff.

#[test]
fn handler15() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/handler15/fail/*.rs");
    cases.pass("ui/handler15/pass/*.rs");
}
