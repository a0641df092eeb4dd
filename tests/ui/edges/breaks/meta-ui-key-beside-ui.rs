// BREAK (not fixed, found by the second probe of issue 11): a `_meta` key "ui" written beside
// `ui(…)` is dropped without a word. Each of these compiles today, and the written `_meta.ui`
// is only the one `ui(…)` / `ui = "…"` builds: the user's `"ui" = …` entry is lost (checked:
// the block writes `{"ui":{"prefersBorder":true}}`, the tool `{"ui":{"resourceUri":…}}`).
// Expected: a compile error at the `"ui"` key ("`_meta.ui` is written by `ui(…)`: set it
// there"), as for any key written twice (see fail/meta-result-key-*.rs).

use mcp_content::{Content, resource, router, tool};

#[derive(Content)]
struct WithView {
    #[content(
        resource(uri = "ui://v/view.html", mime = "text/html;profile=mcp-app"),
        ui(prefers_border = true),
        resource_meta("ui" = 1)
    )]
    view: String,
}

/// The view.
#[resource(uri = "ui://v/view.html", mime = "text/html;profile=mcp-app", ui(prefers_border = true), meta("ui" = 2))]
fn view() -> &'static str {
    ""
}

/// Shows it.
#[tool(ui = "ui://v/view.html", meta("ui" = 1))]
fn show() {}

fn main() {
    let _ = router! { tools: [show], resources: [view] };
}
