//! An enum: each variant is written as a struct with its fields would be, and read by trying
//! the variants side by side (the first, in declaration order, that reads without error wins).

use proc_macro2::Ident;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{field_var, from_content_impl, impls, read, write};
use crate::ast::Enum;
use crate::resolve::Layout;

pub(super) fn expand(item: &Enum, layouts: &[Layout]) -> TokenStream {
    let templates: TokenStream = layouts.iter().map(write::template_statics).collect();
    let arms = layouts.iter().filter_map(|layout| {
        let variant = layout.input.variant.as_ref()?.ident;
        let bindings = layout.input.fields.iter().map(|field| {
            let (member, var) = (&field.member, field_var(&field.ident));
            quote!(#member: #var)
        });
        let body = write::body(layout);
        Some(quote! {
            Self::#variant { #(#bindings,)* } => { #body }
        })
    });
    // Without variants the match is the end: nothing after it (no unreachable code warned of
    // in the user's crate).
    let write = if item.variants.is_empty() {
        quote!(match self {})
    } else {
        quote! {
            match self {
                #(#arms)*
            }
            __o.finish()
        }
    };
    let reads = item.attrs.write_only.is_none() && item.original.generics.params.is_empty();
    let reading = if reads {
        reader(item, layouts)
    } else {
        TokenStream::new()
    };
    impls(
        item.original,
        item.attrs.krate.as_ref(),
        item.attrs.structured.as_ref(),
        &templates,
        &write,
        &reading,
    )
}

/// One slots struct and one `offer` / `finish` pair per variant (the struct reader for its
/// fields), and `ContentSlots` for the enum that runs them side by side.
fn reader(item: &Enum, layouts: &[Layout]) -> TokenStream {
    let ident = &item.original.ident;
    let name = ident.to_string();
    let structured = item.attrs.structured.is_some();
    let mut parts = TokenStream::new();
    let mut states = Vec::new();
    for layout in layouts {
        let Some(variant) = layout.input.variant.as_ref().map(|v| v.ident) else {
            continue;
        };
        let (state, slots, offer, finish) = (
            format_ident!("__v_{}", variant),
            format_ident!("__Slots{}", variant),
            format_ident!("__offer_{}", variant),
            format_ident!("__finish_{}", variant),
        );
        let slot_items = read::slots_struct(layout, &slots);
        let offers = read::offers(layout);
        let finish_fn = variant_finish(ident, layout, variant, (&slots, &finish), structured);
        parts.extend(quote! {
            #slot_items

            fn #offer(__s: &mut #slots, __i: usize, __b: &mut __p::read::Offered<'_>) -> __p::Result<bool, __p::ReadError> {
                #offers
                __p::Ok(false)
            }

            #finish_fn
        });
        states.push((state, slots, offer, finish, variant.to_string()));
    }
    let fields = states
        .iter()
        .map(|(state, slots, ..)| quote!(#state: __p::read::VariantSlots<#slots>,));
    let defaults = states
        .iter()
        .map(|(state, ..)| quote!(#state: __p::Default::default(),));
    let offers = states.iter().map(
        |(state, _, offer, ..)| quote!(__p::read::offer_variant(&mut __s.#state, __i, __b, #offer)),
    );
    let rejects = states
        .iter()
        .enumerate()
        .map(|(i, (state, _, _, finish, variant))| {
            let full = format!("{name}::{variant}");
            quote!(__p::read::reject_variant(&mut __s.#state, __took[#i], (__i, __b), #full, #finish);)
        });
    let unexpected = states.iter().map(|(state, _, _, finish, variant)| {
        let full = format!("{name}::{variant}");
        quote!((#variant, __p::read::unexpected_in_variant(__s.#state, (__i, __b), #full, #finish)),)
    });
    let finishes = states.iter().map(|(state, _, _, finish, variant)| {
        quote! {
            match __p::read::finish_variant(__s.#state, __rmeta, #finish) {
                __p::Ok(__value) => return __p::Ok(__value),
                __p::Err(__error) => __errors.push((#variant, __error)),
            }
        }
    });
    let finish_with = structured.then(|| enum_finish_with(&name, &states));
    let from_content = from_content_impl(ident, item.attrs.structured.as_ref());
    quote! {
        #parts

        #[doc(hidden)]
        pub struct __Slots {
            #(#fields)*
        }

        impl __p::Default for __Slots {
            fn default() -> Self {
                __Slots { #(#defaults)* }
            }
        }

        #[automatically_derived]
        impl __p::read::ContentSlots for #ident {
            type Slots = __Slots;
            const NAME: &'static str = #name;

            fn offer(__s: &mut __Slots, __i: usize, __b: &mut __p::read::Offered<'_>) -> __p::Result<bool, __p::ReadError> {
                let __took = [#(#offers),*];
                // A variant that leaves a block others take cannot read this content; when
                // none takes it, it may be a later field's (this enum is flattened).
                let __any = __took.contains(&true);
                if __any {
                    #(#rejects)*
                }
                __p::Ok(__any)
            }

            fn finish(__s: __Slots, __rmeta: __p::read::ResultMeta<'_>) -> __p::Result<Self, __p::ReadError> {
                let mut __errors = __p::Vec::new();
                #(#finishes)*
                __p::Err(__p::read::no_variant(#name, &__errors))
            }

            #finish_with

            fn unexpected(__s: __Slots, __i: usize, __b: &__p::ContentBlock) -> __p::ReadError {
                __p::read::no_variant(#name, &[#(#unexpected)*])
            }
        }

        #from_content
    }
}

/// A variant's `finish` (and, for a `structured` enum, its `finish_with`).
fn variant_finish(
    ident: &Ident,
    layout: &Layout,
    variant: &Ident,
    (slots, finish): (&Ident, &Ident),
    structured: bool,
) -> TokenStream {
    let ctor = quote!(#ident::#variant);
    let finish_body = read::finish(layout, &ctor);
    // A `structured` enum's fields with no place in the content are in
    // `structuredContent` only: read with it, they are taken from its value when it is
    // this variant (`finish_with`).
    if structured {
        let with = format_ident!("__finish_with_{}", variant);
        let base = quote!(__p::Option::take_if(
            __base,
            |__b| ::core::matches!(__b, #ctor { .. })
        ));
        let bindings = read::base_bindings(layout, &ctor, &base);
        quote! {
            fn #finish(__s: #slots, __rmeta: __p::read::ResultMeta<'_>) -> __p::Result<#ident, __p::ReadError> {
                #with(__s, __rmeta, &mut __p::None)
            }

            fn #with(__s: #slots, __rmeta: __p::read::ResultMeta<'_>, __base: &mut __p::Option<#ident>) -> __p::Result<#ident, __p::ReadError> {
                #bindings
                #finish_body
            }
        }
    } else {
        quote! {
            fn #finish(__s: #slots, __rmeta: __p::read::ResultMeta<'_>) -> __p::Result<#ident, __p::ReadError> {
                #finish_body
            }
        }
    }
}

/// The `finish_with` of a `structured` enum: each variant's, the base given to the variant
/// it holds.
fn enum_finish_with(name: &str, states: &[(Ident, Ident, Ident, Ident, String)]) -> TokenStream {
    let finishes = states.iter().map(|(state, _, _, finish, variant)| {
        let with = format_ident!("__finish_with_{}", finish.to_string().trim_start_matches("__finish_"));
        quote! {
            match __p::read::finish_variant(__s.#state, __rmeta, |__s, __rmeta| #with(__s, __rmeta, &mut __base)) {
                __p::Ok(__value) => return __p::Ok(__value),
                __p::Err(__error) => __errors.push((#variant, __error)),
            }
        }
    });
    quote! {
        fn finish_with(__s: __Slots, __rmeta: __p::read::ResultMeta<'_>, __base: __p::Option<Self>) -> __p::Result<Self, __p::ReadError> {
            let mut __base = __base;
            let mut __errors = __p::Vec::new();
            #(#finishes)*
            __p::Err(__p::read::no_variant(#name, &__errors))
        }
    }
}
