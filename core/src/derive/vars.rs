//! The field traits of URI template variables and `_meta` entries: what a field that a
//! template variable or a `_meta` key writes (and, unless `write_only`, reads back) must
//! implement, alone and when one field is both. They stand apart from the other field
//! traits because they are the two places a field's value travels outside the content
//! blocks, and they share their "both directions, one error at the field" shape.

use std::fmt::Display;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::value::RawValue;

use super::read::values::FromText;
use super::write::{Refused, to_json};

/// The field a URI template variable takes its value from (`X` of an `X` or `Option<X>`
/// field) in a type that is read back: written with `Display`, read with `FromStr`. One trait
/// for both directions, so a type missing either is one error at the field.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a URI template variable: it is written with `Display` and read back with `FromStr`",
    label = "needs `Display` and `FromStr`",
    note = "use `String`, a number, `bool`, or a type implementing both; a `#[content(write_only)]` type needs only `Display`"
)]
pub trait TemplateVariable: Sized {
    /// The variable's text (always `Some`: the shape a template takes).
    fn var_text(&self) -> Option<String>;
    /// The value from the variable's text.
    fn from_var(text: &str) -> Result<Self, String>;
}

#[diagnostic::do_not_recommend]
impl<T: Display + FromText> TemplateVariable for T {
    #[inline]
    fn var_text(&self) -> Option<String> {
        Some(self.to_string())
    }
    #[inline]
    fn from_var(text: &str) -> Result<Self, String> {
        T::from_text(text)
    }
}

/// [`TemplateVariable`] of a `#[content(write_only)]` type: `Display` only.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a URI template variable: it is written with `Display`",
    label = "needs `Display`",
    note = "use `String`, a number, `bool`, or a type implementing `Display`"
)]
pub trait TemplateVariableWrite {
    /// The variable's text (always `Some`: the shape a template takes).
    fn var_text(&self) -> Option<String>;
}

#[diagnostic::do_not_recommend]
impl<T: Display + ?Sized> TemplateVariableWrite for T {
    #[inline]
    fn var_text(&self) -> Option<String> {
        Some(self.to_string())
    }
}

/// The field a `_meta` entry takes its value from (`X` of an `X` or `Option<X>` field) in a
/// type that is read back: written with `Serialize`, read with `Deserialize`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `_meta` value: it is written with `Serialize` and read back with `Deserialize`",
    label = "needs `serde::Serialize` and `serde::Deserialize`",
    note = "derive them: `#[derive(serde::Serialize, serde::Deserialize)]`; a `#[content(write_only)]` type needs only `Serialize`"
)]
pub trait MetaValue: Sized {
    /// The value's JSON as it is written, or why `serde_json` refused it (the entry is then
    /// not written, and the error names the field and the entry); always `Some`, the shape a
    /// `_meta` entry takes.
    fn try_meta(&self) -> Option<Result<Value, Refused>>;
    /// The value's JSON, what a value read back is compared with; `None` when `serde_json`
    /// refuses it (nothing was written).
    fn to_meta(&self) -> Option<Value>;
    /// The value from its JSON.
    fn from_meta(value: &RawValue) -> Result<Self, serde_json::Error>;
}

#[diagnostic::do_not_recommend]
impl<T: Serialize + DeserializeOwned> MetaValue for T {
    #[inline]
    fn try_meta(&self) -> Option<Result<Value, Refused>> {
        Some(to_json(self))
    }
    #[inline]
    fn to_meta(&self) -> Option<Value> {
        serde_json::to_value(self).ok()
    }
    #[inline]
    fn from_meta(value: &RawValue) -> Result<Self, serde_json::Error> {
        T::deserialize(value)
    }
}

