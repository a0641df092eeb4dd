//! Parsing templates: the RFC 6570 levels accepted, bad syntax refused with the rule named,
//! absolute expansions required, prefix lengths and literal characters checked, and the
//! grammar compared with `iri-string`'s validator. Apart because parsing is checked on its
//! own, before any expansion or matching.

use super::*;

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
