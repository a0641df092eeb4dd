//! `#[resource(ui(…), cache(…))]` and `#[tool(ui = "…", visibility = [...])]`: what the
//! attributes write on the wire (`_meta.ui` on the listed resource, on its read contents and
//! on the tool; `ttlMs` / `cacheScope` on the read result), served through `router!`.

use mcp_content::model::Meta;
use mcp_content::{Context, ProtocolVersion, Router, resource, router, tool};
use serde_json::{Value, json};

/// The forecast view.
#[resource(
    uri = "ui://weather/view.html",
    mime = "text/html;profile=mcp-app",
    ui(
        csp(connect = ["https://api.weather.example"], resources = ["https://cdn.example.com"], frame = ["https://*.maps.example"]),
        permissions(geolocation, clipboardWrite),
        domain = "weather.sandbox.example",
        prefers_border = true
    ),
    cache(ttl = "5m", scope = "public")
)]
fn view() -> &'static str {
    "<html></html>"
}

/// A plain resource with a private hint.
#[resource(uri = "memo://note", cache(ttl = "1500ms"))]
fn note() -> &'static str {
    "hi"
}

/// Shows the forecast.
#[tool(ui = "ui://weather/view.html", visibility = ["model", "app"])]
fn forecast(city: String) -> String {
    city
}

fn handle(router: &Router, method: &str, params: Value) -> Value {
    let params = match params {
        Value::Object(map) => Some(map),
        _ => None,
    };
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(router.handle(
            method,
            params,
            Context::new(Meta::new(), ProtocolVersion::V2026_07_28),
        ))
        .unwrap()
}

fn app_router() -> Router {
    router! { tools: [forecast], resources: [view, note] }
        .build()
        .unwrap()
}

fn expected_ui() -> Value {
    json!({
        "csp": {
            "connectDomains": ["https://api.weather.example"],
            "resourceDomains": ["https://cdn.example.com"],
            "frameDomains": ["https://*.maps.example"]
        },
        "permissions": {"geolocation": {}, "clipboardWrite": {}},
        "domain": "weather.sandbox.example",
        "prefersBorder": true
    })
}

#[test]
fn resource_list_entry_carries_meta_ui() {
    let list = handle(&app_router(), "resources/list", Value::Null);
    let entry = list["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["uri"] == "ui://weather/view.html")
        .unwrap();
    assert_eq!(entry["mimeType"], "text/html;profile=mcp-app");
    assert_eq!(entry["_meta"]["ui"], expected_ui());
}

#[test]
fn read_contents_carry_meta_ui_and_cache_hint() {
    let read = handle(
        &app_router(),
        "resources/read",
        json!({"uri": "ui://weather/view.html"}),
    );
    assert_eq!(read["contents"][0]["_meta"]["ui"], expected_ui());
    assert_eq!(read["contents"][0]["text"], "<html></html>");
    assert_eq!(read["ttlMs"], 300_000);
    assert_eq!(read["cacheScope"], "public");
}

#[test]
fn cache_scope_defaults_to_private() {
    let read = handle(
        &app_router(),
        "resources/read",
        json!({"uri": "memo://note"}),
    );
    assert_eq!(read["ttlMs"], 1500);
    assert_eq!(read["cacheScope"], "private");
    assert!(read["contents"][0].get("_meta").is_none());
}

#[test]
fn tool_carries_resource_uri_and_visibility() {
    let list = handle(&app_router(), "tools/list", Value::Null);
    assert_eq!(
        list["tools"][0]["_meta"]["ui"],
        json!({"resourceUri": "ui://weather/view.html", "visibility": ["model", "app"]})
    );
    assert_eq!(forecast::UI_RESOURCE, "ui://weather/view.html");
}

/// A tool result that embeds its app view, with `_meta.ui` on the embedded contents.
#[derive(mcp_content::Content, Debug, PartialEq)]
struct WithView {
    #[content(text)]
    summary: String,
    #[content(
        resource(uri = "ui://weather/view.html", mime = "text/html;profile=mcp-app"),
        ui(csp(connect = ["https://api.weather.example"]), permissions(geolocation), prefers_border = true),
        resource_meta("com.example/rev" = 3)
    )]
    view: String,
}

#[test]
fn derive_places_meta_ui_on_embedded_resource() {
    use mcp_content::{FromContent, IntoCallToolResult};
    let value = WithView {
        summary: "Sunny".into(),
        view: "<html></html>".into(),
    };
    let result = value.into_call_tool_result();
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(
        json["content"][1]["resource"]["_meta"],
        json!({
            "com.example/rev": 3,
            "ui": {
                "csp": {"connectDomains": ["https://api.weather.example"]},
                "permissions": {"geolocation": {}},
                "prefersBorder": true
            }
        })
    );
    let back = WithView::from_call_tool_result(&result).unwrap();
    assert_eq!(back.view, "<html></html>");
}

/// A 2 KiB chart.
#[tool(max_inline = "1KiB")]
fn chart() -> mcp_content::CallToolResult {
    mcp_content::CallToolResult::new(vec![mcp_content::ContentBlock::from(
        mcp_content::model::ImageContent::new(
            vec![7u8; 2048],
            mcp_content::model::MimeType::new("image/png").unwrap(),
        )
        .unwrap(),
    )])
}

#[test]
fn tool_budget_from_the_attribute() {
    use mcp_content::handler::ToolHandler;
    assert_eq!(chart {}.max_inline(), Some(1024));
    assert_eq!(forecast {}.max_inline(), None);
    let router = router! { tools: [chart] }.build().unwrap();
    let result = handle(
        &router,
        "tools/call",
        json!({"name": "chart", "arguments": {}}),
    );
    assert_eq!(result["content"][0]["type"], "resource_link", "{result}");
    assert_eq!(result["content"][0]["size"], 2048);
}
