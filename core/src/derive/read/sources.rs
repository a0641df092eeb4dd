//! The places a field's value is read from besides its own block: template variables,
//! `_meta` entries, a block's parts. A field with no block of its own is read from them
//! ([`Param`]); a field read from several places is read from each, and they must agree
//! ([`Param::agree`], [`Agree`] for a text block field, [`super::places::Places`] for any
//! other block field).

use serde_json::value::RawValue;

use super::errors::{cannot_read, shorten, type_name};
use super::same::SameValue;
use super::values::template_var;
use crate::derive::AttributeField;
use crate::model::meta::Meta;
use crate::wire::error::ReadError;

/// Where a `_meta` value was read, for errors.
#[derive(Clone, Copy)]
pub enum At {
    /// The result's `_meta`.
    Result,
    /// The `_meta` of block `n`.
    Block(usize),
    /// The `_meta` of the contents of embedded resource block `n`.
    Contents(usize),
}

impl At {
    pub(super) fn meta_path(self, key: &str) -> String {
        match self {
            // The reader's path style: keys joined with `.` (as `read_json` and `validate()`
            // name the same place).
            At::Result => format!("_meta.{key}"),
            At::Block(index) => format!("content[{index}]._meta.{key}"),
            At::Contents(index) => format!("content[{index}].resource._meta.{key}"),
        }
    }
}

