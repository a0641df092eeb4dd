//! No writer ever emits an `extra` key that names one of its owner's own fields: for every
//! model type with `extra` (19), each known field name put into `extra` directly is skipped
//! by every writer (`to_json_for`, `write_json_for`, `to_value_for`, serde through
//! `for_version`, `serde_json::to_value`, plain `Serialize`), standalone and nested in a
//! container, for every protocol version; the output has no duplicate key and is exactly
//! what the value writes without the shadowing entry (so the type's own value is the one
//! written), and `validate()` reports the key with its path.

use std::collections::HashSet;
use std::fmt;

use mcp_content::model::{
    Annotations, AudioContent, BlobResourceContents, EmbeddedResource, ExtraFields,
    GetPromptResult, Icon, IconTheme, ImageContent, Meta, MimeType, Priority, Prompt,
    PromptArgument, PromptMessage, ReadResourceResult, Resource, ResourceContents, ResourceLink,
    ResourceTemplate, Role, TextContent, TextResourceContents, Timestamp, Tool, ToolAnnotations,
    ToolName, Uri,
};
use mcp_content::rules::Rule;
use mcp_content::rules::UriTemplate;
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, Validate};
use serde::Serialize;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value, json};

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

/// An unknown key every base value carries: the filter must keep it.
const KEPT: &str = "x-kept";

// ---------------------------------------------------------------------------------------
// A JSON parse that refuses a duplicate key at any depth.

struct Unique(Value);

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_str<E>(self, v: &str) -> Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_unit<E>(self) -> Result<Unique, E> {
        Ok(Unique(Value::Null))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
        let mut items = Vec::new();
        while let Some(Unique(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Unique(Value::Array(items)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
        let mut seen = HashSet::new();
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(de::Error::custom(format_args!("duplicate key `{key}`")));
            }
            let Unique(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Unique(Value::Object(object)))
    }
}

fn parse_unique(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str::<Unique>(text).map(|u| u.0)
}

// ---------------------------------------------------------------------------------------
// Writers

type WriteFn<T> = Box<dyn Fn(&T, ProtocolVersion) -> String>;

struct Writer<T> {
    name: String,
    /// JSON pointer to the owner object inside the output.
    at: &'static str,
    /// Whether the writer takes a version (else it runs once, for the latest).
    versioned: bool,
    write: WriteFn<T>,
}

/// The five writers of a versioned type `P` that holds `T` at `at`.
fn via<T: 'static, P: SerializeFor + 'static>(
    label: &str,
    at: &'static str,
    wrap: fn(&T) -> P,
) -> Vec<Writer<T>> {
    let writer = |name: &str, write: WriteFn<T>| Writer {
        name: format!("{label}: {name}"),
        at,
        versioned: true,
        write,
    };
    vec![
        writer(
            "to_json_for",
            Box::new(move |t, v| String::from_utf8(wrap(t).to_json_for(v)).unwrap()),
        ),
        writer(
            "write_json_for (appending)",
            Box::new(move |t, v| {
                let mut out = b"[".to_vec();
                wrap(t).write_json_for(v, &mut out);
                String::from_utf8(out[1..].to_vec()).unwrap()
            }),
        ),
        writer(
            "to_value_for",
            Box::new(move |t, v| wrap(t).to_value_for(v).to_string()),
        ),
        writer(
            "serde_json::to_string(for_version)",
            Box::new(move |t, v| serde_json::to_string(&wrap(t).for_version(v)).unwrap()),
        ),
        writer(
            "serde_json::to_value(for_version)",
            Box::new(move |t, v| {
                serde_json::to_value(wrap(t).for_version(v))
                    .unwrap()
                    .to_string()
            }),
        ),
    ]
}

/// The writers of the value alone.
fn own<T: SerializeFor + Clone + 'static>() -> Vec<Writer<T>> {
    via("alone", "", T::clone)
}

