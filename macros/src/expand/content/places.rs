//! A block field that is also written to other places is read from each, and they must
//! agree. A field whose value is one text on the wire is compared as text while its blocks
//! are read (`__p::read::Agree`, in `read.rs`); every other place (a list fanned out into blocks, a
//! `text(json)` value, bytes, an annotation's value) is kept while the blocks are read
//! (`__p::read::Places`) and, once the field is read, written again from its value with the
//! writer's own expression (`write::written`) and compared. Code is generated only for
//! fields with places besides their blocks.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::spanned::Spanned;
use syn::{Ident, LitStr};

use super::write::written;
use crate::resolve::{Block, BlockKind, Cardinality, Layout, Resolved, Role, TextForm, Use};
use crate::toolkit::respan;

/// Whether a block field whose value is text on the wire (a text block, a text resource's
/// contents, a link's URI) is also written to other places (a URI template variable, a
/// link's part, a MIME type, `lastModified`, a `_meta` entry): its block and each of them
/// must then agree, compared as written (each is the value's text).
pub(super) fn text_agrees(resolved: &Resolved) -> bool {
    resolved.block().is_some_and(|block| {
        let text = match block.kind {
            BlockKind::Text => block.text != TextForm::Json,
            BlockKind::Resource => !block.bytes && block.template.is_some(),
            BlockKind::Link => true,
            BlockKind::Image | BlockKind::Audio => false,
        };
        text && block.cardinality != Cardinality::Many
            && resolved.uses.iter().any(|u| !value_typed(u))
    })
}

/// An audience or a priority: a typed value, never a text type's (compared by value).
fn value_typed(used: &Use) -> bool {
    matches!(used, Use::Annotation { key, .. } if *key != "last_modified")
}

/// The places of block field `resolved` compared once it is read, numbered: those its text
/// does not agree with.
fn checked<'r>(resolved: &'r Resolved) -> Vec<(usize, &'r Use<'r>)> {
    if resolved.block().is_none() {
        return Vec::new();
    }
    let as_text = text_agrees(resolved);
    resolved
        .uses
        .iter()
        .enumerate()
        .filter(|(_, u)| !as_text || value_typed(u))
        .collect()
}

fn places_slot(resolved: &Resolved) -> Ident {
    format_ident!(
        "__c_{}",
        resolved.field.ident.to_string().trim_start_matches("r#")
    )
}

