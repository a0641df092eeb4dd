//! The front's placeholders for large base64: taken only from large images, audio and
//! blobs, and put back exactly where they stood.

use super::*;
use crate::model::{ImageContent, MimeType};
use crate::rmcp::RmcpModel;
use crate::rules::ProtocolVersion;

fn picture(bytes: &[u8]) -> crate::CallToolResult {
    let image = ImageContent::new(bytes.to_vec(), MimeType::new("image/png").unwrap()).unwrap();
    crate::CallToolResult::new(vec!["caption".into(), image.into()])
}

/// What rmcp writes for `result` (the JSON of its model, as its service writes it).
fn written(result: crate::CallToolResult) -> Vec<u8> {
    let theirs = result.into_rmcp_for(ProtocolVersion::LATEST).unwrap();
    serde_json::to_vec(&theirs).unwrap()
}

fn bytes(n: usize) -> Vec<u8> {
    (0..n).map(|i| u8::try_from(i % 251).unwrap()).collect()
}

#[test]
fn a_large_image_is_put_back_into_the_bytes_rmcp_would_have_written() {
    let image = bytes(10_000);
    let expected = written(picture(&image));
    let splices = Splices::new();
    let mut result = picture(&image);
    splices.take_from(&mut result);
    assert!(!splices.is_empty());
    let with_placeholder = written(result);
    assert!(with_placeholder.len() < 1000, "the placeholder is short");
    let put_back: Vec<u8> = splices.splice(Bytes::from(with_placeholder)).concat();
    assert_eq!(put_back, expected);
}

#[test]
fn a_small_image_is_left_to_rmcp() {
    let splices = Splices::new();
    let mut small = picture(&bytes(100));
    splices.take_from(&mut small);
    assert!(splices.is_empty());
    assert_eq!(small, picture(&bytes(100)));
}

#[test]
fn a_body_without_the_placeholders_is_left_as_it_is() {
    let splices = Splices::new();
    splices.take_from(&mut picture(&bytes(10_000)));
    let body = Bytes::from_static(br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32603}}"#);
    assert_eq!(splices.splice(body.clone()), vec![body]);
}

#[tokio::test]
async fn a_json_answer_keeps_its_exact_length_and_an_event_stream_is_put_back_per_event() {
    let image = bytes(6000);
    let splices = Splices::new();
    let mut result = picture(&image);
    splices.take_from(&mut result);
    let with_placeholder = String::from_utf8(written(result)).unwrap();
    let response = http::Response::builder()
        .header(header::CONTENT_TYPE, "application/json")
        .body(http_body_util::Full::new(Bytes::from(with_placeholder.clone())).boxed())
        .unwrap();
    let response = Arc::clone(&splices).put_back(response).await;
    let expected = written(picture(&image));
    assert_eq!(
        response.body().size_hint().exact(),
        Some(expected.len() as u64)
    );
    let Ok(body) = response.into_body().collect().await;
    assert_eq!(body.to_bytes(), expected);

    let event = format!("data: {with_placeholder}\n\n");
    let response = http::Response::builder()
        .header(header::CONTENT_TYPE, "text/event-stream")
        .body(http_body_util::Full::new(Bytes::from(event)).boxed())
        .unwrap();
    let response = splices.put_back(response).await;
    let Ok(body) = response.into_body().collect().await;
    let mut expected_event = b"data: ".to_vec();
    expected_event.extend_from_slice(&expected);
    expected_event.extend_from_slice(b"\n\n");
    assert_eq!(body.to_bytes(), expected_event);
}
