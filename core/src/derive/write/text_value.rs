//! A text field's value as text: as it is, with `Display`, or as JSON text `serde_json` may
//! refuse (`TextOut`); and the probe that makes a list of bytes under a text kind one error at
//! the field's element type.

use std::fmt::Display;
use std::marker::PhantomData;

use super::Refused;

/// Text as it is.
#[inline]
pub fn string(text: String) -> String {
    text
}

/// A `text` field's type written with `Display`. The generated code names it at the field's
/// type, so a type without `Display` is one error there, in these words.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written as text: a `text` field's type implements `Display`",
    label = "needs `std::fmt::Display`",
    note = "implement `Display` for `{Self}`; or write its JSON with `text(json)` (it then needs `Serialize`), or its own blocks with `flatten` (a `#[derive(Content)]` type)"
)]
pub trait DisplayText {
    /// The text.
    fn display_text(self) -> String;
    /// The text of a borrowed value.
    fn text_of(&self) -> String;
    /// [`Self::text_of`] as a URI template variable's value, for a template variable taken
    /// from a `text` field: one trait for both, so a type without `Display` is one error.
    fn var_text(&self) -> Option<String> {
        Some(self.text_of())
    }
}

impl<T: Display> DisplayText for T {
    #[inline]
    fn display_text(self) -> String {
        self.to_string()
    }
    #[inline]
    fn text_of(&self) -> String {
        self.to_string()
    }
}

/// One element of a field that fans out into text blocks (or text resources), seen through
/// aliases: the macro refuses `Vec<u8>` as spelled, but `Vec<Byte>` with `type Byte = u8`
/// would write one block per byte. `FanOut::<T>::new().element()` picks the inherent method
/// for `u8` (whose answer is refused) over the trait method every other type gets.
pub struct FanOut<T>(PhantomData<T>);

impl<T> FanOut<T> {
    /// The probe for element type `T`.
    #[must_use]
    pub const fn new() -> Self {
        Self(PhantomData)
    }
}

impl<T> Default for FanOut<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl FanOut<u8> {
    /// Chosen before [`FanOutElement::element`] when the element is a byte: the byte itself,
    /// which is not a [`NotAByte`].
    #[must_use]
    pub const fn element(&self) -> u8 {
        0
    }
}

/// What every element type but `u8` gets from [`FanOut`].
pub trait FanOutElement {
    /// Any element but a byte may fan out.
    fn element(&self) -> TextElement {
        TextElement
    }
}

impl<T> FanOutElement for FanOut<T> {}

/// The answer for an element that may fan out.
pub struct TextElement;

/// Implemented by [`TextElement`] only: a list of bytes under a text kind is one error, at the
/// field's element type.
#[diagnostic::on_unimplemented(
    message = "a list of bytes cannot be written as text: it would be one text block per byte",
    label = "this element type is `u8`",
    note = "bytes go in `image(mime = …)`, `audio(mime = …)` or `resource(uri = …, blob)`; for text, use `String` (`Vec<String>` for several blocks)"
)]
pub trait NotAByte: Sized {
    /// Asserts that a fanned-out text element is not a byte.
    #[inline]
    fn not_a_byte(self) {}
}

#[diagnostic::do_not_recommend]
impl NotAByte for TextElement {}

/// What a text field's conversion returns: text (`String`, `Display`), or JSON text that
/// `serde_json` may refuse (`text(json)`).
pub trait TextOut {
    /// The text, or why it could not be written.
    fn into_text(self) -> Result<String, Refused>;
}

impl TextOut for String {
    #[inline]
    fn into_text(self) -> Result<String, Refused> {
        Ok(self)
    }
}

impl TextOut for Result<String, Refused> {
    #[inline]
    fn into_text(self) -> Result<String, Refused> {
        self
    }
}
