// `text(json, json)`: a repeated flag is a duplicate, as every other repeated key is.

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text(json, json))]
    summary: String,
}

fn main() {}
