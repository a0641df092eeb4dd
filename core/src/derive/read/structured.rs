//! Reading a `structured` type back from a whole tool result: `structuredContent` and the
//! blocks are two places of the same fields, and must agree.
//!
//! The writer puts the type's serde form in `structuredContent`, each placed field in its own
//! block (or `_meta` entry…), and the JSON text of the serde form as a last text block (the
//! copy the spec recommends for clients that ignore `structuredContent`). Reading:
//! - the value is read from `structuredContent`;
//! - the copy (the last text block whose JSON equals `structuredContent`) is set aside; a
//!   text block no field takes that holds other JSON of the same shape is a copy that
//!   disagrees, and is refused naming both;
//! - a text block that is not JSON of `structuredContent`'s shape is a summary (the
//!   TypeScript SDK's practice): one no field of the layout takes is passed over;
//! - when no other block is left (a peer that sends only the copy, or nothing) there is
//!   nothing to compare, and the value is read from `structuredContent` alone, the result's
//!   `_meta` read as the layout says over the blocks the value writes (a variant's literal
//!   entries and a field's entry that is present are checked);
//! - otherwise the blocks are read as the type's layout says (every rule of a read from
//!   blocks applies), the fields with no place of their own taken from `structuredContent`,
//!   and the value read from the blocks must have the serde form of the one read from
//!   `structuredContent`: the first member that differs is named with both places.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::ContentSlots;
use super::errors::shorten;
use super::result::read_content;
use super::result_meta::ResultMeta;
use crate::model::content::ContentBlock;
use crate::model::json::RawJson;
use crate::model::meta::Meta;
use crate::model::tool::CallToolResult;
use crate::wire::error::ReadError;

const COPY_RULE: &str = "a `structured` type writes its serde form to structuredContent and as JSON text to a text block, so they must be equal";
const RULE: &str = "a `structured` type writes each field to structuredContent and to its own place, so they must be equal";

/// Reads a structured type from a tool result: from `structuredContent` (the type's whole
/// serde form) when there is one, compared with the blocks; else from the blocks (see the
/// module documentation).
pub(crate) fn read_structured<T: ContentSlots + DeserializeOwned + Serialize>(
    result: &CallToolResult,
) -> Result<T, ReadError> {
    if result.is_error() {
        return Err(crate::content_traits::tool_error(result));
    }
    let Some(structured) = &result.structured_content else {
        return read_content(&result.content, ResultMeta::Of(&result.meta), None);
    };
    let (value, structured) = match read_value::<T>(structured.as_str()) {
        Ok(value) => (value, Structured::new(structured.as_str())),
        // A serde form that is not an object (a unit variant's `"Name"`) goes to 2025-era
        // peers wrapped as `{"result": …}`: read back what was wrapped.
        Err(error) => match unwrapped(structured) {
            Some(inner) => match read_value::<T>(inner) {
                Ok(value) => (value, Structured::new(inner)),
                Err(_) => return Err(error),
            },
            None => return Err(error),
        },
    };
    let copy = json_copy(&result.content, &structured.value);
    let summaries = summaries(&result.content, copy, &structured.value);
    let others = result.content.len() - usize::from(copy.is_some()) - summaries.len();
    if others == 0 && !a_field_takes_one::<T>(&result.content, copy, &summaries) {
        // No block to read (a summary no field takes is no field's), but the result's
        // `_meta` is still the type's.
        super::expect_result_meta(ResultMeta::Of(&result.meta), T::NAME, T::RESULT_META)?;
        return read_meta_alone(result, &structured, value);
    }
    read_blocks(result, copy, &summaries, value, &structured)
}

/// The text blocks beside `structuredContent` that are a human summary, not its copy: text
/// that is not JSON of the structured value's shape (the TypeScript SDK's common practice,
/// `"Weather in Paris: 21.5°C"`, or the Python SDK's one text block per list item). A
/// summary that a field of the layout takes is that field's (and must agree with
/// `structuredContent`); one that no field takes is passed over.
fn summaries(blocks: &[ContentBlock], copy: Option<usize>, structured: &Value) -> Vec<usize> {
    blocks
        .iter()
        .enumerate()
        .filter(|(index, block)| {
            Some(*index) != copy
                && block
                    .as_text()
                    .is_some_and(|text| parse_like(text, structured).is_none())
        })
        .map(|(index, _)| index)
        .collect()
}

