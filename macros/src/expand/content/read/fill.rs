//! The values a block carries for fields other than its own (a template variable, an
//! annotation, a `_meta` entry, a link's part): filled into their slots, or checked to agree
//! with a value read before.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::LitStr;
use syn::spanned::Spanned;

use super::slots::{agree_slot, slot};
use crate::expand::content::annotation_trait;
use crate::expand::content::places::{self, text_agrees};
use crate::resolve::{BlockKind, Layout, Resolved, TextForm, Use};
use crate::toolkit::respan;

/// The statements that fill, from the block of field `owner` (`__b`, and `__v` the template
/// variables of a resource), every field that takes a value from it.
pub(super) fn fills(layout: &Layout, owner: usize) -> TokenStream {
    let mut out = places::seen(layout, owner);
    for target in layout.fields.iter().filter(|f| text_agrees(f)) {
        for used in target.uses.iter().filter(|u| u.owner() == Some(owner)) {
            out.extend(agree_text(layout, target, used));
        }
    }
    for target in layout.fields.iter().filter(|f| f.has_param_slot()) {
        let span = target.field.ty.span();
        for used in target.uses.iter().filter(|u| u.owner() == Some(owner)) {
            let fill = if layout.agreed(target) {
                agree_param(layout, target, used)
            } else {
                fill_param(layout, target, used)
            };
            out.extend(respan(fill, span));
        }
    }
    out
}

/// Where a block keeps a value taken from a field, for "disagree" errors.
pub(super) fn part_path(layout: &Layout, used: &Use) -> String {
    match used {
        Use::Annotation {
            key: "last_modified",
            ..
        } => "annotations.lastModified".to_owned(),
        Use::Annotation { key, .. } => format!("annotations.{key}"),
        Use::Mime { owner } => match layout.fields[*owner].block().map(|b| b.kind) {
            Some(BlockKind::Resource) => "resource.mimeType".to_owned(),
            _ => "mimeType".to_owned(),
        },
        Use::LinkPart { key, .. } => (*key).to_owned(),
        _ => String::new(),
    }
}

