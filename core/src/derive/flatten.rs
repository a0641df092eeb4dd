//! What a `flatten` field of a written-only type must be: a type that derives `Content`
//! (its readable counterpart is `ContentSlots`, named `Content` in errors).

use crate::content_traits::{IntoContent, WriteError};
use crate::model::content::ContentBlock;
use crate::model::meta::Meta;

/// The type of a `flatten` field of a `#[content(write_only)]` or generic type: its blocks
/// and `_meta` are written inline. One trait named at the field, so a type that does not
/// derive `Content` is one error there, in these words (not "`IntoContent` is not satisfied").
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a type that implements Content",
    label = "`flatten` needs a type that implements Content",
    note = "`flatten` takes a type with `#[derive(Content)]`, as is; a single value goes in its own block with `text`, `text(json)`, `image`, `audio`, `resource` or `link` instead"
)]
pub trait FlattenedContent {
    /// Writes the value's blocks and `_meta` inline.
    ///
    /// # Errors
    /// What the nested type's writing refused (a value `serde_json` cannot write).
    fn extend_flattened(
        self,
        blocks: &mut Vec<ContentBlock>,
        result_meta: &mut Meta,
    ) -> Result<(), WriteError>;
}

#[diagnostic::do_not_recommend]
impl<T: IntoContent> FlattenedContent for T {
    #[inline]
    fn extend_flattened(
        self,
        blocks: &mut Vec<ContentBlock>,
        result_meta: &mut Meta,
    ) -> Result<(), WriteError> {
        self.try_extend_content(blocks, result_meta)
    }
}
