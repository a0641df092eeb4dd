use mcp_content::Content;

// One mistake, one error: `city` is used by the broken template, so it is not also
// reported as a field that is not placed.
#[derive(Content)]
struct Forecast {
    #[content(resource(uri = "weather://{city/raw.json"))]
    raw: String,
    city: String,
}

fn main() {}