/// Whether a field of `T`'s layout takes one of the `summaries`.
fn a_field_takes_one<T: ContentSlots>(
    blocks: &[ContentBlock],
    copy: Option<usize>,
    summaries: &[usize],
) -> bool {
    !summaries.is_empty()
        && super::result::offer_all_but::<T>(blocks, copy, summaries)
            .is_ok_and(|(_, taken)| taken > 0)
}

/// The structured value read: its text (what the type is read from, numbers exact) and
/// that text as a `Value` (what blocks are compared with).
struct Structured<'a> {
    text: &'a str,
    value: Value,
}

impl<'a> Structured<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            text,
            value: crate::model::json::json_text_to_value(text),
        }
    }
}

/// A result with no block but the copy: the value is `structuredContent`'s, and the result's
/// `_meta` is read as the type's layout says over the blocks the value writes (which agree
/// with it by construction). So the literal entries the variant read declares are checked
/// (missing or different is refused), and so is a field's entry that is present (it must
/// agree with `structuredContent`); a field's entry that is absent is taken from
/// `structuredContent`, as its blocks are.
fn read_meta_alone<T: ContentSlots + DeserializeOwned + Serialize>(
    result: &CallToolResult,
    structured: &Structured<'_>,
    value: T,
) -> Result<T, ReadError> {
    let mut blocks = Vec::new();
    let mut written = Meta::new();
    // A value that cannot be written has no layout to read `_meta` by (writing it fails
    // anyway): it is `structuredContent`'s.
    if reread::<T>(structured)?
        .try_extend_content(&mut blocks, &mut written)
        .is_err()
    {
        return Ok(value);
    }
    if blocks.is_empty() && written.is_empty() {
        // The layout places nothing outside structuredContent: nothing more to check.
        return Ok(value);
    }
    let missing: Vec<(String, Value)> = written
        .iter()
        .filter(|(key, _)| result.meta.get(key).is_none())
        .filter_map(|(key, raw)| {
            let value = crate::wire::value_text::parse_value(raw.get()).ok()?;
            Some((key.into_owned(), value))
        })
        .collect();
    // The entries the result leaves out are taken from `structuredContent` (`skip`: all but
    // that one), so what is checked is what the result holds…
    let read_with = |skip: Option<usize>| {
        let mut own = CallToolResult::new(blocks.clone());
        own.meta = result.meta.clone();
        for (index, (key, entry)) in missing.iter().enumerate() {
            if Some(index) != skip {
                own.meta.__insert_unchecked(key, entry.clone());
            }
        }
        read_blocks(&own, None, &[], reread::<T>(structured)?, structured)
    };
    read_with(None)?;
    // …and whether an entry it leaves out is a literal the layout declares (which a result
    // must carry), not a field's value.
    for (skip, (key, _)) in missing.iter().enumerate() {
        match read_with(Some(skip)) {
            Err(error) if error.lacks_literal(key) => return Err(error),
            _ => {}
        }
    }
    Ok(value)
}

/// The blocks of `result` (the copy aside) read as the layout says, the fields with no place
/// taken from `value`, compared with `structured`.
fn read_blocks<T: ContentSlots + DeserializeOwned + Serialize>(
    result: &CallToolResult,
    copy: Option<usize>,
    summaries: &[usize],
    value: T,
    structured: &Structured<'_>,
) -> Result<T, ReadError> {
    let structured_value = &structured.value;
    let expected = serialized(&value)?;
    let read = match read_over(result, copy, summaries, value) {
        Ok(read) => read,
        Err(error) => {
            if copy.is_none()
                && let Some(stray) = stray_copy(&result.content, structured_value)
            {
                return Err(stray);
            }
            // The writer leaves the copy out when a field's block already holds the same text:
            // that block is the field's, read it so.
            match copy.map(|_| read_over::<T>(result, None, summaries, reread(structured)?)) {
                Some(Ok(read)) => read,
                _ => return Err(error),
            }
        }
    };
    let found = serialized(&read)?;
    if found == expected {
        return Ok(read);
    }
    // Compared again as values: maps whose members come in another order (a `HashMap` field)
    // are the same.
    let (expected, found) = (as_value(&expected)?, as_value(&found)?);
    match first_difference(&expected, &found, String::new()) {
        None => Ok(read),
        Some(at) => Err(disagreement::<T>(
            result,
            structured,
            copy,
            &at,
            (&expected, &found),
        )),
    }
}

