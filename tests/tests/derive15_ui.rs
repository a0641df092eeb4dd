//! Compile-time cases of `#[derive(Content)]` from the fifteenth round: items of the user's
//! named like the derive's generated locals, type mistakes at attribute fields in user terms,
//! and layouts reading back can tell apart. Failing cases in `ui/derive15/fail`, one mistake
//! per file; `ui/derive15/pass` compiles and runs.
//!
//! Update with `TRYBUILD=overwrite cargo test -p mcp-content-tests --test derive15_ui`, then
//! read the diff.

#[test]
fn derive15() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/derive15/fail/*.rs");
    cases.pass("ui/derive15/pass/*.rs");
}
