//! Expanding templates: the RFC 6570 examples, lists, modifiers and escapes, and agreement
//! with `iri-string` as the reference expander. Apart because these check the output URI
//! alone, never reading it back.

use super::*;

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
