//! The error accumulator: every stage reports into one `Ctxt`, so all mistakes in an item
//! are reported together instead of the first one only (serde's `internals/ctxt.rs`).

use std::fmt::Display;

use proc_macro2::Span;
use quote::ToTokens;

/// Collects errors; [`Ctxt::check`] combines them into one `syn::Error`.
#[derive(Default)]
pub(crate) struct Ctxt {
    errors: Vec<syn::Error>,
    /// Every word (identifier, or word of a string literal such as a URI template) of the
    /// attributes that were reported: a field they name is not reported again as unplaced.
    broken_words: Vec<String>,
}

impl Ctxt {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// An error at `tokens` (the narrowest token the mistake is about).
    pub(crate) fn error_spanned_by(&mut self, tokens: impl ToTokens, message: impl Display) {
        self.errors.push(syn::Error::new_spanned(tokens, message));
    }

    /// An error at `span`.
    pub(crate) fn error_at(&mut self, span: Span, message: impl Display) {
        self.errors.push(syn::Error::new(span, message));
    }

    /// A syntax error from syn.
    pub(crate) fn syn_error(&mut self, error: syn::Error) {
        self.errors.push(error);
    }

    /// How many errors were reported so far.
    pub(crate) fn error_count(&self) -> usize {
        self.errors.len()
    }

    /// An empty `Ctxt` for a part checked apart (an enum variant) that knows the words of
    /// the broken attributes reported so far.
    pub(crate) fn child(&self) -> Self {
        Ctxt {
            errors: Vec::new(),
            broken_words: self.broken_words.clone(),
        }
    }

    /// Runs `parse` on `attrs`; when it reports anything, the words of every `#[content]`
    /// among `attrs` are remembered (see [`Ctxt::named_by_broken_attr`]), and so is `owner`,
    /// the field they are on.
    pub(crate) fn parse_attrs<T>(
        &mut self,
        owner: Option<&syn::Ident>,
        attrs: &[syn::Attribute],
        parse: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let before = self.errors.len();
        let out = parse(self);
        if self.errors.len() > before {
            self.broken_words.extend(owner.map(ToString::to_string));
            for attr in attrs.iter().filter(|a| a.path().is_ident("content")) {
                collect_words(attr.meta.to_token_stream(), &mut self.broken_words);
            }
        }
        out
    }

    /// Whether a reported `#[content]` attribute names `field` (as a value, a part of a
    /// value or a template variable): the attribute may have used it, had it parsed, so the
    /// field's own placement is not reported too (one mistake, one error).
    pub(crate) fn named_by_broken_attr(&self, field: &str) -> bool {
        let field = field.trim_start_matches("r#");
        self.broken_words.iter().any(|word| word == field)
    }

    /// Whether nothing was reported so far.
    pub(crate) fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// All errors, combined; `Ok` when there were none.
    pub(crate) fn check(self) -> syn::Result<()> {
        let mut errors = self.errors.into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for error in errors {
            combined.combine(error);
        }
        Err(combined)
    }
}

fn collect_words(tokens: proc_macro2::TokenStream, out: &mut Vec<String>) {
    for token in tokens {
        match token {
            proc_macro2::TokenTree::Ident(ident) => {
                out.push(ident.to_string().trim_start_matches("r#").to_owned());
            }
            proc_macro2::TokenTree::Group(group) => collect_words(group.stream(), out),
            proc_macro2::TokenTree::Literal(lit) => out.extend(
                lit.to_string()
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .filter(|word| !word.is_empty())
                    .map(str::to_owned),
            ),
            proc_macro2::TokenTree::Punct(_) => {}
        }
    }
}
