//! The derive's reading-back glue (`__p::read::…`): the slots a derived type's blocks are
//! offered to, the checks of the values its attributes declare, and an enum's variants.

pub use crate::derive::read::{
    Agree, At, Body, ContentSlots, Decode, Expect, Found, From, FromText, Lit, Many, Nested,
    Offered, One, Opt, Param, Places, ResultMeta, Slot, Text, TextPart, TextReader, UriPattern,
    block_audience, block_last_modified, block_meta, block_mime, block_priority, contents_meta,
    expect, expect_result_meta, found, from_content, link_size, meta_entry, meta_json, offer_link,
    offer_media, offer_media_by_mime, offer_resource, offer_text, part, part_text, read_owned,
    read_string, resource_text, template_var, var, var_text,
};
pub use crate::derive::variant::{
    FinishFn, OfferFn, VariantSlots, finish_variant, no_variant, offer_variant, reject_variant,
    unexpected_in_variant,
};
