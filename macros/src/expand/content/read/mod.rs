//! The reading side of a layout: a slots struct (one slot per field, `slots`), `offer` (each
//! block kind's `__p::read::offer_*` per block field, then the values its block carries for
//! other fields, `fill`) and `finish` (every slot `take`n, `finish`).

mod fill;
mod finish;
mod slots;

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::literals::{expect_literals, result_literals, shared_literals};
use super::places::{self, text_agrees};
use super::{from_content_impl, template_static};
use crate::attr::{Kind, Value};
use crate::resolve::{Block, BlockKind, Layout, Resolved, Role, TextForm};

use crate::toolkit::respan;
use fill::fills;
pub(super) use finish::{base_bindings, finish};
pub(super) use slots::slots_struct;
use slots::{agree_slot, slot};

/// A struct's reading side: `ContentSlots` and `FromContent`.
pub(super) fn struct_reader(layout: &Layout) -> TokenStream {
    let ident = &layout.input.original.ident;
    let name = ident.to_string();
    let slots = slots_struct(layout, &format_ident!("__Slots"));
    let offers = offers(layout);
    let finish = finish(layout, &quote!(Self));
    // A `structured` type's fields with no place in the content are in `structuredContent`
    // only: read together with it, they are taken from its value (`finish_with`).
    let finish = if layout.input.attrs.structured.is_some() {
        let base = base_bindings(layout, &quote!(Self), &quote!(__base));
        quote! {
            fn finish(__s: __Slots, __rmeta: __p::read::ResultMeta<'_>) -> __p::Result<Self, __p::ReadError> {
                Self::finish_with(__s, __rmeta, __p::None)
            }

            fn finish_with(__s: __Slots, __rmeta: __p::read::ResultMeta<'_>, __base: __p::Option<Self>) -> __p::Result<Self, __p::ReadError> {
                #base
                #finish
            }
        }
    } else {
        quote! {
            fn finish(__s: __Slots, __rmeta: __p::read::ResultMeta<'_>) -> __p::Result<Self, __p::ReadError> {
                #finish
            }
        }
    };
    let from_content = from_content_impl(ident, layout.input.attrs.structured.as_ref());
    let result_meta = result_literals(layout).map(|entries| {
        quote!(const RESULT_META: &'static [(&'static str, __p::read::Lit)] = &[#(#entries),*];)
    });
    quote! {
        #slots

        #[automatically_derived]
        impl __p::read::ContentSlots for #ident {
            type Slots = __Slots;
            const NAME: &'static str = #name;
            #result_meta

            fn offer(__s: &mut __Slots, __i: usize, __b: &mut __p::read::Offered<'_>) -> __p::Result<bool, __p::ReadError> {
                #offers
                __p::Ok(false)
            }

            #finish
        }

        #from_content
    }
}

/// The statements that offer `__b` to each field in turn (`return Ok(true)` when one takes it).
pub(super) fn offers(layout: &Layout) -> TokenStream {
    let mut out = shared_literals(layout);
    for resolved in &layout.fields {
        let slot = slot(resolved);
        match &resolved.role {
            Role::Flatten => {
                let ty = resolved.field.ty;
                out.extend(quote_spanned! {ty.span()=>
                    if <#ty as __p::read::ContentSlots>::offer_nested(&mut __s.#slot, __i, __b)? {
                        return __p::Ok(true);
                    }
                });
            }
            Role::Block(block) => out.extend(offer(layout, resolved, block)),
            _ => {}
        }
    }
    out
}

