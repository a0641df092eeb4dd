//! The typed crossing of the results (tool, prompt, read): field by field, texts and base64
//! moved, for the shapes rmcp's types hold exactly; any other shape takes the JSON route.

use ::rmcp::model as rm;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::ConvertError;
use serde_json::Value;

use super::json::{
    from_rmcp, refuse_rounded_numbers, refuse_shadowing_extra, shortest_f32, to_rmcp_text,
};
use super::model::RmcpModel;
use crate::model::validate::Validate;
use crate::rules::ProtocolVersion;
use crate::wire::error::join_path;
use crate::wire::version::SerializeFor;

/// The results with a typed crossing: a result of the shapes `$crosses` names goes field by
/// field (`$typed`: texts and base64 moved, no `Value` in between); any other takes the checked
/// JSON route (`to_rmcp_text`; `$result_type` says whether rmcp's type carries `resultType`).
macro_rules! typed_crossing_results {
    ($($ours:ty => $rmcp:ty, $crosses:ident, $typed:ident, $result_type:expr;)*) => {$(
        impl RmcpModel for $ours {
            type Rmcp = $rmcp;
            fn to_rmcp_for(&self, version: ProtocolVersion) -> Result<$rmcp, ConvertError> {
                if $crosses(self, version) {
                    return $typed(self.clone(), version);
                }
                by_json(self, version, $result_type)
            }
            fn into_rmcp_for(self, version: ProtocolVersion) -> Result<$rmcp, ConvertError> {
                if $crosses(&self, version) {
                    return $typed(self, version);
                }
                self.to_rmcp_for(version)
            }
            fn from_rmcp(value: &$rmcp) -> Result<Self, ConvertError> {
                from_rmcp(value, false)
            }
        }
    )*};
}

/// The checked JSON route (what every other model type takes).
pub(super) fn by_json<T: Validate + SerializeFor, R: DeserializeOwned + Serialize>(
    result: &T,
    version: ProtocolVersion,
    complete_only: bool,
) -> Result<R, ConvertError> {
    refuse_shadowing_extra(result)?;
    to_rmcp_text(&result.to_json_for(version), complete_only)
}

typed_crossing_results!(
    crate::CallToolResult => rm::CallToolResult, typed_crossing, call_tool_result_typed, true;
    crate::model::prompt::GetPromptResult => rm::GetPromptResult, prompt_crosses, prompt_typed, false;
    crate::model::resource::ReadResourceResult => rm::ReadResourceResult, read_crosses, read_typed, false;
);

// The typed crossing: a result whose every part rmcp's types hold exactly as the JSON route
// would carry them goes over field by field (no `Value`, texts and base64 moved). The
// predicates below say which parts those are; anything else takes the JSON route, which
// names what cannot cross. `the_typed_crossing_gives_what_the_json_route_gives` holds the
// two routes to the same rmcp values.

/// Annotations whose priority an `f32` holds (as the JSON route's check accepts it) and
/// no unknown field.
pub(super) fn annotations_cross(
    annotations: Option<&crate::model::annotations::Annotations>,
) -> bool {
    annotations.is_none_or(|a| {
        a.extra.is_empty()
            && a.priority.is_none_or(|p| {
                let exact = p.get();
                let back = f64::from(narrow_f32(exact));
                back.to_bits() == exact.to_bits() || shortest_f32(back).to_bits() == exact.to_bits()
            })
    })
}

/// Free-form JSON whose numbers a `serde_json::Value` keeps (the JSON route names the
/// number that it would round).
pub(super) fn json_holds(json: &str) -> bool {
    refuse_rounded_numbers(json, "").is_ok()
}

pub(super) fn meta_holds(meta: &crate::model::meta::Meta) -> bool {
    meta.is_empty() || json_holds(meta.as_object().as_str())
}

/// A `resultType` the typed crossing writes: absent before 2026-07-28, `"complete"` from it.
pub(super) fn complete(result_type: Option<&str>, version: ProtocolVersion) -> bool {
    !version.has_result_type()
        || result_type.is_none_or(|kind| kind == crate::model::result::RESULT_TYPE_COMPLETE)
}

