//! Derive and attribute macros for [`mcp-content`](https://docs.rs/mcp-content).
//!
//! Use them through the `mcp-content` crate, which re-exports them and documents them: see
//! `mcp_content::Content` for the attribute reference. The derive's pipeline, one stage per
//! module: `attr` (the grammar) → `ast` (the IR, keeping syn nodes for spans) → `resolve`
//! (every fact about a layout, computed once) → `check` (every rule, errors collected in a
//! `ctxt::Ctxt`; `check::read_back` for what can be read back) → `expand` (generation;
//! `expand::fallback` for the stubs next to errors). The handler macros follow the same
//! stages in `handler`. `toolkit` is what every macro shares.

mod ast;
mod attr;
mod check;
mod ctxt;
mod expand;
mod handler;
mod resolve;
mod suggest;
mod toolkit;

use proc_macro::TokenStream;

/// Turns an annotated struct into MCP content blocks and a tool result, and back.
///
/// The attribute reference, with examples, is on the re-export: `mcp_content::Content`.
#[proc_macro_derive(Content, attributes(content))]
pub fn derive_content(input: TokenStream) -> TokenStream {
    let input = proc_macro2::TokenStream::from(input);
    toolkit::anchored(&input, || {
        match syn::parse2::<syn::DeriveInput>(input.clone()) {
            Ok(parsed) => expand::content::derive(&parsed),
            Err(error) => error.to_compile_error(),
        }
    })
    .into()
}

/// Turns a function into a tool handler.
///
/// The attribute reference, with examples, is on the re-export: `mcp_content::tool`.
#[proc_macro_attribute]
pub fn tool(args: TokenStream, input: TokenStream) -> TokenStream {
    let input = proc_macro2::TokenStream::from(input);
    toolkit::anchored(&input, || {
        handler::expand::<handler::tool::Tool>(args.into(), input.clone())
    })
    .into()
}

/// Turns a function into a prompt handler.
///
/// The attribute reference, with examples, is on the re-export: `mcp_content::prompt`.
#[proc_macro_attribute]
pub fn prompt(args: TokenStream, input: TokenStream) -> TokenStream {
    let input = proc_macro2::TokenStream::from(input);
    toolkit::anchored(&input, || {
        handler::expand::<handler::prompt::Prompt>(args.into(), input.clone())
    })
    .into()
}

/// Turns a function into a resource handler.
///
/// The attribute reference, with examples, is on the re-export: `mcp_content::resource`.
#[proc_macro_attribute]
pub fn resource(args: TokenStream, input: TokenStream) -> TokenStream {
    let input = proc_macro2::TokenStream::from(input);
    toolkit::anchored(&input, || {
        handler::expand::<handler::resource::Resource>(args.into(), input.clone())
    })
    .into()
}

/// Declares a router's handlers, rejecting duplicate names, overlapping resources and
/// handlers in the wrong list at compile time.
///
/// The reference, with examples, is on the re-export: `mcp_content::router`.
#[proc_macro]
pub fn router(input: TokenStream) -> TokenStream {
    let input = proc_macro2::TokenStream::from(input);
    toolkit::anchored(&input, || handler::router::expand(input.clone())).into()
}
