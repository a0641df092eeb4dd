//! Requests with a `null` params member that every front of rmcp's transports refuses alike
//! (the one `null` rule, `crate::server::params`), and messages they pass to rmcp.

use serde_json::Value;

/// Requests with a `null` params member, each with the member's name, for the transports'
/// tests (every front refuses them alike).
pub(crate) const NULL_MEMBER_REQUESTS: [(&str, &str); 6] = [
    (
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":null}}"#,
        "arguments",
    ),
    (
        r#"{"jsonrpc":"2.0","id":"a","method":"resources/read","params":{"uri":"a://b","inputResponses":null}}"#,
        "inputResponses",
    ),
    (
        r#"{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"p","requestState":null}}"#,
        "requestState",
    ),
    (
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":null}}"#,
        "_meta",
    ),
    (
        r#"{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"cursor":null}}"#,
        "cursor",
    ),
    // A required member that is null is named as null, not as missing.
    (
        r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":null}}"#,
        "name",
    ),
];

/// Messages the fronts pass to rmcp although a `null` is in them: a notification, an
/// unknown method, a `null` inside the arguments.
pub(crate) const NULL_MEMBER_PASSED: [&str; 3] = [
    r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":null}}"#,
    r#"{"jsonrpc":"2.0","id":4,"method":"x/unknown","params":{"a":null}}"#,
    r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"t","arguments":{"a":null}}}"#,
];

/// Checks a front's reply to one of [`NULL_MEMBER_REQUESTS`].
pub(crate) fn assert_null_member_reply(sent: &str, key: &str, reply: &Value) {
    let sent: Value = serde_json::from_str(sent).unwrap();
    assert_eq!(reply["id"], sent["id"], "{reply}");
    assert_eq!(reply["error"]["code"], -32602, "{reply}");
    let message = reply["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!("params.{key}: null is not allowed here")),
        "{message}"
    );
}
