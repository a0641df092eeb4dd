// `_meta.ui` of a tool is built by `ui = "…"` (and `visibility`); a `meta("ui" = …)` entry
// beside it would be dropped: one error at the key.

use mcp_content::tool;

/// Shows it.
#[tool(ui = "ui://v/view.html", meta("ui" = 1))]
fn show() {}

fn main() {}
