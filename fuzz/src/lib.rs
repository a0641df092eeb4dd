//! What each fuzz target checks, one function per target. The targets in `fuzz_targets/`
//! call these; `tests/tests/security/fuzz_corpus.rs` includes this file and replays every
//! corpus file through the same functions as an ordinary test.
//!
//! Every function takes arbitrary bytes and panics only when an invariant breaks: reading
//! never panics, whatever is read passes `validate()`, what is written reads back as the
//! same JSON, tighter limits never accept what the defaults refuse, and the conversions keep
//! their documented round trips.
#![forbid(unsafe_code)]

use mcp_content::convert::{
    data_url::DataUrl, template_vars::template_vars as vars_of,
    template_vars::tool_result_template_vars,
};
use mcp_content::model::{GetPromptResult, Meta, MetaKey, ReadResourceResult, ResourceContents};
use mcp_content::rules::{self, ProtocolVersion, Rule, TemplateValue, UriTemplate};
use mcp_content::wire::{ReadLimits, read_json_with};
use mcp_content::{
    CallToolResult, Content, ContentBlock, FromContent, IntoCallToolResult, SerializeFor, Validate,
    read_json,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Every protocol version the model writes.
const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

/// Limits far below the defaults, so the fuzzer reaches every limit check.
const TIGHT: ReadLimits = ReadLimits::new()
    .with_max_document_bytes(4096)
    .with_max_depth(6)
    .with_max_binary_bytes(16);

/// Reads `data` as `T` and checks the model's invariants; returns the value when it reads.
fn read_model<T>(data: &[u8]) -> Option<T>
where
    T: DeserializeOwned + SerializeFor + Validate + PartialEq + std::fmt::Debug,
{
    let read = read_json::<T>(data);
    // Tighter limits refuse more, never less, and what they accept reads the same.
    match (read_json_with::<T>(data, &TIGHT), &read) {
        (Ok(tight), Ok(value)) => assert_eq!(&tight, value, "tight limits read differently"),
        (Ok(_), Err(e)) => panic!("tight limits accept what the defaults refuse: {e}"),
        (Err(_), _) => {}
    }
    let value = read.ok()?;
    // Whatever was read passed every rule on the way in. An unknown block is the exception
    // `validate` reports (no version's schema has it), though it is relayed as it came.
    if let Err(e) = value.validate()
        && !e
            .problems()
            .iter()
            .all(|p| p.violation.message.contains("relayed, not validated"))
    {
        panic!("read, but validate() fails: {e}");
    }
    let latest = value.to_value_for(ProtocolVersion::LATEST);
    for version in VERSIONS {
        // What is written for any version reads back.
        let bytes = value.to_json_for(version);
        let again = read_json_with::<T>(&bytes, &ReadLimits::unlimited()).unwrap_or_else(|e| {
            panic!(
                "written for {version:?} but does not read back: {e}\n{}",
                String::from_utf8_lossy(&bytes)
            )
        });
        // The latest version loses nothing: write → read → write is the same JSON.
        if version == ProtocolVersion::LATEST {
            assert_eq!(
                again.to_value_for(version),
                latest,
                "not lossless: {}",
                String::from_utf8_lossy(&bytes)
            );
        }
    }
    Some(value)
}

/// `call_tool_result`: a `CallToolResult` from arbitrary JSON.
pub fn call_tool_result(data: &[u8]) {
    if let Some(result) = read_model::<CallToolResult>(data) {
        let _ = result.is_error();
    }
}

/// `get_prompt_result`: a `GetPromptResult` from arbitrary JSON.
pub fn get_prompt_result(data: &[u8]) {
    let _ = read_model::<GetPromptResult>(data);
}

/// `read_resource_result`: a `ReadResourceResult` from arbitrary JSON; each contents'
/// payload decodes.
pub fn read_resource_result(data: &[u8]) {
    if let Some(result) = read_model::<ReadResourceResult>(data) {
        for contents in &result.contents {
            if let ResourceContents::Blob(blob) = contents {
                let bytes = blob.blob.to_bytes().expect("a blob read is base64");
                assert_eq!(bytes.len(), blob.blob.decoded_len());
            }
        }
    }
}

/// `content_block`: one `ContentBlock` from arbitrary JSON; binary payloads decode to their
/// announced length.
pub fn content_block(data: &[u8]) {
    if let Some(block) = read_model::<ContentBlock>(data) {
        let _ = block.kind();
        if let ContentBlock::Image(image) = &block {
            let bytes = image.data.to_bytes().expect("image data read is base64");
            assert_eq!(bytes.len(), image.data.decoded_len());
        }
    }
}

/// A derived type with text, an image, an embedded resource behind a URI template, and
/// `_meta` from a literal and from a field: what `derived_read_back` reads back.
#[derive(Content, Debug, PartialEq)]
#[content(meta("com.example/source" = "fuzz"))]
pub struct Report {
    /// A text block.
    #[content(text)]
    pub summary: String,
    /// A text block parsed as a number.
    #[content(text)]
    pub count: u32,
    /// An image block.
    #[content(image(mime = "image/png"))]
    pub chart: Vec<u8>,
    /// An embedded text resource whose URI carries `name`.
    #[content(resource(uri = "file:///reports/{name}.json", mime = "application/json"))]
    pub raw: String,
    /// The template variable of `raw`'s URI.
    pub name: String,
    /// A value in the result's `_meta`.
    #[content(meta = "com.example/city")]
    pub city: String,
}

/// `derived_read_back`: `Report::from_call_tool_result` on a result read from arbitrary
/// JSON; what reads back writes and reads back equal.
pub fn derived_read_back(data: &[u8]) {
    let Ok(result) = read_json::<CallToolResult>(data) else {
        return;
    };
    let Ok(report) = Report::from_call_tool_result(&result) else {
        return;
    };
    let written = Report {
        summary: report.summary.clone(),
        count: report.count,
        chart: report.chart.clone(),
        raw: report.raw.clone(),
        name: report.name.clone(),
        city: report.city.clone(),
    }
    .into_call_tool_result();
    if let Err(e) = written.validate() {
        panic!("a derived value writes an invalid result: {e}");
    }
    let again = Report::from_call_tool_result(&written)
        .unwrap_or_else(|e| panic!("a derived value does not read back: {e}\n{written:?}"));
    assert_eq!(again, report, "derived round trip");
}

/// `uri_template`: the first line is a template, the rest a URI. Parsing, expansion,
/// matching and the traversal guards never panic; matched names are the template's; a
/// template of one `{x}` or `{+x}` gets any string back from its expansion.
pub fn uri_template(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (source, uri) = text.split_once('\n').unwrap_or((text, ""));
    let Ok(template) = UriTemplate::parse(source) else {
        return;
    };
    let variables = template.variables();
    let _ = template.expand(&|_| Some(TemplateValue::Str(uri)));
    let _ = template.expand(&|_| Some(TemplateValue::List(uri.split(',').collect())));
    if let Some(matched) = template.match_uri(uri) {
        let mut order = variables.iter();
        for (name, value) in &matched {
            // Names come back in `variables()` order, each once.
            assert!(
                order.any(|v| v == name),
                "{name} not in order of {variables:?}"
            );
            let multi = rules::is_path_traversal_multi_segment(value);
            let single = rules::is_path_traversal(value);
            assert!(
                !multi || single,
                "{value:?}: multi-segment traversal but one segment is fine"
            );
            let _ = template.keeps_slashes(name);
        }
    }
    if let [name] = variables.as_slice()
        && source.matches('{').count() == 1
        && (source.contains(&format!("{{{name}}}")) || source.contains(&format!("{{+{name}}}")))
    {
        let expanded = template.expand(&|_| Some(TemplateValue::Str(uri)));
        assert_eq!(
            template.match_uri(&expanded),
            Some(vec![((*name).to_owned(), uri.to_owned())]),
            "{source} expanded to {expanded}"
        );
    }
}

/// `data_url`: `DataUrl::parse` never panics; what parses writes a URL that parses to the
/// same bytes and writes the same URL again.
pub fn data_url(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(url) = DataUrl::parse(text) else {
        return;
    };
    let written = DataUrl::encode(&url.mime_type, &url.data);
    let again = DataUrl::parse(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    assert_eq!(
        again.data.to_bytes().expect("parsed data decodes"),
        url.data.to_bytes().expect("parsed data decodes"),
        "{written}"
    );
    assert_eq!(DataUrl::encode(&again.mime_type, &again.data), written);
    let _ = url.clone().into_image();
    let _ = url.into_audio();
}

/// `meta_key`: the `_meta` key checks agree with each other, with [`MetaKey`], with
/// [`Meta::insert`] and with reading `_meta` from JSON.
pub fn meta_key(data: &[u8]) {
    let Ok(key) = std::str::from_utf8(data) else {
        return;
    };
    let grammar = rules::check_meta_key(key);
    let user = rules::check_user_meta_key(key);
    let reserved = VERSIONS
        .iter()
        .any(|&v| rules::reserved_meta_prefix(key, v));
    assert_eq!(user.is_ok(), grammar.is_ok() && !reserved, "{key:?}");
    if let Err(v) = &user {
        assert!(
            matches!(v.rule, Rule::MetaKey | Rule::MetaKeyReserved),
            "{v}"
        );
    }
    assert_eq!(MetaKey::new(key).is_ok(), grammar.is_ok());
    assert_eq!(MetaKey::user(key).is_ok(), user.is_ok());
    assert_eq!(Meta::new().insert(key, 1).is_ok(), user.is_ok());
    let mut object = serde_json::Map::new();
    object.insert(key.to_owned(), Value::from(1));
    let read = serde_json::from_value::<Meta>(Value::Object(object.clone()));
    assert_eq!(read.is_ok(), grammar.is_ok(), "{key:?}");
    assert_eq!(Meta::from_map(object).is_ok(), grammar.is_ok());
}

/// `template_vars`: the template-variable map of a result read from arbitrary JSON has one
/// string per text, image and embedded resource block, under vMCP's key scheme.
pub fn template_vars(data: &[u8]) {
    let Ok(result) = read_json::<CallToolResult>(data) else {
        return;
    };
    let vars = vars_of(&result.content);
    let counted = result
        .content
        .iter()
        .filter(|b| {
            matches!(
                b,
                ContentBlock::Text(_) | ContentBlock::Image(_) | ContentBlock::Resource(_)
            )
        })
        .count();
    assert_eq!(
        vars.len(),
        counted,
        "one key per text, image and resource block"
    );
    assert!(vars.values().all(Value::is_string));
    if let Some(first) = result.content.iter().find_map(ContentBlock::as_text) {
        assert_eq!(vars.get("text").and_then(Value::as_str), Some(first));
    }
    let whole = tool_result_template_vars(&result);
    match result
        .structured_content
        .as_ref()
        .map(mcp_content::model::RawJson::to_value)
    {
        Some(Value::Object(object)) => assert_eq!(whole, object),
        _ => assert_eq!(whole, vars),
    }
}
