//! Prompts: the descriptor (`Prompt`, `PromptArgument`) and the result (`GetPromptResult`).

use std::borrow::Cow;

use serde::{Serialize, Serializer};

use crate::model::annotations::Role;
use crate::model::content::ContentBlock;
use crate::model::declare::model_object;
use crate::model::icon::Icon;
use crate::model::json::{Compact, JsonObject};
use crate::model::meta::Meta;
use crate::model::result::{ResultType, put_result_type};
use crate::model::write;
use crate::rules::ProtocolVersion;
use crate::wire::version::serialize_latest;

model_object! {
    /// An argument a prompt takes (always a string on the wire).
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct PromptArgument as "PromptArgument", read "a prompt argument object" {
        /// The argument's name.
        pub name: String = "name" (required String) value,
        /// A display title.
        pub title: Option<String> = "title" (optional String) value,
        /// What the argument is for.
        pub description: Option<String> = "description" (optional String) value,
        /// Whether it must be given.
        pub required: Option<bool> = "required" (optional bool) value,
    }
}

impl Serialize for PromptArgument {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Arguments have no version-dependent field.
        write::serialize_object(self, ProtocolVersion::LATEST, serializer)
    }
}

impl PromptArgument {
    /// An argument named `name`.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            ..Self::default()
        }
    }
}

model_object! {
    /// A prompt's descriptor, as `prompts/list` returns it.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Prompt as "Prompt", read "a prompt object" {
        /// The prompt's name.
        pub name: String = "name" (required String) value,
        /// A display title.
        pub title: Option<String> = "title" (optional String) value,
        /// What the prompt provides.
        pub description: Option<String> = "description" (optional String) value,
        /// The arguments it takes.
        pub arguments: Option<Vec<PromptArgument>> =
            "arguments" (optional Compact<PromptArgument> => Vec::from) objects,
        /// Icons (not emitted for 2025-06-18).
        pub icons: Vec<Icon> = "icons" (defaulted Compact<Icon> => Vec::from) objects
            since has_icons,
        /// The descriptor's `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
    }
}

impl Prompt {
    /// A prompt named `name`.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            ..Self::default()
        }
    }
}

model_object! {
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
    pub struct PromptMessage as "PromptMessage", read "a prompt message object" @count {
        /// Who says it.
        pub role: Role = "role" (required Role) value,
        /// What is said.
        pub content: ContentBlock = "content" (required ContentBlock) object,
    }
}

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

model_object! {
    /// The result of `prompts/get`.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct GetPromptResult as "GetPromptResult", read "a GetPromptResult object" {
        /// A description of the prompt.
        pub description: Option<String> = "description" (optional String) value,
        /// The messages.
        pub messages: Vec<PromptMessage> =
            "messages" (required Compact<PromptMessage> => Vec::from) objects,
        /// The result's `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
        /// `resultType` as received (written as `"complete"` for 2026-07-28 when `None`).
        pub result_type: Option<Cow<'static, str>> =
            "resultType" (optional ResultType => ResultType::into_inner) with(put_result_type)
            since has_result_type,
    }
}

impl GetPromptResult {
    /// A result with these messages.
    pub fn new(messages: Vec<PromptMessage>) -> Self {
        Self {
            messages,
            ..Self::default()
        }
    }
}

write::serialize_for_via_fields!(Prompt, PromptMessage, GetPromptResult);

serialize_latest!(Prompt, PromptMessage, GetPromptResult);
