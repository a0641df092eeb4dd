//! MCP Apps (`io.modelcontextprotocol/ui`): the UI resource URI, its MIME profile, the CSP
//! origins a UI resource declares, tool visibility and sandbox permissions.

use crate::violation::{Rule, Violation, quote};

/// The MIME type of an MCP App's HTML resource.
pub const APP_MIME_TYPE: &str = "text/html;profile=mcp-app";

/// Checks a UI resource URI: the `ui` scheme (case-insensitive, per RFC 3986), `//`, a
/// non-empty authority, and no whitespace.
///
/// ```
/// use mcp_content_rules::check_ui_uri;
/// assert!(check_ui_uri("ui://weather/view.html").is_ok());
/// assert!(check_ui_uri("https://weather/view.html").is_err());
/// assert!(check_ui_uri("ui:view.html").is_err());
/// ```
pub fn check_ui_uri(s: &str) -> Result<(), Violation> {
    let bad = |why: &str| {
        Err(Violation::new(
            Rule::UiUri,
            format!("UI resource URI {} {why}", quote(s)),
        ))
    };
    let Some(rest) = s
        .get(..5)
        .filter(|scheme| scheme.eq_ignore_ascii_case("ui://"))
        .map(|_| &s[5..])
    else {
        return bad("must start with `ui://`");
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.is_empty() {
        return bad("needs a name after `ui://` (e.g. `ui://weather/view.html`)");
    }
    if s.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return bad("contains whitespace or a control character");
    }
    crate::check_absolute_uri(s).map_err(|v| Violation::new(Rule::UiUri, v.message))
}

/// Checks the MIME type of a UI resource: `text/html;profile=mcp-app` (spaces around `;`
/// and the case of the type, subtype and parameter name do not matter; the value does).
///
/// ```
/// use mcp_content_rules::check_app_mime_type;
/// assert!(check_app_mime_type("text/html;profile=mcp-app").is_ok());
/// assert!(check_app_mime_type("text/html; profile=mcp-app").is_ok());
/// assert!(check_app_mime_type("text/html").is_err());
/// ```
pub fn check_app_mime_type(s: &str) -> Result<(), Violation> {
    let mut parts = s.split(';').map(str::trim);
    let essence = parts.next().unwrap_or("");
    let params: Vec<&str> = parts.collect();
    let profile_ok = params.len() == 1
        && params[0].split_once('=').is_some_and(|(name, value)| {
            name.trim().eq_ignore_ascii_case("profile")
                && value.trim().trim_matches('"') == "mcp-app"
        });
    if essence.eq_ignore_ascii_case("text/html") && profile_ok {
        return Ok(());
    }
    Err(Violation::new(
        Rule::AppMime,
        format!(
            "an MCP App resource needs the MIME type `{APP_MIME_TYPE}`, got {}",
            quote(s)
        ),
    ))
}

