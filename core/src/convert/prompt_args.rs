//! Prompt arguments: `prompts/get` takes a map of strings, callers (workflows, LLM tool calls)
//! hold arbitrary JSON. The rule of `ToolHive` `vMCP`'s `ConvertPromptArguments`, with `null`
//! decided:
//!
//! | JSON value | argument |
//! |---|---|
//! | string | the string as it is (no quotes) |
//! | number, boolean | its JSON spelling: `42`, `-1.5`, `1e+100`, `true` |
//! | array, object | compact JSON: `[1,"a"]`, `{"k":null}` |
//! | `null` | **omitted** |
//!
//! Why `null` is omitted: prompt arguments are optional by absence (`PromptArgument.required`),
//! so `null` ("no value") maps onto "not given"; writing the string `"null"` would be
//! indistinguishable from a caller who really passed the text `null`, and a server would
//! render it into the prompt. A required argument that arrives as `null` is therefore reported
//! missing by the server, which is what happened.

use std::collections::BTreeMap;

use serde_json::Value;

/// One argument value as `prompts/get` takes it, or `None` for `null` (see the [module
/// docs](self) for the rule).
///
/// ```
/// use mcp_content::convert::prompt_args::prompt_argument;
/// use serde_json::json;
///
/// assert_eq!(prompt_argument(&json!("Paris")).as_deref(), Some("Paris"));
/// assert_eq!(prompt_argument(&json!(3)).as_deref(), Some("3"));
/// assert_eq!(prompt_argument(&json!(0.5)).as_deref(), Some("0.5"));
/// assert_eq!(prompt_argument(&json!(false)).as_deref(), Some("false"));
/// assert_eq!(prompt_argument(&json!([1, "a"])).as_deref(), Some(r#"[1,"a"]"#));
/// assert_eq!(prompt_argument(&json!({"k": true})).as_deref(), Some(r#"{"k":true}"#));
/// assert_eq!(prompt_argument(&json!(null)), None);
/// ```
pub fn prompt_argument(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(text) => Some(text.clone()),
        // Not `Display`: it recurses once per level (see `wire::value_text`).
        other => Some(crate::wire::value_text::compact_json(other)),
    }
}

/// The string map `prompts/get` takes, from any JSON map: each value by [`prompt_argument`],
/// `null` values omitted. Taking the map by value moves strings instead of copying them.
///
/// ```
/// use mcp_content::convert::prompt_args::prompt_arguments;
/// use serde_json::json;
///
/// let args = json!({"city": "Paris", "days": 3, "units": null, "tags": ["a", "b"]});
/// let serde_json::Value::Object(args) = args else { unreachable!() };
/// let strings = prompt_arguments(args);
/// assert_eq!(
///     serde_json::to_value(&strings).unwrap(),
///     json!({"city": "Paris", "days": "3", "tags": "[\"a\",\"b\"]"})
/// );
/// ```
pub fn prompt_arguments(
    arguments: impl IntoIterator<Item = (String, Value)>,
) -> BTreeMap<String, String> {
    arguments
        .into_iter()
        .filter_map(|(name, value)| {
            let text = match value {
                Value::String(text) => text,
                other => {
                    let text = prompt_argument(&other);
                    // `Value`'s own drop recurses once per level.
                    crate::wire::limits::drop_iteratively(other);
                    text?
                }
            };
            Some((name, text))
        })
        .collect()
}
