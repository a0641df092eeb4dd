//! The RFC 3986 grammar of `URI` and `URI-reference` (appendix A), ASCII only.
//!
//! Written by hand rather than taken from `iri-string`: the macros validate attribute
//! literals with these rules at compile time, so every dependency of the rules is compiled a
//! second time, for the host, in every user's clean build (issue 27). The differential tests
//! (`rfc3986/tests.rs`) pin the same answers as `iri_string::types::{UriStr,
//! UriReferenceStr}::new` for every input.

/// The length of the scheme of `s` when `s` is an RFC 3986 `URI`: `scheme ":" hier-part
/// [ "?" query ] [ "#" fragment ]` (absolute, a fragment allowed). `None` when it is not one.
pub(crate) fn uri_scheme_len(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    let scheme_len = scheme_len(bytes)?;
    after_scheme(&bytes[scheme_len + 1..], false).then_some(scheme_len)
}

/// Whether `s` is an RFC 3986 `URI-reference`: a `URI` or a `relative-ref`.
pub(crate) fn is_uri_reference(s: &str) -> bool {
    let bytes = s.as_bytes();
    match scheme_len(bytes) {
        // A valid scheme before the first ':' makes it a URI: a relative-ref's first
        // segment holds no ':', and no other form starts with a letter.
        Some(len) => after_scheme(&bytes[len + 1..], false),
        None => after_scheme(bytes, true),
    }
}

/// The length of `scheme` when the text before the first `:` is one:
/// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn scheme_len(bytes: &[u8]) -> Option<usize> {
    let colon = bytes.iter().position(|&b| b == b':')?;
    let scheme = &bytes[..colon];
    let valid = scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    valid.then_some(colon)
}

/// `hier-part [ "?" query ] [ "#" fragment ]` of a URI, or the `relative-part` and the rest of
/// a relative reference (`relative`: the first segment of a rootless path holds no `:`).
fn after_scheme(rest: &[u8], relative: bool) -> bool {
    let path_end = rest
        .iter()
        .position(|&b| b == b'?' || b == b'#')
        .unwrap_or(rest.len());
    let (hier, tail) = rest.split_at(path_end);
    let hier_ok = if let Some(after) = hier.strip_prefix(b"//") {
        // "//" authority path-abempty
        let authority_end = after.iter().position(|&b| b == b'/').unwrap_or(after.len());
        let (authority_part, path) = after.split_at(authority_end);
        authority(authority_part) && escaped_or(path, is_path_char)
    } else {
        // path-absolute / path-rootless (path-noscheme when relative) / path-empty; "//"
        // was taken above, so a path that starts with '/' has a first segment or none.
        let first_segment_has_colon = relative
            && hier
                .iter()
                .find(|&&b| b == b'/' || b == b':')
                .is_some_and(|&b| b == b':');
        !first_segment_has_colon && escaped_or(hier, is_path_char)
    };
    hier_ok && query_and_fragment(tail)
}

