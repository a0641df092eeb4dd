//! What a broken rule looks like: [`Rule`] says which, [`Violation`] says why.

use std::fmt;

/// Which rule a value broke.
///
/// [`Rule::name`] is a stable kebab-case id: error texts and tests match on it, so a name
/// never changes once released.
///
/// ```
/// use mcp_content_rules::{check_priority, Rule};
///
/// let err = check_priority(1.5).unwrap_err();
/// assert_eq!(err.rule, Rule::Priority);
/// assert_eq!(err.rule.name(), "priority");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// Standard padded base64 (`data`, `blob`).
    Base64,
    /// RFC 6838 MIME type syntax (`mimeType`).
    MimeType,
    /// The MIME type's top-level type matches the block (`image/*` for images, `audio/*` for audio).
    MimeKind,
    /// Absolute RFC 3986 URI (`uri`).
    Uri,
    /// RFC 6570 URI template (`uriTemplate`).
    UriTemplate,
    /// `_meta` key grammar.
    MetaKey,
    /// `_meta` key with a prefix reserved for MCP itself.
    MetaKeyReserved,
    /// `annotations.priority` is finite and within `0..=1`.
    Priority,
    /// `annotations.audience` entries are `user` or `assistant`.
    Audience,
    /// `annotations.lastModified` is an RFC 3339 timestamp.
    Timestamp,
    /// Tool name: `^[A-Za-z0-9_.-]{1,128}$`.
    ToolName,
    /// Icon `src` is an `https:` or `data:` URI.
    IconSrc,
    /// Icon `theme` is `light` or `dark`.
    IconTheme,
    /// A protocol version this crate knows.
    ProtocolVersion,
    /// A required field is present.
    Required,
    /// A JSON value has the expected type.
    Type,
    /// Exactly one of several alternatives is present (e.g. `text` / `blob`).
    ExactlyOne,
    /// A configured size, depth or count limit.
    Limit,
    /// An unknown (`extra`) field uses a name the type itself writes, or a name a protocol
    /// version defines with another shape: written out, it would duplicate or break a field.
    ExtraField,
    /// A duration literal: digits and a unit (`ms`, `s`, `m`, `h`, `d`), e.g. `5m`.
    Duration,
    /// A byte size literal: digits and a unit (`B`, `KB`, `KiB`, `MB`, `MiB`, `GB`, `GiB`).
    ByteSize,
    /// A cache scope: `public` or `private` (2026-07-28 `cacheScope`).
    CacheScope,
    /// An MCP Apps UI resource URI: `ui://` with an authority.
    UiUri,
    /// An MCP Apps UI resource MIME type: `text/html;profile=mcp-app`.
    AppMime,
    /// A CSP origin for an MCP App: `https:`, `wss:` (or `http:` / `ws:` for localhost), a
    /// host (a leading `*.` allowed) and an optional port, nothing else.
    CspOrigin,
    /// A tool's MCP Apps visibility: `model` or `app`.
    UiVisibility,
    /// An MCP Apps sandbox permission: `camera`, `microphone`, `geolocation` or
    /// `clipboardWrite` (the names of `@modelcontextprotocol/ext-apps` 2.0.4's schema).
    UiPermission,
    /// An MCP Apps dedicated sandbox domain: a bare host name (`abc123.sandbox.example`).
    UiDomain,
    /// An OAuth scope token (RFC 6749 §3.3): printable ASCII without space, `"` and `\`,
    /// at least one character (`photos:write`).
    ScopeToken,
}

impl Rule {
    /// Every rule, in declaration order.
    pub const ALL: [Rule; 29] = [
        Rule::Base64,
        Rule::MimeType,
        Rule::MimeKind,
        Rule::Uri,
        Rule::UriTemplate,
        Rule::MetaKey,
        Rule::MetaKeyReserved,
        Rule::Priority,
        Rule::Audience,
        Rule::Timestamp,
        Rule::ToolName,
        Rule::IconSrc,
        Rule::IconTheme,
        Rule::ProtocolVersion,
        Rule::Required,
        Rule::Type,
        Rule::ExactlyOne,
        Rule::Limit,
        Rule::ExtraField,
        Rule::Duration,
        Rule::ByteSize,
        Rule::CacheScope,
        Rule::UiUri,
        Rule::AppMime,
        Rule::CspOrigin,
        Rule::UiVisibility,
        Rule::UiPermission,
        Rule::UiDomain,
        Rule::ScopeToken,
    ];

