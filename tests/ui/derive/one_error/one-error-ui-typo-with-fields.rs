use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "ui://a/{name}.html", mime = "text/html;profile=mcp-app"), ui(prefer_border = true))]
    view: String,
    name: String,
}

fn main() {}