fn read_value<T: DeserializeOwned>(structured: &str) -> Result<T, ReadError> {
    let value = crate::wire::read::read_json::<T>(structured.as_bytes()).map_err(|e| {
        ReadError::message(join("structuredContent", e.path()), e.detail().to_owned())
    })?;
    crate::wire::exact_read::check_read::<T>(structured, "structuredContent")?;
    Ok(value)
}

/// The text of the value of `{"result": …}`, the 2025-era wrapping of a value that is not an
/// object.
fn unwrapped(structured: &RawJson) -> Option<&str> {
    if crate::wire::exact::object_len(structured.as_str()) != Some(1) {
        return None;
    }
    let inner = crate::wire::exact::object_member(structured.as_str(), "result")?.get();
    (!inner.starts_with('{')).then_some(inner)
}

/// A serde form (`serialized`'s JSON text) as a `Value`, at any depth: `serde_json::from_str`
/// stops at 128 levels, and reading both forms as `null` would hide every difference. JSON
/// text `serde_json` wrote always parses; should it not, that is an error, never `null`.
fn as_value(text: &str) -> Result<Value, ReadError> {
    // Numbers a `Value` would round (integers past 64 bits) kept as their text, so two that
    // differ are never equal.
    crate::wire::exact::comparable_value(text).map_err(|e| {
        ReadError::message(
            "structuredContent",
            format!(
                "cannot compare the value read with the blocks: its serde form is not JSON: {}",
                crate::wire::error::cut(&e.to_string())
            ),
        )
    })
}

/// The value read again from `structured`'s text, already read once.
fn reread<T: DeserializeOwned>(structured: &Structured<'_>) -> Result<T, ReadError> {
    read_value(structured.text)
}

/// The serde form of `value` as compact JSON text: compared as text first, a value costs a
/// few bytes per byte of it, not the 32 per number of a `Value`.
fn serialized<T: Serialize>(value: &T) -> Result<String, ReadError> {
    serde_json::to_string(value).map_err(|e| {
        ReadError::message(
            "structuredContent",
            format!("cannot compare the value read with the blocks: its serde form fails: {e}"),
        )
    })
}

/// The blocks except the copy (and the summaries no field takes), read with the fields that
/// have no place from `base`.
fn read_over<T: ContentSlots>(
    result: &CallToolResult,
    copy: Option<usize>,
    summaries: &[usize],
    base: T,
) -> Result<T, ReadError> {
    let (slots, _) = super::result::offer_all_but::<T>(&result.content, copy, summaries)?;
    T::finish_with(slots, ResultMeta::Of(&result.meta), Some(base))
}

/// The index of the last text block whose JSON equals `structured`.
fn json_copy(blocks: &[ContentBlock], structured: &Value) -> Option<usize> {
    blocks.iter().rposition(|block| {
        block
            .as_text()
            .and_then(|text| parse_like(text, structured))
            .is_some_and(|value| first_difference(structured, &value, String::new()).is_none())
    })
}

/// `text` as JSON, when it parses to a value of the shape of `structured` (an object for an
/// object…): a candidate for the copy.
fn parse_like(text: &str, structured: &Value) -> Option<Value> {
    let start = text.trim_start().chars().next()?;
    let like = match structured {
        Value::Object(_) => start == '{',
        Value::Array(_) => start == '[',
        Value::String(_) => start == '"',
        _ => true,
    };
    if !like {
        return None;
    }
    serde_json::from_str(text).ok()
}

