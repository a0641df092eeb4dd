//! Overlap of two templates: the table of overlapping and apart pairs, soundness on generated
//! templates and URIs, the compile-time check (`templates_overlap`) agreeing with
//! `UriTemplate::overlaps`, named and path expressions, and long names. Apart because they
//! compare templates with each other rather than with URIs.

use super::*;

#[test]
fn overlapping_templates() {
    let t = |s: &str| UriTemplate::parse(s).unwrap();
    let overlapping = [
        ("logs://{day}", "logs://{date}"),
        ("logs://{day}", "logs://today"),
        ("a://{x}/b", "a://c/{y}"),
        ("files:///{+path}", "files:///a/b/c.txt"),
        ("files:///{+path}", "files:///{dir}/{name}"),
        ("notes://{id}{?rev}", "notes://7?rev=2"),
        ("x://same", "x://same"),
        // Schemes compare without regard to case (RFC 3986 section 3.1).
        ("x://a", "X://a"),
        ("x://{a}", "X://{b}"),
        ("Logs://{day}", "logs://today"),
        ("HTTPS://h/{p}", "https://h/x"),
        // So does the host (when written before any variable).
        ("x://Today", "x://today"),
        ("x://Today/{a}", "X://TODAY/b"),
        ("x://user@Host/{a}", "x://user@host/b"),
        // Hex digits of escapes too.
        ("x://a%2fb", "x://a%2Fb"),
        ("x://a%2f{b}", "x://a%2F{c}"),
        // An escaped unreserved character is the character (section 6.2.2.2).
        ("x://h/%41", "x://h/A"),
        ("x://h/%7e{a}", "x://h/~{b}"),
        ("x://%41", "x://a"),
        // Operators: each pair shares a URI.
        ("a://{+path}", "a://{path}"),
        ("a://b{/seg}", "a://b/{x}"),
        ("a://b{/seg}", "a://b{x}"),
        ("a://b{/seg}", "a://b"),
        ("a://b{.ext}", "a://b.json"),
        ("a://b{;p}", "a://b;p=1"),
        ("a://b{?q}", "a://b{?r}"),
        ("a://b{#f}", "a://b#x/y"),
        ("a://{x,y}", "a://1,2"),
        ("a://{+x}", "a://b/c?d#e"),
        // Prefix and suffix literals: `a://xz` matches both.
        ("a://x{y}", "a://{y}z"),
        ("a://{p}.tar.gz", "a://{q}.gz"),
    ];
    for (a, b) in overlapping {
        assert!(t(a).overlaps(&t(b)), "{a} and {b} overlap");
        assert!(t(b).overlaps(&t(a)), "{b} and {a} overlap");
    }
    let apart = [
        ("logs://{day}/raw", "logs://{day}/summary"),
        ("files://{name}", "files://a/b"),
        ("logs://{day}", "metrics://{day}"),
        ("x://a", "x://b"),
        ("a://{x}.json", "a://{y}.txt"),
        // The path and the userinfo keep their case.
        ("x://h/Today", "x://h/today"),
        ("x://User@h", "x://user@h"),
        // An escaped unreserved character is that character, and keeps its case in a path;
        // an escaped reserved one is not the character.
        ("x://h/%61", "x://h/A"),
        ("x://h/a%2Fb", "x://h/a/b"),
        // Leading characters: `{/x}` is empty or starts with `/`, `{?q}` with `?`.
        ("docs://api{/version}", "docs://apiv2"),
        ("search://x{?q}", "search://xy"),
        ("a://b{.ext}", "a://bjson"),
        ("a://b{#f}", "a://bc"),
        // A simple variable writes no reserved character.
        ("mail://{user}", "mail://a@b"),
        ("a://h/{x}", "a://h/b:c"),
        ("a://{x}", "a://b,c"),
        ("a://{x}", "a://b;c"),
        ("a://{.x}", "a://.b/c"),
        ("a://{x}{?q}", "a://b/c"),
    ];
    for (a, b) in apart {
        assert!(!t(a).overlaps(&t(b)), "{a} and {b} are apart");
        assert!(!t(b).overlaps(&t(a)), "{b} and {a} are apart");
    }
}

