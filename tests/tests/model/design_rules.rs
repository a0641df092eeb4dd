//! Every rule of DESIGN.md's table, through the runtime: newtype constructors, builders,
//! `read_json` of a document holding the value, and `validate()`. Each accepts the valid
//! edge and rejects the invalid one, and the error text names the JSON path and the rule.

use mcp_content::model::{
    AudioContent, Base64Data, GetPromptResult, Icon, ImageContent, Meta, MetaKey, MimeType,
    Priority, ReadResourceResult, Resource, ResourceLink, Timestamp, Tool, ToolName, Uri,
};
use mcp_content::rules::Rule;
use mcp_content::wire::read_value;
use mcp_content::{CallToolResult, ContentBlock, ReadError, Validate, read_json};
use serde_json::{Value, json};

/// Reads `doc` as `T`, expecting an error at `path` breaking `rule`, whose text says both.
#[track_caller]
fn rejects<T: serde::de::DeserializeOwned + std::fmt::Debug>(
    doc: &Value,
    path: &str,
    rule: Rule,
) -> ReadError {
    let bytes = serde_json::to_vec(doc).expect("JSON");
    let err = read_json::<T>(&bytes).expect_err("must be rejected");
    assert_eq!(err.path(), path, "path of {err}");
    assert_eq!(err.rule(), Some(rule), "rule of {err}");
    let text = err.to_string();
    assert!(
        text.starts_with(&format!("{path}: ")),
        "the text names the path: {text}"
    );
    assert!(
        text.contains(&format!("(rule: {})", rule.name())),
        "the text names the rule: {text}"
    );
    // `read_value` reports the same place.
    let again = read_value::<T>(doc.clone()).expect_err("must be rejected");
    assert_eq!((again.path(), again.rule()), (path, Some(rule)), "{again}");
    err
}

#[track_caller]
fn accepts<T: serde::de::DeserializeOwned>(doc: &Value) -> T {
    let bytes = serde_json::to_vec(doc).expect("JSON");
    read_json::<T>(&bytes).unwrap_or_else(|e| panic!("{e}\ndocument: {doc}"))
}

/// A `CallToolResult` whose `content[index]` is `block`, after filler text blocks.
fn result_with(index: usize, block: Value) -> Value {
    let mut content: Vec<Value> = (0..index)
        .map(|i| json!({"type": "text", "text": format!("t{i}")}))
        .collect();
    content.push(block);
    json!({ "content": content })
}

fn text_with_annotations(annotations: &Value) -> Value {
    json!({"type": "text", "text": "x", "annotations": annotations})
}

// ---------------------------------------------------------------------------------------
// base64 (`data`, `blob`)