/// Where a field's value was read from, for the error when two sources disagree.
#[derive(Clone, Copy)]
pub enum From {
    /// A variable of the URI of resource block `n`.
    Uri(usize),
    /// A `_meta` entry.
    Meta(At, &'static str),
    /// A part of block `n` (`annotations.priority`, `mimeType`, `name`…).
    Part(usize, &'static str),
}

impl From {
    /// The block the place is in (`None` for the result's `_meta`).
    pub(super) fn index(self) -> Option<usize> {
        match self {
            From::Uri(index)
            | From::Part(index, _)
            | From::Meta(At::Block(index) | At::Contents(index), _) => Some(index),
            From::Meta(At::Result, _) => None,
        }
    }

    pub(super) fn path(self) -> String {
        match self {
            From::Uri(index) => format!("content[{index}].resource.uri"),
            From::Meta(at, key) => at.meta_path(key),
            From::Part(index, part) => format!("content[{index}].{part}"),
        }
    }
}

/// The slot of a field that has no block of its own: read from the values attributes take
/// from it (template variables, `_meta` values, MIME types, annotations…). A field with one
/// source is filled with `fill*`; one with several through [`Param::agree`], one `Source`
/// per place: every place must hold what the value read first writes there (they were all
/// written from the one field).
pub struct Param<T> {
    value: Option<T>,
    from: Option<From>,
}

impl<T> Default for Param<T> {
    fn default() -> Self {
        Self {
            value: None,
            from: None,
        }
    }
}

impl<T> Param<T> {
    /// Fills the slot from a typed value, when it is still empty. `from_value` is the field
    /// type's conversion (`AttributeField::from_value`, `MimeField::from_mime`), named by the
    /// generated code at the field's type, where a wrong type is reported once.
    pub fn fill<X>(&mut self, value: Option<X>, from_value: fn(X) -> T) {
        if self.value.is_none()
            && let Some(value) = value
        {
            self.value = Some(from_value(value));
        }
    }

    /// Fills the slot from a template variable of the URI of block `index`. `read` is the
    /// field type's `TemplateVariable::from_var`, named by the generated code at the field's
    /// type (as `from_value` in [`Param::fill`]), so a wrong type is one error there.
    pub fn fill_text<X>(
        &mut self,
        vars: &[(String, String)],
        index: usize,
        name: &str,
        read: fn(&str) -> Result<X, String>,
    ) -> Result<(), ReadError>
    where
        T: AttributeField<X>,
    {
        if self.value.is_none()
            && let Some(text) = template_var(vars, name)
        {
            self.value = Some(T::from_value(read_var(text, index, name, read)?));
        }
        Ok(())
    }

    /// Fills the slot from the `_meta` entry `key` of `meta` (found `at`); `read` is the
    /// field type's `MetaValue::from_meta` (see [`Param::fill_text`]).
    pub fn fill_meta<'m, X>(
        &mut self,
        meta: impl Into<Option<&'m Meta>>,
        key: &'static str,
        at: At,
        field: &str,
        read: MetaRead<X>,
    ) -> Result<(), ReadError>
    where
        T: AttributeField<X>,
    {
        if self.value.is_none()
            && let Some(value) = read_meta(meta.into(), key, at, field, read)?
        {
            self.value = Some(T::from_value(value));
        }
        Ok(())
    }

    /// Reads one place of a field with several sources: the first place gives the value (or
    /// says there is none), every later one must hold what that value writes there, and
    /// nothing where there is none (else an error naming both places).
    pub fn agree<S: Source<T>>(&mut self, source: S, field: &str) -> Result<(), ReadError> {
        let found = source.found();
        let from = source.from();
        let agrees = match (self.from, &self.value) {
            (None, _) => {
                self.value = source.read(field)?;
                self.from = Some(from);
                return Ok(());
            }
            (Some(_), Some(first)) => found && source.holds(first),
            (Some(_), None) => !found,
        };
        match self.from {
            Some(first_from) if !agrees => Err(disagree(field, first_from, from)),
            _ => Ok(()),
        }
    }

    /// The field's value once every source was read: `from` says where it was expected.
    pub fn take<X>(self, field: &str, from: &str) -> Result<T, ReadError>
    where
        T: AttributeField<X>,
    {
        match self.value {
            Some(value) => Ok(value),
            None => T::when_absent().ok_or_else(|| {
                ReadError::message(
                    "content",
                    format!("field `{field}` is missing: expected it {from}"),
                )
            }),
        }
    }
}

/// One place a field with several sources is read from, compared as written: the value read
/// from the first place is written again in this place's form, with the conversion the writer
/// used there (`TemplateVariable::var_text`, `MetaValue::to_meta`, a field trait's
/// `to_option`), and must equal what the place holds. So a field's type needs nothing beyond
/// what writing and reading it ask: no `Clone`, no `PartialEq`.
pub trait Source<T> {
    /// Where the place is, for errors.
    fn from(&self) -> From;
    /// Whether the place holds a value: a place written from `None` holds none (a template
    /// variable a query expression leaves out, a `_meta` entry or a part not written), and
    /// one written from a value always holds one.
    fn found(&self) -> bool;
    /// Whether `first`, a value read from another place, writes what this place holds
    /// (asked when it holds one).
    fn holds(&self, first: &T) -> bool;
    /// The field's value from this place; `None` when it holds none.
    fn read(self, field: &str) -> Result<Option<T>, ReadError>;
}

fn disagree(field: &str, first: From, second: From) -> ReadError {
    ReadError::message(
        second.path(),
        format!(
            "field `{field}` is read from two places that disagree: {} and {} (both are written from this one field, so they must be equal)",
            first.path(),
            second.path()
        ),
    )
}

/// A typed value a block carries (`annotations.priority`, `mimeType`, a link's `name` or
/// `size`), with the field trait's conversions both ways.
pub struct Part<X, T> {
    value: Option<X>,
    from: From,
    from_value: fn(X) -> T,
    to_option: fn(&T) -> Option<X>,
}

/// The `Source` of the value `part` of block `index`.
pub fn part<X, T>(
    value: Option<X>,
    (index, part): (usize, &'static str),
    from_value: fn(X) -> T,
    to_option: fn(&T) -> Option<X>,
) -> Part<X, T> {
    Part {
        value,
        from: From::Part(index, part),
        from_value,
        to_option,
    }
}

impl<X: SameValue, T> Source<T> for Part<X, T> {
    fn from(&self) -> From {
        self.from
    }
    fn found(&self) -> bool {
        self.value.is_some()
    }
    fn holds(&self, first: &T) -> bool {
        (self.to_option)(first).same_value(&self.value)
    }
    fn read(self, _: &str) -> Result<Option<T>, ReadError> {
        Ok(self.value.map(self.from_value))
    }
}

/// A variable of the URI of resource block `index`, with the field type's
/// `TemplateVariable` conversions.
pub struct Var<'v, X> {
    text: Option<&'v str>,
    index: usize,
    name: &'v str,
    read: fn(&str) -> Result<X, String>,
    write: fn(&X) -> Option<String>,
}

/// The `Source` of template variable `name` in `vars`, the variables of block `index`.
pub fn var<'v, X>(
    (vars, index): (&'v [(String, String)], usize),
    name: &'v str,
    from_var: fn(&str) -> Result<X, String>,
    var_text: fn(&X) -> Option<String>,
) -> Var<'v, X> {
    Var {
        text: template_var(vars, name),
        index,
        name,
        read: from_var,
        write: var_text,
    }
}

