use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "file:///a.txt"), resource_meta("com..example/x" = 1))]
    raw: String,
}

fn main() {}
