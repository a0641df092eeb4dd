// `meta(…)` may be split over several attributes; one key written twice would keep only the
// last value.

use mcp_content::Content;

#[derive(Content)]
#[content(meta("com.example/source" = "api"))]
#[content(meta("com.example/source" = "cache"))]
struct Report {
    #[content(text)]
    summary: String,
}

fn main() {}
