//! Icons (`icons[].src`, `icons[].theme`).

use crate::uri::parse_absolute_uri;
use crate::violation::{Rule, Violation, one_of, quote};

/// Checks an icon `src`: an absolute URI whose scheme is `https` or `data`
/// (case-insensitive). Plain `http:`, `file:` and the like are refused: a client fetching
/// an icon must not be sent to an insecure or local resource.
///
/// ```
/// use mcp_content_rules::check_icon_src;
///
/// assert!(check_icon_src("https://example.com/icon.png").is_ok());
/// assert!(check_icon_src("data:image/png;base64,iVBORw0KGgo=").is_ok());
/// assert!(check_icon_src("http://example.com/icon.png").is_err());
/// ```
pub fn check_icon_src(s: &str) -> Result<(), Violation> {
    let uri = parse_absolute_uri(s).map_err(|e| Violation::new(Rule::IconSrc, e.message))?;
    let scheme = uri.scheme_str();
    if scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("data") {
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
        ] {
            assert!(check_icon_src(ok).is_ok(), "{ok}");
        }
        for bad in [
            "http://x.example/i.png",
            "file:///i.png",
            "ftp://x/i.png",
            "/i.png",
            "",
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
