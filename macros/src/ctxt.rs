//! The error accumulator: every stage reports into one `Ctxt`, so all mistakes in an item
//! are reported together instead of the first one only (serde's `internals/ctxt.rs`).

use std::fmt::Display;

use proc_macro2::Span;
use quote::ToTokens;

/// Collects errors; [`Ctxt::check`] combines them into one `syn::Error`.
#[derive(Default)]
pub(crate) struct Ctxt {
    errors: Vec<syn::Error>,
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
