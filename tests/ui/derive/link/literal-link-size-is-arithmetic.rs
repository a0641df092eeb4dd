// An expression where a literal is needed, on another key (a link's `size`): "a literal is
// needed here", spanned at the expression, not "expected `,`".

use mcp_content::{Content, model::Uri};

#[derive(Content)]
struct Report {
    #[content(link(name = "report", size = 1024 * 2))]
    file: Uri,
}

fn main() {}
