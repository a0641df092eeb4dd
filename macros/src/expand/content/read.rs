//! The reading side of a layout: a slots struct (one slot per field), `offer` (each block
//! kind's `__p::offer_*` per block field, then the values its block carries for other
//! fields) and `finish` (every slot `take`n).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, LitStr};

use super::literals::{expect_literals, expect_result_literals, result_literals, shared_literals};
use super::places::{self, text_agrees};
use super::{annotation_trait, from_content_impl, template_static};
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

/// The slots struct `name` and its `Default`.
pub(super) fn slots_struct(layout: &Layout, name: &Ident) -> TokenStream {
    let mut fields = TokenStream::new();
    let mut defaults = TokenStream::new();
    for resolved in &layout.fields {
        let ty = resolved.field.ty;
        let slot_ty = match &resolved.role {
            Role::Skip => continue,
            Role::Flatten => quote!(__p::read::Nested),
            Role::Block(block) => {
                let inner = block.inner;
                match block.cardinality {
                    Cardinality::One => quote!(__p::read::One<#inner>),
                    Cardinality::Optional => quote!(__p::read::Opt<#inner>),
                    Cardinality::Many => quote!(__p::read::Many<#inner>),
                }
            }
            Role::ResultMeta(_) | Role::Source => quote!(__p::read::Param<#ty>),
        };
        let slot = slot(resolved);
        fields.extend(quote!(#slot: #slot_ty,));
        defaults.extend(quote!(#slot: __p::Default::default(),));
        if text_agrees(resolved) {
            let agree = agree_slot(resolved);
            fields.extend(quote!(#agree: __p::read::Agree,));
            defaults.extend(quote!(#agree: __p::Default::default(),));
        }
        if let Some((field, default)) = places::slot(resolved) {
            fields.extend(field);
            defaults.extend(default);
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

/// The statements that fill, from the block of field `owner` (`__b`, and `__v` the template
/// variables of a resource), every field that takes a value from it.
fn fills(layout: &Layout, owner: usize) -> TokenStream {
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
fn part_path(layout: &Layout, used: &Use) -> String {
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
fn typed_part(layout: &Layout, target: &Resolved, used: &Use) -> Option<[TokenStream; 3]> {
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
fn fill_param(layout: &Layout, target: &Resolved, used: &Use) -> TokenStream {
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
fn agree_param(layout: &Layout, target: &Resolved, used: &Use) -> TokenStream {
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
fn agree_text(layout: &Layout, target: &Resolved, used: &Use) -> TokenStream {
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

fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// A field with no place in the content: a `structured` type's field without a kind, or
/// `skip`.
fn unplaced(resolved: &Resolved) -> bool {
    match resolved.role {
        Role::Skip => true,
        Role::Source => resolved.uses.is_empty(),
        _ => false,
    }
}

/// The local an unplaced field's value from `__base` is bound to.
fn base_var(resolved: &Resolved) -> Ident {
    format_ident!(
        "__u_{}",
        resolved.field.ident.to_string().trim_start_matches("r#")
    )
}

/// The statement that binds each unplaced field of `base` (an expression giving an
/// `Option` of the type, matched with the path `ctor`: `Self`, or an enum's variant) to an
/// `Option` of its value, for [`finish`] to read.
pub(super) fn base_bindings(
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
fn describe_block(block: &Block) -> String {
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
fn describe_sources(layout: &Layout, resolved: &Resolved) -> String {
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