/// The unversioned writers of a `Serialize` type: `serde_json::to_string` and `to_value`.
fn plain<T: Serialize + 'static>() -> Vec<Writer<T>> {
    vec![
        Writer {
            name: "alone: serde_json::to_string".to_owned(),
            at: "",
            versioned: false,
            write: Box::new(|t, _| serde_json::to_string(t).unwrap()),
        },
        Writer {
            name: "alone: serde_json::to_value".to_owned(),
            at: "",
            versioned: false,
            write: Box::new(|t, _| serde_json::to_value(t).unwrap().to_string()),
        },
    ]
}

// ---------------------------------------------------------------------------------------
// The check

const SHADOW: &str = "__shadow__";

/// For every known field of `T`: put it into `extra` directly, write with every writer and
/// version, and check the output. Returns the number of (key, writer, version) cases.
fn check<T: ExtraFields + Validate + Clone + 'static>(mut base: T, writers: &[Writer<T>]) -> usize {
    let name = T::TYPE_NAME;
    base.extra_fields_mut().insert(KEPT, json!("kept"));
    assert!(base.validate().is_ok(), "{name}: {:?}", base.validate());
    let mut cases = 0;
    for key in T::KNOWN_FIELDS {
        let mut shadowed = base.clone();
        shadowed.extra_fields_mut().insert(*key, json!(SHADOW));
        let err = shadowed.validate().unwrap_err();
        let problems = err.problems();
        assert_eq!(problems.len(), 1, "{name} {key}: {err}");
        assert_eq!(problems[0].path, *key, "{name}");
        assert_eq!(problems[0].violation.rule, Rule::ExtraField, "{name} {key}");

        for writer in writers {
            let versions: &[ProtocolVersion] = if writer.versioned {
                &VERSIONS
            } else {
                &[ProtocolVersion::LATEST]
            };
            for &version in versions {
                let case = format!("{name}.extra[{key:?}], {}, {version:?}", writer.name);
                let expected = (writer.write)(&base, version);
                let written = (writer.write)(&shadowed, version);
                let parsed =
                    parse_unique(&written).unwrap_or_else(|e| panic!("{case}: {e} in {written}"));
                // Exactly what the value writes without the shadowing entry: the type's own
                // value (or its absence) is what was written.
                assert_eq!(written, expected, "{case}");
                let owner = parsed
                    .pointer(writer.at)
                    .and_then(Value::as_object)
                    .unwrap_or_else(|| panic!("{case}: no object at {:?}: {written}", writer.at));
                assert_ne!(owner.get(*key), Some(&json!(SHADOW)), "{case}");
                assert_eq!(owner.get(KEPT), Some(&json!("kept")), "{case}: {written}");
                cases += 1;
            }
        }
    }
    cases
}

// ---------------------------------------------------------------------------------------
// Values with their fields present, so a shadowed field has an own value to lose.

fn uri() -> Uri {
    Uri::new("file:///a.txt").unwrap()
}

fn mime(text: &str) -> MimeType {
    MimeType::new(text).unwrap()
}

fn meta() -> Meta {
    let mut meta = Meta::new();
    meta.insert("com.example/k", 1).unwrap();
    meta
}

fn annotations() -> Annotations {
    let mut a = Annotations::new()
        .audience([Role::User])
        .priority(Priority::new(0.5).unwrap());
    a.last_modified = Some(Timestamp::new("2025-01-12T15:00:58Z").unwrap());
    a
}

fn icon() -> Icon {
    Icon::new("https://example.com/i.png")
        .unwrap()
        .mime_type(mime("image/png"))
        .sizes(["48x48"])
        .theme(IconTheme::Dark)
}

fn text() -> TextContent {
    let mut t = TextContent::new("hi");
    t.annotations = Some(annotations());
    t.meta = meta();
    t
}

fn image() -> ImageContent {
    let mut b = ImageContent::new(vec![1, 2, 3], mime("image/png")).unwrap();
    b.annotations = Some(annotations());
    b.meta = meta();
    b
}

