//! The URIs a resource server is configured with (its resource URI, its authorization
//! servers), checked: `https` (`http` only on loopback), a host, no user info, query or
//! fragment.

use std::fmt;

/// A resource URI or an issuer URL that cannot be used: the message names the URI and the
/// rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UriError {
    message: String,
}

impl fmt::Display for UriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UriError {}

/// A URI split as the rules need it: scheme, authority, path (with the query, if any).
pub(super) struct Parsed {
    pub(super) scheme: String,
    pub(super) authority: String,
    pub(super) path: String,
}

/// Checks `uri` as `what` ("resource URI", "authorization server"): an absolute `https`
/// URI (`http` only on loopback: `localhost`, `127.0.0.0/8`, `[::1]`), a host, no user
/// info, no fragment, no query. Written by hand: the `url` crate would pull IDNA tables
/// for four rules.
pub(super) fn parse(uri: &str, what: &str) -> Result<Parsed, UriError> {
    let refuse = |rule: &str| {
        Err(UriError {
            message: format!("{what} {:?}: {rule}", crate::wire::error::cut(uri)),
        })
    };
    if uri
        .bytes()
        .any(|b| b <= b' ' || b >= 0x7f || b == b'"' || b == b'\\')
    {
        return refuse("only visible ASCII, no spaces, quotes or backslashes (percent-encode)");
    }
    let Some((scheme, rest)) = uri.split_once("://") else {
        return refuse("not an absolute URI (https://host/path)");
    };
    let scheme = scheme.to_ascii_lowercase();
    if uri.contains('#') {
        return refuse("has a fragment (RFC 8707: a resource identifier has none)");
    }
    if uri.contains('?') {
        return refuse("has a query (RFC 8707 advises against one; this server takes none)");
    }
    let (authority, path) = match rest.find('/') {
        Some(at) => rest.split_at(at),
        None => (rest, ""),
    };
    if authority.contains('@') {
        return refuse("has user info (user@host)");
    }
    let host = host_of(authority);
    if host.is_empty() {
        return refuse("has no host");
    }
    let authority = authority.to_ascii_lowercase();
    match scheme.as_str() {
        "https" => {}
        "http" if is_loopback(&host_of(&authority)) => {}
        "http" => {
            return refuse(
                "http is allowed only on loopback (localhost, 127.0.0.1, [::1]); use https",
            );
        }
        _ => return refuse("the scheme must be https (http on loopback)"),
    }
    Ok(Parsed {
        scheme,
        authority,
        path: path.to_owned(),
    })
}

/// The host of an authority (`[::1]:3001` → `[::1]`, `example.com:443` → `example.com`).
fn host_of(authority: &str) -> String {
    if authority.starts_with('[') {
        return match authority.find(']') {
            Some(end) => authority[..=end].to_owned(),
            None => String::new(),
        };
    }
    authority
        .split(':')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase()
}

fn is_loopback(host: &str) -> bool {
    host == "localhost"
        || host == "[::1]"
        || host
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resource_uris_are_https_or_loopback_http_without_fragment_query_or_user() {
        for bad in [
            "mcp.example.com/mcp",
            "http://mcp.example.com/mcp",
            "http://127.0.0.1.example.com/mcp",
            "ftp://mcp.example.com",
            "https://mcp.example.com/mcp#x",
            "https://mcp.example.com/mcp?x=1",
            "https://user@mcp.example.com/mcp",
            "https:///mcp",
            "https://mcp.example.com/a b",
        ] {
            let error = parse(bad, "resource URI")
                .err()
                .unwrap_or_else(|| panic!("{bad}"));
            assert!(error.to_string().starts_with("resource URI \""), "{error}");
        }
        for good in [
            "https://mcp.example.com",
            "https://MCP.example.com:8443/mcp",
            "http://localhost:3001/mcp",
            "http://127.0.0.2/mcp",
            "http://[::1]:3001/mcp",
        ] {
            assert!(parse(good, "resource URI").is_ok(), "{good}");
        }
    }
}
