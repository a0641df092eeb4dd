//! `router!` at compile time on the overlap classes read exactly since issue 11's overlap14
//! pass (several named variables, several unnamed ones, long names, a variable used twice
//! beside a literal URI): disjoint templates
//! compile and build (`ui/overlap14/pass`, with a router of twenty resources whose check
//! stays quick), overlapping ones are one error naming both (`ui/overlap14/fail`, one
//! overlap per file).
//!
//! Update with `TRYBUILD=overwrite cargo test -p mcp-content-tests --test overlap14_ui`,
//! then read the diff.

#[test]
fn overlap14() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/overlap14/fail/*.rs");
    cases.pass("ui/overlap14/pass/*.rs");
}