#[test]
fn base64_constructor_edges() {
    for ok in ["", "aGk=", "aGVsbG8=", "AAAA", "+/+/"] {
        assert!(Base64Data::from_base64(ok).is_ok(), "{ok}");
    }
    for bad in [
        "aGk",
        "a Gk=",
        "aGk=\n",
        "aG-k",
        "aG_k",
        "data:image/png;base64,aGk=",
        "aGk==",
        "=aGk",
        "aGl=",
    ] {
        let err = Base64Data::from_base64(bad).expect_err(bad);
        assert_eq!(err.rule, Rule::Base64, "{bad}");
        assert!(err.to_string().ends_with("(rule: base64)"), "{err}");
    }
    // Bytes in, standard padded base64 out, and back.
    let data = Base64Data::from_bytes(vec![0xfb, 0xff]);
    assert_eq!(serde_json::to_string(&data).expect("writes"), r#""+/8=""#);
    let read: Base64Data = serde_json::from_str(r#""+/8=""#).expect("reads");
    assert_eq!(read.to_bytes().expect("decodes"), vec![0xfb, 0xff]);
    assert_eq!(read, data);
}

#[test]
fn bad_blob_in_a_result_names_its_path() {
    let doc = result_with(
        2,
        json!({"type": "resource", "resource": {"uri": "file:///a.png", "mimeType": "image/png", "blob": "not base64!"}}),
    );
    rejects::<CallToolResult>(&doc, "content[2].resource.blob", Rule::Base64);

    let ok = result_with(
        2,
        json!({"type": "resource", "resource": {"uri": "file:///a.png", "blob": "aGk="}}),
    );
    accepts::<CallToolResult>(&ok);
}

#[test]
fn bad_data_in_image_and_audio_names_its_path() {
    for kind in ["image", "audio"] {
        let mime = if kind == "image" {
            "image/png"
        } else {
            "audio/wav"
        };
        rejects::<CallToolResult>(
            &result_with(
                1,
                json!({"type": kind, "data": "data:image/png;base64,aGk=", "mimeType": mime}),
            ),
            "content[1].data",
            Rule::Base64,
        );
        // Key order does not change the path, even with `type` last.
        rejects::<CallToolResult>(
            &result_with(0, json!({"mimeType": mime, "data": "aGk", "type": kind})),
            "content[0].data",
            Rule::Base64,
        );
        accepts::<CallToolResult>(&result_with(
            0,
            json!({"mimeType": mime, "data": "aGk=", "type": kind}),
        ));
    }
}

// ---------------------------------------------------------------------------------------
// MIME types

#[test]
fn mime_type_edges() {
    for ok in [
        "image/png",
        "text/plain; charset=utf-8",
        "application/vnd.api+json",
        "IMAGE/PNG",
    ] {
        assert!(MimeType::new(ok).is_ok(), "{ok}");
    }
    for bad in [
        "image/",
        "png",
        "/png",
        "",
        "image/png/x",
        "text/plain;",
        "ima ge/png",
    ] {
        let err = MimeType::new(bad).expect_err(bad);
        assert_eq!(err.rule, Rule::MimeType, "{bad}");
        assert!(err.to_string().ends_with("(rule: mime-type)"), "{err}");
    }
    rejects::<CallToolResult>(
        &result_with(
            0,
            json!({"type": "image", "data": "aGk=", "mimeType": "png"}),
        ),
        "content[0].mimeType",
        Rule::MimeType,
    );
    rejects::<CallToolResult>(
        &result_with(
            1,
            json!({"type": "resource", "resource": {"uri": "file:///a", "mimeType": "image/", "text": "x"}}),
        ),
        "content[1].resource.mimeType",
        Rule::MimeType,
    );
}

#[test]
fn media_blocks_need_their_top_level_type() {
    let png = MimeType::new("image/png").expect("valid");
    let text = MimeType::new("text/plain").expect("valid");
    let wav = MimeType::new("audio/wav").expect("valid");
    assert!(ImageContent::new(vec![1], png.clone()).is_ok());
    assert_eq!(
        ImageContent::new(vec![1], text.clone())
            .expect_err("text/plain")
            .rule,
        Rule::MimeKind
    );
    assert_eq!(
        ImageContent::new(vec![1], wav.clone())
            .expect_err("audio")
            .rule,
        Rule::MimeKind
    );
    assert!(AudioContent::new(vec![1], wav).is_ok());
    assert_eq!(
        AudioContent::new(vec![1], png).expect_err("image/png").rule,
        Rule::MimeKind
    );

    let err = rejects::<CallToolResult>(
        &result_with(
            1,
            json!({"type": "image", "data": "aGk=", "mimeType": "text/plain"}),
        ),
        "content[1].mimeType",
        Rule::MimeKind,
    );
    assert!(err.to_string().contains("image/*"), "{err}");
    rejects::<CallToolResult>(
        &result_with(
            0,
            json!({"mimeType": "image/png", "type": "audio", "data": "aGk="}),
        ),
        "content[0].mimeType",
        Rule::MimeKind,
    );
}

// ---------------------------------------------------------------------------------------
// URIs

#[test]
fn uri_edges() {
    for ok in [
        "file:///project/src/main.rs",
        "test://static-text",
        "https://example.com/a?b=c#d",
        "urn:isbn:0451450523",
    ] {
        assert!(Uri::new(ok).is_ok(), "{ok}");
    }
    for bad in [
        "src/main.rs",
        "/abs/path",
        "",
        "//host/x",
        "file:///a b",
        "https://exa mple.com",
    ] {
        let err = Uri::new(bad).expect_err(bad);
        assert_eq!(err.rule, Rule::Uri, "{bad}");
        assert!(err.to_string().ends_with("(rule: uri)"), "{err}");
    }
    rejects::<CallToolResult>(
        &result_with(
            3,
            json!({"type": "resource_link", "uri": "main.rs", "name": "main.rs"}),
        ),
        "content[3].uri",
        Rule::Uri,
    );
    rejects::<CallToolResult>(
        &result_with(
            0,
            json!({"type": "resource", "resource": {"uri": "relative/x", "text": "x"}}),
        ),
        "content[0].resource.uri",
        Rule::Uri,
    );
    rejects::<ReadResourceResult>(
        &json!({"contents": [{"uri": "file:///ok", "text": "a"}, {"uri": "nope", "blob": "aGk="}]}),
        "contents[1].uri",
        Rule::Uri,
    );
    rejects::<Resource>(
        &json!({"uri": "README.md", "name": "readme"}),
        "uri",
        Rule::Uri,
    );
}

// ---------------------------------------------------------------------------------------
// Embedded resource: exactly one of text / blob

#[test]
fn embedded_resource_needs_exactly_one_of_text_and_blob() {
    let both = result_with(
        1,
        json!({"type": "resource", "resource": {"uri": "file:///a", "text": "x", "blob": "aGk="}}),
    );
    let err = rejects::<CallToolResult>(&both, "content[1].resource", Rule::ExactlyOne);
    assert!(err.to_string().contains("both"), "{err}");
    let neither = result_with(
        1,
        json!({"type": "resource", "resource": {"uri": "file:///a"}}),
    );
    let err = rejects::<CallToolResult>(&neither, "content[1].resource", Rule::ExactlyOne);
    assert!(err.to_string().contains("neither"), "{err}");
    rejects::<ReadResourceResult>(
        &json!({"contents": [{"uri": "file:///a"}]}),
        "contents[0]",
        Rule::ExactlyOne,
    );
    accepts::<CallToolResult>(&result_with(
        1,
        json!({"type": "resource", "resource": {"uri": "file:///a", "text": ""}}),
    ));
}

// ---------------------------------------------------------------------------------------
// Annotations: priority, audience, lastModified

#[test]
fn priority_edges() {
    for ok in [0.0, 1.0, 0.5, -0.0] {
        assert!(Priority::new(ok).is_ok(), "{ok}");
    }
    for bad in [-0.01, 1.01, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let err = Priority::new(bad).expect_err("out of range");
        assert_eq!(err.rule, Rule::Priority, "{bad}");
        assert!(err.to_string().ends_with("(rule: priority)"), "{err}");
    }
    for ok in [json!(0), json!(1), json!(0.0), json!(1.0)] {
        accepts::<CallToolResult>(&result_with(
            0,
            text_with_annotations(&json!({"priority": ok})),
        ));
    }
    for bad in [json!(-0.01), json!(1.01), json!(2)] {
        rejects::<CallToolResult>(
            &result_with(2, text_with_annotations(&json!({"priority": bad}))),
            "content[2].annotations.priority",
            Rule::Priority,
        );
    }
}

#[test]
fn unknown_role_is_rejected_in_audience_and_messages() {
    rejects::<CallToolResult>(
        &result_with(
            1,
            text_with_annotations(&json!({"audience": ["user", "system"]})),
        ),
        "content[1].annotations.audience[1]",
        Rule::Audience,
    );
    rejects::<GetPromptResult>(
        &json!({"messages": [
            {"role": "user", "content": {"type": "text", "text": "a"}},
            {"role": "system", "content": {"type": "text", "text": "b"}}
        ]}),
        "messages[1].role",
        Rule::Audience,
    );
    assert_eq!(
        "User"
            .parse::<mcp_content::model::Role>()
            .expect_err("case")
            .rule,
        Rule::Audience
    );
    accepts::<CallToolResult>(&result_with(
        0,
        text_with_annotations(&json!({"audience": ["assistant", "user"]})),
    ));
}

#[test]
fn timestamp_edges() {
    for ok in [
        "2025-01-12T15:00:58Z",
        "2025-05-03T14:30:00+02:00",
        "2025-01-12T15:00:58.123Z",
        // ISO 8601, as the spec says: a date, basic format, no offset.
        "2025-01-12",
        "20250112T150058Z",
        "2025-01-12T15:00:58",
    ] {
        assert!(Timestamp::new(ok).is_ok(), "{ok}");
    }
    for bad in [
        "yesterday",
        "2025-01-32",
        "2025-01-12 15:00:58",
        "2025-13-01T00:00:00Z",
        "",
    ] {
        let err = Timestamp::new(bad).expect_err(bad);
        assert_eq!(err.rule, Rule::Timestamp, "{bad}");
    }
    rejects::<CallToolResult>(
        &result_with(
            0,
            text_with_annotations(&json!({"lastModified": "2025-01-32"})),
        ),
        "content[0].annotations.lastModified",
        Rule::Timestamp,
    );
    rejects::<Resource>(
        &json!({"uri": "file:///a", "name": "a", "annotations": {"lastModified": "soon"}}),
        "annotations.lastModified",
        Rule::Timestamp,
    );
}

// ---------------------------------------------------------------------------------------
// `_meta` keys

#[test]
fn user_meta_keys_follow_the_grammar_and_avoid_reserved_prefixes() {
    for ok in [
        "com.example/x",
        "com.example.mcp/x",
        "progressToken",
        "com.example/",
        "a1.b-2.c/x_y.z-1",
    ] {
        assert!(MetaKey::user(ok).is_ok(), "{ok}");
        assert!(Meta::new().insert(ok, 1).is_ok(), "{ok}");
    }
    // Reserved: second label `modelcontextprotocol` / `mcp` (2025-11-25 on), and under
    // 2025-06-18 any such label before the last one.
    for reserved in [
        "io.modelcontextprotocol/x",
        "dev.mcp/x",
        "io.MCP/x",
        "mcp.dev/x",
        "modelcontextprotocol.io/x",
        "tools.mcp.com/x",
    ] {
        let err = MetaKey::user(reserved).expect_err(reserved);
        assert_eq!(err.rule, Rule::MetaKeyReserved, "{reserved}");
        assert!(
            err.to_string().ends_with("(rule: meta-key-reserved)"),
            "{err}"
        );
        let mut meta = Meta::new();
        assert_eq!(
            meta.insert(reserved, 1).expect_err(reserved).rule,
            Rule::MetaKeyReserved
        );
        assert!(meta.is_empty(), "a refused key is not inserted");
        // The runtime and proxies may carry reserved keys.
        assert!(MetaKey::new(reserved).is_ok(), "{reserved}");
    }
    for bad in [
        "-bad/x",
        "com.example/x-",
        "a/b/c",
        "com..example/x",
        "com.example/ x",
        "1com/x",
    ] {
        let err = MetaKey::user(bad).expect_err(bad);
        assert_eq!(err.rule, Rule::MetaKey, "{bad:?}");
        assert_eq!(
            MetaKey::new(bad).expect_err(bad).rule,
            Rule::MetaKey,
            "{bad:?}"
        );
        assert_eq!(
            Meta::new().insert(bad, 1).expect_err(bad).rule,
            Rule::MetaKey
        );
    }
    let mut map = serde_json::Map::new();
    map.insert("com.example/ok".into(), json!(1));
    map.insert("bad key".into(), json!(2));
    assert_eq!(
        Meta::from_map(map).expect_err("bad key").rule,
        Rule::MetaKey
    );
}

#[test]
fn meta_keys_read_from_json_follow_the_grammar() {
    // Reserved keys may arrive (a peer or the runtime wrote them); bad grammar may not.
    accepts::<CallToolResult>(
        &json!({"content": [], "_meta": {"io.modelcontextprotocol/related-task": {"taskId": "1"}}}),
    );
    for (doc, path) in [
        (json!({"content": [], "_meta": {"bad key": 1}}), "_meta"),
        (
            result_with(
                1,
                json!({"type": "text", "text": "x", "_meta": {"com.example/x-": 1}}),
            ),
            "content[1]._meta",
        ),
        (
            result_with(
                0,
                json!({"type": "resource", "resource": {"uri": "file:///a", "text": "x", "_meta": {"/x": 1}}}),
            ),
            "content[0].resource._meta",
        ),
    ] {
        let bytes = serde_json::to_vec(&doc).expect("JSON");
        let err = read_json::<CallToolResult>(&bytes).expect_err("bad key");
        assert!(
            err.path().starts_with(path),
            "{err} (expected under {path})"
        );
        assert_eq!(err.rule(), Some(Rule::MetaKey), "{err}");
        assert!(err.to_string().contains("(rule: meta-key)"), "{err}");
    }
}

// ---------------------------------------------------------------------------------------
// Tool names, input schemas, icons

#[test]
fn tool_name_edges() {
    for ok in [
        "getUser",
        "DATA_EXPORT_v2",
        "admin.tools.list",
        "a",
        &"x".repeat(128),
    ] {
        assert!(ToolName::new(ok).is_ok(), "{ok}");
    }
    for bad in ["", "get user", "a,b", "tool/x", "naïve", &"x".repeat(129)] {
        let err = ToolName::new(bad).expect_err("bad name");
        assert_eq!(err.rule, Rule::ToolName, "{bad}");
        assert!(err.to_string().ends_with("(rule: tool-name)"), "{err}");
    }
    rejects::<Tool>(
        &json!({"name": "get weather", "inputSchema": {"type": "object"}}),
        "name",
        Rule::ToolName,
    );
    accepts::<Tool>(&json!({"name": "get_weather", "inputSchema": {"type": "object"}}));
}

#[test]
fn icon_src_edges() {
    for ok in [
        "https://example.com/icon.png",
        "data:image/png;base64,iVBORw0KGgo=",
        "HTTPS://example.com/i.svg",
    ] {
        assert!(Icon::new(ok).is_ok(), "{ok}");
    }
    for bad in [
        "http://example.com/icon.png",
        "ftp://example.com/i.png",
        "file:///icon.png",
        "icon.png",
        "",
    ] {
        let err = Icon::new(bad).expect_err(bad);
        assert_eq!(err.rule, Rule::IconSrc, "{bad}");
        assert!(err.to_string().ends_with("(rule: icon-src)"), "{err}");
    }
    rejects::<CallToolResult>(
        &result_with(
            1,
            json!({"type": "resource_link", "uri": "file:///a", "name": "a", "icons": [
                {"src": "https://example.com/a.png"},
                {"src": "ftp://example.com/b.png"}
            ]}),
        ),
        "content[1].icons[1].src",
        Rule::IconSrc,
    );
    rejects::<Tool>(
        &json!({"name": "t", "inputSchema": {"type": "object"}, "icons": [{"src": "https://a.example/i.png", "theme": "sepia"}]}),
        "icons[0].theme",
        Rule::IconTheme,
    );
}

// ---------------------------------------------------------------------------------------
// Structure: missing fields, wrong JSON types, never a panic

#[test]
fn structural_errors_name_their_path() {
    let bytes = serde_json::to_vec(&result_with(2, json!({"text": "no type"}))).expect("JSON");
    let err = read_json::<CallToolResult>(&bytes).expect_err("no type");
    assert_eq!(err.path(), "content[2]", "{err}");
    assert!(err.to_string().contains("type"), "{err}");

    let bytes =
        serde_json::to_vec(&result_with(1, json!({"type": "text", "text": 5}))).expect("JSON");
    let err = read_json::<CallToolResult>(&bytes).expect_err("text is a number");
    assert!(err.path().starts_with("content[1]"), "{err}");

    let err = read_json::<CallToolResult>(br#"{"structuredContent": {}}"#).expect_err("no content");
    assert!(err.to_string().contains("content"), "{err}");

    let err = read_json::<CallToolResult>(br#"{"content": []} trailing"#).expect_err("trailing");
    assert!(err.position().is_some(), "{err}");
}

#[test]
fn hostile_input_never_panics() {
    let inputs: [&[u8]; 12] = [
        b"",
        b"null",
        b"[]",
        b"{",
        br#"{"content": {}}"#,
        br#"{"content": [null, 1, "x", []]}"#,
        br#"{"content": [{"type": null}]}"#,
        br#"{"content": [{"type": "image", "type": "text"}]}"#,
        br#"{"content": [{"data": 1, "type": "image"}]}"#,
        br#"{"content": [{"type": "resource", "resource": []}]}"#,
        br#"{"content": [{"type": "text", "text": "a", "annotations": {"priority": 1e400}}]}"#,
        b"\xff\xfe",
    ];
    for input in inputs {
        let _ = read_json::<CallToolResult>(input);
        let _ = read_json::<ContentBlock>(input);
        let _ = read_json::<GetPromptResult>(input);
    }
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let _ = read_json::<CallToolResult>(deep.as_bytes());
}

// ---------------------------------------------------------------------------------------
// validate(): every problem, with its path

#[test]
fn validate_returns_every_problem_with_its_path() {
    let png = MimeType::new("image/png").expect("valid");
    let wav = MimeType::new("audio/wav").expect("valid");
    let mut image = ImageContent::new(vec![1], png.clone()).expect("image");
    image.mime_type = MimeType::new("text/plain").expect("valid"); // fields are public
    let mut audio = AudioContent::new(vec![1], wav).expect("audio");
    audio.mime_type = png;
    let mut link = ResourceLink::new(Uri::new("file:///a").expect("uri"), "a");
    let mut icon = Icon::new("https://example.com/i.png").expect("icon");
    icon.src = "http://example.com/i.png".into();
    link.icons = vec![Icon::new("https://example.com/ok.png").expect("icon"), icon];
    let result = CallToolResult::new(vec![
        ContentBlock::text("ok"),
        image.into(),
        ContentBlock::text("ok"),
        audio.into(),
        link.into(),
    ]);
    let err = result.validate().expect_err("three problems");
    let found: Vec<(&str, Rule)> = err
        .problems()
        .iter()
        .map(|p| (p.path.as_str(), p.violation.rule))
        .collect();
    assert_eq!(
        found,
        [
            ("content[1].mimeType", Rule::MimeKind),
            ("content[3].mimeType", Rule::MimeKind),
            ("content[4].icons[1].src", Rule::IconSrc),
        ]
    );
    let text = err.to_string();
    assert_eq!(text.lines().count(), 3, "{text}");
    for line in text.lines() {
        assert!(line.starts_with("content["), "{line}");
        assert!(line.contains("(rule: "), "{line}");
    }

    let mut tool = Tool::new(ToolName::new("t").expect("name"));
    tool.input_schema = mcp_content::model::JsonObject::new();
    tool.icons = vec![icon_with_src("ftp://x/i.png")];
    let err = tool.validate().expect_err("two problems");
    let found: Vec<(&str, Rule)> = err
        .problems()
        .iter()
        .map(|p| (p.path.as_str(), p.violation.rule))
        .collect();
    assert_eq!(
        found,
        [
            ("inputSchema.type", Rule::Type),
            ("icons[0].src", Rule::IconSrc)
        ]
    );

    assert!(CallToolResult::new(Vec::new()).validate().is_ok());
}

fn icon_with_src(src: &str) -> Icon {
    let mut icon = Icon::new("https://example.com/i.png").expect("icon");
    src.clone_into(&mut icon.src);
    icon
}
