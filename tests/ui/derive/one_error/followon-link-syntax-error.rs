use mcp_content::Content;

#[derive(Content)]
struct Listing {
    #[content(link(name = label, size = 1 + 2))]
    uri: String,
    label: String,
}

fn main() {}
