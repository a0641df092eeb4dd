use mcp_content::resource;

/// A kind.
///
/// # Arguments
/// * kidn - the kind
#[resource(uri = "kinds://{kind}")]
fn kind(kind: String) -> String {
    kind
}

fn main() {}
