//! The reading side of a layout: a slots struct (one slot per field), `offer` (each block
//! kind's `__p::offer_*` per block field, then the values its block carries for other
//! fields) and `finish` (every slot `take`n).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Ident;
use syn::spanned::Spanned;

use super::{from_content_impl, template_static};
use crate::attr::{Kind, Value};
use crate::resolve::{Block, BlockKind, Cardinality, Layout, Resolved, Role, TextForm, Use};
use crate::toolkit::respan;

/// A struct's reading side: `ContentSlots` and `FromContent`.
pub(super) fn struct_reader(layout: &Layout) -> TokenStream {
    let ident = &layout.input.original.ident;
    let name = ident.to_string();
    let slots = slots_struct(layout, &format_ident!("__Slots"));
    let offers = offers(layout);
    let finish = finish(layout, &quote!(Self));
    let from_content = from_content_impl(ident, layout.input.attrs.structured.as_ref());
    quote! {
        #slots

        #[automatically_derived]
        impl __p::ContentSlots for #ident {
            type Slots = __Slots;
            const NAME: &'static str = #name;

            fn offer(__s: &mut __Slots, __i: usize, __b: &mut __p::Offered<'_>) -> __p::Result<bool, __p::ReadError> {
                #offers
                __p::Ok(false)
            }

            fn finish(__s: __Slots, __meta: &__p::Meta) -> __p::Result<Self, __p::ReadError> {
                #finish
            }
        }

        #from_content
    }
}

