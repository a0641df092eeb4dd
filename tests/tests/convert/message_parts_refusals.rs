//! Message parts and quotations from a hostile peer (the timestamp and `_meta` cases are in
//! `read_back/literal_instants_and_structured_meta.rs`): a part or a message's `metadata.mcp` with
//! what its block has no place for is refused with its path, and derived reads, parts and messages
//! bound what they quote from the peer.

use crate::quotes;

use crate::read_one_answer::read;
use mcp_content::{CallToolResult, Content, Validate};

fn part_block(json: &str) -> Result<mcp_content::ContentBlock, String> {
    let part: mcp_content::convert::message_parts::Part =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"));
    mcp_content::convert::message_parts::part_to_block(part)
        .map_err(|e| format!("{}: {e}", e.path()))
}

/// Parts that carry what their block has no place for, and the path of the refusal.
const REFUSED_PARTS: [(&str, &str); 23] = [
    (
        r#"{"text":"a","metadata":{"mcp":{"icons":[{"src":"https://e.com/i"}]}}}"#,
        "metadata.mcp.icons",
    ),
    (
        r#"{"text":"a","metadata":{"mcp":{"resource":{"uri":"a:b"}}}}"#,
        "metadata.mcp.resource",
    ),
    (
        r#"{"text":"a","metadata":{"mcp":{"type":"image"}}}"#,
        "metadata.mcp.type",
    ),
    (
        r#"{"text":"a","metadata":{"mcp":{"annotation":{"priority":1}}}}"#,
        "metadata.mcp.annotation",
    ),
    (
        r#"{"text":"a","metadata":{"mcp":{"extra":{"type":"image"}}}}"#,
        "metadata.mcp.extra.type",
    ),
    (
        r#"{"text":"a","metadata":{"mcp":{"extra":{"text":"b"}}}}"#,
        "metadata.mcp.extra.text",
    ),
    (
        r#"{"media":{"url":"data:image/png;base64,AAAA"},"metadata":{"mcp":{"extra":{"mimeType":"image/gif"}}}}"#,
        "metadata.mcp.extra.mimeType",
    ),
    (
        r#"{"media":{"url":"data:audio/wav;base64,AAAA"},"metadata":{"mcp":{"icons":[{"src":"https://e.com/i"}]}}}"#,
        "metadata.mcp.icons",
    ),
    (
        r#"{"media":{"url":"data:image/png;base64,AAAA","contentType":"image/jpeg"}}"#,
        "media.contentType",
    ),
    (
        r#"{"media":{"url":"data:image/png;base64,AAAA","contentType":"audio/wav"}}"#,
        "media.contentType",
    ),
    (
        r#"{"media":{"url":"data:application/pdf;base64,AAAA","contentType":"text/plain"},"metadata":{"mcp":{"resource":{"uri":"a:b"}}}}"#,
        "media.contentType",
    ),
    (
        r#"{"media":{"url":"data:application/pdf;base64,AAAA"},"metadata":{"mcp":{"resource":{"uri":"a:b","extra":{"blob":"AAAA"}}}}}"#,
        "metadata.mcp.resource.extra.blob",
    ),
    (
        r#"{"media":{"url":"data:application/pdf;base64,AAAA"},"metadata":{"mcp":{"resource":{"uri":"a:b","text":"x"}}}}"#,
        "metadata.mcp.resource.text",
    ),
    (
        r#"{"media":{"url":"data:application/pdf;base64,AAAA"},"metadata":{"mcp":{"resource":{"uri":"a:b"},"extra":{"resource":1}}}}"#,
        "metadata.mcp.extra.resource",
    ),
    (
        r#"{"media":{"url":"https://e.com/cat.png"},"metadata":{"mcp":{"extra":{"uri":"a:b"}}}}"#,
        "metadata.mcp.extra.uri",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x","name":"n"}}"#,
        "resource.name",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x","title":"t"}}"#,
        "resource.title",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x","size":3}}"#,
        "resource.size",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x"},"metadata":{"mcp":{"icons":[{"src":"https://e.com/i"}]}}}"#,
        "metadata.mcp.icons",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x"},"metadata":{"mcp":{"resource":{"uri":"a:c"}}}}"#,
        "metadata.mcp.resource.uri",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x"},"metadata":{"mcp":{"resource":{"extra":{"text":"y"}}}}}"#,
        "metadata.mcp.resource.extra.text",
    ),
    (
        r#"{"resource":{"uri":"a:b","name":"n"},"metadata":{"mcp":{"resource":{"_meta":{"a.b/c":1}}}}}"#,
        "metadata.mcp.resource",
    ),
    (
        r#"{"resource":{"uri":"a:b","name":"n"},"metadata":{"mcp":{"extra":{"name":"m"}}}}"#,
        "metadata.mcp.extra.name",
    ),
];

