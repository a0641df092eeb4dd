//! Errors from reading untrusted JSON: where (a JSON path) and which rule.

use std::fmt;

use crate::rules::{Rule, Violation};

/// Why a JSON document could not be read into a model type.
///
/// `path` is the JSON path of the offending value (`content[2].resource.blob`, or `.` for
/// the document itself); `rule` is the broken rule when one applies (a malformed document
/// or a wrong JSON type has none).
///
/// ```
/// use mcp_content::{CallToolResult, read_json};
/// let json = br#"{"content":[{"type":"text","text":"ok"},{"type":"image","data":"a b","mimeType":"image/png"}]}"#;
/// let err = read_json::<CallToolResult>(json).unwrap_err();
/// assert_eq!(err.path(), "content[1].data");
/// assert_eq!(err.rule(), Some(mcp_content::rules::Rule::Base64));
/// assert!(err.to_string().starts_with("content[1].data: not base64"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    path: String,
    rule: Option<Rule>,
    message: String,
    line: usize,
    column: usize,
}

impl ReadError {
    /// An error at `path` breaking `violation`'s rule.
    pub fn new(path: impl Into<String>, violation: Violation) -> Self {
        let Violation { rule, message } = violation;
        Self {
            path: path.into(),
            rule: Some(rule),
            // As `Violation`'s `Display`: the message, then the rule's name.
            message: format!("{message} (rule: {rule})"),
            line: 0,
            column: 0,
        }
    }

    /// An error at `path` that no single rule names (a wrong type, a missing block).
    pub fn message(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            rule: None,
            message: message.into(),
            line: 0,
            column: 0,
        }
    }

    /// The JSON path of the offending value.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The broken rule, when one applies.
    pub fn rule(&self) -> Option<Rule> {
        self.rule
    }

    /// What is wrong, without the path.
    pub fn detail(&self) -> &str {
        &self.message
    }

    /// The line and column in the document (1-based), when known.
    pub fn position(&self) -> Option<(usize, usize)> {
        (self.line > 0).then_some((self.line, self.column))
    }

    /// This error with `prefix` put in front of its path (`content[2]` + `text`).
    #[must_use]
    pub fn within(mut self, prefix: &str) -> Self {
        self.path = join_path(prefix, &self.path);
        self
    }

    pub(crate) fn from_json(error: serde_path_to_error::Error<serde_json::Error>) -> Self {
        let mut path = error.path().to_string();
        // An error inside a key (a bad escape, a trailing comma) ends the path with the
        // unknown segment `?`: name the object instead.
        if path == "?" {
            ".".clone_into(&mut path);
        } else if path.ends_with(".?") {
            path.truncate(path.len() - 2);
        }
        Self::from_parts(path, &error.into_inner())
    }

    pub(crate) fn from_parts(mut path: String, inner: &serde_json::Error) -> Self {
        let (line, column) = (inner.line(), inner.column());
        let mut message = inner.to_string();
        if line > 0 {
            let suffix = format!(" at line {line} column {column}");
            if let Some(stripped) = message.strip_suffix(&suffix) {
                message.truncate(stripped.len());
            }
        }
        // Checks made once a whole object is read name the field they are about with a
        // leading `@field ` (see `field_error`): put it on the path.
        if let Some(rest) = message.strip_prefix('@')
            && let Some((field, detail)) = rest.split_once(' ')
        {
            path = join_path(&path, field);
            message = detail.to_owned();
        }
        let rule = rule_named_in(&message);
        Self {
            path,
            rule,
            message,
            line,
            column,
        }
    }
}

pub(crate) fn join_path(prefix: &str, rest: &str) -> String {
    match (prefix, rest) {
        ("" | ".", rest) => rest.to_owned(),
        (prefix, "" | ".") => prefix.to_owned(),
        (prefix, rest) if rest.starts_with('[') => format!("{prefix}{rest}"),
        (prefix, rest) => format!("{prefix}.{rest}"),
    }
}

/// A serde error about `field` of the object being read, raised once the whole object is
/// read (so serde's own path stops at the object).
pub(crate) fn field_error<E: serde::de::Error>(field: &str, detail: impl fmt::Display) -> E {
    E::custom(format_args!("@{field} {detail}"))
}

/// Finds the `(rule: name)` a `Violation`'s text ends with.
fn rule_named_in(message: &str) -> Option<Rule> {
    let start = message.rfind("(rule: ")?;
    let name = message[start + 7..].strip_suffix(')')?;
    Rule::from_name(name)
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

impl std::error::Error for ReadError {}
