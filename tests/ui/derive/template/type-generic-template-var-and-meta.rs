use mcp_content::Content;

#[derive(Content)]
#[content(meta("com.example/t" = t))]
struct S<T> {
    #[content(resource(uri = "file:///{t}"))]
    a: String,
    t: T,
}

fn main() {}