/// A copy that disagrees: the last text block holding JSON of the shape of `structured`.
fn stray_copy(blocks: &[ContentBlock], structured: &Value) -> Option<ReadError> {
    blocks.iter().enumerate().rev().find_map(|(index, block)| {
        let text = parse_like(block.as_text()?, structured)?;
        let at = first_difference(structured, &text, String::new())?;
        let path = format!("content[{index}].text");
        Some(ReadError::message(
            path.clone(),
            format!(
                "the JSON text of the structured content disagrees with structuredContent: {} is {}, \
                 this text has {} there ({COPY_RULE})",
                display_path("structuredContent", &at),
                quote(pointer(structured, &at)),
                quote(pointer(&text, &at)),
            ),
        ))
    })
}

/// The error for a value read from the blocks whose serde form differs at `at` from the one
/// read from `structuredContent`: the block (or `_meta` entry) that holds it is found by
/// writing the `structuredContent` value again and comparing with what arrived.
fn disagreement<T: ContentSlots + DeserializeOwned>(
    result: &CallToolResult,
    structured: &Structured<'_>,
    copy: Option<usize>,
    at: &str,
    (expected, found): (&Value, &Value),
) -> ReadError {
    let structured_path = display_path("structuredContent", at);
    let other = reread::<T>(structured).ok().and_then(|value| {
        let mut blocks = Vec::new();
        let mut meta = Meta::new();
        value.extend_content(&mut blocks, &mut meta);
        differing_place(result, copy, &blocks, &meta)
    });
    let other = other.unwrap_or_else(|| "the blocks".to_owned());
    let member = match at.trim_start_matches('.') {
        "" => "the value".to_owned(),
        member => format!("`{}`", shorten(member)),
    };
    ReadError::message(
        structured_path.clone(),
        format!(
            "{member} is read from two places that disagree: {structured_path} ({}) and {other} ({}) ({RULE})",
            quote(pointer(expected, at)),
            quote(pointer(found, at)),
        ),
    )
}

/// The first place where the blocks (the copy aside) and the result's `_meta` differ from
/// what writing the `structuredContent` value gives.
fn differing_place(
    result: &CallToolResult,
    copy: Option<usize>,
    written: &[ContentBlock],
    written_meta: &Meta,
) -> Option<String> {
    let arrived = result
        .content
        .iter()
        .enumerate()
        .filter(|(index, _)| Some(*index) != copy);
    let mut written = written.iter().peekable();
    let mut next = 0;
    for (index, block) in arrived {
        next = index + 1;
        let path = format!("content[{index}]");
        let a = crate::wire::value_text::model_to_value(block).ok()?;
        // Bytes are never in the structured value (the derive requires `#[serde(skip)]` of a
        // binary field): the value written again has none, so a binary block's payload is not
        // compared, and a binary block with no counterpart (an `Option` left `None`) is passed.
        let Some(own) = written.peek() else {
            if is_binary(&a) {
                continue;
            }
            return Some(path);
        };
        let b = crate::wire::value_text::model_to_value(*own).ok()?;
        match first_difference(&without_payload(&b), &without_payload(&a), String::new()) {
            None => {
                written.next();
            }
            Some(_) if is_binary(&a) && a.get("type") != b.get("type") => {}
            Some(at) => return Some(display_path(&path, &at)),
        }
    }
    if written.next().is_some() {
        // A block written from structuredContent that did not arrive.
        return Some(format!("content[{next}]"));
    }
    let (a, b) = (
        crate::wire::value_text::model_to_value(&result.meta).ok()?,
        crate::wire::value_text::model_to_value(written_meta).ok()?,
    );
    first_difference(&b, &a, String::new()).map(|at| display_path("_meta", &at))
}

/// Whether a block (as JSON) carries bytes: an image, an audio, a blob resource.
fn is_binary(block: &Value) -> bool {
    block.get("data").is_some() || block.pointer("/resource/blob").is_some()
}

/// A block without its bytes.
fn without_payload(block: &Value) -> Value {
    let mut block = block.clone();
    if let Some(object) = block.as_object_mut() {
        object.remove("data");
    }
    if let Some(resource) = block.get_mut("resource").and_then(Value::as_object_mut) {
        resource.remove("blob");
    }
    block
}

