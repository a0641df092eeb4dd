use mcp_content::resource;

/// A note: a template variable has no description to carry one.
#[resource(uri = "notes://{id}")]
fn note(#[arg(description = "The note's number.")] id: u32) -> String {
    id.to_string()
}

fn main() {}
