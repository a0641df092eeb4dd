#![deny(warnings)] // the macros give the user no warning
/// A crate that re-exports the runtime under its own path, as a framework built on
/// mcp-content would.
mod framework {
    pub use mcp_content as mcp;
}

use framework::mcp::{Content, IntoContent};

/// `crate = "…"`: generated code reaches the runtime through that path.
#[derive(Content)]
#[content(crate = "framework::mcp")]
struct Renamed {
    #[content(text)]
    summary: String,
}

fn main() {
    let _ = Renamed { summary: "s".into() }.into_content();
}
