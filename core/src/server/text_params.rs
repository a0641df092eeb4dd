//! The glue of `#[prompt]` and `#[resource]` parameters: prompt arguments and URI template
//! variables are text, taken by name and parsed into the parameter's type through a trait of
//! the handler's own ([`FromPromptArgument`], [`FromTemplateVariable`]), so a type that cannot
//! be parsed is one error at the parameter's type, in the handler's words.

use serde_json::{Map, Value};

use crate::server::handler::ProtocolError;

/// Takes the prompt argument `name` as a string (`null` is absent; other JSON values in their
/// JSON spelling, as [`crate::convert::prompt_args::prompt_argument`] says) and parses it.
pub fn prompt_argument<T>(
    arguments: &mut Map<String, Value>,
    name: &str,
    parse: Parse<T>,
) -> Result<Option<T>, ProtocolError> {
    let text = match arguments.remove(name) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(text)) => text,
        Some(other) => other.to_string(),
    };
    parsed(&text, parse, "argument", name).map(Some)
}

/// The value a template match gave `name`, parsed.
pub fn template_variable<T>(
    variables: &mut Vec<(String, String)>,
    name: &str,
    parse: Parse<T>,
) -> Result<Option<T>, ProtocolError> {
    let Some(at) = variables.iter().position(|(n, _)| n == name) else {
        return Ok(None);
    };
    let (_, text) = variables.swap_remove(at);
    parsed(&text, parse, "template variable", name).map(Some)
}

/// A parameter type's parser ([`FromPromptArgument::parse`], [`FromTemplateVariable::parse`]),
/// named by the generated code at the parameter's type (where a type that cannot be parsed is
/// reported, once, with no bound of a glue function in the message).
pub type Parse<T> = fn(&str) -> Result<T, String>;

/// A `#[prompt]` parameter's type: prompt arguments are strings, parsed with `FromStr`
/// ([`FromText`](crate::FromText)). Named at the parameter's type by the generated code, so a
/// type that cannot be parsed is one error there, in the prompt's words.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `#[prompt]` argument: prompt arguments are strings, parsed with `FromStr`",
    label = "needs `FromStr` with a `Display` error",
    note = "use `String`, a number, `bool`, `char`, or a type implementing `FromStr` (in an `Option` when the argument may be left out)"
)]
pub trait FromPromptArgument: Sized {
    /// Parses the argument's text.
    fn parse(text: &str) -> Result<Self, String>;
}

#[diagnostic::do_not_recommend]
impl<T: crate::FromText> FromPromptArgument for T {
    #[inline]
    fn parse(text: &str) -> Result<Self, String> {
        T::from_text(text)
    }
}

/// A `#[resource]` parameter's type: a URI template variable is text, parsed with `FromStr`
/// ([`FromText`](crate::FromText)). Named at the parameter's type by the generated code, so a
/// type that cannot be parsed is one error there, in the resource's words.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `#[resource]` template variable: variables are text, parsed with `FromStr`",
    label = "needs `FromStr` with a `Display` error",
    note = "use `String`, a number, `bool`, `char`, or a type implementing `FromStr` (in an `Option` for a variable that may be absent, such as `{{?page}}`)"
)]
pub trait FromTemplateVariable: Sized {
    /// Parses the variable's (decoded) text.
    fn parse(text: &str) -> Result<Self, String>;
}

#[diagnostic::do_not_recommend]
impl<T: crate::FromText> FromTemplateVariable for T {
    #[inline]
    fn parse(text: &str) -> Result<Self, String> {
        T::from_text(text)
    }
}

fn parsed<T>(text: &str, parse: Parse<T>, what: &str, name: &str) -> Result<T, ProtocolError> {
    // The parser's words may quote the peer's text whole: quotations are cut.
    parse(text).map_err(|e| {
        ProtocolError::invalid_params(crate::wire::error::cut_quoted(&format!(
            "{what} `{name}`: {e}"
        )))
    })
}

/// A required value, or `-32602` naming it.
pub fn required<T>(value: Option<T>, what: &str, name: &str) -> Result<T, ProtocolError> {
    value.ok_or_else(|| ProtocolError::invalid_params(format!("missing required {what} `{name}`")))
}
