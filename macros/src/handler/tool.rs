//! `#[tool]`: a function into a `ToolHandler` — descriptor, input schema from the parameters,
//! output schema from the return type, and the call glue.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::attrs::Attrs;
use super::emit::local;
use super::skeleton::{Body, Handler, HandlerKind};
use crate::ctxt::Ctxt;

/// `#[tool]`.
pub(crate) enum Tool {}

/// What the checks of `#[tool]` hand its body.
pub(crate) struct Checked {
    name: String,
    description: Option<String>,
}

impl HandlerKind for Tool {
    const MACRO: &'static str = "#[tool]";
    const KEYS: &'static [&'static str] = &[
        "annotations",
        "input_schema",
        "output_schema",
        "ui",
        "visibility",
        "max_inline",
        "task",
    ];
    const TRAIT: &'static str = "ToolHandler";
    const REGISTER: &'static str = "Router::builder().tool";
    const KIND: &'static str = "tool";
    const CONST_NAME: &'static str = "NAME";
    const CONST_DOC: &'static str = "The tool's name (`tools/call` uses it).";

    type Checked = Checked;

    fn check(cx: &mut Ctxt, handler: &Handler) -> Checked {
        let (name, name_span) = handler.name();
        // An empty `name = ""` is already reported, for every handler kind.
        if !name.is_empty()
            && let Err(violation) = mcp_content_rules::check_tool_name(&name)
        {
            let hint = if handler.attrs.name.is_none() {
                "; rename the function or set `#[tool(name = \"…\")]`"
            } else {
                ""
            };
            cx.error_at(name_span, format!("{}{hint}", violation.message));
        }
        let description = handler.description();
        if handler.lacks_description() {
            cx.error_at(
                handler.description_span(),
                "a tool needs a description for the model: add a doc comment (`/// What it does.`) or `#[tool(description = \"…\")]`",
            );
        }
        Checked { name, description }
    }

    fn const_value(_: &Handler, checked: &Checked) -> String {
        checked.name.clone()
    }

    /// `router!` compares `UI_RESOURCE` with the URIs of its resources; empty when the tool
    /// has no app.
    fn items(handler: &Handler, _: &Checked) -> TokenStream {
        let ui_uri = handler
            .attrs
            .ui_uri
            .as_ref()
            .map(syn::LitStr::value)
            .unwrap_or_default();
        let ident = handler.ident();
        let vis = &handler.item().vis;
        quote! {
            impl #ident {
                #[doc = "The `ui://` resource of the tool's app (`#[tool(ui = \"…\")]`), or empty."]
                #vis const UI_RESOURCE: &'static str = #ui_uri;
            }
        }
    }

    fn router_ui(handler: &Handler) -> String {
        handler
            .attrs
            .ui_uri
            .as_ref()
            .map(syn::LitStr::value)
            .unwrap_or_default()
    }

    fn stub() -> Vec<TokenStream> {
        vec![
            quote!(fn tool(&self) -> __p::Tool),
            quote!(fn call(&self, _: __p::Map<__p::String, __p::Value>, _: __p::handler::ContextType) -> __p::handler::BoxFuture<'_, __p::CallToolResult>),
        ]
    }

    fn body(handler: &Handler, checked: Checked) -> Body {
        let attrs = &handler.attrs;
        let (input_schema, read_arguments) = arguments(handler);
        let ret = handler.ret();
        // Spanned on the return type: an unsupported type is reported there.
        let output_schema = if let Some(path) = &attrs.output_schema {
            quote!(__p::Some(__p::handler::schema_object(#path())))
        } else {
            quote_spanned! {ret.span()=> {
                // One of the two is used, whichever method lookup picks.
                #[allow(unused_imports)]
                use __p::handler::{NoSchema as _, SchemaOf as _};
                (&__p::handler::SchemaProbe::<#ret>::new()).output_schema()
            }}
        };
        let (value, arguments_var) = (local("__value"), local("__arguments"));
        let into_result = quote_spanned!(ret.span()=> <#ret as __p::IntoCallToolResult>::into_call_tool_result(#value));
        let annotations = annotations(attrs);
        let max_inline = attrs.max_inline.map(|bytes| {
            quote! {
                fn max_inline(&self) -> __p::Option<u64> {
                    __p::Some(#bytes)
                }
            }
        });
        let task_support = attrs.task_required.map(|required| {
            let support = if required {
                quote!(Required)
            } else {
                quote!(Optional)
            };
            quote! {
                fn task_support(&self) -> __p::Option<__p::handler::TaskSupport> {
                    __p::Some(__p::handler::TaskSupport::#support)
                }
            }
        });
        let name = &checked.name;
        let common =
            handler.descriptor_fields(&format_ident!("tool"), checked.description.as_deref());
        let bind_function = handler.bind_function();
        let call = handler.call();
        let context_binding = handler.context_binding();
        let future = handler.boxed_future(&quote! {
            #read_arguments
            let #value = #call;
            #into_result
        });
        let methods = quote! {
            fn tool(&self) -> __p::Tool {
                let mut tool = __p::Tool::new(__p::tool_name(#name));
                #common
                tool.input_schema = #input_schema;
                tool.output_schema = #output_schema;
                tool.annotations = #annotations;
                tool
            }

            fn call(
                &self,
                #arguments_var: __p::Map<__p::String, __p::Value>,
                #context_binding: __p::handler::ContextType,
            ) -> __p::handler::BoxFuture<'_, __p::CallToolResult> {
                #bind_function
                #future
            }

            #max_inline
            #task_support
        };
        Body {
            items: TokenStream::new(),
            methods,
        }
    }
}

/// The input schema, and the statements that read the arguments into their bindings.
fn arguments(handler: &Handler) -> (TokenStream, TokenStream) {
    let attrs = &handler.attrs;
    let arguments = local("__arguments");
    // Every use of a parameter's type goes through one trait at its span (reading and, without
    // a hand-written schema, the schema), so a type missing a derive is one error there.
    let parameter = if attrs.input_schema.is_some() {
        quote!(DeclaredParameter)
    } else {
        quote!(ToolParameter)
    };
    let mut properties = Vec::new();
    let mut takes = Vec::new();
    let mut bindings = Vec::new();
    let mut names = Vec::new();
    for (param, _) in handler.arguments() {
        let binding = &param.ident;
        let ty = &param.ty;
        let arg_name = &param.name;
        let description = param.description.as_deref().map_or("", str::trim);
        properties.push(quote_spanned!(ty.span()=>
            (#arg_name, #description, <#ty as __p::handler::ToolParameter>::schema)
        ));
        takes.push(quote_spanned!(ty.span()=>
            let #binding = <#ty as __p::handler::#parameter>::take(&mut #arguments, #arg_name);
        ));
        bindings.push(binding);
        names.push(arg_name);
    }
    let has_arguments = !names.is_empty();
    let input_schema = match (&attrs.input_schema, has_arguments) {
        (Some(path), _) => quote!(__p::handler::schema_object(#path())),
        (None, true) => quote!(__p::handler::input_schema(&[#(#properties),*])),
        (None, false) => quote!(__p::handler::empty_input_schema()),
    };
    // A hand-written schema decides which arguments are accepted, not the parameter list;
    // it is made (and, with `jsonschema`, compiled) once.
    let (begin, finish) = match &attrs.input_schema {
        Some(path) => (
            quote! {
                static __INPUT_SCHEMA: __p::LazyLock<__p::handler::DeclaredSchema> =
                    __p::LazyLock::new(|| __p::handler::DeclaredSchema::new(#path()));
                #[allow(unused_mut)]
                let mut #arguments = __p::handler::ToolArguments::declared(#arguments, &__INPUT_SCHEMA);
            },
            quote!(#arguments.finish_declared(&[#(#names),*], &__INPUT_SCHEMA)),
        ),
        None => (
            quote! {
                #[allow(unused_mut)]
                let mut #arguments = __p::handler::ToolArguments::new(#arguments);
            },
            quote!(#arguments.finish(&[#(#names),*])),
        ),
    };
    let read_arguments = if has_arguments {
        quote! {
            #begin
            #(#takes)*
            if let __p::Some(result) = #finish {
                return result;
            }
            // `finish` returned `None`: every `take` above succeeded.
            let (#(__p::Some(#bindings),)*) = (#(#bindings,)*) else {
                return __p::CallToolResult::error("invalid arguments");
            };
        }
    } else {
        quote! {
            #begin
            if let __p::Some(result) = #finish {
                return result;
            }
        }
    };
    (input_schema, read_arguments)
}

/// `annotations(…)` as a `ToolAnnotations` value.
fn annotations(attrs: &Attrs) -> TokenStream {
    if attrs.annotations.is_empty() {
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
    }
}
