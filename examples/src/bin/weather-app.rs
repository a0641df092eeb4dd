//! An MCP App (`io.modelcontextprotocol/ui`): a `show_weather` tool that renders in an HTML
//! view served at `ui://weather/view.html`, over stdio.
//!
//! Run it with `cargo run -p mcp-content-examples --bin weather-app` and connect an MCP host
//! that supports apps; `examples/tests/examples/weather_app.rs` drives it as a client would.

use mcp_content::{Router, resource, router, tool};

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

/// The view, served as an MCP App: its URI, MIME profile and CSP origins are checked at
/// compile time, and its `_meta.ui` goes on the listed resource and on the read contents.
#[resource(
    uri = "ui://weather/view.html",
    name = "weather-view",
    mime = "text/html;profile=mcp-app",
    ui(
        csp(connect = ["https://api.open-meteo.com"], resources = ["https://*.jsdelivr.net"]),
        prefers_border = true
    ),
    cache(ttl = "1h", scope = "public")
)]
fn view() -> &'static str {
    VIEW_HTML
}

/// Shows the weather for a city in an interactive view.
#[tool(ui = "ui://weather/view.html", visibility = ["model", "app"])]
fn show_weather(city: String) -> String {
    format!("{city}: sunny, 24 °C")
}

fn router() -> Router {
    // `router!` refuses, at compile time, a tool whose view is not among its resources.
    router! { tools: [show_weather], resources: [view] }
        .info("weather-app", env!("CARGO_PKG_VERSION"))
        // Hosts from before the `ui` object read the flat key.
        .legacy_ui_resource_uri(true)
        .build()
        .expect("the view the tool names is served")
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    mcp_content::rmcp::serve_stdio(router()).await
}
