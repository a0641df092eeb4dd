use mcp_content::Content;

#[derive(Content)]
enum Outcome {
    #[content(meta("example.com/code" = code), annotations(priorty = 0.5))]
    Failed {
        #[content(text)]
        reason: String,
        code: u32,
    },
}

fn main() {}
