use std::collections::HashMap;

use proptest::prelude::*;

use super::*;

fn t(s: &str) -> UriTemplate {
    UriTemplate::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Expands with string values from `vars`; names not listed are undefined.
fn expand(template: &UriTemplate, vars: &[(&str, &str)]) -> String {
    let map: HashMap<&str, &str> = vars.iter().copied().collect();
    template.expand(&|name| map.get(name).map(|v| TemplateValue::Str(v)))
}

fn owned(vars: &[(&str, &str)]) -> Vec<(String, String)> {
    vars.iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

/// Values that stress encoding and matching.
const TRICKY: &[&str] = &[
    "",
    "plain",
    "a b",
    "a/b",
    "/",
    "//",
    "..",
    "../etc/passwd",
    "%",
    "%2F",
    "%41",
    "100%",
    "%%",
    "%zz",
    "a+b",
    "a,b",
    "a;b=c",
    "a?b#c",
    "a&b=c",
    "é",
    "日本語",
    "😀 emoji",
    "tab\there",
    "new\nline",
    "quote\"'",
    "{braces}",
    "[brackets]",
    "back\\slash",
    "~-._",
    ".txt",
    "x.txt",
    "=",
    "\u{0}",
    "-",
];

#[test]
fn parse_accepts_levels_1_to_4() {
    for ok in [
        "file:///README.md",
        "file:///{name}",
        "file:///it's/{a.b_c%41,d9}",
        "file:///{+path}",
        "https://example.com{/a,b}{?q,r}{&s}{#frag}",
        "https://example.com/{x}{.ext}{;p}",
        "https://example.com/{x:3}/{list*}",
        "{scheme}://host/",
        "file:///caf%C3%A9/{x}",
    ] {
        t(ok);
    }
}

#[test]
fn parse_rejects_bad_syntax_with_rule_uri_template() {
    for bad in [
        "file:///{unclosed",
        "file:///{}",
        "file:///{a b}",
        "file:///{=x}",
        "file:///{!x}",
        "file:///{x:0}",
        "file:///{x:10000}",
        "file:///}",
        "file:///a b",
        "file:///{x}%zz",
        "file:///{a.}",
        "file:///{.a..b}",
        "file:///{a,}",
        "file:///<{a}>",
        "file:///%",
        "file:///%\u{1EE74}",
    ] {
        let err = UriTemplate::parse(bad).unwrap_err();
        assert_eq!(err.rule, Rule::UriTemplate, "{bad}: {err}");
        assert!(err.message.starts_with("invalid URI template \""), "{err}");
    }
    let message = |s: &str| UriTemplate::parse(s).unwrap_err().message;
    assert_eq!(
        message("file:///{unclosed"),
        "invalid URI template \"file:///{unclosed\": expression at byte 8 is not closed"
    );
    assert_eq!(
        message("file:///{a b}"),
        "invalid URI template \"file:///{a b}\": invalid variable name \"a b\" in expression \"{a b}\" at byte 8"
    );
    assert_eq!(
        message("file:///café"),
        "invalid URI template \"file:///café\": non-ASCII character 'é' at byte 11; percent-encode it"
    );
    assert_eq!(
        message("file:///{!x}"),
        "invalid URI template \"file:///{!x}\": operator '!' is reserved for future extensions in expression \"{!x}\" at byte 8"
    );
}

#[test]
fn parse_requires_an_absolute_expansion() {
    for relative in ["", "{x}", "/files/{x}", "{+path}/x", "x{?q}"] {
        let err = UriTemplate::parse(relative).unwrap_err();
        assert_eq!(err.rule, Rule::Uri, "{relative}: {err}");
    }
    let err = UriTemplate::parse("/files/{x}").unwrap_err();
    assert_eq!(
        err.message,
        "URI template \"/files/{x}\" does not expand to an absolute URI: relative URI \"/files/x\" \
         needs a scheme (e.g. file: or https:)"
    );
}

#[test]
fn variables_and_literal() {
    let tpl = t("https://h/{a}/{+b}{?c,a}{&d*}{#e:3}");
    assert_eq!(tpl.variables(), ["a", "b", "c", "d", "e"]);
    assert!(!tpl.is_literal());
    assert!(t("https://h/x").is_literal());
    assert!(t("https://h/x").variables().is_empty());
    assert_eq!(tpl.as_str(), "https://h/{a}/{+b}{?c,a}{&d*}{#e:3}");
    assert_eq!(tpl.to_string(), tpl.as_str());
    assert_eq!(
        "https://h/{a}".parse::<UriTemplate>(),
        Ok(t("https://h/{a}"))
    );
}

#[test]
fn keeps_slashes_only_when_every_use_is_reserved() {
    let tpl = t("file:///{+a}/{b}/{#c}/{+d}{d}");
    assert!(tpl.keeps_slashes("a"));
    assert!(!tpl.keeps_slashes("b"));
    assert!(tpl.keeps_slashes("c"));
    assert!(!tpl.keeps_slashes("d"));
    assert!(!tpl.keeps_slashes("missing"));
}

#[test]
fn expands_rfc_6570_examples() {
    // RFC 6570 section 3.2, values without '%'.
    let vars = [
        ("var", "value"),
        ("hello", "Hello World!"),
        ("path", "/foo/bar"),
        ("x", "1024"),
        ("y", "768"),
        ("empty", ""),
    ];
    for (template, expected) in [
        ("x:{var}", "x:value"),
        ("x:{hello}", "x:Hello%20World%21"),
        ("x:{+hello}", "x:Hello%20World!"),
        ("x:{+path}/here", "x:/foo/bar/here"),
        ("x:{#hello}", "x:#Hello%20World!"),
        ("x:{x,y}", "x:1024,768"),
        ("x:{+x,hello,y}", "x:1024,Hello%20World!,768"),
        ("x:{#path,x}/here", "x:#/foo/bar,1024/here"),
        ("x:X{.var}", "x:X.value"),
        ("x:{/var,x}/here", "x:/value/1024/here"),
        ("x:{;x,y,empty}", "x:;x=1024;y=768;empty"),
        ("x:{?x,y,empty}", "x:?x=1024&y=768&empty="),
        ("x:?fixed=yes{&x}", "x:?fixed=yes&x=1024"),
        ("x:{var:3}", "x:val"),
        ("x:{undef}", "x:"),
        ("x:{?undef}", "x:"),
        ("x:{x,undef,y}", "x:1024,768"),
    ] {
        assert_eq!(expand(&t(template), &vars), expected, "{template}");
    }
}

#[test]
fn expands_lists() {
    let tpl = t("x:{list}{?list}{/list*}");
    let uri = tpl.expand(&|_| Some(TemplateValue::List(vec!["red", "green blue"])));
    assert_eq!(
        uri,
        "x:red,green%20blue?list=red,green%20blue/red/green%20blue"
    );
    // A list for a prefix modifier is undefined rather than an error.
    let tpl = t("x:{a}{b:2}");
    let uri = tpl.expand(&|_| Some(TemplateValue::List(vec!["abc"])));
    assert_eq!(uri, "x:abc");
}

#[test]
fn expand_escapes_percent_in_reserved_expressions() {
    let tpl = t("x:{+a}/{#b}");
    assert_eq!(
        expand(&tpl, &[("a", "%41"), ("b", "100%")]),
        "x:%2541/#100%25"
    );
    assert_eq!(expand(&t("x:{a}"), &[("a", "%41")]), "x:%2541");
}

#[test]
fn expands_modifiers() {
    let vars = [("var", "value"), ("u", "日本語")];
    for (template, expected) in [
        ("x:{var:3}", "x:val"),
        ("x:{var:30}", "x:value"),
        ("x:{u:2}", "x:%E6%97%A5%E6%9C%AC"),
        ("x:{+u:1}", "x:%E6%97%A5"),
        ("x:{?var:2}", "x:?var=va"),
    ] {
        assert_eq!(expand(&t(template), &vars), expected, "{template}");
    }
    let list = |_: &str| Some(TemplateValue::List(vec!["a", "", "b c"]));
    for (template, expected) in [
        ("x:{l*}", "x:a,,b%20c"),
        ("x:{/l*}", "x:/a//b%20c"),
        ("x:{;l*}", "x:;l=a;l;l=b%20c"),
        ("x:{?l*}", "x:?l=a&l=&l=b%20c"),
        ("x:{?l}", "x:?l=a,,b%20c"),
        ("x:{.l}", "x:.a,,b%20c"),
    ] {
        assert_eq!(t(template).expand(&list), expected, "{template}");
    }
    let empty = |_: &str| Some(TemplateValue::List(Vec::new()));
    assert_eq!(t("x:{?l}{/l*}").expand(&empty), "x:");
}

#[test]
fn rejects_prefix_lengths_outside_1_to_9999() {
    for bad in ["x:{a:0}", "x:{a:09}", "x:{a:10000}", "x:{a:}", "x:{a:-1}"] {
        let err = UriTemplate::parse(bad).unwrap_err();
        assert_eq!(err.rule, Rule::UriTemplate, "{bad}: {err}");
    }
    t("x:{a:9999}");
    t("x:{a:1}");
}

#[test]
fn literals_are_uri_characters_only() {
    let err = UriTemplate::parse("file:///café/{x}").unwrap_err();
    assert_eq!(err.rule, Rule::UriTemplate);
    let tpl = t("file:///caf%C3%A9/{x}");
    assert_eq!(
        tpl.match_uri("file:///caf%C3%A9/a"),
        Some(owned(&[("x", "a")]))
    );
}

/// Expands with `iri-string`, the reference, on values it handles without panicking.
fn reference_expand(template: &str, vars: &[(&str, &str)]) -> String {
    use iri_string::spec::UriSpec;
    use iri_string::template::simple_context::SimpleContext;
    let mut context = SimpleContext::new();
    for (k, v) in vars {
        context.insert(*k, *v);
    }
    iri_string::template::UriTemplateStr::new(template)
        .unwrap()
        .expand::<UriSpec, _>(&context)
        .unwrap()
        .to_string()
}

#[test]
fn agrees_with_iri_string() {
    // ASCII without '%': where `iri-string` neither panics nor differs on purpose.
    let values = [
        "",
        "a",
        "a b",
        "a/b",
        "?x=1&y=2",
        "#f",
        "[::1]",
        "!$&'()*+,;=",
        "\"<>\\^`{|}",
        "~-._",
        "..",
    ];
    let templates = [
        "x:{a}",
        "x:{+a}",
        "x:{#a}",
        "x:{.a}",
        "x:{/a}",
        "x:{;a}",
        "x:{?a}",
        "x:{&a}",
        "x:{a,b}",
        "x:{+a,b}",
        "x:{#a,b}",
        "x:{.a,b}",
        "x:{/a,b}",
        "x:{;a,b}",
        "x:{?a,b}",
        "x:{a:2}",
        "x:{+a:2,b}",
        "x:{?a:1,b:3}",
        "x:{a*}",
        "x:{/a*,b}",
    ];
    for template in templates {
        for a in values {
            for b in values {
                let vars = [("a", a), ("b", b)];
                assert_eq!(
                    expand(&t(template), &vars),
                    reference_expand(template, &vars),
                    "{template} a={a:?} b={b:?}"
                );
            }
        }
    }
    // Non-ASCII, for the operators where `iri-string` does not panic.
    for template in ["x:{a}", "x:{.a}", "x:{/a,b}", "x:{?a,b}"] {
        let vars = [("a", "日本語 é"), ("b", "😀")];
        assert_eq!(
            expand(&t(template), &vars),
            reference_expand(template, &vars),
            "{template}"
        );
    }
}

#[test]
fn round_trips_tricky_values_for_simple_and_reserved() {
    for template in [
        "file:///{x}",
        "file:///{+x}",
        "file:///root/{x}.txt",
        "file:///root/{+x}.txt",
        "x://{x}",
        "{x}:rest",
        "file:///{#x}",
        "https://h/a{/x}/b",
        "https://h/a{.x}",
    ] {
        let tpl = t(template);
        for value in TRICKY {
            // A value that would turn `{x}` into something the URI grammar cannot hold
            // as a scheme is not a round-trip case.
            if template.starts_with("{x}") && !value.starts_with(|c: char| c.is_ascii_alphabetic())
            {
                continue;
            }
            let vars = [("x", *value)];
            let uri = expand(&tpl, &vars);
            assert_eq!(
                tpl.match_uri(&uri),
                Some(owned(&vars)),
                "{template} with {value:?} -> {uri}"
            );
        }
    }
}

#[test]
fn round_trips_pairs_separated_by_literals() {
    let tpl = t("file:///{dir}/{name}.{ext}");
    for a in TRICKY {
        for b in TRICKY {
            let vars = [("dir", *a), ("name", *b), ("ext", "md")];
            let uri = expand(&tpl, &vars);
            assert_eq!(tpl.match_uri(&uri), Some(owned(&vars)), "{uri}");
        }
    }
    let tpl = t("file:///{+dir}/{name}");
    for a in TRICKY {
        for b in TRICKY {
            let vars = [("dir", *a), ("name", *b)];
            let uri = expand(&tpl, &vars);
            assert_eq!(tpl.match_uri(&uri), Some(owned(&vars)), "{uri}");
        }
    }
}

#[test]
fn matches_every_operator() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("x:{a}", &[("a", "v a")]),
        ("x:{a,b}", &[("a", "1"), ("b", "2,3")]),
        ("x:{+a,b}", &[("a", "1"), ("b", "2")]),
        ("x:{#a}", &[("a", "f/g?h")]),
        ("x:h{.a}", &[("a", "json.gz")]),
        ("x:h{.a,b}", &[("a", "tar"), ("b", "gz")]),
        ("x:{/a,b}", &[("a", "p/q"), ("b", "r")]),
        ("x:{;a,b}", &[("a", "1"), ("b", "")]),
        ("x:{?a,b}", &[("a", "1&2"), ("b", "=")]),
        ("x:?fixed=1{&a,b}", &[("a", "x y"), ("b", "z")]),
        ("x:{a}{?q}{#f}", &[("a", "p"), ("q", "r"), ("f", "s")]),
        // Path segments one after another: a value's own `/` is encoded, so the second
        // expression's `/` ends the first.
        ("x:{/a}{/b}", &[("a", "12"), ("b", "p/q")]),
        ("x:{/a}{/b,c}", &[("a", "1"), ("b", "2"), ("c", "3")]),
    ];
    for (template, vars) in cases {
        let tpl = t(template);
        let uri = expand(&tpl, vars);
        assert_eq!(
            tpl.match_uri(&uri),
            Some(owned(vars)),
            "{template} -> {uri}"
        );
    }
}

