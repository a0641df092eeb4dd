//! The request's [`Context`] as a handler parameter: the trait a `#[context]` parameter's type
//! is read through, and the probe that names a `Context` under another name (a type alias)
//! that a handler attribute could not see, and so would read as an argument.
//!
//! A handler attribute knows a parameter's type by its spelling only: `Context`, `&Context`
//! and paths ending in `Context` are the request's context, anything else an argument. For
//! every argument the generated code asks [`ArgumentProbe`] whether the type is `Context` after
//! all: then the one error says to mark the parameter `#[context]`. So that this stays the only
//! error, `Context` implements the argument traits, with readers that never run (the program
//! does not compile).

use std::marker::PhantomData;

use schemars::Schema;
use schemars::generate::SchemaGenerator;

use crate::server::glue::{DeclaredParameter, ToolArguments, ToolParameter};
use crate::server::handler::Context;
use crate::server::text_params::{FromPromptArgument, FromTemplateVariable};

/// A `#[context]` parameter's type: the request's context, by value (a clone) or by reference.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not the request's context: a `#[context]` parameter is `Context` or `&Context`",
    label = "not `Context` or `&Context`",
    note = "a parameter whose type is written `Context` (or that is marked `#[context]`) is the request's context; leave `#[context]` out of a parameter read from the request, and give a type of your own named `Context` another name where the handler uses it (`use crate::Context as Settings;`)"
)]
pub trait ContextParameter<'a>: Sized {
    /// The parameter's value for the request `context`.
    fn from_context(context: &'a Context) -> Self;
}

impl ContextParameter<'_> for Context {
    #[inline]
    fn from_context(context: &Context) -> Self {
        context.clone()
    }
}

impl<'a> ContextParameter<'a> for &'a Context {
    #[inline]
    fn from_context(context: &'a Context) -> Self {
        context
    }
}

/// Asks, by method lookup, whether an argument's type `T` is the request's context:
/// `(&ArgumentProbe::<T>::new()).probe()` finds [`ContextAsArgument`] for `Context`, else
/// [`PlainArgument`], and [`NotContext::refuse_context`] refuses the former.
pub struct ArgumentProbe<T>(PhantomData<T>);

impl<T> ArgumentProbe<T> {
    /// The probe of `T`.
    #[inline]
    #[must_use]
    pub fn new() -> Self {
        Self(PhantomData)
    }
}

impl<T> Default for ArgumentProbe<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// The request's context where an argument was expected.
pub struct ContextUnderAnotherName;

/// Any other argument type.
pub struct PlainType;

/// The probe's answer for `Context` (found first: its receiver is the probe by reference).
pub trait ContextAsArgument {
    /// `Context` is no argument.
    fn probe(&self) -> ContextUnderAnotherName {
        ContextUnderAnotherName
    }
}

impl ContextAsArgument for ArgumentProbe<Context> {}

/// The probe's answer for every other type (found after one more reference).
pub trait PlainArgument {
    /// Any other type may be one.
    fn probe(&self) -> PlainType {
        PlainType
    }
}

impl<T> PlainArgument for &ArgumentProbe<T> {}

/// An argument type that is not the request's context.
#[diagnostic::on_unimplemented(
    message = "this parameter is the request's `Context` under another name: mark it `#[context]`",
    label = "the request's context, read as an argument",
    note = "a parameter whose type is written `Context` or `&Context` is the request's context; under another name (a type alias) it needs `#[context]`"
)]
pub trait NotContext: Sized {
    /// Refuses, at the argument's type, the request's context read as an argument.
    #[inline]
    fn refuse_context(self) {}
}

#[diagnostic::do_not_recommend]
impl NotContext for PlainType {}

// `Context` as an argument is refused by `refuse_context`; these impls keep that the only error
// (a refused program never calls them). Not recommended: an error about another type does
// not point at them.
#[diagnostic::do_not_recommend]
impl ToolParameter for Context {
    fn take(_: &mut ToolArguments, _: &str) -> Option<Self> {
        None
    }
    fn schema(_: &mut SchemaGenerator) -> (Schema, bool) {
        (Schema::default(), true)
    }
}

#[diagnostic::do_not_recommend]
impl DeclaredParameter for Context {
    fn take(_: &mut ToolArguments, _: &str) -> Option<Self> {
        None
    }
}

#[diagnostic::do_not_recommend]
impl FromPromptArgument for Context {
    fn parse(_: &str) -> Result<Self, String> {
        Err(String::from("the request's context is not an argument"))
    }
}

#[diagnostic::do_not_recommend]
impl FromTemplateVariable for Context {
    fn parse(_: &str) -> Result<Self, String> {
        Err(String::from(
            "the request's context is not a template variable",
        ))
    }
}
