//! URIs (`uri`): absolute RFC 3986 URIs.

mod rfc3986;

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

/// Parses `s` as an absolute URI, with [`check_absolute_uri`]'s errors; returns its scheme.
pub(crate) fn parse_absolute_uri(s: &str) -> Result<&str, Violation> {
    if let Some(scheme_len) = rfc3986::uri_scheme_len(s) {
        return Ok(&s[..scheme_len]);
    }
    let why = if s.is_empty() {
        "empty URI".to_owned()
    } else if rfc3986::is_uri_reference(s) {
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

/// One unit of URI text, as RFC 3986 compares them (section 6.2.2.2).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum UriUnit {
    /// A byte as written, or the unreserved character a `%XX` escape stands for.
    Plain(u8),
    /// The byte any other `%XX` escape stands for.
    Escaped(u8),
}

/// The unit of `bytes` at `at` and its length: a `%XX` escape, else one byte (a `%` that
/// starts no escape is a byte). `None` at the end.
pub(crate) const fn uri_unit(bytes: &[u8], at: usize) -> Option<(UriUnit, usize)> {
    if at >= bytes.len() {
        return None;
    }
    let b = bytes[at];
    if b == b'%'
        && at + 2 < bytes.len()
        && let (Some(high), Some(low)) = (hex_digit(bytes[at + 1]), hex_digit(bytes[at + 2]))
    {
        let byte = high << 4 | low;
        let unreserved = byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~');
        let unit = if unreserved {
            UriUnit::Plain(byte)
        } else {
            UriUnit::Escaped(byte)
        };
        return Some((unit, 3));
    }
    Some((UriUnit::Plain(b), 1))
}

const fn hex_digit(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The form in which the router compares URIs: the scheme and the host in lowercase and the
/// hex digits of `%XX` escapes in uppercase (RFC 3986 section 6.2.2.1: these are
/// case-insensitive) and escapes of unreserved characters decoded (section 6.2.2.2: `%41`
/// is `A`); everything else as written. Two URIs that differ only there name the same
/// resource. Not normalized: dot segments, the case of the path, query and userinfo.
///
/// ```
/// use mcp_content_rules::comparable_uri;
///
/// assert_eq!(comparable_uri("Notes://Today/A%2fb%7e"), "notes://today/A%2Fb~");
/// assert_eq!(comparable_uri("notes://today"), "notes://today");
/// ```
pub fn comparable_uri(uri: &str) -> std::borrow::Cow<'_, str> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let bytes = uri.as_bytes();
    let [scheme_end, host_start, host_end] = case_free(bytes);
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while let Some((unit, len)) = uri_unit(bytes, at) {
        let lower = at < scheme_end || (host_start..host_end).contains(&at);
        match unit {
            UriUnit::Plain(b) if lower => out.push(b.to_ascii_lowercase()),
            UriUnit::Plain(b) => out.push(b),
            UriUnit::Escaped(b) => {
                out.extend([b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
            }
        }
        at += len;
    }
    if out == bytes {
        return std::borrow::Cow::Borrowed(uri);
    }
    // Only ASCII changed, and escapes decoded are ASCII: still UTF-8.
    String::from_utf8(out).map_or(std::borrow::Cow::Borrowed(uri), std::borrow::Cow::Owned)
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
