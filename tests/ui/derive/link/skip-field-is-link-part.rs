use mcp_content::Content;

#[derive(Content)]
struct Listing {
    #[content(link(name = label))]
    uri: String,
    #[content(skip)]
    label: String,
}

fn main() {}