/// The slot (`name: type,`) and its default of a field with places compared once read.
pub(super) fn slot(resolved: &Resolved) -> Option<(TokenStream, TokenStream)> {
    if checked(resolved).is_empty() {
        return None;
    }
    let slot = places_slot(resolved);
    Some((
        quote!(#slot: __p::read::Places,),
        quote!(#slot: __p::Default::default(),),
    ))
}

/// Once field `resolved` took the block at `__i`: recorded, to name its blocks.
pub(super) fn took(resolved: &Resolved) -> TokenStream {
    if checked(resolved).is_empty() {
        return TokenStream::new();
    }
    let slot = places_slot(resolved);
    quote!(__s.#slot.took(__i);)
}

/// What the block of field `owner` (`__b`, and `__v` a resource's template variables) holds
/// for every field that has a place there compared once read.
pub(super) fn seen(layout: &Layout, owner: usize) -> TokenStream {
    let mut out = TokenStream::new();
    for target in &layout.fields {
        let slot = places_slot(target);
        for (n, used) in checked(target) {
            if used.owner() != Some(owner) {
                continue;
            }
            let Some((value, from)) = held(layout, used) else {
                continue;
            };
            out.extend(quote!(__s.#slot.seen(#n, __p::read::found(#value), #from);));
        }
    }
    out
}

/// What the result's `_meta` holds for every field that has a place there compared once read.
pub(super) fn seen_in_result(layout: &Layout) -> TokenStream {
    let mut out = TokenStream::new();
    for target in &layout.fields {
        let slot = places_slot(target);
        for (n, used) in checked(target) {
            if let Use::ResultMeta(key) = used {
                let (value, from) = meta(&quote!(__meta), &quote!(__p::read::At::Result), key);
                out.extend(quote!(__s.#slot.seen(#n, __p::read::found(#value), #from);));
            }
        }
    }
    out
}

fn meta(place: &TokenStream, at: &TokenStream, key: &LitStr) -> (TokenStream, TokenStream) {
    (
        quote!(__p::read::meta_json(#place, #key)),
        quote!(__p::read::From::Meta(#at, #key)),
    )
}

/// What the block `__b` at `__i` holds in place `used`, and where, for the error.
fn held(layout: &Layout, used: &Use) -> Option<(TokenStream, TokenStream)> {
    let part =
        |value: TokenStream, path: String| Some((value, quote!(__p::read::From::Part(__i, #path))));
    match used {
        Use::ResultMeta(_) => None,
        Use::BlockMeta { key, .. } => Some(meta(
            &quote!(__p::read::block_meta(__b)),
            &quote!(__p::read::At::Block(__i)),
            key,
        )),
        Use::ContentsMeta { key, .. } => Some(meta(
            &quote!(__p::read::contents_meta(__b)),
            &quote!(__p::read::At::Contents(__i)),
            key,
        )),
        Use::TemplateVar { name, .. } => Some((
            quote!(__p::read::var_text(&__v, #name)),
            quote!(__p::read::From::Uri(__i)),
        )),
        Use::Annotation { key, .. } => {
            let get = format_ident!("block_{}", key);
            let path = match *key {
                "last_modified" => "annotations.lastModified".to_owned(),
                key => format!("annotations.{key}"),
            };
            part(quote!(__p::read::#get(__b)), path)
        }
        Use::Mime { owner } => {
            let path = match layout.fields[*owner].block().map(|b| b.kind) {
                Some(BlockKind::Resource) => "resource.mimeType",
                _ => "mimeType",
            };
            part(quote!(__p::read::block_mime(__b)), path.to_owned())
        }
        Use::LinkPart { key: "size", .. } => {
            part(quote!(__p::read::link_size(__b, __i)?), "size".to_owned())
        }
        Use::LinkPart { key, .. } => {
            let mut chars = key.chars();
            let variant = chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect()
            });
            let variant = format_ident!("{}", variant);
            part(
                quote!(__p::read::part_text(__b, __p::read::TextPart::#variant)),
                (*key).to_owned(),
            )
        }
    }
}

/// The statements that compare, once `__r` (built with `ctor`) is read, each field's places
/// with what its value writes there; `None` when no field has such places.
pub(super) fn checks(layout: &Layout, ctor: &TokenStream) -> Option<TokenStream> {
    let mut bindings = TokenStream::new();
    let mut body = TokenStream::new();
    for target in &layout.fields {
        let Role::Block(block) = &target.role else {
            continue;
        };
        let uses = checked(target);
        let optional_text = text_agrees(target) && block.cardinality == Cardinality::Optional;
        if uses.is_empty() && !optional_text {
            continue;
        }
        let member = &target.field.member;
        let value = format_ident!("__x{}", target.index);
        bindings.extend(quote!(#member: ref #value,));
        let name = target.field.ident.to_string();
        let name = name.trim_start_matches("r#");
        let (kind, part) = describe(block);
        if optional_text {
            // An `Option` whose block is missing wrote nothing anywhere.
            let agree = format_ident!("__t_{}", name);
            body.extend(quote! {
                __s.#agree.no_block(__p::Option::is_none(#value), #name, #kind)?;
            });
        }
        if uses.is_empty() {
            continue;
        }
        let slot = places_slot(target);
        for (n, used) in uses {
            let written = written(layout, used, target, &quote!(#value));
            let call = quote!(__s.#slot.written(#n, __p::read::found(#written)););
            body.extend(respan(call, target.field.ty.span()));
        }
        body.extend(quote!(__s.#slot.check(#name, (#kind, #part))?;));
    }
    if body.is_empty() {
        return None;
    }
    Some(if layout.input.variant.is_some() {
        // A `match`, not `if let`: an enum of one variant is irrefutable, which would warn.
        quote! {
            match __r {
                #ctor { #bindings .. } => { #body }
                #[allow(unreachable_patterns)]
                _ => {}
            }
        }
    } else {
        quote! {
            let #ctor { #bindings .. } = __r;
            #body
        }
    })
}

/// The block kind and the member of a block that holds a field's value, for errors.
fn describe(block: &Block) -> (&'static str, &'static str) {
    let part = match block.kind {
        BlockKind::Text => ".text",
        BlockKind::Image | BlockKind::Audio => ".data",
        BlockKind::Resource if block.bytes => ".resource.blob",
        BlockKind::Resource => ".resource.text",
        BlockKind::Link => ".uri",
    };
    (block.kind.wire(), part)
}