/// Soundness: a URI that both templates match makes them overlap, on generated templates
/// and URIs (the URIs are built from the same pieces as the templates, in both cases).
#[test]
fn a_uri_both_match_is_an_overlap() {
    let templates: Vec<String> = PIECES
        .iter()
        .flat_map(|a| PIECES.iter().map(move |b| format!("s://{a}{b}")))
        .chain(PIECES.iter().map(|a| format!("S://{a}")))
        .filter(|s| UriTemplate::parse(s).is_ok())
        .collect();
    let uri_pieces = ["", "a", "/", ".", "?", "#", "x=", ";", "%2f"];
    let mut uris = Vec::new();
    for a in uri_pieces {
        for b in uri_pieces {
            for c in uri_pieces {
                uris.push(format!("s://{a}{b}{c}"));
                uris.push(format!("S://{a}{b}{c}"));
            }
        }
    }
    let matched: Vec<Vec<bool>> = templates
        .iter()
        .map(|a| {
            let ta = t(a);
            uris.iter().map(|u| ta.match_uri(u).is_some()).collect()
        })
        .collect();
    let mut witnessed = 0;
    for (a, a_matches) in templates.iter().zip(&matched) {
        for (b, b_matches) in templates.iter().zip(&matched) {
            if let Some(at) = (0..uris.len()).find(|&at| a_matches[at] && b_matches[at]) {
                witnessed += 1;
                assert!(t(a).overlaps(&t(b)), "{a} and {b} both match {}", uris[at]);
            }
        }
    }
    assert!(witnessed > templates.len(), "the table has shared URIs");
}

/// The compile-time check agrees with `UriTemplate::overlaps` on a table of pairs, both ways.
#[test]
fn const_overlap_agrees_with_overlaps() {
    let templates = [
        "logs://{day}",
        "logs://{date}",
        "logs://today",
        "logs://{day}/raw",
        "logs://{day}/summary",
        "logs://a/raw",
        "a://{x}/b",
        "a://c/{y}",
        "files:///{+path}",
        "files:///a/b/c.txt",
        "files:///{dir}/{name}",
        "files://{name}",
        "files://readme",
        "files://a/b",
        "notes://{id}{?rev}",
        "notes://7?rev=2",
        "notes://7",
        "notes://{id}{#frag}",
        "notes://{id}#x",
        "x://same",
        "x://a",
        "x://b",
        "a://{x}.json",
        "a://{y}.txt",
        "a://{.ext}",
        "a://{;p}",
        "a://{/seg}",
        "a://{x,y}",
        "a://{&q}",
        "metrics://{day}",
        "a://%C3%A9{x}",
        "a://%C3%A9t%C3%A9",
    ];
    let mut overlapping = 0;
    for a in templates {
        for b in templates {
            let expected = t(a).overlaps(&t(b));
            overlapping += usize::from(expected);
            assert_eq!(templates_overlap(a, b), expected, "{a} and {b}");
        }
    }
    assert!(
        overlapping > templates.len(),
        "the table has overlapping pairs"
    );
}

proptest! {
    /// The same on generated templates.
    #[test]
    fn const_overlap_agrees_on_generated_templates(
        a in prop::collection::vec(prop::sample::select(PIECES.to_vec()), 0..6),
        b in prop::collection::vec(prop::sample::select(PIECES.to_vec()), 0..6),
    ) {
        let (a, b) = (format!("s://{}", a.concat()), format!("s://{}", b.concat()));
        if let (Ok(ta), Ok(tb)) = (UriTemplate::parse(&a), UriTemplate::parse(&b)) {
            prop_assert_eq!(templates_overlap(&a, &b), ta.overlaps(&tb), "{} and {}", a, b);
        }
    }
}

const PIECES: [&str; 14] = [
    "a", "b", "/", ".", "?", "#", "=", "{x}", "{+x}", "{/x}", "{?x}", "{.x}", "{;x}", "{#x}",
];

