// Two adjacent `u32` variables (`{a}{b}`) cannot be told apart when read back: refused as
// for `String` variables, at the template.
use mcp_content::Content;

#[derive(Content)]
struct Range {
    #[content(resource(uri = "range://{start}{end}"))]
    body: String,
    start: u32,
    end: u32,
}

fn main() {}