/// Checks an origin a UI resource lists in its CSP (`connectDomains`, `resourceDomains`,
/// `frameDomains`, `baseUriDomains`): `https://` or `wss://` (`http://` and `ws://` only
/// for `localhost` / `127.0.0.1`, as in development), a host whose first label may be
/// `*`, an optional port, and nothing after (no path, query, fragment or user).
///
/// ```
/// use mcp_content_rules::check_csp_origin;
/// assert!(check_csp_origin("https://api.example.com").is_ok());
/// assert!(check_csp_origin("https://*.cdn.example.com").is_ok());
/// assert!(check_csp_origin("wss://live.example.com:8443").is_ok());
/// assert!(check_csp_origin("http://localhost:3000").is_ok());
/// assert!(check_csp_origin("http://api.example.com").is_err());
/// assert!(check_csp_origin("https://api.example.com/v1").is_err());
/// ```
pub fn check_csp_origin(s: &str) -> Result<(), Violation> {
    let bad = |why: &str| {
        Err(Violation::new(
            Rule::CspOrigin,
            format!("CSP origin {} {why}", quote(s)),
        ))
    };
    let Some((scheme, rest)) = s.split_once("://") else {
        return bad("needs a scheme: `https://` or `wss://`");
    };
    let secure = match scheme {
        "https" | "wss" => true,
        "http" | "ws" => false,
        _ => return bad("has a scheme other than `https`, `wss`, `http` or `ws`"),
    };
    if rest.contains(['/', '?', '#']) {
        return bad("is an origin: no path, query or fragment");
    }
    if rest.contains('@') {
        return bad("is an origin: no user name or password");
    }
    // An IPv6 literal has colons of its own: the port comes after its `]`.
    let (host, port) = if let Some(end) = rest.strip_prefix('[').and_then(|r| r.find(']')) {
        let (host, after) = rest.split_at(end + 2);
        match after.strip_prefix(':') {
            Some(port) => (host, Some(port)),
            None if after.is_empty() => (host, None),
            None => return bad("has text after its IPv6 address"),
        }
    } else {
        match rest.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (rest, None),
        }
    };
    if let Some(port) = port
        && (port.is_empty()
            || port.len() > 5
            || !port.bytes().all(|b| b.is_ascii_digit())
            || port.parse::<u32>().map_or(true, |p| p > 65_535))
    {
        return bad("has a port that is not a number from 0 to 65535");
    }
    let labels_host = host.strip_prefix("*.").unwrap_or(host);
    let is_label = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    let ipv6 = host.starts_with('[') && host.ends_with(']') && host.len() > 2;
    if !ipv6 && (labels_host.is_empty() || !labels_host.split('.').all(is_label)) {
        return bad(
            "has a host that is not a DNS name (a leading `*.` is allowed) or an IP address",
        );
    }
    let local = matches!(host, "localhost" | "127.0.0.1" | "[::1]");
    if !secure && !local {
        return bad(
            "uses a plain-text scheme; use `https://` or `wss://` (`http`/`ws` only for localhost)",
        );
    }
    Ok(())
}

/// Checks a tool visibility word: `model` or `app`.
///
/// ```
/// use mcp_content_rules::check_ui_visibility;
/// assert!(check_ui_visibility("app").is_ok());
/// assert!(check_ui_visibility("user").is_err());
/// ```
pub fn check_ui_visibility(s: &str) -> Result<(), Violation> {
    match s {
        "model" | "app" => Ok(()),
        _ => Err(Violation::new(
            Rule::UiVisibility,
            format!("tool visibility {} is not `model` or `app`", quote(s)),
        )),
    }
}

/// The sandbox permissions a UI resource may request, as written in `_meta.ui.permissions`:
/// the ones `@modelcontextprotocol/ext-apps` 2.0.4's schema lists (its permissions object
/// takes no other member, so a host validating against it drops the whole object).
pub const UI_PERMISSIONS: [&str; 4] = ["camera", "microphone", "geolocation", "clipboardWrite"];

/// Checks a sandbox permission name (one of [`UI_PERMISSIONS`]).
///
/// ```
/// use mcp_content_rules::check_ui_permission;
/// assert!(check_ui_permission("clipboardWrite").is_ok());
/// assert!(check_ui_permission("usb").is_err());
/// assert!(check_ui_permission("tools").is_err());
/// ```
pub fn check_ui_permission(s: &str) -> Result<(), Violation> {
    if UI_PERMISSIONS.contains(&s) {
        return Ok(());
    }
    let why = if s == "tools" {
        " (`tools` is not in ext-apps 2.0.4's schema, which takes no other member: hosts drop it)"
    } else {
        ""
    };
    Err(Violation::new(
        Rule::UiPermission,
        format!(
            "sandbox permission {} is not one of {}{why}",
            quote(s),
            UI_PERMISSIONS.join(", ")
        ),
    ))
}