pub(super) fn contents_cross(contents: &crate::model::content::ResourceContents) -> bool {
    match contents {
        crate::model::content::ResourceContents::Text(c) => {
            c.extra.is_empty() && meta_holds(&c.meta)
        }
        crate::model::content::ResourceContents::Blob(c) => {
            c.extra.is_empty() && meta_holds(&c.meta)
        }
    }
}

/// Every block rmcp's `ContentBlock` has, with no unknown field; a resource link's icons
/// only where the version does not write them (rmcp's `Icon` is another shape: the JSON
/// route checks it).
pub(super) fn block_crosses(block: &crate::ContentBlock, version: ProtocolVersion) -> bool {
    use crate::model::content::ContentBlock;
    match block {
        ContentBlock::Text(b) => {
            b.extra.is_empty() && annotations_cross(b.annotations.as_ref()) && meta_holds(&b.meta)
        }
        ContentBlock::Image(b) => {
            b.extra.is_empty() && annotations_cross(b.annotations.as_ref()) && meta_holds(&b.meta)
        }
        ContentBlock::Audio(b) => {
            b.extra.is_empty() && annotations_cross(b.annotations.as_ref()) && meta_holds(&b.meta)
        }
        ContentBlock::ResourceLink(b) => {
            b.extra.is_empty()
                && annotations_cross(b.annotations.as_ref())
                && meta_holds(&b.meta)
                && (b.icons.is_empty() || !version.has_icons())
                && u64_holds(b.size.as_ref())
        }
        ContentBlock::Resource(b) => {
            b.extra.is_empty()
                && annotations_cross(b.annotations.as_ref())
                && meta_holds(&b.meta)
                && contents_cross(&b.resource)
        }
        ContentBlock::Unknown(_) => false,
    }
}

/// Whether `result` crosses into rmcp's types field by field exactly as the JSON route
/// would carry it: no unknown fields anywhere, blocks [`block_crosses`] takes, free-form
/// JSON a `Value` holds, and a `resultType` rmcp's `CallToolResult` holds.
pub(super) fn typed_crossing(result: &crate::CallToolResult, version: ProtocolVersion) -> bool {
    complete(result.result_type.as_deref(), version)
        && result.extra.is_empty()
        && meta_holds(&result.meta)
        && result
            .structured_content
            .as_ref()
            .is_none_or(|structured| json_holds(structured.as_str()))
        && result
            .content
            .iter()
            .all(|block| block_crosses(block, version))
}

/// Whether a `GetPromptResult` crosses field by field (see [`typed_crossing`]).
pub(super) fn prompt_crosses(
    result: &crate::model::prompt::GetPromptResult,
    version: ProtocolVersion,
) -> bool {
    complete(result.result_type.as_deref(), version)
        && result.extra.is_empty()
        && meta_holds(&result.meta)
        && result
            .messages
            .iter()
            .all(|m| m.extra.is_empty() && block_crosses(&m.content, version))
}

/// Whether a `ReadResourceResult` crosses field by field (see [`typed_crossing`]).
pub(super) fn read_crosses(
    result: &crate::model::resource::ReadResourceResult,
    version: ProtocolVersion,
) -> bool {
    complete(result.result_type.as_deref(), version)
        && result.extra.is_empty()
        && meta_holds(&result.meta)
        && result.contents.iter().all(contents_cross)
        && u64_holds(result.ttl_ms.as_ref())
}

/// Whether rmcp's `u64` holds an integer (a negative one or one past 64 bits takes the
/// JSON route, where rmcp's refusal names its path).
pub(super) fn u64_holds(value: Option<&crate::model::integer::JsonInteger>) -> bool {
    value.is_none_or(|v| v.as_u64().is_some())
}

#[allow(clippy::cast_possible_truncation)] // rmcp holds an f32: the narrowing is the point
pub(super) fn narrow_f32(value: f64) -> f32 {
    value as f32
}

