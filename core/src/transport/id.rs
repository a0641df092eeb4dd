//! A JSON-RPC request id exactly as the client wrote it: answered with the same text, never
//! re-spelled (`123456789012345678901234567890` is not `1.2345678901234568e+29`, `-0` not
//! `-0.0`, `1.0` not `1`). What rmcp's id type can hold ([`rmcp_refusal`]), and the id of a
//! message too long to read, found at its start ([`scan_id`]).

// Each transport uses its part: the `http` endpoint the ids, rmcp's fronts the rest.
#![cfg_attr(
    not(all(feature = "http", feature = "__rmcp-stdio", feature = "__rmcp-http")),
    allow(dead_code)
)]

use std::sync::Arc;

use serde_json::Value;
use serde_json::value::RawValue;

/// A message's `id` member as written, `null` included: `Some` whenever the member is
/// present, `None` (with `#[serde(default)]`) only when it is absent. `Option`'s own
/// deserializer reads `"id": null` as no id, which would take a request with a `null` id
/// (which MCP forbids) for a notification and leave it unanswered; with this it is a
/// request whose id is refused `-32600`.
pub(crate) fn present<'de, D>(deserializer: D) -> Result<Option<Box<RawValue>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    <Box<RawValue> as serde::Deserialize>::deserialize(deserializer).map(Some)
}

/// A request's id as sent: a JSON string or number, kept as its text.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct RequestId(Arc<str>);

impl std::fmt::Debug for RequestId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why an id cannot be answered with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdFault {
    /// Not a string or a number (`null`, a boolean, an object, an array).
    NotStringOrNumber,
    /// A string that is not Unicode (a lone surrogate escape): not JSON a reader accepts.
    NotText,
}

impl RequestId {
    /// The id whose JSON text is `raw` (as a parser kept it: valid JSON), if it is a string
    /// or a number.
    pub fn from_raw(raw: &RawValue) -> Result<Self, IdFault> {
        Self::from_text(raw.get())
    }

    /// [`RequestId::from_raw`] of JSON text known to be one valid JSON value.
    pub fn from_text(text: &str) -> Result<Self, IdFault> {
        let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
        match text.as_bytes().first() {
            Some(b'"') => {
                serde_json::from_str::<&str>(text)
                    .map(|_| ())
                    .or_else(|_| serde_json::from_str::<String>(text).map(|_| ()))
                    .map_err(|_| IdFault::NotText)?;
            }
            Some(b'-' | b'0'..=b'9') => {}
            _ => return Err(IdFault::NotStringOrNumber),
        }
        Ok(Self(Arc::from(text)))
    }

    /// The `null` id of an answer to a request whose id could not be read.
    pub fn null() -> Self {
        Self(Arc::from("null"))
    }

    /// The id's JSON text.
    pub(crate) fn as_json(&self) -> &str {
        &self.0
    }

    /// Appends the id's JSON text, as sent.
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.0.as_bytes());
    }

    /// What compares equal for two ids naming one request (see [`key_of`]).
    pub(crate) fn key(&self) -> String {
        key_of(&self.to_value()).unwrap_or_default()
    }

    /// The id as a `serde_json::Value`, for what only reads it (a number may lose digits).
    pub(crate) fn to_value(&self) -> Value {
        serde_json::from_str(&self.0).unwrap_or(Value::Null)
    }
}

/// What compares equal for two ids naming one request, read as a `Value` (the
/// `requestId` of `notifications/cancelled`): a string by its value (escapes read), a
/// number by the value `serde_json` reads (`1` and `1.0` differ; two integers past 2^53
/// that read as one `f64` are one). `None` for what is not an id.
pub(crate) fn key_of(id: &Value) -> Option<String> {
    match id {
        Value::String(text) => Some(format!("s{text}")),
        Value::Number(number) => Some(format!("n{number}")),
        _ => None,
    }
}

/// A JSON-RPC error response to `id` (written as sent), as bytes.
pub fn error_reply(id: &RequestId, code: i32, message: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(message.len() + id.as_json().len() + 64);
    out.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
    id.write(&mut out);
    out.extend_from_slice(b",\"error\":{\"code\":");
    out.extend_from_slice(code.to_string().as_bytes());
    out.extend_from_slice(b",\"message\":");
    serde_json::to_writer(&mut out, message).expect("a string serializes");
    out.extend_from_slice(b"}}");
    out
}

/// Written verbatim by a serializer that writes text (`serde_json::to_writer`); into a
/// `serde_json::Value` (`json!`) a number would be read again, and re-spelled.
impl serde::Serialize for RequestId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Written as its text: a `RawValue` serializes verbatim.
        match RawValue::from_string(self.0.to_string()) {
            Ok(raw) => raw.serialize(serializer),
            Err(_) => serializer.serialize_unit(),
        }
    }
}

