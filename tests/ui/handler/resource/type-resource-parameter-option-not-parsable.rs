use mcp_content::resource;

struct Revision;

/// A note at a revision.
#[resource(uri = "notes://note{?rev}")]
fn note(rev: Option<Revision>) -> String {
    let _ = rev;
    String::new()
}

fn main() {}
