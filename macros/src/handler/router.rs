//! `router!`: the handlers of a server in one place, expanded to `Router::builder()` calls,
//! with every mistake a single error at the path it is about.
//!
//! The macro sees paths, not what they name, so what it cannot know here it checks in
//! `const` items of the expansion, each spanned at the path concerned. The handler
//! attributes give their structs hidden items (`__MCP_ROUTER_KIND`, `__MCP_ROUTER_KEY`, …)
//! that shadow the defaults of the runtime's `RouterEntry` trait, so any listed type can be
//! read without a type error; a `const` then fails with a message in the user's words: a
//! `#[prompt]` under `tools`, a struct that is no handler, two tools of one name (a name may
//! come from `#[tool(name = …)]`), two resources serving one URI, a tool whose UI resource
//! is not listed. Each path is imported once, under an alias, in every namespace it has; a
//! glob import in the enclosing block gives the alias a fallback (a unit struct, no handler)
//! in the namespaces the path leaves empty. So a function without a handler attribute, a
//! constant or a static is reported as no handler by the same `const`, in the list's words;
//! a module or a trait is named as written ("expected type, found module `m`", each read
//! imports the alias again under the path's last name); a path that resolves to nothing
//! fails at its import, and every `const` naming it is then skipped (no follow-on error).
//!
//! Syntax is checked here: unknown keys (with "did you mean"), a key given twice, a path
//! listed twice in one list.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Ident, Path, Token};

use crate::ctxt::Ctxt;
use crate::toolkit;

/// The lists, in the order they are registered.
const LISTS: [&str; 3] = ["tools", "prompts", "resources"];
const KEYS: &[&str] = &["tools", "prompts", "resources", "crate"];

/// One `key: [a, b]` or `key = value` as written.
struct Entry {
    key: Ident,
    /// `:` or `=`, for the message when the wrong one is used.
    colon: Option<Token![:]>,
    value: Value,
}

enum Value {
    List(Vec<Path>),
    Path(Path),
}

/// `tools: [a, b], prompts: [p], resources: [r], crate = path`, in any order, each optional.
struct RouterInput {
    entries: Vec<Entry>,
}

impl Parse for RouterInput {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let mut entries = Vec::new();
        while !input.is_empty() {
            // `crate` is a keyword: taken as any identifier.
            let key = Ident::parse_any(input)?;
            let colon = if input.peek(Token![:]) {
                Some(input.parse::<Token![:]>()?)
            } else if input.peek(Token![=]) {
                input.parse::<Token![=]>()?;
                None
            } else {
                return Err(input.error(format!(
                    "expected `:` after `{key}` (as in `tools: [my_tool]`), or `=` (as in `crate = my_crate`)"
                )));
            };
            let value = if input.peek(syn::token::Bracket) {
                let content;
                syn::bracketed!(content in input);
                let paths = Punctuated::<Path, Token![,]>::parse_terminated(&content)?;
                Value::List(paths.into_iter().collect())
            } else {
                Value::Path(toolkit::parse_crate_path(input)?)
            };
            entries.push(Entry { key, colon, value });
            if input.is_empty() {
                break;
            }
            input.parse::<Token![,]>()?;
        }
        Ok(RouterInput { entries })
    }
}

/// The input, checked: the paths of each list (a path listed twice kept once) and the
/// runtime crate's path.
#[derive(Default)]
struct Lists {
    lists: [Vec<Path>; 3],
    krate: Option<Path>,
}

fn check(cx: &mut Ctxt, input: RouterInput) -> Lists {
    let mut checked = Lists::default();
    let mut seen: Vec<String> = Vec::new();
    for Entry { key, colon, value } in input.entries {
        let name = key.to_string();
        if !KEYS.contains(&name.as_str()) {
            toolkit::unknown_key(cx, &name, key.span(), "router!", KEYS);
            continue;
        }
        if seen.contains(&name) {
            let fix = if name == "crate" {
                "give the runtime's path once"
            } else {
                "list every handler of the kind in the one `[…]`"
            };
            cx.error_spanned_by(&key, format!("duplicate key `{name}` in router!: {fix}"));
            continue;
        }
        seen.push(name.clone());
        match (LISTS.iter().position(|list| *list == name), value) {
            (Some(index), Value::List(paths)) => {
                if colon.is_none() {
                    cx.error_spanned_by(&key, format!("write `{name}: [...]`, with a colon"));
                }
                for path in paths {
                    if checked.lists[index]
                        .iter()
                        .any(|p| display(p) == display(&path))
                    {
                        cx.error_spanned_by(
                            &path,
                            format!(
                                "`{}` is listed twice in `{name}`: remove one",
                                display(&path)
                            ),
                        );
                    } else {
                        checked.lists[index].push(path);
                    }
                }
            }
            (Some(_), Value::Path(path)) => cx.error_spanned_by(
                &path,
                format!("`{name}` takes a list of handler functions: `{name}: [a, b]`"),
            ),
            (None, Value::Path(path)) => {
                if colon.is_some() {
                    cx.error_spanned_by(&key, "write `crate = path`, with `=`");
                }
                checked.krate = Some(path);
            }
            (None, Value::List(_)) => cx.error_spanned_by(
                &key,
                "`crate` takes the path to the runtime crate: `crate = my_crate::mcp`",
            ),
        }
    }
    checked
}

