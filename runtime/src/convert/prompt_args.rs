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
/// use mcp_content::convert::prompt_argument;
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
        other => Some(compact_json(other)),
    }
}

/// `value` as compact JSON, as its `Display` writes it (`1.5`, `true`, `[1,"a"]`), but
/// without recursion: `Display` recurses once per level, and an argument nested 100,000
/// levels deep (built in process) would overflow the stack.
fn compact_json(value: &Value) -> String {
    enum Step<'a> {
        Value(&'a Value),
        Key(&'a str),
        Text(&'static str),
    }
    let mut out = String::new();
    let mut steps = vec![Step::Value(value)];
    // Children go on the stack last-first, each after the `,` before it.
    while let Some(step) = steps.pop() {
        match step {
            Step::Text(text) => out.push_str(text),
            Step::Key(key) => {
                out.push_str(&Value::from(key).to_string());
                out.push(':');
            }
            Step::Value(Value::Array(items)) => {
                out.push('[');
                steps.push(Step::Text("]"));
                for (index, item) in items.iter().enumerate().rev() {
                    steps.push(Step::Value(item));
                    if index > 0 {
                        steps.push(Step::Text(","));
                    }
                }
            }
            Step::Value(Value::Object(map)) => {
                out.push('{');
                steps.push(Step::Text("}"));
                let members: Vec<_> = map.iter().collect();
                for (index, (key, item)) in members.into_iter().enumerate().rev() {
                    steps.push(Step::Value(item));
                    steps.push(Step::Key(key));
                    if index > 0 {
                        steps.push(Step::Text(","));
                    }
                }
            }
            Step::Value(scalar) => out.push_str(&scalar.to_string()),
        }
    }
    out
}

/// The string map `prompts/get` takes, from any JSON map: each value by [`prompt_argument`],
/// `null` values omitted. Taking the map by value moves strings instead of copying them.
///
/// ```
/// use mcp_content::convert::prompt_arguments;
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

#[cfg(test)]
mod tests {
    use super::compact_json;
    use serde_json::{Value, json};

    #[test]
    fn compact_json_is_what_display_writes() {
        for value in [
            json!(1.5),
            json!(-0),
            json!(1e100),
            json!(true),
            json!("a\"b\u{1}"),
            json!([]),
            json!({}),
            json!([1, "a", null, [[]], {"k": [{}]}]),
            json!({"b": 1, "a": {"x\n": [true, false]}, "": ""}),
        ] {
            assert_eq!(compact_json(&value), value.to_string(), "{value}");
        }
    }

    #[test]
    fn compact_json_takes_any_depth() {
        // On a 2 MiB stack, where `Display` of this value would overflow; built and dropped
        // without recursion.
        std::thread::Builder::new()
            .stack_size(2 * 1024 * 1024)
            .spawn(|| {
                let depth = 100_000;
                let value = (0..depth).fold(json!({"k": 1}), |v, _| Value::Array(vec![v]));
                let text = compact_json(&value);
                // Checked before the assertion: a failing one would unwind and drop `value`
                // recursively.
                let expected =
                    format!("{}{}{}", "[".repeat(depth), r#"{"k":1}"#, "]".repeat(depth));
                let same = text == expected;
                crate::wire::limits::drop_iteratively(value);
                assert!(same);
            })
            .unwrap()
            .join()
            .unwrap();
    }
}
