//! What a `#[prompt]` function may return: every type here becomes a [`GetPromptResult`]
//! through [`IntoGetPromptResult`].
//!
//! | return type | messages |
//! |---|---|
//! | [`GetPromptResult`] | as it is |
//! | `Vec<PromptMessage>` | those messages |
//! | [`PromptMessage`] | that message |
//! | `String`, `&str` | one `user` text message |
//! | [`ContentBlock`], `Vec<ContentBlock>` | one `user` message per block |
//! | a `#[derive(Content)]` struct | one `user` message per block; its result `_meta` becomes the result's; a value `serde_json` refuses fails the request (`-32603`, naming the field and place) |
//! | `Result<T, E: Into<ProtocolError>>` | `Err(e)`: the request fails with `e` |
//!
//! `String` and `&str` convert into [`ProtocolError`] as an internal error (`-32603`), so a
//! prompt may return `Result<_, String>`; return a [`ProtocolError`] to pick the code.
//!
//! ```
//! use mcp_content::IntoGetPromptResult;
//! use mcp_content::model::Role;
//!
//! let result = "Review this code".into_get_prompt_result().unwrap();
//! assert_eq!(result.messages[0].role, Role::User);
//! assert_eq!(result.messages[0].content.as_text(), Some("Review this code"));
//! ```

use crate::content_traits::{IntoContent, WriteError};
use crate::model::annotations::Role;
use crate::model::content::ContentBlock;
use crate::model::meta::Meta;
use crate::model::prompt::{GetPromptResult, PromptMessage};
use crate::server::handler::ProtocolError;

/// A value a `#[prompt]` function returns.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be returned from a `#[prompt]` function",
    label = "not a prompt result",
    note = "return a type that implements `Content` (`#[derive(Content)]`), `Vec<PromptMessage>`, `PromptMessage`, `GetPromptResult`, `String`, `&str`, `ContentBlock`, `Vec<ContentBlock>`, or a `Result` of one of these whose error converts into `ProtocolError` (a `String` error does)"
)]
pub trait IntoGetPromptResult {
    /// The `prompts/get` result, or the error the request fails with.
    fn into_get_prompt_result(self) -> Result<GetPromptResult, ProtocolError>;
}

impl IntoGetPromptResult for GetPromptResult {
    fn into_get_prompt_result(self) -> Result<GetPromptResult, ProtocolError> {
        Ok(self)
    }
}

impl IntoGetPromptResult for Vec<PromptMessage> {
    fn into_get_prompt_result(self) -> Result<GetPromptResult, ProtocolError> {
        Ok(GetPromptResult::new(self))
    }
}

impl IntoGetPromptResult for PromptMessage {
    fn into_get_prompt_result(self) -> Result<GetPromptResult, ProtocolError> {
        Ok(GetPromptResult::new(vec![self]))
    }
}

impl IntoGetPromptResult for String {
    fn into_get_prompt_result(self) -> Result<GetPromptResult, ProtocolError> {
        PromptMessage::new(Role::User, ContentBlock::text(self)).into_get_prompt_result()
    }
}

impl IntoGetPromptResult for &str {
    fn into_get_prompt_result(self) -> Result<GetPromptResult, ProtocolError> {
        PromptMessage::new(Role::User, ContentBlock::text(self)).into_get_prompt_result()
    }
}

impl IntoGetPromptResult for ContentBlock {
    fn into_get_prompt_result(self) -> Result<GetPromptResult, ProtocolError> {
        PromptMessage::new(Role::User, self).into_get_prompt_result()
    }
}

impl IntoGetPromptResult for Vec<ContentBlock> {
    fn into_get_prompt_result(self) -> Result<GetPromptResult, ProtocolError> {
        Ok(user_messages(self, Meta::new()))
    }
}

/// A derived content type: one `user` message per block, in order (a prompt message holds one
/// block); what the type places in the result's `_meta` goes to the `GetPromptResult`'s. A
/// value `serde_json` refuses fails the request with an internal error naming it (see
/// [`WriteError`]).
// Hidden from diagnostics: a type that is neither listed nor derived is reported as
// not a result of the handler, never as a missing `IntoContent`.
#[diagnostic::do_not_recommend]
impl<T: IntoContent> IntoGetPromptResult for T {
    fn into_get_prompt_result(self) -> Result<GetPromptResult, ProtocolError> {
        let mut blocks = Vec::new();
        let mut meta = Meta::new();
        self.try_extend_content(&mut blocks, &mut meta)?;
        Ok(user_messages(blocks, meta))
    }
}

impl<T: IntoGetPromptResult, E: Into<ProtocolError>> IntoGetPromptResult for Result<T, E> {
    fn into_get_prompt_result(self) -> Result<GetPromptResult, ProtocolError> {
        self.map_err(Into::into)?.into_get_prompt_result()
    }
}

fn user_messages(blocks: Vec<ContentBlock>, meta: Meta) -> GetPromptResult {
    let messages = blocks
        .into_iter()
        .map(|block| PromptMessage::new(Role::User, block))
        .collect();
    GetPromptResult {
        meta,
        ..GetPromptResult::new(messages)
    }
}

/// A derived type that could not be written, as an internal error (`-32603`) whose message
/// names every field, place and serde's message.
impl From<WriteError> for ProtocolError {
    fn from(error: WriteError) -> Self {
        ProtocolError::internal(format!("the result could not be written: {error}"))
    }
}

/// A handler's error message as an internal error (`-32603`).
impl From<String> for ProtocolError {
    fn from(message: String) -> Self {
        ProtocolError::internal(message)
    }
}

/// A handler's error message as an internal error (`-32603`).
impl From<&str> for ProtocolError {
    fn from(message: &str) -> Self {
        ProtocolError::internal(message)
    }
}
