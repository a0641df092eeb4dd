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

    // What each version has, by name: every version decision in the crates asks one of
    // these, so a new version is one row of answers here, not a hunt for comparisons.

    /// Results carry `resultType` (2026-07-28 and later).
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    /// assert!(ProtocolVersion::V2026_07_28.has_result_type());
    /// assert!(!ProtocolVersion::V2025_11_25.has_result_type());
    /// ```
    pub fn has_result_type(self) -> bool {
        self >= Self::V2026_07_28
    }

    /// Tools, prompts, resources and resource links carry `icons` (2025-11-25 and later).
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    /// assert!(ProtocolVersion::V2025_11_25.has_icons());
    /// assert!(!ProtocolVersion::V2025_06_18.has_icons());
    /// ```
    pub fn has_icons(self) -> bool {
        self >= Self::V2025_11_25
    }

    /// `structuredContent` and `outputSchema` must be objects, so other values go out
    /// wrapped as `{"result": …}` (before 2026-07-28).
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    /// assert!(ProtocolVersion::V2025_11_25.wraps_non_object_structured());
    /// assert!(!ProtocolVersion::V2026_07_28.wraps_non_object_structured());
    /// ```
    pub fn wraps_non_object_structured(self) -> bool {
        self < Self::V2026_07_28
    }

    /// Read and list results carry cache hints, `ttlMs` and `cacheScope` (2026-07-28 and later).
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    /// assert!(ProtocolVersion::V2026_07_28.has_cache_hints());
    /// assert!(!ProtocolVersion::V2025_06_18.has_cache_hints());
    /// ```
    pub fn has_cache_hints(self) -> bool {
        self >= Self::V2026_07_28
    }

    /// Each request carries its log level in `_meta` instead of a session-wide
    /// `logging/setLevel` (2026-07-28 and later, stateless).
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    /// assert!(ProtocolVersion::V2026_07_28.has_per_request_log_level());
    /// assert!(!ProtocolVersion::V2025_11_25.has_per_request_log_level());
    /// ```
    pub fn has_per_request_log_level(self) -> bool {
        self >= Self::V2026_07_28
    }

    /// An unknown resource is `-32602` with `data.uri` (SEP-2164, 2026-07-28 and later)
    /// rather than `-32002`.
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    /// assert!(ProtocolVersion::V2026_07_28.resource_not_found_is_invalid_params());
    /// assert!(!ProtocolVersion::V2025_11_25.resource_not_found_is_invalid_params());
    /// ```
    pub fn resource_not_found_is_invalid_params(self) -> bool {
        self >= Self::V2026_07_28
    }

    /// Elicitation has modes (`mode: "form"` beside URL elicitation) and the richer form
    /// schemas: titled enum options, multi-select, defaults on every primitive
    /// (2025-11-25 and later; 2025-06-18 knows `enum` + `enumNames` only).
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    /// assert!(ProtocolVersion::V2025_11_25.has_elicitation_modes());
    /// assert!(!ProtocolVersion::V2025_06_18.has_elicitation_modes());
    /// ```
    pub fn has_elicitation_modes(self) -> bool {
        self >= Self::V2025_11_25
    }

    /// A `_meta` prefix is reserved when any label before the last is `modelcontextprotocol`
    /// or `mcp` (2025-06-18); later versions reserve only the second label.
    ///
    /// ```
    /// use mcp_content_rules::ProtocolVersion;
    /// assert!(ProtocolVersion::V2025_06_18.reserves_any_mcp_label());
    /// assert!(!ProtocolVersion::V2025_11_25.reserves_any_mcp_label());
    /// ```
    pub fn reserves_any_mcp_label(self) -> bool {
        self < Self::V2025_11_25
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