/// `[ "?" query ] [ "#" fragment ]`, `tail` starting at the `?` or `#` (or empty).
fn query_and_fragment(tail: &[u8]) -> bool {
    let fragment_start = tail.iter().position(|&b| b == b'#');
    let (query, fragment) = match fragment_start {
        Some(at) => (&tail[..at], &tail[at + 1..]),
        None => (tail, &[][..]),
    };
    // `query` is empty or starts with its '?', which is a query character itself.
    escaped_or(query, is_query_char) && escaped_or(fragment, is_query_char)
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`.
fn authority(bytes: &[u8]) -> bool {
    let host_port = match bytes.iter().position(|&b| b == b'@') {
        Some(at) => {
            let userinfo = &bytes[..at];
            if !escaped_or(userinfo, |b| is_unreserved_or_sub_delim(b) || b == b':') {
                return false;
            }
            &bytes[at + 1..]
        }
        None => bytes,
    };
    let (host_ok, port) = if host_port.first() == Some(&b'[') {
        // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
        let Some(close) = host_port.iter().position(|&b| b == b']') else {
            return false;
        };
        (ip_literal(&host_port[1..close]), &host_port[close + 1..])
    } else {
        // IPv4address / reg-name: IPv4 is a reg-name too, so one check covers both.
        let host_end = host_port
            .iter()
            .position(|&b| b == b':')
            .unwrap_or(host_port.len());
        let (host, port) = host_port.split_at(host_end);
        (escaped_or(host, is_unreserved_or_sub_delim), port)
    };
    // port = *DIGIT, after its ':'
    let port_ok = match port.split_first() {
        None => true,
        Some((b':', digits)) => digits.iter().all(u8::is_ascii_digit),
        Some(_) => false,
    };
    host_ok && port_ok
}

/// The inside of an `IP-literal`: `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims
/// / ":" )` (the `v` in either case) or an `IPv6address`.
fn ip_literal(bytes: &[u8]) -> bool {
    match bytes.split_first() {
        Some((b'v' | b'V', rest)) => {
            let Some(dot) = rest.iter().position(|&b| b == b'.') else {
                return false;
            };
            let (version, address) = (&rest[..dot], &rest[dot + 1..]);
            !version.is_empty()
                && version.iter().all(u8::is_ascii_hexdigit)
                && !address.is_empty()
                && address
                    .iter()
                    .all(|&b| is_unreserved_or_sub_delim(b) || b == b':')
        }
        _ => ipv6(bytes),
    }
}

/// `IPv6address`: eight 16-bit pieces (`h16`, 1 to 4 hex digits) separated by `:`, the last
/// two of which may be written as an `IPv4address`; one `::` may stand for one or more
/// pieces of zeros.
fn ipv6(bytes: &[u8]) -> bool {
    let elided = bytes.windows(2).position(|w| w == b"::");
    match elided {
        Some(at) => {
            let (head, tail) = (&bytes[..at], &bytes[at + 2..]);
            let (Some(before), Some(after)) = (pieces(head, false), pieces(tail, true)) else {
                return false;
            };
            // "::" stands for at least one piece.
            before + after <= 7
        }
        None => pieces(bytes, true) == Some(8),
    }
}

/// How many 16-bit pieces `bytes` holds, written `h16 *( ":" h16 )` (empty: none), the last
/// an `IPv4address` (two pieces) where `ipv4_last`. `None` when it is not so written.
fn pieces(bytes: &[u8], ipv4_last: bool) -> Option<usize> {
    if bytes.is_empty() {
        return Some(0);
    }
    let count = bytes.split(|&b| b == b':').count();
    let mut total = 0;
    for (i, piece) in bytes.split(|&b| b == b':').enumerate() {
        total += if (1..=4).contains(&piece.len()) && piece.iter().all(u8::is_ascii_hexdigit) {
            1
        } else if ipv4_last && i + 1 == count && ipv4(piece) {
            2
        } else {
            return None;
        };
    }
    Some(total)
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`, each 0 to 255
/// without leading zeros.
fn ipv4(bytes: &[u8]) -> bool {
    let mut octets = 0;
    for octet in bytes.split(|&b| b == b'.') {
        let dec_octet = matches!(
            octet,
            [b'0'..=b'9']
                | [b'1'..=b'9', b'0'..=b'9']
                | [b'1', b'0'..=b'9', b'0'..=b'9']
                | [b'2', b'0'..=b'4', b'0'..=b'9']
                | [b'2', b'5', b'0'..=b'5']
        );
        if !dec_octet {
            return false;
        }
        octets += 1;
    }
    octets == 4
}

/// Whether every byte of `bytes` is `allowed` or starts a `pct-encoded` (`%` and two hex
/// digits). Non-ASCII is never allowed.
fn escaped_or(bytes: &[u8], allowed: impl Fn(u8) -> bool) -> bool {
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        if b == b'%' {
            let escape = bytes.get(at + 1..at + 3);
            if !escape.is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit)) {
                return false;
            }
            at += 3;
        } else if allowed(b) {
            at += 1;
        } else {
            return false;
        }
    }
    true
}

/// `unreserved / sub-delims`.
fn is_unreserved_or_sub_delim(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'-' | b'.'
                | b'_'
                | b'~'
                | b'!'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
        )
}

/// `pchar` (less `pct-encoded`) or `/`: what a path is made of.
fn is_path_char(b: u8) -> bool {
    is_unreserved_or_sub_delim(b) || matches!(b, b':' | b'@' | b'/')
}

/// `pchar / "/" / "?"` (less `pct-encoded`): what a query and a fragment are made of.
fn is_query_char(b: u8) -> bool {
    is_path_char(b) || b == b'?'
}

#[cfg(test)]
mod tests;
