//! The engine behind `#[derive(Content)]`: generated code stays small by calling these
//! generic functions (serde's `private/de.rs` pattern). `write` builds blocks, one builder
//! per kind; `read` offers blocks to slot types and reads the values back, `variant` does
//! the same for enums. Reached by generated code through the private module only.

pub(crate) mod read;
pub(crate) mod variant;
pub(crate) mod write;

use crate::model::validated::{MimeType, Uri};

/// A field an attribute takes a value from: `X` itself or `Option<X>`.
#[diagnostic::on_unimplemented(
    message = "this field's type is `{Self}`, but the attribute that names it needs `{X}` or `Option<{X}>`",
    label = "expected `{X}` or `Option<{X}>`",
    note = "an attribute value taken from a field (`mime = field`, `audience = field`, `priority = field`, a link's `name = field`, …) has the type of what it sets"
)]
pub trait SourceField<X>: Sized {
    /// The value, cloned, as an `Option`.
    fn to_option(&self) -> Option<X>;
    /// The field's value from a value read back.
    fn from_value(value: X) -> Self;
    /// The field's value when nothing was read: `None` (an error) for a plain field,
    /// `Some(None)` for an `Option`.
    fn when_absent() -> Option<Self>;
}

impl<X: Clone> SourceField<X> for X {
    fn to_option(&self) -> Option<X> {
        Some(self.clone())
    }
    fn from_value(value: X) -> Self {
        value
    }
    fn when_absent() -> Option<Self> {
        None
    }
}

impl<X: Clone> SourceField<X> for Option<X> {
    fn to_option(&self) -> Option<X> {
        self.clone()
    }
    fn from_value(value: X) -> Self {
        Some(value)
    }
    fn when_absent() -> Option<Self> {
        Some(None)
    }
}

/// The MIME type field of an image or audio block.
#[diagnostic::on_unimplemented(
    message = "`mime = …` names a field of type `{Self}`; an image or audio block needs a `MimeType` field",
    label = "expected a `MimeType`",
    note = "use `mime_type: mcp_content::MimeType` (built with `MimeType::new(\"image/png\")`), or a literal `mime = \"image/png\"`"
)]
pub trait MimeField {
    /// The MIME type, cloned.
    fn mime(&self) -> MimeType;
}

impl MimeField for MimeType {
    fn mime(&self) -> MimeType {
        self.clone()
    }
}

/// The value of a `link` field: its URI.
#[diagnostic::on_unimplemented(
    message = "a `link` field is a `Uri`, not `{Self}`",
    label = "expected a `Uri` (or `Option<Uri>`, `Vec<Uri>`)",
    note = "the field is the link's URI: use `mcp_content::Uri` (built with `Uri::new(\"https://…\")`)"
)]
pub trait UriField {
    /// The URI.
    fn into_uri(self) -> Uri;
    /// The URI read back.
    fn from_uri(uri: &Uri) -> Self;
}

impl UriField for Uri {
    fn into_uri(self) -> Uri {
        self
    }
    fn from_uri(uri: &Uri) -> Self {
        uri.clone()
    }
}
