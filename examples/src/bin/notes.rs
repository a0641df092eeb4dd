//! Files under a root: a `file:///notes/{+path}` resource template serving the Markdown notes
//! of one directory, read through `files::Root`. The router refuses `..` and encoded
//! slashes in the URI; `Root` refuses what the URI cannot show, a symlink inside the
//! directory that leads out of it (to a file or a directory), whenever it was made. Over
//! stdio.
//!
//! Run it with `cargo run -p mcp-content-examples --bin notes -- <directory>`;
//! `examples/tests/examples/notes.rs` drives it as a client would.

use std::sync::OnceLock;

use mcp_content::files::Root;
use mcp_content::handler::ProtocolError;
use mcp_content::{Router, resource, router};

/// The notes directory, opened once at start-up: every read resolves beneath this handle.
static NOTES: OnceLock<Root> = OnceLock::new();

/// A note from the notes directory (`path` may hold `/`: `2026/june.md`).
#[resource(uri = "file:///notes/{+path}", mime = "text/markdown")]
fn note(path: String) -> Result<String, ProtocolError> {
    let root = NOTES
        .get()
        .ok_or_else(|| ProtocolError::internal("no notes directory"))?;
    // A path that leads out (`..`, absolute, a symlink to elsewhere) is `-32602`, naming it.
    Ok(root.read_to_string(&path)?)
}

fn server() -> Router {
    router! { resources: [note] }
        .info("notes", env!("CARGO_PKG_VERSION"))
        .build()
        .expect("one resource template")
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let dir = std::env::args_os().nth(1).unwrap_or_else(|| ".".into());
    NOTES
        .set(Root::open(&dir)?)
        .expect("set once, before serving");
    mcp_content::rmcp::serve_stdio(server()).await
}
