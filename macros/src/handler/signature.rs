//! The function a handler attribute sits on: its parameters (the context parameter,
//! `#[arg]`), the checks a handler signature must pass, and its doc comment.

use proc_macro2::{Span, TokenStream};
use syn::spanned::Spanned;
use syn::{FnArg, Ident, LitStr, Pat, Type};

use super::docs;
use crate::ctxt::Ctxt;
use crate::toolkit::{self, Keys, accept};

/// What a parameter of a handler function is.
pub(crate) enum ParamKind {
    /// The request's `Context` (by value or by reference, spelled so or marked `#[context]`):
    /// not an argument.
    Context,
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
    pub(crate) ty: Type,
    pub(crate) kind: ParamKind,
    /// From `#[arg(description = "…")]`, else the doc comment's `# Arguments` list.
    pub(crate) description: Option<String>,
    /// Where `#[arg(description = "…")]` was written, if it was.
    pub(crate) description_attr: Option<Span>,
}

impl Param {
    pub(crate) fn is_context(&self) -> bool {
        matches!(self.kind, ParamKind::Context)
    }
}

/// A handler function, parsed: the item to emit again (with `#[arg]` stripped), its
/// parameters and its documentation.
pub(crate) struct HandlerFn {
    pub(crate) item: syn::ItemFn,
    pub(crate) params: Vec<Param>,
    /// The doc comment without its `# Arguments` section.
    pub(crate) doc: Option<String>,
    /// The doc comment as an expression, when a doc attribute is not a literal
    /// (`#[doc = include_str!("…")]`).
    pub(crate) doc_expr: Option<TokenStream>,
    /// A mistake the compiler reports in the function itself (an unsized parameter): the
    /// handler is a stub, with no error of its own.
    pub(crate) compiler_reports: bool,
}

