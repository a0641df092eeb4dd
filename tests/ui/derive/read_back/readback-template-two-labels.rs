use mcp_content::Content;

#[derive(Content)]
struct Archive {
    #[content(resource(uri = "file:///archive{.format}{.compression}", blob))]
    data: Vec<u8>,
    format: String,
    compression: String,
}

fn main() {}
