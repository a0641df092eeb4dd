#![deny(warnings)] // the macros give the user no warning
use mcp_content::{resource, router, tool};

/// The view.
#[resource(
    uri = "ui://weather/view.html",
    mime = "text/html;profile=mcp-app",
    ui(
        csp(
            connect = ["https://api.weather.example", "wss://live.weather.example", "http://localhost:5173"],
            resources = ["https://*.cdn.example"],
            frame = ["https://maps.example"],
            base_uri = ["https://weather.example"]
        ),
        permissions(camera, microphone, geolocation, clipboardWrite),
        domain = "weather.sandbox.example",
        prefers_border = false
    ),
    cache(ttl = "1h", scope = "public")
)]
fn view() -> &'static str {
    "<html></html>"
}

/// A note, cached privately for half a second.
#[resource(uri = "memo://note", cache(ttl = "500ms", scope = "private"))]
fn note() -> &'static str {
    "hi"
}

/// Shows the forecast.
#[tool(ui = "ui://weather/view.html", visibility = ["app"])]
fn forecast() -> String {
    String::new()
}

/// Not linked to an app.
#[tool]
fn plain() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [forecast, plain], resources: [view, note] };
}
