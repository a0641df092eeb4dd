//! decode-small N times on one path, for instruction counts that do not depend on the load of
//! a shared machine (issue 13). Run it under callgrind with two values of N and subtract, so
//! start-up and the fixture cost cancel:
//!
//! ```text
//! cargo build -p mcp-content-benches --release --bin decode-count
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/decode-count mcp-content 20000
//! ```
//!
//! Paths: `mcp-content`, `rmcp`, `serde_json` (the three of the criterion group `decode-small`,
//! reading the same bytes: this framework's encode-small output).

use std::hint::black_box;

use mcp_content_benches::{SMALL_TEXT, by_hand, ours, theirs};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("a path: mcp-content, rmcp or serde_json");
    let n: usize = args
        .next()
        .expect("a count")
        .parse()
        .expect("a count is a number");
    let json = ours::encode_small(SMALL_TEXT);
    let mut total = 0usize;
    match path.as_str() {
        "mcp-content" => {
            for _ in 0..n {
                total += ours::decode_small(black_box(&json))
                    .expect("reads")
                    .text
                    .len();
            }
        }
        "rmcp" => {
            for _ in 0..n {
                total += theirs::decode_small(black_box(&json)).expect("reads").len();
            }
        }
        "serde_json" => {
            for _ in 0..n {
                total += by_hand::decode_small(black_box(&json))
                    .expect("reads")
                    .len();
            }
        }
        other => panic!("unknown path {other}"),
    }
    assert_eq!(total, n * SMALL_TEXT.len());
}
