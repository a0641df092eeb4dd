use mcp_content::Content;

#[derive(Content)]
struct Listing {
    #[content(link(name = label, annotations(priorty = 0.5)))]
    uri: String,
    label: String,
}

fn main() {}
