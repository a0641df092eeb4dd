//! `#[prompt]`: a function into a `PromptHandler` — descriptor with arguments from the
//! parameters, and the glue that reads string arguments into typed parameters.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Type;
use syn::spanned::Spanned;

use super::{
    Attrs, HandlerFn, ParamKind, call_user_fn, context_arg, crate_path, fn_name, handler_struct,
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
    let krate = crate_path(&attrs);
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
        let stub = stub(&krate, ident);
        return quote!(#errors #item #structs #stub);
    }
    let body = handler_impl(&krate, &func, &attrs, &name, description.as_deref());
    quote! {
        #item
        #structs
        #body
    }
}

fn stub(krate: &TokenStream, ident: &syn::Ident) -> TokenStream {
    let h = quote!(#krate::__private::handler);
    let p = quote!(#krate::__private);
    quote! {
        const _: () = {
            #[automatically_derived]
            impl #h::PromptHandler for #ident {
                fn prompt(&self) -> #h::Prompt {
                    ::core::unreachable!("emitted only next to a compile error")
                }
                fn get(
                    &self,
                    _: #p::Map<#h::String, #p::Value>,
                    _: #h::ContextType,
                ) -> #h::BoxFuture<'_, #h::Result<#h::GetPromptResult, #h::ProtocolError>> {
                    ::core::unreachable!("emitted only next to a compile error")
                }
            }
        };
    }
}

// One `quote!` of the whole generated impl reads better than pieces spread over helpers.
#[allow(clippy::too_many_lines)]
fn handler_impl(
    krate: &TokenStream,
    func: &HandlerFn,
    attrs: &Attrs,
    name: &str,
    description: Option<&str>,
) -> TokenStream {
    let h = quote!(#krate::__private::handler);
    let p = quote!(#krate::__private);
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
                    #h::prompt_argument::<#parsed>(&mut __arguments, #arg_name)?
                );
                let read = if optional.is_some() {
                    quote!(let #binding = #take;)
                } else {
                    quote!(let #binding = #h::required(#take, "argument", #arg_name)?;)
                };
                reads.push(read);
                call_args.push(quote!(#binding));
                let description = opt_string(&h, param.description.as_deref());
                let required = optional.is_none();
                descriptors.push(quote!({
                    let mut argument = #h::PromptArgument::new(#arg_name);
                    argument.description = #description;
                    argument.required = #h::Some(#required);
                    argument
                }));
            }
        }
    }
    let arguments = if descriptors.is_empty() {
        quote!(#h::None)
    } else {
        quote!(#h::Some(#h::Vec::from([#(#descriptors),*])))
    };
    let ret: Type = match &item.sig.output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    let into_result = quote_spanned!(ret.span()=> #h::get_prompt_result::<#ret>(__value));
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
    let title = opt_string(&h, attrs.title.as_ref().map(syn::LitStr::value).as_deref());
    let description = opt_string(&h, description);
    let (icons, meta) = icons_and_meta(&h, attrs);
    quote! {
        const _: () = {
            #[automatically_derived]
            impl #h::PromptHandler for #ident {
                fn prompt(&self) -> #h::Prompt {
                    let mut prompt = #h::Prompt::new(#name);
                    prompt.title = #title;
                    prompt.description = #description;
                    prompt.arguments = #arguments;
                    prompt.icons = #icons;
                    prompt.meta = #meta;
                    prompt
                }

                fn get(
                    &self,
                    #arguments_binding: #p::Map<#h::String, #p::Value>,
                    #context_binding: #h::ContextType,
                ) -> #h::BoxFuture<'_, #h::Result<#h::GetPromptResult, #h::ProtocolError>> {
                    #h::Box::pin(async move {
                        #(#reads)*
                        let __value = #call;
                        #into_result
                    })
                }
            }
        };
    }
}
