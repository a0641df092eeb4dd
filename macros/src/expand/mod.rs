//! Code generation, one file per macro. Shared here: where the runtime is, the `const _`
//! wrapper, and the error path (errors plus stub impls, so one mistake does not cascade into
//! "trait not implemented" errors wherever the type is used).

pub(crate) mod content;

use proc_macro2::TokenStream;
use quote::quote;

/// The path to the runtime crate: `crate = "…"` or `::mcp_content`.
pub(crate) fn runtime_path(krate: Option<&syn::Path>) -> TokenStream {
    krate.map_or_else(|| quote!(::mcp_content), |path| quote!(#path))
}

/// Wraps generated items so they add no names to the user's module (serde's `dummy.rs`).
pub(crate) fn wrap_in_const(items: &TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        #[allow(
            non_upper_case_globals,
            non_snake_case,
            unused_qualifications,
            unused_variables,
            unused_mut,
            unreachable_pub,
            clippy::all,
            clippy::pedantic
        )]
        const _: () = {
            #items
        };
    }
}
