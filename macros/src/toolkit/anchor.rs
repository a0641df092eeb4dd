//! Where the generated code sits, for rustc's incremental compilation.
//!
//! rustc hashes the spans of every item it checks. A span of the macro's own expansion
//! (`Span::call_site()`, `Span::mixed_site()`: every token `quote!` writes) hashes the place of
//! the macro call in the file, so once an edit moves the text above a handler, rustc checks
//! all its generated bodies again (and those of every handler after it: about 25 bodies per
//! handler, where the user wrote one). A span of the input hashes as an offset into the item
//! that holds it, which stays the same when the item moves. So the expansion's own tokens are
//! given input spans: the first token of the input, and for groups and `;` the last one (an
//! item's span then runs from the start of the input to its end, and holds every input token
//! the expansion carries). Name resolution does not change: the call site resolves as the input
//! does; locals are named apart from the user's (see `handler::emit::local`).
//!
//! `proc_macro` has no stable way to compare spans, so the expansion's tokens are told by their
//! syntax context, the `#N` that `Debug` of a span starts with; if a compiler prints spans in
//! another form, the output is left as it is (correct, only rebuilt more often).

use proc_macro2::{Group, Span, TokenStream, TokenTree};

/// `output` with the expansion's own tokens placed in `input` (see the module docs).
pub(crate) fn anchor(output: TokenStream, input: &TokenStream) -> TokenStream {
    let own = [context(Span::call_site()), context(Span::mixed_site())];
    let (Some(first), Some(last)) = (
        input.clone().into_iter().next(),
        input.clone().into_iter().last(),
    ) else {
        return output;
    };
    // An expansion with errors keeps its spans: they say where the errors are.
    if own.iter().any(Option::is_none) || context(first.span()).is_none() || has_errors(&output) {
        return output;
    }
    place(output, &own, first.span(), last.span())
}

fn place(tokens: TokenStream, own: &[Option<String>; 2], first: Span, last: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|tree| {
            let mine = own.contains(&context(tree.span()));
            match tree {
                TokenTree::Group(group) => {
                    let mut new =
                        Group::new(group.delimiter(), place(group.stream(), own, first, last));
                    new.set_span(if mine { last } else { group.span() });
                    TokenTree::Group(new)
                }
                // An item that ends in `;` (a `const`, a `use`) ends at the input's end too.
                TokenTree::Punct(mut punct) => {
                    if mine {
                        punct.set_span(if punct.as_char() == ';' { last } else { first });
                    }
                    TokenTree::Punct(punct)
                }
                mut other => {
                    if mine {
                        other.set_span(first);
                    }
                    other
                }
            }
        })
        .collect()
}

/// Whether `tokens` call `compile_error!`.
fn has_errors(tokens: &TokenStream) -> bool {
    tokens.clone().into_iter().any(|tree| match tree {
        TokenTree::Ident(ident) => ident == "compile_error",
        TokenTree::Group(group) => has_errors(&group.stream()),
        _ => false,
    })
}

/// The syntax context of `span` (`#3` of `#3 bytes(10..20)`), or `None` when spans print in
/// another form.
fn context(span: Span) -> Option<String> {
    let text = format!("{span:?}");
    let (context, rest) = text.split_once(' ')?;
    (context.starts_with('#') && rest.starts_with("bytes(")).then(|| context.to_owned())
}
