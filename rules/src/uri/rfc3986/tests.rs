//! The hand-written grammar against `iri-string` (a dev-dependency): the same accept and
//! reject for `URI` and `URI-reference`, on hard cases and on generated strings.

use iri_string::types::{UriReferenceStr, UriStr};
use proptest::prelude::*;

use super::{is_uri_reference, uri_scheme_len};

/// Both grammars give the same answers on `s`, for `URI` and for `URI-reference`.
fn assert_agrees(s: &str) {
    assert_eq!(
        uri_scheme_len(s).is_some(),
        UriStr::new(s).is_ok(),
        "URI {s:?}"
    );
    assert_eq!(
        is_uri_reference(s),
        UriReferenceStr::new(s).is_ok(),
        "URI-reference {s:?}"
    );
}

#[test]
fn hard_cases_have_the_rfc_answer_and_agree() {
    // (input, is a URI, is a URI-reference)
    let cases = [
        ("http://[::1]/", true, true),
        ("http://[1:2:3:4:5:6:7::]", true, true),
        ("http://[::ffff:1.2.3.4]", true, true),
        ("http://[1::2::3]", false, false),
        ("http://[v1.x]", true, true),
        ("http://[V1f.a:b]", true, true),
        ("http://[v.x]", false, false),
        ("http://[v1.]", false, false),
        ("http://[::1.2.3.256]", false, false),
        ("http://[::1.2.3.04]", false, false),
        ("http://[::01.2.3.4]", false, false),
        ("http://[::1.2.3]", false, false),
        ("http://[1:2:3:4:5:6:1.2.3.4]", true, true),
        ("http://[1:2:3:4:5:6:7:1.2.3.4]", false, false),
        ("http://[1::2:3:4:5:6:1.2.3.4]", false, false),
        ("http://[1:2:3:4:5:6:7:8]", true, true),
        ("http://[1:2:3:4:5:6:7:8::]", false, false),
        ("http://[1:2:3:4:5:6:7]", false, false),
        ("http://[::]", true, true),
        ("http://[:::]", false, false),
        ("http://[:1::2]", false, false),
        ("http://[1::2:]", false, false),
        ("http://[12345::]", false, false),
        ("http://[1.2.3.4::]", false, false),
        ("http://[]", false, false),
        ("http://[::1]:80/", true, true),
        ("http://[::1]x/", false, false),
        ("http://[::1", false, false),
        ("http://a:/", true, true),
        ("http://a:80:90/", false, false),
        ("http://a:b/", false, false),
        ("http://a@b@c/", false, false),
        ("http://u:p%20@h/", true, true),
        ("http://", true, true),
        ("x:", true, true),
        ("x://///", true, true),
        ("//x", false, true),
        ("a:b", true, true),
        ("1a:b", false, false),
        ("./a:b", false, true),
        ("/a:b", false, true),
        ("?a:b", false, true),
        ("%zz", false, false),
        ("%4", false, false),
        ("%41", false, true),
        ("x:%41#%7e", true, true),
        ("x:a#b#c", false, false),
        ("x:a?b?c", true, true),
        ("café", false, false),
        ("x:/café", false, false),
        ("", false, true),
        ("x: y", false, false),
        ("x:{y}", false, false),
    ];
    for (s, uri, reference) in cases {
        assert_eq!(uri_scheme_len(s).is_some(), uri, "URI {s:?}");
        assert_eq!(is_uri_reference(s), reference, "URI-reference {s:?}");
        assert_agrees(s);
    }
    assert_eq!(uri_scheme_len("https://a"), Some(5));
}

/// Every IPv6 address of the RFC's nine forms, each piece count around its bound.
#[test]
fn ipv6_forms_agree() {
    for head in 0..=8 {
        for tail in 0..=8 {
            let join = |n: usize| vec!["a1"; n].join(":");
            for (middle, ipv4) in [("::", ""), (":", ""), ("::", "1.2.3.4"), (":", "1.2.3.4")] {
                let tail = match (tail, ipv4) {
                    (0, "") => String::new(),
                    (0, v4) => v4.to_owned(),
                    (n, "") => join(n),
                    (n, v4) => format!("{}:{v4}", join(n)),
                };
                assert_agrees(&format!("s://[{}{middle}{tail}]/", join(head)));
            }
        }
    }
}

/// A host for the structured generator: a name, an IPv4 address, an IPv6 or a future literal.
fn host() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just(String::new()),
        "[0-9a-fA-F]{1,5}",
        Just("1.2.3.4".to_owned()),
        "[0-9]{1,3}(\\.[0-9]{1,3}){2,4}",
        Just("g".to_owned()),
    ];
    let ipv6 = proptest::collection::vec(piece, 0..10).prop_map(|p| format!("[{}]", p.join(":")));
    let ipv6_elided = (
        proptest::collection::vec("[0-9a-f]{1,4}", 0..8),
        proptest::collection::vec("[0-9a-f]{1,4}|1\\.2\\.3\\.4", 0..8),
    )
        .prop_map(|(a, b)| format!("[{}::{}]", a.join(":"), b.join(":")));
    prop_oneof![
        3 => "[a-z0-9.-]{0,8}",
        1 => "[a-zA-Z0-9._~%!$&'()*+,;=:-]{0,8}",
        2 => "[0-9]{1,3}(\\.[0-9]{1,3}){3}",
        2 => ipv6,
        3 => ipv6_elided,
        1 => "\\[[vV]?[0-9a-fA-F]{0,2}\\.?[a-z:@%!.]{0,4}\\]",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// Random strings over the characters that matter to the grammar agree.
    #[test]
    fn random_strings_agree(s in "[a-fvA-F0-9:/?#\\[\\]@!$&'()*+,;=%._~ {é-]{0,24}") {
        assert_agrees(&s);
    }

    /// Built as scheme "//" [userinfo "@"] host [":" port] path [?query] [#fragment], each
    /// part mostly well-formed and sometimes not, they agree.
    #[test]
    fn structured_uris_agree(
        scheme in prop_oneof![8 => "[a-z][a-z0-9+.-]{0,3}", 1 => "[0-9+]x|"],
        slashes in prop_oneof![8 => Just("//"), 1 => Just("/"), 1 => Just("")],
        userinfo in prop_oneof![4 => Just(String::new()), 4 => "[a-z0-9:!;]{0,5}@", 1 => "[a-z%:@]{0,5}@"],
        host in host(),
        port in prop_oneof![4 => Just(String::new()), 4 => ":[0-9]{0,3}", 1 => ":[0-9a-z:]{0,3}"],
        path in prop_oneof![8 => "(/[a-z0-9:@.]{0,4}){0,3}", 1 => "[a-z:%/]{1,4}"],
        query in prop_oneof![4 => Just(String::new()), 4 => "\\?[a-z0-9/?:@]{0,5}", 1 => "\\?[a-z%#]{0,3}"],
        fragment in prop_oneof![4 => Just(String::new()), 4 => "#[a-z0-9/?:]{0,4}", 1 => "#[a-z#%]{0,3}"],
    ) {
        let colon = if scheme.is_empty() { "" } else { ":" };
        let s = format!("{scheme}{colon}{slashes}{userinfo}{host}{port}{path}{query}{fragment}");
        assert_agrees(&s);
    }

    /// Any string at all (mostly non-URIs) agrees.
    #[test]
    fn any_string_agrees(s in any::<String>()) {
        assert_agrees(&s);
    }
}
