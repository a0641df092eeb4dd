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
    /// The literal result `_meta` entries whose absence this error refuses: the key of
    /// [`ReadError::lacking_literal`], or those of the variants an enum's error names. A
    /// structural mark, so no reader decides by the wording of the message.
    lacks_literals: Vec<String>,
}

impl ReadError {
    /// An error at `path` breaking `violation`'s rule.
    pub fn new(path: impl Into<String>, violation: Violation) -> Self {
        let Violation { rule, message } = violation;
        Self {
            path: cut_path(path.into()),
            rule: Some(rule),
            // As `Violation`'s `Display`: the message, then the rule's name.
            message: format!("{} (rule: {rule})", cut_quoted(&message)),
            line: 0,
            column: 0,
            lacks_literals: Vec::new(),
        }
    }

    /// An error at `path` that no single rule names (a wrong type, a missing block).
    pub fn message(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: cut_path(path.into()),
            rule: None,
            message: cut_quoted(&message.into()),
            line: 0,
            column: 0,
            lacks_literals: Vec::new(),
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
        self.path = cut_path(join_path(prefix, &self.path));
        self
    }

    /// This error marked as refusing a result whose `_meta` lacks the literal entry `key` a
    /// derived type declares (its message says so in words).
    #[must_use]
    pub(crate) fn lacking_literal(mut self, key: &str) -> Self {
        self.lacks_literals.push(key.to_owned());
        self
    }

    /// This error also marked with the literal entries `other` is marked with (an enum's
    /// error giving `other` as a variant's reason).
    #[must_use]
    pub(crate) fn lacking_literals_of(mut self, other: &ReadError) -> Self {
        self.lacks_literals
            .extend(other.lacks_literals.iter().cloned());
        self
    }

    /// Whether this error refuses a result whose `_meta` lacks the literal entry `key`: the
    /// refusal itself, or an enum's error that gives it as a variant's reason.
    pub(crate) fn lacks_literal(&self, key: &str) -> bool {
        self.lacks_literals.iter().any(|lacked| lacked == key)
    }

    /// This error without its line and column: they are in a piece of text read on its own
    /// (a value inside a message part), not in any document the caller has.
    #[must_use]
    pub(crate) fn without_position(mut self) -> Self {
        (self.line, self.column) = (0, 0);
        self
    }

    /// This error placed at byte `offset` of `bytes` (its line and column).
    #[must_use]
    pub(crate) fn at_offset(mut self, bytes: &[u8], offset: usize) -> Self {
        let before = bytes.get(..offset).unwrap_or(bytes);
        self.line = 1 + memchr::memchr_iter(b'\n', before).count();
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
        self.column = offset - line_start + 1;
        self
    }

    pub(crate) fn from_json(error: serde_path_to_error::Error<serde_json::Error>) -> Self {
        let mut path = tracked_path(error.path());
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
        // `null` where a required field or a list element is read: serde's words, put as the
        // one `null` rule's (the optional fields' error says the same, with the same rule).
        if let Some(expected) = message.strip_prefix("invalid type: null, expected ") {
            message = Violation::new(
                Rule::Type,
                format!("null is not allowed here: expected {expected}"),
            )
            .to_string();
        }
        let rule = rule_named_in(&message);
        let message = cut_quoted(&message);
        Self {
            path: cut_path(path),
            rule,
            message,
            line,
            column,
            lacks_literals: Vec::new(),
        }
    }
}

/// A tracked path as `serde_path_to_error` writes it (`.`-joined keys, `[i]` indexes, `.`
/// for the root, `?` for an unknown segment), each key cut to [`QUOTE_MAX_CHARS`]
/// characters before it is joined (a key of many dots is one key).
pub fn tracked_path(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    use std::fmt::Write as _;
    let mut out = String::new();
    for segment in path {
        let key = match segment {
            Segment::Seq { index } => {
                // Writing to a `String` cannot fail.
                let _ = write!(out, "[{index}]");
                continue;
            }
            Segment::Map { key } => cut(key),
            Segment::Enum { variant } => cut(variant),
            Segment::Unknown => "?".into(),
        };
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(&key);
    }
    if out.is_empty() {
        ".".clone_into(&mut out);
    }
    out
}

/// The most characters of a value or key quoted in an error (as the rules quote them).
pub(crate) const QUOTE_MAX_CHARS: usize = 80;

/// `text`, cut to [`QUOTE_MAX_CHARS`] characters with `…` after when longer.
pub fn cut(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(QUOTE_MAX_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]).into(),
        None => text.into(),
    }
}

/// `message` with every `"…"` or `` `…` `` quotation longer than [`QUOTE_MAX_CHARS`]
/// characters cut (serde quotes whole values and keys: a 1 MiB string would come back whole).
pub fn cut_quoted(message: &str) -> String {
    if message.len() <= QUOTE_MAX_CHARS {
        return message.to_owned();
    }
    let mut out = String::with_capacity(message.len().min(4 * QUOTE_MAX_CHARS));
    let mut rest = message;
    while let Some(open) = rest.find(['"', '`']) {
        let quote = rest.as_bytes()[open];
        out.push_str(&rest[..=open]);
        let body = &rest[open + 1..];
        // The closing quote: the next one not escaped (serde writes strings with `{:?}`).
        let mut end = None;
        let mut escaped = false;
        for (i, b) in body.bytes().enumerate() {
            if escaped {
                escaped = false;
            } else if b == b'\\' && quote == b'"' {
                escaped = true;
            } else if b == quote {
                end = Some(i);
                break;
            }
        }
        let Some(end) = end else {
            out.push_str(&cut(body));
            return out;
        };
        let inner = &body[..end];
        if let Some((at, _)) = inner.char_indices().nth(QUOTE_MAX_CHARS) {
            out.push_str(&inner[..at]);
            out.push(char::from(quote));
            out.push('…');
        } else {
            out.push_str(inner);
            out.push(char::from(quote));
        }
        rest = &body[end + 1..];
    }
    out.push_str(rest);
    out
}

/// `path` with every key longer than [`QUOTE_MAX_CHARS`] characters cut.
pub fn cut_path(path: String) -> String {
    if path.len() <= QUOTE_MAX_CHARS {
        return path;
    }
    let mut out = String::new();
    let mut run = 0usize;
    let mut cutting = false;
    for c in path.chars() {
        if matches!(c, '.' | '[' | ']') {
            run = 0;
            cutting = false;
            out.push(c);
            continue;
        }
        run += 1;
        if run > QUOTE_MAX_CHARS {
            if !cutting {
                out.push('…');
                cutting = true;
            }
            continue;
        }
        out.push(c);
    }
    out
}

/// `message` without `serde_json`'s ` at line L column C` suffix.
pub(crate) fn strip_position(message: &str) -> &str {
    match message.rfind(" at line ") {
        Some(at) if message[at..].contains(" column ") => &message[..at],
        _ => message,
    }
}

/// `prefix` and one object key: the key cut to [`QUOTE_MAX_CHARS`] characters first, so a
/// key of many dots (`a.a.a…/x`, a `_meta` prefix) is cut as one key, which [`cut_path`]
/// cannot do once it is joined.
pub fn join_key(prefix: &str, key: &str) -> String {
    join_path(prefix, &cut(key))
}

pub fn join_path(prefix: &str, rest: &str) -> String {
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
