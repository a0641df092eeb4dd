//! LLM message parts relay what the model keeps as text, byte for byte: MCP → parts → MCP
//! gives back the bytes `to_json_for` wrote for every protocol version — numbers past 64
//! bits, number spellings (`1E2`, `-0`, `1.50`), key order and the spelling of member names
//! in `_meta`, unknown fields, annotations, icons, `structuredContent`, unknown blocks and a
//! link's `size` — in process and through the parts' JSON text. The reading back is held to
//! the `ReadLimits` it is given.

use mcp_content::convert::{
    message_parts::CustomPart, message_parts::DataPart, message_parts::Message,
    message_parts::MessageRole, message_parts::Part, message_parts::block_to_part,
    message_parts::part_to_block, message_parts::part_to_block_with,
};
use mcp_content::model::{GetPromptResult, JsonObject, PromptMessage, RawJson};
use mcp_content::rules::Rule;
use mcp_content::wire::ReadLimits;
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, read_json};

/// Numbers, orders and names a `serde_json::Value` would change.
const ODD: &str = r#"{"z":1E2,"a":-0,"big":123456789012345678901234567890,"f":1.50,"e":1e-7,"\u0041":[0.10,-1E+2],"s":"caf\u00e9"}"#;

/// Tool results, each with the features in one place (and one with all of them).
fn tool_results() -> Vec<String> {
    let odd = ODD;
    vec![
        // The result's own `_meta`, unknown fields and structured content.
        format!(
            r#"{{"content":[],"_meta":{{"com.example/z":{odd},"com.example/\u0061":1E2}},"x-z":{odd},"x-a":-0,"structuredContent":{odd}}}"#
        ),
        // Structured content that is not an object, and isError.
        r#"{"content":[{"type":"text","text":"[1E2]"}],"structuredContent":[1E2,-0,18446744073709551616],"isError":true}"#.to_owned(),
        // A text block with `_meta`, unknown fields and annotations with unknown fields.
        format!(
            r#"{{"content":[{{"type":"text","text":"hi","annotations":{{"audience":["user"],"priority":0.5,"lastModified":"2025-01-12","x-z":{odd}}},"_meta":{{"com.example/k":{odd}}},"x-b":1E2,"x-a":{odd}}}]}}"#
        ),
        // An image and an audio block with `_meta` and unknown fields.
        format!(
            r#"{{"content":[{{"type":"image","data":"cG5n","mimeType":"image/png","_meta":{{"com.example/k":{odd}}},"x":{odd}}},{{"type":"audio","data":"AAAA","mimeType":"audio/wav","annotations":{{"priority":1,"x":-0}}}}]}}"#
        ),
        // A link: size past 64 bits, icons with unknown fields, `_meta`, unknown fields.
        format!(
            r#"{{"content":[{{"type":"resource_link","uri":"file:///a.bin","name":"a","title":"A","description":"d","mimeType":"application/octet-stream","size":18446744073709551616123,"icons":[{{"src":"https://example.com/i.png","sizes":["48x48"],"theme":"dark","x-z":{odd}}}],"_meta":{{"com.example/k":{odd}}},"x-z":1E2}}]}}"#
        ),
        // A link with a size in 64 bits, and a huge negative one.
        r#"{"content":[{"type":"resource_link","uri":"file:///a","name":"a","size":4096},{"type":"resource_link","uri":"file:///b","name":"b","size":-98765432109876543210}]}"#.to_owned(),
        // Embedded resources whose contents carry `_meta` and unknown fields.
        format!(
            r#"{{"content":[{{"type":"resource","resource":{{"uri":"file:///a.txt","mimeType":"text/plain","text":"a","_meta":{{"com.example/k":{odd}}},"x-z":{odd}}},"_meta":{{"com.example/o":1E2}},"x-o":-0}},{{"type":"resource","resource":{{"uri":"file:///b.bin","blob":"AAEC","_meta":{{"com.example/k":{odd}}},"x":1E2}},"annotations":{{"priority":0.25,"x-b":{odd}}}}}]}}"#
        ),
        // Unknown blocks: order, numbers and escaped names.
        format!(
            r#"{{"content":[{{"type":"x-chart","z":{odd},"a":123456789012345678901234567890,"\u0041b":-0}},{{"z":1E2,"type":"x-later","y":[{odd}]}}]}}"#
        ),
        // Structured content that is `null` (a value, kept), a number, a string with
        // escapes; `resultType` given.
        r#"{"content":[],"structuredContent":null,"resultType":"complete"}"#.to_owned(),
        r#"{"content":[],"structuredContent":1E2,"isError":false}"#.to_owned(),
        r#"{"content":[],"structuredContent":"caf\u00e9 \/ \ud83d\ude00"}"#.to_owned(),
        // Member names with escapes, at every level the model keeps them.
        r#"{"content":[{"type":"text","text":"a","x-\u0041":1E2,"annotations":{"x-\u0042":-0},"_meta":{"a.b/\u0043":3}},{"type":"resource","resource":{"uri":"file:///b","blob":"AAEC","x-\u0041":1,"_meta":{"a.b/\u0043":3}}},{"type":"resource_link","uri":"file:///c","name":"c","icons":[{"src":"https://x/i.png","x-\u0041":1E2}]}],"x-\u0044":4,"_meta":{"a.b/\u0045":5}}"#.to_owned(),
        // All of it.
        format!(
            r#"{{"content":[{{"type":"text","text":"t","_meta":{{"com.example/k":{odd}}}}},{{"type":"x-unknown","v":{odd}}},{{"type":"resource_link","uri":"file:///c","name":"c","size":1E30}}],"structuredContent":{odd},"isError":false,"_meta":{{"com.example/m":{odd}}},"x-r":{odd}}}"#
        ),
    ]
}

