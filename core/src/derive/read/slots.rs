//! The slot of each block field: `One` (exactly one block), `Opt` (an `Option` field),
//! `Many` (a `Vec` field); what a field still waits for is named by `take`.

use super::errors::note_open;
use crate::wire::error::ReadError;

/// The slot of a block field.
pub trait Slot: Default {
    /// One element (one block's value).
    type Item;
    /// The field's value.
    type Value;
    /// Whether another block fits.
    fn has_room(&self) -> bool;
    /// Stores a block's value.
    fn put(&mut self, item: Self::Item);
    /// The field's value once every block was offered; `what` describes the block a
    /// single-block field waits for ("a text").
    fn take(self, field: &str, what: &str) -> Result<Self::Value, ReadError>;
}

/// Exactly one block.
pub struct One<T>(Option<T>);
/// At most one block (an `Option` field).
pub struct Opt<T>(Option<T>);
/// Any number of blocks (a `Vec` field).
pub struct Many<T>(Vec<T>);

impl<T> Default for One<T> {
    fn default() -> Self {
        Self(None)
    }
}
impl<T> Default for Opt<T> {
    fn default() -> Self {
        Self(None)
    }
}
impl<T> Default for Many<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<T> Slot for One<T> {
    type Item = T;
    type Value = T;
    fn has_room(&self) -> bool {
        self.0.is_none()
    }
    fn put(&mut self, item: T) {
        self.0 = Some(item);
    }
    fn take(self, field: &str, what: &str) -> Result<T, ReadError> {
        self.0.ok_or_else(|| {
            ReadError::message(
                "content",
                format!("field `{field}` expects {what} block; found none"),
            )
        })
    }
}

impl<T> Slot for Opt<T> {
    type Item = T;
    type Value = Option<T>;
    fn has_room(&self) -> bool {
        self.0.is_none()
    }
    fn put(&mut self, item: T) {
        self.0 = Some(item);
    }
    fn take(self, field: &str, what: &str) -> Result<Option<T>, ReadError> {
        if self.0.is_none() {
            note_open(field, what);
        }
        Ok(self.0)
    }
}

impl<T> Slot for Many<T> {
    type Item = T;
    type Value = Vec<T>;
    fn has_room(&self) -> bool {
        true
    }
    fn put(&mut self, item: T) {
        self.0.push(item);
    }
    fn take(self, field: &str, what: &str) -> Result<Vec<T>, ReadError> {
        note_open(field, what);
        Ok(self.0)
    }
}
