use mcp_content::Content;

#[derive(Content)]
enum E {
    A {
        #[content(text, annotations(priority = p))]
        body: String,
        p: u8,
    },
}

fn main() {}
