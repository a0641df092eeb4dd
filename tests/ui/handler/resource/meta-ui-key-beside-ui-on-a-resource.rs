// `_meta.ui` of a resource is built by `ui(…)`; a `meta("ui" = …)` entry beside it would be
// dropped: one error at the key.

use mcp_content::resource;

/// The view.
#[resource(
    uri = "ui://v/view.html",
    mime = "text/html;profile=mcp-app",
    ui(prefers_border = true),
    meta("ui" = 2)
)]
fn view() -> &'static str {
    ""
}

fn main() {}
