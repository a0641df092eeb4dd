// `uri` takes a string literal; a field name there is one error, not also "`resource` needs
// a URI" and "field `location` is not placed".

use mcp_content::{Content, model::Uri};

#[derive(Content)]
struct Report {
    #[content(resource(uri = location))]
    body: String,
    location: Uri,
}

fn main() {}
