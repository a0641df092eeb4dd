use mcp_content::Content;

#[derive(serde::Serialize)]
struct Point {
    x: i32,
}

#[derive(Content)]
struct Report {
    #[content(text(json))]
    point: Point,
}

fn main() {}
