//! Compile-time probes of `#[derive(Content)]` written as an independent user would: bytes
//! under every kind (no silent fan-out), type mistakes in user terms, expressions where a
//! literal is needed, one error per mistake, what is written can be read back, hygiene.
//! One mistake per file in `ui/derive14`; `ui/derive14/pass` compiles and runs.
//!
//! Update with `TRYBUILD=overwrite cargo test -p mcp-content-tests --test derive14_ui`, then
//! read the diff.

#[test]
fn derive14() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/derive14/*.rs");
    cases.pass("ui/derive14/pass/*.rs");
}