/// The slots struct `name` and its `Default`.
pub(super) fn slots_struct(layout: &Layout, name: &Ident) -> TokenStream {
    let mut fields = TokenStream::new();
    let mut defaults = TokenStream::new();
    for resolved in &layout.fields {
        let ty = resolved.field.ty;
        let slot_ty = match &resolved.role {
            Role::Skip => continue,
            Role::Flatten => quote!(__p::Nested),
            Role::Block(block) => {
                let inner = block.inner;
                match block.cardinality {
                    Cardinality::One => quote!(__p::One<#inner>),
                    Cardinality::Optional => quote!(__p::Opt<#inner>),
                    Cardinality::Many => quote!(__p::Many<#inner>),
                }
            }
            Role::ResultMeta(_) | Role::Source => quote!(__p::Param<#ty>),
        };
        let slot = slot(resolved);
        fields.extend(quote!(#slot: #slot_ty,));
        defaults.extend(quote!(#slot: __p::Default::default(),));
        if text_agrees(resolved) {
            let agree = agree_slot(resolved);
            fields.extend(quote!(#agree: __p::Agree,));
            defaults.extend(quote!(#agree: __p::Default::default(),));
        }
    }
    quote! {
        #[doc(hidden)]
        pub struct #name { #fields }

        impl __p::Default for #name {
            fn default() -> Self {
                #name { #defaults }
            }
        }
    }
}

/// Whether a text block field is also a URI template variable or a link's text part
/// (`name`, `title`, `description`): the text and each of them must then agree (compared as
/// written, each being the value's `Display`).
fn text_agrees(resolved: &Resolved) -> bool {
    resolved.block().is_some_and(|block| {
        block.kind == BlockKind::Text
            && block.text != TextForm::Json
            && block.cardinality != Cardinality::Many
            && resolved.uses.iter().any(|u| {
                matches!(u, Use::TemplateVar { .. })
                    || matches!(u, Use::LinkPart { key, .. } if *key != "size")
            })
    })
}

/// The slot that compares the places a text block field is written to.
fn agree_slot(resolved: &Resolved) -> Ident {
    format_ident!(
        "__t_{}",
        resolved.field.ident.to_string().trim_start_matches("r#")
    )
}

fn slot(resolved: &Resolved) -> Ident {
    // Prefixed: a field named `r#type` gets a slot `__s_type`, not the keyword.
    format_ident!(
        "__s_{}",
        resolved.field.ident.to_string().trim_start_matches("r#")
    )
}

/// The statements that offer `__b` to each field in turn (`return Ok(true)` when one takes it).
pub(super) fn offers(layout: &Layout) -> TokenStream {
    let mut out = TokenStream::new();
    for resolved in &layout.fields {
        let slot = slot(resolved);
        match &resolved.role {
            Role::Flatten => {
                let ty = resolved.field.ty;
                out.extend(quote_spanned! {ty.span()=>
                    if <#ty as __p::ContentSlots>::offer_nested(&mut __s.#slot, __i, __b)? {
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
        TextForm::String => quote!(__p::read_string),
        TextForm::Display => quote_spanned!(inner.span()=> <#inner as __p::TextField>::read_text),
        TextForm::Json => quote_spanned!(inner.span()=> <#inner as __p::JsonField>::read_json),
    };
    let fills = fills(layout, resolved.index);
    // Compared before the offer, which may move the text out of an owned block.
    let before = text_agrees(resolved).then(|| {
        let agree = agree_slot(resolved);
        quote! {
            if __p::Slot::has_room(&__s.#slot) {
                __s.#agree.agree(__p::ContentBlock::as_text(__b), __p::From::Part(__i, "text"), #name)?;
            }
        }
    });
    let call = match (block.kind, block.attr) {
        (BlockKind::Text, _) => quote!(__p::offer_text(&mut __s.#slot, __i, __b, #name, #reader)),
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
            quote!(__p::offer_media(#kind, &mut __s.#slot, __i, __b, #name, #declared, #from_data))
        }
        (
            BlockKind::Link,
            Kind::Link {
                name: link_name, ..
            },
        ) => {
            let wanted = match link_name {
                Some(Value::Str(lit)) => quote!(__p::Some(#lit)),
                // A link without `name` is named after its field.
                None => quote!(__p::Some(#name)),
                Some(_) => quote!(__p::None),
            };
            quote!(__p::offer_link(&mut __s.#slot, __b, #wanted, <#inner as __p::UriField>::from_uri))
        }
        (BlockKind::Resource, Kind::Resource { mime, any_mime, .. }) => {
            // A literal MIME type is checked on read, unless the field reads any.
            let declared = match mime {
                Some(Value::Str(lit)) if any_mime.is_none() => quote!(#lit),
                _ => quote!(""),
            };
            let pattern = match &block.template {
                Some(template) if !template.is_literal() => {
                    let name = template_static(layout, resolved.index);
                    quote!(__p::UriPattern::Template(&#name))
                }
                Some(template) => {
                    let text = template.expand(&|_| None);
                    quote!(__p::UriPattern::Literal(#text))
                }
                None => return TokenStream::new(),
            };
            let body = if block.bytes {
                quote_spanned!(inner.span()=> __p::Body::Blob(<#inner as __p::Bin>::from_data))
            } else {
                quote!(__p::Body::Text(#reader))
            };
            let call = respan(
                quote!(__p::offer_resource(&mut __s.#slot, __i, __b, #name, #pattern, #declared, #body)),
                inner.span(),
            );
            let vars = if fills.is_empty() {
                quote!(_)
            } else {
                quote!(__v)
            };
            return quote! {
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

/// The statements that fill, from the block of field `owner` (`__b`, and `__v` the template
/// variables of a resource), every field that takes a value from it.
fn fills(layout: &Layout, owner: usize) -> TokenStream {
    let mut out = TokenStream::new();
    for target in layout.fields.iter().filter(|f| text_agrees(f)) {
        let agree = agree_slot(target);
        let field_name = target.field.ident.to_string();
        let field_name = field_name.trim_start_matches("r#");
        for used in target.uses.iter().filter(|u| u.owner() == Some(owner)) {
            match used {
                Use::TemplateVar { name, .. } => out.extend(quote! {
                    __s.#agree.agree(__p::template_var(&__v, #name), __p::From::Uri(__i), #field_name)?;
                }),
                Use::LinkPart { key, .. } if *key != "size" => {
                    let part = format_ident!("{}", capitalize(key));
                    out.extend(quote! {
                        __s.#agree.agree(__p::link_part(__b, __p::LinkPart::#part).as_deref(), __p::From::Part(__i, #key), #field_name)?;
                    });
                }
                _ => {}
            }
        }
    }
    for target in layout.fields.iter().filter(|f| f.has_param_slot()) {
        let slot = slot(target);
        let x = target.source_ty();
        let field_name = target.field.ident.to_string();
        let field_name = field_name.trim_start_matches("r#");
        let ty = target.field.ty;
        let span = ty.span();
        // The conversion is named through the trait at the field's type (see `write.rs`).
        let from = |x: TokenStream| quote!(<#ty as __p::SourceField<#x>>::from_value);
        let agreed = target.agreed();
        // A typed value, its place in the block (for "disagree" errors) and the conversion.
        let typed = |value: TokenStream, part: &str, conv: TokenStream| {
            if agreed {
                quote!(__s.#slot.fill_agreed(#value, __p::From::Part(__i, #part), #field_name, #conv)?;)
            } else {
                quote!(__s.#slot.fill(#value, #conv);)
            }
        };
        let (fill_meta, fill_text) = if agreed {
            (quote!(fill_meta_agreed), quote!(fill_text_agreed))
        } else {
            (quote!(fill_meta), quote!(fill_text))
        };
        for used in target.uses.iter().filter(|u| u.owner() == Some(owner)) {
            let fill = match used {
                Use::Annotation { key, .. } => {
                    let get = format_ident!("block_{}", key);
                    let field_trait = annotation_trait(key);
                    let part = if *key == "last_modified" {
                        "annotations.lastModified".to_owned()
                    } else {
                        format!("annotations.{key}")
                    };
                    typed(
                        quote!(__p::#get(__b)),
                        &part,
                        quote!(<#ty as __p::#field_trait>::from_value),
                    )
                }
                Use::BlockMeta { key, .. } => quote! {
                    __s.#slot.#fill_meta(__p::block_meta(__b), #key, __p::At::Block(__i), #field_name, <#x as __p::MetaValue>::from_meta)?;
                },
                Use::ContentsMeta { key, .. } => quote! {
                    __s.#slot.#fill_meta(__p::contents_meta(__b), #key, __p::At::Contents(__i), #field_name, <#x as __p::MetaValue>::from_meta)?;
                },
                Use::Mime { owner } => {
                    let (conv, part) = match layout.fields[*owner].block().map(|b| b.kind) {
                        Some(BlockKind::Image | BlockKind::Audio) => {
                            (quote!(<#ty as __p::MimeField>::from_mime), "mimeType")
                        }
                        Some(BlockKind::Resource) => {
                            (from(quote!(__p::MimeType)), "resource.mimeType")
                        }
                        _ => (from(quote!(__p::MimeType)), "mimeType"),
                    };
                    typed(quote!(__p::block_mime(__b)), part, conv)
                }
                Use::TemplateVar { name, .. } => {
                    let extra = agreed.then(|| quote!(, #field_name));
                    quote! {
                        __s.#slot.#fill_text(&__v, __i, #name #extra, <#x as __p::TemplateVariable>::from_var)?;
                    }
                }
                Use::LinkPart { key: "size", .. } => {
                    typed(quote!(__p::link_size(__b)), "size", from(quote!(u64)))
                }
                Use::LinkPart { key, .. } => {
                    let part = format_ident!("{}", capitalize(key));
                    typed(
                        quote!(__p::link_part(__b, __p::LinkPart::#part)),
                        key,
                        from(quote!(__p::String)),
                    )
                }
                Use::ResultMeta(_) => continue,
            };
            out.extend(respan(fill, span));
        }
    }
    out
}

/// The trait of the field an annotation takes its value from (`AudienceField`, …).
pub(super) fn annotation_trait(key: &str) -> Ident {
    match key {
        "audience" => format_ident!("AudienceField"),
        "priority" => format_ident!("PriorityField"),
        _ => format_ident!("TimestampField"),
    }
}

fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The body of `finish`: values from the result's `_meta`, then the value built with `ctor`
/// (`Self`, or the variant's path) from every slot.
pub(super) fn finish(layout: &Layout, ctor: &TokenStream) -> TokenStream {
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
        let fill_meta = if target.agreed() {
            quote!(fill_meta_agreed)
        } else {
            quote!(fill_meta)
        };
        for key in keys {
            sources.extend(respan(
                quote!(__s.#slot.#fill_meta(__meta, #key, __p::At::Result, #field_name, <#x as __p::MetaValue>::from_meta)?;),
                target.field.ty.span(),
            ));
        }
    }
    let values = layout.fields.iter().map(|resolved| {
        let member = &resolved.field.member;
        let ty = resolved.field.ty;
        let slot = slot(resolved);
        let name = resolved.field.ident.to_string();
        let name = name.trim_start_matches("r#");
        let value = match &resolved.role {
            Role::Skip => quote_spanned!(ty.span()=> <#ty as __p::Default>::default()),
            Role::Flatten => {
                quote_spanned!(ty.span()=> <#ty as __p::ContentSlots>::finish_nested(__s.#slot, __meta)?)
            }
            Role::Block(block) => {
                let what = describe_block(block);
                quote!(__p::Slot::take(__s.#slot, #name, #what)?)
            }
            Role::ResultMeta(_) | Role::Source => {
                let x = resolved.source_ty();
                let from = describe_sources(layout, resolved);
                quote_spanned!(ty.span()=> __s.#slot.take::<#x>(#name, #from)?)
            }
        };
        quote!(#member: #value,)
    });
    let rebind = (!sources.is_empty()).then(|| quote!(let mut __s = __s;));
    quote! {
        #rebind
        #sources
        __p::Ok(#ctor { #(#values)* })
    }
}

/// "a text", "an image", "a resource (`file:///…`)": what a single-block field waits for.
fn describe_block(block: &Block) -> String {
    match (block.kind, block.attr) {
        (BlockKind::Text, _) => "a text".to_owned(),
        (BlockKind::Image, _) => "an image".to_owned(),
        (BlockKind::Audio, _) => "an audio".to_owned(),
        (BlockKind::Resource, Kind::Resource { uri: Some(lit), .. }) => {
            format!("a resource (`{}`)", lit.value())
        }
        (
            BlockKind::Link,
            Kind::Link {
                name: Some(Value::Str(lit)),
                ..
            },
        ) => format!("a resource_link (named {:?})", lit.value()),
        (kind, _) => format!("a {}", kind.wire()),
    }
}

/// Where a param field's value is read from, for the "missing" error.
fn describe_sources(layout: &Layout, resolved: &Resolved) -> String {
    let mut places = Vec::new();
    if let Role::ResultMeta(key) = &resolved.role {
        places.push(format!("in the result's _meta[{:?}]", key.value()));
    }
    for used in &resolved.uses {
        if let Use::ResultMeta(key) = used {
            places.push(format!("in the result's _meta[{:?}]", key.value()));
        }
    }
    let mut owners: Vec<usize> = resolved.uses.iter().filter_map(Use::owner).collect();
    owners.dedup();
    for owner in owners {
        let owner = &layout.fields[owner].field.ident;
        places.push(format!("with the block of field `{owner}`"));
    }
    places.join(" or ")
}
