use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "file:///{name}"))]
    extra: Option<String>,
    #[content(resource(uri = "file:///{name}.txt"))]
    main: String,
    #[content(text)]
    name: String,
}

fn main() {}
