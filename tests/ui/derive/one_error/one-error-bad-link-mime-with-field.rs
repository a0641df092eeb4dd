use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(mime = "nope", title = t))]
    href: mcp_content::model::Uri,
    t: String,
}

fn main() {}
