use mcp_content::{Content, model::Uri};

#[derive(Content)]
struct Sources {
    #[content(link(name = "source"))]
    others: Vec<Uri>,
    #[content(link(name = "source"))]
    main: Uri,
}

fn main() {}
