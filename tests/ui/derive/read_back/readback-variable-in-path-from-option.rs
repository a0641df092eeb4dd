use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///{+dir}/a"))]
    a: String,
    dir: Option<String>,
}

fn main() {}
