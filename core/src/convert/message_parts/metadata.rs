//! `metadata.mcp` of LLM message parts and messages: what a block (or a message's prompt
//! message or tool result) carries that Genkit's part shape has no field for, written by
//! [`super::write`] and read back here.
//!
//! Read back, nothing is dropped silently: a member of `metadata.mcp` the block being built
//! has no place for (`icons` beside a text part, `resource` beside a link, a key this crate
//! never writes there) is refused naming its path, and so is an `extra` key that names one
//! of the block's own fields (`extra.type`), which no writer would ever write.
//!
//! Nothing changes on the way: `metadata` is a [`JsonObject`], and what goes in it is the
//! model's own text — `_meta` and `extra` as the model holds them, annotations and icons as
//! the model's JSON writer writes them — read back with [`read_json_with`], so numbers of
//! any size and spelling, key order and the spelling of member names are relayed.

use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

use crate::model::annotations::Annotations;
use crate::model::extra::{ExtraFields, shadowing};
use crate::model::icon::Icon;
use crate::model::json::{JsonObject, RawJson};
use crate::model::meta::Meta;
use crate::model::validated::Uri;
use crate::model::write::{WriteFields, write_json};
use crate::rules::{ProtocolVersion, Rule, Violation};
use crate::wire::error::{ReadError, join_key};
use crate::wire::limits::ReadLimits;
use crate::wire::read::read_json_with;

/// The key under a part's or message's `metadata` that carries what MCP has and the part
/// shape has not.
pub const MCP_METADATA_KEY: &str = "mcp";

/// What a block carries that its part has no field for.
#[derive(Default)]
pub(super) struct BlockFields {
    pub(super) annotations: Option<Annotations>,
    pub(super) meta: Meta,
    pub(super) extra: JsonObject,
    pub(super) icons: Vec<Icon>,
    /// The inner contents of an embedded resource.
    pub(super) resource: Option<InnerFields>,
}

/// What the inner contents of an embedded resource carry that the part has no field for.
#[derive(Default)]
pub(super) struct InnerFields {
    pub(super) uri: Option<Uri>,
    pub(super) meta: Meta,
    pub(super) extra: JsonObject,
}

impl InnerFields {
    /// `None` when there is nothing to carry.
    pub(super) fn of(uri: Option<&Uri>, meta: &Meta, extra: &JsonObject) -> Option<Self> {
        (uri.is_some() || !meta.is_empty() || !extra.is_empty()).then(|| Self {
            uri: uri.cloned(),
            meta: meta.clone(),
            extra: extra.clone(),
        })
    }

    /// Refuses an `extra` key of the contents that is one of `T`'s own fields.
    pub(super) fn refuse_shadowing<T: ExtraFields>(&self) -> Result<(), ReadError> {
        refuse_shadowing::<T>(&self.extra, "metadata.mcp.resource.extra")
    }
}

impl BlockFields {
    pub(super) fn of(annotations: Option<&Annotations>, meta: &Meta, extra: &JsonObject) -> Self {
        Self {
            annotations: annotations.filter(|a| !a.is_empty()).cloned(),
            meta: meta.clone(),
            extra: extra.clone(),
            icons: Vec::new(),
            resource: None,
        }
    }

    /// The part's `metadata`: `{"mcp": {…}}`, or empty when there is nothing to carry.
    pub(super) fn into_metadata(self) -> JsonObject {
        let mut mcp = JsonObject::new();
        if let Some(annotations) = &self.annotations {
            put_text(&mut mcp, "annotations", written(annotations));
        }
        put_object(&mut mcp, "_meta", self.meta.as_object());
        put_object(&mut mcp, "extra", &self.extra);
        if !self.icons.is_empty() {
            let icons: Vec<String> = self.icons.iter().map(written).collect();
            put_text(&mut mcp, "icons", format!("[{}]", icons.join(",")));
        }
        if let Some(inner) = self.resource {
            let mut resource = JsonObject::new();
            if let Some(uri) = inner.uri {
                resource.insert("uri", serde_json::Value::String(uri.into_string()));
            }
            put_object(&mut resource, "_meta", inner.meta.as_object());
            put_object(&mut resource, "extra", &inner.extra);
            put_text(&mut mcp, "resource", resource.as_str().to_owned());
        }
        wrap_mcp(&mcp)
    }

