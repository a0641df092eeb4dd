//! Generated locals that no item of the user's can capture.
//!
//! A `let __s = …` (or a parameter `__s`) in generated code is read by rustc as a pattern: a
//! unit struct, unit variant, `const` or `static` named `__s` in the user's scope turns it into
//! a refutable pattern or a "cannot shadow" error, and mixed-site spans do not help, since item
//! names are not hygienic. So next to the generated items, in the `const _` block, the derive
//! declares an empty `fn` per local name it uses: the nearer item shadows the user's one in the
//! value namespace, and a `fn` is never a pattern, so each local is a fresh binding again.

use std::collections::BTreeSet;

use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::quote;

/// Keywords after which an identifier names an item the generated code declares itself.
const ITEM_KEYWORDS: &[&str] = &[
    "fn", "struct", "enum", "static", "const", "mod", "type", "trait", "union", "as",
];

/// One `fn NAME() {}` for each generated local or parameter name of `items` (`__` and a
/// lowercase letter: `__s`, `__blocks`, `__e_note`, `__f_0`, …), minus the names `items`
/// declares as items.
pub(super) fn shadow_locals(items: &TokenStream) -> TokenStream {
    let mut used = BTreeSet::new();
    // The private door, `use … as __p` around these items: only ever a path.
    let mut declared = BTreeSet::from(["__p".to_owned()]);
    let mut fields = BTreeSet::new();
    collect(items.clone(), &mut used, (&mut declared, &mut fields));
    // `dead_code` is allowed on the whole `const _` block (`wrap_in_const`).
    let shadows = used
        .iter()
        .filter(|name| !declared.contains(*name) && !fields.contains(*name))
        .map(|name| Ident::new(name, Span::call_site()));
    quote! {
        #(fn #shadows() {})*
    }
}

/// Names `tokens` uses (`used`), declares as items (`declared`) and uses after a `.`
/// (`fields`: the slots' fields, `__s.__s_note`, never a local).
fn collect(
    tokens: TokenStream,
    used: &mut BTreeSet<String>,
    (declared, fields): (&mut BTreeSet<String>, &mut BTreeSet<String>),
) {
    let mut after_item_keyword = false;
    let mut after_dot = false;
    // `::` just before: a path segment (`::mcp_content::__private_0_1`), not a local.
    let mut colons = 0;
    for token in tokens {
        match token {
            TokenTree::Group(group) => {
                after_item_keyword = false;
                after_dot = false;
                colons = 0;
                collect(group.stream(), used, (&mut *declared, &mut *fields));
            }
            TokenTree::Ident(ident) => {
                let name = ident.to_string();
                if after_item_keyword {
                    declared.insert(name.clone());
                }
                if after_dot {
                    fields.insert(name.clone());
                }
                if colons < 2 && is_generated_local(&name) {
                    used.insert(name.clone());
                }
                after_item_keyword = ITEM_KEYWORDS.contains(&name.as_str());
                after_dot = false;
                colons = 0;
            }
            TokenTree::Punct(punct) => {
                after_item_keyword = false;
                after_dot = punct.as_char() == '.';
                colons = if punct.as_char() == ':' {
                    colons + 1
                } else {
                    0
                };
            }
            TokenTree::Literal(_) => {
                after_item_keyword = false;
                after_dot = false;
                colons = 0;
            }
        }
    }
}

/// The derive's local names: `__` and then a lowercase ASCII letter (its items and constants
/// are `__Slots`, `__A`, `__TEMPLATE_0`).
fn is_generated_local(name: &str) -> bool {
    name.strip_prefix("__")
        .and_then(|rest| rest.bytes().next())
        .is_some_and(|first| first.is_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locals_get_a_shadow_and_items_do_not() {
        let items = quote! {
            use ::x::__private_0_1 as __p;
            fn __offer_a(__s: &mut __Slots, __i: usize) { let __e_note = __p::x(&mut __s.__s_a); }
            static __TEMPLATE_0: u8 = 0;
        };
        let shadows = shadow_locals(&items).to_string();
        for local in ["__s", "__i", "__e_note"] {
            assert!(shadows.contains(&format!("fn {local} ()")), "{shadows}");
        }
        for item in [
            "__p",
            "__offer_a",
            "__private_0_1",
            "__Slots",
            "__TEMPLATE_0",
        ] {
            assert!(!shadows.contains(&format!("fn {item} ()")), "{shadows}");
        }
    }
}
