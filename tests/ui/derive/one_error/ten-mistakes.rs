use mcp_content::Content;

#[derive(Content)]
#[content(strutured)]
#[content(annotations(priority = 2.0))]
struct Report {
    #[content(txt)]
    summary: String,
    #[content(image(mime = "text/plain"))]
    chart: Vec<u8>,
    #[content(audio)]
    clip: Vec<u8>,
    #[content(resource(uri = "weather://{cty}/raw.json"))]
    raw: String,
    #[content(text, meta("io.modelcontextprotocol/x" = 1))]
    city: String,
    #[content(text, annotations(audience = ["robot"]))]
    note: String,
    #[content(resource(mime = "text/plain"))]
    body: String,
    #[content(text, annotations(last_modified = "yesterday"))]
    stamp: String,
}

fn main() {}
