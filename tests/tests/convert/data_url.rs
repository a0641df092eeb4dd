//! `data:` URLs (RFC 2397): both ways for images, audio and blob resources; parameters,
//! non-base64 payloads, and malformed URLs rejected with the rule they break.

use mcp_content::convert::data_url::DataUrl;
use mcp_content::model::{
    AudioContent, Base64Data, BlobResourceContents, ImageContent, MimeType, Uri,
};
use mcp_content::rules::Rule;

fn mime(text: &str) -> MimeType {
    MimeType::new(text).unwrap()
}

#[test]
fn image_round_trip() {
    let image = ImageContent::new(vec![0x89, b'P', b'N', b'G'], mime("image/png")).unwrap();
    let url = DataUrl::from_image(&image).to_string();
    assert_eq!(url, "data:image/png;base64,iVBORw==");
    let back = DataUrl::parse(&url).unwrap().into_image().unwrap();
    assert_eq!(back, image);
}

#[test]
fn audio_round_trip() {
    let audio = AudioContent::new(b"RIFF".to_vec(), mime("audio/wav")).unwrap();
    let url = DataUrl::from_audio(&audio).to_string();
    assert_eq!(url, "data:audio/wav;base64,UklGRg==");
    assert_eq!(DataUrl::parse(&url).unwrap().into_audio().unwrap(), audio);
}

#[test]
fn blob_round_trip_with_and_without_mime_type() {
    let uri = Uri::new("file:///report.pdf").unwrap();
    let mut blob = BlobResourceContents::new(uri.clone(), b"%PDF".to_vec());
    blob.mime_type = Some(mime("application/pdf"));
    let url = DataUrl::from_blob(&blob).to_string();
    assert_eq!(url, "data:application/pdf;base64,JVBERg==");
    assert_eq!(DataUrl::parse(&url).unwrap().into_blob(uri.clone()), blob);

    // No MIME type: written as application/octet-stream.
    let untyped = BlobResourceContents::new(uri.clone(), vec![1, 2, 3]);
    let url = DataUrl::from_blob(&untyped).to_string();
    assert_eq!(url, "data:application/octet-stream;base64,AQID");
    let back = DataUrl::parse(&url).unwrap().into_blob(uri);
    assert_eq!(back.mime_type.unwrap(), "application/octet-stream");
    assert_eq!(back.blob, untyped.blob);
}

#[test]
fn payload_read_from_the_wire_is_written_as_received() {
    let data = Base64Data::from_base64("aGVsbG8=").unwrap();
    assert_eq!(
        DataUrl::encode(&mime("text/plain"), &data),
        "data:text/plain;base64,aGVsbG8="
    );
}

#[test]
fn empty_payload() {
    let url = DataUrl::new(mime("image/png"), Vec::new());
    assert_eq!(url.to_string(), "data:image/png;base64,");
    assert!(
        DataUrl::parse("data:image/png;base64,")
            .unwrap()
            .data
            .is_empty()
    );
}

#[test]
fn parameters_are_kept() {
    let url = DataUrl::parse("data:text/plain;charset=utf-8;base64,aMOp").unwrap();
    assert_eq!(url.mime_type, "text/plain;charset=utf-8");
    assert_eq!(url.data.to_bytes().unwrap(), "hé".as_bytes());
    assert_eq!(url.to_string(), "data:text/plain;charset=utf-8;base64,aMOp");

    let url = DataUrl::parse("data:text/csv;charset=utf-8;header=present,a,b").unwrap();
    assert_eq!(url.mime_type, "text/csv;charset=utf-8;header=present");
    assert_eq!(url.data.to_bytes().unwrap(), b"a,b");
}

#[test]
fn mime_whitespace_is_dropped_and_special_characters_are_percent_encoded() {
    let written = DataUrl::new(mime("text/plain; charset=utf-8"), b"x".to_vec()).to_string();
    assert_eq!(written, "data:text/plain;charset=utf-8;base64,eA==");
    let quoted = DataUrl::new(mime("text/plain; name=\"a,b #1\""), b"x".to_vec()).to_string();
    assert_eq!(
        quoted,
        "data:text/plain;name=%22a%2Cb%20%231%22;base64,eA=="
    );
    assert_eq!(
        DataUrl::parse(&quoted).unwrap().mime_type,
        "text/plain;name=\"a,b #1\""
    );
}

#[test]
fn without_base64_the_payload_is_percent_decoded_not_rejected() {
    let url = DataUrl::parse("data:text/plain,hello%20world%21").unwrap();
    assert_eq!(url.data.to_bytes().unwrap(), b"hello world!");
    assert_eq!(url.mime_type, "text/plain");
    // Written back as base64.
    assert_eq!(url.to_string(), "data:text/plain;base64,aGVsbG8gd29ybGQh");

    // Raw bytes beyond ASCII and characters base64 would refuse are fine here.
    let url = DataUrl::parse("data:,a b=c%FF").unwrap();
    assert_eq!(url.data.to_bytes().unwrap(), b"a b=c\xff");
}

