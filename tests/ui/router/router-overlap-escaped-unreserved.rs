// `x://h/%7E{a}` and `x://h/~{b}`: an escaped unreserved character is the character
// (RFC 3986 section 6.2.2.2), so one error naming both.

use mcp_content::{resource, router};

/// Under the escaped tilde.
#[resource(uri = "x://h/%7E{a}")]
fn first(a: String) -> String {
    a
}

/// Under the tilde.
#[resource(uri = "x://h/~{b}")]
fn second(b: String) -> String {
    b
}

fn main() {
    let _ = router! { resources: [first, second] };
}
