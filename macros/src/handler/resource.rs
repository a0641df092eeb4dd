//! `#[resource]`: a function into a `ResourceHandler` — a fixed URI or an RFC 6570 template
//! whose variables bind to the parameters by name, and the read glue.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Type;
use syn::spanned::Spanned;

use mcp_content_rules::{TemplateValue, UriTemplate};

use super::{
    Attrs, HandlerFn, ParamKind, call_user_fn, context_arg, fn_name, handler_struct,
    icons_and_meta, opt_string, parse_attrs, parse_fn,
};
use crate::ctxt::Ctxt;

/// Keys `#[resource(…)]` takes besides the common ones.
const RESOURCE_KEYS: &[&str] = &["uri", "mime", "allow_path_traversal"];

// The entry point's signature mirrors `proc_macro_attribute`; the input is re-emitted on error.
#[allow(clippy::needless_pass_by_value)]
pub(crate) fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    let mut cx = Ctxt::new();
    let attrs = parse_attrs(&mut cx, args.clone(), "#[resource(…)]", RESOURCE_KEYS);
    let Some(func) = parse_fn(&mut cx, input.clone(), "#[resource]") else {
        let errors = cx.check().err().map(|e| e.to_compile_error());
        return quote!(#errors #input);
    };
    let item = &func.item;
    let name = attrs
        .name
        .as_ref()
        .map_or_else(|| fn_name(item), syn::LitStr::value);
    let template = check_uri(&mut cx, &attrs, &func, &args);
    if let Some(mime) = &attrs.mime
        && let Err(violation) = mcp_content_rules::check_mime_type(&mime.value())
    {
        cx.error_spanned_by(mime, violation.message);
    }
    let uri_text = attrs
        .uri
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_default();
    let krate = attrs.krate.as_ref();
    let ident = &item.sig.ident;
    let structs = handler_struct(
        item,
        "`#[resource]`",
        "Router::builder().resource",
        &format_ident!("URI"),
        &uri_text,
        "The resource's URI, or its URI template.",
    );
    if let Err(errors) = cx.check() {
        let errors = errors.to_compile_error();
        let stub = stub(krate, ident);
        return quote!(#errors #item #structs #stub);
    }
    let body = handler_impl(
        krate,
        &func,
        &attrs,
        &name,
        template.is_some_and(|t| !t.is_literal()),
    );
    quote! {
        #item
        #structs
        #body
    }
}

/// Checks `uri = "…"` and, for a template, that its variables and the parameters match one to
/// one (by name) and that URIs can be matched against it.
fn check_uri(
    cx: &mut Ctxt,
    attrs: &Attrs,
    func: &HandlerFn,
    args: &TokenStream,
) -> Option<UriTemplate> {
    let Some(uri) = &attrs.uri else {
        let span = if args.is_empty() {
            func.item.sig.ident.span()
        } else {
            args.span()
        };
        cx.error_at(
            span,
            "a resource needs a URI: `#[resource(uri = \"scheme://path\")]` or a template `#[resource(uri = \"scheme://{var}\")]`",
        );
        return None;
    };
    let template = match UriTemplate::parse(&uri.value()) {
        Ok(template) => template,
        Err(violation) => {
            cx.error_spanned_by(uri, violation.message);
            return None;
        }
    };
    let variables = template.variables();
    for variable in &variables {
        if !func
            .params
            .iter()
            .any(|p| !p.is_context() && p.name == *variable)
        {
            cx.error_spanned_by(
                uri,
                format!("template variable `{variable}` has no parameter: add `{variable}: String` to the function"),
            );
        }
    }
    for param in func.params.iter().filter(|p| !p.is_context()) {
        if !variables.contains(&param.name.as_str()) {
            let why = if template.is_literal() {
                format!(
                    "parameter `{}` is not a variable of the URI: a fixed URI has none (use a template such as \"…/{{{}}}\")",
                    param.name, param.name
                )
            } else {
                format!(
                    "parameter `{}` is not a variable of the URI template {:?}",
                    param.name,
                    uri.value()
                )
            };
            cx.error_at(param.name_span, why);
        }
    }
    if !template.is_literal() {
        // Prefix (`{x:3}`) and explode (`{x*}`) modifiers cannot be read back from a URI.
        let sample = template.expand(&|_| Some(TemplateValue::Str("x")));
        if template.match_uri(&sample).is_none() {
            cx.error_spanned_by(
                uri,
                "URIs cannot be matched against this template: prefix (`{x:3}`) and explode (`{x*}`) modifiers cannot be read back; use plain variables",
            );
        }
    }
    Some(template)
}

/// The handler impl emitted next to errors, so uses of the handler do not cascade.
fn stub(krate: Option<&syn::Path>, ident: &syn::Ident) -> TokenStream {
    crate::expand::fallback::handler(
        krate,
        ident,
        &quote!(ResourceHandler),
        &[
            quote!(fn descriptor(&self) -> __p::ResourceDescriptor),
            quote!(fn read(&self, _: &str, _: __p::Vec<(__p::String, __p::String)>, _: __p::ContextType) -> __p::BoxFuture<'_, __p::Result<__p::ReadResourceResult, __p::ProtocolError>>),
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
    is_template: bool,
) -> TokenStream {
    let item = &func.item;
    let ident = &item.sig.ident;
    let context = format_ident!("__context");
    let mut reads = Vec::new();
    let mut call_args = Vec::new();
    let mut uses_context = false;
    for param in &func.params {
        let binding = &param.ident;
        match &param.kind {
            ParamKind::Context { by_ref } => {
                uses_context = true;
                call_args.push(context_arg(*by_ref, &context));
            }
            ParamKind::Value { optional } => {
                let var_name = &param.name;
                let parsed: &Type = optional.as_deref().unwrap_or(&param.ty);
                let take = quote_spanned!(parsed.span()=>
                    __p::template_variable::<#parsed>(&mut __variables, #var_name)?
                );
                reads.push(if optional.is_some() {
                    quote!(let #binding = #take;)
                } else {
                    quote!(let #binding = __p::required(#take, "template variable", #var_name)?;)
                });
                call_args.push(quote!(#binding));
            }
        }
    }
    let uri = attrs
        .uri
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_default();
    let title = opt_string(attrs.title.as_ref().map(syn::LitStr::value).as_deref());
    let description = attrs
        .description
        .as_ref()
        .map(syn::LitStr::value)
        .or_else(|| func.doc.clone());
    let description = opt_string(description.as_deref());
    let mime = if let Some(mime) = &attrs.mime {
        quote!(__p::Some(__p::mime(#mime)))
    } else {
        quote!(__p::None)
    };
    let (icons, meta) = icons_and_meta(attrs);
    let descriptor = if is_template {
        quote! {
            let mut template = __p::ResourceTemplate::new(__p::template(#uri), #name);
            template.title = #title;
            template.description = #description;
            template.mime_type = #mime;
            template.icons = #icons;
            template.meta = #meta;
            __p::ResourceDescriptor::Template(template)
        }
    } else {
        quote! {
            let mut resource = __p::Resource::new(__p::uri(#uri), #name);
            resource.title = #title;
            resource.description = #description;
            resource.mime_type = #mime;
            resource.icons = #icons;
            resource.meta = #meta;
            __p::ResourceDescriptor::Fixed(resource)
        }
    };
    let ret: Type = match &item.sig.output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    let into_result = quote_spanned!(ret.span()=>
        __p::read_resource_result::<#ret>(__value, &__uri, __mime.as_ref())
    );
    let call = call_user_fn(item, &call_args);
    let variables_binding = if reads.is_empty() {
        quote!(_)
    } else {
        quote!(mut __variables)
    };
    let context_binding = if uses_context {
        quote!(#context)
    } else {
        quote!(_)
    };
    let traversal = attrs.allow_path_traversal.map(|_| {
        quote! {
            fn allows_path_traversal(&self) -> bool {
                true
            }
        }
    });
    crate::toolkit::wrap_in_const(
        krate,
        &quote! {
                #[automatically_derived]
                impl __p::ResourceHandler for #ident {
                    fn descriptor(&self) -> __p::ResourceDescriptor {
                        #descriptor
                    }

                    fn read(
                        &self,
                        uri: &str,
                        #variables_binding: __p::Vec<(__p::String, __p::String)>,
                        #context_binding: __p::ContextType,
                    ) -> __p::BoxFuture<'_, __p::Result<__p::ReadResourceResult, __p::ProtocolError>> {
                        // The URI is borrowed for the call only; the future owns its copy.
                        let __uri = __p::read_uri(uri);
                        __p::Box::pin(async move {
                            let __uri = __uri?;
                            let __mime: __p::Option<__p::MimeType> = #mime;
                            #(#reads)*
                            let __value = #call;
                            #into_result
                        })
                    }

                    #traversal
                }
        },
    )
}
