//! `#[tool]`, `#[prompt]`, `#[resource]` and `router!`: one file per macro, and here what the
//! three attributes share — the attribute grammar (`name`, `title`, `description`, `icon`,
//! `meta`, `crate`), the function signature (parameters, the context parameter, `#[arg]`),
//! and the doc comment (description and the `# Arguments` list).
//!
//! Every mistake is reported into one [`Ctxt`], at the narrowest token; on error the function
//! is still emitted, with a stub handler, so one mistake does not cascade.

pub(crate) mod app;
mod docs;
pub(crate) mod prompt;
pub(crate) mod resource;
pub(crate) mod router;
pub(crate) mod tool;

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::meta::ParseNestedMeta;
use syn::parse::{ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Expr, FnArg, Ident, LitStr, Pat, Path, Token, Type};

use crate::ctxt::Ctxt;
use crate::toolkit::{self, Keys};

/// The attribute keys every handler attribute takes.
const COMMON_KEYS: &[&str] = &["name", "title", "description", "icon", "meta", "crate"];

/// What an attribute said. Keys a macro does not take are refused while parsing, so each
/// macro reads only its own.
#[derive(Default)]
pub(crate) struct Attrs {
    pub(crate) name: Option<LitStr>,
    pub(crate) title: Option<LitStr>,
    pub(crate) description: Option<LitStr>,
    pub(crate) icons: Vec<IconSpec>,
    pub(crate) meta: Vec<(LitStr, TokenStream)>,
    pub(crate) krate: Option<Path>,
    // `#[tool]`
    pub(crate) annotations: Vec<(Ident, Expr)>,
    pub(crate) input_schema: Option<Path>,
    pub(crate) output_schema: Option<Path>,
    // `#[resource]`
    pub(crate) uri: Option<LitStr>,
    pub(crate) mime: Option<LitStr>,
    pub(crate) allow_path_traversal: Option<Span>,
    /// `cache(ttl = "5m", scope = "public")`: milliseconds and whether public.
    pub(crate) cache: Option<(u64, bool)>,
    /// `ui(…)` on a resource, `ui = "ui://…"` / `visibility = [...]` on a tool: the value of
    /// `_meta.ui`, checked and built at compile time.
    pub(crate) ui: Option<app::Json>,
    /// `#[tool(max_inline = "256KiB")]`: the payload budget in bytes.
    pub(crate) max_inline: Option<u64>,
    /// `#[tool(ui = "ui://…")]`: the resource `router!` must find.
    pub(crate) ui_uri: Option<LitStr>,
}

/// One `icon = "…"` or `icon(src = "…", mime = "…", sizes = ["…"], theme = "…")`.
pub(crate) struct IconSpec {
    pub(crate) src: LitStr,
    pub(crate) mime: Option<LitStr>,
    pub(crate) sizes: Vec<LitStr>,
    pub(crate) theme: Option<LitStr>,
}

/// The key of `meta` when `keys` accepts it (allowed and new); otherwise the mistake is
/// reported, its value skipped, and `None` returned.
pub(crate) fn accept(
    keys: &mut Keys<'_>,
    cx: &mut Ctxt,
    meta: &ParseNestedMeta<'_>,
    what: &str,
) -> syn::Result<Option<String>> {
    let key = meta.path.get_ident().map_or_else(
        || meta.path.to_token_stream().to_string().replace(' ', ""),
        ToString::to_string,
    );
    if keys.accept(cx, &key, meta.path.span(), what) {
        Ok(Some(key))
    } else {
        skip_value(meta)?;
        Ok(None)
    }
}

/// Consumes whatever follows an unknown or duplicate key: `= value`, `(…)` or nothing.
fn skip_value(meta: &ParseNestedMeta<'_>) -> syn::Result<()> {
    let input = meta.input;
    while !input.is_empty() && !input.peek(Token![,]) {
        input.parse::<proc_macro2::TokenTree>()?;
    }
    Ok(())
}