fn audio() -> AudioContent {
    let mut b = AudioContent::new(vec![1, 2, 3], mime("audio/wav")).unwrap();
    b.annotations = Some(annotations());
    b.meta = meta();
    b
}

fn link() -> ResourceLink {
    let mut b = ResourceLink::new(uri(), "a");
    b.title = Some("A".to_owned());
    b.description = Some("the a".to_owned());
    b.mime_type = Some(mime("text/plain"));
    b.size = Some(3_u64.into());
    b.icons = vec![icon()];
    b.annotations = Some(annotations());
    b.meta = meta();
    b
}

fn text_contents() -> TextResourceContents {
    let mut c = TextResourceContents::new(uri(), "x");
    c.mime_type = Some(mime("text/plain"));
    c.meta = meta();
    c
}

fn blob_contents() -> BlobResourceContents {
    let mut c = BlobResourceContents::new(uri(), vec![1, 2]);
    c.mime_type = Some(mime("application/octet-stream"));
    c.meta = meta();
    c
}

fn embedded() -> EmbeddedResource {
    let mut b = EmbeddedResource::new(text_contents());
    b.annotations = Some(annotations());
    b.meta = meta();
    b
}

fn tool_annotations() -> ToolAnnotations {
    ToolAnnotations {
        title: Some("T".to_owned()),
        read_only_hint: Some(true),
        destructive_hint: Some(false),
        idempotent_hint: Some(true),
        open_world_hint: Some(false),
        ..ToolAnnotations::default()
    }
}

