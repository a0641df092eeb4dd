use mcp_content::resource;

/// A blob by key.
#[resource(uri = "blobs://{key}")]
fn blob(key: Vec<u8>) -> String {
    format!("{key:?}")
}

fn main() {}
