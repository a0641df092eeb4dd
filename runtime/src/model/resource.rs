//! Resources: descriptors (`Resource`, `ResourceTemplate`) and `ReadResourceResult`.

use std::borrow::Cow;

use serde::{Deserialize, Deserializer, Serialize};

use crate::model::annotations::Annotations;
use crate::model::content::ResourceContents;
use crate::model::extra::ExtraFields;
use crate::model::icon::Icon;
use crate::model::integer::{JsonInteger, NonNegative};
use crate::model::json::{Compact, JsonObject, deserialize_object};
use crate::model::meta::Meta;
use crate::model::result::{ResultType, put_result_tail};
use crate::model::tool::put_descriptor_tail;
use crate::model::validated::{MimeType, Uri};
use crate::rules::{ProtocolVersion, UriTemplate};
use crate::wire::version::serialize_latest;
use crate::wire::write::{self, FieldSink, WriteFields};

/// A resource the server can read, as `resources/list` returns it.
#[derive(Debug, Clone, PartialEq)]
pub struct Resource {
    /// Its URI.
    pub uri: Uri,
    /// Its programmatic name.
    pub name: String,
    /// A display title.
    pub title: Option<String>,
    /// What it is.
    pub description: Option<String>,
    /// Its MIME type.
    pub mime_type: Option<MimeType>,
    /// Its raw size in bytes: any integer the schemas allow (a negative one or one past 64
    /// bits included), kept as read ([`JsonInteger`]).
    pub size: Option<JsonInteger>,
    /// Hints for the client.
    pub annotations: Option<Annotations>,
    /// Icons (not emitted for 2025-06-18).
    pub icons: Vec<Icon>,
    /// The descriptor's `_meta`.
    pub meta: Meta,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::model::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::model::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

deserialize_object!(Resource, "a resource object", {
    uri: required Uri = "uri",
    name: required String = "name",
    title: optional String = "title",
    description: optional String = "description",
    mime_type: optional MimeType = "mimeType",
    size: optional JsonInteger = "size",
    annotations: optional Annotations = "annotations",
    icons: defaulted Compact<Icon> = "icons" => Vec::from,
    meta: defaulted Meta = "_meta",
});

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
            extra: JsonObject::new(),
        }
    }
}

impl WriteFields for Resource {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        sink.field("uri", &self.uri)?;
        sink.field("name", &self.name)?;
        put_display(
            sink,
            self.title.as_ref(),
            self.description.as_ref(),
            self.mime_type.as_ref(),
        )?;
        if let Some(size) = &self.size {
            sink.field("size", size)?;
        }
        if let Some(annotations) = self.annotations.as_ref().filter(|a| !a.is_empty()) {
            sink.object("annotations", annotations, version)?;
        }
        put_descriptor_tail(
            sink,
            version,
            &self.icons,
            &self.meta,
            &self.extra,
            Resource::KNOWN_FIELDS,
        )
    }
}

fn put_display<K: FieldSink>(
    sink: &mut K,
    title: Option<&String>,
    description: Option<&String>,
    mime_type: Option<&MimeType>,
) -> Result<(), K::Error> {
    if let Some(title) = title {
        sink.field("title", title)?;
    }
    if let Some(description) = description {
        sink.field("description", description)?;
    }
    if let Some(mime_type) = mime_type {
        sink.field("mimeType", mime_type)?;
    }
    Ok(())
}

/// A family of resources named by an RFC 6570 URI template.
#[derive(Debug, Clone, PartialEq)]
pub struct ResourceTemplate {
    /// The URI template.
    pub uri_template: UriTemplate,
    /// Its programmatic name.
    pub name: String,
    /// A display title.
    pub title: Option<String>,
    /// What it is for.
    pub description: Option<String>,
    /// The MIME type of every matching resource.
    pub mime_type: Option<MimeType>,
    /// Hints for the client.
    pub annotations: Option<Annotations>,
    /// Icons (not emitted for 2025-06-18).
    pub icons: Vec<Icon>,
    /// The descriptor's `_meta`.
    pub meta: Meta,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::model::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::model::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

/// A URI template as read: parsed (RFC 6570).
struct TemplateText(UriTemplate);

impl<'de> Deserialize<'de> for TemplateText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        UriTemplate::parse(&text)
            .map(TemplateText)
            .map_err(serde::de::Error::custom)
    }
}

