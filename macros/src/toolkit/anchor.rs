//! Where the generated code sits, for rustc's incremental compilation.
//!
//! rustc hashes the spans of every item it checks. A span of the macro's own expansion
//! (`Span::call_site()`: every token `quote!` writes) hashes the place of the macro call in
//! the file, so once an edit moves the text above a handler, rustc checks all its generated
//! bodies again (and those of every handler after it: about 25 bodies per handler, where the
//! user wrote one). A span of the input hashes as an offset into the item that holds it,
//! which stays the same when the item moves. So the expansion's own tokens are given input
//! spans: the first token of the input, and for groups and `;` the last one (an item's span
//! then runs from the start of the input to its end, and holds every input token the
//! expansion carries). Name resolution does not change: the call site resolves as the input
//! does; generated locals are named apart from the user's (see `handler::emit::local`).
//!
//! `proc_macro` has no stable way to compare spans: the expansion's own tokens are those at
//! the place of the call (line and column), where no input token is.

use std::cell::Cell;

use proc_macro2::{Group, Span, TokenStream, TokenTree};

thread_local! {
    /// The first token of the input being expanded, while [`anchored`] runs.
    static SITE: Cell<Option<Span>> = const { Cell::new(None) };
}

/// Where generated tokens that keep an input's place take their hygiene: the input's first
/// token while a macro expands (see [`anchored`]), else the call site.
pub(crate) fn site() -> Span {
    SITE.get().unwrap_or_else(Span::call_site)
}

/// The output of `expand` (a macro expanding `input`), its own tokens placed in `input` (see
/// the module docs). An expansion with errors keeps its spans: they say where the errors are.
pub(crate) fn anchored(input: &TokenStream, expand: impl FnOnce() -> TokenStream) -> TokenStream {
    // Not a place left by an expansion that panicked.
    SITE.set(None);
    let mut trees = input.clone().into_iter();
    let (Some(first), Some(last)) = (trees.next().map(|tree| tree.span()), trees.last()) else {
        return expand();
    };
    if !proc_macro::is_available() {
        return expand();
    }
    SITE.set(Some(first));
    let output = expand();
    SITE.set(None);
    let call = Span::call_site().unwrap();
    let mut place = Place {
        call: (call.line(), call.column()),
        by_line: !on_line(input, call.line()),
        first,
        last: last.span(),
        errors: false,
    };
    let (placed, _) = place.tokens(output.clone());
    if place.errors { output } else { placed }
}

/// Whether a token of `tokens` is on line `line`.
fn on_line(tokens: &TokenStream, line: usize) -> bool {
    tokens.clone().into_iter().any(|tree| {
        let span = tree.span().unwrap();
        span.line() == line
            || span.end().line() == line
            || matches!(tree, TokenTree::Group(group) if on_line(&group.stream(), line))
    })
}

/// One pass over the output: the spans set, and whether it calls `compile_error!`.
struct Place {
    /// Line and column of the call site.
    call: (usize, usize),
    /// No input token is on the call site's line: the line tells the expansion's tokens.
    by_line: bool,
    first: Span,
    last: Span,
    errors: bool,
}

impl Place {
    /// `tokens` placed, and whether any of them moved: a stream of input tokens alone is
    /// given back as it was (a group rebuilt would lose its own delimiters' spans, where
    /// rustc points for a missing tail expression and the like).
    fn tokens(&mut self, tokens: TokenStream) -> (TokenStream, bool) {
        let mut changed = false;
        let trees: Vec<TokenTree> = tokens
            .clone()
            .into_iter()
            .map(|tree| {
                let (tree, moved) = self.tree(tree);
                changed |= moved;
                tree
            })
            .collect();
        if changed {
            (trees.into_iter().collect(), true)
        } else {
            (tokens, false)
        }
    }

    fn tree(&mut self, tree: TokenTree) -> (TokenTree, bool) {
        let at = tree.span().unwrap();
        // The column only where the line is the call's and input shares it.
        let mine = at.line() == self.call.0 && (self.by_line || at.column() == self.call.1);
        let (first, last) = (self.first, self.last);
        match tree {
            TokenTree::Group(group) => {
                let (inner, changed) = self.tokens(group.stream());
                if !mine && !changed {
                    return (TokenTree::Group(group), false);
                }
                let mut new = Group::new(group.delimiter(), inner);
                new.set_span(if mine { last } else { group.span() });
                (TokenTree::Group(new), true)
            }
            // An item that ends in `;` (a `const`, a `use`) ends at the input's end too.
            TokenTree::Punct(mut punct) => {
                if mine {
                    punct.set_span(if punct.as_char() == ';' { last } else { first });
                }
                (TokenTree::Punct(punct), mine)
            }
            TokenTree::Ident(mut ident) => {
                self.errors |= ident == "compile_error";
                if mine {
                    ident.set_span(first);
                }
                (TokenTree::Ident(ident), mine)
            }
            TokenTree::Literal(mut literal) => {
                if mine {
                    literal.set_span(first);
                }
                (TokenTree::Literal(literal), mine)
            }
        }
    }
}