#[test]
fn undefined_variables_are_absent() {
    let tpl = t("x:{a}{?q,r}{/p}");
    let uri = expand(&tpl, &[("a", "1"), ("r", "2")]);
    assert_eq!(uri, "x:1?r=2");
    assert_eq!(tpl.match_uri(&uri), Some(owned(&[("a", "1"), ("r", "2")])));
    assert_eq!(tpl.match_uri("x:"), Some(owned(&[("a", "")])));
}

#[test]
fn mismatches_return_none() {
    let tpl = t("file:///docs/{name}.md");
    for uri in [
        "file:///docs/a.txt",
        "file:///other/a.md",
        "file:///docs/a/b.md",
        "file:///docs/a.md?x",
        "https:///docs/a.md",
        "file:///docs/a%zz.md",
        "file:///docs/%FF.md",
        "",
    ] {
        assert_eq!(tpl.match_uri(uri), None, "{uri}");
    }
    assert_eq!(t("x:{?a}").match_uri("x:?b=1"), None);
    assert_eq!(t("x:{?a}").match_uri("x:?a=1&a=2"), None);
    assert_eq!(t("x:{?a}").match_uri("x:?"), None);
    assert_eq!(t("x:{a,b}").match_uri("x:1,2,3"), None);
    assert_eq!(t("x:lit").match_uri("x:lit"), Some(Vec::new()));
    assert_eq!(t("x:lit").match_uri("x:lit2"), None);
}

