//! `Router::call_tool_json`, the helper for testing a handler with `json!` arguments: it runs
//! the tool as a client's call would (arguments read by the tool, its errors as `isError`
//! results), and refuses what the wire refuses (arguments that are not an object, an unknown
//! tool) with the same codes.

use mcp_content::{Context, Router, tool};
use serde_json::json;

/// Greets someone, politely or not.
#[tool]
fn greet(name: String, polite: Option<bool>) -> String {
    if polite.unwrap_or(false) {
        format!("Good day, {name}.")
    } else {
        format!("Hi {name}")
    }
}

/// Says which protocol version the call came in on.
#[tool]
fn version(context: &Context) -> String {
    context.protocol_version().as_str().to_owned()
}

fn router() -> Router {
    Router::builder()
        .tool(greet {})
        .tool(version {})
        .build()
        .unwrap()
}

#[tokio::test]
async fn a_tool_runs_with_json_arguments_as_a_call_would() {
    let router = router();
    let polite = router
        .call_tool_json("greet", json!({"name": "Ada", "polite": true}))
        .await
        .unwrap();
    assert_eq!(polite.content[0].as_text(), Some("Good day, Ada."));
    let plain = router
        .call_tool_json("greet", json!({"name": "Ada"}))
        .await
        .unwrap();
    assert_eq!(plain.content[0].as_text(), Some("Hi Ada"));
    let no_arguments = router.call_tool_json("version", json!(null)).await.unwrap();
    assert_eq!(
        no_arguments.content[0].as_text(),
        Some(mcp_content::ProtocolVersion::LATEST.as_str())
    );
}

#[tokio::test]
async fn bad_arguments_are_the_tools_error_result_naming_them() {
    let router = router();
    for arguments in [
        json!({"name": 3}),
        json!({}),
        json!({"name": "Ada", "extra": 1}),
    ] {
        let result = router
            .call_tool_json("greet", arguments.clone())
            .await
            .unwrap();
        assert!(result.is_error(), "{arguments}");
    }
    let missing = router.call_tool_json("greet", json!({})).await.unwrap();
    assert!(
        missing.content[0].as_text().unwrap().contains("name"),
        "{:?}",
        missing.content
    );
}

#[tokio::test]
async fn what_the_wire_refuses_is_refused_with_its_code() {
    let router = router();
    for arguments in [json!([1, 2]), json!("name=Ada"), json!(3)] {
        let error = router
            .call_tool_json("greet", arguments.clone())
            .await
            .unwrap_err();
        assert_eq!(error.code, -32602, "{arguments}");
        assert!(error.message.contains("arguments"), "{}", error.message);
    }
    let unknown = router.call_tool_json("nope", json!({})).await.unwrap_err();
    assert_eq!(unknown.code, -32602);
}
