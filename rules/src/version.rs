//! The MCP protocol versions this crate knows.

use std::fmt;
use std::str::FromStr;

use crate::violation::{Rule, Violation, quote};

/// A protocol version this crate knows, ordered by date.
///
/// The default is the latest, 2026-07-28.
///
/// ```
/// use mcp_content_rules::ProtocolVersion;
///
/// let v: ProtocolVersion = "2025-11-25".parse().unwrap();
/// assert!(v < ProtocolVersion::LATEST);
/// assert_eq!(v.to_string(), "2025-11-25");
/// assert_eq!(ProtocolVersion::default(), ProtocolVersion::V2026_07_28);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum ProtocolVersion {
    /// MCP 2025-06-18.
    V2025_06_18,
    /// MCP 2025-11-25.
    V2025_11_25,
    /// MCP 2026-07-28 (the latest).
    #[default]
    V2026_07_28,
}

impl ProtocolVersion {
    /// The newest version this crate knows.
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    ///
    /// assert_eq!(ProtocolVersion::LATEST.as_str(), "2026-07-28");
    /// ```
    pub const LATEST: Self = Self::V2026_07_28;

    /// Every known version, oldest first.
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    ///
    /// assert!(ProtocolVersion::ALL.is_sorted());
    /// assert_eq!(ProtocolVersion::ALL.last(), Some(&ProtocolVersion::LATEST));
    /// ```
    pub const ALL: [Self; 3] = [Self::V2025_06_18, Self::V2025_11_25, Self::V2026_07_28];

    /// The version's wire spelling, e.g. `"2025-06-18"`.
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    ///
    /// assert_eq!(ProtocolVersion::V2025_06_18.as_str(), "2025-06-18");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Self::V2025_06_18 => "2025-06-18",
            Self::V2025_11_25 => "2025-11-25",
            Self::V2026_07_28 => "2026-07-28",
        }
    }

    /// The version spelled `s` exactly, if this crate knows it.
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    ///
    /// assert_eq!(ProtocolVersion::parse("2025-11-25"), Some(ProtocolVersion::V2025_11_25));
    /// assert_eq!(ProtocolVersion::parse("2024-11-05"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

impl fmt::Display for ProtocolVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ProtocolVersion {
    type Err = Violation;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s).ok_or_else(|| {
            Violation::new(
                Rule::ProtocolVersion,
                format!(
                    "unknown protocol version {}; known: 2025-06-18, 2025-11-25, 2026-07-28",
                    quote(s)
                ),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_version() {
        for v in ProtocolVersion::ALL {
            assert_eq!(v.as_str().parse::<ProtocolVersion>(), Ok(v));
        }
    }

    #[test]
    fn orders_by_date() {
        assert!(ProtocolVersion::V2025_06_18 < ProtocolVersion::V2025_11_25);
        assert!(ProtocolVersion::V2025_11_25 < ProtocolVersion::V2026_07_28);
    }

    #[test]
    fn rejects_unknown() {
        let err = "2024-11-05".parse::<ProtocolVersion>().unwrap_err();
        assert_eq!(err.rule, Rule::ProtocolVersion);
        assert!(err.message.contains("\"2024-11-05\""), "{err}");
        assert_eq!(ProtocolVersion::parse(" 2025-06-18"), None);
        assert_eq!(ProtocolVersion::parse(""), None);
    }
}