fn tool() -> Tool {
    let mut t = Tool::new(ToolName::new("t").unwrap());
    t.title = Some("T".to_owned());
    t.description = Some("a tool".to_owned());
    t.output_schema = Some(mcp_content::model::JsonObject::parse(r#"{"type":"object"}"#).unwrap());
    t.annotations = Some(tool_annotations());
    t.icons = vec![icon()];
    t.meta = meta();
    t
}

fn argument() -> PromptArgument {
    PromptArgument {
        title: Some("A".to_owned()),
        description: Some("an argument".to_owned()),
        required: Some(true),
        ..PromptArgument::new("a")
    }
}

fn prompt() -> Prompt {
    let mut p = Prompt::new("p");
    p.title = Some("P".to_owned());
    p.description = Some("a prompt".to_owned());
    p.arguments = Some(vec![argument()]);
    p.icons = vec![icon()];
    p.meta = meta();
    p
}

fn message() -> PromptMessage {
    PromptMessage::new(Role::User, ContentBlock::text("hi"))
}

fn prompt_result() -> GetPromptResult {
    let mut r = GetPromptResult::new(vec![message()]);
    r.description = Some("d".to_owned());
    r.meta = meta();
    r
}

fn tool_result() -> CallToolResult {
    let mut r = CallToolResult::structured(json!({"a": 1}));
    r.is_error = Some(false);
    r.meta = meta();
    r
}

fn resource() -> Resource {
    let mut r = Resource::new(uri(), "r");
    r.title = Some("R".to_owned());
    r.description = Some("a resource".to_owned());
    r.mime_type = Some(mime("text/plain"));
    r.size = Some(3_u64.into());
    r.annotations = Some(annotations());
    r.icons = vec![icon()];
    r.meta = meta();
    r
}

fn template() -> ResourceTemplate {
    let mut r = ResourceTemplate::new(UriTemplate::parse("file:///{path}").unwrap(), "t");
    r.title = Some("T".to_owned());
    r.description = Some("a template".to_owned());
    r.mime_type = Some(mime("text/plain"));
    r.annotations = Some(annotations());
    r.icons = vec![icon()];
    r.meta = meta();
    r
}

fn read_result() -> ReadResourceResult {
    let mut r = ReadResourceResult::new(vec![text_contents().into()]);
    r.cache_scope = Some(mcp_content::model::CacheScope::Public);
    r.ttl_ms = Some(1000_u64.into());
    r.meta = meta();
    r
}

fn in_result<T: Clone + Into<ContentBlock>>(block: &T) -> CallToolResult {
    CallToolResult::new(vec![block.clone().into()])
}

fn concat<T>(lists: impl IntoIterator<Item = Vec<Writer<T>>>) -> Vec<Writer<T>> {
    lists.into_iter().flatten().collect()
}

#[test]
#[allow(clippy::too_many_lines)] // one row per model type
fn no_writer_emits_an_extra_key_that_names_a_field() {
    let mut types = 0;
    let mut cases = 0;
    let mut row = |n: usize| {
        types += 1;
        cases += n;
    };

    row(check(
        text(),
        &concat([own(), via("in CallToolResult", "/content/0", in_result)]),
    ));
    row(check(
        image(),
        &concat([own(), via("in CallToolResult", "/content/0", in_result)]),
    ));
    row(check(
        audio(),
        &concat([own(), via("in CallToolResult", "/content/0", in_result)]),
    ));
    row(check(
        link(),
        &concat([own(), via("in CallToolResult", "/content/0", in_result)]),
    ));
    row(check(
        embedded(),
        &concat([own(), via("in CallToolResult", "/content/0", in_result)]),
    ));
    row(check(
        text_contents(),
        &concat([
            via(
                "in EmbeddedResource",
                "/resource",
                |c: &TextResourceContents| EmbeddedResource::new(c.clone()),
            ),
            via(
                "in ReadResourceResult",
                "/contents/0",
                |c: &TextResourceContents| ReadResourceResult::new(vec![c.clone().into()]),
            ),
            plain::<ResourceContents>()
                .into_iter()
                .map(|w| Writer {
                    name: format!("{} (ResourceContents)", w.name),
                    at: w.at,
                    versioned: w.versioned,
                    write: Box::new(move |c: &TextResourceContents, v| {
                        (w.write)(&c.clone().into(), v)
                    }),
                })
                .collect(),
        ]),
    ));
    row(check(
        blob_contents(),
        &concat([
            via(
                "in EmbeddedResource",
                "/resource",
                |c: &BlobResourceContents| EmbeddedResource::new(c.clone()),
            ),
            via(
                "in ReadResourceResult",
                "/contents/0",
                |c: &BlobResourceContents| ReadResourceResult::new(vec![c.clone().into()]),
            ),
            plain::<ResourceContents>()
                .into_iter()
                .map(|w| Writer {
                    name: format!("{} (ResourceContents)", w.name),
                    at: w.at,
                    versioned: w.versioned,
                    write: Box::new(move |c: &BlobResourceContents, v| {
                        (w.write)(&c.clone().into(), v)
                    }),
                })
                .collect(),
        ]),
    ));
    row(check(
        annotations(),
        &concat([
            plain(),
            via("in TextContent", "/annotations", |a: &Annotations| {
                let mut t = TextContent::new("hi");
                t.annotations = Some(a.clone());
                t
            }),
            via("in Resource", "/annotations", |a: &Annotations| {
                let mut r = Resource::new(uri(), "r");
                r.annotations = Some(a.clone());
                r
            }),
        ]),
    ));
    // Icons are written from 2025-11-25 on; a container for 2025-06-18 leaves them out, so
    // the nested writers are checked through the 2025-11-25 and later output only (the
    // pointer must find the icon: a missing one fails the check).
    row(check(
        icon(),
        &concat([
            plain(),
            only_with_icons(via("in Tool", "/icons/0", |i: &Icon| {
                let mut t = Tool::new(ToolName::new("t").unwrap());
                t.icons = vec![i.clone()];
                t
            })),
            only_with_icons(via("in ResourceLink", "/icons/0", |i: &Icon| {
                let mut l = ResourceLink::new(uri(), "a");
                l.icons = vec![i.clone()];
                l
            })),
        ]),
    ));
    row(check(tool_result(), &own()));
    row(check(tool(), &own()));
    row(check(
        tool_annotations(),
        &concat([
            plain(),
            via("in Tool", "/annotations", |a: &ToolAnnotations| {
                let mut t = Tool::new(ToolName::new("t").unwrap());
                t.annotations = Some(a.clone());
                t
            }),
        ]),
    ));
    row(check(prompt(), &own()));
    row(check(
        argument(),
        &concat([
            plain(),
            via("in Prompt", "/arguments/0", |a: &PromptArgument| {
                let mut p = Prompt::new("p");
                p.arguments = Some(vec![a.clone()]);
                p
            }),
        ]),
    ));
    row(check(
        message(),
        &concat([
            own(),
            via("in GetPromptResult", "/messages/0", |m: &PromptMessage| {
                GetPromptResult::new(vec![m.clone()])
            }),
        ]),
    ));
    row(check(prompt_result(), &own()));
    row(check(resource(), &own()));
    row(check(template(), &own()));
    row(check(read_result(), &own()));

    assert_eq!(types, 19);
    println!("extra shadowing: {types} types, {cases} cases (key x writer x version)");
    assert_eq!(
        cases, EXPECTED_CASES,
        "update EXPECTED_CASES when the table grows"
    );
}

/// The number of cases the table checks (so a writer silently dropped from it shows).
const EXPECTED_CASES: usize = 2272;

/// `writers` run for the versions that write icons only.
fn only_with_icons<T: 'static>(writers: Vec<Writer<T>>) -> Vec<Writer<T>> {
    writers
        .into_iter()
        .map(|w| Writer {
            name: format!("{} (2025-11-25 and later)", w.name),
            at: w.at,
            versioned: w.versioned,
            write: Box::new(move |t, v| {
                let v = if v == ProtocolVersion::V2025_06_18 {
                    ProtocolVersion::V2025_11_25
                } else {
                    v
                };
                (w.write)(t, v)
            }),
        })
        .collect()
}

/// A shadowing key nested inside a container is reported at its full path, and the
/// container's own output stays free of it.
#[test]
fn nested_shadowing_is_reported_at_its_path_and_not_written() {
    let mut block = TextContent::new("hi");
    block.extra.insert("type", json!("image"));
    let mut result = CallToolResult::new(vec![block.into()]);
    result.extra.insert("content", json!([]));
    let err = result.validate().unwrap_err();
    let paths: Vec<&str> = err.problems().iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths.len(), 2, "{err}");
    assert!(paths.contains(&"content"), "{paths:?}");
    assert!(paths.contains(&"content[0].type"), "{paths:?}");
    for version in VERSIONS {
        let written = String::from_utf8(result.to_json_for(version)).unwrap();
        let parsed = parse_unique(&written).unwrap();
        assert_eq!(parsed["content"][0]["type"], "text", "{written}");
        assert_eq!(parsed["content"][0]["text"], "hi", "{written}");
    }
}

/// The duplicate-detecting parse does detect duplicates (else the table proves nothing).
#[test]
fn the_parse_refuses_duplicate_keys() {
    assert!(parse_unique(r#"{"a":1,"a":2}"#).is_err());
    assert!(parse_unique(r#"{"a":[{"b":1,"b":1}]}"#).is_err());
    assert!(parse_unique(r#"{"a":1,"b":{"a":2}}"#).is_ok());
}

/// The rmcp bridge refuses a shadowing key with its path: the writers skip it, so letting
/// it through would drop it without a word (`rmcp/bridge_edges.rs` covers every type and depth).
#[test]
fn the_rmcp_bridge_refuses_a_shadowing_key() {
    use mcp_content::rmcp::RmcpModel;
    let base = CallToolResult::text("hi");
    for key in CallToolResult::KNOWN_FIELDS {
        let mut shadowed = base.clone();
        shadowed.extra.insert(*key, json!(SHADOW));
        for version in VERSIONS {
            let error = shadowed.to_rmcp_for(version).unwrap_err();
            assert_eq!(error.path(), *key, "{key} {version:?}");
            assert!(
                error.message().contains("field of CallToolResult"),
                "{error}"
            );
            assert!(base.to_rmcp_for(version).is_ok());
        }
    }
}
