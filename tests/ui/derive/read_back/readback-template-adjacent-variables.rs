use mcp_content::Content;

#[derive(Content)]
struct Shard {
    #[content(resource(uri = "db://shards/{region}{index}"))]
    data: String,
    region: String,
    index: u32,
}

fn main() {}
