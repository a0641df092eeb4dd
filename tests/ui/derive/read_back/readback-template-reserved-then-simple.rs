use mcp_content::Content;

#[derive(Content)]
struct Stored {
    #[content(resource(uri = "store://bucket/{+key}{version}"))]
    body: String,
    key: String,
    version: u32,
}

fn main() {}
