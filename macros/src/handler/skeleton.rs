//! The one pipeline of `#[tool]`, `#[prompt]` and `#[resource]`: parse the attribute and the
//! function → the macro's own checks → the handler struct → on error a stub impl, else the
//! macro's body, wrapped in the `const _` with the private door. Each macro is a
//! [`HandlerKind`]: its keys, its checks, its body, its stub; nothing else.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, format_ident, quote};
use syn::spanned::Spanned;
use syn::{Ident, ItemFn, Type};

use super::attrs::{Attrs, parse_attrs};
use super::emit::{fn_name, handler_struct, icons_and_meta, opt_string};
use super::signature::{HandlerFn, Param, ParamKind, SECOND_HANDLER, parse_fn};
use crate::ctxt::Ctxt;

/// What differs between the handler attributes.
pub(crate) trait HandlerKind {
    /// The attribute as errors name it: `#[tool]`.
    const MACRO: &'static str;
    /// Keys the attribute takes besides the common ones.
    const KEYS: &'static [&'static str];
    /// The runtime trait the handler struct implements: `ToolHandler`.
    const TRAIT: &'static str;
    /// The `RouterBuilder` call the struct's doc shows: `Router::builder().tool`.
    const REGISTER: &'static str;
    /// The handler kind as `router!` names it (its list is the plural): `tool`.
    const KIND: &'static str;
    /// The associated constant naming the handler (`NAME`, `URI`) and its doc.
    const CONST_NAME: &'static str;
    const CONST_DOC: &'static str;

    /// What the checks learned that the body needs.
    type Checked;

    /// The macro's own rules; mistakes go into `cx`, all of them.
    fn check(cx: &mut Ctxt, handler: &Handler) -> Self::Checked;

    /// The value of [`Self::CONST_NAME`].
    fn const_value(handler: &Handler, checked: &Self::Checked) -> String;

    /// Items emitted next to the struct, with or without errors.
    fn items(_handler: &Handler, _checked: &Self::Checked) -> TokenStream {
        TokenStream::new()
    }

    /// The `ui://` resource `router!` checks is served; empty when none.
    fn router_ui(_handler: &Handler) -> String {
        String::new()
    }

    /// The signatures of the trait's required methods, for the stub emitted next to errors.
    fn stub() -> Vec<TokenStream>;

    /// The trait's methods, and any items they need, in the `const _` block.
    fn body(handler: &Handler, checked: Self::Checked) -> Body;
}

/// What a [`HandlerKind`] generates: helper items and the methods of its trait impl.
pub(crate) struct Body {
    pub(crate) items: TokenStream,
    pub(crate) methods: TokenStream,
}

/// A handler attribute on its function, parsed: what every macro reads.
pub(crate) struct Handler {
    pub(crate) attrs: Attrs,
    pub(crate) func: HandlerFn,
    /// The attribute's own tokens (a missing key is reported on them).
    pub(crate) args: TokenStream,
}

/// The binding of the request's `Context` in generated methods.
const CONTEXT: &str = "__context";

impl Handler {
    pub(crate) fn item(&self) -> &ItemFn {
        &self.func.item
    }

    pub(crate) fn ident(&self) -> &Ident {
        &self.func.item.sig.ident
    }

    /// `name = "…"`, else the function's name (unraw), with where it was written.
    pub(crate) fn name(&self) -> (String, Span) {
        match &self.attrs.name {
            Some(lit) => (lit.value(), lit.span()),
            None => (fn_name(self.item()), self.ident().span()),
        }
    }

    /// `description = "…"`, else the doc comment.
    pub(crate) fn description(&self) -> Option<String> {
        self.attrs
            .description
            .as_ref()
            .map(syn::LitStr::value)
            .or_else(|| self.func.doc.clone())
    }

    /// Whether the description is missing or empty (a doc attribute that is not a literal,
    /// `include_str!`, counts as one).
    pub(crate) fn lacks_description(&self) -> bool {
        let description = self.description();
        description.as_deref().is_none_or(|d| d.trim().is_empty())
            && !(description.is_none()
                && (self.attrs.may_have("description") || self.func.doc_expr.is_some()))
    }

    /// Where a missing or empty description is reported: at `description = ""` when it was
    /// written empty, else at the function's name.
    pub(crate) fn description_span(&self) -> Span {
        self.attrs
            .description
            .as_ref()
            .map_or_else(|| self.ident().span(), syn::LitStr::span)
    }

    /// The function's return type; `()` when it has none.
    pub(crate) fn ret(&self) -> Type {
        match &self.item().sig.output {
            // At the function's name: a handler that returns nothing is reported there.
            syn::ReturnType::Default => syn::parse_quote_spanned!(self.ident().span()=> ()),
            syn::ReturnType::Type(_, ty) => (**ty).clone(),
        }
    }

