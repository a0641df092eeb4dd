//! The conformance server over stdio: a real MCP session (initialize, list, call, read, get)
//! through `rmcp`'s stdio transport, spoken line by line.

use serde_json::json;

use crate::common::StdioServer;

#[test]
fn a_2025_11_25_session_over_stdio() {
    let mut server = StdioServer::start(env!("CARGO_BIN_EXE_conformance-server"), &["--stdio"]);
    let init = server.exchange(
        1,
        "initialize",
        &json!({
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": { "name": "stdio-test", "version": "1.0.0" }
        }),
    );
    assert_eq!(init["result"]["protocolVersion"], "2025-11-25", "{init}");
    assert_eq!(
        init["result"]["serverInfo"]["name"],
        "mcp-content-conformance-server"
    );
    assert!(
        init["result"]["capabilities"]["tools"].is_object(),
        "{init}"
    );
    server.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));

    let tools = server.exchange(2, "tools/list", &json!({}));
    let names: Vec<&str> = tools["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"test_image_content"), "{names:?}");
    assert!(
        tools["result"].get("resultType").is_none(),
        "no resultType before 2026: {tools}"
    );

    let image = server.exchange(3, "tools/call", &json!({ "name": "test_image_content" }));
    assert_eq!(image["result"]["content"][0]["type"], "image", "{image}");
    assert_eq!(image["result"]["content"][0]["mimeType"], "image/png");

    let error = server.exchange(
        4,
        "tools/call",
        &json!({ "name": "test_error_handling", "arguments": {} }),
    );
    assert_eq!(error["result"]["isError"], true, "{error}");

    let read = server.exchange(
        5,
        "resources/read",
        &json!({ "uri": "test://template/42/data" }),
    );
    let text = read["result"]["contents"][0]["text"].as_str().unwrap();
    assert!(text.contains("\"42\""), "{read}");

    let prompt = server.exchange(
        6,
        "prompts/get",
        &json!({ "name": "test_prompt_with_arguments", "arguments": { "arg1": "a", "arg2": "b" } }),
    );
    assert_eq!(
        prompt["result"]["messages"][0]["content"]["text"],
        "Prompt with arguments: arg1='a', arg2='b'"
    );

    let bad = server.exchange(
        7,
        "tools/call",
        &json!({ "name": "test_sampling", "arguments": { "prompt": 5 } }),
    );
    assert_eq!(bad["result"]["isError"], true, "{bad}");
    let message = bad["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        message.contains("prompt"),
        "the error names the argument: {message}"
    );
}