/// The `if` that takes a block into block field `resolved`, and fills the fields its block
/// carries values for.
fn offer(layout: &Layout, resolved: &Resolved, block: &Block) -> TokenStream {
    let name = resolved.field.ident.to_string();
    let name = name.trim_start_matches("r#");
    let slot = slot(resolved);
    let inner = block.inner;
    let reader = match block.text {
        TextForm::String => quote!(__p::read::read_string),
        TextForm::Display => quote_spanned!(inner.span()=> <#inner as __p::TextField>::read_text),
        TextForm::Json => quote_spanned!(inner.span()=> <#inner as __p::JsonField>::read_json),
    };
    let pattern = resource_pattern(layout, resolved, block);
    let (before, after) = own_text(resolved, block, pattern.as_ref());
    let fills = fills(layout, resolved.index);
    let took = places::took(resolved);
    let expect = expect_literals(resolved, block);
    let fills = quote!(#took #expect #after #fills);
    let call = match (block.kind, block.attr) {
        (BlockKind::Text, _) => {
            quote!(__p::read::offer_text(&mut __s.#slot, __i, __b, #name, #reader))
        }
        (BlockKind::Image | BlockKind::Audio, Kind::Media { mime, any_mime, .. }) => {
            // A literal MIME type is checked on read, unless the field reads any.
            let declared = match mime {
                Some(Value::Str(lit)) if any_mime.is_none() => quote!(#lit),
                _ => quote!(""),
            };
            let kind = if block.kind == BlockKind::Image {
                quote!(__p::Image)
            } else {
                quote!(__p::Audio)
            };
            let from_data = quote_spanned!(inner.span()=> <#inner as __p::Bin>::from_data);
            let offer = if crate::check::told_apart_by_mime(layout, resolved.field) {
                quote!(__p::read::offer_media_by_mime)
            } else {
                quote!(__p::read::offer_media)
            };
            quote!(#offer(#kind, &mut __s.#slot, __i, __b, #name, #declared, #from_data))
        }
        (
            BlockKind::Link,
            Kind::Link {
                name: link_name,
                mime,
                any_mime,
                ..
            },
        ) => {
            let wanted = match link_name {
                Some(Value::Str(lit)) => quote!(__p::Some(#lit)),
                // A link without `name` is named after its field.
                None => quote!(__p::Some(#name)),
                Some(_) => quote!(__p::None),
            };
            // A literal MIME type is checked on read, unless the field reads any.
            let declared = match mime {
                Some(Value::Str(lit)) if any_mime.is_none() => quote!(#lit),
                _ => quote!(""),
            };
            quote!(__p::read::offer_link(&mut __s.#slot, __i, __b, #name, #wanted, #declared, <#inner as __p::UriField>::from_uri))
        }
        (BlockKind::Resource, Kind::Resource { mime, any_mime, .. }) => {
            // A literal MIME type is checked on read, unless the field reads any.
            let declared = match mime {
                Some(Value::Str(lit)) if any_mime.is_none() => quote!(#lit),
                _ => quote!(""),
            };
            let Some(pattern) = pattern else {
                return TokenStream::new();
            };
            let body = if block.bytes {
                quote_spanned!(inner.span()=> __p::read::Body::Blob(<#inner as __p::Bin>::from_data))
            } else {
                quote!(__p::read::Body::Text(#reader))
            };
            let call = respan(
                quote!(__p::read::offer_resource(&mut __s.#slot, __i, __b, #name, #pattern, #declared, #body)),
                inner.span(),
            );
            let vars = if fills.is_empty() {
                quote!(_)
            } else {
                quote!(__v)
            };
            return quote! {
                #before
                if let __p::Some(#vars) = #call? {
                    #fills
                    return __p::Ok(true);
                }
            };
        }
        _ => return TokenStream::new(),
    };
    let call = respan(call, inner.span());
    quote! {
        #before
        if #call? {
            #fills
            return __p::Ok(true);
        }
    }
}

/// The URI pattern a resource field takes.
fn resource_pattern(layout: &Layout, resolved: &Resolved, block: &Block) -> Option<TokenStream> {
    match &block.template {
        Some(template) if !template.is_literal() => {
            let name = template_static(layout, resolved.index);
            Some(quote!(__p::read::UriPattern::Template(&#name)))
        }
        Some(template) => {
            let text = template.expand(&|_| None);
            Some(quote!(__p::read::UriPattern::Literal(#text)))
        }
        None => None,
    }
}

/// The statements that compare a block's own text with the other places its field is written
/// to, before the offer (which may move the text out of an owned block) and once the block is
/// taken (a link's URI, copied).
fn own_text(
    resolved: &Resolved,
    block: &Block,
    pattern: Option<&TokenStream>,
) -> (TokenStream, TokenStream) {
    if !text_agrees(resolved) {
        return (TokenStream::new(), TokenStream::new());
    }
    let (slot, agree) = (slot(resolved), agree_slot(resolved));
    let name = resolved.field.ident.to_string();
    let name = name.trim_start_matches("r#");
    let compare = |text: TokenStream, part: &str| quote!(__s.#agree.agree(#text, __p::read::From::Part(__i, #part), #name)?;);
    let before = |text: TokenStream, part: &str| {
        let compare = compare(text, part);
        quote!(if __p::read::Slot::has_room(&__s.#slot) { #compare })
    };
    match (block.kind, pattern) {
        (BlockKind::Text, _) => (
            before(quote!(__p::ContentBlock::as_text(__b)), "text"),
            TokenStream::new(),
        ),
        (BlockKind::Resource, Some(pattern)) => (
            before(
                quote!(__p::read::resource_text(__b, #pattern)),
                "resource.text",
            ),
            TokenStream::new(),
        ),
        (BlockKind::Link, _) => (
            TokenStream::new(),
            compare(
                quote!(__p::read::part_text(__b, __p::read::TextPart::Uri).as_deref()),
                "uri",
            ),
        ),
        _ => (TokenStream::new(), TokenStream::new()),
    }
}
