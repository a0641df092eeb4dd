//! `scopes = ["photos:write", …]`, which every handler attribute takes: the OAuth scopes a
//! caller's token must hold, each checked with the scope-token rule at compile time, and the
//! `scopes()` method of the handler trait that returns them. (Its tests are in `attrs.rs`,
//! which reads the key among the others.)

use proc_macro2::TokenStream;
use quote::quote;
use syn::meta::ParseNestedMeta;
use syn::{LitStr, Token};

use crate::ctxt::Ctxt;
use crate::toolkit::{self, lit_str};

/// The example the messages show.
const EXAMPLE: &str = "photos:write";

/// Reads `scopes = [...]`: a list of string literals, each an RFC 6749 scope token, none
/// twice, at least one. Every mistake is reported at the token it is about; the scopes that
/// passed are returned (the handler is not generated after an error anyway).
pub(crate) fn parse_scopes(cx: &mut Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<Vec<LitStr>> {
    let input = meta.value()?;
    if input.peek(LitStr) {
        // The OAuth form, `"a b"` (scopes joined by spaces), or one scope: shown as the list
        // it means when each word is a scope token.
        let lit: LitStr = input.parse()?;
        let value = lit.value();
        let words: Vec<&str> = value.split_whitespace().collect();
        let suggested = if !words.is_empty()
            && words
                .iter()
                .all(|word| mcp_content_rules::check_scope_token(word).is_ok())
        {
            let quoted: Vec<String> = words.iter().map(|word| format!("{word:?}")).collect();
            quoted.join(", ")
        } else {
            format!("{EXAMPLE:?}")
        };
        cx.error_spanned_by(
            &lit,
            format!("`scopes` takes a list of string literals, one per scope: `scopes = [{suggested}]`, not a string"),
        );
        return Ok(Vec::new());
    }
    if !input.peek(syn::token::Bracket) {
        toolkit::wrong_value(
            cx,
            input,
            &format!("`scopes` takes a list of string literals: `scopes = [\"{EXAMPLE}\"]`"),
        )?;
        return Ok(Vec::new());
    }
    let content;
    let brackets = syn::bracketed!(content in input);
    if content.is_empty() {
        cx.error_at(
            brackets.span.join(),
            "`scopes = []` names no scope: omit `scopes` instead (the handler then needs the \
             router's default scopes, `RouterBuilder::default_scopes`)",
        );
        return Ok(Vec::new());
    }
    let mut scopes: Vec<LitStr> = Vec::new();
    while !content.is_empty() {
        if let Some(scope) = lit_str(cx, &content, "scopes", EXAMPLE)? {
            let value = scope.value();
            if let Err(violation) = mcp_content_rules::check_scope_token(&value) {
                toolkit::violation(cx, scope.span(), &violation);
            } else if scopes.iter().any(|earlier| earlier.value() == value) {
                cx.error_at(
                    scope.span(),
                    format!(
                        "duplicate scope {value:?} in `scopes`: it is listed earlier; keep one"
                    ),
                );
            } else {
                scopes.push(scope);
            }
        }
        if content.is_empty() {
            break;
        }
        content.parse::<Token![,]>()?;
    }
    Ok(scopes)
}

/// `fn scopes(&self) -> &[&str]` returning the scopes written; nothing when none were (the
/// trait's default, which defers to the router's default scopes).
pub(crate) fn scopes_method(scopes: &[LitStr]) -> TokenStream {
    if scopes.is_empty() {
        return TokenStream::new();
    }
    let values = scopes.iter().map(LitStr::value);
    quote! {
        fn scopes(&self) -> &[&str] {
            &[#(#values),*]
        }
    }
}
