//! Unknown fields (`extra`): what every model type keeps from a newer peer, and the names
//! it may not use.
//!
//! A type writes its own fields and then its `extra` map. An `extra` key that is one of the
//! type's own field names ([`ExtraFields::KNOWN_FIELDS`]) would be written twice
//! (`{"type":"text",…,"type":"x"}`), which a reader takes as another document or refuses.
//! So such a key is refused or reported where it can be, and never written:
//!
//! - [`ExtraFields::insert_extra`] refuses it;
//! - [`Validate`](crate::Validate) reports one put into the public `extra` map directly,
//!   with its path (`content[0].type`);
//! - every writer skips it — `write_json_for` / `to_json_for`, `to_value_for`, serde
//!   `Serialize`: the type's own field is written, or nothing when the field is absent or
//!   not part of the version written, and the shadowing entry is left out. What is written
//!   is always one object with unique keys;
//! - the rmcp bridge (`to_rmcp`) refuses it with its path, as it refuses every other value
//!   rmcp's model cannot hold: converting would drop it.
//!
//! The check costs one `KNOWN_FIELDS.contains` per `extra` key, and only when `extra` is not
//! empty.

use serde::ser::SerializeMap;
use serde_json::Value;

use crate::model::json::{JsonObject, RawJson};

use crate::rules::{Rule, Violation};

/// A model type that keeps unknown fields in an `extra` map.
///
/// An `extra` key that names one of the type's own fields ([`KNOWN_FIELDS`]) is refused by
/// [`insert_extra`], reported with its path by [`Validate`](crate::Validate), refused by
/// the rmcp bridge's `to_rmcp`, and never written: every writer (`write_json_for`,
/// `to_value_for`, serde `Serialize`) writes the type's own field and skips the shadowing
/// entry, so the output never has a duplicate key.
///
/// ```
/// use mcp_content::model::TextContent;
/// use mcp_content::{ProtocolVersion, SerializeFor, Validate};
/// use serde_json::json;
/// let mut text = TextContent::new("hi");
/// text.extra.insert("type", json!("x")); // directly: not refused here
/// text.extra.insert("x-color", json!("red"));
/// let written = String::from_utf8(text.to_json_for(ProtocolVersion::LATEST)).unwrap();
/// assert_eq!(written, r#"{"type":"text","text":"hi","x-color":"red"}"#);
/// assert_eq!(text.validate().unwrap_err().problems()[0].path, "type");
/// ```
///
/// ```
/// use mcp_content::model::{ExtraFields, TextContent};
/// let mut text = TextContent::new("hi");
/// assert!(text.insert_extra("com.example.color", "red").is_ok());
/// let err = text.insert_extra("type", "image").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "`type` is a field of TextContent, not an unknown field (rule: extra-field)"
/// );
/// assert_eq!(text.extra.len(), 1);
/// ```
///
/// [`KNOWN_FIELDS`]: ExtraFields::KNOWN_FIELDS
/// [`insert_extra`]: ExtraFields::insert_extra
pub trait ExtraFields {
    /// The type's name in the schema (`TextContent`).
    const TYPE_NAME: &'static str;
    /// Every field name the type writes itself, in any protocol version.
    const KNOWN_FIELDS: &'static [&'static str];

    /// The unknown fields.
    fn extra_fields(&self) -> &JsonObject;

    /// The unknown fields, mutable (the public `extra` field; checked by `validate`).
    #[doc(hidden)]
    fn extra_fields_mut(&mut self) -> &mut JsonObject;

    /// Whether `key` is one of the type's own field names.
    fn is_known_field(key: &str) -> bool {
        Self::KNOWN_FIELDS.contains(&key)
    }

    /// Adds an unknown field, refusing a name the type writes itself (rule
    /// [`Rule::ExtraField`]). Returns the value it replaces.
    fn insert_extra(
        &mut self,
        key: impl Into<String>,
        value: impl Into<Value>,
    ) -> Result<Option<RawJson>, Violation> {
        let key = key.into();
        if Self::is_known_field(&key) {
            return Err(shadowing(Self::TYPE_NAME, &key));
        }
        Ok(self
            .extra_fields_mut()
            .insert(key, RawJson::from(value.into())))
    }
}

/// Writes the members of `extra` whose key is not in `known` (the owner's
/// [`ExtraFields::KNOWN_FIELDS`]) into a serde map: a shadowing key is never written.
pub(crate) fn put_extra<M: SerializeMap>(
    map: &mut M,
    extra: &JsonObject,
    known: &[&str],
) -> Result<(), M::Error> {
    if extra.is_empty() {
        return Ok(());
    }
    for (k, v) in extra.iter() {
        if !known.contains(&k.as_ref()) {
            map.serialize_entry(&k, v)?;
        }
    }
    Ok(())
}

/// The violation of an `extra` key that is a field of `type_name`.
pub(crate) fn shadowing(type_name: &str, key: &str) -> Violation {
    Violation::new(
        Rule::ExtraField,
        format!("`{key}` is a field of {type_name}, not an unknown field"),
    )
}
