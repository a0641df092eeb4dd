use mcp_content::resource;

/// Items.
#[resource(uri = "test://items/{id}")]
fn item(id: String, part: String) -> String {
    id + &part
}

fn main() {}
