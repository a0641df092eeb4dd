use mcp_content::{Content, model::MimeType};

#[derive(Content)]
#[content(annotations(priority = 1.5), meta("io.modelcontextprotocol/x" = 1))]
struct Report {
    #[content(txt)]
    summary: String,
    #[content(image(mime = "text/png"))]
    chart: Vec<u8>,
    #[content(audio(mime = kindd))]
    clip: Vec<u8>,
    kind: MimeType,
    #[content(resource(uri = "file:///{nam", text))]
    raw: String,
    name: String,
    #[content(text, annotations(audience = ["robot"], last_modified = "yesterday"))]
    details: String,
    #[content(link(size = -3, title = f64::NAN))]
    href: mcp_content::model::Uri,
    #[content(text)]
    bytes: Vec<u8>,
    #[content(meta = "bad key!")]
    note: String,
}

fn main() {}
