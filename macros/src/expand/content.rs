//! `#[derive(Content)]`: `IntoContent`, `IntoCallToolResult`, `StructuredOutput`, and (unless
//! write-only) `FromContent` with its reading slots.
//!
//! Writing borrows `self` first for every value an attribute takes from a field (template
//! variables, `_meta` values, MIME types…), then moves each field into its block: bytes are
//! never copied. Reading offers each block to the fields in declaration order.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, Type};

use mcp_content_rules::UriTemplate;

use crate::ast::{Cardinality, Enum, Field, Input, Item, Value, cardinality, is_bytes, is_string};
use crate::attr::{AnnotationsAttr, Body, Kind, Media, MetaEntry, Structured};
use crate::check;
use crate::ctxt::Ctxt;
use crate::expand::{runtime_path, wrap_in_const};

/// Parses, checks and expands; on any mistake, the errors plus stub impls.
pub(crate) fn derive(input: &syn::DeriveInput) -> TokenStream {
    let mut cx = Ctxt::new();
    let ir = Item::from_syn(&mut cx, input);
    match &ir {
        Some(Item::Struct(ir)) => check::check(&mut cx, ir),
        Some(Item::Enum(ir)) => check::check_enum(&mut cx, ir),
        None => {}
    }
    match (ir, cx.check()) {
        (Some(Item::Struct(ir)), Ok(())) => Gen::new(&ir).expand(),
        (Some(Item::Enum(ir)), Ok(())) => expand_enum(&ir),
        (None, Ok(())) => fallback(input, &runtime_path(None)),
        (ir, Err(errors)) => {
            let krate = ir.as_ref().and_then(|ir| match ir {
                Item::Struct(ir) => ir.attrs.krate.as_ref(),
                Item::Enum(ir) => ir.attrs.krate.as_ref(),
            });
            let errors = errors.into_compile_error();
            let stubs = fallback(input, &runtime_path(krate));
            quote!(#errors #stubs)
        }
    }
}

/// Stub impls emitted next to the errors (thiserror's `fallback.rs`): uses of the type
/// elsewhere still type-check, so the only errors are the real ones.
fn fallback(input: &syn::DeriveInput, krate: &TokenStream) -> TokenStream {
    let p = quote!(#krate::__private);
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let reading = input.generics.params.is_empty().then(|| {
        quote! {
            #[automatically_derived]
            impl #p::FromContent for #ident {
                fn from_content_and_meta(_: &[#p::ContentBlock], _: &#p::Meta) -> #p::Result<Self, #p::ReadError> {
                    ::core::unreachable!()
                }
            }
            #[automatically_derived]
            impl #p::ContentSlots for #ident {
                type Slots = ();
                const NAME: &'static str = "";
                fn offer(_: &mut (), _: usize, _: &#p::ContentBlock) -> #p::Result<bool, #p::ReadError> {
                    ::core::unreachable!()
                }
                fn finish(_: (), _: &#p::Meta) -> #p::Result<Self, #p::ReadError> {
                    ::core::unreachable!()
                }
            }
        }
    });
    wrap_in_const(&quote! {
        #[automatically_derived]
        impl #impl_generics #p::IntoContent for #ident #ty_generics #where_clause {
            fn extend_content(self, _: &mut #p::Vec<#p::ContentBlock>, _: &mut #p::Meta) {
                ::core::unreachable!()
            }
        }
        #[automatically_derived]
        impl #impl_generics #p::IntoCallToolResult for #ident #ty_generics #where_clause {
            fn into_call_tool_result(self) -> #p::CallToolResult {
                ::core::unreachable!()
            }
        }
        #[automatically_derived]
        impl #impl_generics #p::StructuredOutput for #ident #ty_generics #where_clause {
            fn output_schema() -> #p::Option<#p::Map<#p::String, #p::Value>> {
                #p::None
            }
        }
        #reading
    })
}

/// The impls both a struct and an enum get, around their generated parts: `templates`
/// (items), the body of `extend_content` (`write`), and the reading items.
fn impls(
    input: &syn::DeriveInput,
    p: &TokenStream,
    structured: Option<&Structured>,
    templates: &TokenStream,
    write: &TokenStream,
    reading: &TokenStream,
) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let to_result = to_result_body(p, structured);
    let schema = if let Some(structured) = structured {
        quote_spanned!(structured.span=> #p::schema_of::<Self>())
    } else {
        quote!(#p::None)
    };
    wrap_in_const(&quote! {
        #templates

        #[automatically_derived]
        impl #impl_generics #p::IntoContent for #ident #ty_generics #where_clause {
            fn extend_content(
                self,
                __blocks: &mut #p::Vec<#p::ContentBlock>,
                __result_meta: &mut #p::Meta,
            ) {
                #write
            }
        }

        #[automatically_derived]
        impl #impl_generics #p::IntoCallToolResult for #ident #ty_generics #where_clause {
            fn into_call_tool_result(self) -> #p::CallToolResult {
                #to_result
            }
        }

        #[automatically_derived]
        impl #impl_generics #p::StructuredOutput for #ident #ty_generics #where_clause {
            fn output_schema() -> #p::Option<#p::Map<#p::String, #p::Value>> {
                #schema
            }
        }

        // With the runtime's feature `rmcp`, the type is also an `rmcp` tool return value;
        // without it this expands to nothing (the feature is the runtime's, so the switch
        // is a `macro_rules!` there).
        #p::rmcp_tool_return! {
            [#impl_generics] [#ident #ty_generics] [#where_clause]
        }

        #reading
    })
}

