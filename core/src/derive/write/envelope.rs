//! What a block carries besides its body, and the result's `_meta`: the `Envelope`
//! (annotations and `_meta`) every block of a field shares, the `_meta` entries as the
//! generated code hands them over, and those `serde_json` refused, reported at the first
//! block that carries them.

use serde_json::Value;

use super::{Out, Refused};
use crate::content_traits::WriteFailure;
use crate::model::annotations::{Annotations, Role};
use crate::model::json::JsonObject;
use crate::model::meta::Meta;
use crate::model::validated::{Priority, Timestamp};

impl Out<'_> {
    /// Reports the `_meta` entries of `env` (and of a resource's contents, `contents`) that
    /// were refused, at the first block of the field, written at `start` (none when the field
    /// wrote no block: then nothing was lost).
    pub(super) fn refused_meta(
        &mut self,
        start: usize,
        env: &Envelope,
        contents: Option<&WrittenMeta>,
    ) {
        if self.blocks.len() == start {
            return;
        }
        for entry in &env.meta.refused {
            self.failures
                .push(entry.failure(&format!("content[{start}]._meta.")));
        }
        for entry in contents.map_or(&[][..], |c| &c.refused) {
            self.failures
                .push(entry.failure(&format!("content[{start}].resource._meta.")));
        }
    }
}

/// One `_meta` entry as the generated code hands it over: the key, the field it is taken from
/// (`""` for a literal), and its JSON: `None` when the field is `None` (left out).
pub type MetaEntry = (&'static str, &'static str, Option<Result<Value, Refused>>);

/// An entry whose value was refused.
struct RefusedEntry {
    key: &'static str,
    field: &'static str,
    refused: Refused,
}

impl RefusedEntry {
    fn failure(&self, prefix: &str) -> WriteFailure {
        WriteFailure::field(
            self.field,
            format!("{prefix}{}{}", self.key, self.refused.0.at),
            self.refused.0.message.clone(),
        )
    }
}

/// A block's or a resource's `_meta` being written: the entries, and those refused (reported
/// at the first block that carries it, whose index is known only then).
#[derive(Default)]
pub struct WrittenMeta {
    pub(super) meta: Meta,
    refused: Vec<RefusedEntry>,
}

impl WrittenMeta {
    /// This `_meta` with the literal entry `key` (a resource's `ui`) added.
    #[must_use]
    pub fn with(mut self, key: &'static str, value: Value) -> Self {
        self.meta.__insert_unchecked(key, value);
        self
    }
}

/// A block's or a resource's `_meta` from its entries (keys the compiler checked).
pub fn entries<const N: usize>(entries: [MetaEntry; N]) -> WrittenMeta {
    let mut written = WrittenMeta::default();
    for (key, field, value) in entries {
        match value {
            Some(Ok(value)) => written.meta.__insert_unchecked(key, value),
            Some(Err(refused)) => written.refused.push(RefusedEntry {
                key,
                field,
                refused,
            }),
            None => {}
        }
    }
    written
}

/// A literal `_meta` entry's value (the compiler checked it).
#[inline]
pub fn lit(value: Value) -> Option<Result<Value, Refused>> {
    Some(Ok(value))
}

/// Adds entries to the result's `_meta`; a refused value is reported at `_meta.key`.
pub fn result_meta<const N: usize>(out: &mut Out<'_>, meta: &mut Meta, entries: [MetaEntry; N]) {
    for (key, field, value) in entries {
        match value {
            Some(Ok(value)) => meta.__insert_unchecked(key, value),
            Some(Err(refused)) => out.fail(field, format!("_meta.{key}"), refused),
            None => {}
        }
    }
}

/// The annotations and `_meta` every block of a field carries: built once per distinct
/// envelope of a type (most fields share the struct's), cloned into each block.
pub struct Envelope {
    annotations: Option<Annotations>,
    meta: WrittenMeta,
}

impl Envelope {
    /// An envelope; `annotations` that carry nothing are `None`.
    pub fn new(annotations: Option<Annotations>, meta: WrittenMeta) -> Self {
        Self { annotations, meta }
    }

    /// An envelope without `_meta`.
    pub fn of(annotations: Option<Annotations>) -> Self {
        Self::new(annotations, WrittenMeta::default())
    }

    pub(super) fn parts(&self) -> (Option<Annotations>, Meta) {
        (self.annotations.clone(), self.meta.meta.clone())
    }
}

/// Block annotations from their parts; `None` when nothing is set.
pub fn annotations(
    audience: Option<Vec<Role>>,
    priority: Option<Priority>,
    last_modified: Option<Timestamp>,
) -> Option<Annotations> {
    Annotations {
        audience,
        priority,
        last_modified,
        extra: JsonObject::new(),
    }
    .into_option()
}

/// `_meta` entries (literal keys the compiler checked); `None` values are left out.
pub fn meta<const N: usize>(entries: [(&'static str, Option<Value>); N]) -> Meta {
    let mut meta = Meta::new();
    extend_meta(&mut meta, entries);
    meta
}

/// Adds entries to a result's `_meta` (`None` values are left out).
pub fn extend_meta<const N: usize>(meta: &mut Meta, entries: [(&'static str, Option<Value>); N]) {
    for (key, value) in entries {
        if let Some(value) = value {
            meta.__insert_unchecked(key, value);
        }
    }
}