/// The path of the first difference between `a` and `b` (`""` for the values themselves):
/// numbers compare by value (`3` and `3.0` are equal), objects by members whatever their
/// order.
fn first_difference(a: &Value, b: &Value, at: String) -> Option<String> {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let same = x == y || (x.as_f64().is_some() && x.as_f64() == y.as_f64());
            (!same).then_some(at)
        }
        (Value::Object(x), Value::Object(y)) => {
            for (key, value) in x {
                let path = format!("{at}{}", member(key));
                match y.get(key) {
                    Some(other) => {
                        if let Some(found) = first_difference(value, other, path) {
                            return Some(found);
                        }
                    }
                    None => return Some(path),
                }
            }
            y.keys()
                .find(|key| !x.contains_key(*key))
                .map(|key| format!("{at}{}", member(key)))
        }
        (Value::Array(x), Value::Array(y)) => {
            for (index, (value, other)) in x.iter().zip(y).enumerate() {
                if let Some(found) = first_difference(value, other, format!("{at}[{index}]")) {
                    return Some(found);
                }
            }
            (x.len() != y.len()).then(|| format!("{at}[{}]", x.len().min(y.len())))
        }
        _ => (a != b).then_some(at),
    }
}

/// `.name` for a plain name, `["a b"]` for any other.
fn member(key: &str) -> String {
    let plain = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        format!(".{key}")
    } else {
        format!("[{:?}]", shorten(key))
    }
}

fn display_path(prefix: &str, at: &str) -> String {
    match (prefix, at) {
        ("", "") => "its root".to_owned(),
        ("", at) => at.trim_start_matches('.').to_owned(),
        (prefix, at) => format!("{prefix}{at}"),
    }
}

/// The value at `at` (a path of [`first_difference`]) in `value`, if any.
fn pointer<'v>(value: &'v Value, at: &str) -> Option<&'v Value> {
    let mut here = value;
    let mut rest = at;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            here = here.get(&after[..end])?;
            rest = &after[end..];
        } else if let Some(after) = rest.strip_prefix("[\"") {
            // A quoted key (cut to 40 characters in the path: look it up by its start).
            let end = after.find("\"]")?;
            let key: String = serde_json::from_str(&format!("\"{}\"", &after[..end])).ok()?;
            here = here
                .as_object()?
                .iter()
                .find(|(k, _)| k.starts_with(&key))
                .map(|(_, v)| v)?;
            rest = &after[end + 2..];
        } else {
            let after = rest.strip_prefix('[')?;
            let end = after.find(']')?;
            here = here.get(after[..end].parse::<usize>().ok()?)?;
            rest = &after[end + 1..];
        }
    }
    Some(here)
}

/// A value for an error, cut to 80 characters; "nothing" for none.
fn quote(value: Option<&Value>) -> String {
    let Some(value) = value else {
        return "nothing".to_owned();
    };
    // A number `comparable_value` kept as its text.
    let text = match value.as_str().and_then(crate::wire::exact::tagged_number) {
        Some(number) => number.to_owned(),
        None => value.to_string(),
    };
    match text.char_indices().nth(80) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

fn join(prefix: &str, path: &str) -> String {
    match path {
        "" | "." => prefix.to_owned(),
        p if p.starts_with('[') => format!("{prefix}{p}"),
        p => format!("{prefix}.{p}"),
    }
}

#[cfg(test)]
mod tests {
    use super::as_value;

    #[test]
    fn a_serde_form_deeper_than_serde_json_reads_is_still_compared() {
        let deep = format!("{}1{}", "[".repeat(300), "]".repeat(300));
        let shallower = format!("{}2{}", "[".repeat(300), "]".repeat(300));
        let (a, b) = (as_value(&deep).unwrap(), as_value(&shallower).unwrap());
        assert!(!a.is_null());
        assert_ne!(a, b);
        crate::wire::limits::drop_iteratively(a);
        crate::wire::limits::drop_iteratively(b);
    }

    #[test]
    fn text_that_is_not_json_is_an_error_not_null() {
        let error = as_value("{not json").unwrap_err();
        assert_eq!(error.path(), "structuredContent");
        assert!(error.to_string().contains("is not JSON"), "{error}");
    }
}