/// Converting a message part back drops nothing silently: what the block being built has no
/// place for is refused with its path — a member of `metadata.mcp` for another kind of block
/// or one this crate never writes, an `extra` key that names one of the block's own fields
/// (which `validate()` would refuse and no writer would write), a link's parts beside
/// `text`, and a second source of the MIME type or the URI that disagrees with the first.
#[test]
fn parts_with_what_their_block_has_no_place_for_are_refused() {
    let refused = REFUSED_PARTS;
    for (json, path) in refused {
        let error = part_block(json).expect_err(json);
        assert!(error.starts_with(&format!("{path}: ")), "{json}: {error}");
        assert!(
            error.contains("(rule: extra-field)")
                || error.contains("(rule: mime-type)")
                || error.contains("(rule: uri)"),
            "{error}"
        );
    }
    // The same parts without what has no place read, and so does every written part.
    let read = [
        r#"{"text":"a","metadata":{"mcp":{"extra":{"x-a":1}},"other":{"type":"x"}}}"#,
        r#"{"media":{"url":"data:image/png;base64,AAAA","contentType":"IMAGE/PNG; x=1"}}"#,
        r#"{"media":{"url":"data:;base64,AAAA","contentType":"image/png"}}"#,
        r#"{"media":{"url":"https://e.com/cat.png"},"metadata":{"mcp":{"icons":[{"src":"https://e.com/i"}]}}}"#,
        r#"{"resource":{"uri":"a:b","text":"x"},"metadata":{"mcp":{"resource":{"uri":"a:b","_meta":{"a.b/c":1}}}}}"#,
        r#"{"resource":{"uri":"a:b","name":"n","size":3},"metadata":{"mcp":{"icons":[{"src":"https://e.com/i"}]}}}"#,
    ];
    for json in read {
        let block = part_block(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        CallToolResult::new(vec![block]).validate().unwrap();
    }
    let link = part_block(read[3]).unwrap();
    assert_eq!(
        serde_json::to_value(&link).unwrap()["icons"][0]["src"],
        "https://e.com/i"
    );
}

/// A message's own `metadata.mcp` is held to the same rule: a member this crate does not
/// write there, or an `extra` key that names a field of the prompt message or tool result,
/// is refused with its path.
#[test]
fn message_metadata_with_what_has_no_place_is_refused() {
    use mcp_content::convert::message_parts::Message;
    let message = |metadata: &str| -> Message {
        serde_json::from_str(&format!(
            r#"{{"role":"user","content":[{{"text":"a"}}],"metadata":{metadata}}}"#
        ))
        .unwrap()
    };
    for (metadata, path) in [
        (r#"{"mcp":{"isError":true}}"#, "metadata.mcp.isError"),
        (
            r#"{"mcp":{"extra":{"role":"assistant"}}}"#,
            "metadata.mcp.extra.role",
        ),
        (
            r#"{"mcp":{"extra":{"content":[]}}}"#,
            "metadata.mcp.extra.content",
        ),
    ] {
        let error = message(metadata).into_prompt_message().unwrap_err();
        assert_eq!(error.path(), path, "{error}");
    }
    assert!(
        message(r#"{"mcp":{"extra":{"x-a":1}}}"#)
            .into_prompt_message()
            .is_ok()
    );
    for (metadata, path) in [
        (r#"{"mcp":{"icons":[]}}"#, "metadata.mcp.icons"),
        (
            r#"{"mcp":{"extra":{"content":[]}}}"#,
            "metadata.mcp.extra.content",
        ),
        (
            r#"{"mcp":{"extra":{"structuredContent":{}}}}"#,
            "metadata.mcp.extra.structuredContent",
        ),
        (
            r#"{"mcp":{"extra":{"isError":true}}}"#,
            "metadata.mcp.extra.isError",
        ),
    ] {
        let error = message(metadata).into_call_tool_result().unwrap_err();
        assert_eq!(error.path(), path, "{error}");
    }
    let result = message(
        r#"{"mcp":{"isError":true,"resultType":"complete","_meta":{"a.b/c":1},"extra":{"x-a":1}}}"#,
    )
    .into_call_tool_result()
    .unwrap();
    result.validate().unwrap();
    assert_eq!(
        Message::from_call_tool_result(&result).into_call_tool_result(),
        Ok(result)
    );
}

#[derive(Content, Debug, PartialEq)]
struct Pic {
    #[content(image(mime = "image/png"))]
    png: Vec<u8>,
    #[content(text)]
    caption: String,
}

#[derive(Content, Debug, PartialEq)]
struct Res {
    #[content(resource(uri = "file:///{name}.txt", mime = "text/plain"), meta("com.example/k" = 1))]
    body: String,
    #[content(text)]
    name: String,
}

/// Reading back into a derived type bounds what it quotes from the peer: an unknown block's
/// type (it was named whole: "unexpected xxx…(1000) block"), the text of a tool's error
/// (a 1 MiB message came back whole; now its first 300 characters), and every value a
/// literal, MIME type, URI or source comparison names.
#[test]
fn derived_reads_bound_what_they_quote() {
    let long = "x".repeat(1000);
    let image = r#"{"type":"image","data":"AAAA","mimeType":"image/png"}"#;
    let error = read::<Pic>(&format!(
        r#"{{"content":[{image},{{"type":"text","text":"c"}},{{"type":"{long}"}}]}}"#
    ))
    .unwrap_err();
    assert!(error.len() < 200, "{error}");
    assert!(
        error.starts_with(&format!("content[2]: unexpected {}… block", &long[..80])),
        "{error}"
    );
    let error = read::<Pic>(&format!(
        r#"{{"content":[{{"type":"{long}"}},{{"type":"text","text":"c"}}]}}"#
    ))
    .unwrap_err();
    assert!(error.len() < 300 && error.contains("x…"), "{error}");
    let error = read::<Pic>(&format!(
        r#"{{"content":[{{"type":"text","text":"{long}"}}],"isError":true}}"#
    ))
    .unwrap_err();
    assert_eq!(
        error,
        format!("isError: the tool reported an error: {}…", &long[..300])
    );
    let short = read::<Pic>(
        r#"{"content":[{"type":"text","text":"boom"},{"type":"text","text":"again"}],"isError":true}"#,
    );
    assert_eq!(
        short.unwrap_err(),
        "isError: the tool reported an error: boom\nagain"
    );
    let resource = |uri: &str, mime: &str, meta: &str, text: &str| {
        format!(
            r#"{{"content":[{{"type":"resource","resource":{{"uri":"{uri}","mimeType":"{mime}","text":"b"}},"_meta":{{"com.example/k":{meta}}}}},{{"type":"text","text":"{text}"}}]}}"#
        )
    };
    for doc in [
        resource(
            &format!("file:///{long}.txt"),
            "text/plain",
            "1",
            &format!("y{long}"),
        ),
        resource(
            "file:///x.txt",
            &format!("text/x{}", &long[..120]),
            "1",
            "x",
        ),
        resource(&format!("file:///{long}/x.csv"), "text/plain", "1", "x"),
        resource("file:///x.txt", "text/plain", &format!("\"{long}\""), "x"),
    ] {
        let error = read::<Res>(&doc).unwrap_err();
        assert!(
            quotes::quotes_are_cut(&error, 81) && error.len() < 400,
            "{error}"
        );
    }
}

/// Message parts and messages read with serde cut what they quote from the peer: a
/// megabyte value of the wrong type in a part, an unknown message role.
#[test]
fn parts_and_messages_quote_short() {
    use mcp_content::convert::{message_parts::Message, message_parts::Part};
    let long = "x".repeat(1000);
    for json in [
        format!(r#"{{"resource":{{"uri":"a:b","size":"{long}"}}}}"#),
        format!(r#"{{"text":{{"{long}":1}}}}"#),
        format!(r#"{{"media":{{"url":["{long}"]}}}}"#),
        format!(
            r#"{{"media":{{"url":"data:image/png;base64,AAAA","contentType":"{long}"}},"metadata":"{long}"}}"#
        ),
    ] {
        let error = serde_json::from_str::<Part>(&json).unwrap_err().to_string();
        assert!(
            quotes::quotes_are_cut(&error, 81) && error.len() < 300,
            "{error}"
        );
    }
    let error = serde_json::from_str::<Message>(&format!(r#"{{"role":"{long}","content":[]}}"#))
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with(&format!("unknown message role \"{}…\"; expected \"user\", \"model\", \"tool\" or \"system\" (rule: audience)", &long[..80])),
        "{error}"
    );
    let message: Message =
        serde_json::from_str(r#"{"role":"model","content":[{"text":"a"}]}"#).unwrap();
    assert_eq!(
        message.role,
        mcp_content::convert::message_parts::MessageRole::Model
    );
}
