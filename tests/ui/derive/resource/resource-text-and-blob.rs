use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "file:///a.bin", text, blob))]
    data: Vec<u8>,
}

fn main() {}
