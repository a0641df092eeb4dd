//! The end of reading: values from the result's `_meta`, every slot taken into the value,
//! and the words of the error when a block is missing.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Ident;
use syn::spanned::Spanned;

use super::fill::{agree_param, agree_text, part_path};
use super::slots::{base_var, slot, unplaced};
use crate::attr::{Kind, Value};
use crate::expand::content::literals::expect_result_literals;
use crate::expand::content::places::{self, text_agrees};
use crate::resolve::{Block, BlockKind, Layout, Resolved, Role, Use};
use crate::toolkit::respan;

/// The statement that binds each unplaced field of `base` (an expression giving an
/// `Option` of the type, matched with the path `ctor`: `Self`, or an enum's variant) to an
/// `Option` of its value, for [`finish`] to read.
pub(in crate::expand::content) fn base_bindings(
    layout: &Layout,
    ctor: &TokenStream,
    base: &TokenStream,
) -> TokenStream {
    let fields: Vec<&Resolved> = layout.fields.iter().filter(|f| unplaced(f)).collect();
    if fields.is_empty() {
        return quote!(let _ = #base;);
    }
    let vars: Vec<Ident> = fields.iter().map(|f| base_var(f)).collect();
    let members = fields.iter().map(|f| &f.field.member);
    let nones = fields.iter().map(|_| quote!(__p::None));
    quote! {
        let (#(#vars,)*) = match #base {
            __p::Some(#ctor { #(#members: #vars,)* .. }) => (#(__p::Some(#vars),)*),
            _ => (#(#nones,)*),
        };
    }
}

/// The body of `finish`: values from the result's `_meta`, then the value built with `ctor`
/// (`Self`, or the variant's path) from every slot.
pub(in crate::expand::content) fn finish(layout: &Layout, ctor: &TokenStream) -> TokenStream {
    let mut sources = TokenStream::new();
    for target in layout.fields.iter().filter(|f| f.has_param_slot()) {
        let slot = slot(target);
        let x = target.source_ty();
        let field_name = target.field.ident.to_string();
        let field_name = field_name.trim_start_matches("r#");
        let keys = target
            .uses
            .iter()
            .filter_map(|u| match u {
                Use::ResultMeta(key) => Some(*key),
                _ => None,
            })
            .chain(match &target.role {
                Role::ResultMeta(key) => Some(*key),
                _ => None,
            });
        for key in keys {
            let fill = if layout.agreed(target) {
                agree_param(layout, target, &Use::ResultMeta(key))
            } else {
                let meta_trait = format_ident!("{}", target.meta_traits()[0]);
                quote!(__s.#slot.fill_meta(__meta, #key, __p::read::At::Result, #field_name, <#x as __p::#meta_trait>::from_meta)?;)
            };
            sources.extend(respan(fill, target.field.ty.span()));
        }
    }
    for target in layout.fields.iter().filter(|f| text_agrees(f)) {
        for used in target
            .uses
            .iter()
            .filter(|u| matches!(u, Use::ResultMeta(_)))
        {
            sources.extend(agree_text(layout, target, used));
        }
    }
    let values = layout.fields.iter().map(|resolved| {
        let member = &resolved.field.member;
        let ty = resolved.field.ty;
        let slot = slot(resolved);
        let name = resolved.field.ident.to_string();
        let name = name.trim_start_matches("r#");
        let from_base = layout.input.attrs.structured.is_some() && unplaced(resolved);
        let value = match &resolved.role {
            Role::Skip if from_base => {
                let var = base_var(resolved);
                quote_spanned!(ty.span()=> __p::Option::unwrap_or_else(#var, <#ty as __p::Default>::default))
            }
            Role::Skip => quote_spanned!(ty.span()=> <#ty as __p::Default>::default()),
            Role::Flatten => {
                quote_spanned!(ty.span()=> <#ty as __p::read::ContentSlots>::finish_nested(__s.#slot, __rmeta)?)
            }
            Role::Block(block) => {
                let what = describe_block(block);
                quote!(__p::read::Slot::take(__s.#slot, #name, #what)?)
            }
            Role::ResultMeta(_) | Role::Source => {
                let x = resolved.source_ty();
                let from = describe_sources(layout, resolved);
                let take = quote_spanned!(ty.span()=> __s.#slot.take::<#x>(#name, #from)?);
                if from_base {
                    let var = base_var(resolved);
                    quote!(match #var { __p::Some(__v) => __v, __p::None => #take })
                } else {
                    take
                }
            }
        };
        quote!(#member: #value,)
    });
    sources.extend(places::seen_in_result(layout));
    let checks = places::checks(layout, ctor);
    let rebind = (!sources.is_empty() || checks.is_some()).then(|| quote!(let mut __s = __s;));
    // After the value is built: a field still waiting for its block is named first (what
    // `unexpected_for` looks for).
    let literals = expect_result_literals(layout);
    let checks = match (checks, literals) {
        (Some(checks), literals) => Some(quote!(#checks #literals)),
        (None, literals) => literals,
    };
    // The result's `_meta` (`__rmeta`, absent when blocks are read alone) as the fields placed
    // there read it (every source above is one): an absent one holds nothing.
    let meta =
        (!sources.is_empty()).then(|| quote!(let __meta = __p::read::ResultMeta::meta(__rmeta);));
    let Some(checks) = checks else {
        return quote! {
            #meta
            #rebind
            #sources
            __p::Ok(#ctor { #(#values)* })
        };
    };
    quote! {
        #meta
        #rebind
        #sources
        let __r = #ctor { #(#values)* };
        #checks
        __p::Ok(__r)
    }
}

/// "a text", "an image (image/png)", "a resource (`file:///…`, text/csv)": what a
/// single-block field waits for, with the literal MIME type it reads (unless `any_mime`).
pub(super) fn describe_block(block: &Block) -> String {
    let literal_mime = |mime: &Option<Value>, any_mime: bool| match mime {
        Some(Value::Str(lit)) if !any_mime => Some(lit.value()),
        _ => None,
    };
    match (block.kind, block.attr) {
        (BlockKind::Text, _) => "a text".to_owned(),
        (BlockKind::Image | BlockKind::Audio, Kind::Media { mime, any_mime, .. }) => {
            let kind = if block.kind == BlockKind::Image {
                "an image"
            } else {
                "an audio"
            };
            match literal_mime(mime, any_mime.is_some()) {
                Some(mime) => format!("{kind} ({mime})"),
                None => kind.to_owned(),
            }
        }
        (
            BlockKind::Resource,
            Kind::Resource {
                uri: Some(lit),
                mime,
                any_mime,
                ..
            },
        ) => match literal_mime(mime, any_mime.is_some()) {
            Some(mime) => format!("a resource (`{}`, {mime})", lit.value()),
            None => format!("a resource (`{}`)", lit.value()),
        },
        (
            BlockKind::Link,
            Kind::Link {
                name: Some(Value::Str(lit)),
                mime,
                any_mime,
                ..
            },
        ) => match literal_mime(mime, any_mime.is_some()) {
            Some(mime) => format!("a resource_link (named {:?}, {mime})", lit.value()),
            None => format!("a resource_link (named {:?})", lit.value()),
        },
        (BlockKind::Link, Kind::Link { mime, any_mime, .. }) => {
            match literal_mime(mime, any_mime.is_some()) {
                Some(mime) => format!("a resource_link ({mime})"),
                None => "a resource_link".to_owned(),
            }
        }
        (kind, _) => format!("a {}", kind.wire()),
    }
}

/// Where a param field's value is read from, for the "missing" error.
pub(super) fn describe_sources(layout: &Layout, resolved: &Resolved) -> String {
    let mut places = Vec::new();
    if let Role::ResultMeta(key) = &resolved.role {
        places.push(format!("in the result's _meta.{}", key.value()));
    }
    for used in &resolved.uses {
        if let Use::ResultMeta(key) = used {
            places.push(format!("in the result's _meta.{}", key.value()));
        }
    }
    // Each place in a block, named as the wire spells it: a value that arrived elsewhere (the
    // result's `_meta` for a block's, the block's envelope for its contents') is easy to see.
    for used in &resolved.uses {
        let Some(owner) = used.owner() else {
            continue;
        };
        let part = match used {
            Use::BlockMeta { key, .. } => format!("_meta.{}", key.value()),
            Use::ContentsMeta { key, .. } => format!("resource._meta.{}", key.value()),
            Use::TemplateVar { name, .. } => format!("URI (variable `{name}`)"),
            _ => part_path(layout, used),
        };
        let owner = &layout.fields[owner].field.ident;
        let place = format!("in the {part} of the block of field `{owner}`");
        if !places.contains(&place) {
            places.push(place);
        }
    }
    if places.is_empty() {
        // A `structured` type's field without a kind: only in `structuredContent`.
        return "in structuredContent (it has no place in the blocks)".to_owned();
    }
    places.join(" or ")
}
