//! `#[prompt]`: a function into a `PromptHandler` — descriptor with arguments from the
//! parameters, and the glue that reads string arguments into typed parameters.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::emit::{local, opt_string, read_string_param};
use super::skeleton::{Body, Handler, HandlerKind};
use crate::ctxt::Ctxt;

/// `#[prompt]`.
pub(crate) enum Prompt {}

impl HandlerKind for Prompt {
    const MACRO: &'static str = "#[prompt]";
    const KEYS: &'static [&'static str] = &[];
    const TRAIT: &'static str = "PromptHandler";
    const REGISTER: &'static str = "Router::builder().prompt";
    const KIND: &'static str = "prompt";
    const CONST_NAME: &'static str = "NAME";
    const CONST_DOC: &'static str = "The prompt's name (`prompts/get` uses it).";

    /// The description (required).
    type Checked = Option<String>;

    fn check(cx: &mut Ctxt, handler: &Handler) -> Option<String> {
        let description = handler.description();
        if handler.lacks_description() {
            cx.error_at(
                handler.description_span(),
                "a prompt needs a description: add a doc comment (`/// What it asks for.`) or `#[prompt(description = \"…\")]`",
            );
        }
        description
    }

    fn const_value(handler: &Handler, _: &Option<String>) -> String {
        handler.name().0
    }

    fn stub() -> Vec<TokenStream> {
        vec![
            quote!(fn prompt(&self) -> __p::Prompt),
            quote!(fn get(&self, _: __p::Map<__p::String, __p::Value>, _: __p::handler::ContextType) -> __p::handler::BoxFuture<'_, __p::Result<__p::GetPromptResult, __p::handler::ProtocolError>>),
        ]
    }

    fn body(handler: &Handler, description: Option<String>) -> Body {
        let source = local("__arguments");
        let reader = (&quote!(prompt_argument), &quote!(FromPromptArgument));
        let mut reads = Vec::new();
        let mut descriptors = Vec::new();
        for (param, optional) in handler.arguments() {
            reads.push(read_string_param(
                param, optional, reader, &source, "argument",
            ));
            let arg_name = &param.name;
            let description = opt_string(param.description.as_deref());
            let required = optional.is_none();
            descriptors.push(quote!({
                let mut argument = __p::PromptArgument::new(#arg_name);
                argument.description = #description;
                argument.required = __p::Some(#required);
                argument
            }));
        }
        let (arguments, arguments_binding) = if descriptors.is_empty() {
            (quote!(__p::None), quote!(_))
        } else {
            (
                quote!(__p::Some(__p::Vec::from([#(#descriptors),*]))),
                quote!(mut #source),
            )
        };
        let ret = handler.ret();
        let value = local("__value");
        let into_result = quote_spanned!(ret.span()=> <#ret as __p::handler::IntoGetPromptResult>::into_get_prompt_result(#value));
        let name = handler.name().0;
        let common = handler.descriptor_fields(&format_ident!("prompt"), description.as_deref());
        let bind_function = handler.bind_function();
        let call = handler.call();
        let context_binding = handler.context_binding();
        let future = handler.boxed_future(&quote! {
            #(#reads)*
            let #value = #call;
            #into_result
        });
        let methods = quote! {
            fn prompt(&self) -> __p::Prompt {
                let mut prompt = __p::Prompt::new(#name);
                #common
                prompt.arguments = #arguments;
                prompt
            }

            fn get(
                &self,
                #arguments_binding: __p::Map<__p::String, __p::Value>,
                #context_binding: __p::handler::ContextType,
            ) -> __p::handler::BoxFuture<'_, __p::Result<__p::GetPromptResult, __p::handler::ProtocolError>> {
                #bind_function
                #future
            }
        };
        Body {
            items: TokenStream::new(),
            methods,
        }
    }
}
