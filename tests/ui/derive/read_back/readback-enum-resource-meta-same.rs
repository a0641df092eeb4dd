use mcp_content::Content;

#[derive(Content)]
enum E {
    A(#[content(resource(uri = "file:///a"), resource_meta("com.example/v" = 1))] String),
    B(#[content(resource(uri = "file:///a"), resource_meta("com.example/v" = 1))] String),
}

fn main() {}