#[test]
fn empty_media_type_is_the_rfc_2397_default() {
    let url = DataUrl::parse("data:,x").unwrap();
    assert_eq!(url.mime_type, "text/plain;charset=US-ASCII");
    let url = DataUrl::parse("data:;charset=utf-8,x").unwrap();
    assert_eq!(url.mime_type, "text/plain;charset=utf-8");
    let url = DataUrl::parse("data:;base64,eA==").unwrap();
    assert_eq!(url.mime_type, "text/plain;charset=US-ASCII");
}

#[test]
fn scheme_and_base64_marker_are_case_insensitive() {
    let url = DataUrl::parse("DaTa:image/png;BaSe64,cG5n").unwrap();
    assert_eq!(url.data.to_bytes().unwrap(), b"png");
}

#[test]
fn percent_encoded_base64_is_decoded_before_the_check() {
    let url = DataUrl::parse("data:application/octet-stream;base64,%2B%2F8%3D").unwrap();
    assert_eq!(url.data.to_bytes().unwrap(), [0xfb, 0xff]);
}

fn rejected(url: &str) -> (Rule, String) {
    let err = DataUrl::parse(url).unwrap_err();
    (err.rule, err.to_string())
}

#[test]
fn malformed_urls_are_rejected_with_the_rule_they_break() {
    // Shape of the URL: rule `uri`.
    let (rule, message) = rejected("https://example.com/a.png");
    assert_eq!(rule, Rule::Uri);
    assert!(message.contains("does not start with `data:`"), "{message}");
    assert!(message.ends_with("(rule: uri)"), "{message}");

    let (rule, message) = rejected("data:image/png;base64");
    assert_eq!(rule, Rule::Uri);
    assert!(message.contains("no `,`"), "{message}");

    let (rule, message) = rejected("data:text/plain,100%");
    assert_eq!(rule, Rule::Uri);
    assert!(
        message.contains("invalid percent-escape \"%\" at byte 3"),
        "{message}"
    );
    assert_eq!(rejected("data:text/plain,%zz").0, Rule::Uri);
    assert_eq!(rejected("data:text/pl%ain,x").0, Rule::Uri);
    assert_eq!(rejected("").0, Rule::Uri);
    assert_eq!(rejected("dat").0, Rule::Uri);
    assert_eq!(rejected("é").0, Rule::Uri);

    // The media type: rule `mime-type`.
    let (rule, message) = rejected("data:png;base64,cG5n");
    assert_eq!(rule, Rule::MimeType);
    assert!(
        message.starts_with("data URL media type: invalid MIME type \"png\""),
        "{message}"
    );
    assert_eq!(rejected("data:image/png;charset,x").0, Rule::MimeType);
    assert_eq!(rejected("data:image/;base64,cG5n").0, Rule::MimeType);

    // The base64 payload: rule `base64`, with the offending byte.
    let (rule, message) = rejected("data:image/png;base64,cG5n!");
    assert_eq!(rule, Rule::Base64);
    assert!(
        message.starts_with("data URL payload: not base64"),
        "{message}"
    );
    let (rule, message) = rejected("data:image/png;base64,cG 5n");
    assert_eq!(rule, Rule::Base64);
    assert!(message.contains("' ' at byte 2"), "{message}");
    assert_eq!(rejected("data:image/png;base64,cG5").0, Rule::Base64); // missing padding
    assert_eq!(rejected("data:image/png;base64,-_-_").0, Rule::Base64); // URL-safe alphabet
}

#[test]
fn blocks_check_the_media_kind() {
    let err = DataUrl::parse("data:audio/wav;base64,eA==")
        .unwrap()
        .into_image()
        .unwrap_err();
    assert_eq!(err.rule, Rule::MimeKind);
    let err = DataUrl::parse("data:image/png;base64,eA==")
        .unwrap()
        .into_audio()
        .unwrap_err();
    assert_eq!(err.rule, Rule::MimeKind);
}

#[test]
fn from_str_parses() {
    let url: DataUrl = "data:image/gif;base64,R0lG".parse().unwrap();
    assert_eq!(url.mime_type, "image/gif");
}

#[test]
fn large_payload_round_trips() {
    let bytes: Vec<u8> = (0..100_000u32)
        .map(|i| u8::try_from(i % 251).unwrap())
        .collect();
    let url = DataUrl::new(mime("application/octet-stream"), bytes.clone()).to_string();
    assert_eq!(
        DataUrl::parse(&url).unwrap().data.to_bytes().unwrap(),
        bytes
    );
}
