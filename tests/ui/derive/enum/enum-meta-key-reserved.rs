use mcp_content::Content;

#[derive(Content)]
#[content(meta("io.modelcontextprotocol/kind" = "answer"))]
enum Answer {
    Text(#[content(text)] String),
    Chart(#[content(image(mime = "image/png"))] Vec<u8>),
}

fn main() {}