/// Why rmcp's transports cannot answer a request with this id (its `RequestId` is an
/// `i64` or a string: any other number would be answered re-spelled, `1.0` as `1`,
/// `-0` as `0`, `1e2` as `100`, or not at all past `i64`), or `None` when they can.
/// A string is held as its value (rmcp writes its escapes its own way).
pub fn rmcp_refusal(id: &RequestId) -> Option<String> {
    let text = id.as_json();
    if text.starts_with('"') {
        return None;
    }
    let digits = text.strip_prefix('-').unwrap_or(text);
    let plain_integer = digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.is_empty()
        && (digits == "0" || !digits.starts_with('0'));
    let exact = plain_integer && text != "-0" && text.parse::<i64>().is_ok();
    if exact {
        return None;
    }
    Some(format!(
        "id {}: this transport answers only string ids and integer ids from {} to {} \
         written without a fraction or exponent (it would not echo this one as sent)",
        crate::wire::error::cut(text),
        i64::MIN,
        i64::MAX
    ))
}

/// How many bytes of a message [`scan_id`] reads at most.
pub(crate) const ID_SCAN_BYTES: usize = 64 * 1024;

/// The id of the JSON-RPC request whose first bytes are `head`, found without reading the
/// rest (a message too long to read whole): the value of the top-level `"id"` member, when
/// it is a string or a number wholly inside `head`, and the only top-level `"id"` there, in
/// a message not known to be a response (no top-level `"result"` or `"error"` before the
/// head ends).
/// Members before it are skipped whatever they hold (nested objects, strings with escaped
/// quotes, an `"id"` of a nested object); a key spelled with escapes (`"\u0069d"`) is read
/// as its value. `None` when `head` does not start an object, breaks the grammar before the
/// id, or ends first.
///
/// Hand-written: `serde_json` reads a document only whole, and the point here is the start
/// of one that is not.
pub fn scan_id(head: &[u8]) -> Option<RequestId> {
    let head = &head[..head.len().min(ID_SCAN_BYTES)];
    let mut at = skip_space(head, 0);
    if head.get(at) != Some(&b'{') {
        return None;
    }
    at += 1;
    let mut found: Option<RequestId> = None;
    at = skip_space(head, at);
    if head.get(at) == Some(&b'}') {
        return None;
    }
    loop {
        // A member: its key, `:`, its value. The head may end anywhere: what was found
        // before stands.
        match head.get(at) {
            None => return found,
            Some(b'"') => {}
            Some(_) => return None,
        }
        let Some(key_end) = string_end(head, at) else {
            return found;
        };
        let key = serde_json::from_slice::<String>(&head[at..key_end]).ok()?;
        if key == "result" || key == "error" {
            // A response (the client's answer to the server's request): not answered.
            return None;
        }
        at = skip_space(head, key_end);
        match head.get(at) {
            None => return found,
            Some(b':') => at = skip_space(head, at + 1),
            Some(_) => return None,
        }
        let value_start = at;
        let Some(value_end) = value_end(head, at) else {
            // The head ends inside this value.
            return if key == "id" { None } else { found };
        };
        if key == "id" {
            if found.is_some() {
                // Twice: which one the message meant is not for this scan to say.
                return None;
            }
            let text = std::str::from_utf8(&head[value_start..value_end]).ok()?;
            serde_json::from_str::<serde::de::IgnoredAny>(text).ok()?;
            found = Some(RequestId::from_text(text).ok()?);
        }
        at = skip_space(head, value_end);
        match head.get(at) {
            None | Some(b'}') => return found,
            Some(b',') => at = skip_space(head, at + 1),
            Some(_) => return None,
        }
    }
}

fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while bytes
        .get(at)
        .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
    {
        at += 1;
    }
    at
}

/// The offset just past the string that starts at `start` (a `"`), if it ends in `bytes`.
fn string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut at = start + 1;
    loop {
        let quote_or_escape = memchr::memchr2(b'"', b'\\', bytes.get(at..)?)?;
        at += quote_or_escape;
        if bytes[at] == b'"' {
            return Some(at + 1);
        }
        // An escape: the next byte is escaped, whatever it is.
        at += 2;
    }
}

/// The offset just past the value that starts at `start`, if it ends in `bytes` (a scalar
/// ends at the first byte that cannot continue it, which must be there too).
fn value_end(bytes: &[u8], start: usize) -> Option<usize> {
    match bytes.get(start)? {
        b'"' => string_end(bytes, start),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut at = start;
            loop {
                match bytes.get(at)? {
                    b'"' => {
                        at = string_end(bytes, at)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(at + 1);
                        }
                    }
                    _ => {}
                }
                at += 1;
            }
        }
        _ => {
            let len = bytes[start..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'))?;
            (len > 0).then_some(start + len)
        }
    }
}

#[cfg(test)]
#[path = "id_tests.rs"]
mod tests;
