#![deny(warnings)] // the macros give the user no warning
use mcp_content::Content;

#[derive(Content)]
struct WithView {
    #[content(text)]
    summary: String,
    #[content(
        resource(uri = "ui://weather/view.html", mime = "text/html;profile=mcp-app"),
        ui(
            csp(connect = ["https://api.weather.example", "ws://localhost:5173"], resources = ["https://*.cdn.example"], frame = ["https://maps.example"], base_uri = ["https://weather.example"]),
            permissions(camera, clipboardWrite),
            domain = "weather.sandbox.example",
            prefers_border
        )
    )]
    view: String,
}

fn main() {}
