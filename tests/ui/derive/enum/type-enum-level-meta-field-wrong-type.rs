use mcp_content::Content;

struct Opaque;

#[derive(Content)]
#[content(meta("com.example/k" = k))]
enum E {
    A { #[content(text)] a: String, k: Opaque },
    B { #[content(image(mime = "image/png"))] b: Vec<u8>, k: Opaque },
}

fn main() {}
