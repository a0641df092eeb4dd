//! The traversal guard for resource templates over a file root: a value matched out of a
//! `file://` URI must not climb out of the directory the template serves.

use crate::template::hex_value;

/// How many extra rounds of percent-decoding are looked through. Past it, a value that
/// still decodes further is refused: nothing legitimate is encoded that many times.
const MAX_DECODE_ROUNDS: usize = 4;

/// Whether `decoded_value`, a variable value that [`UriTemplate::match_uri`] decoded from a
/// simple `{name}` expression, would climb out of a file root. The value stands for one
/// path segment, so any of these is refused:
///
/// - a `..` segment;
/// - a `/` or `\` (a simple expression writes `/` as `%2F`, so one here came from an
///   encoded slash, the classic way to smuggle in a path);
/// - an absolute path (leading `/`, or a drive such as `C:`);
/// - a NUL byte (which truncates paths in C APIs);
/// - any of the above after decoding once more (double encoding such as `%252e%252e`), or
///   a value that still decodes after several extra rounds.
///
/// For a `{+path}` variable, whose values legitimately hold `/`, use
/// [`is_path_traversal_multi_segment`] (see [`UriTemplate::keeps_slashes`]).
///
/// [`UriTemplate::match_uri`]: crate::UriTemplate::match_uri
/// [`UriTemplate::keeps_slashes`]: crate::UriTemplate::keeps_slashes
///
/// ```
/// use mcp_content_rules::is_path_traversal;
///
/// assert!(!is_path_traversal("report.txt"));
/// assert!(is_path_traversal(".."));
/// assert!(is_path_traversal("../etc/passwd"));
/// assert!(is_path_traversal("%2e%2e"));
/// assert!(is_path_traversal("a/b"));
/// ```
pub fn is_path_traversal(decoded_value: &str) -> bool {
    looks_through_encoding(decoded_value, |v| {
        v.contains(['/', '\\']) || v == ".." || unsafe_anywhere(v)
    })
}

/// Like [`is_path_traversal`], for a value that may hold several segments separated by `/`
/// (a `{+path}` or `{#path}` variable): `/` inside is fine, but a `..` segment, a leading
/// `/`, a `\`, a drive, a NUL, or any of those behind extra encoding is refused.
///
/// ```
/// use mcp_content_rules::is_path_traversal_multi_segment;
///
/// assert!(!is_path_traversal_multi_segment("docs/2025/report.txt"));
/// assert!(is_path_traversal_multi_segment("docs/../../etc/passwd"));
/// assert!(is_path_traversal_multi_segment("/etc/passwd"));
/// assert!(is_path_traversal_multi_segment("docs/%252e%252e/x"));
/// ```
pub fn is_path_traversal_multi_segment(decoded_value: &str) -> bool {
    looks_through_encoding(decoded_value, |v| {
        v.starts_with('/')
            || v.contains('\\')
            || v.split('/').any(|s| s == "..")
            || unsafe_anywhere(v)
    })
}

/// NUL, or an absolute Windows path (`C:` …), at any encoding level.
fn unsafe_anywhere(v: &str) -> bool {
    let drive = matches!(v.as_bytes(), [letter, b':', ..] if letter.is_ascii_alphabetic());
    v.contains('\0') || drive
}

/// Applies `bad` to `value` and to each further percent-decoding of it.
fn looks_through_encoding(value: &str, bad: impl Fn(&str) -> bool) -> bool {
    let mut current = value.to_owned();
    for _ in 0..=MAX_DECODE_ROUNDS {
        if bad(&current) {
            return true;
        }
        match decode_once(&current) {
            Some(next) => current = next,
            None => return false,
        }
    }
    // Still decoding after that many rounds: refuse rather than guess.
    true
}

/// One round of percent-decoding, or `None` when there is no `%XX` to decode. Bytes that
/// are not UTF-8 become U+FFFD: the checks only look for ASCII.
fn decode_once(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut decoded_any = false;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let escape = (b == b'%')
            .then(|| {
                Some((
                    hex_value(*bytes.get(i + 1)?)?,
                    hex_value(*bytes.get(i + 2)?)?,
                ))
            })
            .flatten();
        if let Some((high, low)) = escape {
            out.push(high << 4 | low);
            decoded_any = true;
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    decoded_any.then(|| String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_segment() {
        for ok in [
            "report.txt",
            "a.b.c",
            "...",
            ".hidden",
            "..x",
            "x..",
            "100%",
            "%zz",
            "café",
            "",
        ] {
            assert!(!is_path_traversal(ok), "{ok}");
        }
        for bad in [
            "..",
            "../x",
            "x/..",
            "/etc/passwd",
            "a/b",
            "a\\b",
            "..\\x",
            "C:\\x",
            "c:",
            "a\0b",
            "%2e%2e",
            "%2E%2E",
            "%2f",
            "%5c",
            "%252e%252e",
            "%25252e%25252e",
            "%00",
            "%2525252525252e",
        ] {
            assert!(is_path_traversal(bad), "{bad}");
        }
    }

    #[test]
    fn multi_segment() {
        for ok in [
            "docs/report.txt",
            "a/b/c",
            "a/.../b",
            "a/.hidden",
            "a//b",
            "x",
        ] {
            assert!(!is_path_traversal_multi_segment(ok), "{ok}");
        }
        for bad in [
            "..",
            "a/../b",
            "a/..",
            "/abs",
            "a\\..\\b",
            "C:/x",
            "a/%2e%2e/b",
            "a%2f..%2fb",
            "%2fetc",
            "a/%252e%252e",
            "a\0",
        ] {
            assert!(is_path_traversal_multi_segment(bad), "{bad}");
        }
    }
}
