//! `#[prompt]`: a function into a `PromptHandler` — descriptor with arguments from the
//! parameters, and the glue that reads string arguments into typed parameters.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Type;
use syn::spanned::Spanned;

use super::{
    Attrs, HandlerFn, ParamKind, call_user_fn, context_arg, fn_name, handler_struct,
    icons_and_meta, opt_string, parse_attrs, parse_fn,
};
use crate::ctxt::Ctxt;

// The entry point's signature mirrors `proc_macro_attribute`; the input is re-emitted on error.
#[allow(clippy::needless_pass_by_value)]
pub(crate) fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    let mut cx = Ctxt::new();
    let attrs = parse_attrs(&mut cx, args, "#[prompt(…)]", &[]);
    let Some(func) = parse_fn(&mut cx, input.clone(), "#[prompt]") else {
        let errors = cx.check().err().map(|e| e.to_compile_error());
        return quote!(#errors #input);
    };
    let item = &func.item;
    let name = attrs
        .name
        .as_ref()
        .map_or_else(|| fn_name(item), syn::LitStr::value);
    let description = attrs
        .description
        .as_ref()
        .map(syn::LitStr::value)
        .or_else(|| func.doc.clone());
    if description.as_deref().is_none_or(str::is_empty) {
        cx.error_spanned_by(
            &item.sig.ident,
            "a prompt needs a description: add a doc comment (`/// What it asks for.`) or `#[prompt(description = \"…\")]`",
        );
    }
    let krate = attrs.krate.as_ref();
    let ident = &item.sig.ident;
    let structs = handler_struct(
        item,
        "`#[prompt]`",
        "Router::builder().prompt",
        &format_ident!("NAME"),
        &name,
        "The prompt's name (`prompts/get` uses it).",
    );
    if let Err(errors) = cx.check() {
        let errors = errors.to_compile_error();
        let stub = stub(krate, ident);
        return quote!(#errors #item #structs #stub);
    }
    let body = handler_impl(krate, &func, &attrs, &name, description.as_deref());
    quote! {
        #item
        #structs
        #body
    }
}

/// The handler impl emitted next to errors, so uses of the handler do not cascade.
fn stub(krate: Option<&syn::Path>, ident: &syn::Ident) -> TokenStream {
    crate::expand::fallback::handler(
        krate,
        ident,
        &quote!(PromptHandler),
        &[
            quote!(fn prompt(&self) -> __p::Prompt),
            quote!(fn get(&self, _: __p::Map<__p::String, __p::Value>, _: __p::ContextType) -> __p::BoxFuture<'_, __p::Result<__p::GetPromptResult, __p::ProtocolError>>),
        ],
    )
}

// One `quote!` of the whole generated impl reads better than pieces spread over helpers.
#[allow(clippy::too_many_lines)]
fn handler_impl(
    krate: Option<&syn::Path>,
    func: &HandlerFn,
    attrs: &Attrs,
    name: &str,
    description: Option<&str>,
) -> TokenStream {
    let item = &func.item;
    let ident = &item.sig.ident;
    let context = format_ident!("__context");
    let mut reads = Vec::new();
    let mut descriptors = Vec::new();
    let mut call_args = Vec::new();
    let mut uses_context = false;
    let mut has_arguments = false;
    for param in &func.params {
        let binding = &param.ident;
        match &param.kind {
            ParamKind::Context { by_ref } => {
                uses_context = true;
                call_args.push(context_arg(*by_ref, &context));
            }
            ParamKind::Value { optional } => {
                has_arguments = true;
                let arg_name = &param.name;
                let parsed: &Type = optional.as_deref().unwrap_or(&param.ty);
                // Spanned on the type: a type that cannot be parsed from a string is reported there.
                let take = quote_spanned!(parsed.span()=>
                    __p::prompt_argument::<#parsed>(&mut __arguments, #arg_name)?
                );
                let read = if optional.is_some() {
                    quote!(let #binding = #take;)
                } else {
                    quote!(let #binding = __p::required(#take, "argument", #arg_name)?;)
                };
                reads.push(read);
                call_args.push(quote!(#binding));
                let description = opt_string(param.description.as_deref());
                let required = optional.is_none();
                descriptors.push(quote!({
                    let mut argument = __p::PromptArgument::new(#arg_name);
                    argument.description = #description;
                    argument.required = __p::Some(#required);
                    argument
                }));
            }
        }
    }
    let arguments = if descriptors.is_empty() {
        quote!(__p::None)
    } else {
        quote!(__p::Some(__p::Vec::from([#(#descriptors),*])))
    };
    let ret: Type = match &item.sig.output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    let into_result = quote_spanned!(ret.span()=> __p::get_prompt_result::<#ret>(__value));
    let call = call_user_fn(item, &call_args);
    let arguments_binding = if has_arguments {
        quote!(mut __arguments)
    } else {
        quote!(_)
    };
    let context_binding = if uses_context {
        quote!(#context)
    } else {
        quote!(_)
    };
    let title = opt_string(attrs.title.as_ref().map(syn::LitStr::value).as_deref());
    let description = opt_string(description);
    let (icons, meta) = icons_and_meta(attrs);
    crate::toolkit::wrap_in_const(
        krate,
        &quote! {
                #[automatically_derived]
                impl __p::PromptHandler for #ident {
                    fn prompt(&self) -> __p::Prompt {
                        let mut prompt = __p::Prompt::new(#name);
                        prompt.title = #title;
                        prompt.description = #description;
                        prompt.arguments = #arguments;
                        prompt.icons = #icons;
                        prompt.meta = #meta;
                        prompt
                    }

                    fn get(
                        &self,
                        #arguments_binding: __p::Map<__p::String, __p::Value>,
                        #context_binding: __p::ContextType,
                    ) -> __p::BoxFuture<'_, __p::Result<__p::GetPromptResult, __p::ProtocolError>> {
                        __p::Box::pin(async move {
                            #(#reads)*
                            let __value = #call;
                            #into_result
                        })
                    }
                }
        },
    )
}