    /// The rule whose [`name`](Rule::name) is `name`.
    ///
    /// ```
    /// use mcp_content_rules::Rule;
    /// assert_eq!(Rule::from_name("mime-kind"), Some(Rule::MimeKind));
    /// assert_eq!(Rule::from_name("nope"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|rule| rule.name() == name)
    }

    /// The stable kebab-case id of the rule, as used in error texts.
    ///
    /// ```
    /// use mcp_content_rules::Rule;
    ///
    /// assert_eq!(Rule::MetaKeyReserved.name(), "meta-key-reserved");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Rule::Base64 => "base64",
            Rule::MimeType => "mime-type",
            Rule::MimeKind => "mime-kind",
            Rule::Uri => "uri",
            Rule::UriTemplate => "uri-template",
            Rule::MetaKey => "meta-key",
            Rule::MetaKeyReserved => "meta-key-reserved",
            Rule::Priority => "priority",
            Rule::Audience => "audience",
            Rule::Timestamp => "timestamp",
            Rule::ToolName => "tool-name",
            Rule::IconSrc => "icon-src",
            Rule::IconTheme => "icon-theme",
            Rule::ProtocolVersion => "protocol-version",
            Rule::Required => "required",
            Rule::Type => "type",
            Rule::ExactlyOne => "exactly-one",
            Rule::Limit => "limit",
            Rule::ExtraField => "extra-field",
            Rule::Duration => "duration",
            Rule::ByteSize => "byte-size",
            Rule::CacheScope => "cache-scope",
            Rule::UiUri => "ui-uri",
            Rule::AppMime => "app-mime",
            Rule::CspOrigin => "csp-origin",
            Rule::UiVisibility => "ui-visibility",
            Rule::UiPermission => "ui-permission",
            Rule::UiDomain => "ui-domain",
            Rule::ScopeToken => "scope-token",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One broken rule: which rule, and a message that names the offending value.
///
/// Displays as `"{message} (rule: {rule name})"`.
///
/// ```
/// use mcp_content_rules::{Rule, Violation};
///
/// let v = Violation::new(Rule::Audience, "unknown audience \"robot\"");
/// assert_eq!(v.to_string(), "unknown audience \"robot\" (rule: audience)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule that was broken.
    pub rule: Rule,
    /// What was wrong, starting lower-case, naming the offending value.
    pub message: String,
}

impl Violation {
    /// A violation of `rule`, explained by `message`.
    ///
    /// ```
    /// use mcp_content_rules::{Rule, Violation};
    ///
    /// let v = Violation::new(Rule::Required, "missing `uri`");
    /// assert_eq!(v.rule, Rule::Required);
    /// ```
    pub fn new(rule: Rule, message: impl Into<String>) -> Self {
        Self {
            rule,
            message: message.into(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (rule: {})", self.message, self.rule.name())
    }
}

impl std::error::Error for Violation {}

/// Longest value (in characters) quoted in full in a message; longer ones are cut, so a
/// 64 MiB string does not become a 64 MiB error text.
const QUOTE_MAX_CHARS: usize = 80;

/// Quotes `value` for a message: Rust string-literal escaping (so whitespace and control
/// characters are visible), cut after [`QUOTE_MAX_CHARS`] characters with a trailing `…`.
pub(crate) fn quote(value: &str) -> String {
    match value.char_indices().nth(QUOTE_MAX_CHARS) {
        Some((cut, _)) => format!("{:?}…", &value[..cut]),
        None => format!("{value:?}"),
    }
}

/// `value` cut after [`QUOTE_MAX_CHARS`] characters with a trailing `…`, unescaped: for a
/// quotation between backticks.
pub(crate) fn cut(value: &str) -> std::borrow::Cow<'_, str> {
    match value.char_indices().nth(QUOTE_MAX_CHARS) {
        Some((cut, _)) => format!("{}…", &value[..cut]).into(),
        None => value.into(),
    }
}

/// `Ok` when `value` is one of `allowed` (a closed set of words such as a role or a theme);
/// else `unknown <what> "value"; expected "a" or "b"` under `rule`.
pub(crate) fn one_of(
    value: &str,
    allowed: &[&str],
    rule: Rule,
    what: &str,
) -> Result<(), Violation> {
    if allowed.contains(&value) {
        return Ok(());
    }
    let quoted: Vec<String> = allowed.iter().map(|word| format!("{word:?}")).collect();
    let expected = match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.join(""),
    };
    Err(Violation::new(
        rule,
        format!("unknown {what} {}; expected {expected}", quote(value)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_appends_rule_name() {
        let v = Violation::new(Rule::Base64, "not base64: invalid character ' ' at byte 17");
        assert_eq!(
            v.to_string(),
            "not base64: invalid character ' ' at byte 17 (rule: base64)"
        );
    }

    #[test]
    fn rule_names_are_kebab_case_and_distinct() {
        let all = Rule::ALL;
        let names: std::collections::HashSet<_> = all.iter().map(|r| r.name()).collect();
        assert_eq!(names.len(), all.len());
        for name in names {
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{name}"
            );
        }
    }

    #[test]
    fn quote_truncates_long_values() {
        assert_eq!(quote("a b"), "\"a b\"");
        let long = "é".repeat(100);
        let q = quote(&long);
        assert!(q.ends_with("\"…"));
        assert_eq!(q.chars().filter(|&c| c == 'é').count(), 80);
        assert_eq!(quote(&"x".repeat(80)), format!("\"{}\"", "x".repeat(80)));
    }
}
