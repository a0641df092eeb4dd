//! Files under a root stay under it: `files::Root` refuses `..`, absolute paths and
//! symlinks that lead out (to a file or a directory), and a file swapped for such a link
//! after its path passed the lexical check is refused too (the open is the check). Through
//! the router, a `file:` template reading with `Root` answers `-32602` naming the path.

#![cfg(unix)]

use std::os::unix::fs::symlink;
use std::path::PathBuf;

use mcp_content::files::{FileError, Root};
use mcp_content::handler::ProtocolError;
use mcp_content::model::Meta;
use mcp_content::{Context, ProtocolVersion, Router, resource};

/// `<tmp>/<name>/root` with `notes/todo.md` and a link inside it to it, and
/// `<tmp>/<name>/outside/secret.txt` beside the root.
struct Tree {
    base: PathBuf,
}

impl Tree {
    fn new(name: &str) -> Self {
        let base = std::env::temp_dir().join(format!(
            "mcp-content-attack-roots-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("root/notes")).unwrap();
        std::fs::create_dir_all(base.join("outside")).unwrap();
        std::fs::write(base.join("root/notes/todo.md"), "- ship it").unwrap();
        std::fs::write(base.join("outside/secret.txt"), "the secret").unwrap();
        symlink("notes/todo.md", base.join("root/inside-link.md")).unwrap();
        Self { base }
    }

    fn root(&self) -> PathBuf {
        self.base.join("root")
    }

    fn outside(&self) -> PathBuf {
        self.base.join("outside")
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.base);
    }
}

fn assert_escapes(result: Result<String, FileError>, path: &str) {
    match result {
        Err(error @ FileError::Escapes { .. }) => {
            let message = error.to_string();
            assert!(
                message.starts_with(&format!("{path}: refused")),
                "{message}"
            );
        }
        other => panic!("{path}: not refused as an escape: {other:?}"),
    }
}

#[test]
fn files_inside_the_root_read_and_links_that_stay_inside_are_followed() {
    let tree = Tree::new("inside");
    let root = Root::open(tree.root()).unwrap();
    assert_eq!(root.read_to_string("notes/todo.md").unwrap(), "- ship it");
    assert_eq!(root.read_to_string("inside-link.md").unwrap(), "- ship it");
    assert_eq!(root.read("notes/./todo.md").unwrap(), b"- ship it");
    assert!(matches!(
        root.read_to_string("notes/missing.md"),
        Err(FileError::NotFound { .. })
    ));
}

#[test]
fn a_symlink_to_a_file_outside_is_refused() {
    let tree = Tree::new("file-link");
    symlink(
        tree.outside().join("secret.txt"),
        tree.root().join("notes/secret.txt"),
    )
    .unwrap();
    // A relative link that climbs out is the same escape.
    symlink(
        "../../outside/secret.txt",
        tree.root().join("notes/relative.txt"),
    )
    .unwrap();
    let root = Root::open(tree.root()).unwrap();
    assert_escapes(root.read_to_string("notes/secret.txt"), "notes/secret.txt");
    assert_escapes(
        root.read_to_string("notes/relative.txt"),
        "notes/relative.txt",
    );
    assert!(matches!(
        root.open_file("notes/secret.txt"),
        Err(FileError::Escapes { .. })
    ));
}

#[test]
fn a_symlink_to_a_directory_outside_is_refused() {
    let tree = Tree::new("dir-link");
    symlink(tree.outside(), tree.root().join("shared")).unwrap();
    let root = Root::open(tree.root()).unwrap();
    assert_escapes(
        root.read_to_string("shared/secret.txt"),
        "shared/secret.txt",
    );
    assert_escapes(
        root.read_to_string("shared/../outside/secret.txt"),
        "shared/../outside/secret.txt",
    );
}

#[test]
fn dot_dot_and_absolute_paths_are_refused() {
    let tree = Tree::new("dot-dot");
    let root = Root::open(tree.root()).unwrap();
    for path in [
        "../outside/secret.txt",
        "notes/../../outside/secret.txt",
        "..",
    ] {
        assert!(
            matches!(root.read(path), Err(FileError::Escapes { .. })),
            "{path}"
        );
    }
    let absolute = tree.outside().join("secret.txt");
    assert!(
        matches!(root.read(&absolute), Err(FileError::Escapes { .. })),
        "{absolute:?}"
    );
    // `..` that stays inside is fine.
    assert_eq!(
        root.read_to_string("notes/../notes/todo.md").unwrap(),
        "- ship it"
    );
}

#[test]
fn a_file_swapped_for_a_link_after_its_path_was_checked_is_refused() {
    let tree = Tree::new("swap");
    std::fs::write(tree.root().join("notes/report.txt"), "the report").unwrap();
    let root = Root::open(tree.root()).unwrap();
    // The path passes every lexical check, and it is a plain file when checked.
    let path = "notes/report.txt";
    assert!(!mcp_content::rules::is_path_traversal_multi_segment(path));
    assert!(
        std::fs::symlink_metadata(tree.root().join(path))
            .unwrap()
            .is_file()
    );
    // Between the check and the open, an attacker swaps it for a link to the secret.
    let swapped = tree.root().join(path);
    std::fs::remove_file(&swapped).unwrap();
    symlink(tree.outside().join("secret.txt"), &swapped).unwrap();
    // The open resolves beneath the root's handle: the swap leads nowhere.
    assert_escapes(root.read_to_string(path), path);
    // And a directory on the path swapped for a link: the same.
    std::fs::rename(tree.root().join("notes"), tree.base.join("notes-moved")).unwrap();
    symlink(tree.outside(), tree.root().join("notes")).unwrap();
    assert_escapes(root.read_to_string("notes/secret.txt"), "notes/secret.txt");
}

static NOTES: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// A note, read under the notes root.
#[resource(uri = "file:///notes/{+path}", mime = "text/plain")]
fn note(path: String) -> Result<String, ProtocolError> {
    let root = Root::open(NOTES.get().expect("set by the test"))?;
    Ok(root.read_to_string(&path)?)
}

#[tokio::test]
async fn a_file_template_reading_through_root_refuses_a_link_out_with_invalid_params() {
    let tree = Tree::new("router");
    symlink(tree.outside(), tree.root().join("notes/shared")).unwrap();
    NOTES.set(tree.root().join("notes")).unwrap();
    let router = Router::builder().resource(note {}).build().unwrap();
    let context = || Context::new(Meta::new(), ProtocolVersion::LATEST);
    // The URI passes the router's lexical guard; the filesystem does not.
    let refused = router
        .read_resource("file:///notes/shared/secret.txt", context())
        .await
        .unwrap_err();
    assert_eq!(refused.code, ProtocolError::INVALID_PARAMS, "{refused:?}");
    assert!(
        refused.message.contains("shared/secret.txt: refused"),
        "{}",
        refused.message
    );
    let read = router
        .read_resource("file:///notes/todo.md", context())
        .await
        .unwrap();
    let text = serde_json::to_value(&read.contents[0]).unwrap();
    assert_eq!(text["text"], "- ship it");
}
