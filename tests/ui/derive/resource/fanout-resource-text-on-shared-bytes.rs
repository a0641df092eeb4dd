use mcp_content::Content;

#[derive(Content)]
struct Dump {
    #[content(resource(uri = "mem:///dump", text))]
    dump: bytes::Bytes,
}

fn main() {}