/// [`MetaValue`] of a `#[content(write_only)]` type: `Serialize` only.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `_meta` value: it is written with `Serialize`",
    label = "needs `serde::Serialize`",
    note = "derive it: `#[derive(serde::Serialize)]`"
)]
pub trait MetaValueWrite {
    /// See [`MetaValue::try_meta`].
    fn try_meta(&self) -> Option<Result<Value, Refused>>;
    /// See [`MetaValue::to_meta`].
    fn to_meta(&self) -> Option<Value>;
}

#[diagnostic::do_not_recommend]
impl<T: Serialize + ?Sized> MetaValueWrite for T {
    #[inline]
    fn try_meta(&self) -> Option<Result<Value, Refused>> {
        Some(to_json(self))
    }
    #[inline]
    fn to_meta(&self) -> Option<Value> {
        serde_json::to_value(self).ok()
    }
}

/// The field of a type that is read back which is both a URI template variable and a `_meta`
/// value: its four conversions named through this one trait, so a type that fits neither
/// use is one error at the field, not one per use.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be both a URI template variable and a `_meta` value: it is written with `Display` and `Serialize`, and read back with `FromStr` and `Deserialize`",
    label = "needs `Display`, `FromStr`, `serde::Serialize` and `serde::Deserialize`",
    note = "use `String`, a number or `bool` (each has all four), or a type implementing them; a `#[content(write_only)]` type needs only `Display` and `Serialize`"
)]
pub trait TemplateVariableAndMeta: Sized {
    /// See [`TemplateVariable::var_text`].
    fn var_text(&self) -> Option<String>;
    /// See [`TemplateVariable::from_var`].
    fn from_var(text: &str) -> Result<Self, String>;
    /// See [`MetaValue::try_meta`].
    fn try_meta(&self) -> Option<Result<Value, Refused>>;
    /// See [`MetaValue::to_meta`].
    fn to_meta(&self) -> Option<Value>;
    /// See [`MetaValue::from_meta`].
    fn from_meta(value: &RawValue) -> Result<Self, serde_json::Error>;
}

#[diagnostic::do_not_recommend]
impl<T: TemplateVariable + MetaValue> TemplateVariableAndMeta for T {
    #[inline]
    fn var_text(&self) -> Option<String> {
        TemplateVariable::var_text(self)
    }
    #[inline]
    fn from_var(text: &str) -> Result<Self, String> {
        T::from_var(text)
    }
    #[inline]
    fn try_meta(&self) -> Option<Result<Value, Refused>> {
        MetaValue::try_meta(self)
    }
    #[inline]
    fn to_meta(&self) -> Option<Value> {
        MetaValue::to_meta(self)
    }
    #[inline]
    fn from_meta(value: &RawValue) -> Result<Self, serde_json::Error> {
        T::from_meta(value)
    }
}

/// [`TemplateVariableAndMeta`] of a `#[content(write_only)]` type: `Display` and `Serialize` only.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be both a URI template variable and a `_meta` value: it is written with `Display` and `Serialize`",
    label = "needs `Display` and `serde::Serialize`",
    note = "use `String`, a number or `bool`, or a type implementing both"
)]
pub trait TemplateVariableAndMetaWrite {
    /// See [`TemplateVariableWrite::var_text`].
    fn var_text(&self) -> Option<String>;
    /// See [`MetaValueWrite::try_meta`].
    fn try_meta(&self) -> Option<Result<Value, Refused>>;
    /// See [`MetaValueWrite::to_meta`].
    fn to_meta(&self) -> Option<Value>;
}

#[diagnostic::do_not_recommend]
impl<T: TemplateVariableWrite + MetaValueWrite + ?Sized> TemplateVariableAndMetaWrite for T {
    #[inline]
    fn var_text(&self) -> Option<String> {
        TemplateVariableWrite::var_text(self)
    }
    #[inline]
    fn try_meta(&self) -> Option<Result<Value, Refused>> {
        MetaValueWrite::try_meta(self)
    }
    #[inline]
    fn to_meta(&self) -> Option<Value> {
        MetaValueWrite::to_meta(self)
    }
}