impl<X, T: AttributeField<X>> Source<T> for Var<'_, X> {
    fn from(&self) -> From {
        From::Uri(self.index)
    }
    fn found(&self) -> bool {
        self.text.is_some()
    }
    fn holds(&self, first: &T) -> bool {
        first.as_value().and_then(self.write).as_deref() == self.text
    }
    fn read(self, _: &str) -> Result<Option<T>, ReadError> {
        self.text
            .map(|text| read_var(text, self.index, self.name, self.read).map(T::from_value))
            .transpose()
    }
}

/// A `_meta` entry, with the field type's `MetaValue` conversions.
pub struct MetaEntry<'m, X> {
    meta: Option<&'m Meta>,
    key: &'static str,
    at: At,
    from_meta: MetaRead<X>,
    to_meta: fn(&X) -> Option<serde_json::Value>,
}

impl<X> MetaEntry<'_, X> {
    fn raw(&self) -> Option<&RawValue> {
        self.meta?.get(self.key)
    }
}

/// The `Source` of the `_meta` entry `key` of `meta` (found `at`).
pub fn meta_entry<'m, X>(
    (meta, at): (impl Into<Option<&'m Meta>>, At),
    key: &'static str,
    from_meta: MetaRead<X>,
    to_meta: fn(&X) -> Option<serde_json::Value>,
) -> MetaEntry<'m, X> {
    MetaEntry {
        meta: meta.into(),
        key,
        at,
        from_meta,
        to_meta,
    }
}

impl<X, T: AttributeField<X>> Source<T> for MetaEntry<'_, X> {
    fn from(&self) -> From {
        From::Meta(self.at, self.key)
    }
    fn found(&self) -> bool {
        self.raw().is_some()
    }
    fn holds(&self, first: &T) -> bool {
        // Compared as JSON values: the entry was written from `to_meta`'s value.
        let found = self
            .raw()
            .and_then(|raw| crate::wire::value_text::parse_value(raw.get()).ok());
        found.is_some() && first.as_value().and_then(self.to_meta) == found
    }
    fn read(self, field: &str) -> Result<Option<T>, ReadError> {
        let value = read_meta(self.meta, self.key, self.at, field, self.from_meta)?;
        Ok(value.map(T::from_value))
    }
}

/// The places a text-valued block field (a text block, a text resource's contents, a link's
/// URI) is written to (its block, URI template variables, a link's parts, `_meta` entries…),
/// compared as written: each is the value's text, so they are equal when they come from one
/// value. A place written from `None` holds nothing, and must agree with the others on that.
#[derive(Default)]
pub struct Agree(Option<(Option<String>, From)>);