#[test]
fn repeated_variables_must_agree() {
    let tpl = t("x:{a}/{a}");
    assert_eq!(tpl.match_uri("x:1/1"), Some(owned(&[("a", "1")])));
    assert_eq!(tpl.match_uri("x:1/2"), None);
}

#[test]
fn modifiers_are_not_matched() {
    assert_eq!(t("x:{a:3}").match_uri("x:abc"), None);
    assert_eq!(t("x:{/a*}").match_uri("x:/a/b"), None);
}

#[test]
fn matching_adjacent_expressions_stays_fast() {
    // Every split is tried once at most (dead ends are remembered), so this is quick even
    // though nothing matches.
    let tpl = t("x:{a}{b}{c}{d}{e}!");
    let uri = format!("x:{}", "a".repeat(2000));
    let start = std::time::Instant::now();
    assert_eq!(tpl.match_uri(&uri), None);
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    let long = format!("x:{}", "a".repeat(200_000));
    assert_eq!(tpl.match_uri(&long), None);
}

#[test]
fn matching_a_long_value_is_linear() {
    let tpl = t("file:///{+path}");
    let value = "dir/".repeat(100_000);
    let uri = expand(&tpl, &[("path", &value)]);
    assert_eq!(tpl.match_uri(&uri), Some(owned(&[("path", &value)])));
}