/// Prompt messages (as a prompt result's messages) with the same features.
fn prompt_results() -> Vec<String> {
    let odd = ODD;
    vec![
        format!(
            r#"{{"messages":[{{"role":"user","content":{{"type":"text","text":"hi","_meta":{{"com.example/k":{odd}}},"annotations":{{"priority":0.5,"x":{odd}}}}},"x-m":{odd}}}]}}"#
        ),
        format!(
            r#"{{"messages":[{{"role":"assistant","content":{{"type":"x-later","z":{odd},"a":1E2}},"x-z":1E2,"x-a":-0}},{{"role":"user","content":{{"type":"resource_link","uri":"file:///a","name":"a","size":340282366920938463463374607431768211456,"_meta":{{"com.example/\u0062":{odd}}}}}}}]}}"#
        ),
        format!(
            r#"{{"messages":[{{"role":"user","content":{{"type":"resource","resource":{{"uri":"file:///b.bin","mimeType":"application/x-thing","blob":"AAEC","x":{odd}}},"x":1E2}}}},{{"role":"assistant","content":{{"type":"image","data":"cG5n","mimeType":"image/png","_meta":{{"com.example/k":{odd}}}}}}}]}}"#
        ),
    ]
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

/// A message as JSON text and back, as a framework would hand it on.
fn through_text(message: &Message) -> Message {
    serde_json::from_str(&serde_json::to_string(message).unwrap()).unwrap()
}

/// Every tool result of the corpus, for every version, in process and through the parts'
/// JSON text, with the default limits and `unlimited()`: the bytes `to_json_for` wrote.
#[test]
fn tool_results_come_back_byte_for_byte() {
    let mut cases = 0;
    for document in tool_results() {
        let result: CallToolResult = read_json(document.as_bytes()).unwrap();
        let message = Message::from_call_tool_result(&result);
        let again = through_text(&message);
        assert_eq!(again, message, "{document}");
        let backs = [
            message.clone().into_call_tool_result().unwrap(),
            again.clone().into_call_tool_result().unwrap(),
            again
                .clone()
                .into_call_tool_result_with(&ReadLimits::unlimited())
                .unwrap(),
        ];
        for version in ProtocolVersion::ALL {
            let original = text(result.to_json_for(version));
            for back in &backs {
                assert_eq!(text(back.to_json_for(version)), original, "{version:?}");
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 13 * 3 * 3);
}

/// Every prompt message of the corpus, for every version, in process and through text.
#[test]
fn prompt_messages_come_back_byte_for_byte() {
    let mut cases = 0;
    for document in prompt_results() {
        let result: GetPromptResult = read_json(document.as_bytes()).unwrap();
        let messages = Message::from_get_prompt_result(&result);
        for (message, prompt) in messages.iter().zip(&result.messages) {
            let backs: [PromptMessage; 3] = [
                message.clone().into_prompt_message().unwrap(),
                through_text(message).into_prompt_message().unwrap(),
                through_text(message)
                    .into_prompt_message_with(&ReadLimits::unlimited())
                    .unwrap(),
            ];
            for version in ProtocolVersion::ALL {
                let original = text(prompt.to_json_for(version));
                for back in &backs {
                    assert_eq!(text(back.to_json_for(version)), original, "{version:?}");
                    cases += 1;
                }
            }
        }
    }
    assert_eq!(cases, 5 * 3 * 3);
}

/// Each block of the corpus on its own, through `block_to_part` / `part_to_block` and the
/// part's text: the block's bytes for every version.
#[test]
fn single_blocks_come_back_byte_for_byte() {
    let mut cases = 0;
    for document in tool_results() {
        let result: CallToolResult = read_json(document.as_bytes()).unwrap();
        for block in &result.content {
            let part = block_to_part(block);
            let again: Part = serde_json::from_str(&serde_json::to_string(&part).unwrap()).unwrap();
            assert_eq!(again, part);
            for back in [
                part_to_block(part.clone()).unwrap(),
                part_to_block(again).unwrap(),
            ] {
                for version in ProtocolVersion::ALL {
                    assert_eq!(
                        text(back.to_json_for(version)),
                        text(block.to_json_for(version))
                    );
                    cases += 1;
                }
            }
        }
    }
    assert_eq!(cases, 17 * 2 * 3);
}

/// The parts' own JSON text keeps what the model keeps: a data part's and a custom part's
/// value, the `metadata.mcp` members, a link's size, as written by the MCP side.
#[test]
fn parts_text_keeps_numbers_order_and_names() {
    let document = format!(
        r#"{{"content":[{{"type":"x-chart","\u0041":1E2,"type2":-0}},{{"type":"text","text":"a","_meta":{{"com.example/z":{ODD}}}}},{{"type":"resource_link","uri":"file:///a","name":"a","size":18446744073709551616}}],"structuredContent":{ODD}}}"#
    );
    let result: CallToolResult = read_json(document.as_bytes()).unwrap();
    let written = serde_json::to_string(&Message::from_call_tool_result(&result)).unwrap();
    assert_eq!(
        written,
        format!(
            r#"{{"role":"tool","content":[{{"custom":{{"type":"x-chart","\u0041":1E2,"type2":-0}}}},{{"text":"a","metadata":{{"mcp":{{"_meta":{{"com.example/z":{ODD}}}}}}}}},{{"resource":{{"uri":"file:///a","name":"a","size":18446744073709551616}}}},{{"data":{ODD}}}]}}"#
        )
    );
    // Read from that text, the parts hold it as it is.
    let message: Message = serde_json::from_str(&written).unwrap();
    assert_eq!(serde_json::to_string(&message).unwrap(), written);
    let Part::Data(data) = &message.content[3] else {
        panic!("a data part")
    };
    assert_eq!(data.data.as_str(), ODD);
    let Part::Custom(custom) = &message.content[0] else {
        panic!("a custom part")
    };
    assert_eq!(
        custom.custom.as_str(),
        r#"{"type":"x-chart","\u0041":1E2,"type2":-0}"#
    );
    assert_eq!(
        custom.custom.keys().collect::<Vec<_>>(),
        ["type", "A", "type2"]
    );
}

/// A link's `size` past 64 bits in a part read from text (a framework's, not this crate's):
/// the same digits in the block.
#[test]
fn a_link_size_past_64_bits_is_read_exactly() {
    for size in [
        "18446744073709551616",
        "340282366920938463463374607431768211457",
        "-98765432109876543210",
        "1E30",
    ] {
        let part: Part = serde_json::from_str(&format!(
            r#"{{"resource":{{"uri":"file:///a","name":"a","size":{size}}}}}"#
        ))
        .unwrap();
        let ContentBlock::ResourceLink(link) = part_to_block(part).unwrap() else {
            panic!("a link")
        };
        assert_eq!(link.size.unwrap().to_string(), size);
    }
}

fn tool_message(content: Vec<Part>) -> Message {
    Message {
        role: MessageRole::Tool,
        content,
        metadata: JsonObject::new(),
    }
}

fn data_part(text: &str) -> Part {
    Part::Data(DataPart {
        data: RawJson::parse(text).unwrap(),
        metadata: JsonObject::new(),
    })
}

fn nested(depth: usize) -> String {
    format!("{}1{}", "[".repeat(depth), "]".repeat(depth))
}

/// The limits apply to what is kept as text as they apply to a document: depth and value
/// count of a data part, a custom part and `metadata.mcp`, and the document size of each;
/// refused with their path and rule `limit`, taken under `unlimited()`.
#[test]
fn the_limits_hold_for_what_is_kept_as_text() {
    let shallow = ReadLimits::default().with_max_depth(4);
    let err = tool_message(vec![data_part(&nested(6))])
        .into_call_tool_result_with(&shallow)
        .unwrap_err();
    assert_eq!(err.rule(), Some(Rule::Limit), "{err}");
    assert_eq!(err.path(), "content[0].data[0][0][0][0]", "{err}");
    assert_eq!(err.position(), None);

    let few = ReadLimits::default().with_max_values(3);
    let err = tool_message(vec![data_part("[1E2,-0,1,2]")])
        .into_call_tool_result_with(&few)
        .unwrap_err();
    assert_eq!(
        (err.rule(), err.path()),
        (Some(Rule::Limit), "content[0].data[2]")
    );

    let small = ReadLimits::default().with_max_document_bytes(8);
    let err = tool_message(vec![data_part(r#""123456789""#)])
        .into_call_tool_result_with(&small)
        .unwrap_err();
    assert_eq!(
        (err.rule(), err.path()),
        (Some(Rule::Limit), "content[0].data")
    );

    let custom = || {
        Part::Custom(CustomPart {
            custom: JsonObject::parse(&format!(r#"{{"type":"x-deep","v":{}}}"#, nested(6)))
                .unwrap(),
            metadata: JsonObject::new(),
        })
    };
    let err = part_to_block_with(custom(), &shallow).unwrap_err();
    assert_eq!(err.rule(), Some(Rule::Limit), "{err}");
    assert!(err.path().starts_with("custom.v[0]"), "{err}");

    let mut metadata = JsonObject::new();
    metadata.insert(
        "mcp",
        RawJson::parse(&format!(r#"{{"_meta":{{"com.example/k":{}}}}}"#, nested(6))).unwrap(),
    );
    let text = Part::Text(mcp_content::convert::message_parts::TextPart {
        text: "a".into(),
        metadata,
    });
    let err = part_to_block_with(text.clone(), &shallow).unwrap_err();
    assert_eq!(err.rule(), Some(Rule::Limit), "{err}");
    assert!(
        err.path()
            .starts_with("metadata.mcp._meta.com.example/k[0]"),
        "{err}"
    );
    assert_eq!(err.position(), None);

    // A custom part of a known type is held to the binary limit as the block in a document.
    let image = || {
        Part::Custom(CustomPart {
            custom: JsonObject::parse(r#"{"type":"image","data":"cG5n","mimeType":"image/png"}"#)
                .unwrap(),
            metadata: JsonObject::new(),
        })
    };
    let err =
        part_to_block_with(image(), &ReadLimits::default().with_max_binary_bytes(2)).unwrap_err();
    assert_eq!((err.rule(), err.path()), (Some(Rule::Limit), "custom.data"));
    assert!(part_to_block(image()).is_ok());

    // The same values within the limits, and under `unlimited()`, are read.
    for limits in [ReadLimits::default(), ReadLimits::unlimited()] {
        assert!(part_to_block_with(custom(), &limits).is_ok());
        assert!(part_to_block_with(text.clone(), &limits).is_ok());
        let result = tool_message(vec![data_part(&nested(6))])
            .into_call_tool_result_with(&limits)
            .unwrap();
        assert_eq!(result.structured_content.unwrap().as_str(), nested(6));
    }
    // The block limit counts parts as it counts a document's blocks.
    let err = tool_message(vec![Part::text("a"), Part::text("b")])
        .into_call_tool_result_with(&ReadLimits::default().with_max_blocks(1))
        .unwrap_err();
    assert_eq!((err.rule(), err.path()), (Some(Rule::Limit), "content[1]"));
}

/// A key twice in a value kept as text is refused with its path, as a reader refuses it in
/// a document (which one did the writer mean?): in a data part, a custom part, in
/// `metadata.mcp`, and an `mcp` member twice in `metadata`.
#[test]
fn duplicate_keys_in_kept_text_are_refused() {
    let message: Message =
        serde_json::from_str(r#"{"role":"tool","content":[{"data":{"a":1,"b":{"c":1,"c":2}}}]}"#)
            .unwrap();
    let err = message.into_call_tool_result().unwrap_err();
    assert_eq!(err.path(), "content[0].data.b", "{err}");
    assert_eq!(err.detail(), "duplicate field `c`");

    let part: Part =
        serde_json::from_str(r#"{"text":"a","metadata":{"mcp":{"extra":{"x":1,"x":2}}}}"#).unwrap();
    let err = part_to_block(part).unwrap_err();
    assert_eq!(err.path(), "metadata.mcp.extra", "{err}");

    let part: Part = serde_json::from_str(
        r#"{"text":"a","metadata":{"mcp":{"_meta":{"a.b/c":1}},"mcp":{"_meta":{"a.b/c":2}}}}"#,
    )
    .unwrap();
    let err = part_to_block(part).unwrap_err();
    assert_eq!(
        (err.path(), err.detail()),
        ("metadata.mcp", "duplicate field `mcp`")
    );

    // A custom part is an object read with its names' spelling: a key twice is refused
    // when the part is read.
    let err = serde_json::from_str::<Part>(r#"{"custom":{"type":"x","a":1,"a":2}}"#).unwrap_err();
    assert!(err.to_string().contains("in a `custom` part"), "{err}");
}

/// What is not kept, as the docs say: a message read from (or written to) a
/// `serde_json::Value` holds numbers and key order as `Value` does, and the parts' text
/// drops whitespace between tokens, as the model's does.
#[test]
fn what_a_value_changes_is_what_the_docs_say() {
    let result: CallToolResult =
        read_json(br#"{"content":[],"structuredContent":{"z":1E2,"a":-0}}"#).unwrap();
    let message = Message::from_call_tool_result(&result);
    let value = serde_json::to_value(&message).unwrap();
    let from_value: Message = serde_json::from_value(value).unwrap();
    let back = from_value.into_call_tool_result().unwrap();
    assert_eq!(
        back.structured_content.unwrap().as_str(),
        r#"{"a":-0.0,"z":100.0}"#
    );

    let spaced: Part = serde_json::from_str(r#"{"data": {"z" : 1E2 , "a": [ -0 ]}}"#).unwrap();
    assert_eq!(
        serde_json::to_string(&spaced).unwrap(),
        r#"{"data":{"z":1E2,"a":[-0]}}"#
    );

    // A `metadata` object's own member names are written decoded; under `mcp`, the text.
    let part: Part = serde_json::from_str(
        r#"{"text":"a","metadata":{"x-\u0041":1E2,"mcp":{"_meta":{"com.example/\u0042":-0}}}}"#,
    )
    .unwrap();
    assert_eq!(
        serde_json::to_string(&part).unwrap(),
        r#"{"text":"a","metadata":{"x-A":1E2,"mcp":{"_meta":{"com.example/\u0042":-0}}}}"#
    );
    let ContentBlock::Text(block) = part_to_block(part).unwrap() else {
        panic!("a text block")
    };
    assert_eq!(
        block.meta.as_object().as_str(),
        r#"{"com.example/\u0042":-0}"#
    );

    // Members of a part other than its content key and `metadata` are not read.
    let part: Part = serde_json::from_str(r#"{"text":"a","x-genkit":1}"#).unwrap();
    assert_eq!(serde_json::to_string(&part).unwrap(), r#"{"text":"a"}"#);
}
