//! Where a derived type's result-level `_meta` comes from: the result's, or none when the
//! type is read from blocks alone.

use crate::model::meta::Meta;

/// The result a derived type is read from: its `_meta`, or none when the type is read from
/// blocks alone
/// ([`FromContent::from_content`](crate::content_traits::FromContent::from_content)), where
/// the fields placed in the result's `_meta` find nothing and its literal entries are not
/// checked.
#[derive(Clone, Copy, Debug)]
pub enum ResultMeta<'a> {
    /// Blocks alone: there is no result.
    Absent,
    /// The `_meta` of the result that carried the blocks.
    Of(&'a Meta),
}

impl<'a> ResultMeta<'a> {
    /// The `_meta` the fields read: the result's, or an empty one when there is none.
    pub fn meta(self) -> &'a Meta {
        static NONE: Meta = Meta::new();
        match self {
            ResultMeta::Absent => &NONE,
            ResultMeta::Of(meta) => meta,
        }
    }
}
