//! Numbers a `serde_json::Value` cannot hold exactly, found in JSON text before it becomes
//! one: without `serde_json`'s `arbitrary_precision` (a feature of the whole build, which
//! this crate does not impose), an integer past 64 bits parses as the nearest `f64`
//! (`18446744073709551617` becomes `1.8446744073709552e19`), silently. Text read into a
//! serde type directly keeps it (`u128`, `i128`, a raw JSON field); where the text must go
//! into a `Value`, such a number is refused with its path instead.
//!
//! Also the one member of a JSON object as its own text (`{"result": …}` unwrapped without
//! going through a `Value`).

use std::collections::HashMap;

use serde::Deserialize;
use serde::de::{MapAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::wire::error::{ReadError, cut, join_path};

/// The members of an object as their own texts, in order.
struct Members<'a>(Vec<(String, &'a RawValue)>);

impl<'de> Deserialize<'de> for Members<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MembersVisitor;
        impl<'de> Visitor<'de> for MembersVisitor {
            type Value = Members<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Members<'de>, A::Error> {
                let mut members = Vec::new();
                while let Some(entry) = map.next_entry::<String, &'de RawValue>()? {
                    members.push(entry);
                }
                Ok(Members(members))
            }
        }
        deserializer.deserialize_map(MembersVisitor)
    }
}

/// The text of member `key` of the JSON object `text`, or `None` when `text` is not an
/// object or has no such member.
pub(crate) fn object_member<'a>(text: &'a str, key: &str) -> Option<&'a RawValue> {
    if !text.trim_start().starts_with('{') {
        return None;
    }
    let members: Members<'a> = serde_json::from_str(text).ok()?;
    members
        .0
        .into_iter()
        .find_map(|(name, value)| (name == key).then_some(value))
}

/// The number of members of the JSON object `text` (`None` when it is not one).
pub(crate) fn object_len(text: &str) -> Option<usize> {
    if !text.trim_start().starts_with('{') {
        return None;
    }
    serde_json::from_str::<Members<'_>>(text)
        .ok()
        .map(|members| members.0.len())
}

/// `text` (valid JSON) as a `Value`, or an error at `prefix` + the path of the first number
/// the `Value` would not hold exactly: an integer literal outside `i64` and `u64`, or a
/// number past `f64`'s range (`1E400`).
pub(crate) fn exact_value(text: &str, prefix: &str) -> Result<Value, ReadError> {
    check_exact(text, prefix)?;
    crate::wire::value_text::parse_value(text)
        .map_err(|e| ReadError::message(prefix, format!("not JSON: {}", cut(&e.to_string()))))
}

/// [`exact_value`]'s check alone.
pub(crate) fn check_exact(text: &str, prefix: &str) -> Result<(), ReadError> {
    // A number that does not fit has at least 19 digits in a row (`i64` holds every
    // 18-digit integer) or an exponent; text with neither needs no walk.
    if !may_be_inexact(text) {
        return Ok(());
    }
    let raw: &RawValue = serde_json::from_str(text)
        .map_err(|e| ReadError::message(prefix, format!("not JSON: {}", cut(&e.to_string()))))?;
    match first_inexact(raw, String::new()) {
        None => Ok(()),
        Some((path, number, why)) => Err(ReadError::message(
            join_path(prefix, &path),
            format!(
                "the number {} {why}; a `serde_json::Value` would hold another number: \
                 read it into a type that holds it (`u128`, `i128`, `RawJson`)",
                cut(number)
            ),
        )),
    }
}

/// `text` (valid JSON) as a `Value` to compare with another: a number a `Value` does not
/// hold exactly is kept as a string of its text behind a tag no JSON string of a document
/// starts with (a NUL), so two integers past 64 bits that round to the same `f64` still
/// differ. Text nested past the parser's 128 levels is read as [`parse_value`] reads it.
///
/// [`parse_value`]: crate::wire::value_text::parse_value
pub(crate) fn comparable_value(text: &str) -> Result<Value, serde_json::Error> {
    if !may_be_inexact(text) {
        return crate::wire::value_text::parse_value(text);
    }
    match serde_json::from_str::<&RawValue>(text) {
        Ok(raw) => Ok(tagged(raw)),
        Err(_) => crate::wire::value_text::parse_value(text),
    }
}

/// The tag before the text of a number kept as a string by [`comparable_value`].
const NUMBER_TAG: &str = "\u{0}number ";

/// The text of a number [`comparable_value`] kept as a tagged string.
pub(crate) fn tagged_number(text: &str) -> Option<&str> {
    text.strip_prefix(NUMBER_TAG)
}