/// Parses an attribute's arguments, taking `COMMON_KEYS` plus `extra_keys`.
pub(crate) fn parse_attrs(
    cx: &mut Ctxt,
    args: TokenStream,
    what: &str,
    extra_keys: &[&'static str],
) -> Attrs {
    let mut attrs = Attrs::default();
    let mut allowed = COMMON_KEYS.to_vec();
    allowed.extend_from_slice(extra_keys);
    let mut keys = Keys::new(&allowed).repeatable(&["icon", "meta"]);
    let parser = syn::meta::parser(|meta| {
        let Some(key) = accept(&mut keys, cx, &meta, what)? else {
            return Ok(());
        };
        match key.as_str() {
            "name" => attrs.name = Some(meta.value()?.parse()?),
            "title" => attrs.title = Some(meta.value()?.parse()?),
            "description" => attrs.description = Some(meta.value()?.parse()?),
            "uri" => attrs.uri = Some(meta.value()?.parse()?),
            "mime" => attrs.mime = Some(meta.value()?.parse()?),
            "icon" => attrs.icons.push(parse_icon(cx, &meta)?),
            "meta" => parse_meta(cx, &meta, &mut attrs.meta)?,
            "crate" => attrs.krate = Some(toolkit::parse_crate_path(meta.value()?)?),
            "input_schema" => attrs.input_schema = Some(parse_path(&meta)?),
            "output_schema" => attrs.output_schema = Some(parse_path(&meta)?),
            "annotations" => parse_annotations(cx, &meta, &mut attrs.annotations)?,
            "cache" => attrs.cache = app::parse_cache(cx, &meta)?,
            "ui" if meta.input.peek(Token![=]) => {
                let uri: LitStr = meta.value()?.parse()?;
                if let Err(violation) = mcp_content_rules::check_ui_uri(&uri.value()) {
                    toolkit::violation(cx, uri.span(), &violation);
                }
                app::tool_ui(&mut attrs)
                    .push(("resourceUri".to_owned(), app::Json::Str(uri.value())));
                attrs.ui_uri = Some(uri);
            }
            "ui" if extra_keys.contains(&"visibility") => {
                cx.error_spanned_by(
                    &meta.path,
                    "on a tool, `ui` names the app resource: `ui = \"ui://…\"`",
                );
                skip_value(&meta)?;
            }
            "ui" => attrs.ui = Some(app::parse_resource_ui(cx, &meta)?),
            "max_inline" => {
                let size: LitStr = meta.value()?.parse()?;
                match mcp_content_rules::parse_byte_size(&size.value()) {
                    Ok(bytes) => attrs.max_inline = Some(bytes),
                    Err(violation) => toolkit::violation(cx, size.span(), &violation),
                }
            }
            "visibility" => {
                let words = app::parse_words(cx, &meta, mcp_content_rules::check_ui_visibility)?;
                app::tool_ui(&mut attrs).push(("visibility".to_owned(), app::Json::Arr(words)));
            }
            "allow_path_traversal" => {
                if meta.input.peek(Token![=]) {
                    let value: syn::LitBool = meta.value()?.parse()?;
                    if value.value {
                        attrs.allow_path_traversal = Some(value.span());
                    }
                } else {
                    attrs.allow_path_traversal = Some(meta.path.span());
                }
            }
            _ => unreachable!("every allowed key is handled"),
        }
        Ok(())
    });
    if let Err(error) = parser.parse2(args) {
        cx.syn_error(error);
    }
    if let Some(name) = &attrs.name
        && name.value().is_empty()
    {
        cx.error_spanned_by(name, "the name must not be empty");
    }
    attrs
}

/// `input_schema = path` or `input_schema = "path"`.
fn parse_path(meta: &ParseNestedMeta<'_>) -> syn::Result<Path> {
    let input = meta.value()?;
    if input.peek(LitStr) {
        let lit: LitStr = input.parse()?;
        lit.parse()
    } else {
        input.parse()
    }
}

fn parse_icon(cx: &mut Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<IconSpec> {
    let mut icon = IconSpec {
        src: LitStr::new("", meta.path.span()),
        mime: None,
        sizes: Vec::new(),
        theme: None,
    };
    if meta.input.peek(Token![=]) {
        icon.src = meta.value()?.parse()?;
    } else {
        let mut keys = Keys::new(&["src", "mime", "sizes", "theme"]);
        let mut has_src = false;
        meta.parse_nested_meta(|inner| {
            let Some(key) = accept(&mut keys, cx, &inner, "icon(…)")? else {
                return Ok(());
            };
            match key.as_str() {
                "src" => {
                    icon.src = inner.value()?.parse()?;
                    has_src = true;
                }
                "mime" => icon.mime = Some(inner.value()?.parse()?),
                "theme" => icon.theme = Some(inner.value()?.parse()?),
                "sizes" => {
                    let value = inner.value()?;
                    let content;
                    syn::bracketed!(content in value);
                    let sizes = Punctuated::<LitStr, Token![,]>::parse_terminated(&content)?;
                    icon.sizes = sizes.into_iter().collect();
                }
                _ => unreachable!("every allowed key is handled"),
            }
            Ok(())
        })?;
        if !has_src {
            cx.error_spanned_by(&meta.path, "an icon needs `src = \"https://…\"`");
            return Ok(icon);
        }
    }
    if let Err(violation) = mcp_content_rules::check_icon_src(&icon.src.value()) {
        toolkit::violation(cx, icon.src.span(), &violation);
    }
    if let Some(mime) = &icon.mime
        && let Err(violation) = mcp_content_rules::check_mime_type(&mime.value())
    {
        toolkit::violation(cx, mime.span(), &violation);
    }
    if let Some(theme) = &icon.theme
        && let Err(violation) = mcp_content_rules::check_icon_theme(&theme.value())
    {
        toolkit::violation(cx, theme.span(), &violation);
    }
    Ok(icon)
}

/// `meta("com.example/key" = literal, …)`: keys checked with the `_meta` key rules, values
/// JSON literals (string, number, boolean).
fn parse_meta(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta<'_>,
    out: &mut Vec<(LitStr, TokenStream)>,
) -> syn::Result<()> {
    let content;
    syn::parenthesized!(content in meta.input);
    let entries = content.parse_terminated(
        |input: ParseStream<'_>| {
            let key: LitStr = input.parse()?;
            input.parse::<Token![=]>()?;
            let value: Expr = input.parse()?;
            Ok((key, value))
        },
        Token![,],
    )?;
    for (key, value) in entries {
        if let Err(violation) = mcp_content_rules::check_user_meta_key(&key.value()) {
            toolkit::violation(cx, key.span(), &violation);
        }
        if out.iter().any(|(k, _)| k.value() == key.value()) {
            cx.error_spanned_by(&key, format!("duplicate `_meta` key {:?}", key.value()));
        }
        match toolkit::json_literal(&value) {
            Some(tokens) => out.push((key, tokens)),
            None => cx.error_spanned_by(
                &value,
                "a `_meta` value here is a literal: a string, a number or a boolean",
            ),
        }
    }
    Ok(())
}

/// The tool annotation hints `annotations(…)` takes.
pub(crate) const ANNOTATION_KEYS: &[&str] = &[
    "title",
    "read_only_hint",
    "destructive_hint",
    "idempotent_hint",
    "open_world_hint",
];

fn parse_annotations(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta<'_>,
    out: &mut Vec<(Ident, Expr)>,
) -> syn::Result<()> {
    let mut keys = Keys::new(ANNOTATION_KEYS);
    meta.parse_nested_meta(|inner| {
        let Some(key) = accept(&mut keys, cx, &inner, "annotations(…)")? else {
            return Ok(());
        };
        let ident = Ident::new(&key, inner.path.span());
        if key == "title" {
            let title: LitStr = inner.value()?.parse()?;
            out.push((ident, syn::parse_quote!(#title)));
        } else if inner.input.peek(Token![=]) {
            let value: syn::LitBool = inner.value()?.parse()?;
            out.push((ident, syn::parse_quote!(#value)));
        } else {
            // A bare hint means `true`.
            out.push((ident, syn::parse_quote!(true)));
        }
        Ok(())
    })
}

/// What a parameter of a handler function is.
pub(crate) enum ParamKind {
    /// The request's `Context` (by value or by reference): not an argument.
    Context { by_ref: bool },
    /// An argument; `optional` holds `T` of an `Option<T>`.
    Value { optional: Option<Box<Type>> },
}

/// One parameter of a handler function.
pub(crate) struct Param {
    /// The binding, as written.
    pub(crate) ident: Ident,
    /// The argument's name on the wire.
    pub(crate) name: String,
    /// Where the name was written (for errors).
    pub(crate) name_span: Span,
    /// A `#[arg(name = "…")]`, kept to rename the field.
    pub(crate) rename: Option<LitStr>,
    pub(crate) ty: Type,
    pub(crate) kind: ParamKind,
    /// From `#[arg(description = "…")]`, else the doc comment's `# Arguments` list.
    pub(crate) description: Option<String>,
}

impl Param {
    pub(crate) fn is_context(&self) -> bool {
        matches!(self.kind, ParamKind::Context { .. })
    }
}

/// A handler function, parsed: the item to emit again (with `#[arg]` stripped), its
/// parameters and its documentation.
pub(crate) struct HandlerFn {
    pub(crate) item: syn::ItemFn,
    pub(crate) params: Vec<Param>,
    /// The doc comment without its `# Arguments` section.
    pub(crate) doc: Option<String>,
}

/// Parses the function an attribute sits on. `None` when the input is not a free function
/// (the error is in `cx`).
pub(crate) fn parse_fn(cx: &mut Ctxt, input: TokenStream, what: &str) -> Option<HandlerFn> {
    let mut item: syn::ItemFn = match syn::parse2(input) {
        Ok(item) => item,
        Err(error) => {
            cx.syn_error(syn::Error::new(
                error.span(),
                format!("{what} goes on a function: {error}"),
            ));
            return None;
        }
    };
    let (doc, arg_docs) = docs::read_docs(&item.attrs);
    // Handler parameters are owned by design (they are read from the request), so clippy's
    // advice to borrow them cannot be followed.
    item.attrs
        .push(syn::parse_quote!(#[allow(clippy::needless_pass_by_value)]));
    let sig = &item.sig;
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        cx.error_spanned_by(
            &sig.generics,
            format!("{what} does not support generic functions: the handler needs one concrete signature"),
        );
    }
    if let syn::Safety::Unsafe(token) = &sig.safety {
        cx.error_spanned_by(token, format!("{what} does not support `unsafe fn`"));
    }
    if let Some(variadic) = &sig.variadic {
        cx.error_spanned_by(
            variadic,
            format!("{what} does not support variadic functions"),
        );
    }
    if let syn::ReturnType::Type(_, ty) = &sig.output
        && let Type::ImplTrait(_) = &**ty
    {
        cx.error_spanned_by(
            ty,
            format!("{what} needs a concrete return type, not `impl Trait`"),
        );
    }
    if let Some(receiver) = item.sig.receiver() {
        // A handler struct cannot be declared inside an `impl` block: emit the method as is.
        cx.error_spanned_by(
            receiver,
            format!(
                "{what} goes on a free function, not a method: move it out of the `impl` block"
            ),
        );
        return None;
    }
    let mut params: Vec<Param> = Vec::new();
    for input in &mut item.sig.inputs {
        match input {
            FnArg::Receiver(_) => {}
            FnArg::Typed(pat_type) => {
                if let Some(param) = parse_param(cx, pat_type, &arg_docs, what) {
                    // Argument names are unique after renaming: a schema that lists one name
                    // twice makes a tool that fails on every call.
                    if let Some(first) = params
                        .iter()
                        .find(|p| !p.is_context() && !param.is_context() && p.name == param.name)
                    {
                        cx.error_at(
                            param.name_span,
                            format!(
                                "argument name `{}` is already taken by parameter `{}`: rename one with `#[arg(name = \"…\")]`",
                                param.name, first.ident
                            ),
                        );
                    }
                    params.push(param);
                }
            }
        }
    }
    // A `# Arguments` entry documents a parameter: one that names none is a mistake (a renamed
    // or removed parameter), not a description to drop.
    for entry in &arg_docs {
        let known = params.iter().any(|p| {
            !p.is_context() && (p.name == entry.name || toolkit::unraw(&p.ident) == entry.name)
        });
        if !known {
            let names: Vec<String> = params
                .iter()
                .filter(|p| !p.is_context())
                .map(|p| p.name.clone())
                .collect();
            let hint = crate::suggest::hint(&entry.name, names.iter().map(String::as_str));
            cx.error_at(
                entry.span,
                format!(
                    "`# Arguments` documents `{}`, which is no parameter of this function{hint}",
                    entry.name
                ),
            );
        }
    }
    Some(HandlerFn { item, params, doc })
}

fn parse_param(
    cx: &mut Ctxt,
    pat_type: &mut syn::PatType,
    arg_docs: &[docs::ArgDoc],
    what: &str,
) -> Option<Param> {
    let (description, rename) = take_arg_attr(cx, &mut pat_type.attrs);
    let ident = match &*pat_type.pat {
        Pat::Ident(pat) if pat.by_ref.is_none() && pat.subpat.is_none() => pat.ident.clone(),
        other => {
            cx.error_spanned_by(
                other,
                format!(
                    "{what} parameters are plain names (`city: String`): the name is the argument's"
                ),
            );
            return None;
        }
    };
    let ty = (*pat_type.ty).clone();
    let unraw = toolkit::unraw(&ident);
    let name = rename.as_ref().map_or_else(|| unraw.clone(), LitStr::value);
    let kind = if let Some(by_ref) = context_type(&ty) {
        ParamKind::Context { by_ref }
    } else {
        match &ty {
            Type::Reference(reference) => {
                cx.error_spanned_by(
                    reference,
                    format!("{what} parameters are owned values read from the request: use an owned type such as `String`"),
                );
                return None;
            }
            Type::ImplTrait(_) => {
                cx.error_spanned_by(
                    &ty,
                    format!("{what} parameters need a concrete type, not `impl Trait`"),
                );
                return None;
            }
            _ => {}
        }
        ParamKind::Value {
            optional: toolkit::option_inner(&ty).cloned().map(Box::new),
        }
    };
    let description = description.map(|d| d.value()).or_else(|| {
        arg_docs
            .iter()
            .find(|d| d.name == unraw || d.name == name)
            .map(|d| d.text.clone())
    });
    Some(Param {
        name_span: rename.as_ref().map_or_else(|| ident.span(), LitStr::span),
        ident,
        name,
        rename,
        ty,
        kind,
        description,
    })
}

/// Removes `#[arg(…)]` from a parameter (it is this macro's, not the compiler's) and reads it.
fn take_arg_attr(
    cx: &mut Ctxt,
    attrs: &mut Vec<syn::Attribute>,
) -> (Option<LitStr>, Option<LitStr>) {
    let mut description = None;
    let mut name = None;
    attrs.retain(|attr| {
        if !attr.path().is_ident("arg") {
            return true;
        }
        let mut keys = Keys::new(&["description", "name"]);
        let result = attr.parse_nested_meta(|meta| {
            let Some(key) = accept(&mut keys, cx, &meta, "#[arg(…)]")? else {
                return Ok(());
            };
            let value: LitStr = meta.value()?.parse()?;
            if key == "description" {
                description = Some(value);
            } else {
                name = Some(value);
            }
            Ok(())
        });
        if let Err(error) = result {
            cx.syn_error(error);
        }
        false
    });
    (description, name)
}

/// `Some(by_ref)` when `ty` is the request context: `Context`, `&Context` or a path ending in
/// `Context` (`mcp_content::Context`).
fn context_type(ty: &Type) -> Option<bool> {
    let (by_ref, ty) = match ty {
        Type::Reference(reference) if reference.mutability.is_none() => (true, &*reference.elem),
        other => (false, other),
    };
    let Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    (path.qself.is_none() && last.ident == "Context" && last.arguments.is_none()).then_some(by_ref)
}

/// `Option<String>` tokens.
pub(crate) fn opt_string(value: Option<&str>) -> TokenStream {
    if let Some(text) = value {
        quote!(__p::Some(__p::String::from(#text)))
    } else {
        quote!(__p::None)
    }
}

/// The `icons` and `_meta` of a descriptor.
pub(crate) fn icons_and_meta(attrs: &Attrs) -> (TokenStream, TokenStream) {
    let icons = attrs.icons.iter().map(|icon| {
        let src = &icon.src;
        let mime = if let Some(mime) = &icon.mime {
            quote!(__p::Some(#mime))
        } else {
            quote!(__p::None)
        };
        let sizes = &icon.sizes;
        let theme = match icon.theme.as_ref().map(LitStr::value).as_deref() {
            Some("light") => quote!(__p::Some(__p::IconTheme::Light)),
            Some("dark") => quote!(__p::Some(__p::IconTheme::Dark)),
            _ => quote!(__p::None),
        };
        quote!(__p::icon(#src, #mime, &[#(#sizes),*], #theme))
    });
    let mut meta: Vec<TokenStream> = attrs
        .meta
        .iter()
        .map(|(key, value)| quote!((#key, __p::Some(__p::Value::from(#value)))))
        .collect();
    if let Some(ui) = &attrs.ui {
        let ui = ui.to_tokens();
        meta.push(quote!(("ui", __p::Some(#ui))));
    }
    (
        quote!(__p::Vec::from([#(#icons),*])),
        quote!(__p::meta([#(#meta),*])),
    )
}

/// The handler's name as written for the user: the function's, unraw.
pub(crate) fn fn_name(item: &syn::ItemFn) -> String {
    item.sig
        .ident
        .to_string()
        .trim_start_matches("r#")
        .to_owned()
}

/// The call of the user's function with `args` (awaited when it is async).
pub(crate) fn call_user_fn(item: &syn::ItemFn, args: &[TokenStream]) -> TokenStream {
    let ident = &item.sig.ident;
    if item.sig.asyncness.is_some() {
        quote!(#ident(#(#args),*).await)
    } else {
        quote!(#ident(#(#args),*))
    }
}

/// The argument for a context parameter (the handler's `Context` is cloned for a by-value
/// parameter: a function may take it more than once).
pub(crate) fn context_arg(by_ref: bool, context: &Ident) -> TokenStream {
    if by_ref {
        quote!(&#context)
    } else {
        quote!(::core::clone::Clone::clone(&#context))
    }
}

/// The handler struct (a braced unit struct named like the function, in the type namespace)
/// and its `NAME`-like constant.
pub(crate) fn handler_struct(
    item: &syn::ItemFn,
    kind: &str,
    register: &str,
    const_name: &Ident,
    const_value: &str,
    const_doc: &str,
) -> TokenStream {
    let vis = &item.vis;
    let ident = &item.sig.ident;
    let doc = format!(
        "The {kind} handler of [`{name}()`]: register it with `{register}({name} {{}})` or list it in `router!`.",
        name = fn_name(item),
    );
    quote! {
        #[doc = #doc]
        #[allow(non_camel_case_types, dead_code)]
        #[derive(
            ::core::clone::Clone,
            ::core::marker::Copy,
            ::core::fmt::Debug,
            ::core::default::Default
        )]
        #vis struct #ident {}

        #[automatically_derived]
        impl #ident {
            #[doc = #const_doc]
            #vis const #const_name: &'static str = #const_value;
        }
    }
}
