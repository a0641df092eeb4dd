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

/// How [`escaped_pieces`] writes each byte: 0 as it is, else the letter after `\`
/// (`u` for `\u00XX`). The same escapes as `serde_json`: `"`, `\\` and the control
/// characters, `\b \f \n \r \t` by letter; nothing else (not `/`, not DEL).
const ESCAPE: [u8; 256] = {
    let mut table = [0_u8; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = b'u';
        byte += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0a] = b'n';
    table[0x0c] = b'f';
    table[0x0d] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

/// `text` as the inside of a JSON string, escaped byte for byte as `serde_json` escapes it,
/// handed to `put` piece by piece: runs of `text` that need no escape and the escapes
/// between them. Written here because `serde_json` looks at every byte of a string through
/// its table, one at a time, and has no way to hand it a faster scan: in a small result that
/// loop was half the time of writing it (`perf`, encode-small). This one passes over eight
/// bytes at once while none of them needs escaping (a word's bytes tested below 0x20, for
/// `"` and for a backslash together). Only ASCII bytes are escaped, so every run ends on a
/// character boundary.
fn escaped_pieces(text: &str, mut put: impl FnMut(&str)) {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    const HEX: &[u8; 16] = b"0123456789abcdef";
    // Whether a byte of `word` is zero: exact as a yes or no for the whole word.
    let has_zero = |word: u64| word.wrapping_sub(ONES) & !word & HIGH != 0;
    let needs_escape = |word: u64| {
        // A byte below 0x20 (never a false yes: 0x20 is at most 0x80).
        word.wrapping_sub(ONES * 0x20) & !word & HIGH != 0
            || has_zero(word ^ (ONES * u64::from(b'"')))
            || has_zero(word ^ (ONES * u64::from(b'\\')))
    };
    let bytes = text.as_bytes();
    let mut copied = 0;
    let mut at = 0;
    while at < bytes.len() {
        if let Some(word) = bytes.get(at..at + 8) {
            let mut eight = [0_u8; 8];
            eight.copy_from_slice(word);
            if !needs_escape(u64::from_ne_bytes(eight)) {
                at += 8;
                continue;
            }
        }
        let byte = bytes[at];
        let escape = ESCAPE[usize::from(byte)];
        if escape != 0 {
            put(&text[copied..at]);
            let sequence = [
                b'\\',
                escape,
                b'0',
                b'0',
                HEX[usize::from(byte >> 4)],
                HEX[usize::from(byte & 0x0f)],
            ];
            let length = if escape == b'u' { 6 } else { 2 };
            // ASCII bytes only: always UTF-8.
            put(std::str::from_utf8(&sequence[..length]).unwrap_or_default());
            copied = at + 1;
        }
        at += 1;
    }
    put(&text[copied..]);
}

/// `text` as a JSON string at the end of `out`, escaped as `serde_json` escapes it.
pub(crate) fn push_string(out: &mut String, text: &str) {
    out.reserve(text.len() + 2);
    out.push('"');
    escaped_pieces(text, |piece| out.push_str(piece));
    out.push('"');
}

/// [`push_string`] into bytes: what the model's writer and the canonical JSON of a request's
/// state write strings with.
pub(crate) fn write_string(out: &mut Vec<u8>, text: &str) {
    out.reserve(text.len() + 2);
    out.push(b'"');
    escaped_pieces(text, |piece| out.extend_from_slice(piece.as_bytes()));
    out.push(b'"');
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
    use super::{compact_json, parse_value, push_string, write_string};
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

    /// `value` as both writers write it, which must agree.
    fn written(value: &str) -> Vec<u8> {
        let mut bytes = Vec::new();
        write_string(&mut bytes, value);
        let mut text = String::new();
        push_string(&mut text, value);
        assert_eq!(text.as_bytes(), bytes, "{value:?}");
        bytes
    }

    #[test]
    fn a_string_is_escaped_exactly_as_serde_json_escapes_it_wherever_the_escape_falls() {
        // Every ASCII byte and some wider characters, at every place in and around the
        // eight-byte words, alone and in runs.
        let mut odd: Vec<String> = (0_u8..0x80)
            .map(|byte| char::from(byte).to_string())
            .collect();
        odd.extend(
            [
                "é",
                "€",
                "𝄞",
                "\u{7f}",
                "\u{2028}",
                "\"\\",
                "\n\r\t\u{8}\u{c}\u{0}\u{1f}",
            ]
            .map(str::to_owned),
        );
        for piece in &odd {
            for before in 0..18 {
                for after in [0, 1, 7, 8, 9] {
                    let value = format!("{}{piece}{}", "a".repeat(before), "ü".repeat(after));
                    let expected = serde_json::to_vec(&value).expect("strings serialize");
                    assert_eq!(written(&value), expected, "{value:?}");
                }
            }
        }
        let long: String = (0..2_000)
            .map(|i| char::from(b" \"\\az\n\x01~"[i % 8]))
            .collect();
        assert_eq!(
            written(&long),
            serde_json::to_vec(&long).expect("serializes")
        );
        assert_eq!(written(""), b"\"\"");
    }
}
