use std::fmt::Display;
use mcp_content::{Content, model::Uri};

#[derive(Content)]
#[content(write_only)]
struct S<T: Display> {
    #[content(link(name = "report", title = heading))]
    report: Uri,
    heading: T,
}

fn main() {}