proptest! {
    #[test]
    fn simple_round_trips_any_string(a in any::<String>(), b in any::<String>()) {
        let tpl = t("file:///{a}/{b}");
        let vars = [("a", a.as_str()), ("b", b.as_str())];
        let uri = expand(&tpl, &vars);
        prop_assert!(check_absolute_uri(&uri).is_ok(), "{}", uri);
        prop_assert_eq!(tpl.match_uri(&uri), Some(owned(&vars)));
    }

    #[test]
    fn reserved_round_trips_any_string(a in any::<String>(), b in any::<String>()) {
        let tpl = t("file:///{+a}/{b}.txt");
        let vars = [("a", a.as_str()), ("b", b.as_str())];
        let uri = expand(&tpl, &vars);
        prop_assert_eq!(tpl.match_uri(&uri), Some(owned(&vars)));
    }

    #[test]
    fn query_round_trips_any_string(a in any::<String>(), q in any::<String>()) {
        let tpl = t("https://h/{a}{?q}");
        let vars = [("a", a.as_str()), ("q", q.as_str())];
        let uri = expand(&tpl, &vars);
        prop_assert_eq!(tpl.match_uri(&uri), Some(owned(&vars)));
    }

    #[test]
    fn matching_arbitrary_input_does_not_panic(uri in any::<String>()) {
        for template in ["file:///{a}/{+b}", "x:{a}{b}{?c,d}{#e}", "x:{.a}{/b}{;c}{&d}"] {
            let _ = t(template).match_uri(&uri);
        }
    }
}

