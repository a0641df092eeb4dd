//! `_meta` keys: the grammar, and the prefixes reserved for MCP itself.

use crate::version::ProtocolVersion;
use crate::violation::{Rule, Violation, cut, quote};

/// Checks the grammar of a `_meta` key (spec 2025-11-25, `MetaObject`):
///
/// - an optional prefix: labels separated by `.`, then `/`. A label starts with a letter,
///   ends with a letter or digit, and has only letters, digits and `-` inside;
/// - the name (after the `/`, or the whole key without a prefix): unless empty, it starts
///   and ends with a letter or digit, with letters, digits, `-`, `_` and `.` inside.
///
/// A key has at most one `/`. Letters and digits are ASCII. This is the grammar only; see
/// [`check_user_meta_key`] for the reserved prefixes.
///
/// ```
/// use mcp_content_rules::check_meta_key;
///
/// assert!(check_meta_key("com.example/source").is_ok());
/// assert!(check_meta_key("progressToken").is_ok());
/// assert!(check_meta_key("com.example/").is_ok());
/// assert!(check_meta_key("-bad/x").is_err());
/// assert!(check_meta_key("com.example/x-").is_err());
/// ```
pub fn check_meta_key(key: &str) -> Result<(), Violation> {
    let bad = |why: String| {
        Err(Violation::new(
            Rule::MetaKey,
            format!("invalid _meta key {}: {why}", quote(key)),
        ))
    };
    let (prefix, name) = match key.split_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    if name.contains('/') {
        return bad("a key has at most one '/'".to_owned());
    }
    if let Some(prefix) = prefix {
        for label in prefix.split('.') {
            if let Err(why) = check_label(label) {
                return bad(why);
            }
        }
    }
    if let Err(why) = check_name(name) {
        return bad(why);
    }
    Ok(())
}

/// One prefix label: letter, then letters/digits/hyphens, ending with a letter or digit.
fn check_label(label: &str) -> Result<(), String> {
    let Some(first) = label.chars().next() else {
        return Err("empty label in the prefix".to_owned());
    };
    if !first.is_ascii_alphabetic() {
        return Err(format!(
            "prefix label {} must start with a letter",
            quote(label)
        ));
    }
    if let Some(c) = label
        .chars()
        .find(|&c| !(c.is_ascii_alphanumeric() || c == '-'))
    {
        return Err(format!(
            "prefix label {} has invalid character {c:?}",
            quote(label)
        ));
    }
    if label.ends_with('-') {
        return Err(format!(
            "prefix label {} must end with a letter or digit",
            quote(label)
        ));
    }
    Ok(())
}

/// The name after the prefix: empty, or alphanumeric at both ends with `-_.` inside.
fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Ok(());
    }
    if let Some(c) = name
        .chars()
        .find(|&c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
    {
        return Err(format!("name {} has invalid character {c:?}", quote(name)));
    }
    let alnum_at = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    if !alnum_at(name.chars().next()) || !alnum_at(name.chars().next_back()) {
        return Err(format!(
            "name {} must start and end with a letter or digit",
            quote(name)
        ));
    }
    Ok(())
}

/// The two labels MCP reserves.
fn is_mcp_label(label: &str) -> bool {
    label.eq_ignore_ascii_case("modelcontextprotocol") || label.eq_ignore_ascii_case("mcp")
}

/// The prefix labels of `key`, or `None` when it has no prefix.
fn prefix_labels(key: &str) -> Option<Vec<&str>> {
    key.split_once('/')
        .map(|(prefix, _)| prefix.split('.').collect())
}

/// Whether `key`'s prefix is reserved for MCP under `version`.
///
/// - 2025-11-25 and later: the prefix's second label is `modelcontextprotocol` or `mcp`
///   (`io.modelcontextprotocol/`, `dev.mcp/`, `com.mcp.tools/`; not `com.example.mcp/`).
/// - 2025-06-18: any label before the last one is (`modelcontextprotocol.io/`, `mcp.dev/`,
///   `tools.mcp.com/`).
///
/// Labels compare ASCII case-insensitively. A key without a prefix is never reserved.
///
/// ```
/// use mcp_content_rules::{reserved_meta_prefix, ProtocolVersion};
///
/// let v = ProtocolVersion::V2025_11_25;
/// assert!(reserved_meta_prefix("io.modelcontextprotocol/related-task", v));
/// assert!(!reserved_meta_prefix("com.example.mcp/x", v));
/// assert!(reserved_meta_prefix("mcp.dev/x", ProtocolVersion::V2025_06_18));
/// assert!(!reserved_meta_prefix("progressToken", v));
/// ```
pub fn reserved_meta_prefix(key: &str, version: ProtocolVersion) -> bool {
    let Some(labels) = prefix_labels(key) else {
        return false;
    };
    if version.reserves_any_mcp_label() {
        labels
            .split_last()
            .is_some_and(|(_, before_last)| before_last.iter().any(|l| is_mcp_label(l)))
    } else {
        labels.get(1).is_some_and(|l| is_mcp_label(l))
    }
}

