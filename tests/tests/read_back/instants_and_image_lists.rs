//! Reading back what `#[derive(Content)]` writes, at the edges of instants and image lists:
//! a `Timestamp` field read from two places is compared as an instant (`Z` and `+00:00` are
//! one instant), and two `Vec` image fields with different literal MIME types each read their
//! own blocks.

use mcp_content::model::Timestamp;
use mcp_content::{
    CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, SerializeFor,
    read_json,
};

fn json<T: IntoCallToolResult>(value: T) -> String {
    String::from_utf8(
        value
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2026_07_28),
    )
    .unwrap()
}

fn read<T: FromContent>(json: &str) -> Result<T, mcp_content::ReadError> {
    let result: CallToolResult = read_json(json.as_bytes()).unwrap();
    T::from_call_tool_result(&result)
}

/// One `lastModified` written on two blocks.
#[derive(Content, Debug, PartialEq)]
struct Dated {
    #[content(text, annotations(last_modified = changed))]
    summary: String,
    #[content(text, annotations(last_modified = changed))]
    detail: String,
    changed: Timestamp,
}

fn dated() -> Dated {
    Dated {
        summary: "s".into(),
        detail: "d".into(),
        changed: Timestamp::new("2025-01-12T15:00:58Z").unwrap(),
    }
}

#[test]
fn one_instant_in_two_spellings_reads_back() {
    let written = json(dated());
    assert_eq!(read::<Dated>(&written).unwrap(), dated());
    for second in [
        "2025-01-12T15:00:58+00:00",
        "2025-01-12T16:00:58+01:00",
        "2025-01-12T15:00:58.000Z",
    ] {
        let tampered = replace_nth(&written, "2025-01-12T15:00:58Z", 1, second);
        let read = read::<Dated>(&tampered).unwrap_or_else(|e| panic!("{second}: {e}"));
        assert_eq!(read, dated(), "{second}");
    }
}

#[test]
fn two_instants_are_refused_naming_both_places() {
    let written = json(dated());
    for second in [
        "2025-01-12T15:00:59Z",
        "2025-01-12T15:00:58+01:00",
        "2025-01-12",
    ] {
        let tampered = replace_nth(&written, "2025-01-12T15:00:58Z", 1, second);
        let error = read::<Dated>(&tampered).unwrap_err().to_string();
        assert!(error.contains("changed"), "{second}: {error}");
        assert!(
            error.contains("content[0]") && error.contains("content[1]"),
            "{second}: {error}"
        );
        assert!(error.contains("disagree"), "{second}: {error}");
    }
}

/// `text` with the `nth` (0-based) occurrence of `from` replaced by `to`.
fn replace_nth(text: &str, from: &str, nth: usize, to: &str) -> String {
    let (at, _) = text
        .match_indices(from)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {from} #{nth} in {text}"));
    format!("{}{to}{}", &text[..at], &text[at + from.len()..])
}

/// Two lists of images, told apart by their literal MIME types.
#[derive(Content, Debug, PartialEq, Clone)]
struct Gallery {
    #[content(image(mime = "image/png"))]
    pngs: Vec<Vec<u8>>,
    #[content(image(mime = "image/jpeg"))]
    jpegs: Vec<Vec<u8>>,
    #[content(audio(mime = "audio/wav"))]
    clips: Vec<Vec<u8>>,
    #[content(audio(mime = "audio/mpeg"))]
    songs: Option<Vec<u8>>,
}

fn gallery() -> Gallery {
    Gallery {
        pngs: vec![vec![1], vec![2, 2]],
        jpegs: vec![vec![3], vec![4], vec![5]],
        clips: vec![vec![6]],
        songs: Some(vec![7]),
    }
}

#[test]
fn two_image_lists_with_different_mime_types_round_trip() {
    for value in [
        gallery(),
        Gallery {
            pngs: vec![],
            ..gallery()
        },
        Gallery {
            jpegs: vec![],
            songs: None,
            ..gallery()
        },
        Gallery {
            pngs: vec![],
            jpegs: vec![],
            clips: vec![],
            songs: None,
        },
    ] {
        let written = json(value.clone());
        assert_eq!(read::<Gallery>(&written).unwrap(), value, "{written}");
    }
}

#[test]
fn blocks_of_the_two_types_interleaved_each_reach_their_field() {
    // Written png, png, jpeg…; a peer may interleave them: each still reaches its field.
    let written = json(Gallery {
        pngs: vec![vec![1]],
        jpegs: vec![vec![3]],
        clips: vec![],
        songs: None,
    });
    let png = r#"{"type":"image","data":"AQ==","mimeType":"image/png"}"#;
    let jpeg = r#"{"type":"image","data":"Aw==","mimeType":"image/jpeg"}"#;
    assert!(written.contains(png) && written.contains(jpeg), "{written}");
    let swapped = written
        .replace(png, "PNG")
        .replace(jpeg, png)
        .replace("PNG", jpeg);
    assert_eq!(
        read::<Gallery>(&swapped).unwrap(),
        Gallery {
            pngs: vec![vec![1]],
            jpegs: vec![vec![3]],
            clips: vec![],
            songs: None
        }
    );
}

#[test]
fn an_image_of_a_third_type_is_refused_naming_a_waiting_field() {
    let written = json(Gallery {
        pngs: vec![vec![1]],
        jpegs: vec![],
        clips: vec![],
        songs: None,
    });
    let gif = written.replace("image/png", "image/gif");
    let error = read::<Gallery>(&gif).unwrap_err().to_string();
    assert!(error.contains("content[0]"), "{error}");
    assert!(error.contains("unexpected image block"), "{error}");
    assert!(
        error.contains("image/png") || error.contains("image/jpeg"),
        "{error}"
    );
}
