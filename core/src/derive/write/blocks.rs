//! The builders, one per block kind (`text`, `media`, `text_resource`, `blob_resource`,
//! `link`): each writes a field's values as blocks with the field's envelope, and reports a
//! value `serde_json` refused at the block it would have been.

use super::Out;
use super::envelope::{Envelope, WrittenMeta};
use super::text_value::TextOut;
use crate::derive::MediaKind;
use crate::model::binary::Base64Data;
use crate::model::content::{
    BlobResourceContents, ContentBlock, EmbeddedResource, ResourceContents, ResourceLink,
    TextContent, TextResourceContents,
};
use crate::model::integer::JsonInteger;
use crate::model::json::JsonObject;
use crate::model::validated::{MimeType, Uri};
use crate::rules::{TemplateValue, UriTemplate};

/// Expands a template whose scheme the compiler saw is literal; inserted values are
/// percent-encoded, so the result is an absolute URI.
pub fn expand<const N: usize>(template: &UriTemplate, values: &[(&str, Option<String>); N]) -> Uri {
    let lookup = |name: &str| {
        values
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| v.as_deref().map(TemplateValue::Str))
    };
    Uri::__unchecked(template.expand(&lookup))
}

/// Text blocks of field `field`; a `text(json)` value `serde_json` refuses is no block, and
/// is reported at `content[i].text`.
pub fn text<I: IntoIterator, R: TextOut>(
    out: &mut Out<'_>,
    items: I,
    to_text: fn(I::Item) -> R,
    field: &'static str,
    env: &Envelope,
) {
    let start = out.blocks.len();
    for item in items {
        match to_text(item).into_text() {
            Ok(text) => {
                let (annotations, meta) = env.parts();
                out.blocks.push(ContentBlock::from(TextContent {
                    text,
                    annotations,
                    meta,
                    extra: JsonObject::new(),
                }));
            }
            Err(refused) => {
                let place = format!("content[{}].text", out.blocks.len());
                out.fail(field, place, refused);
            }
        }
    }
    out.refused_meta(start, env, None);
}

/// Image or audio blocks (`K`; a literal MIME type's kind was checked by the compiler, a
/// field's is written as is). `into_data` is the field type's `BinaryField::into_data` (or
/// `IntoBinary`'s for a write-only type), named by the generated code at the field's type.
pub fn media<K: MediaKind, I: IntoIterator>(
    _: K,
    out: &mut Out<'_>,
    items: I,
    into_data: fn(I::Item) -> Base64Data,
    mime: &MimeType,
    env: &Envelope,
) {
    let start = out.blocks.len();
    out.blocks.extend(
        items
            .into_iter()
            .map(|item| K::block(into_data(item), mime.clone(), env.parts())),
    );
    out.refused_meta(start, env, None);
}

/// What an embedded resource's contents carry besides their body.
pub struct ResourceParts {
    /// `uri`.
    pub uri: Uri,
    /// `mimeType`.
    pub mime_type: Option<MimeType>,
    /// The contents' own `_meta`.
    pub meta: WrittenMeta,
}

/// Embedded text resources of field `field`; a `text(json)` value `serde_json` refuses is no
/// block, and is reported at `content[i].resource.text`.
pub fn text_resource<I: IntoIterator, R: TextOut>(
    out: &mut Out<'_>,
    items: I,
    to_text: fn(I::Item) -> R,
    field: &'static str,
    parts: &ResourceParts,
    env: &Envelope,
) {
    let start = out.blocks.len();
    for item in items {
        match to_text(item).into_text() {
            Ok(text) => {
                let contents = ResourceContents::Text(TextResourceContents {
                    uri: parts.uri.clone(),
                    mime_type: parts.mime_type.clone(),
                    text,
                    meta: parts.meta.meta.clone(),
                    extra: JsonObject::new(),
                });
                out.blocks.push(embedded(contents, env));
            }
            Err(refused) => {
                let place = format!("content[{}].resource.text", out.blocks.len());
                out.fail(field, place, refused);
            }
        }
    }
    out.refused_meta(start, env, Some(&parts.meta));
}

/// Embedded blob resources.
pub fn blob_resource<I: IntoIterator>(
    out: &mut Out<'_>,
    items: I,
    into_data: fn(I::Item) -> Base64Data,
    parts: &ResourceParts,
    env: &Envelope,
) {
    let start = out.blocks.len();
    for item in items {
        let contents = ResourceContents::Blob(BlobResourceContents {
            uri: parts.uri.clone(),
            mime_type: parts.mime_type.clone(),
            blob: into_data(item),
            meta: parts.meta.meta.clone(),
            extra: JsonObject::new(),
        });
        out.blocks.push(embedded(contents, env));
    }
    out.refused_meta(start, env, Some(&parts.meta));
}

fn embedded(resource: ResourceContents, env: &Envelope) -> ContentBlock {
    let (annotations, meta) = env.parts();
    ContentBlock::from(EmbeddedResource {
        resource,
        annotations,
        meta,
        extra: JsonObject::new(),
    })
}

/// The parts of a resource link besides its URI.
pub struct LinkParts {
    /// `name`.
    pub name: String,
    /// `title`.
    pub title: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `mimeType`.
    pub mime_type: Option<MimeType>,
    /// `size`.
    pub size: Option<u64>,
}

/// Resource link blocks: the field is the URI. `into_uri` is the field type's
/// `UriField::into_uri`, named by the generated code at the field's type (where a type that
/// is no URI is reported, once).
pub fn link<I: IntoIterator>(
    out: &mut Out<'_>,
    items: I,
    into_uri: fn(I::Item) -> Uri,
    parts: &LinkParts,
    env: &Envelope,
) {
    let start = out.blocks.len();
    for item in items {
        let (annotations, meta) = env.parts();
        let mut link = ResourceLink::new(into_uri(item), parts.name.clone());
        link.title.clone_from(&parts.title);
        link.description.clone_from(&parts.description);
        link.mime_type.clone_from(&parts.mime_type);
        link.size = parts.size.map(JsonInteger::from);
        link.annotations = annotations;
        link.meta = meta;
        out.blocks.push(ContentBlock::from(link));
    }
    out.refused_meta(start, env, None);
}

/// A link's name taken from a field, or the field's own name when that field is `None`.
pub fn name_or(name: Option<String>, field: &'static str) -> String {
    name.unwrap_or_else(|| field.to_owned())
}
