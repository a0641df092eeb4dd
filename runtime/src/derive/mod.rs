//! The engine behind `#[derive(Content)]`: generated code stays small by calling these
//! generic functions (serde's `private/de.rs` pattern). `write` builds blocks, one builder
//! per kind; `read` offers blocks to slot types and reads the values back, `variant` does
//! the same for enums. Reached by generated code through the private module only.

pub(crate) mod read;
pub(crate) mod variant;
pub(crate) mod write;

use crate::model::annotations::Role;
use crate::model::validated::{MimeType, Priority, Timestamp, Uri};

/// A field an attribute takes a value from: `X` itself or `Option<X>`.
#[diagnostic::on_unimplemented(
    message = "this field's type is `{Self}`, but the attribute that names it needs `{X}` or `Option<{X}>`",
    label = "expected `{X}` or `Option<{X}>`",
    note = "an attribute value taken from a field (a resource's or a link's `mime = field`, a link's `name`, `title`, `description` or `size = field`) has the type of what it sets: `MimeType`, `String`, `u64`"
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

/// One trait per annotation a field can set (`audience = field`, …): each names, in its own
/// words, the type it expects. Implemented for `X` and `Option<X>` only.
macro_rules! annotation_field {
    ($(#[$doc:meta])* $name:ident, $value:ty) => {
        $(#[$doc])*
        pub trait $name: Sized {
            /// The value, cloned, as an `Option`.
            fn to_option(&self) -> Option<$value>;
            /// The field's value from a value read back.
            fn from_value(value: $value) -> Self;
        }

        impl $name for $value {
            fn to_option(&self) -> Option<$value> {
                Some(self.clone())
            }
            fn from_value(value: $value) -> Self {
                value
            }
        }

        impl $name for Option<$value> {
            fn to_option(&self) -> Option<$value> {
                self.clone()
            }
            fn from_value(value: $value) -> Self {
                Some(value)
            }
        }
    };
}

annotation_field!(
    /// The field `annotations(audience = field)` names.
    #[diagnostic::on_unimplemented(
        message = "`audience = …` names a field of type `{Self}`; an audience is a `Vec<Role>`",
        label = "expected `Vec<Role>` or `Option<Vec<Role>>`",
        note = "use `Vec<mcp_content::Role>` (`Role::User`, `Role::Assistant`), or a literal `audience = [\"user\"]`"
    )]
    AudienceField,
    Vec<Role>
);

annotation_field!(
    /// The field `annotations(priority = field)` names.
    #[diagnostic::on_unimplemented(
        message = "`priority = …` names a field of type `{Self}`; a priority is a `Priority`, an f64 between 0 and 1",
        label = "expected `Priority` or `Option<Priority>`",
        note = "use `mcp_content::Priority` (built with `Priority::new(0.5)`, which refuses values outside 0 ..= 1), or a literal `priority = 0.5`"
    )]
    PriorityField,
    Priority
);

annotation_field!(
    /// The field `annotations(last_modified = field)` names.
    #[diagnostic::on_unimplemented(
        message = "`last_modified = …` names a field of type `{Self}`; it needs a `Timestamp`, an ISO 8601 date or date-time",
        label = "expected `Timestamp` or `Option<Timestamp>`",
        note = "use `mcp_content::Timestamp` (built with `Timestamp::new(\"2025-01-12T15:00:58Z\")`), or a literal `last_modified = \"2025-01-12\"`"
    )]
    TimestampField,
    Timestamp
);

/// The MIME type field of an image or audio block.
#[diagnostic::on_unimplemented(
    message = "`mime = …` names a field of type `{Self}`; an image or audio block needs a `MimeType` field",
    label = "expected a `MimeType`",
    note = "use `mime_type: mcp_content::MimeType` (built with `MimeType::new(\"image/png\")`), or a literal `mime = \"image/png\"`"
)]
pub trait MimeField {
    /// The MIME type, cloned.
    fn mime(&self) -> MimeType;
    /// The field's value from a block's MIME type.
    fn from_mime(mime: MimeType) -> Self;
}

impl MimeField for MimeType {
    fn mime(&self) -> MimeType {
        self.clone()
    }
    fn from_mime(mime: MimeType) -> Self {
        mime
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
