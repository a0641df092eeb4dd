//! Prompts: the descriptor (`Prompt`, `PromptArgument`) and the result (`GetPromptResult`).

use std::borrow::Cow;

use serde::{Serialize, Serializer};

use crate::model::annotations::Role;
use crate::model::content::ContentBlock;
use crate::model::extra::ExtraFields;
use crate::model::icon::Icon;
use crate::model::json::{Compact, JsonObject, deserialize_object};
use crate::model::meta::Meta;
use crate::model::result::{ResultType, put_result_tail};
use crate::model::tool::put_descriptor_tail;
use crate::rules::ProtocolVersion;
use crate::wire::version::serialize_latest;
use crate::wire::write::{self, FieldSink, WriteFields};

/// An argument a prompt takes (always a string on the wire).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PromptArgument {
    /// The argument's name.
    pub name: String,
    /// A display title.
    pub title: Option<String>,
    /// What the argument is for.
    pub description: Option<String>,
    /// Whether it must be given.
    pub required: Option<bool>,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::model::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::model::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

// By hand, not derived with `#[serde(flatten)]`: an `extra` key naming a field is skipped,
// and the JSON writer copies the unknown members' text (names as received).
impl WriteFields for PromptArgument {
    fn write_fields<K: FieldSink>(&self, _: ProtocolVersion, sink: &mut K) -> Result<(), K::Error> {
        sink.field("name", &self.name)?;
        if let Some(title) = &self.title {
            sink.field("title", title)?;
        }
        if let Some(description) = &self.description {
            sink.field("description", description)?;
        }
        if let Some(required) = self.required {
            sink.field("required", &required)?;
        }
        sink.members(&self.extra, Self::KNOWN_FIELDS)
    }
}

impl Serialize for PromptArgument {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Arguments have no version-dependent field.
        write::serialize_object(self, ProtocolVersion::LATEST, serializer)
    }
}

deserialize_object!(PromptArgument, "a prompt argument object", {
    name: required String = "name",
    title: optional String = "title",
    description: optional String = "description",
    required: optional bool = "required",
});

impl PromptArgument {
    /// An argument named `name`.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            ..Self::default()
        }
    }
}

/// A prompt's descriptor, as `prompts/list` returns it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Prompt {
    /// The prompt's name.
    pub name: String,
    /// A display title.
    pub title: Option<String>,
    /// What the prompt provides.
    pub description: Option<String>,
    /// The arguments it takes.
    pub arguments: Option<Vec<PromptArgument>>,
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

deserialize_object!(Prompt, "a prompt object", {
    name: required String = "name",
    title: optional String = "title",
    description: optional String = "description",
    arguments: optional Compact<PromptArgument> = "arguments" => Vec::from,
    icons: defaulted Compact<Icon> = "icons" => Vec::from,
    meta: defaulted Meta = "_meta",
});

impl Prompt {
    /// A prompt named `name`.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            ..Self::default()
        }
    }
}

impl WriteFields for Prompt {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        sink.field("name", &self.name)?;
        if let Some(title) = &self.title {
            sink.field("title", title)?;
        }
        if let Some(description) = &self.description {
            sink.field("description", description)?;
        }
        if let Some(arguments) = &self.arguments {
            sink.objects("arguments", arguments, version)?;
        }
        put_descriptor_tail(
            sink,
            version,
            &self.icons,
            &self.meta,
            &self.extra,
            Prompt::KNOWN_FIELDS,
        )
    }
}

write::serialize_for_via_fields!(Prompt);

/// One message of a prompt: a role and a content block.
///
/// ```
/// use mcp_content::ContentBlock;
/// use mcp_content::model::{PromptMessage, Role};
/// let message = PromptMessage::new(Role::User, ContentBlock::text("Hi"));
/// assert_eq!(
///     serde_json::to_string(&message).unwrap(),
///     r#"{"role":"user","content":{"type":"text","text":"Hi"}}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct PromptMessage {
    /// Who says it.
    pub role: Role,
    /// What is said.
    pub content: ContentBlock,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::model::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::model::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

deserialize_object!(PromptMessage, "a prompt message object", @count, {
    role: required Role = "role",
    content: required ContentBlock = "content",
});

impl PromptMessage {
    /// A message from `role`.
    pub fn new(role: Role, content: impl Into<ContentBlock>) -> Self {
        Self {
            role,
            content: content.into(),
            extra: JsonObject::new(),
        }
    }
}

impl WriteFields for PromptMessage {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        sink.field("role", &self.role)?;
        sink.object("content", &self.content, version)?;
        sink.members(&self.extra, PromptMessage::KNOWN_FIELDS)
    }
}

/// The result of `prompts/get`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetPromptResult {
    /// A description of the prompt.
    pub description: Option<String>,
    /// The messages.
    pub messages: Vec<PromptMessage>,
    /// The result's `_meta`.
    pub meta: Meta,
    /// `resultType` as received (written as `"complete"` for 2026-07-28 when `None`).
    pub result_type: Option<Cow<'static, str>>,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::model::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::model::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

deserialize_object!(GetPromptResult, "a GetPromptResult object", {
    description: optional String = "description",
    messages: required Compact<PromptMessage> = "messages" => Vec::from,
    meta: defaulted Meta = "_meta",
    result_type: optional ResultType = "resultType" => ResultType::into_inner,
});

impl GetPromptResult {
    /// A result with these messages.
    pub fn new(messages: Vec<PromptMessage>) -> Self {
        Self {
            messages,
            ..Self::default()
        }
    }
}

impl WriteFields for GetPromptResult {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        if let Some(description) = &self.description {
            sink.field("description", description)?;
        }
        sink.objects("messages", &self.messages, version)?;
        put_result_tail(
            sink,
            version,
            &self.meta,
            self.result_type.as_deref(),
            &self.extra,
            GetPromptResult::KNOWN_FIELDS,
        )
    }
}

write::serialize_for_via_fields!(PromptMessage, GetPromptResult);

serialize_latest!(Prompt, PromptMessage, GetPromptResult);
