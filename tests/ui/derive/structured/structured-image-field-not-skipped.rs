use mcp_content::Content;

/// An image field serde would write into structuredContent as numbers.
#[derive(Content, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[content(structured)]
struct Chart {
    #[content(text)]
    title: String,
    #[content(image(mime = "image/png"))]
    png: Vec<u8>,
}

fn main() {}