/// A typed value a block carries for a param field: the getter, and the field trait's
/// conversions `from_value` and `to_option` (named at the field's type, see `write.rs`).
pub(super) fn typed_part(
    layout: &Layout,
    target: &Resolved,
    used: &Use,
) -> Option<[TokenStream; 3]> {
    let ty = target.field.ty;
    let (value, conv) = match used {
        Use::Annotation { key, .. } => {
            let get = format_ident!("block_{}", key);
            let field_trait = annotation_trait(key);
            (
                quote!(__p::read::#get(__b)),
                quote!(<#ty as __p::#field_trait>),
            )
        }
        Use::Mime { owner } => {
            let value = quote!(__p::read::block_mime(__b));
            if let Some(BlockKind::Image | BlockKind::Audio) =
                layout.fields[*owner].block().map(|b| b.kind)
            {
                let conv = quote!(<#ty as __p::MimeField>);
                return Some([value, quote!(#conv::from_mime), quote!(#conv::to_option)]);
            }
            (value, quote!(<#ty as __p::MimeAttribute>))
        }
        Use::LinkPart { key: "size", .. } => (
            quote!(__p::read::link_size(__b, __i)?),
            quote!(<#ty as __p::SizeAttribute>),
        ),
        Use::LinkPart { key, .. } => {
            let part = format_ident!("{}", capitalize(key));
            (
                quote!(__p::read::part_text(__b, __p::read::TextPart::#part)),
                quote!(<#ty as __p::TextAttribute>),
            )
        }
        _ => return None,
    };
    Some([value, quote!(#conv::from_value), quote!(#conv::to_option)])
}

/// Fills a param field with one source from `used`.
pub(super) fn fill_param(layout: &Layout, target: &Resolved, used: &Use) -> TokenStream {
    let slot = slot(target);
    let x = target.source_ty();
    let field_name = target.field.ident.to_string();
    let field_name = field_name.trim_start_matches("r#");
    let meta_trait = format_ident!("{}", target.meta_traits()[0]);
    let var_trait = format_ident!("{}", target.variable_traits()[0]);
    match used {
        Use::BlockMeta { key, .. } => quote! {
            __s.#slot.fill_meta(__p::read::block_meta(__b), #key, __p::read::At::Block(__i), #field_name, <#x as __p::#meta_trait>::from_meta)?;
        },
        Use::ContentsMeta { key, .. } => quote! {
            __s.#slot.fill_meta(__p::read::contents_meta(__b), #key, __p::read::At::Contents(__i), #field_name, <#x as __p::#meta_trait>::from_meta)?;
        },
        Use::TemplateVar { name, .. } => quote! {
            __s.#slot.fill_text(&__v, __i, #name, <#x as __p::#var_trait>::from_var)?;
        },
        _ => match typed_part(layout, target, used) {
            Some([value, from_value, _]) => quote!(__s.#slot.fill(#value, #from_value);),
            None => TokenStream::new(),
        },
    }
}

/// Reads one place of a param field with several sources: a `Source` per place, every one
/// compared as written (`Param::agree`).
pub(super) fn agree_param(layout: &Layout, target: &Resolved, used: &Use) -> TokenStream {
    let x = target.source_ty();
    let meta_trait = format_ident!("{}", target.meta_traits()[0]);
    let var_trait = format_ident!("{}", target.variable_traits()[0]);
    let meta = |place: TokenStream, key: &LitStr| quote!(__p::read::meta_entry(#place, #key, <#x as __p::#meta_trait>::from_meta, <#x as __p::#meta_trait>::to_meta));
    let source = match used {
        Use::BlockMeta { key, .. } => meta(
            quote!((__p::read::block_meta(__b), __p::read::At::Block(__i))),
            key,
        ),
        Use::ContentsMeta { key, .. } => meta(
            quote!((__p::read::contents_meta(__b), __p::read::At::Contents(__i))),
            key,
        ),
        Use::ResultMeta(key) => meta(quote!((__meta, __p::read::At::Result)), key),
        Use::TemplateVar { name, .. } => quote! {
            __p::read::var((&__v, __i), #name, <#x as __p::#var_trait>::from_var, <#x as __p::#var_trait>::var_text)
        },
        _ => {
            let Some([value, from_value, to_option]) = typed_part(layout, target, used) else {
                return TokenStream::new();
            };
            let part = part_path(layout, used);
            quote!(__p::read::part(#value, (__i, #part), #from_value, #to_option))
        }
    };
    let slot = slot(target);
    let field_name = target.field.ident.to_string();
    let field_name = field_name.trim_start_matches("r#");
    quote!(__s.#slot.agree(#source, #field_name)?;)
}

/// Compares one place a text-valued block field is also written to with its block's text.
pub(super) fn agree_text(layout: &Layout, target: &Resolved, used: &Use) -> TokenStream {
    let agree = agree_slot(target);
    let field_name = target.field.ident.to_string();
    let field_name = field_name.trim_start_matches("r#");
    let part_text = |part: &str| {
        let part = format_ident!("{}", part);
        quote!(__p::read::part_text(__b, __p::read::TextPart::#part))
    };
    let meta = |place: TokenStream, key: &LitStr| {
        let Some(block) = target.block() else {
            return TokenStream::new();
        };
        let inner = block.inner;
        // The trait the block itself is read with, when it has one: a type that is not text
        // is then one error at the field, not a second one for `Display` alone.
        let text_trait = if block.text == TextForm::Display && block.kind != BlockKind::Link {
            quote!(TextField)
        } else {
            quote!(DisplayText)
        };
        let call = quote! {
            __s.#agree.agree_meta(#place, #key, #field_name, (<#inner as __p::MetaValue>::from_meta, <#inner as __p::#text_trait>::display_text))?;
        };
        respan(call, inner.span())
    };
    let text = match used {
        Use::TemplateVar { name, .. } => {
            // Left out of the URI (a query expression) when the field was `None`: nothing.
            let text = quote!(__p::read::var_text(&__v, #name));
            return quote!(__s.#agree.agree_part(#text, __p::read::From::Uri(__i), #field_name)?;);
        }
        Use::BlockMeta { key, .. } => {
            return meta(
                quote!((__p::read::block_meta(__b), __p::read::At::Block(__i))),
                key,
            );
        }
        Use::ContentsMeta { key, .. } => {
            return meta(
                quote!((__p::read::contents_meta(__b), __p::read::At::Contents(__i))),
                key,
            );
        }
        Use::ResultMeta(key) => return meta(quote!((__meta, __p::read::At::Result)), key),
        Use::LinkPart { key, .. } => part_text(&capitalize(key)),
        Use::Mime { .. } => part_text("Mime"),
        Use::Annotation {
            key: "last_modified",
            ..
        } => part_text("LastModified"),
        Use::Annotation { .. } => return TokenStream::new(),
    };
    let part = part_path(layout, used);
    let from = quote!(__p::read::From::Part(__i, #part));
    quote!(__s.#agree.agree_part(#text, #from, #field_name)?;)
}

pub(super) fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