    /// The parameters read from the request (all but the context), each with `T` of an
    /// `Option<T>`.
    pub(crate) fn arguments(&self) -> impl Iterator<Item = (&Param, Option<&Type>)> {
        self.func
            .params
            .iter()
            .filter_map(|param| match &param.kind {
                ParamKind::Context => None,
                ParamKind::Value { optional } => Some((param, optional.as_deref())),
            })
    }

    /// `let __function = f;`, the first statement of a generated method: the call goes
    /// through this alias, since a parameter binding named like the function (`fn echo(echo:
    /// String)`) would shadow the function's own name by the time of the call.
    pub(crate) fn bind_function(&self) -> TokenStream {
        let ident = self.ident();
        let function = super::emit::local("__function");
        quote!(let #function = #ident;)
    }

    /// The call of the user's function through [`Self::bind_function`]'s alias (awaited when
    /// it is async): arguments by their bindings, the context cloned for a by-value parameter
    /// (a function may take it twice).
    pub(crate) fn call(&self) -> TokenStream {
        let context = super::emit::local(CONTEXT);
        let args = self.func.params.iter().map(|param| match &param.kind {
            // Through a trait at the parameter's type: a `#[context]` parameter of another type
            // is one error there.
            ParamKind::Context => {
                let ty = &param.ty;
                quote::quote_spanned!(ty.span()=> <#ty as __p::ContextParameter<'_>>::from_context(&#context))
            }
            ParamKind::Value { .. } => param.ident.to_token_stream(),
        });
        let await_ = self.item().sig.asyncness.map(|_| quote!(.await));
        let function = super::emit::local("__function");
        quote!(#function(#(#args),*) #await_)
    }

    /// A function never called that asks of each argument's type whether it is the request's
    /// context under another name (a type alias): then the one error, at the type, says to
    /// mark the parameter `#[context]` (see the runtime's `server/context_param.rs`).
    pub(crate) fn argument_probes(&self) -> TokenStream {
        let probes = self.arguments().map(|(param, _)| {
            let ty = &param.ty;
            quote::quote_spanned!(ty.span()=> __p::NotContext::refuse_context((&__p::handler::ArgumentProbe::<#ty>::new()).probe());)
        });
        quote! {
            #[allow(dead_code)]
            fn __argument_probes() {
                // One of the two is used, whichever method lookup picks.
                #[allow(unused_imports)]
                use __p::handler::{ContextAsArgument as _, PlainArgument as _};
                #(#probes)*
            }
        }
    }

    /// `Box::pin(async move { body })`, the future a generated method returns, spanned at the
    /// function's `async` (else its name): a future that is not `Send` is reported there.
    pub(crate) fn boxed_future(&self, body: &TokenStream) -> TokenStream {
        let sig = &self.item().sig;
        let span = sig
            .asyncness
            .map_or_else(|| sig.ident.span(), |token| token.span);
        quote::quote_spanned!(span=> __p::Box::pin(async move { #body }))
    }

    /// The pattern of a method's `Context` parameter: `__context` when the function takes it.
    pub(crate) fn context_binding(&self) -> TokenStream {
        if self.func.params.iter().any(Param::is_context) {
            super::emit::local(CONTEXT).to_token_stream()
        } else {
            quote!(_)
        }
    }

    /// Sets the descriptor fields every handler has (`title`, `description`, `icons`,
    /// `_meta`) on the descriptor bound to `var`.
    pub(crate) fn descriptor_fields(&self, var: &Ident, description: Option<&str>) -> TokenStream {
        let title = opt_string(self.attrs.title.as_ref().map(syn::LitStr::value).as_deref());
        let description = match (&self.attrs.description, &self.func.doc_expr) {
            (None, Some(expr)) => quote!(__p::Some(__p::String::from(#expr.trim()))),
            _ => opt_string(description),
        };
        let (icons, meta) = icons_and_meta(&self.attrs);
        quote! {
            #var.title = #title;
            #var.description = #description;
            #var.icons = #icons;
            #var.meta = #meta;
        }
    }
}

/// The attribute macro `K`, from its entry point.
// The entry point's signature mirrors `proc_macro_attribute`; the input is re-emitted on error.
#[allow(clippy::needless_pass_by_value)]
pub(crate) fn expand<K: HandlerKind>(args: TokenStream, input: TokenStream) -> TokenStream {
    // A function's second handler attribute, disarmed by the first one (which reported it).
    if matches!(syn::parse2::<Ident>(args.clone()), Ok(arg) if arg == SECOND_HANDLER) {
        return input;
    }
    let mut cx = Ctxt::new();
    let attr = format!("{}(…)]", K::MACRO.trim_end_matches(']'));
    // `#[tool = "…"]`: the compiler refuses the form itself ("key-value macro attributes are
    // not supported") and still hands the macro the value alone, which is no key list. Its
    // error is the one: the handler is a stub, with none of this macro's.
    let name_value = !args.is_empty() && written_as_name_value();
    let args = if name_value { TokenStream::new() } else { args };
    let attrs = parse_attrs(&mut cx, args.clone(), &attr, K::KEYS);
    let Some(func) = parse_fn(&mut cx, input.clone(), K::MACRO) else {
        let errors = cx.check().err().map(|e| e.to_compile_error());
        let input = super::signature::without_arg_attrs(input);
        return quote!(#errors #input);
    };
    super::emit::reserve(
        func.params
            .iter()
            .map(|param| crate::toolkit::unraw(&param.ident))
            .collect(),
    );
    let handler = Handler { attrs, func, args };
    let checked = K::check(&mut cx, &handler);
    let (declaration, impls) = handler_struct(
        handler.item(),
        &format!("`{}`", K::MACRO),
        K::REGISTER,
        &format_ident!("{}", K::CONST_NAME),
        &K::const_value(&handler, &checked),
        K::CONST_DOC,
    );
    let items = K::items(&handler, &checked);
    let item = handler.item();
    let krate = handler.attrs.krate.as_ref();
    let ident = handler.ident();
    let entry = router_entry::<K>(&handler, &K::const_value(&handler, &checked));
    let trait_name = format_ident!("{}", K::TRAIT);
    let checked_ok = cx.check();
    if checked_ok.is_err() || handler.func.compiler_reports || name_value {
        let errors = checked_ok
            .err()
            .filter(|_| !name_value)
            .map(|errors| errors.to_compile_error());
        let stub = crate::expand::fallback::handler(krate, ident, &quote!(#trait_name), &K::stub());
        let impls = crate::toolkit::wrap_in_const(krate, &quote!(#impls #items #entry));
        return quote!(#errors #item #declaration #impls #stub);
    }
    let Body {
        items: helpers,
        methods,
    } = K::body(&handler, checked);
    let probes = handler.argument_probes();
    let scopes = super::scopes::scopes_method(&handler.attrs.scopes);
    // Every impl of the handler in one `const _` block: the lints' exemption and the private
    // door written once.
    let body = crate::toolkit::wrap_in_const(
        krate,
        &quote! {
            #impls
            #items
            #entry
            #helpers
            #probes

            #[automatically_derived]
            impl __p::handler::#trait_name for #ident {
                #methods
                #scopes
            }
        },
    );
    quote! {
        #item
        #declaration
        #body
    }
}

/// Whether the attribute being expanded is written `#[name = value]`, read from its source
/// text (the tokens the macro gets do not show it); `false` when the text is unknown.
fn written_as_name_value() -> bool {
    Span::call_site()
        .source_text()
        .is_some_and(|text| is_name_value(&text))
}

/// `#[tool = "x"]`, `tool = "x"` or `#[mcp_content::tool = "x"]`: the path, then `=`.
fn is_name_value(text: &str) -> bool {
    let text = text.trim_start_matches(['#', '!', '[']).trim_start();
    let rest = text.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
    rest.len() < text.len() && rest.trim_start().starts_with('=')
}

/// The hidden items `router!` reads of the handler struct (see the runtime's
/// `server/router/entry.rs`): its kind, its name or URI, its app's UI resource, and how it is
/// registered. Emitted with or without errors, so a listed handler never adds one.
fn router_entry<K: HandlerKind>(handler: &Handler, key: &str) -> TokenStream {
    let ident = handler.ident();
    let vis = &handler.item().vis;
    let kind = K::KIND;
    let ui = K::router_ui(handler);
    let add = format_ident!("{}", K::KIND);
    quote! {
            impl #ident {
                #[doc(hidden)]
                #vis const __MCP_ROUTER_KIND: &'static str = #kind;
                #[doc(hidden)]
                #vis const __MCP_ROUTER_KEY: &'static str = #key;
                #[doc(hidden)]
                #vis const __MCP_ROUTER_UI: &'static str = #ui;
                #[doc(hidden)]
                #vis fn __mcp_router_add(builder: __p::handler::RouterBuilder) -> __p::handler::RouterBuilder {
                    builder.#add(#ident {})
                }
            }
    }
}

#[cfg(test)]
mod tests {
    use super::is_name_value;

    #[test]
    fn name_value_form_is_read_from_the_source_text() {
        for text in [
            "#[tool = \"hi\"]",
            "tool = \"hi\"",
            "#[mcp_content::tool= 1]",
            "#[ tool\n = x]",
        ] {
            assert!(is_name_value(text), "{text}");
        }
        for text in [
            "#[tool(name = \"hi\")]",
            "#[tool]",
            "#[tool(\"=\")]",
            "= x",
            "",
        ] {
            assert!(!is_name_value(text), "{text}");
        }
    }
}
