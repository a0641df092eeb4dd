#![deny(warnings)] // the macros give the user no warning
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta("com.example/k" = -1))]
    body: String,
}

fn main() {}
