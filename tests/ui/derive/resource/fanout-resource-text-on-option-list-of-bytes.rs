// Bytes under `resource(…, text)` behind `Option<Vec<…>>`: the one text-on-bytes error.
use mcp_content::Content;

#[derive(Content)]
struct Files {
    #[content(resource(uri = "file:///{name}", text))]
    files: Option<Vec<Box<[u8]>>>,
    name: String,
}

fn main() {}
