use mcp_content::model::Role;
use mcp_content::Content;

#[derive(Content)]
#[content(annotations(audience = who))]
struct S {
    #[content(text)]
    body: String,
    who: Role,
}

fn main() {}
