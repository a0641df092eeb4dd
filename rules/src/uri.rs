//! URIs (`uri`): absolute RFC 3986 URIs.

use iri_string::types::{UriReferenceStr, UriStr};

use crate::violation::{Rule, Violation, quote};

/// Checks that `s` is an absolute RFC 3986 URI: a scheme is required, a fragment is
/// allowed, and only ASCII may appear (anything else must be percent-encoded).
///
/// ```
/// use mcp_content_rules::check_absolute_uri;
///
/// assert!(check_absolute_uri("file:///project/src/main.rs").is_ok());
/// assert!(check_absolute_uri("https://example.com/a?b=c#d").is_ok());
/// let err = check_absolute_uri("src/main.rs").unwrap_err();
/// assert_eq!(err.message, "relative URI \"src/main.rs\" needs a scheme (e.g. file: or https:)");
/// ```
pub fn check_absolute_uri(s: &str) -> Result<(), Violation> {
    parse_absolute_uri(s).map(|_| ())
}

/// Parses `s` as an absolute URI, with [`check_absolute_uri`]'s errors.
pub(crate) fn parse_absolute_uri(s: &str) -> Result<&UriStr, Violation> {
    if let Ok(uri) = UriStr::new(s) {
        return Ok(uri);
    }
    let why = if s.is_empty() {
        "empty URI".to_owned()
    } else if UriReferenceStr::new(s).is_ok() {
        format!(
            "relative URI {} needs a scheme (e.g. file: or https:)",
            quote(s)
        )
    } else {
        format!("invalid URI {}: {}", quote(s), diagnose(s))
    };
    Err(Violation::new(Rule::Uri, why))
}

/// The form in which the router compares URIs: the scheme in lowercase (RFC 3986 section
/// 3.1: schemes are case-insensitive) and the hex digits of `%XX` escapes in uppercase
/// (section 6.2.2.1); everything else as written. Two URIs that differ only there name the
/// same resource. Not normalized, on purpose: the host's case (MCP servers put names and ids
/// there, which their handlers receive as sent; WHATWG URLs keep it too for schemes other
/// than the web's), escapes of unreserved characters (`%41` stays apart from `A`) and dot
/// segments.
///
/// ```
/// use mcp_content_rules::comparable_uri;
///
/// assert_eq!(comparable_uri("Notes://Today/a%2fb"), "notes://Today/a%2Fb");
/// assert_eq!(comparable_uri("notes://today"), "notes://today");
/// ```
pub fn comparable_uri(uri: &str) -> std::borrow::Cow<'_, str> {
    let bytes = uri.as_bytes();
    let scheme_end = bytes
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
        .filter(|&end| end > 0 && bytes[end] == b':' && bytes[0].is_ascii_alphabetic())
        .unwrap_or(0);
    let mut hex_left: u8 = 0;
    let settled = bytes.iter().enumerate().all(|(at, &b)| {
        let ok = if at < scheme_end {
            !b.is_ascii_uppercase()
        } else {
            hex_left == 0 || !matches!(b, b'a'..=b'f')
        };
        hex_left = if b == b'%' {
            2
        } else {
            hex_left.saturating_sub(1)
        };
        ok
    });
    if settled {
        return std::borrow::Cow::Borrowed(uri);
    }
    let mut out = String::with_capacity(uri.len());
    let mut hex_left: u8 = 0;
    for (at, c) in uri.char_indices() {
        if at < scheme_end {
            out.push(c.to_ascii_lowercase());
        } else if hex_left > 0 && c.is_ascii_hexdigit() {
            out.push(c.to_ascii_uppercase());
        } else {
            out.push(c);
        }
        hex_left = if c == '%' {
            2
        } else {
            hex_left.saturating_sub(1)
        };
    }
    std::borrow::Cow::Owned(out)
}

/// Explains why `s` is not a URI reference. Only runs on the error path.
fn diagnose(s: &str) -> String {
    let bytes = s.as_bytes();
    for (at, c) in s.char_indices() {
        let allowed = c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c);
        if !allowed {
            return format!("invalid character {c:?} at byte {at}");
        }
        if c == '%'
            && !(bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
                && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit))
        {
            return format!("'%' at byte {at} does not start a %XX escape");
        }
    }
    if let Some(scheme_end) = s.find(':') {
        let scheme = &s[..scheme_end];
        if !scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            || !scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        {
            return format!("invalid scheme {}", quote(scheme));
        }
    }
    "malformed authority, path, query or fragment".to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_absolute_uris() {
        for ok in [
            "file:///a/b.txt",
            "https://example.com",
            "https://user@example.com:8080/p?q=1#frag",
            "urn:isbn:0451450523",
            "mailto:a@example.com",
            "data:image/png;base64,iVBORw0KGgo=",
            "weather://berlin/raw.json",
            "x:",
            "file:///caf%C3%A9",
            "http://[::1]/",
        ] {
            assert!(
                check_absolute_uri(ok).is_ok(),
                "{ok}: {:?}",
                check_absolute_uri(ok)
            );
        }
    }

    #[test]
    fn rejects_relative_and_malformed() {
        let err = check_absolute_uri("").unwrap_err();
        assert_eq!((err.rule, err.message.as_str()), (Rule::Uri, "empty URI"));
        for relative in ["a/b", "/a/b", "//host/a", "?q", "#f", "main.rs"] {
            let err = check_absolute_uri(relative).unwrap_err();
            assert!(err.message.starts_with("relative URI"), "{relative}: {err}");
        }
        let err = check_absolute_uri("https://a b").unwrap_err();
        assert!(
            err.message.ends_with("invalid character ' ' at byte 9"),
            "{err}"
        );
        let err = check_absolute_uri("file:///café").unwrap_err();
        assert!(
            err.message.ends_with("invalid character 'é' at byte 11"),
            "{err}"
        );
        let err = check_absolute_uri("file:///a%2").unwrap_err();
        assert!(err.message.contains("'%' at byte 9"), "{err}");
        let err = check_absolute_uri("1http://x").unwrap_err();
        assert!(err.message.contains("invalid scheme \"1http\""), "{err}");
        assert!(check_absolute_uri("http://a:port/").is_err());
        assert!(check_absolute_uri("https://example.com/\u{0}").is_err());
    }
}