/// A `_meta` as rmcp holds it (`None` when empty, as the JSON route leaves it out).
pub(super) fn meta_typed(
    meta: &crate::model::meta::Meta,
    path: &str,
) -> Result<Option<rm::MetaObject>, ConvertError> {
    if meta.is_empty() {
        return Ok(None);
    }
    // Our `_meta` is checked JSON object text: rmcp's map reads it (a number beyond `f64`
    // cannot cross either way).
    serde_json::from_str(meta.as_object().as_str())
        .map(Some)
        .map_err(|e| ConvertError::new(join_path(path, "_meta"), e.to_string()))
}

pub(super) fn annotations_typed(
    annotations: Option<crate::model::annotations::Annotations>,
) -> Option<rm::Annotations> {
    // Empty annotations are not written, so the JSON route gives rmcp none.
    let annotations = annotations.filter(|a| !a.is_empty())?;
    let mut theirs = rm::Annotations::default();
    theirs.audience = annotations
        .audience
        .map(|roles| roles.into_iter().map(role_typed).collect());
    theirs.priority = annotations.priority.map(|p| narrow_f32(p.get()));
    theirs.last_modified = annotations.last_modified.map(|t| t.as_str().to_owned());
    Some(theirs)
}

pub(super) fn role_typed(role: crate::model::annotations::Role) -> rm::Role {
    match role {
        crate::model::annotations::Role::User => rm::Role::User,
        crate::model::annotations::Role::Assistant => rm::Role::Assistant,
    }
}

/// The `resultType` the JSON route gives rmcp for a result [`complete`] took.
pub(super) fn result_type_typed(version: ProtocolVersion) -> Option<rm::ResultType> {
    version
        .has_result_type()
        .then_some(rm::ResultType::COMPLETE)
}

pub(super) fn contents_typed(
    contents: crate::model::content::ResourceContents,
    path: &str,
) -> Result<rm::ResourceContents, ConvertError> {
    Ok(match contents {
        crate::model::content::ResourceContents::Text(c) => {
            rm::ResourceContents::TextResourceContents {
                meta: meta_typed(&c.meta, path)?,
                uri: c.uri.into_string(),
                mime_type: c
                    .mime_type
                    .map(crate::model::validated::MimeType::into_string),
                text: c.text,
            }
        }
        crate::model::content::ResourceContents::Blob(c) => {
            rm::ResourceContents::BlobResourceContents {
                meta: meta_typed(&c.meta, path)?,
                uri: c.uri.into_string(),
                mime_type: c
                    .mime_type
                    .map(crate::model::validated::MimeType::into_string),
                blob: c.blob.into_base64(),
            }
        }
    })
}

/// An image or audio block, field by field: rmcp's two types have the same fields but no
/// common trait or constructor, so one body serves both through their names.
macro_rules! media_typed {
    ($block:expr, $path:expr, $variant:ident, $theirs:ident) => {{
        let block = $block;
        let mut theirs = rm::$theirs::new(block.data.into_base64(), block.mime_type.as_str());
        theirs.meta = meta_typed(&block.meta, $path)?;
        theirs.annotations = annotations_typed(block.annotations);
        rm::ContentBlock::$variant(theirs)
    }};
}

/// One block [`block_crosses`] accepted, field by field.
pub(super) fn block_typed(
    block: crate::ContentBlock,
    path: &str,
) -> Result<rm::ContentBlock, ConvertError> {
    use crate::model::content::ContentBlock;
    Ok(match block {
        ContentBlock::Text(b) => {
            let b = *b;
            let mut theirs = rm::TextContent::new(b.text);
            theirs.meta = meta_typed(&b.meta, path)?;
            theirs.annotations = annotations_typed(b.annotations);
            rm::ContentBlock::Text(theirs)
        }
        ContentBlock::Image(b) => media_typed!(*b, path, Image, ImageContent),
        ContentBlock::Audio(b) => media_typed!(*b, path, Audio, AudioContent),
        ContentBlock::ResourceLink(b) => {
            let b = *b;
            let mut theirs = rm::Resource::new(b.uri.into_string(), b.name);
            theirs.title = b.title;
            theirs.description = b.description;
            theirs.mime_type = b
                .mime_type
                .map(crate::model::validated::MimeType::into_string);
            // `block_crosses` let only a size rmcp's `u64` holds come this way.
            theirs.size = b
                .size
                .as_ref()
                .and_then(crate::model::integer::JsonInteger::as_u64);
            // Icons reach here only where the version does not write them.
            theirs.meta = meta_typed(&b.meta, path)?;
            theirs.annotations = annotations_typed(b.annotations);
            rm::ContentBlock::ResourceLink(theirs)
        }
        ContentBlock::Resource(b) => {
            let b = *b;
            let meta = meta_typed(&b.meta, path)?;
            let mut theirs = rm::EmbeddedResource::new(contents_typed(
                b.resource,
                &join_path(path, "resource"),
            )?);
            theirs.meta = meta;
            theirs.annotations = annotations_typed(b.annotations);
            rm::ContentBlock::Resource(theirs)
        }
        ContentBlock::Unknown(_) => {
            return Err(ConvertError::new(
                path,
                "an unknown block cannot cross (rmcp's ContentBlock is closed)",
            ));
        }
    })
}

