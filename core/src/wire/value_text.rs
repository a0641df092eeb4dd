//! A `serde_json::Value` as compact JSON text, without recursion.
//!
//! `serde_json` writes (`to_string`, `Display`, `to_raw_value`) and drops a `Value` by
//! recursing once per level, so a value nested 100,000 levels deep, built in process, would
//! overflow the stack. Every place that turns a caller's `Value` into text goes through
//! [`compact_json`], which writes the same bytes `serde_json::to_string` writes; every place
//! that turns model text back into a `Value` through [`parse_value`], which takes what
//! `serde_json` stops at (nesting past 128 levels) instead of failing.

use std::fmt::Write as _;

use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// `value` as compact JSON, byte for byte what `serde_json::to_string` writes (member order
/// as the map holds it, strings escaped as `serde_json` escapes them), at any depth.
pub(crate) fn compact_json(value: &Value) -> String {
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
                push_string(&mut out, key);
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
            Step::Value(Value::String(text)) => push_string(&mut out, text),
            // A scalar's `Display` does not recurse; writing to a `String` cannot fail.
            Step::Value(scalar) => {
                let _ = write!(out, "{scalar}");
            }
        }
    }
    out
}

/// Appends `text` as a JSON string literal, escaped as `serde_json` escapes it: `"`, `\`
/// and the control characters below U+0020 (the short forms `\b \f \n \r \t` where JSON
/// has them, else `\u00xx` in lower-case hex); nothing else.
pub(crate) fn push_string(out: &mut String, text: &str) {
    out.push('"');
    let mut start = 0;
    for (at, byte) in text.bytes().enumerate() {
        let short = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            0x08 => "\\b",
            0x0C => "\\f",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x00..=0x1F => "",
            _ => continue,
        };
        // Only ASCII bytes stop here, so `at` is a character boundary.
        out.push_str(&text[start..at]);
        if short.is_empty() {
            let _ = write!(out, "\\u{byte:04x}");
        } else {
            out.push_str(short);
        }
        start = at + 1;
    }
    out.push_str(&text[start..]);
    out.push('"');
}

/// JSON text as a `Value`: `serde_json`'s parser, and for text it refuses only for nesting
/// past its 128 levels, a parse without recursion (each scalar still read by `serde_json`,
/// so numbers and strings come out as they would). Text the model holds (a [`RawJson`],
/// a member of a [`JsonObject`]) is valid JSON, so this does not fail on it: no reader of
/// model text needs a fallback value.
///
/// The `Value` it returns drops recursively, as any `Value` does: a caller holding one
/// thousands of levels deep drops it with `wire::limits::drop_iteratively`.
///
/// [`RawJson`]: crate::model::RawJson
/// [`JsonObject`]: crate::model::JsonObject
pub(crate) fn parse_value(text: &str) -> Result<Value, serde_json::Error> {
    match serde_json::from_str(text) {
        Ok(value) => Ok(value),
        Err(error) if error.to_string().starts_with("recursion limit exceeded") => {
            parse_deep(text).ok_or(error)
        }
        Err(error) => Err(error),
    }
}

/// A model value (whose `Serialize` writes raw JSON text: unknown fields, `_meta`,
/// structured content) as a `Value`, at any depth. Not `serde_json::to_value`: it reads the
/// raw text inside with the parser's 128-level limit and fails on deeper text; this writes
/// the value, then reads it with [`parse_value`].
pub(crate) fn model_to_value<T: serde::Serialize + ?Sized>(
    value: &T,
) -> Result<Value, serde_json::Error> {
    parse_value(&serde_json::to_string(value)?)
}

enum Frame {
    Array(Vec<Value>),
    Object(Map<String, Value>, Option<String>),
}

