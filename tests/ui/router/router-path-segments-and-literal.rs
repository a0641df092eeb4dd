// `tree://root{/a,b}` matches `tree://root/x/y` (a = "x", b = "y"): one error naming both.

use mcp_content::{resource, router};

/// Two path segments.
#[resource(uri = "tree://root{/a,b}")]
fn two_segments(a: String, b: String) -> String {
    format!("{a}{b}")
}

/// One pair of segments, served apart.
#[resource(uri = "tree://root/x/y")]
fn fixed() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [two_segments, fixed] };
}
