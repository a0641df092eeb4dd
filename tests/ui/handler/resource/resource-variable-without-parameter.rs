use mcp_content::resource;

/// Items.
#[resource(uri = "test://items/{id}/{part}")]
fn item(id: String) -> String {
    id
}

fn main() {}
