use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(mime = "nope", title = t))]
    href: mcp_content::Uri,
    t: String,
}

fn main() {}
