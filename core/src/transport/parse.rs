//! The reply to a message that is not JSON (or holds a key twice), byte for byte the same
//! on every transport that reads bytes (this crate's HTTP, rmcp's Streamable HTTP, stdio).

/// JSON-RPC: the message is not JSON.
pub(crate) const PARSE_ERROR: i32 = -32700;

/// The reply to a message that is not JSON, byte for byte the same on every transport
/// (this crate's HTTP, rmcp's streamable HTTP, stdio):
/// `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: …"}}`.
///
/// The fault is found here, from the bytes alone, whatever the transport tried to read them
/// as (a `Value`, an envelope with raw parts): an encoding fault named as such (a byte order
/// mark, invalid UTF-8, a lone surrogate escape, with its path), else the first syntax fault
/// of the bytes as JSON text, else `error`, the transport's own (JSON nested past the
/// parser's 128 levels is valid JSON text that no `Value` holds), else a key twice in one
/// object.
pub fn parse_error_reply(bytes: &[u8], error: Option<&serde_json::Error>) -> Vec<u8> {
    // `IgnoredAny` is skipped without recursion: no depth limit, so only syntax is judged.
    let syntax = serde_json::from_slice::<serde::de::IgnoredAny>(bytes).err();
    let fault = match (
        crate::wire::read::encoding_error(bytes),
        syntax.as_ref().or(error),
    ) {
        (Some(fault), _) => fault.to_string(),
        (None, Some(error)) => error.to_string(),
        (None, None) => duplicate_key(bytes).unwrap_or_else(|| "not a JSON text".to_owned()),
    };
    let mut reply = Vec::with_capacity(fault.len() + 80);
    reply.extend_from_slice(br#"{"jsonrpc":"2.0","id":null,"error":{"code":"#);
    reply.extend_from_slice(PARSE_ERROR.to_string().as_bytes());
    reply.extend_from_slice(br#","message":"#);
    serde_json::to_writer(&mut reply, &format!("Parse error: {fault}"))
        .expect("a string serializes");
    reply.extend_from_slice(b"}}");
    reply
}

/// The first key that is twice in one object of a message, as the readers of the model name
/// it (``params: duplicate field `name` ``): `serde_json` keeps the last of them, and a peer
/// (or a gateway in front of the server) that reads the first would see another request.
fn duplicate_key(bytes: &[u8]) -> Option<String> {
    use crate::wire::limits::{Finding, ReadLimits, path_at, scan};
    match scan(bytes, ReadLimits::PARSER_MAX_DEPTH, usize::MAX) {
        Finding::DuplicateKey(at, key) => Some(
            crate::wire::error::ReadError::message(
                path_at(bytes, at),
                format!("duplicate field `{}`", crate::wire::error::cut(&key)),
            )
            .to_string(),
        ),
        _ => None,
    }
}

/// Whether a message holds a key twice in one object: every transport refuses it with the
/// `-32700` reply ([`parse_error_reply`]), as the readers of the model refuse such a
/// document, though `serde_json` parses it.
pub fn has_duplicate_key(bytes: &[u8]) -> bool {
    use crate::wire::limits::{Finding, ReadLimits, scan};
    matches!(
        scan(bytes, ReadLimits::PARSER_MAX_DEPTH, usize::MAX),
        Finding::DuplicateKey(..)
    )
}

#[cfg(test)]
#[path = "parse_tests.rs"]
pub(crate) mod tests;

/// Malformed lines and the words their parse error names: what every transport's
/// parse-error test sends (the rmcp bridge's too, in the crate `mcp-content`).
#[doc(hidden)]
pub const MALFORMED: [(&[u8], &str); 10] = [
    (b"{nope", "key must be a string"),
    (br#"{"jsonrpc":"2.0","id":1,"#, "EOF while parsing"),
    (b"not json", "expected ident"),
    (br#"{"jsonrpc":"2.0","id":1} x"#, "trailing characters"),
    (b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\"}", "byte order mark"),
    (b"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\"}", "invalid UTF-8"),
    (
        br#"{"jsonrpc":"2.0","id":"\ud800"}"#,
        "lone surrogate escape",
    ),
    (br#"{"jsonrpc":"2.0","\udc00":1}"#, "lone surrogate escape"),
    (
        br#"{"jsonrpc":"2.0","id":1,"method":"tools/list","method":"tools/call"}"#,
        ".: duplicate field `method`",
    ),
    (
        br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","arguments":{},"\u006eame":"b"}}"#,
        "params: duplicate field `name`",
    ),
];
