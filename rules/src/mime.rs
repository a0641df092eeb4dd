//! MIME types (`mimeType`): RFC 6838 syntax, and the top-level type a block needs.

use crate::violation::{Rule, Violation, quote};

/// Checks RFC 6838 MIME type syntax: `type "/" subtype`, each a restricted-name (1 to 127
/// characters, the first alphanumeric, the rest alphanumeric or ``!#$&-^_.+``), then any
/// number of parameters `; name=value` where the value is a token or a quoted-string.
/// Whitespace is allowed around `;` only. Names compare case-insensitively, so any case is
/// accepted.
///
/// ```
/// use mcp_content_rules::check_mime_type;
///
/// assert!(check_mime_type("image/png").is_ok());
/// assert!(check_mime_type("text/plain; charset=utf-8").is_ok());
/// assert!(check_mime_type("image/").is_err());
/// assert!(check_mime_type("png").is_err());
/// ```
pub fn check_mime_type(s: &str) -> Result<(), Violation> {
    parse(s).map_err(|why| {
        Violation::new(
            Rule::MimeType,
            format!("invalid MIME type {}: {why}", quote(s)),
        )
    })
}

/// The kind of media block a MIME type must fit.
///
/// ```
/// use mcp_content_rules::{check_mime_kind, MediaKind};
///
/// assert!(check_mime_kind("audio/wav", MediaKind::Audio).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaKind {
    /// An image block: needs `image/*`.
    Image,
    /// An audio block: needs `audio/*`.
    Audio,
}

impl MediaKind {
    /// The top-level MIME type this kind needs, e.g. `"image"`.
    ///
    /// ```
    /// use mcp_content_rules::MediaKind;
    ///
    /// assert_eq!(MediaKind::Audio.top_level_type(), "audio");
    /// ```
    pub fn top_level_type(self) -> &'static str {
        match self {
            MediaKind::Image => "image",
            MediaKind::Audio => "audio",
        }
    }
}

/// Checks [`check_mime_type`], then that the top-level type fits `kind` (case-insensitive):
/// an image block needs `image/*`, an audio block `audio/*`.
///
/// ```
/// use mcp_content_rules::{check_mime_kind, MediaKind, Rule};
///
/// assert!(check_mime_kind("IMAGE/PNG", MediaKind::Image).is_ok());
/// let err = check_mime_kind("text/plain", MediaKind::Image).unwrap_err();
/// assert_eq!(err.rule, Rule::MimeKind);
/// assert_eq!(err.message, "an image block needs an image/* MIME type, got \"text/plain\"");
/// ```
pub fn check_mime_kind(s: &str, kind: MediaKind) -> Result<(), Violation> {
    check_mime_type(s)?;
    let top = s.split('/').next().unwrap_or_default();
    if top.eq_ignore_ascii_case(kind.top_level_type()) {
        Ok(())
    } else {
        let (article, name) = match kind {
            MediaKind::Image => ("an", "image"),
            MediaKind::Audio => ("an", "audio"),
        };
        Err(Violation::new(
            Rule::MimeKind,
            format!(
                "{article} {name} block needs an {name}/* MIME type, got {}",
                quote(s)
            ),
        ))
    }
}

/// Longest restricted-name (RFC 6838 section 4.2).
const MAX_NAME_LEN: usize = 127;

/// Parses `s`, returning why it is not a MIME type.
fn parse(s: &str) -> Result<(), String> {
    if s.is_empty() {
        return Err("empty".to_owned());
    }
    let (essence, mut params) = match s.find(';') {
        Some(at) => (&s[..at], Some(&s[at..])),
        None => (s, None),
    };
    // Whitespace may precede the first ';' (RFC 9110 `OWS ";" OWS`), nowhere else.
    let essence = if params.is_some() {
        essence.trim_end_matches([' ', '\t'])
    } else {
        essence
    };
    let Some((top, sub)) = essence.split_once('/') else {
        return Err("expected type/subtype, found no '/'".to_owned());
    };
    restricted_name(top, "type")?;
    restricted_name(sub, "subtype")?;
    while let Some(rest) = params {
        // `rest` starts with ';'.
        let rest = rest[1..].trim_start_matches([' ', '\t']);
        if rest.is_empty() {
            return Err("dangling ';' with no parameter after it".to_owned());
        }
        let Some((name, value_and_more)) = rest.split_once('=') else {
            return Err(format!("parameter {} has no '=value'", quote(rest)));
        };
        if name.is_empty() || !name.bytes().all(is_tchar) {
            return Err(format!("invalid parameter name {}", quote(name)));
        }
        let value_len = parameter_value(value_and_more)
            .ok_or_else(|| format!("invalid value for parameter {}", quote(name)))?;
        let after = &value_and_more[value_len..];
        let next = after.trim_start_matches([' ', '\t']);
        params = match next.chars().next() {
            None if after.is_empty() => None,
            None => return Err("trailing whitespace".to_owned()),
            Some(';') => Some(next),
            Some(c) => return Err(format!("unexpected {c:?} after parameter {}", quote(name))),
        };
    }
    Ok(())
}

