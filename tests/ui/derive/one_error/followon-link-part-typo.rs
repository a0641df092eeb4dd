use mcp_content::Content;

#[derive(Content)]
struct Listing {
    #[content(link(name = label, titel = heading))]
    uri: String,
    label: String,
    heading: String,
}

fn main() {}