/// Checks a `_meta` key that user code writes: [`check_meta_key`], then that its prefix is
/// not reserved for MCP under any supported version ([`reserved_meta_prefix`]), since a
/// result may be sent to a peer of any of them. The framework itself may write reserved
/// keys; it does not call this.
///
/// ```
/// use mcp_content_rules::{check_user_meta_key, Rule};
///
/// assert!(check_user_meta_key("com.example/x").is_ok());
/// let err = check_user_meta_key("io.modelcontextprotocol/x").unwrap_err();
/// assert_eq!(err.rule, Rule::MetaKeyReserved);
/// assert_eq!(
///     err.message,
///     "prefix `io.modelcontextprotocol/` is reserved for MCP \
///      (second label `modelcontextprotocol`, spec 2025-11-25 and later)"
/// );
/// ```
pub fn check_user_meta_key(key: &str) -> Result<(), Violation> {
    check_meta_key(key)?;
    let Some(labels) = prefix_labels(key) else {
        return Ok(());
    };
    let prefix = &key[..=key.find('/').unwrap_or_default()];
    // The newer rule is the one most peers apply, so it is named first when both match.
    let why = if let Some(label) = labels.get(1).filter(|l| is_mcp_label(l)) {
        format!("second label `{label}`, spec 2025-11-25 and later")
    } else if let Some(label) = labels
        .split_last()
        .and_then(|(_, before_last)| before_last.iter().find(|l| is_mcp_label(l)))
    {
        format!("label `{label}` before the last one, spec 2025-06-18")
    } else {
        return Ok(());
    };
    Err(Violation::new(
        Rule::MetaKeyReserved,
        format!("prefix `{}` is reserved for MCP ({why})", cut(prefix)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NEW: ProtocolVersion = ProtocolVersion::V2025_11_25;
    const OLD: ProtocolVersion = ProtocolVersion::V2025_06_18;

    #[test]
    fn grammar_accepts() {
        for ok in [
            "com.example/x",
            "progressToken",
            "com.example/",
            "a/b",
            "a1.b-2.c/x_y.z-1",
            "x",
            "",
            "com.example/0",
            "A.B/C",
            "io.modelcontextprotocol/related-task",
        ] {
            assert!(check_meta_key(ok).is_ok(), "{ok}: {:?}", check_meta_key(ok));
        }
    }

    #[test]
    fn grammar_rejects() {
        for (bad, why) in [
            ("-bad/x", "must start with a letter"),
            ("com.example/x-", "must start and end"),
            ("com.example/-x", "must start and end"),
            ("com.example/.x", "must start and end"),
            ("com-/x", "must end with a letter or digit"),
            ("1com/x", "must start with a letter"),
            ("com..example/x", "empty label"),
            (".com/x", "empty label"),
            ("/x", "empty label"),
            ("com.example/a/b", "at most one '/'"),
            ("com_example/x", "invalid character '_'"),
            ("com.example/a b", "invalid character ' '"),
            ("com.exämple/x", "invalid character 'ä'"),
            ("progress token", "invalid character ' '"),
            ("_private", "must start and end"),
        ] {
            let err = check_meta_key(bad).unwrap_err();
            assert_eq!(err.rule, Rule::MetaKey, "{bad}");
            assert!(err.message.contains(why), "{bad}: {err}");
        }
    }

    #[test]
    fn reserved_since_2025_11_25() {
        for key in [
            "io.modelcontextprotocol/x",
            "dev.mcp/x",
            "org.modelcontextprotocol.api/x",
            "com.mcp.tools/x",
            "IO.ModelContextProtocol/x",
            "dev.MCP/",
        ] {
            assert!(reserved_meta_prefix(key, NEW), "{key}");
            assert!(
                reserved_meta_prefix(key, ProtocolVersion::V2026_07_28),
                "{key}"
            );
        }
        for key in [
            "com.example/x",
            "com.example.mcp/x",
            "mcp.dev/x",
            "modelcontextprotocol.io/x",
            "mcp/x",
            "progressToken",
            "mcp",
            "com.mcpx/x",
        ] {
            assert!(!reserved_meta_prefix(key, NEW), "{key}");
        }
    }

    #[test]
    fn reserved_in_2025_06_18() {
        for key in [
            "modelcontextprotocol.io/x",
            "mcp.dev/x",
            "api.modelcontextprotocol.org/x",
            "tools.mcp.com/x",
            "MCP.dev/x",
        ] {
            assert!(reserved_meta_prefix(key, OLD), "{key}");
        }
        for key in [
            "com.example/x",
            "com.example.mcp/x",
            "io.modelcontextprotocol/x",
            "mcp/x",
            "x",
        ] {
            assert!(!reserved_meta_prefix(key, OLD), "{key}");
        }
    }

    #[test]
    fn user_keys() {
        for ok in [
            "com.example/x",
            "com.example.mcp/x",
            "progressToken",
            "com.example/",
            "mcp/x",
        ] {
            assert!(check_user_meta_key(ok).is_ok(), "{ok}");
        }
        let err = check_user_meta_key("dev.mcp/x").unwrap_err();
        assert_eq!(err.rule, Rule::MetaKeyReserved);
        assert_eq!(
            err.message,
            "prefix `dev.mcp/` is reserved for MCP (second label `mcp`, spec 2025-11-25 and later)"
        );
        let err = check_user_meta_key("mcp.dev/x").unwrap_err();
        assert_eq!(err.rule, Rule::MetaKeyReserved);
        assert_eq!(
            err.message,
            "prefix `mcp.dev/` is reserved for MCP (label `mcp` before the last one, spec 2025-06-18)"
        );
        // Grammar first.
        assert_eq!(
            check_user_meta_key("-bad/x").unwrap_err().rule,
            Rule::MetaKey
        );
    }
}
