// 2^64 bytes does not fit a link's `size` (a `u64`): the rule says so, not syn's "number too
// large to fit in target type".

use mcp_content::{Content, model::Uri};

#[derive(Content)]
struct Report {
    #[content(link(size = 18446744073709551616))]
    report: Uri,
}

fn main() {}