/// The body of `into_call_tool_result`: the blocks and `_meta` of `extend_content`, and the
/// structured content of a `structured` type.
fn to_result_body(p: &TokenStream, structured: Option<&Structured>) -> TokenStream {
    let (before, after) = match structured {
        None => (TokenStream::new(), TokenStream::new()),
        Some(structured) => {
            let value = quote_spanned!(structured.span=> #p::json_value::<Self>(&self));
            let text = (!structured.no_text)
                .then(|| quote!(#p::push_structured_text(&mut __blocks, &__structured);));
            (
                quote!(let __structured: #p::Value = #value;),
                quote! {
                    #text
                    __result.structured_content = #p::Some(::core::convert::Into::into(__structured));
                },
            )
        }
    };
    quote! {
        let mut __blocks = #p::Vec::new();
        let mut __meta = #p::Meta::new();
        #before
        #p::IntoContent::extend_content(self, &mut __blocks, &mut __meta);
        let mut __result = #p::CallToolResult::new(#p::Vec::new());
        #after
        __result.content = __blocks;
        __result.meta = __meta;
        __result
    }
}

/// An enum: each variant is written as a struct with its fields would be, and read by
/// trying the variants in declaration order (the first that reads without error wins).
fn expand_enum(item: &Enum) -> TokenStream {
    let krate = runtime_path(item.attrs.krate.as_ref());
    let p = quote!(#krate::__private);
    let layouts: Vec<Gen> = item.variants.iter().map(Gen::new).collect();
    let templates: TokenStream = layouts.iter().map(Gen::template_statics).collect();
    let arms = layouts.iter().map(|layout| {
        let variant = layout.variant();
        let bindings = layout.input.fields.iter().map(|field| {
            let (member, var) = (&field.member, field_var(&field.ident));
            quote!(#member: #var)
        });
        let body = layout.write_body();
        quote! {
            Self::#variant { #(#bindings,)* } => { #body }
        }
    });
    let write = quote! {
        match self {
            #(#arms)*
        }
    };
    let reads = item.attrs.write_only.is_none() && item.original.generics.params.is_empty();
    let reading = if reads {
        enum_reading(item, &p, &layouts)
    } else {
        TokenStream::new()
    };
    impls(
        item.original,
        &p,
        item.attrs.structured.as_ref(),
        &templates,
        &write,
        &reading,
    )
}

/// `from_call_tool_result` of a `structured` type: from `structuredContent` first.
fn from_result(p: &TokenStream, structured: Option<&Structured>) -> TokenStream {
    match structured {
        Some(structured) => {
            let read = quote_spanned!(structured.span=> #p::read_structured::<Self>(__result));
            quote! {
                fn from_call_tool_result(__result: &#p::CallToolResult) -> #p::Result<Self, #p::ReadError> {
                    #read
                }
            }
        }
        None => TokenStream::new(),
    }
}

/// An enum's reading side: one slots struct and one `offer` / `finish` pair per variant (the
/// struct reader for its fields), and `ContentSlots` for the enum that runs them side by side.
fn enum_reading(item: &Enum, p: &TokenStream, layouts: &[Gen]) -> TokenStream {
    let ident = &item.original.ident;
    let name = ident.to_string();
    let mut parts = TokenStream::new();
    let mut states = Vec::new();
    for layout in layouts {
        let Some(variant) = layout.variant() else {
            continue;
        };
        let names = (
            format_ident!("__v_{}", variant),
            format_ident!("__Slots{}", variant),
            format_ident!("__offer_{}", variant),
            format_ident!("__finish_{}", variant),
            variant.to_string(),
        );
        parts.extend(layout.variant_reader(ident, variant, &names));
        states.push(names);
    }
    let fields = states
        .iter()
        .map(|(state, slots, ..)| quote!(#state: #p::VariantSlots<#slots>,));
    let defaults = states
        .iter()
        .map(|(state, ..)| quote!(#state: #p::Default::default(),));
    let offers = states.iter().map(|(state, _, offer, ..)| {
        quote!(#p::offer_variant(&mut __slots.#state, __index, __block, #offer))
    });
    let rejects = states.iter().enumerate().map(|(i, (state, .., variant))| {
        let full = format!("{name}::{variant}");
        quote!(#p::reject_variant(&mut __slots.#state, __took[#i], __index, __block, #full);)
    });
    let unexpected = states.iter().map(|(state, .., variant)| {
        let full = format!("{name}::{variant}");
        quote!((#variant, #p::unexpected_in_variant(__slots.#state, __index, __block, #full)),)
    });
    let finishes = states.iter().map(|(state, _, _, finish, variant)| {
        quote! {
            match #p::finish_variant(__slots.#state, __result_meta, #finish) {
                #p::Ok(__value) => return #p::Ok(__value),
                #p::Err(__error) => __errors.push((#variant, __error)),
            }
        }
    });
    let from_result = from_result(p, item.attrs.structured.as_ref());
    quote! {
        #parts

        #[doc(hidden)]
        pub struct __Slots {
            #(#fields)*
        }

        impl #p::Default for __Slots {
            fn default() -> Self {
                __Slots { #(#defaults)* }
            }
        }

        #[automatically_derived]
        impl #p::ContentSlots for #ident {
            type Slots = __Slots;
            const NAME: &'static str = #name;

            fn offer(
                __slots: &mut __Slots,
                __index: usize,
                __block: &#p::ContentBlock,
            ) -> #p::Result<bool, #p::ReadError> {
                let __took = [#(#offers),*];
                // A variant that leaves a block others take cannot read this content; when
                // none takes it, it may be a later field's (this enum is flattened).
                let __any = __took.contains(&true);
                if __any {
                    #(#rejects)*
                }
                #p::Ok(__any)
            }

            fn finish(__slots: __Slots, __result_meta: &#p::Meta) -> #p::Result<Self, #p::ReadError> {
                let mut __errors = #p::Vec::new();
                #(#finishes)*
                #p::Err(#p::no_variant(#name, &__errors))
            }

            fn unexpected(__slots: __Slots, __index: usize, __block: &#p::ContentBlock) -> #p::ReadError {
                #p::no_variant(#name, &[#(#unexpected)*])
            }
        }

        #[automatically_derived]
        impl #p::FromContent for #ident {
            fn from_content_and_meta(
                __blocks: &[#p::ContentBlock],
                __result_meta: &#p::Meta,
            ) -> #p::Result<Self, #p::ReadError> {
                #p::read_content::<Self>(__blocks, __result_meta, #p::None)
            }
            #from_result
        }
    }
}

/// A block field, as both sides see it.
struct BlockField<'a> {
    field: &'a Field<'a>,
    index: usize,
    kind: &'a Kind,
    cardinality: Cardinality,
    /// The type of one element (`T` of `Option<T>` / `Vec<T>`).
    inner: &'a Type,
    /// For resources: blob contents (else text).
    blob: bool,
}

struct Gen<'a> {
    input: &'a Input<'a>,
    /// `<crate>::__private`.
    p: TokenStream,
    blocks: Vec<BlockField<'a>>,
    /// Fields every attribute value may read from, by name.
    referenced: Vec<Ident>,
}

fn field_var(ident: &Ident) -> Ident {
    format_ident!("__f_{}", ident)
}
fn json_var(ident: &Ident) -> Ident {
    format_ident!("__json_{}", ident)
}
fn val_var(ident: &Ident) -> Ident {
    format_ident!("__val_{}", ident)
}
fn template_var(ident: &Ident) -> Ident {
    format_ident!("__tv_{}", ident)
}
/// The parsed-once template of the resource field at `index` (of variant `variant`).
fn template_static(variant: Option<&Ident>, index: usize) -> Ident {
    match variant {
        None => format_ident!("__TEMPLATE_{}", index),
        Some(variant) => format_ident!("__TEMPLATE_{}_{}", variant, index),
    }
}
fn block_slot(ident: &Ident) -> Ident {
    format_ident!("__b_{}", ident)
}
fn param_slot(ident: &Ident) -> Ident {
    format_ident!("__p_{}", ident)
}
fn nested_slot(ident: &Ident) -> Ident {
    format_ident!("__n_{}", ident)
}

impl<'a> Gen<'a> {
    fn new(input: &'a Input<'a>) -> Self {
        let krate = runtime_path(input.attrs.krate.as_ref());
        let blocks = input
            .fields
            .iter()
            .enumerate()
            .filter_map(|(index, field)| {
                let kind = field.attrs.kind.as_ref()?;
                kind.block_type()?;
                let blob = match kind {
                    Kind::Resource {
                        body: Some((body, _)),
                        ..
                    } => *body == Body::Blob,
                    Kind::Resource { .. } => is_bytes(cardinality(field.ty, true).1),
                    _ => false,
                };
                let bytes = matches!(kind, Kind::Media { .. }) || blob;
                let (cardinality, inner) = cardinality(field.ty, bytes);
                Some(BlockField {
                    field,
                    index,
                    kind,
                    cardinality,
                    inner,
                    blob,
                })
            })
            .collect();
        let mut referenced = check::references(input);
        // A field placed in the result's `_meta` is written from its borrowed value too.
        referenced.extend(
            input
                .fields
                .iter()
                .filter(|f| matches!(f.attrs.kind, Some(Kind::ResultMeta { .. })))
                .map(|f| f.ident.clone()),
        );
        let mut seen = std::collections::HashSet::new();
        referenced.retain(|ident| seen.insert(ident.to_string()));
        Gen {
            input,
            p: quote!(#krate::__private),
            blocks,
            referenced,
        }
    }

    fn expand(&self) -> TokenStream {
        let templates = self.template_statics();
        let write = self.write_body();
        let reading = if self.input.reads() {
            self.reading()
        } else {
            TokenStream::new()
        };
        impls(
            self.input.original,
            &self.p,
            self.input.attrs.structured.as_ref(),
            &quote! { #templates },
            &write,
            &reading,
        )
    }

    /// The variant this layout is, for an enum.
    fn variant(&self) -> Option<&Ident> {
        self.input.variant.as_ref().map(|v| v.ident)
    }

    /// One parsed-once `static` per resource whose URI has variables.
    fn template_statics(&self) -> TokenStream {
        let p = &self.p;
        self.blocks
            .iter()
            .filter_map(|b| {
                let Kind::Resource { uri: Some(lit), .. } = b.kind else {
                    return None;
                };
                let template = UriTemplate::parse(&lit.value()).ok()?;
                let name = template_static(self.variant(), b.index);
                (!template.is_literal() || self.input.reads()).then(|| {
                    quote! {
                        static #name: #p::LazyLock<#p::UriTemplate> =
                            #p::LazyLock::new(|| #p::template(#lit));
                    }
                })
            })
            .collect()
    }

    // -----------------------------------------------------------------------------------
    // Writing

    fn write_body(&self) -> TokenStream {
        let p = &self.p;
        // 1. Values attributes take from fields, while `self` is whole.
        let prelude = self.prelude();
        // URIs, expanded before any field moves.
        let mut uris = TokenStream::new();
        for b in &self.blocks {
            if let Kind::Resource { uri: Some(lit), .. } = b.kind {
                let var = format_ident!("__uri_{}", &b.field.ident);
                let Ok(template) = UriTemplate::parse(&lit.value()) else {
                    continue;
                };
                if template.is_literal() {
                    let text = template.expand(&|_| None);
                    uris.extend(quote! { let #var: #p::Uri = #p::uri(#text); });
                } else {
                    let name = template_static(self.variant(), b.index);
                    let arms = template.variables().into_iter().map(|variable| {
                        let tv = template_var(&format_ident!("{}", variable));
                        quote!(#variable => #p::Option::as_deref(&#tv).map(#p::TemplateValue::Str),)
                    });
                    uris.extend(quote! {
                        let #var: #p::Uri = #p::expand(&#name, &|__name: &str| match __name {
                            #(#arms)*
                            _ => #p::None,
                        });
                    });
                }
            }
        }
        // The result's `_meta`: the struct's entries, then fields placed there.
        let mut result_meta = meta_inserts(p, &self.input.attrs.meta, &quote!(__result_meta));
        for field in &self.input.fields {
            if let Some(Kind::ResultMeta { meta_key, .. }) = &field.attrs.kind {
                let json = json_var(&field.ident);
                result_meta.extend(quote! {
                    if let #p::Some(__value) = #json {
                        __result_meta.__insert_unchecked(#meta_key, __value);
                    }
                });
            }
        }
        // 2. Move each block field out, and into its block.
        let moves = self.blocks.iter().map(|b| b.field).chain(
            self.input
                .fields
                .iter()
                .filter(|f| matches!(f.attrs.kind, Some(Kind::Flatten { .. }))),
        );
        let moves = moves.map(|field| {
            let (member, var) = (&field.member, field_var(&field.ident));
            quote!(#member: #var)
        });
        let mut pushes = TokenStream::new();
        for field in &self.input.fields {
            match &field.attrs.kind {
                Some(Kind::Flatten { .. }) => {
                    let var = field_var(&field.ident);
                    let ty = field.ty;
                    pushes.extend(quote_spanned! {ty.span()=>
                        <#ty as #p::IntoContent>::extend_content(#var, __blocks, __result_meta);
                    });
                }
                Some(kind) if kind.block_type().is_some() => {
                    if let Some(b) = self.blocks.iter().find(|b| b.field.ident == field.ident) {
                        pushes.extend(self.push_block(b));
                    }
                }
                _ => {}
            }
        }
        // A variant's fields are bound by the `match` around this body.
        let moves = self
            .input
            .variant
            .is_none()
            .then(|| quote!(let Self { #(#moves,)* .. } = self;));
        quote! {
            #prelude
            #uris
            #result_meta
            #moves
            #pushes
        }
    }

    /// The values attributes take from fields, borrowed before any field moves: each as
    /// JSON (`__json_x`), as template text (`__tv_x`) and cloned (`__val_x`), only those used.
    fn prelude(&self) -> TokenStream {
        let p = &self.p;
        let mut prelude = TokenStream::new();
        for name in &self.referenced {
            let Some(field) = self.input.field(name) else {
                continue;
            };
            let ty = field.ty;
            let (card, inner) = cardinality(ty, false);
            let (json, val, tv) = (json_var(name), val_var(name), template_var(name));
            // A struct's field is `self.name`; a variant's is already bound by the `match`.
            let (place, plain_place) = if self.input.variant.is_some() {
                let var = field_var(name);
                (quote!(#var), quote!(#var))
            } else {
                (quote_spanned!(ty.span()=> self.#name), quote!(self.#name))
            };
            prelude.extend(if card == Cardinality::Optional {
                quote_spanned! {ty.span()=>
                    let #json: #p::Option<#p::Value> = #p::Option::as_ref(&#place).map(#p::json_value::<#inner>);
                    let #tv: #p::Option<#p::String> = #p::Option::as_ref(&#place).map(|__v| #p::display_text::<#inner>(__v));
                }
            } else {
                quote_spanned! {ty.span()=>
                    let #json: #p::Option<#p::Value> = #p::Some(#p::json_value::<#ty>(&#place));
                    let #tv: #p::Option<#p::String> = #p::Some(#p::display_text::<#ty>(&#place));
                }
            });
            prelude.extend(quote! { let #val: #ty = #p::Clone::clone(&#plain_place); });
        }
        // Only what is used is computed: drop the unused ones by shadowing is not possible,
        // so each helper above is cheap and `#[allow(unused_variables)]` covers the rest.
        self.prune_prelude(prelude)
    }

    /// Keeps only the prelude lines whose variable is used somewhere (the token text of the
    /// generated code is scanned; names are `__json_x`, `__val_x`, `__tv_x`).
    fn prune_prelude(&self, prelude: TokenStream) -> TokenStream {
        let mut uses = TokenStream::new();
        for b in &self.blocks {
            uses.extend(self.push_block(b));
        }
        for field in &self.input.fields {
            if matches!(field.attrs.kind, Some(Kind::ResultMeta { .. })) {
                let json = json_var(&field.ident);
                uses.extend(quote!(#json));
            }
        }
        uses.extend(meta_inserts(&self.p, &self.input.attrs.meta, &quote!(m)));
        for b in &self.blocks {
            if let Kind::Resource { uri: Some(lit), .. } = b.kind
                && let Ok(template) = UriTemplate::parse(&lit.value())
            {
                for variable in template.variables() {
                    let tv = template_var(&format_ident!("{}", variable));
                    uses.extend(quote!(#tv));
                }
            }
        }
        let used_names: std::collections::HashSet<String> = idents(uses);
        let mut out = TokenStream::new();
        let mut statement = Vec::new();
        for token in prelude {
            let end = matches!(&token, proc_macro2::TokenTree::Punct(p) if p.as_char() == ';');
            statement.push(token);
            if end {
                let keep = match statement.get(1) {
                    Some(proc_macro2::TokenTree::Ident(name)) => {
                        used_names.contains(&name.to_string())
                    }
                    _ => true,
                };
                if keep {
                    out.extend(statement.drain(..));
                } else {
                    statement.clear();
                }
            }
        }
        out
    }

    /// The statement that pushes a block field's block(s).
    // One arm per kind; `p`, `a`, `m` mirror the generated code's parts.
    #[allow(clippy::too_many_lines, clippy::many_single_char_names)]
    fn push_block(&self, b: &BlockField) -> TokenStream {
        let p = &self.p;
        let field = b.field;
        let var = field_var(&field.ident);
        let many = b.cardinality == Cardinality::Many;
        let part = |name: &Ident| {
            if many {
                quote!(#p::Clone::clone(&#name))
            } else {
                quote!(#name)
            }
        };
        let (ann, meta, cmeta, mime, uri) = (
            format_ident!("__ann"),
            format_ident!("__meta"),
            format_ident!("__cmeta"),
            format_ident!("__mime"),
            format_ident!("__uri_{}", &field.ident),
        );
        let annotations = self
            .input
            .attrs
            .annotations
            .merged(&field.attrs.annotations);
        let annotations = annotations_expr(p, &annotations);
        let block_meta = meta_expr(p, &field.attrs.meta);
        let mut setup = quote! {
            let #ann: #p::Option<#p::Annotations> = #annotations;
            let #meta: #p::Meta = #block_meta;
        };
        let inner = b.inner;
        let value = format_ident!("__v");
        let text_of = |json: bool| {
            if json {
                quote_spanned!(inner.span()=> #p::json_text::<#inner>(&#value))
            } else if is_string(inner) {
                quote!(#value)
            } else {
                quote_spanned!(inner.span()=> #p::display_text::<#inner>(&#value))
            }
        };
        let bytes_of =
            quote_spanned!(inner.span()=> <#inner as #p::IntoBinary>::into_base64_data(#value));
        let (a, m) = (part(&ann), part(&meta));
        let block = match b.kind {
            Kind::Text { json, .. } => {
                let text = text_of(*json);
                quote!(#p::text_block(#text, #a, #m))
            }
            Kind::Media {
                media,
                mime: mime_value,
                ..
            } => {
                setup.extend(match mime_value {
                    Some(Value::Str(lit)) => quote!(let #mime: #p::MimeType = #p::mime(#lit);),
                    Some(Value::Field(name)) => {
                        let val = val_var(name);
                        quote_spanned!(name.span()=> let #mime: #p::MimeType = #p::Clone::clone(&#val);)
                    }
                    _ => TokenStream::new(),
                });
                let f = match media {
                    Media::Image => quote!(#p::image_block),
                    Media::Audio => quote!(#p::audio_block),
                };
                let mm = part(&mime);
                quote!(#f(#bytes_of, #mm, #a, #m))
            }
            Kind::Resource {
                mime: mime_value, ..
            } => {
                let mime_expr = self.optional_mime(mime_value.as_ref());
                let contents_meta = meta_expr(p, &field.attrs.resource_meta);
                setup.extend(quote! {
                    let #mime: #p::Option<#p::MimeType> = #mime_expr;
                    let #cmeta: #p::Meta = #contents_meta;
                });
                let (mm, cm, u) = (part(&mime), part(&cmeta), part(&uri));
                if b.blob {
                    quote!(#p::blob_resource_block(#u, #mm, #bytes_of, #cm, #a, #m))
                } else {
                    let text = text_of(false);
                    quote!(#p::text_resource_block(#u, #mm, #text, #cm, #a, #m))
                }
            }
            Kind::Link {
                name,
                title,
                description,
                mime: mime_value,
                size,
                ..
            } => {
                let field_name = field.ident.to_string();
                let name = match name {
                    Some(Value::Str(lit)) => quote!(#p::String::from(#lit)),
                    Some(Value::Field(source)) => {
                        let val = val_var(source);
                        quote_spanned!(source.span()=> #p::optional::<#p::String, _>(#p::Clone::clone(&#val)).unwrap_or_else(|| #p::String::from(#field_name)))
                    }
                    _ => quote!(#p::String::from(#field_name)),
                };
                let text_part = |value: &Option<Value>| match value {
                    Some(Value::Str(lit)) => quote!(#p::Some(#p::String::from(#lit))),
                    Some(Value::Field(source)) => {
                        let val = val_var(source);
                        quote_spanned!(source.span()=> #p::optional::<#p::String, _>(#p::Clone::clone(&#val)))
                    }
                    _ => quote!(#p::None),
                };
                let (title, description) = (text_part(title), text_part(description));
                let size = match size {
                    Some(Value::Number { int: Some(n), .. }) => quote!(#p::Some(#n)),
                    Some(Value::Field(source)) => {
                        let val = val_var(source);
                        quote_spanned!(source.span()=> #p::optional::<u64, _>(#p::Clone::clone(&#val)))
                    }
                    _ => quote!(#p::None),
                };
                let mime_part = self.optional_mime(mime_value.as_ref());
                let uri_value =
                    quote_spanned!(inner.span()=> { let __uri: #p::Uri = #value; __uri });
                quote! {
                    #p::link_block(
                        #uri_value,
                        #p::LinkParts {
                            name: #name,
                            title: #title,
                            description: #description,
                            mime_type: #mime_part,
                            size: #size,
                        },
                        #a,
                        #m,
                    )
                }
            }
            _ => return TokenStream::new(),
        };
        let push = quote!(__blocks.push(#block););
        let body = match b.cardinality {
            Cardinality::One => quote! { let #value = #var; #push },
            Cardinality::Optional => quote! { if let #p::Some(#value) = #var { #push } },
            Cardinality::Many => quote! { for #value in #var { #push } },
        };
        quote! { { #setup #body } }
    }

    fn optional_mime(&self, value: Option<&Value>) -> TokenStream {
        let p = &self.p;
        match value {
            Some(Value::Str(lit)) => quote!(#p::Some(#p::mime(#lit))),
            Some(Value::Field(name)) => {
                let val = val_var(name);
                quote_spanned!(name.span()=> #p::optional::<#p::MimeType, _>(#p::Clone::clone(&#val)))
            }
            _ => quote!(#p::None),
        }
    }

    // -----------------------------------------------------------------------------------
    // Reading

    /// Whether field `name` is read from the values attributes take from it (it has no
    /// block of its own).
    fn has_param_slot(&self, name: &Ident) -> bool {
        self.input.field(name).is_some_and(|f| match &f.attrs.kind {
            None | Some(Kind::ResultMeta { .. }) => true,
            Some(_) => false,
        })
    }

    fn reading(&self) -> TokenStream {
        let p = &self.p;
        let ident = &self.input.original.ident;
        let name = ident.to_string();
        let slots = self.slots_struct(&format_ident!("__Slots"));
        let offers = self.offers();
        let finish = self.finish(&quote!(Self));
        let from_result = from_result(p, self.input.attrs.structured.as_ref());
        quote! {
            #slots

            #[automatically_derived]
            impl #p::ContentSlots for #ident {
                type Slots = __Slots;
                const NAME: &'static str = #name;

                fn offer(
                    __slots: &mut __Slots,
                    __index: usize,
                    __block: &#p::ContentBlock,
                ) -> #p::Result<bool, #p::ReadError> {
                    #offers
                    #p::Ok(false)
                }

                fn finish(__slots: __Slots, __result_meta: &#p::Meta) -> #p::Result<Self, #p::ReadError> {
                    #finish
                }
            }

            #[automatically_derived]
            impl #p::FromContent for #ident {
                fn from_content_and_meta(
                    __blocks: &[#p::ContentBlock],
                    __result_meta: &#p::Meta,
                ) -> #p::Result<Self, #p::ReadError> {
                    #p::read_content::<Self>(__blocks, __result_meta, #p::None)
                }
                #from_result
            }
        }
    }

    /// A variant's reader: its slots struct and its `offer` / `finish` functions, named by
    /// `names` (state field, slots type, `offer`, `finish`, variant name).
    fn variant_reader(
        &self,
        ident: &Ident,
        variant: &Ident,
        names: &(Ident, Ident, Ident, Ident, String),
    ) -> TokenStream {
        let p = &self.p;
        let (_, slots, offer, finish, _) = names;
        let slot_items = self.slots_struct(slots);
        let offers = self.offers();
        let finish_body = self.finish(&quote!(#ident::#variant));
        quote! {
            #slot_items

            fn #offer(
                __slots: &mut #slots,
                __index: usize,
                __block: &#p::ContentBlock,
            ) -> #p::Result<bool, #p::ReadError> {
                #offers
                #p::Ok(false)
            }

            fn #finish(__slots: #slots, __result_meta: &#p::Meta) -> #p::Result<#ident, #p::ReadError> {
                #finish_body
            }
        }
    }

    /// The struct `name` holding what has been read so far, one slot per field, and its
    /// `Default`.
    fn slots_struct(&self, name: &Ident) -> TokenStream {
        let p = &self.p;
        let mut slot_fields = TokenStream::new();
        let mut slot_defaults = TokenStream::new();
        for field in &self.input.fields {
            let ty = field.ty;
            let (slot, slot_ty) = match &field.attrs.kind {
                Some(Kind::Skip { .. }) => continue,
                Some(Kind::Flatten { .. }) => (
                    nested_slot(&field.ident),
                    quote_spanned!(ty.span()=> <#ty as #p::ContentSlots>::Slots),
                ),
                Some(kind) if kind.block_type().is_some() => {
                    let Some(b) = self.blocks.iter().find(|b| b.field.ident == field.ident) else {
                        continue;
                    };
                    let inner = b.inner;
                    let slot_ty = if b.cardinality == Cardinality::Many {
                        quote!(#p::Vec<#inner>)
                    } else {
                        quote!(#p::Option<#inner>)
                    };
                    (block_slot(&field.ident), slot_ty)
                }
                _ => (param_slot(&field.ident), quote!(#p::Option<#ty>)),
            };
            slot_fields.extend(quote!(#slot: #slot_ty,));
            slot_defaults.extend(quote!(#slot: #p::Default::default(),));
        }
        quote! {
            #[doc(hidden)]
            pub struct #name {
                #slot_fields
            }

            impl #p::Default for #name {
                fn default() -> Self {
                    #name { #slot_defaults }
                }
            }
        }
    }

    /// The statements that offer `__block` to each field in turn (`return Ok(true)` when one
    /// takes it).
    fn offers(&self) -> TokenStream {
        let p = &self.p;
        let mut offers = TokenStream::new();
        for field in &self.input.fields {
            match &field.attrs.kind {
                Some(Kind::Flatten { .. }) => {
                    let ty = field.ty;
                    let slot = nested_slot(&field.ident);
                    offers.extend(quote! {
                        if <#ty as #p::ContentSlots>::offer(&mut __slots.#slot, __index, __block)? {
                            return #p::Ok(true);
                        }
                    });
                }
                Some(kind) if kind.block_type().is_some() => {
                    if let Some(b) = self.blocks.iter().find(|b| b.field.ident == field.ident) {
                        offers.extend(self.offer(b));
                    }
                }
                _ => {}
            }
        }
        offers
    }

    /// The type a source value is read as for a param field: `T` of `Option<T>`, else the
    /// field's type.
    fn source_type(field: &Field) -> TokenStream {
        let (card, inner) = cardinality(field.ty, false);
        if card == Cardinality::Optional {
            quote!(#inner)
        } else {
            let ty = field.ty;
            quote!(#ty)
        }
    }

    /// Fills param field `name` from a JSON `_meta` value `value` (a `&Value`).
    fn fill_from_json(&self, name: &Ident, value: &TokenStream, path: &TokenStream) -> TokenStream {
        let p = &self.p;
        let Some(field) = self.input.field(name) else {
            return TokenStream::new();
        };
        if !self.has_param_slot(name) {
            return TokenStream::new();
        }
        let slot = param_slot(name);
        let ty = field.ty;
        let x = Self::source_type(field);
        let field_name = name.to_string();
        quote_spanned! {ty.span()=>
            #p::fill(&mut __slots.#slot, || #p::Ok(#p::from_source::<#x, #ty>(
                #p::from_json_value::<#x>(#value, &|| #path, #field_name)?
            )))?;
        }
    }

    /// Fills param field `name` from a typed value `value` of type `x`.
    fn fill_typed(&self, name: &Ident, x: &TokenStream, value: &TokenStream) -> TokenStream {
        let p = &self.p;
        let Some(field) = self.input.field(name) else {
            return TokenStream::new();
        };
        if !self.has_param_slot(name) {
            return TokenStream::new();
        }
        let slot = param_slot(name);
        let ty = field.ty;
        quote_spanned! {name.span()=>
            #p::fill(&mut __slots.#slot, || #p::Ok(#p::from_source::<#x, #ty>(#value)))?;
        }
    }

    /// Reads `_meta` entries that take field values back into those fields.
    fn meta_sources(
        &self,
        entries: &[MetaEntry],
        meta: &TokenStream,
        prefix: &TokenStream,
    ) -> TokenStream {
        let p = &self.p;
        let mut out = TokenStream::new();
        for entry in entries {
            let Value::Field(name) = &entry.value else {
                continue;
            };
            let key = &entry.key;
            let path = quote!(#p::meta_path(&#prefix, #key));
            let fill = self.fill_from_json(name, &quote!(__value), &path);
            if !fill.is_empty() {
                out.extend(quote! {
                    if let #p::Some(__value) = #meta.get(#key) { #fill }
                });
            }
        }
        out
    }

    fn annotation_sources(
        &self,
        annotations: &AnnotationsAttr,
        block: &TokenStream,
    ) -> TokenStream {
        let p = &self.p;
        let mut out = TokenStream::new();
        for (key, value) in annotations.values() {
            let Value::Field(name) = value else { continue };
            let (member, x) = match key {
                "audience" => (quote!(audience), quote!(#p::Vec<#p::Role>)),
                "priority" => (quote!(priority), quote!(#p::Priority)),
                _ => (quote!(last_modified), quote!(#p::Timestamp)),
            };
            let fill = self.fill_typed(name, &x, &quote!(__value));
            if !fill.is_empty() {
                out.extend(quote! {
                    if let #p::Some(__value) = #block.annotations.as_ref().and_then(|__a| #p::Clone::clone(&__a.#member)) { #fill }
                });
            }
        }
        out
    }

    /// The `if let … { … return Ok(true) }` that takes a block into field `b`.
    // One arm per kind, each the mirror of `push_block`'s.
    #[allow(clippy::too_many_lines)]
    fn offer(&self, b: &BlockField) -> TokenStream {
        let p = &self.p;
        let field = b.field;
        let field_name = field.ident.to_string();
        let slot = block_slot(&field.ident);
        let inner = b.inner;
        let (not_full, store) = if b.cardinality == Cardinality::Many {
            (quote!(true), quote!(__slots.#slot.push(__v);))
        } else {
            (
                quote!(__slots.#slot.is_none()),
                quote!(__slots.#slot = #p::Some(__v);),
            )
        };
        let annotations = self
            .input
            .attrs
            .annotations
            .merged(&field.attrs.annotations);
        let block_path = |rest: &str| quote!(#p::block_path(__index, #rest));
        let envelope = {
            let mut t = self.annotation_sources(&annotations, &quote!(__b));
            t.extend(self.meta_sources(&field.attrs.meta, &quote!(__b.meta), &block_path(".")));
            t
        };
        let read_text = |text: TokenStream, json: bool, path: TokenStream| {
            if json {
                quote_spanned!(inner.span()=> #p::parse_json::<#inner>(#text, &|| #path, #field_name)?)
            } else if is_string(inner) {
                quote!(#p::Clone::clone(#text))
            } else {
                quote_spanned!(inner.span()=> #p::parse_text::<#inner>(#text, &|| #path, #field_name)?)
            }
        };
        let read_bytes = |data: TokenStream, path: TokenStream| quote_spanned!(inner.span()=> #p::from_binary::<#inner>(#data, &|| #path, #field_name)?);
        match b.kind {
            Kind::Text { json, .. } => {
                let value = read_text(quote!(&__b.text), *json, block_path(".text"));
                quote! {
                    if let #p::ContentBlock::Text(__b) = __block {
                        if #not_full {
                            let __v: #inner = #value;
                            #store
                            #envelope
                            return #p::Ok(true);
                        }
                    }
                }
            }
            Kind::Media { media, mime, .. } => {
                let variant = match media {
                    Media::Image => quote!(Image),
                    Media::Audio => quote!(Audio),
                };
                let value = read_bytes(quote!(&__b.data), block_path(".data"));
                let mime = match mime {
                    Some(Value::Field(name)) => self.fill_typed(
                        name,
                        &quote!(#p::MimeType),
                        &quote!(#p::Clone::clone(&__b.mime_type)),
                    ),
                    _ => TokenStream::new(),
                };
                quote! {
                    if let #p::ContentBlock::#variant(__b) = __block {
                        if #not_full {
                            let __v: #inner = #value;
                            #store
                            #mime
                            #envelope
                            return #p::Ok(true);
                        }
                    }
                }
            }
            Kind::Resource {
                uri: Some(lit),
                mime,
                ..
            } => {
                let Ok(template) = UriTemplate::parse(&lit.value()) else {
                    return TokenStream::new();
                };
                let matched = if template.is_literal() {
                    let text = template.expand(&|_| None);
                    quote!((__b.resource.uri().as_str() == #text).then(#p::Vec::<(#p::String, #p::String)>::new))
                } else {
                    let name = template_static(self.variant(), b.index);
                    quote!(#p::match_template(&#name, __b.resource.uri()))
                };
                let mut vars = TokenStream::new();
                for variable in template.variables() {
                    let name = format_ident!("{}", variable);
                    let Some(target) = self.input.field(&name) else {
                        continue;
                    };
                    if !self.has_param_slot(&name) {
                        continue;
                    }
                    let slot = param_slot(&name);
                    let ty = target.ty;
                    let x = Self::source_type(target);
                    let path = block_path(".resource.uri");
                    vars.extend(quote_spanned! {ty.span()=>
                        if let #p::Some(__s) = #p::variable(&__vars, #variable) {
                            #p::fill(&mut __slots.#slot, || #p::Ok(#p::from_source::<#x, #ty>(
                                #p::parse_text::<#x>(__s, &|| #path, #variable)?
                            )))?;
                        }
                    });
                }
                let mime = match mime {
                    Some(Value::Field(name)) => {
                        let fill = self.fill_typed(name, &quote!(#p::MimeType), &quote!(__value));
                        quote!(if let #p::Some(__value) = #p::Clone::clone(&__c.mime_type) { #fill })
                    }
                    _ => TokenStream::new(),
                };
                let contents_meta = self.meta_sources(
                    &field.attrs.resource_meta,
                    &quote!(__c.meta),
                    &block_path(".resource."),
                );
                let (want, other, value) = if b.blob {
                    (
                        quote!(Blob),
                        "text",
                        read_bytes(quote!(&__c.blob), block_path(".resource.blob")),
                    )
                } else {
                    (
                        quote!(Text),
                        "blob",
                        read_text(quote!(&__c.text), false, block_path(".resource.text")),
                    )
                };
                let mismatch = format!(
                    "field `{field_name}` expects {} contents, found {other}",
                    if b.blob { "blob" } else { "text" }
                );
                quote! {
                    if let #p::ContentBlock::Resource(__b) = __block {
                        if #not_full {
                            if let #p::Some(__vars) = #matched {
                                let #p::ResourceContents::#want(__c) = &__b.resource else {
                                    return #p::Err(#p::ReadError::message(#p::block_path(__index, ".resource"), #mismatch));
                                };
                                let __v: #inner = #value;
                                #store
                                #vars
                                #mime
                                #contents_meta
                                #envelope
                                return #p::Ok(true);
                            }
                        }
                    }
                }
            }
            Kind::Link {
                name,
                title,
                description,
                mime,
                size,
                ..
            } => {
                let name_matches = match name {
                    Some(Value::Str(lit)) => quote!(&& __b.name == #lit),
                    // The default name is the field's.
                    None => quote!(&& __b.name == #field_name),
                    _ => TokenStream::new(),
                };
                let mut parts = TokenStream::new();
                if let Some(Value::Field(source)) = name {
                    parts.extend(self.fill_typed(
                        source,
                        &quote!(#p::String),
                        &quote!(#p::Clone::clone(&__b.name)),
                    ));
                }
                for (value, member) in [(title, quote!(title)), (description, quote!(description))]
                {
                    if let Some(Value::Field(source)) = value {
                        let fill = self.fill_typed(source, &quote!(#p::String), &quote!(__value));
                        parts.extend(quote!(if let #p::Some(__value) = #p::Clone::clone(&__b.#member) { #fill }));
                    }
                }
                if let Some(Value::Field(source)) = mime {
                    let fill = self.fill_typed(source, &quote!(#p::MimeType), &quote!(__value));
                    parts.extend(quote!(if let #p::Some(__value) = #p::Clone::clone(&__b.mime_type) { #fill }));
                }
                if let Some(Value::Field(source)) = size {
                    let fill = self.fill_typed(source, &quote!(u64), &quote!(__value));
                    parts.extend(quote!(if let #p::Some(__value) = __b.size { #fill }));
                }
                let value = quote_spanned!(inner.span()=> #p::Clone::clone(&__b.uri));
                quote! {
                    if let #p::ContentBlock::ResourceLink(__b) = __block {
                        if #not_full #name_matches {
                            let __v: #inner = #value;
                            #store
                            #parts
                            #envelope
                            return #p::Ok(true);
                        }
                    }
                }
            }
            _ => TokenStream::new(),
        }
    }

    /// The body that builds the value with `ctor` (`Self`, or the variant's path) once every
    /// block was offered.
    fn finish(&self, ctor: &TokenStream) -> TokenStream {
        let p = &self.p;
        let mut sources =
            self.meta_sources(&self.input.attrs.meta, &quote!(__result_meta), &quote!(""));
        for field in &self.input.fields {
            if let Some(Kind::ResultMeta { meta_key, .. }) = &field.attrs.kind {
                let path = quote!(#p::meta_path("", #meta_key));
                let fill = self.fill_from_json(&field.ident, &quote!(__value), &path);
                sources.extend(quote! {
                    if let #p::Some(__value) = __result_meta.get(#meta_key) { #fill }
                });
            }
        }
        let values = self.input.fields.iter().map(|field| {
            let ident = &field.ident;
            let member = &field.member;
            let name = ident.to_string();
            let ty = field.ty;
            let value = match &field.attrs.kind {
                Some(Kind::Skip { .. }) => quote_spanned!(ty.span()=> <#ty as #p::Default>::default()),
                Some(Kind::Flatten { .. }) => {
                    let slot = nested_slot(ident);
                    quote_spanned!(ty.span()=> <#ty as #p::ContentSlots>::finish(__slots.#slot, __result_meta)?)
                }
                Some(kind) if kind.block_type().is_some() => {
                    let slot = block_slot(ident);
                    let b = self.blocks.iter().find(|b| b.field.ident == *ident);
                    if b.map(|b| b.cardinality) == Some(Cardinality::One) {
                        let what = describe_block(kind);
                        quote! {
                            match __slots.#slot {
                                #p::Some(__v) => __v,
                                #p::None => return #p::Err(#p::missing_block(#name, #what)),
                            }
                        }
                    } else {
                        quote!(__slots.#slot)
                    }
                }
                _ => {
                    let slot = param_slot(ident);
                    let x = Self::source_type(field);
                    let from = self.describe_sources(ident);
                    quote_spanned! {ty.span()=>
                        match __slots.#slot {
                            #p::Some(__v) => __v,
                            #p::None => #p::absent::<#x, #ty>(#name, "content", #from)?,
                        }
                    }
                }
            };
            quote!(#member: #value,)
        });
        quote! {
            let mut __slots = __slots;
            #sources
            #p::Ok(#ctor { #(#values)* })
        }
    }

    /// Where a param field's value is read from, for the "missing" error.
    fn describe_sources(&self, name: &Ident) -> String {
        let mut places = Vec::new();
        let refers = |value: &Value| value.field() == Some(name);
        if let Some(Kind::ResultMeta { meta_key, .. }) =
            &self.input.field(name).and_then(|f| f.attrs.kind.as_ref())
        {
            places.push(format!("in the result's _meta[{:?}]", meta_key.value()));
        }
        for entry in self.input.attrs.meta.iter().filter(|e| refers(&e.value)) {
            places.push(format!("in the result's _meta[{:?}]", entry.key.value()));
        }
        for b in &self.blocks {
            let owner = &b.field.ident;
            let mut uses = false;
            let attrs = &b.field.attrs;
            uses |= attrs
                .meta
                .iter()
                .chain(&attrs.resource_meta)
                .any(|e| refers(&e.value));
            uses |= self
                .input
                .attrs
                .annotations
                .merged(&attrs.annotations)
                .values()
                .any(|(_, v)| refers(v));
            match b.kind {
                Kind::Media { mime: Some(m), .. } => uses |= refers(m),
                Kind::Resource { uri, mime, .. } => {
                    uses |= mime.as_ref().is_some_and(refers);
                    uses |= uri
                        .as_ref()
                        .and_then(|lit| UriTemplate::parse(&lit.value()).ok())
                        .is_some_and(|t| t.variables().contains(&name.to_string().as_str()));
                }
                Kind::Link {
                    name: n,
                    title,
                    description,
                    mime,
                    size,
                    ..
                } => {
                    uses |= [n, title, description, mime, size]
                        .into_iter()
                        .flatten()
                        .any(refers);
                }
                _ => {}
            }
            if uses {
                places.push(format!("with the block of field `{owner}`"));
            }
        }
        places.join(" or ")
    }
}

fn describe_block(kind: &Kind) -> String {
    match kind {
        Kind::Text { .. } => "a text".to_owned(),
        Kind::Media {
            media: Media::Image,
            ..
        } => "an image".to_owned(),
        Kind::Media {
            media: Media::Audio,
            ..
        } => "an audio".to_owned(),
        Kind::Resource { uri: Some(lit), .. } => format!("a resource (`{}`)", lit.value()),
        Kind::Link {
            name: Some(Value::Str(lit)),
            ..
        } => format!("a resource_link (named {:?})", lit.value()),
        _ => format!("a {}", kind.block_type().unwrap_or("content")),
    }
}

/// `Option<Annotations>` for merged annotations.
fn annotations_expr(p: &TokenStream, a: &AnnotationsAttr) -> TokenStream {
    if a.values().next().is_none() {
        return quote!(#p::None);
    }
    let audience = match &a.audience {
        Some(Value::Array(items, _)) => {
            let roles = items.iter().filter_map(|item| match item {
                Value::Str(lit) if lit.value() == "user" => Some(quote!(#p::Role::User)),
                Value::Str(lit) if lit.value() == "assistant" => Some(quote!(#p::Role::Assistant)),
                _ => None,
            });
            quote!(#p::Some(#p::Vec::from([#(#roles),*])))
        }
        Some(Value::Field(name)) => {
            let val = val_var(name);
            quote_spanned!(name.span()=> #p::optional::<#p::Vec<#p::Role>, _>(#p::Clone::clone(&#val)))
        }
        _ => quote!(#p::None),
    };
    let priority = match &a.priority {
        Some(Value::Number { value, .. }) => quote!(#p::priority(#value)),
        Some(Value::Field(name)) => {
            let val = val_var(name);
            quote_spanned!(name.span()=> #p::optional::<#p::Priority, _>(#p::Clone::clone(&#val)))
        }
        _ => quote!(#p::None),
    };
    let last_modified = match &a.last_modified {
        Some(Value::Str(lit)) => quote!(#p::Some(#p::timestamp(#lit))),
        Some(Value::Field(name)) => {
            let val = val_var(name);
            quote_spanned!(name.span()=> #p::optional::<#p::Timestamp, _>(#p::Clone::clone(&#val)))
        }
        _ => quote!(#p::None),
    };
    quote!(#p::annotations(#audience, #priority, #last_modified))
}

/// A `Meta` holding `entries`.
fn meta_expr(p: &TokenStream, entries: &[MetaEntry]) -> TokenStream {
    if entries.is_empty() {
        return quote!(#p::Meta::new());
    }
    let inserts = meta_inserts(p, entries, &quote!(__m));
    quote!({
        let mut __m = #p::Meta::new();
        #inserts
        __m
    })
}

/// Statements inserting `entries` into the `Meta` named `target` (a `&mut Meta` or a `Meta`).
fn meta_inserts(p: &TokenStream, entries: &[MetaEntry], target: &TokenStream) -> TokenStream {
    entries
        .iter()
        .map(|entry| {
            let key = &entry.key;
            match &entry.value {
                Value::Field(name) => {
                    let json = json_var(name);
                    quote! {
                        if let #p::Some(__value) = &#json {
                            #target.__insert_unchecked(#key, #p::Clone::clone(__value));
                        }
                    }
                }
                value => {
                    let json = literal_json(p, value);
                    quote!(#target.__insert_unchecked(#key, #json);)
                }
            }
        })
        .collect()
}

/// A literal as a `serde_json::Value`.
fn literal_json(p: &TokenStream, value: &Value) -> TokenStream {
    match value {
        Value::Str(lit) => quote!(#p::Value::from(#lit)),
        Value::Bool(lit) => quote!(#p::Value::from(#lit)),
        Value::Number { int: Some(n), .. } => quote!(#p::Value::from(#n)),
        Value::Number { value, text, .. } => {
            if text.contains(['.', 'e', 'E']) {
                quote!(#p::Value::from(#value))
            } else {
                #[allow(clippy::cast_possible_truncation)] // A negative integer literal.
                let n = *value as i64;
                quote!(#p::Value::from(#n))
            }
        }
        _ => quote!(#p::Value::Null),
    }
}

/// Every identifier in a token stream.
fn idents(tokens: TokenStream) -> std::collections::HashSet<String> {
    let mut out = std::collections::HashSet::new();
    for token in tokens {
        match token {
            proc_macro2::TokenTree::Ident(ident) => {
                out.insert(ident.to_string());
            }
            proc_macro2::TokenTree::Group(group) => out.extend(idents(group.stream())),
            _ => {}
        }
    }
    out
}
