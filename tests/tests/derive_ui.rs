//! Compile-time behaviour of `#[derive(Content)]`: every mistake is reported at the offending
//! token (`ui/content/fail`), and every field kind and placement compiles (`ui/content/pass`).
//!
//! Update the expected output with `TRYBUILD=overwrite cargo test -p mcp-content-tests --test
//! derive_ui`, then read the diff.

#[test]
fn content_derive() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/content/fail/*.rs");
    cases.pass("ui/content/pass/*.rs");
}
