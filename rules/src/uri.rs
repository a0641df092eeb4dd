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

/// The parts of a URI (or of a template's leading literal) that compare without regard to
/// case (RFC 3986 section 6.2.2.1): `[0, scheme_end)` and `[host_start, host_end)`. The scan
/// stops at `{`, so in a template only a scheme and host written before any variable count;
/// userinfo (before `@`) and the port's digits are not letters that matter, the userinfo is
/// left out.
pub(crate) const fn case_free(bytes: &[u8]) -> [usize; 3] {
    let mut i = 0;
    while i < bytes.len()
        && (bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'+' | b'-' | b'.'))
    {
        i += 1;
    }
    if i == 0 || i >= bytes.len() || bytes[i] != b':' || !bytes[0].is_ascii_alphabetic() {
        return [0, 0, 0];
    }
    let scheme_end = i;
    let start = scheme_end + 3;
    if start > bytes.len() || bytes[scheme_end + 1] != b'/' || bytes[scheme_end + 2] != b'/' {
        return [scheme_end, 0, 0];
    }
    let mut end = start;
    let mut host_start = start;
    while end < bytes.len() && !matches!(bytes[end], b'/' | b'?' | b'#' | b'{') {
        if bytes[end] == b'@' {
            host_start = end + 1;
        }
        end += 1;
    }
    [scheme_end, host_start, end]
}

/// The form in which the router compares URIs: the scheme and the host in lowercase and the
/// hex digits of `%XX` escapes in uppercase (RFC 3986 section 6.2.2.1: these are
/// case-insensitive); everything else as written. Two URIs that differ only there name the
/// same resource. Not normalized: escapes of unreserved characters (`%41` stays apart from
/// `A`), dot segments, the path's case.
///
/// ```
/// use mcp_content_rules::comparable_uri;
///
/// assert_eq!(comparable_uri("Notes://Today/A%2fb"), "notes://today/A%2Fb");
/// assert_eq!(comparable_uri("notes://today"), "notes://today");
/// ```
pub fn comparable_uri(uri: &str) -> std::borrow::Cow<'_, str> {
    let [scheme_end, host_start, host_end] = case_free(uri.as_bytes());
    let lower = |at: usize| at < scheme_end || (host_start..host_end).contains(&at);
    let mut hex_left: u8 = 0;
    let mut changed = false;
    let mut out = String::with_capacity(uri.len());
    for (at, c) in uri.char_indices() {
        let normal = if hex_left > 0 && c.is_ascii_hexdigit() {
            c.to_ascii_uppercase()
        } else if lower(at) {
            c.to_ascii_lowercase()
        } else {
            c
        };
        changed |= normal != c;
        out.push(normal);
        hex_left = if c == '%' {
            2
        } else {
            hex_left.saturating_sub(1)
        };
    }
    if changed {
        std::borrow::Cow::Owned(out)
    } else {
        std::borrow::Cow::Borrowed(uri)
    }
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