/// Valid JSON `text` of any depth as a `Value`, without recursion; `None` when it is not
/// valid JSON.
fn parse_deep(text: &str) -> Option<Value> {
    // `serde_json` checks a raw value without recursion: past this, the text is valid.
    serde_json::from_str::<&RawValue>(text).ok()?;
    let bytes = text.as_bytes();
    let mut frames: Vec<Frame> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let done = match bytes[at] {
            b' ' | b'\n' | b'\t' | b'\r' | b',' | b':' => {
                at += 1;
                continue;
            }
            b'[' => {
                frames.push(Frame::Array(Vec::new()));
                at += 1;
                continue;
            }
            b'{' => {
                frames.push(Frame::Object(Map::new(), None));
                at += 1;
                continue;
            }
            b']' | b'}' => {
                at += 1;
                match frames.pop()? {
                    Frame::Array(items) => Value::Array(items),
                    Frame::Object(map, _) => Value::Object(map),
                }
            }
            b'"' => {
                let mut end = at + 1;
                while bytes[end] != b'"' {
                    end += if bytes[end] == b'\\' { 2 } else { 1 };
                }
                let string: String = serde_json::from_str(&text[at..=end]).ok()?;
                at = end + 1;
                if let Some(Frame::Object(_, key @ None)) = frames.last_mut() {
                    *key = Some(string);
                    continue;
                }
                Value::String(string)
            }
            _ => {
                let end = bytes[at..]
                    .iter()
                    .position(|b| matches!(b, b',' | b']' | b'}' | b' ' | b'\n' | b'\t' | b'\r'))
                    .map_or(bytes.len(), |len| at + len);
                let scalar = serde_json::from_str(&text[at..end]).ok()?;
                at = end;
                scalar
            }
        };
        match frames.last_mut() {
            None => return Some(done),
            Some(Frame::Array(items)) => items.push(done),
            Some(Frame::Object(map, key)) => {
                map.insert(key.take()?, done);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{compact_json, parse_value, push_string};
    use serde_json::{Value, json};

    #[test]
    fn compact_json_is_what_serde_json_writes() {
        for value in [
            json!(null),
            json!(1.5),
            json!(-0),
            json!(-0.0),
            json!(1e100),
            json!(u64::MAX),
            json!(i64::MIN),
            json!(true),
            json!("a\"b\u{1}\u{1f}\u{7f}\u{8}\u{c}\n\r\t\\/é😀"),
            json!([]),
            json!({}),
            json!([1, "a", null, [[]], {"k": [{}]}]),
            json!({"b": 1, "a": {"x\n\u{0}": [true, false]}, "": ""}),
        ] {
            let expected = serde_json::to_string(&value).unwrap();
            assert_eq!(compact_json(&value), expected, "{value}");
            assert_eq!(compact_json(&value), value.to_string(), "{value}");
        }
    }

    #[test]
    fn every_control_character_is_escaped_as_serde_json_does() {
        let text: String = (0u8..=0x7F).map(char::from).collect();
        let mut out = String::new();
        push_string(&mut out, &text);
        assert_eq!(out, serde_json::to_string(&text).unwrap());
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

    #[test]
    fn parse_value_is_what_serde_json_reads_at_any_depth() {
        let texts = [
            r#"{"b":1E2,"a":[1,-0,1.5e-7,"x\"\\\u0041y",true,false,null,{}],"":[[]]}"#,
            r#"  [ 1 , { "k" : "v" } ]  "#,
            "123456789012345678901234567890",
            r#""\ud83d\ude00""#,
        ];
        for text in texts {
            let expected: Value = serde_json::from_str(text).unwrap();
            assert_eq!(parse_value(text).unwrap(), expected, "{text}");
            assert_eq!(super::parse_deep(text).unwrap(), expected, "{text}");
        }
        // Past `serde_json`'s 128 levels.
        let depth = 300;
        let text = format!(
            "{}{}{}",
            "[{\"k\":".repeat(depth),
            "1.5",
            "}]".repeat(depth)
        );
        let value = parse_value(&text).unwrap();
        assert_eq!(compact_json(&value), text);
        assert!(parse_value("[1,]").is_err());
        assert!(super::parse_deep(&"[".repeat(200)).is_none());
    }
}
