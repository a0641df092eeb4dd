//! The overlap check against the matcher: what it reads exactly (several named variables,
//! several unnamed ones, long and escaped names) with a URI both templates match for each
//! overlap and URIs that tell each apart pair apart; a differential test on a corpus and
//! property tests in `generated`. The truth is what [`UriTemplate::match_uri`] accepts.

use super::super::UriTemplate;
use super::automaton::build;
use super::templates_overlap;

mod generated;

fn t(s: &str) -> UriTemplate {
    UriTemplate::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn matches(template: &str, uri: &str) -> bool {
    t(template).match_uri(uri).is_some()
}

/// Both checks, both ways round, agree on `expected`.
#[track_caller]
fn reported(a: &str, b: &str, expected: bool) {
    assert_eq!(t(a).overlaps(&t(b)), expected, "run time: {a} and {b}");
    assert_eq!(t(b).overlaps(&t(a)), expected, "run time: {b} and {a}");
    assert_eq!(
        templates_overlap(a, b),
        expected,
        "compile time: {a} and {b}"
    );
    assert_eq!(
        templates_overlap(b, a),
        expected,
        "compile time: {b} and {a}"
    );
}

/// Overlapping pairs, each with a URI both match: `reported` both ways, and the URI is one.
#[track_caller]
fn overlapping(cases: &[(&str, &str, &str)]) {
    for &(a, b, uri) in cases {
        assert!(
            matches(a, uri) && matches(b, uri),
            "{uri} matches {a} and {b}"
        );
        reported(a, b, true);
    }
}

/// Apart pairs, each with URIs that one of them matches and the other not (the near misses).
#[track_caller]
fn apart(cases: &[(&str, &str, &[&str])]) {
    for &(a, b, uris) in cases {
        for uri in uris {
            assert!(
                matches(a, uri) != matches(b, uri),
                "{uri} matches one of {a} and {b}"
            );
        }
        reported(a, b, false);
    }
}

#[test]
fn several_named_variables_take_their_names() {
    overlapping(&[
        // Every variable undefined: the bare URI.
        (
            "search://items{?q,limit}",
            "search://items",
            "search://items",
        ),
        (
            "search://items{?q,limit}",
            "search://items{?page}",
            "search://items",
        ),
        (
            "search://items{?q,limit}",
            "search://items{?q}",
            "search://items",
        ),
        (
            "search://items{?q,limit}",
            "search://items{?a,b}",
            "search://items",
        ),
        // Any of the names, in any order, each with or without a value.
        (
            "search://items{?q,limit}",
            "search://items?q=a",
            "search://items?q=a",
        ),
        (
            "search://items{?q,limit}",
            "search://items?limit=5&q=a",
            "search://items?limit=5&q=a",
        ),
        (
            "search://items{?q,limit}",
            "search://items?q&limit=",
            "search://items?q&limit=",
        ),
        (
            "search://items{?q,limit}",
            "search://items?q={v}",
            "search://items?q=1",
        ),
        (
            "search://items{?q,limit}",
            "search://items?limit={n}",
            "search://items?limit=12",
        ),
        (
            "search://items{?q,limit}",
            "search://items?{name}=1",
            "search://items?q=1",
        ),
        (
            "search://items{?q,limit}",
            "search://items{?limit}{&q}",
            "search://items?limit=1&q=2",
        ),
        // `&` after a query, `;` in a path.
        ("a://r?k=1{&x,y}", "a://r?k=1&y=2", "a://r?k=1&y=2"),
        ("a://r{;x,y}", "a://r;y;x=1", "a://r;y;x=1"),
        // A value may hold `=` and `,` (and `?` in a query).
        ("a://r{?x,y}", "a://r?x=1=2,3?", "a://r?x=1=2,3?"),
        // Three names, all of them.
        ("a://r{?x,y,z}", "a://r?z=3&x=1&y=2", "a://r?z=3&x=1&y=2"),
        // The same name twice in the expression is one name.
        ("a://r{?x,x}", "a://r?x=1", "a://r?x=1"),
        // A value holds no `/`: the path goes on after it.
        ("a://r{?x,y}/s", "a://r?x=1/s", "a://r?x=1/s"),
    ]);
}

#[test]
fn several_named_variables_refuse_other_names() {
    apart(&[
        (
            "search://items{?q,limit}",
            "search://items?page=1",
            &["search://items?page=1", "search://items?q=1"],
        ),
        (
            "search://items{?q,limit}",
            "search://items?q=1&page=2",
            &["search://items?q=1&page=2", "search://items?q=1"],
        ),
        (
            "search://items{?q,limit}",
            "search://items?",
            &["search://items?", "search://items"],
        ),
        (
            "search://items{?q,limit}",
            "search://items?q=1&",
            &["search://items?q=1&"],
        ),
        (
            "search://items{?q,limit}",
            "search://items?qq=1",
            &["search://items?qq=1"],
        ),
        (
            "search://items{?q,limit}",
            "search://items?lim=1",
            &["search://items?lim=1"],
        ),
        // A name twice, beside a literal URI.
        (
            "a://r{?x,y}",
            "a://r?x=1&x=2",
            &["a://r?x=1&x=2", "a://r?x=1&y=2"],
        ),
        ("a://r{;x,y,z}", "a://r;z;y=2;z", &["a://r;z;y=2;z"]),
        // More items than variables.
        ("a://r{?x,y}", "a://r?x=1&y=2&{z}", &["a://r?x=1&y=2&z"]),
        // Its values hold no separator.
        ("a://r{;x,y}", "a://r;x=1;z", &["a://r;x=1;z"]),
        ("a://r{&x,y}", "a://r&x=1&w", &["a://r&x=1&w"]),
        // A path after: the expression ends where its characters do.
        (
            "a://r{?x,y}/s",
            "a://r?x=1/2/s",
            &["a://r?x=1/2/s", "a://r?x=1/s"],
        ),
        // The lead comes first.
        ("a://r{?x,y}", "a://rx=1", &["a://rx=1", "a://r?x=1"]),
        ("a://r{;x,y}", "a://r?x=1", &["a://r?x=1", "a://r;x=1"]),
    ]);
}

#[test]
fn several_unnamed_variables_take_one_separator_fewer() {
    overlapping(&[
        ("a://{x,y}", "a://1,2", "a://1,2"),
        ("a://{x,y}", "a://1", "a://1"),
        ("a://{x,y,z}", "a://1,2,3", "a://1,2,3"),
        ("a://{x,y}", "a://{z}", "a://1"),
        ("a://r{/x,y}", "a://r/b/c", "a://r/b/c"),
        ("a://r{/x,y}", "a://r/b,c", "a://r/b,c"),
        ("a://r{/x,y}", "a://r{/z}", "a://r/b"),
        ("a://r{.x,y}", "a://r.json.gz", "a://r.json.gz"),
        ("a://r{+x,y}", "a://r/b?c,d#e", "a://r/b?c,d#e"),
        ("a://r{#x,y}", "a://r#b,c", "a://r#b,c"),
        ("a://r{#x,y}", "a://r#", "a://r#"),
        ("a://{x,y}/s", "a://{z}/s", "a://1/s"),
    ]);
    apart(&[
        ("a://{x,y}", "a://1,2,3", &["a://1,2,3", "a://1,2"]),
        ("a://r{/x,y}", "a://r/b/c/d", &["a://r/b/c/d", "a://r/b/c"]),
        ("a://r{/x,y}", "a://r/{a}/{b}/c", &["a://r/1/2/c"]),
        ("a://r{.x,y}", "a://r.tar.json.gz", &["a://r.tar.json.gz"]),
        ("a://r{+x,y}", "a://r1,2,3", &["a://r1,2,3"]),
        ("a://r{#x,y}", "a://r#1,2,3", &["a://r#1,2,3"]),
        // Each variable's characters: `{x,y}` writes no `/`, `{.x,y}` no `/` either.
        ("a://{x,y}", "a://1/2", &["a://1/2"]),
        ("a://r{.x,y}", "a://r.a/b", &["a://r.a/b"]),
        // The lead comes first.
        ("a://r{/x,y}", "a://rb/c", &["a://rb/c"]),
    ]);
}

/// Names at any length, at compile time too (the table is kept in bits, one row per state
/// of the shorter moves); escaped names as a literal has them.
#[test]
fn long_and_escaped_names_are_read_exactly() {
    let n = "n".repeat(40);
    let m = "m".repeat(40);
    let long = format!("res://a?k=1{{&{n}}}&z");
    let other = format!("res://a?k=1&{m}=1{{&{n}}}&z");
    // `long` reads `&nnn…` or nothing before `&z`: `other` has `&mmm…=1` there.
    apart(&[(&long, &other, &[])]);
    assert!(matches(&other, &format!("res://a?k=1&{m}=1&z")));
    assert!(!matches(&long, &format!("res://a?k=1&{m}=1&z")));
    let same = format!("res://a?k=1&{n}=1&z");
    overlapping(&[(&long, &same, &same)]);
    // Several long names.
    let several = format!("res://s{{?{n},{m}}}");
    overlapping(&[(
        &several,
        &format!("res://s?{m}=2&{n}"),
        &format!("res://s?{m}=2&{n}"),
    )]);
    apart(&[(&several, "res://s?q=1", &["res://s?q=1"])]);
    // An escaped name: the URI writes the name as the template does; a literal compares
    // escapes by what they stand for.
    overlapping(&[
        ("a://r{?a%20b}", "a://r?a%20b=1", "a://r?a%20b=1"),
        ("a://r{?a%41,c}", "a://r?aA=1", "a://r?a%41=1"),
    ]);
    apart(&[("a://r{?a%20b,c}", "a://r?a%21b=1", &["a://r?a%21b=1"])]);
}

/// The scheme and the host of a literal take either case, even where the other template
/// has a path literal or an escape that wants one (`s://{x}%41` and `s://a` share `s://A`).
#[test]
fn a_host_meets_a_literal_of_one_case() {
    overlapping(&[
        ("s://{x}%41", "s://a", "s://A"),
        ("s://{x}B/c", "S://b/c", "s://B/c"),
        ("s://{x}b/c", "S://B/c", "s://b/c"),
    ]);
    apart(&[("s://{x}B/c", "s://b/C", &["s://B/C", "s://b/C"])]);
}

/// A variable used twice beside a literal URI: one value for both uses, decoded, the host's
/// letters in either case.
#[test]
fn a_variable_used_twice_beside_a_literal_takes_one_value() {
    overlapping(&[
        (
            "users://{id}/posts/{id}",
            "users://7/posts/7",
            "users://7/posts/7",
        ),
        ("res://{x}/{x}", "res://a/a", "res://a/a"),
        ("res://{x}/{+x}", "res://a%2Fb/a/b", "res://a%2Fb/a/b"),
        ("res://{x}/{x}", "res://%41/A", "res://A/A"),
        // `{/x}` may leave `x` undefined.
        ("res://{x}{/x}", "res://a", "res://a"),
        ("res://{x}{/x}", "res://a/a", "res://a/a"),
        // The host's letters in either case.
        ("res://{h}/{h}", "res://AB/ab", "res://ab/ab"),
        ("res://{h}/{h}", "res://ab/AB", "res://AB/AB"),
    ]);
    apart(&[
        (
            "users://{id}/posts/{id}",
            "users://7/posts/8",
            &["users://7/posts/8", "users://7/posts/7"],
        ),
        ("res://{x}/{x}", "res://a/b", &["res://a/b", "res://a/a"]),
        (
            "res://h/{x}/{x}",
            "res://h/a/A",
            &["res://h/a/A", "res://h/a/a"],
        ),
        ("res://{x}{/x}", "res://a/b", &["res://a/b", "res://a/a"]),
        ("res://{x}/{+x}", "res://a%2Fb/a/c", &["res://a%2Fb/a/c"]),
    ]);
}

/// What stays looser (module docs): reported though no URI matches both.
#[test]
fn what_stays_looser_is_reported() {
    for (a, b, near) in [
        // A name written twice by the other template, not a literal URI.
        ("a://r{?x,y}", "a://r?x=1&x={v}", "a://r?x=1&x=2"),
        // A variable used twice, in a named expression or beside another template.
        ("res://{x}{?x}", "res://a?x=b", "res://a?x=b"),
        ("res://{x}/{x}", "res://a/{y}b", "res://a/b"),
        // The matcher keeps its first reading (`{x}` takes `a.b.a`, then `b`), the check
        // finds another (`a.b` twice).
        ("res://{x}.{x}", "res://a.b.a.b", "res://a.b.a.b"),
        // Modifiers: `match_uri` matches none.
        ("res://a{x*}", "res://a1", "res://a1"),
        // An escape in a value that is no UTF-8.
        ("res://{x}", "res://%FF", "res://%FF"),
    ] {
        assert!(!(matches(a, near) && matches(b, near)));
        reported(a, b, true);
    }
}

/// The budget of the module docs: a named expression of several variables takes its names'
/// bytes once per variable; past the budget it is read as any names, by both checks alike;
/// past even that the compile-time check does not compare, the run-time one does.
#[test]
fn the_budget_is_shared() {
    let states = |s: &str| build(s, &mut [], true).len;
    assert_eq!(
        states("s://{?q,limit,offset,sort,order}") - states("s://"),
        150
    );
    // Forty names: past the budget when exact, so any names.
    let names: Vec<String> = (0..40).map(|i| format!("name{i}")).collect();
    let many = format!("s://r{{?{}}}", names.join(","));
    assert!(states(&many) > super::CONST_OVERLAP_MAX_TOKENS);
    reported(&many, "s://r?other=1", true);
    reported(&many, "s://r/other", false);
    // A literal of 600 bytes: compared at run time only.
    let long = format!("s://r/{}", "a".repeat(600));
    assert!(t(&long).overlaps(&t("s://r/{+rest}")));
    assert!(!templates_overlap(&long, "s://r/{+rest}"));
}

#[test]
fn a_literal_start_tells_apart_only_bytes_no_uri_shares() {
    // Different bytes before any expression: apart without building the automata.
    apart(&[
        ("memo://r0", "memo://r2", &["memo://r0", "memo://r2"]),
        (
            "notes://r1/{id}",
            "notes://r3/{id}",
            &["notes://r1/a", "notes://r3/a"],
        ),
        ("memo://r0", "notes://{id}", &["memo://r0", "notes://r0"]),
        // Same letters in another case, outside the scheme and the host: the automata say.
        ("a://h/B", "a://h/b", &["a://h/B", "a://h/b"]),
    ]);
    overlapping(&[
        // The scheme and the host in another case.
        ("X://a{x}", "x://ab", "x://ab"),
        ("a://HOST/{p}", "a://host/q", "a://host/q"),
        // An escaped unreserved character is the character.
        ("memo://%72{x}", "memo://r0", "memo://r0"),
        ("memo://r{x}", "memo://%720", "memo://r0"),
    ]);
}
