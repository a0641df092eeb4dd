use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///{nam", text))]
    raw: String,
    name: String,
}

fn main() {}