/// Parses the function an attribute sits on. `None` when the input is not a free function
/// (the error is in `cx`).
pub(crate) fn parse_fn(cx: &mut Ctxt, input: TokenStream, what: &str) -> Option<HandlerFn> {
    let first = input.clone().into_iter().next().map(|token| token.span());
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
    // Inside an `impl` block the handler struct cannot be declared: one error in the user's
    // words, and the function emitted as it is (an associated function then compiles).
    if item.sig.receiver().is_none() && first.is_some_and(super::context::in_impl_block) {
        cx.error_spanned_by(&item.sig.ident, not_in_impl(what, &item.sig.ident));
        return None;
    }
    // A second handler attribute would declare a second struct of the function's name: one
    // error here, at it, and it is disarmed (the first attribute makes the handler).
    for attr in &mut item.attrs {
        if let Some(other) = disarm_second_handler(attr) {
            cx.error_spanned_by(
                &other,
                format!(
                    "`{}` is already a {what} handler: one function is one handler (write another function for the #[{}])",
                    toolkit::unraw(&item.sig.ident),
                    other.path().segments.last().map(|s| s.ident.to_string()).unwrap_or_default(),
                ),
            );
        }
    }
    let docs::Docs {
        text: doc,
        expr: doc_expr,
        arguments: arg_docs,
    } = docs::read_docs(&item.attrs);
    // Handler parameters are owned by design (they are read from the request), so clippy's
    // advice to borrow them cannot be followed. Not twice: the attribute carries the input's
    // span (`toolkit::anchor`), and clippy reports a lint allowed twice.
    let allowed = item.attrs.iter().any(|attr| {
        attr.path().is_ident("allow")
            && attr
                .meta
                .require_list()
                .is_ok_and(|list| list.tokens.to_string().contains("needless_pass_by_value"))
    });
    if !allowed {
        item.attrs
            .push(syn::parse_quote!(#[allow(clippy::needless_pass_by_value)]));
    }
    check_signature(cx, &item.sig, what);
    if let Some(receiver) = item.sig.receiver() {
        // A handler struct cannot be declared inside an `impl` block: emit the method as is.
        cx.error_spanned_by(receiver, not_in_impl(what, &item.sig.ident));
        return None;
    }
    let mut params: Vec<Param> = Vec::new();
    let mut compiler_reports = false;
    for input in &mut item.sig.inputs {
        match input {
            FnArg::Receiver(_) => {}
            FnArg::Typed(pat_type) => {
                // `str`, `[T]`, `dyn Trait`: the compiler refuses the function itself, and
                // says why; a second error here would only repeat it.
                if is_unsized(&pat_type.ty) {
                    compiler_reports = true;
                    continue;
                }
                if let Some(param) = parse_param(cx, pat_type, what) {
                    // One request, one context: a second parameter for it is a mistake (a
                    // clone where one was meant to be borrowed, or an argument typed wrongly).
                    if param.is_context()
                        && let Some(first) = params.iter().find(|p| p.is_context())
                    {
                        cx.error_spanned_by(
                            &*pat_type,
                            format!(
                                "`{}` is a second `Context`: a handler takes the request's context once (`{}` already is it); take `&Context` once and clone it where it must be owned",
                                toolkit::unraw(&param.ident),
                                toolkit::unraw(&first.ident),
                            ),
                        );
                    }
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
    apply_arg_docs(cx, &mut params, &arg_docs);
    Some(HandlerFn {
        item,
        params,
        doc,
        doc_expr,
        compiler_reports,
    })
}

/// What a handler's signature must not be: generic, `unsafe`, variadic, `-> impl Trait`.
fn check_signature(cx: &mut Ctxt, sig: &syn::Signature, what: &str) {
    // A lifetime declared for a borrowed parameter is that parameter's mistake, reported
    // there ("owned values"): one error, not a second one for the generics.
    let lifetimes_only = sig.generics.where_clause.is_none()
        && sig
            .generics
            .params
            .iter()
            .all(|param| matches!(param, syn::GenericParam::Lifetime(_)));
    let borrowed_param = sig.inputs.iter().any(|input| {
        matches!(input, FnArg::Typed(typed)
            if matches!(&*typed.ty, Type::Reference(_)) && context_type(&typed.ty).is_none())
    });
    if (!sig.generics.params.is_empty() || sig.generics.where_clause.is_some())
        && !(lifetimes_only && borrowed_param)
    {
        let message = format!(
            "{what} does not support generic functions: the handler needs one concrete signature"
        );
        // At the generics, or at a `where` clause written without any (`Generics` prints no
        // `where`: an empty one would point at the attribute).
        match &sig.generics.where_clause {
            Some(clause) if sig.generics.params.is_empty() => cx.error_spanned_by(clause, message),
            _ => cx.error_spanned_by(&sig.generics, message),
        }
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
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        match &**ty {
            Type::ImplTrait(_) => cx.error_spanned_by(
                ty,
                format!("{what} needs a concrete return type, not `impl Trait`"),
            ),
            // The generated code names the return type, where `!` is not stable: one error in
            // the handler's words, not the compiler's three.
            Type::Never(_) => cx.error_spanned_by(
                ty,
                format!("{what} needs a function that returns its result: `!` never returns one"),
            ),
            _ => {}
        }
    }
}

/// The argument a handler attribute gets when it is a function's second one: it emits the
/// function as it is, the first attribute having reported it. Kept rather than removed, so the
/// user's import of the attribute stays used (no follow-on "unused import").
pub(crate) const SECOND_HANDLER: &str = "__mcp_content_second_handler";

/// When `attr` is a handler attribute (`tool`, `prompt`, `resource`), rewrites its arguments
/// to [`SECOND_HANDLER`] and returns the attribute as written (for the error's span).
fn disarm_second_handler(attr: &mut syn::Attribute) -> Option<syn::Attribute> {
    let name = attr.path().segments.last()?.ident.to_string();
    if !matches!(name.as_str(), "tool" | "prompt" | "resource") {
        return None;
    }
    let written = attr.clone();
    let path = attr.path().clone();
    let marker = Ident::new(SECOND_HANDLER, Span::call_site());
    *attr = syn::parse_quote_spanned!(attr.span()=> #[#path(#marker)]);
    Some(written)
}

/// The error for a handler attribute on a method or an associated function.
fn not_in_impl(what: &str, ident: &Ident) -> String {
    format!(
        "{what} goes on a free function, not on a method or an associated function: move `{}` out of the `impl` block \
         (the handler struct declared beside it cannot be an associated item)",
        toolkit::unraw(ident)
    )
}

/// `input` (a function a handler attribute refused) without the attribute's own `#[arg]`
/// attributes, which the compiler would not know: the refusal stays the only error.
pub(crate) fn without_arg_attrs(input: TokenStream) -> TokenStream {
    let Ok(mut item) = syn::parse2::<syn::ItemFn>(input.clone()) else {
        return input;
    };
    for input in &mut item.sig.inputs {
        if let FnArg::Typed(typed) = input {
            typed
                .attrs
                .retain(|attr| !attr.path().is_ident("arg") && !attr.path().is_ident("context"));
        }
    }
    for attr in &mut item.attrs {
        disarm_second_handler(attr);
    }
    quote::ToTokens::into_token_stream(item)
}

fn parse_param(cx: &mut Ctxt, pat_type: &mut syn::PatType, what: &str) -> Option<Param> {
    // The handler reads, describes and passes every parameter: one configured away would be
    // passed all the same. Refused (and kept: the function then compiles as written, with no
    // follow-on warning).
    for attr in &pat_type.attrs {
        if let Some(name) = ["cfg", "cfg_attr"]
            .into_iter()
            .find(|name| attr.path().is_ident(name))
        {
            cx.error_spanned_by(
                attr,
                format!("{what} does not support `#[{name}]` on a parameter: the parameter list is the handler's arguments; configure the whole function (`#[cfg]` on it) instead"),
            );
        }
    }
    let marked_context = take_context_attr(cx, &mut pat_type.attrs);
    let (description, rename, arg_attr) = take_arg_attr(cx, &mut pat_type.attrs);
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
    // `#[context]` says what the spelling may not show (a type alias): the type is checked to
    // be `Context` or `&Context` where the generated code reads it.
    let kind = if let (Type::ImplTrait(_), Some(_)) = (&ty, &marked_context) {
        cx.error_spanned_by(
            &ty,
            "the request's context is `Context` or `&Context`, not `impl Trait`",
        );
        return None;
    } else if context_type(&ty).is_some() || marked_context.is_some() {
        if let Some(attr) = arg_attr {
            cx.error_spanned_by(
                attr,
                format!(
                    "`{unraw}` is the request's `Context`, not an argument: `#[arg(…)]` does not apply to it"
                ),
            );
        }
        ParamKind::Context
    } else {
        match &ty {
            Type::Reference(reference) if context_type(&reference.elem).is_some() => {
                cx.error_spanned_by(
                    reference,
                    "the request's context is taken as `&Context` or `Context`, not by `&mut`",
                );
                return None;
            }
            Type::Reference(reference) => {
                // `&Ctx` may be the request's context under another name: said when the
                // borrowed type is a plain name that is no text or number.
                let hint = if may_name_context(&reference.elem) {
                    "; if this is the request's `Context` under another name (a type alias), mark it `#[context]`"
                } else {
                    ""
                };
                cx.error_spanned_by(
                    reference,
                    format!("{what} parameters are owned values read from the request: use an owned type such as `String`{hint}"),
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
    let description_attr = description.as_ref().map(LitStr::span);
    let description = description.map(|d| d.value());
    Some(Param {
        name_span: rename.as_ref().map_or_else(|| ident.span(), LitStr::span),
        ident,
        name,
        ty,
        kind,
        description,
        description_attr,
    })
}

/// Removes `#[context]` from a parameter (it is this macro's), and returns it: the parameter
/// is the request's context, whatever its type is called. It takes no arguments, and is
/// written once.
fn take_context_attr(cx: &mut Ctxt, attrs: &mut Vec<syn::Attribute>) -> Option<syn::Attribute> {
    let mut first: Option<syn::Attribute> = None;
    attrs.retain(|attr| {
        if !attr.path().is_ident("context") {
            return true;
        }
        if let Err(error) = attr.meta.require_path_only() {
            cx.error_spanned_by(
                &attr.meta,
                format!("`#[context]` takes no arguments: write `#[context]` ({error})"),
            );
        } else if first.is_some() {
            cx.error_spanned_by(attr, "`#[context]` is written once on a parameter");
        }
        first.get_or_insert_with(|| attr.clone());
        false
    });
    first
}

/// Removes `#[arg(…)]` from a parameter (it is this macro's, not the compiler's) and reads it.
fn take_arg_attr(
    cx: &mut Ctxt,
    attrs: &mut Vec<syn::Attribute>,
) -> (Option<LitStr>, Option<LitStr>, Option<syn::Attribute>) {
    let mut description = None;
    let mut name = None;
    let mut first = None;
    // One set of keys for every `#[arg(…)]` of the parameter: a key given in two attributes
    // is a duplicate, not a silent override.
    let mut keys = Keys::new(&["description", "name"]);
    attrs.retain(|attr| {
        if !attr.path().is_ident("arg") {
            return true;
        }
        first.get_or_insert_with(|| attr.clone());
        let result = attr.parse_nested_meta(|meta| {
            // Keys a user reaches for to make an argument optional: the type says it.
            if let Some(key) = ["default", "optional", "required"]
                .into_iter()
                .find(|key| meta.path.is_ident(key))
            {
                cx.error_spanned_by(
                    &meta.path,
                    format!(
                        "`#[arg({key} …)]` does not exist: an argument that may be left out is an `Option<T>` parameter (`n.unwrap_or(3)` in the function gives it a default); any other parameter is required"
                    ),
                );
                return toolkit::skip_value(&meta);
            }
            let Some(key) = accept(&mut keys, cx, &meta, "#[arg(…)]")? else {
                return Ok(());
            };
            let example = if key == "name" {
                "city"
            } else {
                "The city to look up."
            };
            let Some(value) = toolkit::lit_str(cx, meta.value()?, &key, example)? else {
                return Ok(());
            };
            if key == "description" {
                description = Some(value);
            } else if value.value().is_empty() {
                cx.error_spanned_by(&value, "an argument name must not be empty");
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
    (description, name, first)
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

/// Whether `ty` is a plain name (no generics) that is not text, a path or a primitive: a
/// borrowed one may be the request's context under another name.
fn may_name_context(ty: &Type) -> bool {
    let Type::Path(path) = ty else { return false };
    let Some(last) = path.path.segments.last() else {
        return false;
    };
    let name = last.ident.to_string();
    path.qself.is_none()
        && last.arguments.is_none()
        && !["str", "String", "Path", "PathBuf", "OsStr", "CStr", "Value"].contains(&name.as_str())
        && !toolkit::SCALAR_TYPES.contains(&name.as_str())
}

/// Whether `ty` is a type without a size known at compile time (`str`, `[T]`, `dyn Trait`),
/// which no parameter can be.
fn is_unsized(ty: &Type) -> bool {
    match ty {
        Type::Slice(_) | Type::TraitObject(_) => true,
        Type::Paren(inner) => is_unsized(&inner.elem),
        Type::Group(inner) => is_unsized(&inner.elem),
        Type::Path(path) => path.qself.is_none() && path.path.is_ident("str"),
        _ => false,
    }
}

/// Gives each parameter the description of its `# Arguments` entry (unless `#[arg(description
/// = …)]` gave one), and reports entries that describe no parameter, or one twice. An entry
/// names a parameter by its argument name (`#[arg(name = …)]`) or, failing that, by its Rust
/// name (`r#` optional); an entry for the request's `Context` is accepted and unused.
fn apply_arg_docs(cx: &mut Ctxt, params: &mut [Param], arg_docs: &docs::ArgDocs) {
    for (line, span) in &arg_docs.unreadable {
        cx.error_at(
            *span,
            format!(
                "`# Arguments` entry {line:?} names no parameter: write `* `name` - description`"
            ),
        );
    }
    // Which entry described each parameter so far.
    let mut described: Vec<Option<usize>> = vec![None; params.len()];
    for (i, entry) in arg_docs.entries.iter().enumerate() {
        let is_argument = |p: &Param| !p.is_context();
        let found = params
            .iter()
            .position(|p| is_argument(p) && p.name == entry.name)
            .or_else(|| {
                params
                    .iter()
                    .position(|p| is_argument(p) && toolkit::unraw(&p.ident) == entry.name)
            });
        let Some(index) = found else {
            if params
                .iter()
                .any(|p| p.is_context() && toolkit::unraw(&p.ident) == entry.name)
            {
                continue;
            }
            let mut names: Vec<String> = Vec::new();
            // Any parameter may be documented, the context included.
            for param in params.iter() {
                for name in [param.name.clone(), toolkit::unraw(&param.ident)] {
                    if !names.contains(&name) {
                        names.push(name);
                    }
                }
            }
            let hint = crate::suggest::hint(&entry.name, names.iter().map(String::as_str));
            cx.error_at(
                entry.span,
                format!(
                    "`# Arguments` documents `{}`, which is no parameter of this function{hint}",
                    entry.written
                ),
            );
            continue;
        };
        // A second entry for one parameter would be dropped: only the first describes it.
        if let Some(first) = described[index] {
            let first = &arg_docs.entries[first];
            let also = if first.written == entry.written {
                String::new()
            } else {
                format!(" (as `{}` and as `{}`)", first.written, entry.written)
            };
            cx.error_at(
                entry.span,
                format!(
                    "`# Arguments` documents `{}` twice{also}: keep one entry (the first one is used)",
                    toolkit::unraw(&params[index].ident)
                ),
            );
            continue;
        }
        described[index] = Some(i);
        let param = &mut params[index];
        if param.description.is_none() && !entry.text.is_empty() {
            param.description = Some(entry.text.clone());
        }
    }
}
