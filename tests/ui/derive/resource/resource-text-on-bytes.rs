use mcp_content::Content;

#[derive(Content)]
struct Upload {
    #[content(resource(uri = "file:///upload.bin", text))]
    data: Vec<u8>,
}

fn main() {}
