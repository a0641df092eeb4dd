// A `const` where a literal is needed: it is taken for a field, and the hint fits the key
// (`priority` takes a number literal, not a string literal).

use mcp_content::Content;

const HIGH: f64 = 0.9;

#[derive(Content)]
struct Note {
    #[content(text, annotations(priority = HIGH))]
    body: String,
}

fn main() {}
