//! Stub impls emitted next to compile errors (thiserror's `fallback.rs`): uses of the type or
//! handler elsewhere still type-check, so the only errors are the real ones.

use proc_macro2::TokenStream;
use quote::quote;

use crate::toolkit::wrap_in_const;

/// The derive's traits, every body unreachable.
pub(crate) fn content(input: &syn::DeriveInput, krate: Option<&syn::Path>) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let reading = input.generics.params.is_empty().then(|| {
        quote! {
            #[automatically_derived]
            impl __p::FromContent for #ident {
                fn from_content_and_meta(_: &[__p::ContentBlock], _: &__p::Meta) -> __p::Result<Self, __p::ReadError> {
                    ::core::unreachable!()
                }
            }
            #[automatically_derived]
            impl __p::read::ContentSlots for #ident {
                type Slots = ();
                const NAME: &'static str = "";
                fn offer(_: &mut (), _: usize, _: &mut __p::read::Offered<'_>) -> __p::Result<bool, __p::ReadError> {
                    ::core::unreachable!()
                }
                fn finish(_: (), _: __p::read::ResultMeta<'_>) -> __p::Result<Self, __p::ReadError> {
                    ::core::unreachable!()
                }
            }
        }
    });
    wrap_in_const(
        krate,
        &quote! {
            #[automatically_derived]
            impl #impl_generics __p::IntoContent for #ident #ty_generics #where_clause {
                fn extend_content(self, _: &mut __p::Vec<__p::ContentBlock>, _: &mut __p::Meta) {
                    ::core::unreachable!()
                }
            }
            #[automatically_derived]
            impl #impl_generics __p::IntoCallToolResult for #ident #ty_generics #where_clause {
                fn into_call_tool_result(self) -> __p::CallToolResult {
                    ::core::unreachable!()
                }
            }
            #[automatically_derived]
            impl #impl_generics __p::StructuredOutput for #ident #ty_generics #where_clause {}
            #reading
        },
    )
}

/// A handler trait impl whose methods are unreachable: `trait_path` is the trait under
/// `__p::handler::`, `methods` its signatures.
pub(crate) fn handler(
    krate: Option<&syn::Path>,
    ident: &syn::Ident,
    trait_name: &TokenStream,
    methods: &[TokenStream],
) -> TokenStream {
    let methods = methods.iter().map(|signature| {
        quote! {
            #signature {
                ::core::unreachable!("emitted only next to a compile error")
            }
        }
    });
    wrap_in_const(
        krate,
        &quote! {
            #[automatically_derived]
            impl __p::handler::#trait_name for #ident {
                #(#methods)*
            }
        },
    )
}
