use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "weather://{cty}/raw.json"))]
    raw: String,
    #[content(text)]
    city: String,
}

fn main() {}