/// What the matcher does with named expressions of one variable (`{?x}`, `{&x}`, `{;x}`)
/// and `{/x}`, which the overlap check now reads exactly: each overlapping pair with a URI
/// both match, each apart pair with URIs that match one and not the other; both ways, at
/// run time and at compile time.
#[test]
fn named_and_path_expressions_overlap_exactly() {
    let both = |template: &str, uri: &str| t(template).match_uri(uri).is_some();
    // (a, b, a URI both match)
    let overlapping = [
        // `{?x}` writes nothing when `x` is undefined: the bare URI is the template's too.
        ("res://a{?x}", "res://a", "res://a"),
        ("res://a{?x}", "res://a{?y}", "res://a"),
        ("res://a{?x}", "res://a?x", "res://a?x"),
        ("res://a{?x}", "res://a?x=", "res://a?x="),
        ("res://a{?x}", "res://a?x=1", "res://a?x=1"),
        ("res://a{?x}", "res://a?x=1?=2", "res://a?x=1?=2"),
        ("res://a{?x}", "res://a?{y}", "res://a?x"),
        ("res://a{?x}", "res://a{?x,y}", "res://a?x=1"),
        ("res://a{?x}{&y}", "res://a?x=1&y=2", "res://a?x=1&y=2"),
        ("res://a{&x}", "res://a&x=1", "res://a&x=1"),
        ("res://a{;x}", "res://a;x", "res://a;x"),
        ("res://a{;x}", "res://a;x=1=2", "res://a;x=1=2"),
        ("res://a{/x}", "res://a/b", "res://a/b"),
        ("res://a{/x}", "res://a{/y}", "res://a/b"),
        ("res://a{/x}/c", "res://a/b/c", "res://a/b/c"),
        ("res://a{/x,y}", "res://a/b/c", "res://a/b/c"),
        ("res://a{#x}", "res://a#b/c?d", "res://a#b/c?d"),
        ("res://a{+x}", "res://a/b?c#d", "res://a/b?c#d"),
        ("res://a{.x}", "res://a.b.c", "res://a.b.c"),
    ];
    for (a, b, uri) in overlapping {
        assert!(both(a, uri) && both(b, uri), "{uri} matches {a} and {b}");
        assert!(t(a).overlaps(&t(b)), "{a} and {b} overlap");
        assert!(t(b).overlaps(&t(a)), "{b} and {a} overlap");
        assert!(
            templates_overlap(a, b) && templates_overlap(b, a),
            "{a}, {b}"
        );
    }
    // (a, b, URIs that match one of them only)
    let apart = [
        (
            "res://a{?x}",
            "res://a?y=1",
            &["res://a?y=1", "res://a?x=1"][..],
        ),
        ("res://a{?x}", "res://a?", &["res://a?", "res://a"]),
        ("res://a{?x}", "res://a?xy=1", &["res://a?xy=1"]),
        ("res://a{?x}", "res://a?x=1&x=2", &["res://a?x=1&x=2"]),
        ("res://a{?x}", "res://a?x=1&y=2", &["res://a?x=1&y=2"]),
        (
            "res://a{?x}",
            "res://a{?y}/b",
            &["res://a/b", "res://a?y=1/b"],
        ),
        ("res://a{?x}{&y}", "res://a?x=1&z=2", &["res://a?x=1&z=2"]),
        ("res://a{&x}", "res://a&y=1", &["res://a&y=1"]),
        ("res://a{&x}", "res://a&x=1?", &["res://a&x=1?"]),
        ("res://a{;x}", "res://a;y=1", &["res://a;y=1"]),
        ("res://a{;x}", "res://a;x=1;x=2", &["res://a;x=1;x=2"]),
        ("res://a{/x}", "res://a/b/c", &["res://a/b/c", "res://a/b"]),
        (
            "res://a{/x}",
            "res://a/{y}/c",
            &["res://a/b/c", "res://a/b"],
        ),
        ("res://a{/x}{?q}", "res://a/b/c", &["res://a/b/c"]),
    ];
    for (a, b, uris) in apart {
        for uri in uris {
            assert!(
                both(a, uri) != both(b, uri),
                "{uri} matches one of {a} and {b}"
            );
        }
        assert!(!t(a).overlaps(&t(b)), "{a} and {b} are apart");
        assert!(!t(b).overlaps(&t(a)), "{b} and {a} are apart");
        assert!(
            !templates_overlap(a, b) && !templates_overlap(b, a),
            "{a}, {b}"
        );
    }
    // Still read loosely (see the module docs): reported as overlaps although no URI matches
    // both. A name written twice for several named variables, modifiers (which `match_uri`
    // never matches) and a variable used twice beside another template.
    let conservative = [
        ("res://a{?x,y}", "res://a?x=1&x={v}"),
        ("res://a{x*}", "res://a1"),
        ("res://{x}/{x}", "res://a/{y}b"),
    ];
    for (a, b) in conservative {
        assert!(t(a).overlaps(&t(b)), "{a} and {b}");
        assert!(
            templates_overlap(a, b) && templates_overlap(b, a),
            "{a}, {b}"
        );
    }
}

/// Names are read exactly at any length, at compile time too (`overlap/tests.rs` has more).
#[test]
fn long_names_in_named_expressions() {
    let long = |c: &str| c.repeat(40);
    let a = format!("res://a{{?{}}}", long("n"));
    let b = "res://a?y=1";
    assert!(!t(&a).overlaps(&t(b)));
    assert!(!templates_overlap(&a, b) && !templates_overlap(b, &a));
    // Both long, and both match `res://a`.
    let c = format!("res://a{{?{}}}", long("m"));
    assert!(t(&a).overlaps(&t(&c)));
    assert!(templates_overlap(&a, &c));
}
