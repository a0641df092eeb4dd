//! The MCP App example end to end: a client session over stdio lists the tool and its view,
//! reads the view's HTML with its `_meta.ui`, and calls the tool.

use serde_json::json;

use crate::common::StdioServer;

/// The app example over stdio, initialized by a host that renders MCP Apps.
fn start() -> StdioServer {
    let mut host = StdioServer::start(env!("CARGO_BIN_EXE_weather-app"), &[]);
    let init = host.initialize(
        "2025-11-25",
        &json!({"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}),
        "app-host-test",
    );
    assert_eq!(init["serverInfo"]["name"], "weather-app", "{init}");
    host
}

#[test]
fn a_host_finds_the_view_reads_it_and_calls_the_tool() {
    let mut host = start();

    let tools = host.request("tools/list", &json!({}));
    let tool = &tools["tools"][0];
    assert_eq!(tool["name"], "show_weather");
    assert_eq!(
        tool["_meta"]["ui"],
        json!({"resourceUri": "ui://weather/view.html", "visibility": ["model", "app"]}),
        "{tool}"
    );
    assert_eq!(tool["_meta"]["ui/resourceUri"], "ui://weather/view.html");

    let resources = host.request("resources/list", &json!({}));
    let listed = &resources["resources"][0];
    assert_eq!(listed["uri"], "ui://weather/view.html");
    assert_eq!(listed["mimeType"], "text/html;profile=mcp-app");
    let ui = json!({
        "csp": {
            "connectDomains": ["https://api.open-meteo.com"],
            "resourceDomains": ["https://*.jsdelivr.net"]
        },
        "prefersBorder": true
    });
    assert_eq!(listed["_meta"]["ui"], ui, "{listed}");

    // The host follows the tool's resourceUri.
    let uri = tool["_meta"]["ui"]["resourceUri"].clone();
    let read = host.request("resources/read", &json!({ "uri": uri }));
    let contents = &read["contents"][0];
    assert_eq!(contents["mimeType"], "text/html;profile=mcp-app");
    assert_eq!(contents["_meta"]["ui"], ui, "{contents}");
    let html = contents["text"].as_str().unwrap();
    assert!(html.starts_with("<!doctype html>") && html.contains("ui/notifications/tool-result"));

    let call = host.request(
        "tools/call",
        &json!({ "name": "show_weather", "arguments": { "city": "Lima" } }),
    );
    assert_eq!(call["content"][0]["text"], "Lima: sunny, 24 °C", "{call}");
}
