//! Ids kept as sent, what rmcp's id type holds, and the id found at the start of a message
//! too long to read.

use super::*;

fn id(text: &str) -> RequestId {
    RequestId::from_text(text).unwrap()
}

#[test]
fn ids_keep_their_text_and_only_strings_and_numbers_are_ids() {
    for text in [
        "123456789012345678901234567890",
        "-0",
        "1.0",
        "1e2",
        "-1.5E-7",
        r#""a\"b\u0041""#,
        r#""""#,
    ] {
        assert_eq!(id(text).as_json(), text);
        let mut out = Vec::new();
        id(text).write(&mut out);
        assert_eq!(out, text.as_bytes());
        assert_eq!(serde_json::to_string(&id(text)).unwrap(), text);
    }
    for text in ["null", "true", "{}", "[1]"] {
        assert_eq!(
            RequestId::from_text(text),
            Err(IdFault::NotStringOrNumber),
            "{text}"
        );
    }
    assert_eq!(RequestId::from_text(r#""\ud800""#), Err(IdFault::NotText));
}

#[test]
fn a_string_id_matches_by_value_a_number_by_its_text() {
    assert_eq!(id(r#""\u0041""#).key(), id(r#""A""#).key());
    assert_ne!(id("1").key(), id(r#""1""#).key());
    assert_ne!(id("1").key(), id("1.0").key());
    assert_ne!(id("-0").key(), id("0").key());
    assert_eq!(id("7").key(), key_of(&serde_json::json!(7)).unwrap());
    assert_eq!(key_of(&Value::Null), None);
}

#[test]
fn rmcp_holds_strings_and_plain_i64_integers_only() {
    for held in [
        "0",
        "7",
        "-7",
        "9223372036854775807",
        "-9223372036854775808",
        r#""x""#,
    ] {
        assert_eq!(rmcp_refusal(&id(held)), None, "{held}");
    }
    for refused in [
        "-0",
        "1.0",
        "1e2",
        "9223372036854775808",
        "-9223372036854775809",
        "123456789012345678901234567890",
    ] {
        let why = rmcp_refusal(&id(refused)).unwrap();
        assert!(why.starts_with(&format!("id {refused}: ")), "{why}");
    }
}

#[test]
fn the_top_level_id_is_found_at_the_start_of_a_message() {
    let cases: &[(&str, Option<&str>)] = &[
        (
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"#,
            Some("7"),
        ),
        (r#"{"id":"a\"b","params":"#, Some(r#""a\"b""#)),
        // After members that hold an `"id"` of their own, strings with braces and quotes.
        (
            r#"{"params":{"id":1,"s":"} \" {"},"x":[{"id":2}],"id" : -0 , "method":"#,
            Some("-0"),
        ),
        (
            r#" { "\u0069d" : 123456789012345678901234567890, "p"#,
            Some("123456789012345678901234567890"),
        ),
        (r#"{"method":"x","params":{"a":"long"#, None),
        // The head ends inside the id: not a guess.
        (r#"{"id":12345"#, None),
        (r#"{"id":"abc"#, None),
        (r#"{"id":null,"method":"#, None),
        (r#"{"id":true,"method":"#, None),
        (r#"{"id":1,"id":2,"#, None),
        (
            r#"{"jsonrpc":"2.0","id":"mcp-1","result":{"content":"#,
            None,
        ),
        (r#"[{"id":1}"#, None),
        (r#"{"id" 1"#, None),
        (r#"{"id":1 2"#, None),
        ("", None),
    ];
    for (head, expected) in cases {
        let found = scan_id(head.as_bytes());
        assert_eq!(found.as_ref().map(RequestId::as_json), *expected, "{head}");
    }
}

#[test]
fn the_scan_reads_a_bounded_head() {
    let mut head = br#"{"params":""#.to_vec();
    head.extend(std::iter::repeat_n(b'x', ID_SCAN_BYTES));
    head.extend_from_slice(br#"","id":1}"#);
    assert_eq!(scan_id(&head), None);
}
