// `_meta.ui` of an embedded resource is built by `ui(…)`; a `resource_meta("ui" = …)` entry
// beside it would be dropped: one error at the key.

use mcp_content::Content;

#[derive(Content)]
struct WithView {
    #[content(
        resource(uri = "ui://v/view.html", mime = "text/html;profile=mcp-app"),
        ui(prefers_border = true),
        resource_meta("ui" = 1)
    )]
    view: String,
}

fn main() {}