deserialize_object!(ResourceTemplate, "a resource template object", {
    uri_template: required TemplateText = "uriTemplate" => |t: TemplateText| t.0,
    name: required String = "name",
    title: optional String = "title",
    description: optional String = "description",
    mime_type: optional MimeType = "mimeType",
    annotations: optional Annotations = "annotations",
    icons: defaulted Compact<Icon> = "icons" => Vec::from,
    meta: defaulted Meta = "_meta",
});

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
            extra: JsonObject::new(),
        }
    }
}

impl WriteFields for ResourceTemplate {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        sink.field("uriTemplate", self.uri_template.as_str())?;
        sink.field("name", &self.name)?;
        put_display(
            sink,
            self.title.as_ref(),
            self.description.as_ref(),
            self.mime_type.as_ref(),
        )?;
        if let Some(annotations) = self.annotations.as_ref().filter(|a| !a.is_empty()) {
            sink.object("annotations", annotations, version)?;
        }
        put_descriptor_tail(
            sink,
            version,
            &self.icons,
            &self.meta,
            &self.extra,
            ResourceTemplate::KNOWN_FIELDS,
        )
    }
}

write::serialize_for_via_fields!(Resource, ResourceTemplate);

/// Who may cache a `resources/read` response (2026-07-28).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CacheScope {
    /// Any cache may keep it.
    Public,
    /// Only caches within the same authorization context.
    Private,
}

/// Reads through [`FromStr`](std::str::FromStr), so an unknown scope names its rule
/// (`type`) in the error, as the other enumerations of the model do.
impl<'de> Deserialize<'de> for CacheScope {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The result of `resources/read`.
///
/// For 2026-07-28, `cacheScope` and `ttlMs` are required: when unset they are written as
/// `"private"` and `0` (immediately stale), the conservative choice.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReadResourceResult {
    /// The contents.
    pub contents: Vec<ResourceContents>,
    /// The result's `_meta`.
    pub meta: Meta,
    /// `resultType` as received.
    pub result_type: Option<Cow<'static, str>>,
    /// Cache scope (2026-07-28).
    pub cache_scope: Option<CacheScope>,
    /// Cache lifetime in milliseconds (2026-07-28): any integer from 0 the schema allows (one
    /// past 64 bits included), kept as read ([`JsonInteger`]); a negative one is refused on
    /// read and by `validate()`.
    pub ttl_ms: Option<JsonInteger>,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::model::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::model::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

deserialize_object!(ReadResourceResult, "a ReadResourceResult object", {
    contents: required Compact<ResourceContents> = "contents" => Vec::from,
    meta: defaulted Meta = "_meta",
    result_type: optional ResultType = "resultType" => ResultType::into_inner,
    cache_scope: optional CacheScope = "cacheScope",
    ttl_ms: optional NonNegative = "ttlMs" => |t: NonNegative| t.0,
});

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
            match &self.ttl_ms {
                Some(ttl_ms) => sink.field("ttlMs", ttl_ms)?,
                None => sink.field("ttlMs", &0_u64)?,
            }
        }
        put_result_tail(
            sink,
            version,
            &self.meta,
            self.result_type.as_deref(),
            &self.extra,
            ReadResourceResult::KNOWN_FIELDS,
        )
    }
}

write::serialize_for_via_fields!(ReadResourceResult);

serialize_latest!(Resource, ResourceTemplate, ReadResourceResult);
