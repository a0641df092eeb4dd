use std::borrow::Cow;
use mcp_content::{Content, model::Uri};

#[derive(Content)]
struct S {
    #[content(link(name = "report", description = about))]
    report: Uri,
    about: Cow<'static, str>,
}

fn main() {}
