//! Payload budgets: a `radar` tool whose image is larger than the router's 256 KiB budget
//! goes out as a `resource_link` the client reads when it wants the bytes; a `thumbnail`
//! under the budget stays inline. Over stdio.
//!
//! Run it with `cargo run -p mcp-content-examples --bin radar`;
//! `examples/tests/examples/radar.rs` drives it as a client would.

use mcp_content::{Content, Router, router, rules, tool};

/// A radar image: `size` bytes of a deterministic pattern standing in for a PNG.
#[derive(Content)]
pub struct Radar {
    #[content(text)]
    caption: String,
    #[content(image(mime = "image/png"))]
    png: Vec<u8>,
}

fn pattern(size: usize) -> Vec<u8> {
    (0..size)
        .map(|i| u8::try_from(i % 251).unwrap_or(0))
        .collect()
}

/// The rain radar for the region, full size (`size` bytes).
#[tool]
fn radar(size: u32) -> Radar {
    Radar {
        caption: "Rain radar".into(),
        png: pattern(size as usize),
    }
}

/// A 1 KiB thumbnail of the radar.
#[tool]
fn thumbnail() -> Radar {
    Radar {
        caption: "Thumbnail".into(),
        png: pattern(1024),
    }
}

fn server() -> Router {
    router! { tools: [radar, thumbnail] }
        .info("radar", env!("CARGO_PKG_VERSION"))
        .max_inline(rules::parse_byte_size("256KiB").expect("a byte size literal"))
        .build()
        .expect("tool names are unique")
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    mcp_content::rmcp::serve_stdio(server()).await
}