/// Checks one restricted-name (RFC 6838 section 4.2); `what` is "type" or "subtype".
fn restricted_name(name: &str, what: &str) -> Result<(), String> {
    let Some(first) = name.chars().next() else {
        return Err(format!("empty {what}"));
    };
    if !first.is_ascii_alphanumeric() {
        return Err(format!(
            "{what} {} must start with a letter or digit",
            quote(name)
        ));
    }
    if let Some((at, c)) = name
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || "!#$&-^_.+".contains(c)))
    {
        return Err(format!(
            "invalid character {c:?} at byte {at} of {what} {}",
            quote(name)
        ));
    }
    if name.len() > MAX_NAME_LEN {
        return Err(format!(
            "{what} is {} characters long; at most {MAX_NAME_LEN} are allowed",
            name.len()
        ));
    }
    Ok(())
}

/// RFC 9110 `tchar`.
fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// Length of the parameter value at the start of `s` (a token or a quoted-string);
/// `None` when there is none.
fn parameter_value(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    if bytes.first() == Some(&b'"') {
        let mut i = 1;
        while let Some(&b) = bytes.get(i) {
            match b {
                b'"' => return Some(i + 1),
                b'\\' => {
                    // quoted-pair: backslash then HTAB / SP / VCHAR.
                    let next = *bytes.get(i + 1)?;
                    if !(next == b'\t' || next == b' ' || next.is_ascii_graphic()) {
                        return None;
                    }
                    i += 2;
                }
                b'\t' | b' ' | 0x21..=0x7e => i += 1,
                _ => return None,
            }
        }
        None
    } else {
        let len = bytes.iter().take_while(|&&b| is_tchar(b)).count();
        (len > 0).then_some(len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_valid_types() {
        for ok in [
            "image/png",
            "IMAGE/PNG",
            "application/vnd.api+json",
            "application/x-www-form-urlencoded",
            "text/plain; charset=utf-8",
            "text/plain;charset=utf-8",
            "text/plain ; charset=utf-8",
            "text/plain; charset=\"utf-8\"; format=flowed",
            "text/plain; title=\"a \\\"quoted\\\" ; value\"",
            "text/plain; a=b ; c=d",
            "multipart/form-data; boundary=----abc",
            "a/b",
        ] {
            assert!(
                check_mime_type(ok).is_ok(),
                "{ok}: {:?}",
                check_mime_type(ok)
            );
        }
        let longest = format!("{}/png", "a".repeat(127));
        assert!(check_mime_type(&longest).is_ok());
    }

    #[test]
    fn rejects_invalid_types() {
        for bad in [
            "",
            "image/",
            "png",
            "/png",
            "image/png;",
            "image/png; ",
            "image/png; charset",
            "image/png; =utf-8",
            "image/png; charset=",
            "image/png; charset = utf-8",
            "image/png; a=b c",
            "image/png; a=\"unterminated",
            "image/png ",
            " image/png",
            "image/png/x",
            "image/*",
            "-image/png",
            "image/-png",
            "image/pn g",
            "imäge/png",
            "text/plain; a=\"x\"y",
            "text/plain; a=b ",
        ] {
            let err = check_mime_type(bad).unwrap_err();
            assert_eq!(err.rule, Rule::MimeType, "{bad}");
        }
        let too_long = format!("{}/png", "a".repeat(128));
        let err = check_mime_type(&too_long).unwrap_err();
        assert!(err.message.contains("128 characters"), "{err}");
    }

    #[test]
    fn messages_name_the_problem() {
        let err = check_mime_type("image/").unwrap_err();
        assert_eq!(err.message, "invalid MIME type \"image/\": empty subtype");
        let err = check_mime_type("png").unwrap_err();
        assert_eq!(
            err.message,
            "invalid MIME type \"png\": expected type/subtype, found no '/'"
        );
        let err = check_mime_type("image/png;").unwrap_err();
        assert!(err.message.contains("dangling ';'"), "{err}");
    }

    #[test]
    fn kind_checks_the_top_level_type() {
        assert!(check_mime_kind("image/png", MediaKind::Image).is_ok());
        assert!(check_mime_kind("Image/svg+xml", MediaKind::Image).is_ok());
        assert!(check_mime_kind("audio/mpeg", MediaKind::Audio).is_ok());
        let err = check_mime_kind("image/png", MediaKind::Audio).unwrap_err();
        assert_eq!(err.rule, Rule::MimeKind);
        assert_eq!(
            err.message,
            "an audio block needs an audio/* MIME type, got \"image/png\""
        );
        // Syntax comes first.
        let err = check_mime_kind("image", MediaKind::Image).unwrap_err();
        assert_eq!(err.rule, Rule::MimeType);
        // The prefix must be the whole top-level type.
        assert!(check_mime_kind("images/png", MediaKind::Image).is_err());
    }
}
