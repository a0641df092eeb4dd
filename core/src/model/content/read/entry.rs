//! The map access that reads one member held as text (a member seen before `type`) as a
//! field once the block's type is known, and its error, which carries the path inside the
//! value. Apart from the block visitor because it is a self-contained serde adapter: it
//! needs nothing of the visitor, and the visitor only hands it a value and reads its error.

use std::fmt;

use serde::de::{self, MapAccess};
use serde_json::value::RawValue;

use crate::wire::error::join_path;

/// A map access over one value held as text: how a member read before `type` is read as a
/// field once the type is known. Its errors carry the path inside the value.
pub(super) struct OneEntry<'a>(pub(super) Option<&'a RawValue>);

/// An error of [`OneEntry`]: the message, with the path inside the value in front as
/// `@path ` (the shape `field_error` gives).
#[derive(Debug)]
pub(super) struct EntryError(pub(super) String);

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EntryError {}

impl de::Error for EntryError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        EntryError(msg.to_string())
    }
}

pub(super) fn split_field_error(message: &str) -> (&str, &str) {
    message
        .strip_prefix('@')
        .and_then(|rest| rest.split_once(' '))
        .unwrap_or(("", message))
}

impl<'a> MapAccess<'a> for OneEntry<'a> {
    type Error = EntryError;

    fn next_key_seed<K: de::DeserializeSeed<'a>>(
        &mut self,
        _: K,
    ) -> Result<Option<K::Value>, EntryError> {
        Ok(None)
    }

    fn next_value_seed<V: de::DeserializeSeed<'a>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, EntryError> {
        let raw = self.0.take().map_or("null", RawValue::get);
        let mut deserializer = serde_json::Deserializer::from_str(raw);
        let mut track = serde_path_to_error::Track::new();
        // Through `Spelled`, so the names of the unknown fields inside keep their spelling.
        let spelled = crate::wire::spelling::Spelled {
            de: &mut deserializer,
        };
        let tracked = serde_path_to_error::Deserializer::new(spelled, &mut track);
        seed.deserialize(tracked).map_err(|e| {
            let path = crate::wire::error::tracked_path(&track.path());
            let message = e.to_string();
            let mut message = crate::wire::error::strip_position(&message).to_owned();
            let mut path = if path == "." { String::new() } else { path };
            // A nested check that names its own field (`@field detail`, see `field_error`)
            // puts that field on the path too.
            if let Some((nested, detail)) =
                message.strip_prefix('@').and_then(|r| r.split_once(' '))
            {
                path = join_path(&path, nested);
                message = String::from(detail);
            }
            if path.is_empty() {
                EntryError(message)
            } else {
                EntryError(format!("@{path} {message}"))
            }
        })
    }
}
