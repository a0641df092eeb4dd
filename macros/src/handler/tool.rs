//! `#[tool]`: a function into a `ToolHandler` — descriptor, input schema from the parameters,
//! output schema from the return type, and the call glue.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Type;
use syn::spanned::Spanned;

use super::{
    Attrs, HandlerFn, ParamKind, call_user_fn, context_arg, fn_name, handler_struct,
    icons_and_meta, opt_string, parse_attrs, parse_fn,
};
use crate::ctxt::Ctxt;

/// Keys `#[tool(…)]` takes besides the common ones.
const TOOL_KEYS: &[&str] = &[
    "annotations",
    "input_schema",
    "output_schema",
    "ui",
    "visibility",
    "max_inline",
];

// The entry point's signature mirrors `proc_macro_attribute`; the input is re-emitted on error.
#[allow(clippy::needless_pass_by_value)]
pub(crate) fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    let mut cx = Ctxt::new();
    let attrs = parse_attrs(&mut cx, args, "#[tool(…)]", TOOL_KEYS);
    let Some(func) = parse_fn(&mut cx, input.clone(), "#[tool]") else {
        let errors = cx.check().err().map(|e| e.to_compile_error());
        return quote!(#errors #input);
    };
    let item = &func.item;
    let (name, name_span) = match &attrs.name {
        Some(lit) => (lit.value(), lit.span()),
        None => (fn_name(item), item.sig.ident.span()),
    };
    if let Err(violation) = mcp_content_rules::check_tool_name(&name) {
        let hint = if attrs.name.is_none() {
            "; rename the function or set `#[tool(name = \"…\")]`"
        } else {
            ""
        };
        cx.error_at(name_span, format!("{}{hint}", violation.message));
    }
    let description = attrs
        .description
        .as_ref()
        .map(syn::LitStr::value)
        .or_else(|| func.doc.clone());
    if description.as_deref().is_none_or(str::is_empty) {
        cx.error_spanned_by(
            &item.sig.ident,
            "a tool needs a description for the model: add a doc comment (`/// What it does.`) or `#[tool(description = \"…\")]`",
        );
    }
    let krate = attrs.krate.as_ref();
    let ident = &item.sig.ident;
    let structs = handler_struct(
        item,
        "`#[tool]`",
        "Router::builder().tool",
        &format_ident!("NAME"),
        &name,
        "The tool's name (`tools/call` uses it).",
    );
    let ui_uri = attrs
        .ui_uri
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_default();
    let vis = &item.vis;
    // `router!` compares it with the URIs of its resources; empty when the tool has no app.
    let structs = quote! {
        #structs
        #[automatically_derived]
        impl #ident {
            #[doc = "The `ui://` resource of the tool's app (`#[tool(ui = \"…\")]`), or empty."]
            #vis const UI_RESOURCE: &'static str = #ui_uri;
        }
    };
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
        &quote!(ToolHandler),
        &[
            quote!(fn tool(&self) -> __p::Tool),
            quote!(fn call(&self, _: __p::Map<__p::String, __p::Value>, _: __p::ContextType) -> __p::BoxFuture<'_, __p::CallToolResult>),
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
    let schemars_path = format!("{}::schemars", crate::toolkit::private_path_string(krate));

    let context = format_ident!("__context");
    let mut fields = Vec::new();
    let mut takes = Vec::new();
    let mut bindings = Vec::new();
    let mut names = Vec::new();
    let mut call_args = Vec::new();
    let mut uses_context = false;
    for param in &func.params {
        let binding = &param.ident;
        match &param.kind {
            ParamKind::Context { by_ref } => {
                uses_context = true;
                call_args.push(context_arg(*by_ref, &context));
            }
            ParamKind::Value { .. } => {
                let ty = &param.ty;
                let arg_name = &param.name;
                let doc = param.description.as_ref().map(|d| quote!(#[doc = #d]));
                let rename = param.rename.as_ref().map(|r| quote!(#[serde(rename = #r)]));
                // `Option` fields are not `required` in schemars' schema (serde reads them as `None`
                // when absent), and no `default` keyword is written for them.
                fields.push(quote!(#doc #rename #binding: #ty));
                // Spanned on the type: a type that cannot be read is reported there.
                takes.push(quote_spanned!(ty.span()=>
                    let #binding = __arguments.take::<#ty>(#arg_name);
                ));
                bindings.push(binding);
                names.push(arg_name);
                call_args.push(quote!(#binding));
            }
        }
    }
    let has_arguments = !fields.is_empty();
    // The struct exists for the input schema only: each argument is read on its own, so a type
    // error is reported once, on the parameter's type.
    let schema_struct = (attrs.input_schema.is_none() && has_arguments).then(|| {
        quote! {
            #[derive(__p::schemars::JsonSchema)]
            #[schemars(crate = #schemars_path)]
            #[serde(deny_unknown_fields)]
            #[allow(dead_code)]
            struct __Arguments {
                #(#fields,)*
            }
        }
    });
    let input_schema = match (&attrs.input_schema, has_arguments) {
        (Some(path), _) => quote!(#path()),
        (None, true) => quote!(__p::input_schema::<__Arguments>()),
        (None, false) => quote!(__p::empty_input_schema()),
    };
    let ret: Type = match &item.sig.output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    // Spanned on the return type: an unsupported type is reported there.
    let output_schema = if let Some(path) = &attrs.output_schema {
        quote!(__p::Some(#path()))
    } else {
        quote_spanned!(ret.span()=> <#ret as __p::ToolOutput>::output_schema())
    };
    let into_result =
        quote_spanned!(ret.span()=> <#ret as __p::ToolOutput>::into_tool_result(__value));
    let call = call_user_fn(item, &call_args);
    let context_binding = if uses_context {
        quote!(#context)
    } else {
        quote!(_)
    };
    let read_arguments = if has_arguments {
        quote! {
            let mut __arguments = __p::ToolArguments::new(arguments);
            #(#takes)*
            if let __p::Some(result) = __arguments.finish(&[#(#names),*]) {
                return result;
            }
            // `finish` returned `None`: every `take` above succeeded.
            let (#(__p::Some(#bindings),)*) = (#(#bindings,)*) else {
                return __p::CallToolResult::error("invalid arguments");
            };
        }
    } else {
        quote! {
            if let __p::Some(result) = __p::ToolArguments::new(arguments).finish(&[]) {
                return result;
            }
        }
    };

    let title = opt_string(attrs.title.as_ref().map(syn::LitStr::value).as_deref());
    let description = opt_string(description);
    let annotations = if attrs.annotations.is_empty() {
        quote!(__p::None)
    } else {
        let sets = attrs.annotations.iter().map(|(key, value)| {
            if key == "title" {
                quote!(annotations.#key = __p::Some(__p::String::from(#value));)
            } else {
                quote!(annotations.#key = __p::Some(#value);)
            }
        });
        quote!({
            let mut annotations = <__p::ToolAnnotations as ::core::default::Default>::default();
            #(#sets)*
            __p::Some(annotations)
        })
    };
    let (icons, meta) = icons_and_meta(attrs);
    let max_inline = attrs.max_inline.map(|bytes| {
        quote! {
            fn max_inline(&self) -> __p::Option<u64> {
                __p::Some(#bytes)
            }
        }
    });

    crate::toolkit::wrap_in_const(
        krate,
        &quote! {
                #schema_struct

                #[automatically_derived]
                impl __p::ToolHandler for #ident {
                    fn tool(&self) -> __p::Tool {
                        let mut tool = __p::Tool::new(__p::tool_name(#name));
                        tool.title = #title;
                        tool.description = #description;
                        tool.input_schema = #input_schema;
                        tool.output_schema = #output_schema;
                        tool.annotations = #annotations;
                        tool.icons = #icons;
                        tool.meta = #meta;
                        tool
                    }

                    fn call(
                        &self,
                        arguments: __p::Map<__p::String, __p::Value>,
                        #context_binding: __p::ContextType,
                    ) -> __p::BoxFuture<'_, __p::CallToolResult> {
                        __p::Box::pin(async move {
                            #read_arguments
                            let __value = #call;
                            #into_result
                        })
                    }

                    #max_inline
                }
        },
    )
}