/// Checks a UI resource's dedicated sandbox domain (`_meta.ui.domain`): its format is the
/// host's (ext-apps: "host-dependent", e.g. `a904794854a047f6.claudemcpcontent.com` or
/// `www-example-com.oaiusercontent.com`), so all that is checked is that it is a bare host
/// name: dot-separated labels of letters, digits and `-` (not at a label's ends), at most 63
/// characters each and 253 in all — no scheme, port, path or wildcard.
///
/// ```
/// use mcp_content_rules::check_ui_domain;
/// assert!(check_ui_domain("abc123.sandbox.example").is_ok());
/// assert!(check_ui_domain("https://abc123.sandbox.example").is_err());
/// ```
pub fn check_ui_domain(s: &str) -> Result<(), Violation> {
    let bad = |why: &str| {
        Err(Violation::new(
            Rule::UiDomain,
            format!(
                "sandbox domain {} {why}; it is a bare host name, as the host documents it \
                 (e.g. `abc123.sandbox.example`)",
                quote(s)
            ),
        ))
    };
    if s.contains("://") {
        return bad("has a scheme");
    }
    if s.contains(['/', '?', '#']) {
        return bad("has a path, query or fragment");
    }
    if s.contains(':') {
        return bad("has a port");
    }
    if s.contains('*') {
        return bad("has a wildcard");
    }
    let is_label = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    if s.is_empty() || s.len() > 253 || !s.split('.').all(is_label) {
        return bad(
            "is not a host name (labels of letters, digits and `-`, joined by dots, 253 characters at most)",
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins() {
        for ok in [
            "https://a.b",
            "https://a-b.example.com:443",
            "wss://x.example",
            "ws://localhost:5173",
            "http://127.0.0.1:8080",
            "http://[::1]:3000",
            "https://[2001:db8::1]",
            "https://*.example.com",
        ] {
            assert!(check_csp_origin(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "example.com",
            "ftp://example.com",
            "https://",
            "https://ex ample.com",
            "https://example.com/",
            "https://example.com?x",
            "https://user@example.com",
            "https://example.com:99999",
            "https://example.com:",
            "https://*",
            "https://a.*.example.com",
            "https://-a.example.com",
            "http://example.com",
            "'self'",
            "*",
        ] {
            assert_eq!(
                check_csp_origin(bad).unwrap_err().rule,
                Rule::CspOrigin,
                "{bad}"
            );
        }
    }

    #[test]
    fn domains() {
        for ok in [
            "abc123.sandbox.example",
            "a904794854a047f6.claudemcpcontent.com",
            "www-example-com.oaiusercontent.com",
            "localhost",
        ] {
            assert!(check_ui_domain(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "https://abc.example",
            "abc.example:443",
            "abc.example/x",
            "*.example.com",
            "-a.example",
            "a..example",
            "a b.example",
            "ex\u{e9}.example",
        ] {
            let error = check_ui_domain(bad).unwrap_err();
            assert_eq!(error.rule, Rule::UiDomain, "{bad}");
            assert!(!error.message.contains("CSP"), "{error}");
            assert!(error.message.contains("bare host name"), "{error}");
        }
    }

    #[test]
    fn tools_is_not_a_permission_of_ext_apps() {
        let error = check_ui_permission("tools").unwrap_err();
        assert_eq!(error.rule, Rule::UiPermission);
        assert!(error.message.contains("ext-apps 2.0.4"), "{error}");
    }

    #[test]
    fn ui_uris() {
        assert!(check_ui_uri("UI://app/index.html").is_ok());
        for bad in ["", "ui://", "ui:///x", "ui://a b", "http://x", "ui:x"] {
            assert_eq!(check_ui_uri(bad).unwrap_err().rule, Rule::UiUri, "{bad}");
        }
    }

    #[test]
    fn app_mime() {
        assert!(check_app_mime_type("TEXT/HTML; Profile=\"mcp-app\"").is_ok());
        for bad in [
            "text/html;profile=mcp",
            "text/plain;profile=mcp-app",
            "text/html;profile=mcp-app;charset=utf-8",
            "",
        ] {
            assert_eq!(
                check_app_mime_type(bad).unwrap_err().rule,
                Rule::AppMime,
                "{bad}"
            );
        }
    }
}
