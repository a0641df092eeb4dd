use mcp_content::Content;

#[derive(Content)]
enum Answer {
    Text(#[content(text)] String),
    Chart {
        #[content(image(mime = "image/png"))]
        png: String,
    },
}

fn main() {}
