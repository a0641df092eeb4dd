//! OAuth scope tokens (the scopes a handler asks of a caller's token).

use crate::violation::{Rule, Violation, quote};

/// Checks one OAuth scope token against RFC 6749 §3.3:
/// `scope-token = 1*( %x21 / %x23-5B / %x5D-7E )`, printable ASCII without space, `"` and
/// `\`. A scope *list* is tokens joined by spaces, so a token with a space in it would read
/// as two scopes. The message names the first bad character and its position (in
/// characters, from 0).
///
/// ```
/// use mcp_content_rules::check_scope_token;
///
/// assert!(check_scope_token("photos:write").is_ok());
/// assert!(check_scope_token("https://api.example.com/photos.read").is_ok());
/// let err = check_scope_token("photos write").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "scope \"photos write\" has invalid character ' ' at position 6; a scope token is \
///      printable ASCII without space, '\"' or '\\' (RFC 6749 §3.3) (rule: scope-token)"
/// );
/// ```
pub fn check_scope_token(s: &str) -> Result<(), Violation> {
    if s.is_empty() {
        return Err(Violation::new(
            Rule::ScopeToken,
            "empty scope; a scope token has at least one character (RFC 6749 §3.3)",
        ));
    }
    let allowed = |c: char| matches!(c, '\x21' | '\x23'..='\x5B' | '\x5D'..='\x7E');
    if let Some((at, c)) = s.chars().enumerate().find(|&(_, c)| !allowed(c)) {
        return Err(Violation::new(
            Rule::ScopeToken,
            format!(
                "scope {} has invalid character {c:?} at position {at}; a scope token is printable ASCII without space, '\"' or '\\' (RFC 6749 §3.3)",
                quote(s)
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message of the violation for `scope`, which must be one.
    fn refused(scope: &str) -> String {
        let err = check_scope_token(scope).unwrap_err();
        assert_eq!(err.rule, Rule::ScopeToken, "{scope:?}");
        err.message
    }

    #[test]
    fn common_scope_shapes_are_accepted() {
        for scope in [
            "photos:write",
            "https://x/y.read",
            "openid",
            "a",
            "!",
            "read:user#profile",
            "urn:example:scope[1]",
            "~`^{}|",
            "]",
            "[",
        ] {
            assert!(check_scope_token(scope).is_ok(), "{scope:?}");
        }
    }

    #[test]
    fn empty_scope_is_refused() {
        assert_eq!(
            refused(""),
            "empty scope; a scope token has at least one character (RFC 6749 §3.3)"
        );
    }

    #[test]
    fn each_excluded_character_is_named_at_its_position() {
        for (scope, shown, at) in [
            ("photos write", "' '", 6),
            (" photos", "' '", 0),
            ("photos ", "' '", 6),
            ("say\"hi", "'\"'", 3),
            ("a\\b", "'\\\\'", 1),
            ("del\x7f", "'\\u{7f}'", 3),
            ("tab\there", "'\\t'", 3),
            ("nl\n", "'\\n'", 2),
            ("nul\0", "'\\0'", 3),
            ("\x1f", "'\\u{1f}'", 0),
            ("café:read", "'é'", 3),
            ("ａ", "'ａ'", 0),
            ("emoji🙂x", "'🙂'", 5),
            ("a\u{a0}b", "'\\u{a0}'", 1),
        ] {
            let message = refused(scope);
            assert!(
                message.contains(&format!("invalid character {shown} at position {at};")),
                "{scope:?}: {message}"
            );
            assert!(message.contains("RFC 6749 §3.3"), "{message}");
        }
    }

    #[test]
    fn first_bad_character_is_reported() {
        assert!(refused("a b\"c").contains("' ' at position 1"));
        assert!(refused("a\"b c").contains("'\"' at position 1"));
    }

    #[test]
    fn every_byte_is_classified_as_the_grammar_says() {
        for byte in 0u8..=0x7f {
            let c = char::from(byte);
            let expected = (0x21..=0x7e).contains(&byte) && byte != b'"' && byte != b'\\';
            assert_eq!(
                check_scope_token(&c.to_string()).is_ok(),
                expected,
                "byte {byte:#04x}"
            );
        }
    }

    #[test]
    fn long_scope_is_quoted_cut() {
        let long = format!("{} x", "a".repeat(10_000));
        let message = refused(&long);
        assert!(message.len() < 300, "{}", message.len());
        assert!(message.contains("' ' at position 10000"), "{message}");
    }
}
