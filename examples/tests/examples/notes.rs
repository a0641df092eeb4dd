//! Files under a root end to end: the `notes` example serves a directory's notes over stdio;
//! a note reads, and a symlink inside the directory to a file or a directory outside it is
//! refused with `-32602` naming the path, as is `..` in the URI.

#![cfg(unix)]

use std::os::unix::fs::symlink;
use std::path::PathBuf;

use serde_json::json;

use crate::common::StdioServer;

/// `<tmp>/…/notes` with `todo.md`, `2026/june.md` and links out, beside `outside/secret.md`.
struct Tree(PathBuf);

impl Tree {
    fn new() -> Self {
        let base =
            std::env::temp_dir().join(format!("mcp-content-notes-example-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("notes/2026")).unwrap();
        std::fs::create_dir_all(base.join("outside")).unwrap();
        std::fs::write(base.join("notes/todo.md"), "- ship it").unwrap();
        std::fs::write(base.join("notes/2026/june.md"), "# June").unwrap();
        std::fs::write(base.join("outside/secret.md"), "the secret").unwrap();
        symlink(base.join("outside/secret.md"), base.join("notes/secret.md")).unwrap();
        symlink(base.join("outside"), base.join("notes/shared")).unwrap();
        Self(base)
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn notes_read_under_the_root_and_links_out_are_refused() {
    let tree = Tree::new();
    let notes = tree.0.join("notes");
    let mut client = StdioServer::start(env!("CARGO_BIN_EXE_notes"), &[notes.to_str().unwrap()]);
    client.initialize("2025-11-25", &json!({}), "notes-test");

    let read = client.request("resources/read", &json!({ "uri": "file:///notes/todo.md" }));
    assert_eq!(read["contents"][0]["text"], "- ship it", "{read}");
    let read = client.request(
        "resources/read",
        &json!({ "uri": "file:///notes/2026/june.md" }),
    );
    assert_eq!(read["contents"][0]["text"], "# June", "{read}");

    for (id, uri, says) in [
        (101, "file:///notes/secret.md", "secret.md: refused"),
        (
            102,
            "file:///notes/shared/secret.md",
            "shared/secret.md: refused",
        ),
        (103, "file:///notes/../outside/secret.md", "refused"),
    ] {
        let refused = client.exchange(id, "resources/read", &json!({ "uri": uri }));
        assert_eq!(refused["error"]["code"], -32602, "{uri}: {refused}");
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{uri}: {message}");
        assert!(!refused.to_string().contains("the secret"), "{refused}");
    }
}
