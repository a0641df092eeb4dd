//! Block annotations: `priority`, `audience`, `lastModified`.

use crate::timestamp::check_rfc3339;
use crate::violation::{Rule, Violation, one_of, quote};

/// Checks an `annotations.priority`: finite and `0 <= p <= 1` (`-0.0` counts as 0).
///
/// ```
/// use mcp_content_rules::check_priority;
///
/// assert!(check_priority(0.0).is_ok());
/// assert!(check_priority(1.0).is_ok());
/// assert!(check_priority(1.01).is_err());
/// assert!(check_priority(f64::NAN).is_err());
/// ```
pub fn check_priority(p: f64) -> Result<(), Violation> {
    if !p.is_finite() {
        Err(Violation::new(
            Rule::Priority,
            format!("priority {p} is not a finite number; use 0 to 1"),
        ))
    } else if (0.0..=1.0).contains(&p) {
        Ok(())
    } else {
        Err(Violation::new(
            Rule::Priority,
            format!("priority {} is outside 0 to 1", short_number(p)),
        ))
    }
}

/// `p` as `Display` writes it when that is short (`1.01`, `-0.5`), else in exponent form:
/// `Display` spells `1e300` with 301 digits, and an error must stay short whatever it quotes.
fn short_number(p: f64) -> String {
    let plain = p.to_string();
    if plain.len() <= 24 {
        plain
    } else {
        format!("{p:e}")
    }
}

/// Checks one `annotations.audience` entry: exactly `user` or `assistant` (the MCP roles).
///
/// ```
/// use mcp_content_rules::check_audience;
///
/// assert!(check_audience("assistant").is_ok());
/// assert!(check_audience("User").is_err());
/// ```
pub fn check_audience(s: &str) -> Result<(), Violation> {
    one_of(s, &["user", "assistant"], Rule::Audience, "audience")
}

/// Checks an `annotations.lastModified`: an RFC 3339 timestamp (the ISO 8601 profile the
/// spec means), with date, time and offset, e.g. `2025-01-12T15:00:58Z`.
///
/// ```
/// use mcp_content_rules::check_timestamp;
///
/// assert!(check_timestamp("2025-01-12T15:00:58Z").is_ok());
/// assert!(check_timestamp("2025-01-12").is_err());
/// ```
pub fn check_timestamp(s: &str) -> Result<(), Violation> {
    match check_rfc3339(s) {
        Ok(()) => Ok(()),
        Err(e) => Err(Violation::new(
            Rule::Timestamp,
            format!(
                "not an RFC 3339 timestamp {} ({e}); expected e.g. \"2025-01-12T15:00:58Z\"",
                quote(s)
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priority_edges() {
        for ok in [0.0, -0.0, 0.5, 1.0, f64::MIN_POSITIVE] {
            assert!(check_priority(ok).is_ok(), "{ok}");
        }
        for bad in [
            -0.01,
            1.01,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -f64::MIN_POSITIVE,
        ] {
            assert_eq!(
                check_priority(bad).unwrap_err().rule,
                Rule::Priority,
                "{bad}"
            );
        }
        assert_eq!(
            check_priority(1.01).unwrap_err().message,
            "priority 1.01 is outside 0 to 1"
        );
        // Far outside: the number in exponent form, not 301 digits.
        assert_eq!(
            check_priority(1e300).unwrap_err().message,
            "priority 1e300 is outside 0 to 1"
        );
        assert_eq!(
            check_priority(-1e-300).unwrap_err().message,
            "priority -1e-300 is outside 0 to 1"
        );
        assert_eq!(
            check_priority(f64::NAN).unwrap_err().message,
            "priority NaN is not a finite number; use 0 to 1"
        );
    }

    #[test]
    fn audience_values() {
        assert!(check_audience("user").is_ok());
        assert!(check_audience("assistant").is_ok());
        for bad in ["", "User", "model", " user", "system"] {
            assert_eq!(
                check_audience(bad).unwrap_err().rule,
                Rule::Audience,
                "{bad}"
            );
        }
    }

    #[test]
    fn timestamp_edges() {
        for ok in [
            "2025-01-12T15:00:58Z",
            "2025-01-12T15:00:58.123456Z",
            "2025-01-12T15:00:58+01:00",
            "2025-01-12T15:00:58-08:30",
        ] {
            assert!(
                check_timestamp(ok).is_ok(),
                "{ok}: {:?}",
                check_timestamp(ok)
            );
        }
        for bad in [
            "",
            "2025-01-12",
            "yesterday",
            "2025-01-12T15:00:58",
            "2025-01-12 15:00:58",
            "2025-13-12T15:00:58Z",
            "2025-02-30T15:00:58Z",
            "2025-01-12T25:00:58Z",
            " 2025-01-12T15:00:58Z",
        ] {
            let err = check_timestamp(bad).unwrap_err();
            assert_eq!(err.rule, Rule::Timestamp, "{bad}");
            assert!(err.message.contains(&quote(bad)), "{err}");
        }
    }
}
