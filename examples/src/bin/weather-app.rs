//! An MCP App (`io.modelcontextprotocol/ui`): a `show_weather` tool that renders in an HTML
//! view served at `ui://weather/view.html`, over stdio.
//!
//! Run it with `cargo run -p mcp-content-examples --bin weather-app` and connect an MCP host
//! that supports apps; `examples/tests/weather_app.rs` drives it as a client would.

use mcp_content::{
    AppResource, AppTool, CacheHint, Router, UiCsp, UiResourceMeta, UiToolMeta, UiVisibility, tool,
};

const VIEW_URI: &str = "ui://weather/view.html";

/// The view: it waits for the host to hand it the tool's result and shows its text.
const VIEW_HTML: &str = r#"<!doctype html>
<html>
<head><meta charset="utf-8"><title>Weather</title></head>
<body>
<p id="forecast">Waiting for the forecast…</p>
<script>
  // The host sends the tool result as `ui/notifications/tool-result` (MCP Apps).
  window.addEventListener("message", (event) => {
    const message = event.data;
    if (message && message.method === "ui/notifications/tool-result") {
      const text = (message.params.content || []).find((block) => block.type === "text");
      document.getElementById("forecast").textContent = text ? text.text : "";
    }
  });
</script>
</body>
</html>
"#;

/// Shows the weather for a city in an interactive view.
#[tool]
fn show_weather(city: String) -> String {
    format!("{city}: sunny, 24 °C")
}

fn router() -> Router {
    let tool_ui = UiToolMeta::new(VIEW_URI)
        .expect("a ui:// URI")
        .visibility([UiVisibility::Model, UiVisibility::App]);
    let view_ui = UiResourceMeta {
        csp: UiCsp {
            connect: vec!["https://api.open-meteo.com".into()],
            resources: vec!["https://*.jsdelivr.net".into()],
            ..UiCsp::default()
        },
        prefers_border: Some(true),
        ..UiResourceMeta::default()
    };
    let view = AppResource::new(VIEW_URI, "weather-view", VIEW_HTML, view_ui)
        .expect("the URI and every origin pass the MCP Apps rules");
    Router::builder()
        .info("weather-app", env!("CARGO_PKG_VERSION"))
        .tool(AppTool::new(show_weather {}, tool_ui))
        .resource(view)
        // Hosts from before the `ui` object read the flat key.
        .legacy_ui_resource_uri(true)
        .read_cache(CacheHint::parse("1h", "public").expect("literal hint"))
        .build()
        .expect("the view the tool names is served")
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    mcp_content::rmcp::serve_stdio(router()).await
}
