use mcp_content::Content;

// `city` is written only in `raw`'s URI: with `raw: None` it is written nowhere.
#[derive(Content)]
struct Forecast {
    #[content(text)]
    summary: String,
    #[content(resource(uri = "weather://{city}/raw.json"))]
    raw: Option<String>,
    city: String,
}

fn main() {}
