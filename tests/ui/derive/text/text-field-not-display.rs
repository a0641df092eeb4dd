use mcp_content::Content;

struct Point {
    x: i32,
}

#[derive(Content)]
#[content(write_only)]
struct Report {
    #[content(text)]
    point: Point,
}

fn main() {}
