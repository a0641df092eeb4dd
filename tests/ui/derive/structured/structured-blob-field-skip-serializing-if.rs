use mcp_content::Content;

/// `skip_serializing_if` still writes the bytes when they are there.
#[derive(Content, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[content(structured)]
struct Export {
    #[content(text)]
    name: String,
    #[content(resource(uri = "export://data", mime = "application/octet-stream"))]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    data: Vec<u8>,
}

fn main() {}