/// `raw` as a `Value`, numbers it would not hold as tagged strings. Recursion is bounded by
/// the parser's depth limit, which `raw` passed.
fn tagged(raw: &RawValue) -> Value {
    let text = raw.get();
    match text.as_bytes().first() {
        Some(b'{') => match serde_json::from_str::<Members<'_>>(text) {
            Ok(members) => Value::Object(
                members
                    .0
                    .into_iter()
                    .map(|(key, value)| (key, tagged(value)))
                    .collect(),
            ),
            Err(_) => Value::Null,
        },
        Some(b'[') => match serde_json::from_str::<Vec<&RawValue>>(text) {
            Ok(items) => Value::Array(items.into_iter().map(tagged).collect()),
            Err(_) => Value::Null,
        },
        Some(b'-' | b'0'..=b'9') if number_problem(text).is_some() => {
            Value::String(format!("{NUMBER_TAG}{text}"))
        }
        _ => serde_json::from_str(text).unwrap_or(Value::Null),
    }
}

fn may_be_inexact(text: &str) -> bool {
    let mut run = 0;
    for byte in text.bytes() {
        if byte.is_ascii_digit() {
            run += 1;
            if run >= 19 {
                return true;
            }
        } else {
            if matches!(byte, b'e' | b'E') && run > 0 {
                return true;
            }
            run = 0;
        }
    }
    false
}

/// The path, text and reason of the first number in `raw` a `Value` does not hold exactly.
/// Recursion is bounded by the JSON parser's depth limit, which `raw` already passed.
fn first_inexact(raw: &RawValue, at: String) -> Option<(String, &str, &'static str)> {
    let text = raw.get();
    match text.as_bytes().first()? {
        b'{' => {
            let members: Members<'_> = serde_json::from_str(text).ok()?;
            members.0.into_iter().find_map(|(key, value)| {
                let path = join_path(&at, &member_path(&key));
                first_inexact(value, path)
            })
        }
        b'[' => {
            let items: Vec<&RawValue> = serde_json::from_str(text).ok()?;
            items
                .into_iter()
                .enumerate()
                .find_map(|(index, value)| first_inexact(value, format!("{at}[{index}]")))
        }
        b'-' | b'0'..=b'9' => number_problem(text).map(|why| (at, text, why)),
        _ => None,
    }
}

/// One step of a path inside a JSON value: an object member or an array index.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Step {
    Key(String),
    Index(usize),
}

/// `steps` as an error path after `prefix` (`structuredContent.a[1].b`), as
/// [`check_exact`] names them.
pub(crate) fn render_path(prefix: &str, steps: &[Step]) -> String {
    let mut at = String::new();
    for step in steps {
        at = match step {
            Step::Key(key) => join_path(&at, &member_path(key)),
            Step::Index(index) => format!("{at}[{index}]"),
        };
    }
    join_path(prefix, &at)
}

/// The paths of the integer literals of a JSON text outside `i64` and `u64`, as a tree
/// (node 0 the root): shared prefixes are held once, so its size is bounded by the number
/// of values in the text, whatever their depth.
#[derive(Default)]
pub(crate) struct BigIntegers {
    nodes: Vec<PathNode>,
}

#[derive(Default)]
struct PathNode {
    children: HashMap<Step, usize>,
    big: bool,
}

impl BigIntegers {
    /// Whether the text has no such integer.
    pub(crate) fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The root's node (`None` when the text has no such integer).
    pub(crate) fn root(&self) -> Option<usize> {
        (!self.nodes.is_empty()).then_some(0)
    }

    /// The node one `step` below `node`, when a big integer is there or below.
    pub(crate) fn child(&self, node: usize, step: &Step) -> Option<usize> {
        self.nodes.get(node)?.children.get(step).copied()
    }

    /// Whether `node` is the path of a big integer.
    pub(crate) fn is_big(&self, node: usize) -> bool {
        self.nodes.get(node).is_some_and(|n| n.big)
    }

    fn insert(&mut self, path: &[Step]) {
        if self.nodes.is_empty() {
            self.nodes.push(PathNode::default());
        }
        let mut node = 0;
        for step in path {
            node = if let Some(&child) = self.nodes[node].children.get(step) {
                child
            } else {
                let child = self.nodes.len();
                self.nodes.push(PathNode::default());
                self.nodes[node].children.insert(step.clone(), child);
                child
            };
        }
        self.nodes[node].big = true;
    }
}

/// The integer literals of `text` (valid JSON) outside `i64` and `u64`: none (and no walk)
/// for text without 19 digits in a row (an exponent makes no integer literal).
pub(crate) fn big_integers(text: &str) -> BigIntegers {
    let mut found = BigIntegers::default();
    if has_digit_run(text)
        && let Ok(raw) = serde_json::from_str::<&RawValue>(text)
    {
        collect_big(raw, &mut Vec::new(), &mut found);
    }
    found
}

fn has_digit_run(text: &str) -> bool {
    let mut run = 0;
    text.bytes().any(|byte| {
        run = if byte.is_ascii_digit() { run + 1 } else { 0 };
        run >= 19
    })
}

