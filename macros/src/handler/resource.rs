//! `#[resource]`: a function into a `ResourceHandler` — a fixed URI or an RFC 6570 template
//! whose variables bind to the parameters by name, and the read glue.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use mcp_content_rules::{TemplateValue, UriTemplate};

use super::emit::{local, read_string_param};
use super::skeleton::{Body, Handler, HandlerKind};
use crate::ctxt::Ctxt;

/// `#[resource]`.
pub(crate) enum Resource {}

impl HandlerKind for Resource {
    const MACRO: &'static str = "#[resource]";
    const KEYS: &'static [&'static str] = &["uri", "mime", "allow_path_traversal", "cache", "ui"];
    const TRAIT: &'static str = "ResourceHandler";
    const REGISTER: &'static str = "Router::builder().resource";
    const KIND: &'static str = "resource";
    const CONST_NAME: &'static str = "URI";
    const CONST_DOC: &'static str = "The resource's URI, or its URI template.";

    /// Whether the URI is a template (with variables).
    type Checked = bool;

    fn check(cx: &mut Ctxt, handler: &Handler) -> bool {
        let template = check_uri(cx, handler);
        if let Some(mime) = &handler.attrs.mime
            && let Err(violation) = mcp_content_rules::check_mime_type(&mime.value())
        {
            cx.error_spanned_by(mime, violation.message);
        }
        check_app(cx, handler);
        // A resource template lists no descriptions of its variables: an attribute written
        // for one would be dropped without a word.
        for (param, _) in handler.arguments() {
            if let Some(span) = param.description_attr {
                cx.error_at(
                    span,
                    format!(
                        "a template variable has no description in MCP (a resource template lists none): describe `{}` in the resource's doc comment",
                        param.name
                    ),
                );
            }
        }
        template.is_some_and(|t| !t.is_literal())
    }

    fn const_value(handler: &Handler, _: &bool) -> String {
        uri(handler)
    }

    fn stub() -> Vec<TokenStream> {
        vec![
            quote!(fn descriptor(&self) -> __p::handler::ResourceDescriptor),
            quote!(fn read(&self, _: &str, _: __p::Vec<(__p::String, __p::String)>, _: __p::handler::ContextType) -> __p::handler::BoxFuture<'_, __p::Result<__p::ReadResourceResult, __p::handler::ProtocolError>>),
        ]
    }

    fn body(handler: &Handler, is_template: bool) -> Body {
        let attrs = &handler.attrs;
        let source = local("__variables");
        let (value, uri_var, mime_var) = (local("__value"), local("__uri"), local("__mime"));
        let reader = (&quote!(template_variable), &quote!(FromTemplateVariable));
        let reads: Vec<TokenStream> = handler
            .arguments()
            .map(|(param, optional)| {
                read_string_param(param, optional, reader, &source, "template variable")
            })
            .collect();
        let uri = uri(handler);
        let name = handler.name().0;
        let mime = if let Some(mime) = &attrs.mime {
            quote!(__p::Some(__p::mime(#mime)))
        } else {
            quote!(__p::None)
        };
        let (var, new, variant) = if is_template {
            (
                format_ident!("template"),
                quote!(__p::ResourceTemplate::new(__p::template(#uri), #name)),
                quote!(Template),
            )
        } else {
            (
                format_ident!("resource"),
                quote!(__p::Resource::new(__p::uri(#uri), #name)),
                quote!(Fixed),
            )
        };
        let common = handler.descriptor_fields(&var, handler.description().as_deref());
        let ret = handler.ret();
        let into_result = quote_spanned!(ret.span()=>
            <#ret as __p::handler::IntoReadResourceResult>::into_read_resource_result(#value, &#uri_var, #mime_var.as_ref())
        );
        let into_result = match &attrs.ui {
            Some(ui) => {
                let ui = ui.to_tokens();
                quote!(__p::handler::contents_ui_meta(#into_result, &#ui))
            }
            None => into_result,
        };
        let variables_binding = if reads.is_empty() {
            quote!(_)
        } else {
            quote!(mut #source)
        };
        let traversal = attrs.allow_path_traversal.map(|_| {
            quote! {
                fn allows_path_traversal(&self) -> bool {
                    true
                }
            }
        });
        let cache = attrs.cache.map(|(ttl_ms, public)| {
            let scope = if public {
                quote!(__p::CacheScope::Public)
            } else {
                quote!(__p::CacheScope::Private)
            };
            quote! {
                fn cache_hint(&self) -> __p::Option<__p::CacheHint> {
                    __p::Some(__p::CacheHint::new(#ttl_ms, #scope))
                }
            }
        });
        let bind_function = handler.bind_function();
        let call = handler.call();
        let context_binding = handler.context_binding();
        let future = handler.boxed_future(&quote! {
            let #uri_var = #uri_var?;
            let #mime_var: __p::Option<__p::MimeType> = #mime;
            #(#reads)*
            let #value = #call;
            #into_result
        });
        let methods = quote! {
            fn descriptor(&self) -> __p::handler::ResourceDescriptor {
                let mut #var = #new;
                #common
                #var.mime_type = #mime;
                __p::handler::ResourceDescriptor::#variant(#var)
            }

            fn read(
                &self,
                #uri_var: &str,
                #variables_binding: __p::Vec<(__p::String, __p::String)>,
                #context_binding: __p::handler::ContextType,
            ) -> __p::handler::BoxFuture<'_, __p::Result<__p::ReadResourceResult, __p::handler::ProtocolError>> {
                #bind_function
                // The URI is borrowed for the call only; the future owns its copy.
                let #uri_var = __p::handler::read_uri(#uri_var);
                #future
            }

            #traversal

            #cache
        };
        Body {
            items: TokenStream::new(),
            methods,
        }
    }
}

/// `uri = "…"` as written; empty when missing (reported by the check).
fn uri(handler: &Handler) -> String {
    handler
        .attrs
        .uri
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_default()
}

/// Checks `uri = "…"` and, for a template, that its variables and the parameters match one to
/// one (by name) and that URIs can be matched against it.
fn check_uri(cx: &mut Ctxt, handler: &Handler) -> Option<UriTemplate> {
    let Some(uri) = &handler.attrs.uri else {
        if handler.attrs.may_have("uri") {
            return None;
        }
        let span = if handler.args.is_empty() {
            handler.ident().span()
        } else {
            handler.args.span()
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
    // A parameter a misspelt variable was matched with (`{dya}` and `day`): one mistake, one
    // error, at the variable.
    let mut suggested: Vec<String> = Vec::new();
    for variable in &variables {
        if handler.arguments().any(|(p, _)| p.name == *variable) {
            continue;
        }
        let unmatched: Vec<&str> = handler
            .arguments()
            .map(|(p, _)| p.name.as_str())
            .filter(|name| !variables.contains(name) && !suggested.iter().any(|s| s == name))
            .collect();
        if let Some(near) = crate::suggest::did_you_mean(variable, unmatched) {
            cx.error_spanned_by(
                uri,
                format!("template variable `{variable}` has no parameter; did you mean `{near}`? (the variable and the parameter are matched by name)"),
            );
            suggested.push(near.to_owned());
        } else {
            cx.error_spanned_by(
                uri,
                format!(
                    "template variable `{variable}` has no parameter: add `{}` to the function",
                    parameter_for(variable)
                ),
            );
        }
    }
    for (param, _) in handler.arguments() {
        if !variables.contains(&param.name.as_str()) && !suggested.contains(&param.name) {
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
            // Besides the variables, only the request's context may be a parameter: one that
            // the macro did not know by its type's spelling is marked. Not said of a type that
            // is plainly a variable's (`String`, a number, an `Option`).
            let why = if is_text_type(&param.ty) {
                why
            } else {
                format!(
                    "{why}; a parameter that is the request's `Context` under another name (a type alias) is marked `#[context]`"
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

/// An MCP App resource (`ui(…)`, a `ui://` URI or the app MIME profile): the URI, the MIME
/// type and the spelling of `ui` are checked together, so a host can render what is listed.
fn check_app(cx: &mut Ctxt, handler: &Handler) {
    let attrs = &handler.attrs;
    if let Some(uri) = &attrs.ui_uri {
        cx.error_spanned_by(
            uri,
            "on a resource, `ui` describes the app: `ui(csp(connect = [\"https://…\"]), prefers_border = true)`; `ui = \"ui://…\"` belongs on a `#[tool]`",
        );
        return;
    }
    let uri = attrs
        .uri
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_default();
    let is_ui_uri = uri.get(..3).is_some_and(|s| s.eq_ignore_ascii_case("ui:"));
    let app_mime = attrs
        .mime
        .as_ref()
        .is_some_and(|m| m.value().to_ascii_lowercase().contains("profile=mcp-app"));
    if attrs.ui.is_none() && !is_ui_uri && !app_mime {
        return;
    }
    if let Some(lit) = &attrs.uri
        && let Err(violation) = mcp_content_rules::check_ui_uri(&uri)
    {
        crate::toolkit::violation(cx, lit.span(), &violation);
    }
    match &attrs.mime {
        Some(mime) => {
            if let Err(violation) = mcp_content_rules::check_app_mime_type(&mime.value()) {
                crate::toolkit::violation(cx, mime.span(), &violation);
            }
        }
        None => cx.error_at(
            handler.ident().span(),
            format!(
                "an MCP App resource needs its MIME type: add `mime = \"{}\"`",
                mcp_content_rules::APP_MIME_TYPE
            ),
        ),
    }
}

/// Whether `ty` is spelled as a type a template variable plainly is: `String`, a number,
/// `bool`, `char`, or an `Option` of one.
fn is_text_type(ty: &syn::Type) -> bool {
    let syn::Type::Path(path) = ty else {
        return false;
    };
    let Some(last) = path.path.segments.last() else {
        return false;
    };
    let name = last.ident.to_string();
    if name == "Option" {
        return crate::toolkit::option_inner(ty).is_some_and(is_text_type);
    }
    name == "String" || crate::toolkit::SCALAR_TYPES.contains(&name.as_str())
}

/// The parameter a template variable's error proposes: `day: String`, `r#type: String` for a
/// keyword, `#[arg(name = "a.b")] a_b: String` for a name that is no identifier.
fn parameter_for(variable: &str) -> String {
    if syn::parse_str::<syn::Ident>(variable).is_ok() {
        format!("{variable}: String")
    } else if syn::parse_str::<syn::Ident>(&format!("r#{variable}")).is_ok() {
        format!("r#{variable}: String")
    } else {
        let binding: String = variable
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let binding = if binding.starts_with(|c: char| c.is_ascii_digit()) {
            format!("_{binding}")
        } else if syn::parse_str::<syn::Ident>(&binding).is_err() {
            // `self`, `crate`, `super`: keywords with no raw form.
            format!("{binding}_")
        } else {
            binding
        };
        format!("#[arg(name = \"{variable}\")] {binding}: String")
    }
}

#[cfg(test)]
mod tests {
    use super::parameter_for;

    #[test]
    fn the_parameter_proposed_for_a_variable_compiles() {
        assert_eq!(parameter_for("day"), "day: String");
        assert_eq!(parameter_for("type"), "r#type: String");
        assert_eq!(parameter_for("a.b"), "#[arg(name = \"a.b\")] a_b: String");
        assert_eq!(
            parameter_for("self"),
            "#[arg(name = \"self\")] self_: String"
        );
        assert_eq!(parameter_for("2x"), "#[arg(name = \"2x\")] _2x: String");
    }
}