    /// Reads `metadata.mcp` of a part; a member this crate never writes there is refused.
    pub(super) fn take(metadata: &JsonObject, limits: &ReadLimits) -> Result<Self, ReadError> {
        let mut mcp = McpMetadata::take(metadata, "metadata", limits)?;
        let resource = match mcp.fields.remove("resource") {
            None => None,
            Some(value) => {
                let mut inner =
                    McpMetadata::from_text(value.as_raw(), "metadata.mcp.resource", limits)?;
                let fields = InnerFields {
                    uri: inner.read("uri")?,
                    meta: inner.read::<Meta>("_meta")?.unwrap_or_default(),
                    extra: inner.map("extra")?,
                };
                inner.finish()?;
                Some(fields)
            }
        };
        let fields = Self {
            annotations: mcp.read("annotations")?,
            meta: mcp.read::<Meta>("_meta")?.unwrap_or_default(),
            extra: mcp.map("extra")?,
            icons: mcp.read("icons")?.unwrap_or_default(),
            resource,
        };
        mcp.finish()?;
        Ok(fields)
    }

    /// Refuses what a block of type `T` has no place for: `icons` unless it is a link
    /// (`icons`), the inner contents unless it is an embedded resource (`inner`), an `extra`
    /// key that is one of `T`'s own fields.
    pub(super) fn refuse_unplaced<T: ExtraFields>(
        &self,
        icons: bool,
        inner: bool,
    ) -> Result<(), ReadError> {
        let kind = T::TYPE_NAME;
        if !icons && !self.icons.is_empty() {
            return Err(no_place("metadata.mcp.icons", kind));
        }
        if !inner && self.resource.is_some() {
            return Err(no_place("metadata.mcp.resource", kind));
        }
        refuse_shadowing::<T>(&self.extra, "metadata.mcp.extra")
    }
}

/// The error for a member of `metadata.mcp` the block being built has no place for.
fn no_place(path: &str, kind: &str) -> ReadError {
    ReadError::new(
        path,
        Violation::new(
            Rule::ExtraField,
            format!("a {kind} has no place for it (it would be dropped)"),
        ),
    )
}

/// Refuses a key of `extra` (read at `path`) that is one of `T`'s own fields: no writer
/// writes it, so it would vanish on the way.
pub(super) fn refuse_shadowing<T: ExtraFields>(
    extra: &JsonObject,
    path: &str,
) -> Result<(), ReadError> {
    match extra.keys().find(|key| T::is_known_field(key)) {
        Some(key) => Err(ReadError::new(
            join_key(path, &key),
            shadowing(T::TYPE_NAME, &key),
        )),
        None => Ok(()),
    }
}

/// The `mcp` object of a `metadata`, read field by field with paths for errors.
pub(super) struct McpMetadata {
    fields: JsonObject,
    path: String,
    limits: ReadLimits,
}

impl McpMetadata {
    /// The `mcp` member of `metadata` (read at `path`), or an empty one. A second `mcp`
    /// member is refused, as a reader refuses a duplicate key: which one did the writer mean?
    pub(super) fn take(
        metadata: &JsonObject,
        path: &str,
        limits: &ReadLimits,
    ) -> Result<Self, ReadError> {
        let path = format!("{path}.{MCP_METADATA_KEY}");
        let mut found = metadata
            .iter()
            .filter(|(key, _)| key == MCP_METADATA_KEY)
            .map(|(_, value)| value);
        match (found.next(), found.next()) {
            (None, _) => Ok(Self {
                fields: JsonObject::new(),
                path,
                limits: *limits,
            }),
            (Some(value), None) => Self::from_text(value, &path, limits),
            (Some(_), Some(_)) => Err(ReadError::message(
                path,
                format!("duplicate field `{MCP_METADATA_KEY}`"),
            )),
        }
    }

