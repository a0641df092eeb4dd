//! A block field that is also written to other places (a `_meta` entry, a URI template
//! variable, a link's part, a MIME type, an annotation) and whose block is not compared as
//! text ([`super::Agree`]): a list fanned out into blocks, a `text(json)` value, bytes, an
//! annotation value. What each place holds is kept while the blocks are read; once the field's
//! value is read from its blocks, it is written again in each place's form, with the
//! conversion the writer used there, and must equal what the place holds.

use serde_json::Value;

use super::errors::shorten;
use super::same::SameValue;
use super::sources::From;
use crate::model::annotations::Role;
use crate::model::meta::Meta;
use crate::model::validated::{MimeType, Priority, Timestamp};
use crate::wire::error::ReadError;

/// What a place holds (`None`: nothing), as read from a block or the result, or as the
/// field's value writes it there.
#[derive(PartialEq, Debug)]
pub enum Found {
    /// A `_meta` entry.
    Json(Option<Value>),
    /// A template variable or a link's `name`, `title`, `description`.
    Text(Option<String>),
    /// A link's `size`.
    Size(Option<u64>),
    /// A `mimeType`.
    Mime(Option<MimeType>),
    /// `annotations.audience`.
    Audience(Option<Vec<Role>>),
    /// `annotations.priority`.
    Priority(Option<Priority>),
    /// `annotations.lastModified`.
    Time(Option<Timestamp>),
}

impl Found {
    /// Whether `self` and `other` are one value as written: equal, except that two timestamps
    /// naming one instant (`…Z` and `…+00:00`) are one value (see [`SameValue`]).
    pub fn same_value(&self, other: &Found) -> bool {
        match (self, other) {
            (Found::Time(a), Found::Time(b)) => a.same_value(b),
            _ => self == other,
        }
    }
}

/// A value a place holds, as a [`Found`].
pub trait IntoFound {
    /// The value as a [`Found`].
    fn into_found(self) -> Found;
}

macro_rules! into_found {
    ($($ty:ty => $variant:ident),* $(,)?) => {$(
        impl IntoFound for Option<$ty> {
            #[inline]
            fn into_found(self) -> Found {
                Found::$variant(self)
            }
        }
    )*};
}

into_found!(
    Value => Json,
    String => Text,
    u64 => Size,
    MimeType => Mime,
    Vec<Role> => Audience,
    Priority => Priority,
    Timestamp => Time,
);

/// `value` as a [`Found`].
#[inline]
pub fn found<V: IntoFound>(value: V) -> Found {
    value.into_found()
}

/// The `_meta` entry `key` of `meta`, as JSON.
pub fn meta_json<'m>(meta: impl Into<Option<&'m Meta>>, key: &str) -> Option<Value> {
    let raw = meta.into()?.get(key)?;
    // At any depth: `serde_json::from_str` fails past 128 levels, and the entry would read
    // as absent.
    crate::wire::value_text::parse_value(raw.get()).ok()
}

/// The text a template match gave `name`.
pub fn var_text(vars: &[(String, String)], name: &str) -> Option<String> {
    super::values::template_var(vars, name).map(str::to_owned)
}

/// The blocks a block field took, what each other place it is written to holds, and what
/// its value writes there.
#[derive(Default)]
pub struct Places {
    blocks: Vec<usize>,
    seen: Vec<(usize, Found, From)>,
    written: Vec<(usize, Found)>,
}

impl Places {
    /// The field took the block at `index`.
    #[inline]
    pub fn took(&mut self, index: usize) {
        self.blocks.push(index);
    }

    /// Place number `place` of the field (one of the attributes that take its value) holds
    /// `value`, found `from`.
    #[inline]
    pub fn seen(&mut self, place: usize, value: Found, from: From) {
        self.seen.push((place, value, from));
    }

    /// What the field's value, read from its blocks, writes in place number `place`.
    #[inline]
    pub fn written(&mut self, place: usize, value: Found) {
        self.written.push((place, value));
    }

    /// Every place seen holds what the field's value writes there; else an error naming the
    /// field's blocks and the first place (in the order read) that disagrees. `kind` and
    /// `part` name the blocks ("text", ".text").
    pub fn check(&self, field: &str, (kind, part): (&str, &str)) -> Result<(), ReadError> {
        let disagrees = |(place, found, _): &&(usize, Found, From)| {
            self.written
                .iter()
                .any(|(p, written)| p == place && !written.same_value(found))
        };
        let Some((_, found, from)) = self.seen.iter().find(disagrees) else {
            return Ok(());
        };
        let blocks = match self.blocks.as_slice() {
            [] => format!("no {kind} block in content"),
            [one] => format!("content[{one}]{part}"),
            [first, second] => format!("content[{first}]{part}, content[{second}]{part}"),
            [first, .., last] => format!(
                "content[{first}]{part} … content[{last}]{part} ({} blocks)",
                self.blocks.len()
            ),
        };
        let place = match found {
            Found::Json(None)
            | Found::Text(None)
            | Found::Size(None)
            | Found::Mime(None)
            | Found::Audience(None)
            | Found::Priority(None)
            | Found::Time(None) => format!("nothing at {}", from.path()),
            Found::Text(Some(text)) => format!("{:?} at {}", shorten(text), from.path()),
            _ => from.path(),
        };
        // Named at the later of the two, as the other disagreements are.
        let path = match (self.blocks.as_slice(), from.index()) {
            ([one], Some(index)) if *one > index => format!("content[{one}]{part}"),
            _ => from.path(),
        };
        Err(ReadError::message(
            path,
            format!(
                "field `{field}` is read from two places that disagree: {blocks} and {place} \
                 (both are written from this one field, so they must be equal)"
            ),
        ))
    }
}
