//! `router!`: the handlers of a server in one place, expanded to `Router::builder()` calls,
//! with duplicate tool names, prompt names and resource URIs refused at compile time.
//!
//! A tool's name may come from `#[tool(name = …)]`, so names are compared where they are
//! known: each handler has a `const NAME` (`URI` for resources), and the expansion asserts
//! pairwise in a `const` item that they differ. The assertion carries the span of the later
//! entry, so the error points at the duplicate.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Ident, Path, Token};

use crate::ctxt::Ctxt;
use crate::toolkit;

const KEYS: &[&str] = &["tools", "prompts", "resources", "crate"];

/// `tools: [a, b], prompts: [p], resources: [r], crate = path`, in any order, each optional.
#[derive(Default)]
struct RouterInput {
    entries: Vec<(Ident, Vec<Path>)>,
    krate: Option<Path>,
}

impl Parse for RouterInput {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let mut parsed = RouterInput::default();
        while !input.is_empty() {
            if input.peek(Token![crate]) {
                input.parse::<Token![crate]>()?;
                input.parse::<Token![=]>()?;
                parsed.krate = Some(toolkit::parse_crate_path(input)?);
            } else {
                let key: Ident = input.parse()?;
                input.parse::<Token![:]>()?;
                let content;
                syn::bracketed!(content in input);
                let paths = Punctuated::<Path, Token![,]>::parse_terminated(&content)?;
                parsed.entries.push((key, paths.into_iter().collect()));
            }
            if input.is_empty() {
                break;
            }
            input.parse::<Token![,]>()?;
        }
        Ok(parsed)
    }
}

pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let parsed: RouterInput = match syn::parse2(input) {
        Ok(parsed) => parsed,
        Err(error) => return error.to_compile_error(),
    };
    let mut cx = Ctxt::new();
    let mut seen: Vec<&Ident> = Vec::new();
    let mut tools = Vec::new();
    let mut prompts = Vec::new();
    let mut resources = Vec::new();
    for (key, paths) in &parsed.entries {
        let name = key.to_string();
        if let Some(first) = seen.iter().find(|k| **k == key) {
            cx.error_spanned_by(
                key,
                format!("duplicate key `{name}` in router!: list all of them in one `[…]`"),
            );
            cx.error_spanned_by(first, format!("`{name}` first used here"));
            continue;
        }
        seen.push(key);
        match name.as_str() {
            "tools" => tools.extend(paths),
            "prompts" => prompts.extend(paths),
            "resources" => resources.extend(paths),
            _ => toolkit::unknown_key(&mut cx, &name, key.span(), "router!", KEYS),
        }
    }
    let errors = cx.check().err().map(|e| e.to_compile_error());
    let krate = toolkit::runtime(parsed.krate.as_ref());
    let door = toolkit::private_door(parsed.krate.as_ref());
    let mut checks = Vec::new();
    checks.extend(unique(
        &tools,
        "NAME",
        "tool name",
        "rename one with `#[tool(name = \"…\")]`",
    ));
    checks.extend(unique(
        &prompts,
        "NAME",
        "prompt name",
        "rename one with `#[prompt(name = \"…\")]`",
    ));
    checks.extend(unique(
        &resources,
        "URI",
        "URI",
        "two handlers cannot serve the same URI or template",
    ));
    checks.extend(apart(&resources));
    checks.extend(ui_served(&tools, &resources));
    quote! {{
        #errors
        const _: () = {
            #door
            #(#checks)*
        };
        #krate::Router::builder()
            #(.tool(#tools {}))*
            #(.prompt(#prompts {}))*
            #(.resource(#resources {}))*
    }}
}

/// Pairwise `const` assertions that the handlers' `constant`s differ, each spanned on the later
/// entry of the pair.
fn unique(paths: &[&Path], constant: &str, what: &str, fix: &str) -> Vec<TokenStream> {
    let constant = Ident::new(constant, proc_macro2::Span::call_site());
    let mut checks = Vec::new();
    for (j, second) in paths.iter().enumerate() {
        for first in &paths[..j] {
            let message = format!(
                "`{}` has the same {what} as `{}`: {fix}",
                display(second),
                display(first)
            );
            checks.push(quote_spanned! {second.span()=>
                ::core::assert!(
                    !__p::str_eq(<#first>::#constant, <#second>::#constant),
                    #message
                );
            });
        }
    }
    checks
}

/// Pairwise `const` assertions that no URI matches the templates (or URIs) of two resource
/// handlers (`logs://{day}` and `logs://{date}`; `files://{name}` and `files://readme`): one
/// of them would never serve it. Equal URIs are `unique`'s to report. The templates are the
/// handlers' `URI` constants, so the message is put together at compile time (a `const fn`)
/// to name both handlers and both templates; it is spanned on the later entry.
fn apart(resources: &[&Path]) -> Vec<TokenStream> {
    let mut checks = Vec::new();
    for (j, second) in resources.iter().enumerate() {
        for first in &resources[..j] {
            let opening = format!("resource `{}` (", display(second));
            let middle = format!(") overlaps resource `{}` (", display(first));
            let closing = "): some URIs match both, and only one handler can serve them; \
                           make the templates disjoint (a distinct literal part, such as \
                           `logs://{day}/raw` and `logs://{day}/summary`)";
            checks.push(quote_spanned! {second.span()=>
                if !__p::str_eq(<#first>::URI, <#second>::URI)
                    && __p::templates_overlap(<#first>::URI, <#second>::URI)
                {
                    ::core::panic!(
                        "{}",
                        __p::ConstMessage::new(&[
                            #opening, <#second>::URI, #middle, <#first>::URI, #closing,
                        ])
                        .as_str()
                    );
                }
            });
        }
    }
    checks
}

/// `const` assertions that each tool's `ui = "ui://…"` is the URI of a resource of the same
/// `router!`: a host asked to render the app would otherwise find nothing to read.
fn ui_served(tools: &[&Path], resources: &[&Path]) -> Vec<TokenStream> {
    tools
        .iter()
        .map(|tool| {
            let message = format!(
                "tool `{}` names a UI resource (`#[tool(ui = \"ui://…\")]`) that no `#[resource]` in this `router!` serves: add that resource to `resources: [...]`",
                display(tool)
            );
            quote_spanned! {tool.span()=>
                ::core::assert!(
                    __p::str_eq(<#tool>::UI_RESOURCE, "")
                        #(|| __p::str_eq(<#tool>::UI_RESOURCE, <#resources>::URI))*,
                    #message
                );
            }
        })
        .collect()
}

fn display(path: &Path) -> String {
    path.to_token_stream().to_string().replace(' ', "")
}