    /// The object `value` (read at `path`) within `limits`: depth and value count from its
    /// root, duplicate keys at any depth.
    fn from_text(value: &RawValue, path: &str, limits: &ReadLimits) -> Result<Self, ReadError> {
        let text = value.get();
        if !text.starts_with('{') {
            return Err(ReadError::new(
                path,
                // The kind, not the value: a megabyte array would come back whole.
                Violation::new(
                    Rule::Type,
                    format!("expected an object, got {}", kind_of_text(text)),
                ),
            ));
        }
        Ok(Self {
            fields: read_piece(text, path, limits)?,
            path: path.to_owned(),
            limits: *limits,
        })
    }

    pub(super) fn read<T: DeserializeOwned>(&mut self, key: &str) -> Result<Option<T>, ReadError> {
        self.fields
            .remove(key)
            .map(|value| {
                read_piece(
                    value.as_str(),
                    &format!("{}.{key}", self.path),
                    &self.limits,
                )
            })
            .transpose()
    }

    pub(super) fn map(&mut self, key: &str) -> Result<JsonObject, ReadError> {
        Ok(self.read(key)?.unwrap_or_default())
    }

    /// Refuses a member left once every one this crate writes here was read: it has no MCP
    /// field to go to, and would be dropped.
    pub(super) fn finish(self) -> Result<(), ReadError> {
        match self.fields.keys().next() {
            Some(key) => Err(ReadError::new(
                join_key(&self.path, &key),
                Violation::new(
                    Rule::ExtraField,
                    "not a member this crate writes here (it would be dropped); \
                     unknown MCP fields go in `extra`",
                ),
            )),
            None => Ok(()),
        }
    }
}

/// Reads the JSON `text` of a value inside a message (at `path`) as `T`, within `limits` as
/// [`read_json_with`] reads a document: the text as it is, so what the model keeps as text
/// keeps its numbers, order and names. The error's path is placed under `path`; its line
/// and column, which are in `text`, are left out.
pub(super) fn read_piece<T: DeserializeOwned>(
    text: &str,
    path: &str,
    limits: &ReadLimits,
) -> Result<T, ReadError> {
    read_json_with(text.as_bytes(), limits).map_err(|e| e.without_position().within(path))
}

/// What JSON `text` is, in an error's words (`an array`), from its first byte.
fn kind_of_text(text: &str) -> &'static str {
    match text.as_bytes().first() {
        Some(b'[') => "an array",
        Some(b'"') => "a string",
        Some(b't' | b'f') => "a boolean",
        Some(b'n') => "null",
        Some(b'{') => "an object",
        _ => "a number",
    }
}

/// Sets `key` of `object` to `value`, unless `value` is empty.
pub(super) fn put_object(object: &mut JsonObject, key: &str, value: &JsonObject) {
    if !value.is_empty() {
        put_text(object, key, value.as_str().to_owned());
    }
}

/// Sets `key` of `object` to the JSON `text` the model wrote (valid JSON), as it is.
fn put_text(object: &mut JsonObject, key: &str, text: String) {
    // Unreachable fallback: `text` is the model's own JSON (a `JsonObject`'s text, or what
    // its writer wrote), which `RawValue` checks for syntax without recursion.
    let raw = RawValue::from_string(text).map_or_else(|_| RawJson::null(), RawJson::from);
    object.insert(key, raw);
}

/// `{"mcp": mcp}`, or empty when `mcp` is.
pub(super) fn wrap_mcp(mcp: &JsonObject) -> JsonObject {
    let mut metadata = JsonObject::new();
    put_object(&mut metadata, MCP_METADATA_KEY, mcp);
    metadata
}

/// `value` as the model's JSON writer writes it (names spelled as held, numbers as read).
fn written<T: WriteFields>(value: &T) -> String {
    let mut out = Vec::new();
    // Annotations and icons have no version-dependent field: the latest writes them all.
    write_json(value, ProtocolVersion::LATEST, &mut out);
    String::from_utf8(out).unwrap_or_default()
}