/// The field-by-field crossing of a result [`typed_crossing`] accepted.
pub(super) fn call_tool_result_typed(
    result: crate::CallToolResult,
    version: ProtocolVersion,
) -> Result<rm::CallToolResult, ConvertError> {
    let mut content = Vec::with_capacity(result.content.len());
    for (i, block) in result.content.into_iter().enumerate() {
        content.push(block_typed(block, &format!("content[{i}]"))?);
    }
    let mut theirs = rm::CallToolResult::success(content);
    theirs.is_error = result.is_error;
    theirs.result_type = result_type_typed(version);
    if let Some(structured) = result.structured_content {
        let value: Value = serde_json::from_str(structured.as_str())
            .map_err(|e| ConvertError::new("structuredContent", e.to_string()))?;
        theirs.structured_content = Some(
            if version.wraps_non_object_structured() && !value.is_object() {
                // 2025-era schemas require an object here.
                serde_json::json!({ "result": value })
            } else {
                value
            },
        );
    }
    theirs.meta = meta_typed(&result.meta, "")?;
    Ok(theirs)
}

/// The field-by-field crossing of a result [`prompt_crosses`] accepted.
pub(super) fn prompt_typed(
    result: crate::model::prompt::GetPromptResult,
    version: ProtocolVersion,
) -> Result<rm::GetPromptResult, ConvertError> {
    let mut messages = Vec::with_capacity(result.messages.len());
    for (i, message) in result.messages.into_iter().enumerate() {
        let content = block_typed(message.content, &format!("messages[{i}].content"))?;
        messages.push(rm::PromptMessage::new(role_typed(message.role), content));
    }
    let mut theirs = rm::GetPromptResult::new(messages);
    theirs.description = result.description;
    theirs.result_type = result_type_typed(version);
    theirs.meta = meta_typed(&result.meta, "")?;
    Ok(theirs)
}

/// The field-by-field crossing of a result [`read_crosses`] accepted.
pub(super) fn read_typed(
    result: crate::model::resource::ReadResourceResult,
    version: ProtocolVersion,
) -> Result<rm::ReadResourceResult, ConvertError> {
    let mut contents = Vec::with_capacity(result.contents.len());
    for (i, item) in result.contents.into_iter().enumerate() {
        contents.push(contents_typed(item, &format!("contents[{i}]"))?);
    }
    let mut theirs = rm::ReadResourceResult::new(contents);
    theirs.result_type = result_type_typed(version);
    // Written from 2026-07-28 only, with the defaults the writer fills in.
    if version.has_cache_hints() {
        theirs.cache_scope = Some(
            match result
                .cache_scope
                .unwrap_or(crate::model::resource::CacheScope::Private)
            {
                crate::model::resource::CacheScope::Public => rm::CacheScope::Public,
                crate::model::resource::CacheScope::Private => rm::CacheScope::Private,
            },
        );
        // `read_crosses` let only a ttlMs rmcp's `u64` holds come this way.
        theirs.ttl_ms = Some(
            result
                .ttl_ms
                .as_ref()
                .map_or(Some(0), crate::model::integer::JsonInteger::as_u64)
                .unwrap_or(0),
        );
    }
    theirs.meta = meta_typed(&result.meta, "")?;
    Ok(theirs)
}
