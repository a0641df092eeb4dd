//! Resources: descriptors (`Resource`, `ResourceTemplate`) and `ReadResourceResult`.

use std::borrow::Cow;

use serde::{Deserialize, Deserializer, Serialize};

use crate::model::annotations::Annotations;
use crate::model::content::ResourceContents;
use crate::model::declare::model_object;
use crate::model::icon::Icon;
use crate::model::integer::{JsonInteger, NonNegative};
use crate::model::json::{Compact, JsonObject};
use crate::model::meta::Meta;
use crate::model::result::{ResultType, put_result_type};
use crate::model::validated::{MimeType, Uri};
use crate::model::write::{self, FieldSink};
use crate::rules::{ProtocolVersion, UriTemplate};
use crate::wire::version::serialize_latest;

model_object! {
    /// A resource the server can read, as `resources/list` returns it.
    #[derive(Debug, Clone, PartialEq)]
    pub struct Resource as "Resource", read "a resource object" {
        /// Its URI.
        pub uri: Uri = "uri" (required Uri) value,
        /// Its programmatic name.
        pub name: String = "name" (required String) value,
        /// A display title.
        pub title: Option<String> = "title" (optional String) value,
        /// What it is.
        pub description: Option<String> = "description" (optional String) value,
        /// Its MIME type.
        pub mime_type: Option<MimeType> = "mimeType" (optional MimeType) value,
        /// Its raw size in bytes: any integer the schemas allow (a negative one or one past
        /// 64 bits included), kept as read ([`JsonInteger`]).
        pub size: Option<JsonInteger> = "size" (optional JsonInteger) value,
        /// Hints for the client.
        pub annotations: Option<Annotations> =
            "annotations" (optional Annotations) nonempty_object,
        /// Icons (not emitted for 2025-06-18).
        pub icons: Vec<Icon> = "icons" (defaulted Compact<Icon> => Vec::from) objects
            since has_icons,
        /// The descriptor's `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
    }
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
            extra: JsonObject::new(),
        }
    }
}

model_object! {
    /// A family of resources named by an RFC 6570 URI template.
    #[derive(Debug, Clone, PartialEq)]
    pub struct ResourceTemplate as "ResourceTemplate", read "a resource template object" {
        /// The URI template.
        pub uri_template: UriTemplate =
            "uriTemplate" (required TemplateText => |t: TemplateText| t.0) with(put_template),
        /// Its programmatic name.
        pub name: String = "name" (required String) value,
        /// A display title.
        pub title: Option<String> = "title" (optional String) value,
        /// What it is for.
        pub description: Option<String> = "description" (optional String) value,
        /// The MIME type of every matching resource.
        pub mime_type: Option<MimeType> = "mimeType" (optional MimeType) value,
        /// Hints for the client.
        pub annotations: Option<Annotations> =
            "annotations" (optional Annotations) nonempty_object,
        /// Icons (not emitted for 2025-06-18).
        pub icons: Vec<Icon> = "icons" (defaulted Compact<Icon> => Vec::from) objects
            since has_icons,
        /// The descriptor's `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
    }
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

/// A URI template, written as its text.
fn put_template<K: FieldSink>(
    sink: &mut K,
    key: &str,
    template: &UriTemplate,
    _: ProtocolVersion,
) -> Result<(), K::Error> {
    sink.field(key, template.as_str())
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

model_object! {
    /// The result of `resources/read`.
    ///
    /// For 2026-07-28, `cacheScope` and `ttlMs` are required: when unset they are written as
    /// `"private"` and `0` (immediately stale), the conservative choice.
    #[derive(Debug, Clone, PartialEq, Default)]
    pub struct ReadResourceResult as "ReadResourceResult", read "a ReadResourceResult object" {
        /// The contents.
        pub contents: Vec<ResourceContents> =
            "contents" (required Compact<ResourceContents> => Vec::from) objects,
        /// Cache scope (2026-07-28).
        pub cache_scope: Option<CacheScope> =
            "cacheScope" (optional CacheScope) with(put_cache_scope) since has_cache_hints,
        /// Cache lifetime in milliseconds (2026-07-28): any integer from 0 the schema allows
        /// (one past 64 bits included), kept as read ([`JsonInteger`]); a negative one is
        /// refused on read and by `validate()`.
        pub ttl_ms: Option<JsonInteger> =
            "ttlMs" (optional NonNegative => |t: NonNegative| t.0) with(put_ttl_ms)
            since has_cache_hints,
        /// The result's `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
        /// `resultType` as received.
        pub result_type: Option<Cow<'static, str>> =
            "resultType" (optional ResultType => ResultType::into_inner) with(put_result_type)
            since has_result_type,
    }
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

/// `cacheScope`, required for 2026-07-28: `"private"` when unset.
fn put_cache_scope<K: FieldSink>(
    sink: &mut K,
    key: &str,
    scope: Option<&CacheScope>,
    _: ProtocolVersion,
) -> Result<(), K::Error> {
    sink.field(key, scope.unwrap_or(&CacheScope::Private))
}

/// `ttlMs`, required for 2026-07-28: `0` (immediately stale) when unset.
fn put_ttl_ms<K: FieldSink>(
    sink: &mut K,
    key: &str,
    ttl_ms: Option<&JsonInteger>,
    _: ProtocolVersion,
) -> Result<(), K::Error> {
    match ttl_ms {
        Some(ttl_ms) => sink.field(key, ttl_ms),
        None => sink.field(key, &0_u64),
    }
}

write::serialize_for_via_fields!(ReadResourceResult);

serialize_latest!(Resource, ResourceTemplate, ReadResourceResult);