impl Agree {
    /// Records the text found `from`, or fails when it differs from one found before;
    /// `None` says nothing (a block that is not the field's).
    pub fn agree(&mut self, text: Option<&str>, from: From, field: &str) -> Result<(), ReadError> {
        match text {
            Some(text) => self.place(Some(text), from, field),
            None => Ok(()),
        }
    }

    /// [`Agree::agree`] for a value a block carries (a template variable, a link's part, a
    /// MIME type, `lastModified`): `None` is a place that holds nothing.
    pub fn agree_part(
        &mut self,
        text: Option<String>,
        from: From,
        field: &str,
    ) -> Result<(), ReadError> {
        if self.0.is_none() {
            self.0 = Some((text, from));
            return Ok(());
        }
        self.place(text.as_deref(), from, field)
    }

    /// [`Agree::agree_part`] for the `_meta` entry `key` of `meta` (found `at`): read with
    /// the field type's `MetaValue::from_meta`, then compared as the text its block holds
    /// (`display_text`, the text writer's conversion).
    pub fn agree_meta<'m, X>(
        &mut self,
        (meta, at): (impl Into<Option<&'m Meta>>, At),
        key: &'static str,
        field: &str,
        (from_meta, display_text): (MetaRead<X>, fn(X) -> String),
    ) -> Result<(), ReadError> {
        let text = read_meta(meta.into(), key, at, field, from_meta)?.map(display_text);
        self.agree_part(text, From::Meta(at, key), field)
    }

    /// Once the blocks are read, for an `Option` field: when its block is `absent`, no other
    /// place may hold a value (a `None` writes nothing anywhere); `kind` names the block.
    pub fn no_block(&self, absent: bool, field: &str, kind: &str) -> Result<(), ReadError> {
        match &self.0 {
            Some((Some(text), from)) if absent => Err(ReadError::message(
                from.path(),
                format!(
                    "field `{field}` is read from two places that disagree: no {kind} block in content and {:?} at {} \
                     (both are written from this one field, so they must be equal)",
                    shorten(text),
                    from.path()
                ),
            )),
            _ => Ok(()),
        }
    }

    fn place(&mut self, text: Option<&str>, from: From, field: &str) -> Result<(), ReadError> {
        let Some((first, first_from)) = &self.0 else {
            self.0 = Some((text.map(str::to_owned), from));
            return Ok(());
        };
        if first.as_deref() == text {
            return Ok(());
        }
        let quoted = |text: Option<&str>| {
            text.map_or_else(|| "nothing".to_owned(), |t| format!("{:?}", shorten(t)))
        };
        Err(ReadError::message(
            from.path(),
            format!(
                "field `{field}` is read from two places that disagree: {} at {} and {} at {} (both are written from this one field, so they must be equal)",
                quoted(first.as_deref()),
                first_from.path(),
                quoted(text),
                from.path()
            ),
        ))
    }
}

/// `MetaValue::from_meta` of a field type.
type MetaRead<X> = fn(&RawValue) -> Result<X, serde_json::Error>;

fn read_var<X>(
    text: &str,
    index: usize,
    name: &str,
    read: fn(&str) -> Result<X, String>,
) -> Result<X, ReadError> {
    read(text).map_err(|e| {
        ReadError::message(
            format!("content[{index}].resource.uri"),
            format!("field `{name}`: {}", cannot_read::<X>(text, &e)),
        )
    })
}

fn read_meta<X>(
    meta: Option<&Meta>,
    key: &str,
    at: At,
    field: &str,
    read: MetaRead<X>,
) -> Result<Option<X>, ReadError> {
    let Some(value) = meta.and_then(|meta| meta.get(key)) else {
        return Ok(None);
    };
    read(value).map(Some).map_err(|e| {
        ReadError::message(
            at.meta_path(key),
            format!(
                "field `{field}`: cannot read {value} as {}: {e}",
                type_name::<X>()
            ),
        )
    })
}
