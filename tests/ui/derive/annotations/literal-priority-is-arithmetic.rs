// An expression where a literal is needed (`0.5 + 0.25`): "a literal is needed here", spanned
// at the expression, not "expected `,`" at the `+`.

use mcp_content::Content;

#[derive(Content)]
#[content(annotations(priority = 0.5 + 0.25))]
struct Note {
    #[content(text)]
    body: String,
}

fn main() {}
