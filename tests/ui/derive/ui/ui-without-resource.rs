use mcp_content::Content;

#[derive(Content)]
struct WithView {
    #[content(text, ui(prefers_border = true))]
    view: String,
}

fn main() {}