proptest! {
    /// The grammar agrees with `iri-string`'s validator on ASCII input (where it does not
    /// panic), except where `iri-string` is laxer than RFC 6570: prefix lengths (`:0`,
    /// `:10000`) and dots in variable names (`{a.}`, `{a..b}`).
    #[test]
    fn grammar_agrees_with_iri_string(s in "[a-cA-F0-9{}%:*,._+#/;?&=!@| '<>-]{0,14}") {
        let ours = split_parts(&s);
        let reference = iri_string::template::UriTemplateStr::new(&s).is_ok();
        let laxer = matches!(&ours, Err(why)
            if why.contains("prefix length") || why.contains("invalid variable name") && why.contains('.'));
        if !laxer {
            prop_assert_eq!(ours.is_ok(), reference, "{:?}: {:?}", s, ours);
        }
    }
}

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

/// The scheme and the hex digits of escapes match without regard to case; the rest exactly.
#[test]
fn match_compares_scheme_and_escapes_loosely() {
    let vars = |template: &str, uri: &str| t(template).match_uri(uri);
    assert_eq!(vars("x://{a}", "X://1"), Some(owned(&[("a", "1")])));
    assert_eq!(vars("X://{a}", "x://1"), Some(owned(&[("a", "1")])));
    assert_eq!(
        vars("Notes://{a}", "nOTES://Big"),
        Some(owned(&[("a", "Big")]))
    );
    assert_eq!(
        vars("x://a%2fb/{c}", "x://a%2Fb/d"),
        Some(owned(&[("c", "d")]))
    );
    assert_eq!(
        vars("x://{a}/%C3%A9", "x://1/%c3%a9"),
        Some(owned(&[("a", "1")]))
    );
    // The host compares without case; the path keeps it; `%41` is `A`, `%2F` is not `/`.
    assert_eq!(
        vars("x://Today/{a}", "x://tODAY/1"),
        Some(owned(&[("a", "1")]))
    );
    assert_eq!(vars("x://h/Raw{a}", "x://h/raw1"), None);
    assert_eq!(vars("x://Us@h/{a}", "x://us@h/1"), None);
    assert_eq!(vars("x://h/%41{a}", "x://h/A1"), Some(owned(&[("a", "1")])));
    assert_eq!(
        vars("x://h/A{a}", "x://h/%41%31"),
        Some(owned(&[("a", "1")]))
    );
    assert_eq!(vars("x://h/%61{a}", "x://h/A1"), None);
    assert_eq!(vars("x://h/a%2F{a}", "x://h/a/1"), None);
    // A variable in the scheme takes it as sent.
    assert_eq!(vars("{s}://a", "Web://a"), Some(owned(&[("s", "Web")])));
}

#[test]
fn comparable_uris() {
    use crate::comparable_uri;
    for (uri, comparable) in [
        ("X://a", "x://a"),
        (
            "HTTPS://Example.com/A%2fb%c3%a9",
            "https://example.com/A%2Fb%C3%A9",
        ),
        ("x://User@Host:80/P?Q#F", "x://User@host:80/P?Q#F"),
        ("x://H%c3%a9st/", "x://h%C3%A9st/"),
        ("x://h/%41%7e%2f", "x://h/A~%2F"),
        ("x://%48ost/", "x://host/"),
        ("urn:ISBN:1", "urn:ISBN:1"),
        ("x://a", "x://a"),
        ("x://a%zz", "x://a%zz"),
        ("x://a%2", "x://a%2"),
        ("no-scheme/Path", "no-scheme/Path"),
        ("1x://A", "1x://A"),
        ("", ""),
    ] {
        assert_eq!(comparable_uri(uri), comparable, "{uri}");
    }
    assert!(matches!(
        comparable_uri("x://a%2F"),
        std::borrow::Cow::Borrowed(_)
    ));
}

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
