use mcp_content::Content;

// `any_mime` relaxes a literal `mime` on read: a resource without `mime` already reads any type.
#[derive(Content)]
struct Report {
    #[content(resource(uri = "file:///report.csv", text, any_mime))]
    table: String,
}

fn main() {}
