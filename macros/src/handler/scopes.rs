//! `scopes = ["photos:write", …]`, which every handler attribute takes: the OAuth scopes a
//! caller's token must hold, each checked with the scope-token rule at compile time, and the
//! `scopes()` method of the handler trait that returns them.

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

#[cfg(test)]
mod tests {
    use proc_macro2::TokenStream;
    use quote::quote;

    use super::super::attrs::parse_attrs;
    use super::scopes_method;
    use crate::ctxt::Ctxt;

    /// The scopes `#[tool(args)]` reads, or its error messages.
    fn read(args: TokenStream) -> Result<Vec<String>, Vec<String>> {
        let mut cx = Ctxt::new();
        let attrs = parse_attrs(&mut cx, args, "#[tool(…)]", &[]);
        match cx.check() {
            Ok(()) => Ok(attrs.scopes.iter().map(syn::LitStr::value).collect()),
            Err(errors) => Err(errors.into_iter().map(|e| e.to_string()).collect()),
        }
    }

    #[test]
    fn scopes_are_read_in_order() {
        assert_eq!(
            read(quote!(scopes = ["photos:write", "https://x/y.read"])),
            Ok(vec![
                "photos:write".to_owned(),
                "https://x/y.read".to_owned()
            ])
        );
        // A trailing comma is a list like any other.
        assert_eq!(read(quote!(scopes = ["a",])), Ok(vec!["a".to_owned()]));
        assert_eq!(read(quote!(name = "x")), Ok(vec![]));
    }

    #[test]
    fn each_bad_scope_is_reported_with_the_rule() {
        let errors = read(quote!(scopes = ["photos write", "", "say\"hi", "ok"])).unwrap_err();
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(
            errors[0].contains("invalid character ' ' at position 6")
                && errors[0].ends_with("(rule: scope-token)"),
            "{errors:?}"
        );
        assert!(errors[1].starts_with("empty scope"), "{errors:?}");
        assert!(errors[2].contains("'\"' at position 3"), "{errors:?}");
    }

    #[test]
    fn duplicate_empty_list_and_wrong_kinds_are_refused() {
        assert_eq!(
            read(quote!(scopes = ["a", "b", "a"])).unwrap_err(),
            vec!["duplicate scope \"a\" in `scopes`: it is listed earlier; keep one"]
        );
        let empty = read(quote!(scopes = [])).unwrap_err();
        assert!(empty[0].contains("omit `scopes` instead"), "{empty:?}");
        assert_eq!(
            read(quote!(scopes = "photos:read")).unwrap_err(),
            vec![
                "`scopes` takes a list of string literals, one per scope: `scopes = [\"photos:read\"]`, not a string"
            ]
        );
        // Scopes joined by spaces, as OAuth writes them, are shown as the list they mean.
        assert_eq!(
            read(quote!(scopes = " photos:read  photos:write")).unwrap_err(),
            vec![
                "`scopes` takes a list of string literals, one per scope: `scopes = [\"photos:read\", \"photos:write\"]`, not a string"
            ]
        );
        // A string that is no list of scopes gets the example.
        for value in ["", "say\"hi"] {
            assert_eq!(
                read(quote!(scopes = #value)).unwrap_err(),
                vec![
                    "`scopes` takes a list of string literals, one per scope: `scopes = [\"photos:write\"]`, not a string"
                ]
            );
        }
        assert_eq!(
            read(quote!(scopes = ["a", 3])).unwrap_err(),
            vec!["`scopes` takes a string literal (`\"photos:write\"`), not a number"]
        );
        assert_eq!(
            read(quote!(scopes = PHOTOS)).unwrap_err(),
            vec![
                "`scopes` takes a list of string literals: `scopes = [\"photos:write\"]`, not the expression `PHOTOS`: a literal is needed here"
            ]
        );
    }

    #[test]
    fn a_misspelt_key_is_suggested() {
        let errors = read(quote!(scope = ["a"])).unwrap_err();
        assert_eq!(
            errors,
            vec!["unknown key `scope` in #[tool(…)]; did you mean `scopes`?"]
        );
    }

    #[test]
    fn keys_after_the_list_are_still_read() {
        let mut cx = Ctxt::new();
        let attrs = parse_attrs(
            &mut cx,
            quote!(scopes = ["a", "b"], name = "x"),
            "#[tool(…)]",
            &[],
        );
        assert!(cx.check().is_ok());
        assert_eq!(attrs.name.map(|n| n.value()).as_deref(), Some("x"));
        assert_eq!(
            scopes_method(&attrs.scopes).to_string(),
            quote!(
                fn scopes(&self) -> &[&str] {
                    &["a", "b"]
                }
            )
            .to_string()
        );
        assert!(scopes_method(&[]).is_empty());
    }
}
