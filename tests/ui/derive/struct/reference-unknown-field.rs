use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(image(mime = mime_typ))]
    chart: Vec<u8>,
    mime_type: mcp_content::model::MimeType,
}

fn main() {}
