use mcp_content::Content;

mod mime {
    pub const PNG: &str = "image/png";
}

#[derive(Content)]
struct S {
    #[content(image(mime = mime::PNG))]
    chart: Vec<u8>,
}

fn main() {}
