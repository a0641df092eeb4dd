// `Option<Option<String>>` under `text`: the kind takes one optional level; the inner
// `Option<String>` is neither shown nor parsed as text. One error at the field type.

use mcp_content::Content;

#[derive(Content)]
struct Answer {
    #[content(text)]
    body: Option<Option<String>>,
}

fn main() {}
