use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta("com.example/k" = f64::NAN))]
    body: String,
}

fn main() {}
