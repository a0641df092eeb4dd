//! A text block field that a link also takes a text part from (`link(name = title)`) is
//! read from both places: they were written from the one field, so reading requires them to
//! agree and names both places when they do not (as for URI template variables).

use mcp_content::{
    CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, SerializeFor, Uri,
    read_json,
};

/// The JSON of `value`'s tool result with `from` replaced by `to`, read back as a result.
fn tampered<T: IntoCallToolResult>(value: T, from: &str, to: &str) -> CallToolResult {
    let json = String::from_utf8(
        value
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2026_07_28),
    )
    .unwrap();
    assert!(json.contains(from), "{from} not in {json}");
    read_json(json.replacen(from, to, 1).as_bytes()).unwrap()
}

#[derive(Content, Debug, PartialEq)]
struct Manual {
    #[content(text)]
    title: String,
    #[content(link(name = title, title = subtitle))]
    file: Uri,
    #[content(text)]
    subtitle: String,
}

fn manual() -> Manual {
    Manual {
        title: "Manual".into(),
        file: Uri::new("file:///manual.pdf").unwrap(),
        subtitle: "For users".into(),
    }
}

#[test]
fn a_link_part_and_a_text_that_agree_read_back() {
    assert_eq!(
        Manual::from_call_tool_result(&manual().into_call_tool_result()).unwrap(),
        manual()
    );
}

#[test]
fn a_link_name_that_disagrees_with_the_text_is_refused_naming_both() {
    let result = tampered(manual(), r#""name":"Manual""#, r#""name":"Guide""#);
    let err = Manual::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "content[1].name");
    assert_eq!(
        err.detail(),
        "field `title` is read from two places that disagree: \"Manual\" at content[0].text and \
         \"Guide\" at content[1].name (both are written from this one field, so they must be equal)"
    );
}

#[test]
fn a_text_that_disagrees_with_a_link_title_read_before_it_is_refused_naming_both() {
    let result = tampered(manual(), r#""text":"For users""#, r#""text":"For admins""#);
    let err = Manual::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "content[2].text");
    assert_eq!(
        err.detail(),
        "field `subtitle` is read from two places that disagree: \"For users\" at content[1].title \
         and \"For admins\" at content[2].text (both are written from this one field, so they must be equal)"
    );
}
