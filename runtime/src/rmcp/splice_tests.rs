//! The front's placeholders for large base64: taken only where JSON writes the string as it
//! is, and put back exactly where they stood.

use super::*;

fn image(data: &str) -> rm::CallToolResult {
    rm::CallToolResult::success(vec![
        rm::ContentBlock::text("caption"),
        rm::ContentBlock::image(data, "image/png"),
    ])
}

#[test]
fn a_large_image_is_put_back_into_the_bytes_rmcp_would_have_written() {
    let base64 = "iVBORw0KGgo+/=".repeat(1000);
    let expected = serde_json::to_vec(&image(&base64)).unwrap();
    let splices = Splices::new();
    let mut result = image(&base64);
    splices.take_from(&mut result);
    assert!(!splices.is_empty());
    let written = serde_json::to_vec(&result).unwrap();
    assert!(written.len() < 1000, "the placeholder is short");
    let spliced: Vec<u8> = splices.splice(Bytes::from(written)).concat();
    assert_eq!(spliced, expected);
}

#[test]
fn small_strings_and_strings_json_escapes_are_left_to_rmcp() {
    let splices = Splices::new();
    let mut small = image("iVBORw0KGgo=");
    splices.take_from(&mut small);
    let mut escaped = image(&format!("{}\"\\\n", "A".repeat(8192)));
    splices.take_from(&mut escaped);
    assert!(splices.is_empty());
}

#[test]
fn a_body_without_the_placeholders_is_left_as_it_is() {
    let splices = Splices::new();
    splices.take_from(&mut image(&"A".repeat(8192)));
    let body = Bytes::from_static(br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32603}}"#);
    assert_eq!(splices.splice(body.clone()), vec![body]);
}

#[tokio::test]
async fn a_json_answer_keeps_its_exact_length_and_an_event_stream_is_put_back_per_event() {
    let base64 = "QUJD".repeat(2048);
    let splices = Splices::new();
    let mut result = image(&base64);
    splices.take_from(&mut result);
    let written = serde_json::to_string(&result).unwrap();
    let response = http::Response::builder()
        .header(header::CONTENT_TYPE, "application/json")
        .body(http_body_util::Full::new(Bytes::from(written.clone())).boxed())
        .unwrap();
    let response = Arc::clone(&splices).put_back(response).await;
    let expected = serde_json::to_vec(&image(&base64)).unwrap();
    assert_eq!(
        response.body().size_hint().exact(),
        Some(expected.len() as u64)
    );
    let Ok(body) = response.into_body().collect().await;
    assert_eq!(body.to_bytes(), expected);

    let event = format!("data: {written}\n\n");
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