/// Recursion is bounded by the JSON parser's depth limit, which `raw` already passed.
fn collect_big(raw: &RawValue, at: &mut Vec<Step>, found: &mut BigIntegers) {
    let text = raw.get();
    match text.as_bytes().first() {
        Some(b'{') => {
            if let Ok(members) = serde_json::from_str::<Members<'_>>(text) {
                for (key, value) in members.0 {
                    at.push(Step::Key(key));
                    collect_big(value, at, found);
                    at.pop();
                }
            }
        }
        Some(b'[') => {
            if let Ok(items) = serde_json::from_str::<Vec<&RawValue>>(text) {
                for (index, value) in items.into_iter().enumerate() {
                    at.push(Step::Index(index));
                    collect_big(value, at, found);
                    at.pop();
                }
            }
        }
        Some(b'-' | b'0'..=b'9') if number_problem(text) == Some(PAST_64_BITS) => {
            found.insert(at);
        }
        _ => {}
    }
}

fn member_path(key: &str) -> String {
    cut(key).into_owned()
}

const PAST_64_BITS: &str = "is an integer past 64 bits";

/// Why the number literal `text` has no exact `Value`, if it has none.
fn number_problem(text: &str) -> Option<&'static str> {
    if text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E')) {
        let finite = text.parse::<f64>().is_ok_and(f64::is_finite);
        return (!finite).then_some("is past the range of `f64`");
    }
    let fits = text.parse::<i64>().is_ok() || text.parse::<u64>().is_ok();
    (!fits).then_some(PAST_64_BITS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_past_64_bits_are_refused_with_their_path() {
        for (text, path) in [
            (r#"{"a":18446744073709551616}"#, "structuredContent.a"),
            (
                r#"{"a":[1,-9223372036854775809]}"#,
                "structuredContent.a[1]",
            ),
            (
                r#"{"x":{"b c":123456789012345678901234567890}}"#,
                "structuredContent.x.b c",
            ),
            (
                "340282366920938463463374607431768211456",
                "structuredContent",
            ),
            ("[1E400]", "structuredContent[0]"),
        ] {
            let error = exact_value(text, "structuredContent").unwrap_err();
            assert_eq!(error.path(), path, "{text}");
            assert!(error.detail().contains("u128"), "{error}");
        }
    }

    #[test]
    fn numbers_a_value_holds_pass() {
        for text in [
            r#"{"a":18446744073709551615,"b":-9223372036854775808}"#,
            r#"{"digits":"123456789012345678901234567890"}"#,
            "[1e300,-0,0.1,12345678901234567890.5]",
            r#"{"e":"eeee","n":1}"#,
        ] {
            assert!(exact_value(text, "structuredContent").is_ok(), "{text}");
        }
    }

    #[test]
    fn big_integers_that_round_alike_compare_unequal() {
        let a = comparable_value(r#"{"n":[18446744073709551617]}"#).unwrap();
        let b = comparable_value(r#"{"n":[18446744073709551616]}"#).unwrap();
        assert_ne!(a, b);
        assert_eq!(
            a,
            comparable_value(r#"{"n": [18446744073709551617]}"#).unwrap()
        );
        // Numbers a `Value` holds compare as values.
        assert_eq!(
            comparable_value(r#"{"n":1,"big":18446744073709551617}"#).unwrap()["n"],
            serde_json::json!(1)
        );
        let deep = format!("{}18446744073709551617{}", "[".repeat(200), "]".repeat(200));
        let value = comparable_value(&deep).unwrap();
        crate::wire::limits::drop_iteratively(value);
    }

    #[test]
    fn the_paths_of_big_integers_share_their_prefixes() {
        let bigs = vec!["18446744073709551617"; 1000].join(",");
        let text = format!("{}[{bigs}]{}", "[".repeat(100), "]".repeat(100));
        let found = big_integers(&text);
        // The root, 100 levels of arrays, and the 1000 integers: not 1000 paths of 101 steps.
        assert_eq!(found.nodes.len(), 1 + 100 + 1000);
        let mut node = found.root().unwrap();
        for _ in 0..=100 {
            assert!(!found.is_big(node));
            node = found.child(node, &Step::Index(0)).unwrap();
        }
        assert!(found.is_big(node));
        assert!(found.child(node, &Step::Index(0)).is_none());
        // Exponents and numbers a `Value` holds are none of them.
        assert!(big_integers(r#"[1e400,18446744073709551615,"18446744073709551617"]"#).is_empty());
    }

    #[test]
    fn a_member_is_its_own_text() {
        let text = r#"{"other":1,"result":123456789012345678901234567890}"#;
        assert_eq!(
            object_member(text, "result").unwrap().get(),
            "123456789012345678901234567890"
        );
        assert!(object_member(text, "missing").is_none());
        assert!(object_member("[1]", "result").is_none());
        assert_eq!(object_len(text), Some(2));
        assert_eq!(object_len("3"), None);
    }
}
