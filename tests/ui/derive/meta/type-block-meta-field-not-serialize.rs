use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct S {
    #[content(text, meta("com.example/k" = o))]
    body: String,
    o: Opaque,
}

fn main() {}
