//! Payload budgets end to end: a client session over stdio gets a link for the large image,
//! reads the link and gets the same bytes; the small image stays inline; a `FromContent`
//! type reads the result through the link.

use std::sync::Mutex;

use mcp_content::convert::payload_links::read_following_links;
use mcp_content::model::ReadResourceResult;
use mcp_content::wire::read_value;
use mcp_content::{CallToolResult, Content, ReadError};
use serde_json::json;

use crate::common::StdioServer;

/// The radar example over stdio, initialized.
fn start() -> StdioServer {
    let mut client = StdioServer::start(env!("CARGO_BIN_EXE_radar"), &[]);
    client.initialize("2025-11-25", &json!({}), "radar-test");
    client
}

fn pattern(size: usize) -> Vec<u8> {
    (0..size)
        .map(|i| u8::try_from(i % 251).unwrap_or(0))
        .collect()
}

#[derive(Content, Debug)]
struct Radar {
    #[content(text)]
    caption: String,
    #[content(image(mime = "image/png"))]
    png: Vec<u8>,
}

#[test]
fn a_large_image_is_a_link_that_reads_back_the_same_bytes() {
    let mut client = start();
    let size = 1_000_000;
    let call = client.request(
        "tools/call",
        &json!({ "name": "radar", "arguments": { "size": size } }),
    );
    let link = &call["content"][1];
    assert_eq!(link["type"], "resource_link", "{call}");
    assert_eq!(link["size"], size);
    assert_eq!(link["mimeType"], "image/png");
    assert!(
        link["uri"]
            .as_str()
            .unwrap()
            .starts_with("mcp-payload://blob/")
    );
    assert_eq!(call["content"][0]["text"], "Rain radar");

    let read = client.request("resources/read", &json!({ "uri": link["uri"] }));
    let contents = &read["contents"][0];
    assert_eq!(contents["mimeType"], "image/png");
    let read: ReadResourceResult = read_value(read.clone()).unwrap();
    let mcp_content::model::ResourceContents::Blob(blob) = &read.contents[0] else {
        panic!("{contents}")
    };
    assert_eq!(blob.blob.to_bytes().unwrap(), pattern(size));

    // A derived type reads the result through the link, with the session as its reader.
    let result: CallToolResult = read_value(call).unwrap();
    let session = Mutex::new(client);
    let reader = |uri: &str| -> Result<ReadResourceResult, ReadError> {
        let read = session
            .lock()
            .unwrap()
            .request("resources/read", &json!({ "uri": uri }));
        read_value(read)
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let radar: Radar = runtime
        .block_on(read_following_links(&result, &reader))
        .unwrap();
    assert_eq!(radar.caption, "Rain radar");
    assert_eq!(radar.png, pattern(size));
}

#[test]
fn a_small_image_stays_inline() {
    let mut client = start();
    let call = client.request(
        "tools/call",
        &json!({ "name": "thumbnail", "arguments": {} }),
    );
    assert_eq!(call["content"][1]["type"], "image", "{call}");
    let below = client.request(
        "tools/call",
        &json!({ "name": "radar", "arguments": { "size": 262_144 } }),
    );
    assert_eq!(
        below["content"][1]["type"], "image",
        "exactly the budget stays inline"
    );
}
