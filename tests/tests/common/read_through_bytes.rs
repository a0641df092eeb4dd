//! The reader of a document held as a `Value` through bytes, shared by `wire/null_rule.rs` and
//! `wire/reader_rules.rs` (included with `#[path]`).

use mcp_content::{ReadError, read_json};
use serde::de::DeserializeOwned;
use serde_json::Value;

pub(crate) fn read_as<T: DeserializeOwned>(value: &Value) -> Result<T, ReadError> {
    read_json::<T>(&serde_json::to_vec(value).unwrap())
}
