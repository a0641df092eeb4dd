use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct Traced {
    #[content(text)]
    body: String,
    #[content(meta = "com.example/trace")]
    trace: Opaque,
}

fn main() {}
