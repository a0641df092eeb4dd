//! The `-32700` reply, and the malformed messages every transport's test sends.

use super::{MALFORMED, parse_error_reply};

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
