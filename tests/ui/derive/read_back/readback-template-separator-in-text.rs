use mcp_content::Content;

// A `String` may hold `-`, which the URI leaves as it is.
#[derive(Content)]
struct Log {
    #[content(resource(uri = "logs://{service}-{day}"))]
    lines: String,
    service: String,
    day: String,
}

fn main() {}
