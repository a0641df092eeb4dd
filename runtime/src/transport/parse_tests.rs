//! The `-32700` reply, and the malformed messages every transport's test sends.

/// Malformed messages every transport's test sends, with what the reply names.
pub(crate) const MALFORMED: [(&[u8], &str); 10] = [
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

use super::parse_error_reply;

#[test]
fn the_parse_error_reply_is_json_rpc_and_names_the_fault() {
    assert_eq!(
        String::from_utf8(parse_error_reply(b"{nope", None)).unwrap(),
        r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: key must be a string at line 1 column 2"}}"#
    );
    for (bytes, named) in MALFORMED {
        let reply: serde_json::Value =
            serde_json::from_slice(&parse_error_reply(bytes, None)).unwrap();
        let message = reply["error"]["message"].as_str().unwrap();
        assert!(message.starts_with("Parse error: "), "{message}");
        assert!(message.contains(named), "{named}: {message}");
    }
    // Valid JSON text no `Value` holds: the transport's error is the fault.
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let error = serde_json::from_str::<serde_json::Value>(&deep).unwrap_err();
    let reply = String::from_utf8(parse_error_reply(deep.as_bytes(), Some(&error))).unwrap();
    assert!(reply.contains("recursion limit exceeded"), "{reply}");
}
