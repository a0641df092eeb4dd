//! The slots a derived type is read into: one per field, named after it, and the locals an
//! unplaced field's value is bound to.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Ident;

use crate::expand::content::places::{self, text_agrees};
use crate::resolve::{Cardinality, Layout, Resolved, Role};

/// The slots struct `name` and its `Default`.
pub(in crate::expand::content) fn slots_struct(layout: &Layout, name: &Ident) -> TokenStream {
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
pub(super) fn agree_slot(resolved: &Resolved) -> Ident {
    format_ident!(
        "__t_{}",
        resolved.field.ident.to_string().trim_start_matches("r#")
    )
}

pub(super) fn slot(resolved: &Resolved) -> Ident {
    // Prefixed: a field named `r#type` gets a slot `__s_type`, not the keyword.
    format_ident!(
        "__s_{}",
        resolved.field.ident.to_string().trim_start_matches("r#")
    )
}

/// A field with no place in the content: a `structured` type's field without a kind, or
/// `skip`.
pub(super) fn unplaced(resolved: &Resolved) -> bool {
    match resolved.role {
        Role::Skip => true,
        Role::Source => resolved.uses.is_empty(),
        _ => false,
    }
}

/// The local an unplaced field's value from `__base` is bound to.
pub(super) fn base_var(resolved: &Resolved) -> Ident {
    format_ident!(
        "__u_{}",
        resolved.field.ident.to_string().trim_start_matches("r#")
    )
}
