//! `metadata.mcp` of LLM message parts and messages: what a block (or a message's prompt
//! message or tool result) carries that Genkit's part shape has no field for, written by
//! [`super::write`] and read back here.
//!
//! Read back, nothing is dropped silently: a member of `metadata.mcp` the block being built
//! has no place for (`icons` beside a text part, `resource` beside a link, a key this crate
//! never writes there) is refused naming its path, and so is an `extra` key that names one
//! of the block's own fields (`extra.type`), which no writer would ever write.

use serde::Serialize;
use serde::de;
use serde_json::{Map, Value};

use crate::ReadLimits;
use crate::model::annotations::Annotations;
use crate::model::extra::{ExtraFields, shadowing};
use crate::model::icon::Icon;
use crate::model::meta::Meta;
use crate::model::validated::Uri;
use crate::rules::{Rule, Violation};
use crate::wire::error::{ReadError, join_key};
use crate::wire::read::read_value_with;

/// The key under a part's or message's `metadata` that carries what MCP has and the part
/// shape has not.
pub const MCP_METADATA_KEY: &str = "mcp";

/// What a block carries that its part has no field for.
#[derive(Default)]
pub(super) struct BlockFields {
    pub(super) annotations: Option<Annotations>,
    pub(super) meta: Meta,
    pub(super) extra: Map<String, Value>,
    pub(super) icons: Vec<Icon>,
    /// The inner contents of an embedded resource.
    pub(super) resource: Option<InnerFields>,
}

/// What the inner contents of an embedded resource carry that the part has no field for.
#[derive(Default)]
pub(super) struct InnerFields {
    pub(super) uri: Option<Uri>,
    pub(super) meta: Meta,
    pub(super) extra: Map<String, Value>,
}

impl InnerFields {
    /// `None` when there is nothing to carry.
    pub(super) fn of(uri: Option<&Uri>, meta: &Meta, extra: &Map<String, Value>) -> Option<Self> {
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
    pub(super) fn of(
        annotations: Option<&Annotations>,
        meta: &Meta,
        extra: &Map<String, Value>,
    ) -> Self {
        Self {
            annotations: annotations.filter(|a| !a.is_empty()).cloned(),
            meta: meta.clone(),
            extra: extra.clone(),
            icons: Vec::new(),
            resource: None,
        }
    }

    /// The part's `metadata`: `{"mcp": {…}}`, or empty when there is nothing to carry.
    pub(super) fn into_metadata(self) -> Map<String, Value> {
        let mut mcp = Map::new();
        if let Some(annotations) = self.annotations {
            mcp.insert("annotations".to_owned(), to_json(&annotations));
        }
        put_non_empty(&mut mcp, "_meta", &self.meta.to_map());
        put_non_empty(&mut mcp, "extra", &self.extra);
        if !self.icons.is_empty() {
            mcp.insert("icons".to_owned(), to_json(&self.icons));
        }
        if let Some(inner) = self.resource {
            let mut resource = Map::new();
            if let Some(uri) = inner.uri {
                resource.insert("uri".to_owned(), Value::String(uri.into_string()));
            }
            put_non_empty(&mut resource, "_meta", &inner.meta.to_map());
            put_non_empty(&mut resource, "extra", &inner.extra);
            mcp.insert("resource".to_owned(), Value::Object(resource));
        }
        wrap_mcp(mcp)
    }

    /// Reads `metadata.mcp` of a part; a member this crate never writes there is refused.
    pub(super) fn take(
        metadata: Map<String, Value>,
        limits: &ReadLimits,
    ) -> Result<Self, ReadError> {
        let mut mcp = McpMetadata::take(metadata, "metadata", limits)?;
        let resource = match mcp.fields.remove("resource") {
            None => None,
            Some(value) => {
                let mut inner = McpMetadata::from_value(value, "metadata.mcp.resource", limits)?;
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
    extra: &Map<String, Value>,
    path: &str,
) -> Result<(), ReadError> {
    match extra.keys().find(|key| T::is_known_field(key)) {
        Some(key) => Err(ReadError::new(
            join_key(path, key),
            shadowing(T::TYPE_NAME, key),
        )),
        None => Ok(()),
    }
}

/// The `mcp` object of a `metadata`, read field by field with paths for errors.
pub(super) struct McpMetadata {
    fields: Map<String, Value>,
    path: String,
    limits: ReadLimits,
}

impl McpMetadata {
    pub(super) fn take(
        mut metadata: Map<String, Value>,
        path: &str,
        limits: &ReadLimits,
    ) -> Result<Self, ReadError> {
        let path = format!("{path}.{MCP_METADATA_KEY}");
        match metadata.remove(MCP_METADATA_KEY) {
            None => Ok(Self {
                fields: Map::new(),
                path,
                limits: *limits,
            }),
            Some(value) => Self::from_value(value, &path, limits),
        }
    }

    fn from_value(value: Value, path: &str, limits: &ReadLimits) -> Result<Self, ReadError> {
        match value {
            Value::Object(fields) => Ok(Self {
                fields,
                path: path.to_owned(),
                limits: *limits,
            }),
            other => Err(ReadError::new(
                path,
                // The kind, not the value: a megabyte array (or one nested 100,000 levels,
                // whose `Display` recurses) would come back whole.
                Violation::new(
                    Rule::Type,
                    format!(
                        "expected an object, got {}",
                        crate::model::meta::kind_of(&other)
                    ),
                ),
            )),
        }
    }

    pub(super) fn read<T: de::DeserializeOwned>(
        &mut self,
        key: &str,
    ) -> Result<Option<T>, ReadError> {
        self.fields
            .remove(key)
            .map(|value| {
                read_value_with(value, &self.limits)
                    .map_err(|e| e.within(&format!("{}.{key}", self.path)))
            })
            .transpose()
    }

    pub(super) fn map(&mut self, key: &str) -> Result<Map<String, Value>, ReadError> {
        Ok(self.read(key)?.unwrap_or_default())
    }

    /// Refuses a member left once every one this crate writes here was read: it has no MCP
    /// field to go to, and would be dropped.
    pub(super) fn finish(self) -> Result<(), ReadError> {
        match self.fields.keys().next() {
            Some(key) => Err(ReadError::new(
                join_key(&self.path, key),
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

pub(super) fn put_non_empty(map: &mut Map<String, Value>, key: &str, value: &Map<String, Value>) {
    if !value.is_empty() {
        map.insert(key.to_owned(), Value::Object(value.clone()));
    }
}

pub(super) fn wrap_mcp(mcp: Map<String, Value>) -> Map<String, Value> {
    let mut metadata = Map::new();
    if !mcp.is_empty() {
        metadata.insert(MCP_METADATA_KEY.to_owned(), Value::Object(mcp));
    }
    metadata
}

pub(super) fn to_json<T: Serialize>(value: &T) -> Value {
    // The model's `Serialize` impls write maps with string keys and never fail, and
    // `model_to_value` reads their raw JSON at any depth.
    crate::wire::value_text::model_to_value(value).unwrap_or(Value::Null)
}
