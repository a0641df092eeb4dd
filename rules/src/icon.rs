//! Icons (`icons[].src`, `icons[].theme`).

use crate::uri::parse_absolute_uri;
use crate::violation::{Rule, Violation, one_of, quote};

/// Checks an icon `src`: an absolute URI whose scheme is `https` or `data`
/// (case-insensitive). Plain `http:`, `file:` and the like are refused: a client fetching
/// an icon must not be sent to an insecure or local resource. A `data:` URI is an RFC 2397
/// data URL: a `,` before the data, and base64 data where it says `;base64`.
///
/// ```
/// use mcp_content_rules::check_icon_src;
///
/// assert!(check_icon_src("https://example.com/icon.png").is_ok());
/// assert!(check_icon_src("data:image/png;base64,iVBORw0KGgo=").is_ok());
/// assert!(check_icon_src("http://example.com/icon.png").is_err());
/// assert!(check_icon_src("data:image/png;base64,@@@").is_err());
/// ```
pub fn check_icon_src(s: &str) -> Result<(), Violation> {
    let scheme = parse_absolute_uri(s).map_err(|e| Violation::new(Rule::IconSrc, e.message))?;
    if scheme.eq_ignore_ascii_case("data") {
        check_data_src(s, &s[scheme.len() + 1..])
    } else if scheme.eq_ignore_ascii_case("https") {
        Ok(())
    } else {
        Err(Violation::new(
            Rule::IconSrc,
            format!(
                "icon src {} has scheme {}; use https: or data:",
                quote(s),
                quote(scheme)
            ),
        ))
    }
}

/// A `data:` icon is an RFC 2397 data URL: `[<mediatype>][;base64],<data>`. Without the
/// comma, or with `;base64` before data that is not base64, no client can show it.
fn check_data_src(s: &str, rest: &str) -> Result<(), Violation> {
    let Some((header, data)) = rest.split_once(',') else {
        return Err(Violation::new(
            Rule::IconSrc,
            format!(
                "icon src {} is a data: URL without the ',' before its data (RFC 2397)",
                quote(s)
            ),
        ));
    };
    let base64 = header
        .len()
        .checked_sub(";base64".len())
        .and_then(|at| header.get(at..))
        .is_some_and(|end| end.eq_ignore_ascii_case(";base64"));
    if base64 {
        // The URI is valid, so every '%' starts a %XX escape: base64's '+' and '/' may be
        // written escaped.
        let decoded = percent_decode(data);
        if let Err(violation) = crate::check_base64(&decoded) {
            return Err(Violation::new(
                Rule::IconSrc,
                format!(
                    "icon src {} declares base64 data that is {}",
                    quote(s),
                    violation.message
                ),
            ));
        }
    }
    Ok(())
}

fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_owned();
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(high), Some(low)) => {
                out.push(u8::try_from(high * 16 + low).unwrap_or(b'%'));
                i += 3;
            }
            (byte, ..) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Checks an icon `theme`: exactly `light` or `dark`.
///
/// ```
/// use mcp_content_rules::check_icon_theme;
///
/// assert!(check_icon_theme("dark").is_ok());
/// assert!(check_icon_theme("Dark").is_err());
/// ```
pub fn check_icon_theme(s: &str) -> Result<(), Violation> {
    one_of(s, &["light", "dark"], Rule::IconTheme, "icon theme")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn src_schemes() {
        for ok in [
            "https://x.example/i.svg",
            "HTTPS://x.example/i.svg",
            "data:,x",
            "DaTa:image/svg+xml,%3Csvg%3E",
            "data:image/png;BASE64,iVBORw0KGgo=",
            "data:application/octet-stream;base64,%2B%2F8%3D",
        ] {
            assert!(check_icon_src(ok).is_ok(), "{ok}");
        }
        for bad in [
            "http://x.example/i.png",
            "file:///i.png",
            "ftp://x/i.png",
            "/i.png",
            "",
            "data:image/png;base64",
            "data:image/png;base64,@@@",
            "data:image/png;base64,iVBORw0KGgo",
        ] {
            assert_eq!(
                check_icon_src(bad).unwrap_err().rule,
                Rule::IconSrc,
                "{bad}"
            );
        }
        let err = check_icon_src("/i.png").unwrap_err();
        assert!(err.message.starts_with("relative URI"), "{err}");
    }

    #[test]
    fn themes() {
        assert!(check_icon_theme("light").is_ok());
        assert!(check_icon_theme("dark").is_ok());
        for bad in ["", "Light", "auto", "dark "] {
            assert_eq!(
                check_icon_theme(bad).unwrap_err().rule,
                Rule::IconTheme,
                "{bad}"
            );
        }
    }
}
