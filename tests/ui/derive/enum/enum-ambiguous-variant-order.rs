use mcp_content::Content;

#[derive(Content)]
enum Answer {
    Lines {
        #[content(text)]
        lines: Vec<String>,
    },
    Summary(#[content(text)] String), // `Lines` comes first and reads one text block too
}

fn main() {}
