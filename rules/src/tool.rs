//! Tool names.

use crate::violation::{Rule, Violation, quote};

/// Longest tool name the spec allows.
const MAX_TOOL_NAME_LEN: usize = 128;

/// Checks a tool name: `^[A-Za-z0-9_.-]{1,128}$` (spec 2025-11-25). The message names the
/// first bad character and its position, or the length.
///
/// ```
/// use mcp_content_rules::check_tool_name;
///
/// assert!(check_tool_name("get_weather.v2").is_ok());
/// let err = check_tool_name("get weather").unwrap_err();
/// assert!(err.message.contains("' ' at position 3"));
/// ```
pub fn check_tool_name(s: &str) -> Result<(), Violation> {
    let bad = |message: String| Err(Violation::new(Rule::ToolName, message));
    if s.is_empty() {
        return bad("empty tool name".to_owned());
    }
    if let Some((at, c)) = s
        .chars()
        .enumerate()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')))
    {
        return bad(format!(
            "tool name {} has invalid character {c:?} at position {at}; use A-Z, a-z, 0-9, '_', '-', '.'",
            quote(s)
        ));
    }
    // Every character is ASCII here, so bytes are characters.
    if s.len() > MAX_TOOL_NAME_LEN {
        return bad(format!(
            "tool name {} is {} characters long; at most {MAX_TOOL_NAME_LEN} are allowed",
            quote(s),
            s.len()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_edges() {
        assert!(check_tool_name("a").is_ok());
        assert!(check_tool_name(&"a".repeat(128)).is_ok());
        let err = check_tool_name(&"a".repeat(129)).unwrap_err();
        assert_eq!(err.rule, Rule::ToolName);
        assert!(err.message.contains("129 characters"), "{err}");
        assert_eq!(check_tool_name("").unwrap_err().message, "empty tool name");
    }

    #[test]
    fn character_set() {
        assert!(check_tool_name("A-Z_a-z.0-9").is_ok());
        for (bad, c, at) in [
            ("a b", "' '", 1),
            ("tool/x", "'/'", 4),
            ("é", "'é'", 0),
            ("a:b", "':'", 1),
        ] {
            let err = check_tool_name(bad).unwrap_err();
            assert!(
                err.message.contains(&format!("{c} at position {at}")),
                "{err}"
            );
        }
        // A bad character is reported before the length.
        let long_bad = format!("{} ", "a".repeat(200));
        assert!(
            check_tool_name(&long_bad)
                .unwrap_err()
                .message
                .contains("' ' at position 200")
        );
    }
}
