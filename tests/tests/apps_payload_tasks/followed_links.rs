//! Following any server's `resource_link`s through the caller's own `resources/read`
//! (a fake session here): each becomes the embedded resource it points to, a URI linked
//! twice is read once, and the reads are bounded in count and bytes, the error naming the
//! block and the bound.

use std::sync::Mutex;

use mcp_content::convert::payload_links::{
    LinkBounds, follow_links, read_following_links, read_following_links_with,
};
use mcp_content::model::{
    Annotations, BlobResourceContents, MimeType, Priority, ReadResourceResult, ResourceContents,
    ResourceLink, TextResourceContents, Uri,
};
use mcp_content::{CallToolResult, Content, ContentBlock, ReadError};

fn link(uri: &str) -> ContentBlock {
    ContentBlock::from(ResourceLink::new(Uri::new(uri).unwrap(), uri))
}

/// A fake session: every `file:///<name>` reads as the text `<name>`, `file:///big/<n>` as
/// `n` bytes, `file:///empty` as no contents, `file:///gone` fails; it counts its reads.
struct Session {
    reads: Mutex<Vec<String>>,
}

impl Session {
    fn new() -> Self {
        Self {
            reads: Mutex::new(Vec::new()),
        }
    }
    fn reads(&self) -> Vec<String> {
        self.reads.lock().unwrap().clone()
    }
}

impl mcp_content::convert::payload_links::ResourceReader for Session {
    fn read_resource<'a>(
        &'a self,
        uri: &'a str,
    ) -> mcp_content::handler::BoxFuture<'a, Result<ReadResourceResult, ReadError>> {
        self.reads.lock().unwrap().push(uri.to_owned());
        let name = uri.trim_start_matches("file:///");
        let result = if name == "gone" {
            Err(ReadError::message("uri", "no such resource"))
        } else if name == "empty" {
            Ok(ReadResourceResult::new(Vec::new()))
        } else if let Some(size) = name.strip_prefix("big/") {
            let bytes = vec![7u8; size.parse().unwrap()];
            let blob = BlobResourceContents::new(Uri::new(uri).unwrap(), bytes);
            Ok(ReadResourceResult::new(vec![ResourceContents::Blob(blob)]))
        } else {
            let text = TextResourceContents::new(Uri::new(uri).unwrap(), name);
            Ok(ReadResourceResult::new(vec![ResourceContents::Text(text)]))
        };
        Box::pin(async move { result })
    }
}

fn run<T>(future: impl Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(future)
}

fn text_of(block: &ContentBlock) -> &str {
    let ContentBlock::Resource(embedded) = block else {
        panic!("not an embedded resource: {block:?}")
    };
    let ResourceContents::Text(text) = &embedded.resource else {
        panic!("not text contents")
    };
    &text.text
}

#[test]
fn every_link_becomes_the_resource_it_points_to() {
    let mut annotated = ResourceLink::new(Uri::new("file:///b").unwrap(), "b");
    annotated.mime_type = Some(MimeType::new("text/markdown").unwrap());
    annotated.annotations = Some(Annotations {
        priority: Some(Priority::new(0.5).unwrap()),
        ..Annotations::default()
    });
    let result = CallToolResult::new(vec![
        ContentBlock::text("summary"),
        link("file:///a"),
        ContentBlock::from(annotated.clone()),
    ]);
    let session = Session::new();
    let followed = run(follow_links(&result, &session, &LinkBounds::default())).unwrap();
    assert_eq!(followed.content[0], ContentBlock::text("summary"));
    assert_eq!(text_of(&followed.content[1]), "a");
    assert_eq!(text_of(&followed.content[2]), "b");
    let ContentBlock::Resource(embedded) = &followed.content[2] else {
        unreachable!()
    };
    assert_eq!(embedded.annotations, annotated.annotations);
    assert_eq!(
        embedded.resource.mime_type().map(MimeType::as_str),
        Some("text/markdown")
    );
    assert_eq!(session.reads(), ["file:///a", "file:///b"]);
}

#[test]
fn a_uri_linked_over_and_over_is_read_once() {
    // A result that links the same resources round and round: one read each.
    let blocks = (0..200)
        .map(|i| link(if i % 2 == 0 { "file:///x" } else { "file:///y" }))
        .collect();
    let session = Session::new();
    let followed = run(follow_links(
        &CallToolResult::new(blocks),
        &session,
        &LinkBounds::new(2, 1024),
    ))
    .unwrap();
    assert_eq!(followed.content.len(), 200);
    assert_eq!(session.reads(), ["file:///x", "file:///y"]);
}

#[test]
fn past_the_read_count_the_error_names_the_block_and_the_bound() {
    let blocks = (0..5).map(|i| link(&format!("file:///n{i}"))).collect();
    let session = Session::new();
    let err = run(follow_links(
        &CallToolResult::new(blocks),
        &session,
        &LinkBounds::new(3, 1 << 20),
    ))
    .unwrap_err();
    assert_eq!(err.path(), "content[3].uri");
    assert!(err.detail().contains("more than 3 resources"), "{err}");
    assert!(err.detail().contains("LinkBounds::max_reads"), "{err}");
    assert_eq!(session.reads().len(), 3);
}

#[test]
fn past_the_byte_total_the_error_names_the_block_and_the_bound() {
    let result = CallToolResult::new(vec![link("file:///big/600"), link("file:///big/500")]);
    let session = Session::new();
    let err = run(follow_links(&result, &session, &LinkBounds::new(10, 1000))).unwrap_err();
    assert_eq!(err.path(), "content[1].uri");
    assert!(err.detail().contains("more than 1000 bytes"), "{err}");
    assert!(err.detail().contains("LinkBounds::max_bytes"), "{err}");
    // Within the total, both read.
    run(follow_links(&result, &session, &LinkBounds::new(10, 1100))).unwrap();
}

#[test]
fn a_failed_or_empty_read_names_the_block() {
    let session = Session::new();
    for (uri, detail) in [
        ("file:///gone", "no such resource"),
        ("file:///empty", "no contents"),
    ] {
        let result = CallToolResult::new(vec![ContentBlock::text("t"), link(uri)]);
        let err = run(follow_links(&result, &session, &LinkBounds::default())).unwrap_err();
        assert!(err.path().starts_with("content[1]"), "{err}");
        assert!(err.detail().contains(detail), "{err}");
    }
}

/// A type that wants the resource a server may send as a link instead.
#[derive(Content, Debug, PartialEq)]
struct Report {
    #[content(resource(uri = "file:///report"))]
    body: String,
}

/// A type that wants the link itself.
#[derive(Content, Debug, PartialEq)]
struct Pointer {
    #[content(link(name = "report"))]
    target: Uri,
}

#[test]
fn a_type_reads_the_link_or_the_resource_it_points_to() {
    let named = ResourceLink::new(Uri::new("file:///report").unwrap(), "report");
    let result = CallToolResult::new(vec![ContentBlock::from(named)]);
    let session = Session::new();
    let report: Report = run(read_following_links(&result, &session)).unwrap();
    assert_eq!(report.body, "report");
    // A type that takes the link reads it as it came, with no read.
    let session = Session::new();
    let pointer: Pointer = run(read_following_links(&result, &session)).unwrap();
    assert_eq!(pointer.target.as_str(), "file:///report");
    assert!(session.reads().is_empty());
    // Past the bounds, the error names the bound.
    let err = run(read_following_links_with::<Report>(
        &result,
        &Session::new(),
        &LinkBounds::new(0, 0),
    ))
    .unwrap_err();
    assert!(err.detail().contains("LinkBounds::max_reads"), "{err}");
}
