//! Resources: descriptors (`Resource`, `ResourceTemplate`) and `ReadResourceResult`.

use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::model::annotations::{Annotations, is_none_or_empty};
use crate::model::content::ResourceContents;
use crate::model::icon::Icon;
use crate::model::meta::Meta;
use crate::model::result::put_result_tail;
use crate::model::tool::put_descriptor_tail;
use crate::model::validated::{MimeType, Uri};
use crate::rules::{ProtocolVersion, UriTemplate};
use crate::wire::version::{SerializeFor, serialize_latest};
use crate::wire::write::{self, FieldSink, WriteFields};

/// A resource the server can read, as `resources/list` returns it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Resource {
    /// Its URI.
    pub uri: Uri,
    /// Its programmatic name.
    pub name: String,
    /// A display title.
    #[serde(default)]
    pub title: Option<String>,
    /// What it is.
    #[serde(default)]
    pub description: Option<String>,
    /// Its MIME type.
    #[serde(default)]
    pub mime_type: Option<MimeType>,
    /// Its raw size in bytes.
    #[serde(default)]
    pub size: Option<u64>,
    /// Hints for the client.
    #[serde(default)]
    pub annotations: Option<Annotations>,
    /// Icons (not emitted for 2025-06-18).
    #[serde(default)]
    pub icons: Vec<Icon>,
    /// The descriptor's `_meta`.
    #[serde(default, rename = "_meta")]
    pub meta: Meta,
    /// Fields this version does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Resource {
    /// A resource at `uri` named `name`.
    pub fn new(uri: Uri, name: impl Into<String>) -> Self {
        Self {
            uri,
            name: name.into(),
            title: None,
            description: None,
            mime_type: None,
            size: None,
            annotations: None,
            icons: Vec::new(),
            meta: Meta::new(),
            extra: Map::new(),
        }
    }
}

impl SerializeFor for Resource {
    fn serialize_for<S: Serializer>(
        &self,
        version: ProtocolVersion,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("uri", &self.uri)?;
        map.serialize_entry("name", &self.name)?;
        put_display(
            &mut map,
            self.title.as_ref(),
            self.description.as_ref(),
            self.mime_type.as_ref(),
        )?;
        if let Some(size) = self.size {
            map.serialize_entry("size", &size)?;
        }
        if !is_none_or_empty(self.annotations.as_ref()) {
            map.serialize_entry("annotations", &self.annotations)?;
        }
        put_descriptor_tail(&mut map, version, &self.icons, &self.meta, &self.extra)?;
        map.end()
    }
}

fn put_display<M: SerializeMap>(
    map: &mut M,
    title: Option<&String>,
    description: Option<&String>,
    mime_type: Option<&MimeType>,
) -> Result<(), M::Error> {
    if let Some(title) = title {
        map.serialize_entry("title", title)?;
    }
    if let Some(description) = description {
        map.serialize_entry("description", description)?;
    }
    if let Some(mime_type) = mime_type {
        map.serialize_entry("mimeType", mime_type)?;
    }
    Ok(())
}

/// A family of resources named by an RFC 6570 URI template.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceTemplate {
    /// The URI template.
    #[serde(deserialize_with = "uri_template")]
    pub uri_template: UriTemplate,
    /// Its programmatic name.
    pub name: String,
    /// A display title.
    #[serde(default)]
    pub title: Option<String>,
    /// What it is for.
    #[serde(default)]
    pub description: Option<String>,
    /// The MIME type of every matching resource.
    #[serde(default)]
    pub mime_type: Option<MimeType>,
    /// Hints for the client.
    #[serde(default)]
    pub annotations: Option<Annotations>,
    /// Icons (not emitted for 2025-06-18).
    #[serde(default)]
    pub icons: Vec<Icon>,
    /// The descriptor's `_meta`.
    #[serde(default, rename = "_meta")]
    pub meta: Meta,
    /// Fields this version does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

fn uri_template<'de, D: Deserializer<'de>>(deserializer: D) -> Result<UriTemplate, D::Error> {
    let text = String::deserialize(deserializer)?;
    UriTemplate::parse(&text).map_err(serde::de::Error::custom)
}

impl ResourceTemplate {
    /// A template named `name`.
    pub fn new(uri_template: UriTemplate, name: impl Into<String>) -> Self {
        Self {
            uri_template,
            name: name.into(),
            title: None,
            description: None,
            mime_type: None,
            annotations: None,
            icons: Vec::new(),
            meta: Meta::new(),
            extra: Map::new(),
        }
    }
}

impl SerializeFor for ResourceTemplate {
    fn serialize_for<S: Serializer>(
        &self,
        version: ProtocolVersion,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("uriTemplate", self.uri_template.as_str())?;
        map.serialize_entry("name", &self.name)?;
        put_display(
            &mut map,
            self.title.as_ref(),
            self.description.as_ref(),
            self.mime_type.as_ref(),
        )?;
        if !is_none_or_empty(self.annotations.as_ref()) {
            map.serialize_entry("annotations", &self.annotations)?;
        }
        put_descriptor_tail(&mut map, version, &self.icons, &self.meta, &self.extra)?;
        map.end()
    }
}

/// Who may cache a `resources/read` response (2026-07-28).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CacheScope {
    /// Any cache may keep it.
    Public,
    /// Only caches within the same authorization context.
    Private,
}

/// The result of `resources/read`.
///
/// For 2026-07-28, `cacheScope` and `ttlMs` are required: when unset they are written as
/// `"private"` and `0` (immediately stale), the conservative choice.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReadResourceResult {
    /// The contents.
    pub contents: Vec<ResourceContents>,
    /// The result's `_meta`.
    #[serde(default, rename = "_meta")]
    pub meta: Meta,
    /// `resultType` as received.
    #[serde(default)]
    pub result_type: Option<String>,
    /// Cache scope (2026-07-28).
    #[serde(default)]
    pub cache_scope: Option<CacheScope>,
    /// Cache lifetime in milliseconds (2026-07-28).
    #[serde(default)]
    pub ttl_ms: Option<u64>,
    /// Fields this version does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl ReadResourceResult {
    /// A result with these contents.
    pub fn new(contents: Vec<ResourceContents>) -> Self {
        Self {
            contents,
            ..Self::default()
        }
    }
}

impl WriteFields for ReadResourceResult {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        sink.objects("contents", &self.contents, version)?;
        if version.has_cache_hints() {
            sink.field(
                "cacheScope",
                &self.cache_scope.unwrap_or(CacheScope::Private),
            )?;
            sink.field("ttlMs", &self.ttl_ms.unwrap_or(0))?;
        }
        put_result_tail(
            sink,
            version,
            &self.meta,
            self.result_type.as_deref(),
            &self.extra,
        )
    }
}

write::serialize_for_via_fields!(ReadResourceResult);

serialize_latest!(Resource, ResourceTemplate, ReadResourceResult);
