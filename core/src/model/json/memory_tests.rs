//! The model-memory budget of a read (`ReadLimits::max_model_bytes_per_byte`): what it
//! refuses, with which path and rule, and what it lets through. The memory itself is
//! measured by the memory benchmark, whose test mode fails over 8 bytes per input byte.

use crate::model::prompt::Prompt;
use crate::model::tool::{CallToolResult, Tool};
use crate::rules::Rule;
use crate::wire::limits::ReadLimits;
use crate::wire::read::{read_json, read_json_with};

fn list(item: &str, count: usize) -> String {
    format!("[{}]", vec![item; count].join(","))
}

#[test]
fn many_tiny_tools_in_a_plain_vec_are_refused_naming_the_element() {
    let doc = list(r#"{"name":"t","inputSchema":{"type":"object"}}"#, 20_000);
    let err = read_json::<Vec<Tool>>(doc.as_bytes()).unwrap_err();
    assert_eq!(err.rule(), Some(Rule::Limit));
    assert!(err.path().starts_with('['), "{}", err.path());
    assert!(
        err.to_string().contains("max_model_bytes_per_byte"),
        "{err}"
    );
    // Trusted input: no budget.
    let tools: Vec<Tool> = read_json_with(doc.as_bytes(), &ReadLimits::unlimited()).unwrap();
    assert_eq!(tools.len(), 20_000);
}

#[test]
fn many_empty_prompt_arguments_are_refused_at_the_list() {
    let doc = format!(
        r#"{{"name":"p","arguments":{}}}"#,
        list(r#"{"name":""}"#, 50_000)
    );
    let err = read_json::<Prompt>(doc.as_bytes()).unwrap_err();
    assert_eq!(err.rule(), Some(Rule::Limit));
    assert_eq!(err.path(), "arguments");
}

#[test]
fn ordinary_documents_are_read() {
    // Tools with a description, text blocks with a sentence: far under the budget.
    let tool = r#"{"name":"get_weather","description":"Weather for a city","inputSchema":{"type":"object"}}"#;
    let tools: Vec<Tool> = read_json(list(tool, 5_000).as_bytes()).unwrap();
    assert_eq!(tools.len(), 5_000);
    let block = r#"{"type":"text","text":"The quick brown fox jumps over the lazy dog."}"#;
    let doc = format!(r#"{{"content":{}}}"#, list(block, 20_000));
    let result: CallToolResult = read_json(doc.as_bytes()).unwrap();
    assert_eq!(result.content.len(), 20_000);
}

#[test]
fn a_small_document_is_never_refused_for_the_size_of_its_values() {
    // Two tools are charged more than 6 bytes per input byte, within the 16 KiB floor.
    let doc = list(r#"{"name":"t","inputSchema":{"type":"object"}}"#, 2);
    assert_eq!(read_json::<Vec<Tool>>(doc.as_bytes()).unwrap().len(), 2);
    let err = read_json_with::<Vec<Tool>>(
        doc.as_bytes(),
        &ReadLimits::default().with_max_model_bytes_per_byte(0),
    );
    assert!(err.is_ok(), "the floor holds whatever the ratio");
}

/// A `Value` is charged as the bytes it would be written as (`ReadLimits`, Memory): the
/// same document is refused as bytes and as a `Value`, at the same path.
#[test]
fn a_value_is_charged_as_the_bytes_it_would_be_written_as() {
    let doc = list(r#"{"name":"t","inputSchema":{"type":"object"}}"#, 20_000);
    let from_bytes = read_json::<Vec<Tool>>(doc.as_bytes()).unwrap_err();
    let value: serde_json::Value = serde_json::from_str(&doc).unwrap();
    let err = crate::wire::read::read_value::<Vec<Tool>>(value.clone()).unwrap_err();
    assert_eq!(err.rule(), Some(Rule::Limit));
    assert_eq!(err.path(), from_bytes.path());
    assert!(
        err.to_string().contains("max_model_bytes_per_byte"),
        "{err}"
    );
    let tools: Vec<Tool> =
        crate::wire::read::read_value_with(value, &ReadLimits::unlimited()).expect("no budget");
    assert_eq!(tools.len(), 20_000);
    // Ordinary documents are read as `Value`s too.
    let tool = r#"{"name":"get_weather","description":"Weather for a city","inputSchema":{"type":"object"}}"#;
    let value: serde_json::Value = serde_json::from_str(&list(tool, 5_000)).unwrap();
    assert_eq!(
        crate::wire::read::read_value::<Vec<Tool>>(value)
            .unwrap()
            .len(),
        5_000
    );
}

/// The length a `Value` is charged against is its compact JSON's, escapes not counted.
#[test]
fn the_length_of_a_value_is_its_compact_json() {
    let plain = serde_json::json!({
        "a": [1, -2.5, 1e300, null, true, false, "text", [], {}],
        "": {"nested": [[{"k": 12_345_678_901_234_567_u64}]]},
        "é": "ünï"
    });
    let len = crate::wire::limits::check_value_depth(&plain, 128, usize::MAX).ok();
    assert_eq!(len, Some(serde_json::to_string(&plain).unwrap().len()));
    let escaped = serde_json::json!({"a\"b": "line\n"});
    let len = crate::wire::limits::check_value_depth(&escaped, 128, usize::MAX).ok();
    assert_eq!(
        len,
        Some(serde_json::to_string(&escaped).unwrap().len() - 2)
    );
}

#[test]
fn the_budget_starts_again_for_each_read() {
    // Each read takes most of its budget: three of them would not fit in one.
    let tool = r#"{"name":"get_weather","description":"Weather for a city","inputSchema":{"type":"object"}}"#;
    let doc = list(tool, 1_000);
    for _ in 0..3 {
        assert_eq!(read_json::<Vec<Tool>>(doc.as_bytes()).unwrap().len(), 1_000);
    }
}
