use mcp_content::Content;

/// `skip_serializing` keeps the bytes out of structuredContent, not out of the output schema.
#[derive(Content, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[content(structured)]
struct Chart {
    #[content(text)]
    title: String,
    #[content(image(mime = "image/png"))]
    #[serde(skip_serializing, default)]
    png: Vec<u8>,
}

fn main() {}
