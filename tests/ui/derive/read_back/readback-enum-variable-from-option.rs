use mcp_content::Content;

#[derive(Content)]
enum Export {
    File {
        #[content(resource(uri = "exports:///{folder}/data.csv"))]
        data: String,
        folder: Option<String>,
    },
}

fn main() {}