/// One listed path, with the alias it is read through.
struct Listed<'a> {
    list: &'static str,
    path: &'a Path,
    alias: Ident,
}

impl Listed<'_> {
    /// `<name>::item` spanned at the path, so an error in it points there; `name` is the
    /// path's last name, imported from the alias in a block of its own, so a module or a
    /// trait listed is named as the user wrote it.
    fn read(&self, item: &str) -> TokenStream {
        let alias = &self.alias;
        let item = Ident::new(item, Span::call_site());
        let name = self
            .path
            .segments
            .last()
            .map(|segment| &segment.ident)
            .filter(|ident| {
                !matches!(
                    ident.to_string().as_str(),
                    "self" | "super" | "crate" | "Self"
                )
            })
            .unwrap_or(alias);
        quote_spanned!(self.span()=> { use #alias as #name; <#name>::#item })
    }

    /// A use of the alias in the value namespace: when the path failed to resolve, the
    /// import leaves an error binding there, and a `const` that names it is not evaluated.
    fn taint(&self) -> TokenStream {
        let alias = &self.alias;
        quote_spanned!(self.span()=> let _ = &#alias;)
    }

    /// Where errors about the entry point: the path's last name (`weather` of
    /// `handlers::weather`; a span cannot cover the whole path on stable).
    fn span(&self) -> Span {
        self.path
            .segments
            .last()
            .map_or_else(|| self.path.span(), |segment| segment.ident.span())
    }
}

pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let parsed: RouterInput = match syn::parse2(input) {
        Ok(parsed) => parsed,
        Err(error) => return error.to_compile_error(),
    };
    let mut cx = Ctxt::new();
    let lists = check(&mut cx, parsed);
    let errors = cx.check().err().map(|e| e.to_compile_error());
    let krate = lists.krate.as_ref();
    let door = toolkit::private_door(krate);
    let runtime = toolkit::runtime(krate);
    let mut listed: Vec<Listed<'_>> = Vec::new();
    for (&list, paths) in LISTS.iter().zip(&lists.lists) {
        for path in paths {
            listed.push(Listed {
                list,
                path,
                // Spanned at the path, so an error about the import points there.
                alias: Ident::new(
                    &format!("__mcp_router_entry_{}", listed.len()),
                    path.segments
                        .last()
                        .map_or_else(|| path.span(), |segment| segment.ident.span()),
                ),
            });
        }
    }
    let aliases = listed.iter().map(|entry| {
        let (alias, path) = (&entry.alias, entry.path);
        quote_spanned!(entry.span()=> use #path as #alias;)
    });
    let fallbacks = listed.iter().map(|entry| &entry.alias);
    let count = listed.len();
    let names = listed.iter().map(|entry| display(entry.path));
    let kinds = listed.iter().map(|entry| entry.read("__MCP_ROUTER_KIND"));
    let keys = listed.iter().map(|entry| entry.read("__MCP_ROUTER_KEY"));
    let (checks, ends) = checks(&listed, &lists);
    let mut builder = quote!(#runtime::Router::builder());
    for entry in &listed {
        let add = entry.read("__mcp_router_add");
        builder = quote!((#add)(#builder));
    }
    let exempt = toolkit::exempt();
    let private = toolkit::private_path(krate);
    // In a function of its own, which the lints' exemption covers once (an attribute on an
    // expression is unstable).
    quote! {{
        #errors
        #exempt
        fn __mcp_router() -> #private::handler::RouterBuilder {
            #door
            use __p::handler::RouterEntry as _;
            mod __mcp_router_fallback {
                #(pub(crate) struct #fallbacks;)*
            }
            // In the enclosing block: a path that fails to resolve leaves an error binding in
            // the inner one, which shadows the fallback.
            use __mcp_router_fallback::*;
            {
                #(#aliases)*
                // Each listed item read once: the checks below compare them in const
                // evaluation, so the expansion grows with the number of handlers, not with its
                // square. A path that failed to resolve makes these arrays erroneous, and the
                // checks that read them are skipped (no follow-on error).
                const __MCP_NAMES: [&str; #count] = [#(#names),*];
                const __MCP_KINDS: [&str; #count] = [#(#kinds),*];
                const __MCP_KEYS: [&str; #count] = [#(#keys),*];
                // Every pair compared once, for the whole router (`clashes`); each entry's
                // check below reads its cell.
                const __MCP_DUPLICATES: [usize; #count] = __p::handler::clashes(&__MCP_KINDS, &__MCP_KEYS, [#(#ends),*], __p::handler::Clash::SameKey);
                const __MCP_OVERLAPS: [usize; #count] = __p::handler::clashes(&__MCP_KINDS, &__MCP_KEYS, [#(#ends),*], __p::handler::Clash::Overlap);
                #(
                    const _: () = { #checks };
                )*
                #builder
            }
        }
        __mcp_router()
    }}
}

/// The `const` bodies that check the entries, each spanned at its entry, and where each list
/// ends among them.
fn checks(listed: &[Listed<'_>], lists: &Lists) -> (Vec<TokenStream>, Vec<usize>) {
    let mut checks: Vec<TokenStream> = listed.iter().map(placed).collect();
    let mut start = 0;
    let mut ends = Vec::new();
    for (&list, paths) in LISTS.iter().zip(&lists.lists) {
        let entries = start..start + paths.len();
        let (what, fix) = match list {
            "tools" => ("tool name", "rename one with `#[tool(name = \"…\")]`"),
            "prompts" => ("prompt name", "rename one with `#[prompt(name = \"…\")]`"),
            _ => ("URI", "two handlers cannot serve the same URI or template"),
        };
        for at in entries.clone().skip(1) {
            let span = listed[at].span();
            checks.push(fail_when(
                span,
                &quote!(__MCP_DUPLICATES[#at]),
                &quote!(__p::handler::duplicate(&__MCP_NAMES, &__MCP_KEYS, __MCP_DUPLICATES[#at] - 1, #at, #what, #fix)),
            ));
            if list == "resources" {
                checks.push(fail_when(
                    span,
                    &quote!(__MCP_OVERLAPS[#at]),
                    &quote!(__p::handler::overlapping(&__MCP_NAMES, &__MCP_KEYS, __MCP_OVERLAPS[#at] - 1, #at)),
                ));
            }
        }
        if list == "tools" {
            checks.extend(listed[entries.clone()].iter().map(ui_served));
        }
        start = entries.end;
        ends.push(start);
    }
    (checks, ends)
}

/// A `const` body that panics with `message` (a `ConstMessage` expression) when `clash` (a
/// cell of `clashes`) is not 0, spanned at the entry the message is about. It panics through
/// `Option::expect` (`#[track_caller]`: the error reads as `panic!`'s, at the entry) rather
/// than `panic!`: a macro call in generated code hashes the place of the call, so rustc would
/// check the `const` again after every edit above the router (see `toolkit::anchor`).
fn fail_when(span: Span, clash: &TokenStream, message: &TokenStream) -> TokenStream {
    quote_spanned! {span=>
        if #clash != 0 {
            let _ = ::core::option::Option::None::<()>.expect(#message.as_str());
        }
    }
}

/// A `const` body that panics with `message` (a `ConstMessage` expression) when it is not
/// empty, spanned at the entry the message is about.
fn fail_with(span: Span, message: &TokenStream) -> TokenStream {
    quote_spanned! {span=>
        let message = #message;
        if !message.as_str().is_empty() {
            let _ = ::core::option::Option::None::<()>.expect(message.as_str());
        }
    }
}

/// The item is of the kind its list takes.
fn placed(entry: &Listed<'_>) -> TokenStream {
    let list = entry.list;
    let path = display(entry.path);
    let kind = entry.read("__MCP_ROUTER_KIND");
    let taint = entry.taint();
    let check = fail_with(
        entry.span(),
        &quote!(__p::handler::misplaced(#list, #path, #kind)),
    );
    quote_spanned! {entry.span()=>
        #taint
        #check
    }
}

/// The tool's `ui = "ui://…"` is the URI of a resource of the same `router!`: a host asked
/// to render the app would otherwise find nothing to read.
fn ui_served(tool: &Listed<'_>) -> TokenStream {
    let message = format!(
        "tool `{}` names a UI resource (`#[tool(ui = \"ui://…\")]`) that no `#[resource]` in this `router!` serves: add that resource to `resources: [...]`",
        display(tool.path)
    );
    let ui = tool.read("__MCP_ROUTER_UI");
    quote_spanned! {tool.span()=>
        if !__p::handler::ui_served(#ui, &__MCP_KINDS, &__MCP_KEYS) {
            let _ = ::core::option::Option::None::<()>.expect(#message);
        }
    }
}

fn display(path: &Path) -> String {
    path.to_token_stream().to_string().replace(' ', "")
}
