//! Generation pieces the three handler attributes share: the handler struct, descriptor
//! fields, the call of the user's function.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, LitStr, Type};

use super::attrs::Attrs;
use super::signature::Param;

thread_local! {
    /// The parameter names of the function being expanded, which [`local`] avoids.
    static TAKEN: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Names the parameters of the function being expanded, for [`local`] to avoid.
pub(crate) fn reserve(names: Vec<String>) {
    TAKEN.with(|taken| *taken.borrow_mut() = names);
}

/// A local variable of generated code: `__mcp_` and the name (`__mcp_arguments` for
/// `"__arguments"`), with `_` added until no parameter of the user's has it, so a parameter
/// named alike is another variable and neither shadows the other. Not mixed-site hygiene,
/// whose spans would make rustc check the generated bodies again after every edit above
/// them (see `toolkit::anchor`).
pub(crate) fn local(name: &str) -> Ident {
    let mut local = format!("__mcp_{}", name.trim_start_matches('_'));
    TAKEN.with(|taken| {
        while taken.borrow().contains(&local) {
            local.push('_');
        }
    });
    Ident::new(&local, proc_macro2::Span::call_site())
}

/// `Option<String>` tokens.
pub(crate) fn opt_string(value: Option<&str>) -> TokenStream {
    if let Some(text) = value {
        quote!(__p::Some(__p::String::from(#text)))
    } else {
        quote!(__p::None)
    }
}

/// The `icons` and `_meta` of a descriptor.
pub(crate) fn icons_and_meta(attrs: &Attrs) -> (TokenStream, TokenStream) {
    let icons = attrs.icons.iter().map(|icon| {
        let src = &icon.src;
        let mime = if let Some(mime) = &icon.mime {
            quote!(__p::Some(#mime))
        } else {
            quote!(__p::None)
        };
        let sizes = &icon.sizes;
        let theme = match icon.theme.as_ref().map(LitStr::value).as_deref() {
            Some("light") => quote!(__p::Some(__p::IconTheme::Light)),
            Some("dark") => quote!(__p::Some(__p::IconTheme::Dark)),
            _ => quote!(__p::None),
        };
        quote!(__p::icon(#src, #mime, &[#(#sizes),*], #theme))
    });
    let mut meta: Vec<TokenStream> = attrs
        .meta
        .iter()
        .map(|(key, value)| quote!((#key, __p::Some(__p::Value::from(#value)))))
        .collect();
    if let Some(ui) = &attrs.ui {
        let ui = ui.to_tokens();
        meta.push(quote!(("ui", __p::Some(#ui))));
    }
    (
        quote!(__p::Vec::from([#(#icons),*])),
        quote!(__p::write::meta([#(#meta),*])),
    )
}

/// The handler's name as written for the user: the function's, unraw.
pub(crate) fn fn_name(item: &syn::ItemFn) -> String {
    item.sig
        .ident
        .to_string()
        .trim_start_matches("r#")
        .to_owned()
}

/// The handler struct (a braced unit struct named like the function, in the type namespace),
/// and apart its impls (`Clone`, `Copy`, `Debug`, `Default`, the `NAME`-like constant) for the
/// handler's `const _` block.
pub(crate) fn handler_struct(
    item: &syn::ItemFn,
    kind: &str,
    register: &str,
    const_name: &Ident,
    const_value: &str,
    const_doc: &str,
) -> (TokenStream, TokenStream) {
    let vis = &item.vis;
    let ident = &item.sig.ident;
    let doc = format!(
        "The {kind} handler of [`{name}()`]: register it with `{register}({name} {{}})` or list it in `router!`.",
        name = fn_name(item),
    );
    let exempt = crate::toolkit::exempt();
    let name = crate::toolkit::unraw(ident);
    // Written out rather than derived: a derive's expansion hashes the place it is written,
    // and would be checked again after every edit above it (see `toolkit::anchor`).
    let impls = quote! {
        impl ::core::clone::Clone for #ident {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }

        impl ::core::marker::Copy for #ident {}

        impl ::core::fmt::Debug for #ident {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(#name)
            }
        }

        impl ::core::default::Default for #ident {
            #[inline]
            fn default() -> Self {
                #ident {}
            }
        }

        impl #ident {
            #[doc = #const_doc]
            #vis const #const_name: &'static str = #const_value;
        }
    };
    let declaration = quote! {
        #[doc = #doc]
        #exempt
        #vis struct #ident {}
    };
    (declaration, impls)
}

/// `let binding = …;` reading a string-valued argument (a prompt argument, a template
/// variable) with `reader` from `source` into the parameter's type; a missing one is an error
/// naming `what` unless the parameter is an `Option`.
pub(crate) fn read_string_param(
    param: &Param,
    optional: Option<&Type>,
    (reader, parse): (&TokenStream, &TokenStream),
    source: &Ident,
    what: &str,
) -> TokenStream {
    let binding = &param.ident;
    let name = &param.name;
    let parsed: &Type = optional.unwrap_or(&param.ty);
    // Spanned on the type: a type that cannot be parsed from a string is reported there, in
    // the words of the handler's own trait.
    let take = quote_spanned!(parsed.span()=> __p::handler::#reader(&mut #source, #name, <#parsed as __p::handler::#parse>::parse)?);
    if optional.is_some() {
        quote!(let #binding = #take;)
    } else {
        quote!(let #binding = __p::handler::required(#take, #what, #name)?;)
    }
}
