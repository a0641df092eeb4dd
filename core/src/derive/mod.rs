//! The engine behind `#[derive(Content)]`: generated code stays small by calling these
//! generic functions (serde's `private/de.rs` pattern). `write` builds blocks, one builder
//! per kind; `read` offers blocks to slot types and reads the values back, `variant` does
//! the same for enums. Reached by generated code through the private module only.

pub(crate) mod flatten;
pub(crate) mod read;
pub(crate) mod variant;
mod vars;
pub(crate) mod write;

pub use vars::{
    MetaValue, MetaValueWrite, TemplateVariable, TemplateVariableAndMeta,
    TemplateVariableAndMetaWrite, TemplateVariableWrite,
};

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::content_traits::{FromBinary, FromContent, IntoBinary, IntoContent, schema_of};
use crate::model::annotations::{Annotations, Role};
use crate::model::binary::Base64Data;
use crate::model::content::{AudioContent, ContentBlock, ImageContent};
use crate::model::json::JsonObject;
use crate::model::meta::Meta;
use crate::model::tool::CallToolResult;
use crate::model::validated::{MimeType, Priority, Timestamp, Uri};
use crate::rules::Violation;
use crate::wire::error::ReadError;
use read::values::FromText;
use read::{ContentSlots, Text};
use write::text_value::DisplayText;
use write::{Refused, to_json_text};

/// A field an attribute takes a value from: `X` itself or `Option<X>`.
#[diagnostic::on_unimplemented(
    message = "this field's type is `{Self}`, but the attribute that names it needs `{X}` or `Option<{X}>`",
    label = "expected `{X}` or `Option<{X}>`",
    note = "an attribute value taken from a field (a resource's or a link's `mime = field`, a link's `name`, `title`, `description` or `size = field`) has the type of what it sets: `MimeType`, `String`, `u64`"
)]
pub trait AttributeField<X>: Sized {
    /// The value, cloned, as an `Option`. (`Clone` is asked here, not of the impls: a field
    /// read back from a template variable or a `_meta` entry is never cloned.)
    fn to_option(&self) -> Option<X>
    where
        X: Clone;
    /// The value, borrowed (what a field read from several places is compared by).
    fn as_value(&self) -> Option<&X>;
    /// The field's value from a value read back.
    fn from_value(value: X) -> Self;
    /// The field's value when nothing was read: `None` (an error) for a plain field,
    /// `Some(None)` for an `Option`.
    fn when_absent() -> Option<Self>;
}

#[diagnostic::do_not_recommend]
impl<X> AttributeField<X> for X {
    fn to_option(&self) -> Option<X>
    where
        X: Clone,
    {
        Some(self.clone())
    }
    fn as_value(&self) -> Option<&X> {
        Some(self)
    }
    fn from_value(value: X) -> Self {
        value
    }
    fn when_absent() -> Option<Self> {
        None
    }
}

#[diagnostic::do_not_recommend]
impl<X> AttributeField<X> for Option<X> {
    fn to_option(&self) -> Option<X>
    where
        X: Clone,
    {
        self.clone()
    }
    fn as_value(&self) -> Option<&X> {
        self.as_ref()
    }
    fn from_value(value: X) -> Self {
        Some(value)
    }
    fn when_absent() -> Option<Self> {
        Some(None)
    }
}

/// The field an attribute names, for one attribute: `X` or `Option<X>` through
/// [`AttributeField`], with a diagnostic in the words of that attribute. Generated code names
/// these, never `AttributeField<X>` itself: rustc answers a generic trait with "but
/// `AttributeField<String>` is implemented for it", pointing into this crate.
macro_rules! attribute_trait {
    ($(#[$doc:meta])* $name:ident, $x:ty, $message:literal, $label:literal, $note:literal) => {
        $(#[$doc])*
        #[diagnostic::on_unimplemented(message = $message, label = $label, note = $note)]
        pub trait $name: Sized {
            /// [`AttributeField::to_option`].
            fn to_option(&self) -> Option<$x>;
            /// [`AttributeField::from_value`].
            fn from_value(value: $x) -> Self;
        }

        #[diagnostic::do_not_recommend]
        impl<T: AttributeField<$x>> $name for T {
            #[inline]
            fn to_option(&self) -> Option<$x> {
                AttributeField::to_option(self)
            }
            #[inline]
            fn from_value(value: $x) -> Self {
                AttributeField::from_value(value)
            }
        }
    };
}

attribute_trait!(
    /// The field a resource's or a link's `mime = field` names: `MimeType` or `Option<MimeType>`.
    MimeAttribute,
    MimeType,
    "`mime = …` names a field of type `{Self}`, but a resource's or a link's MIME type field is a `MimeType` or an `Option<MimeType>`",
    "expected `MimeType` or `Option<MimeType>`",
    "build one with `MimeType::new(\"text/plain\")` (it checks the spelling), or write a literal: `mime = \"text/plain\"`"
);

attribute_trait!(
    /// The field a link's `name`, `title` or `description = field` names: `String` or
    /// `Option<String>`.
    TextAttribute,
    String,
    "a link's `name`, `title` or `description` names a field of type `{Self}`, but it takes a `String` or an `Option<String>`",
    "expected `String` or `Option<String>`",
    "convert it into a `String` field, or write a literal: `title = \"Weekly report\"`"
);

attribute_trait!(
    /// The field a link's `size = field` names: `u64` or `Option<u64>`.
    SizeAttribute,
    u64,
    "a link's `size = …` names a field of type `{Self}`, but it takes a `u64` or an `Option<u64>` (a size in bytes)",
    "expected `u64` or `Option<u64>`",
    "convert it into a `u64` field, or write a literal: `size = 1024`"
);

/// A `text` field's type in a type that is read back: written with `Display`, read with
/// `FromStr`. One trait for both directions, so a type missing either is one error at the
/// field (a `#[content(write_only)]` type names [`DisplayText`] only).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written as text and read back: a `text` field's type implements `Display` and `FromStr`",
    label = "needs `Display` and `FromStr`",
    note = "use `String`, a number, `bool`, or a type implementing both; or write its JSON with `text(json)` (it then needs `Serialize` and `Deserialize`), or its own blocks with `flatten` (a `#[derive(Content)]` type); a `#[content(write_only)]` type needs only `Display`",
    note = "bytes (`Vec<u8>`, `Box<[u8]>`, … also through a type alias) are not text: they go in `image(mime = …)`, `audio(mime = …)` or `resource(uri = …, blob)`"
)]
pub trait TextField: Sized {
    /// The text (see [`DisplayText::display_text`]).
    fn display_text(self) -> String;
    /// The value read back (see [`FromText::read_text`]).
    fn read_text(text: Text<'_>) -> Result<Self, String>;
    /// The text of a borrowed value, for a URI template variable taken from a `text` field:
    /// named through this trait, so a type that is not text is one error at the field.
    fn var_text(&self) -> Option<String>;
}

#[diagnostic::do_not_recommend]
impl<T: DisplayText + FromText> TextField for T {
    #[inline]
    fn display_text(self) -> String {
        DisplayText::display_text(self)
    }
    #[inline]
    fn var_text(&self) -> Option<String> {
        Some(DisplayText::text_of(self))
    }
    #[inline]
    fn read_text(text: Text<'_>) -> Result<Self, String> {
        FromText::read_text(text)
    }
}

/// A `text(json)` field's type in a type that is read back: written as compact JSON with
/// `Serialize`, read with `Deserialize`, both named through this one trait.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `text(json)` field: it is written with `Serialize` and read back with `Deserialize`",
    label = "needs `serde::Serialize` and `serde::Deserialize`",
    note = "derive them: `#[derive(serde::Serialize, serde::Deserialize)]`; a `#[content(write_only)]` type needs only `Serialize`"
)]
pub trait JsonField: Sized {
    /// The compact JSON text (see [`JsonText::json_text`]).
    fn json_text(self) -> Result<String, Refused>;
    /// The value read back from its JSON text.
    fn read_json(text: Text<'_>) -> Result<Self, String>;
    /// The value as a `_meta` entry (see [`MetaValue::try_meta`]), for a `_meta` value taken
    /// from a `text(json)` field: one trait for both, so a type that is not serde is one error.
    fn try_meta(&self) -> Option<Result<Value, Refused>>;
    /// See [`MetaValue::to_meta`].
    fn to_meta(&self) -> Option<Value>;
}

#[diagnostic::do_not_recommend]
impl<T: Serialize + DeserializeOwned> JsonField for T {
    #[inline]
    fn json_text(self) -> Result<String, Refused> {
        JsonText::json_text(self)
    }
    #[allow(
        clippy::needless_pass_by_value,
        reason = "the signature of every `TextReader`; `read_string` takes the text"
    )]
    fn read_json(text: Text<'_>) -> Result<Self, String> {
        serde_json::from_str(text.as_str())
            .map_err(|e| format!("not the JSON of {}: {e}", std::any::type_name::<T>()))
    }
    #[inline]
    fn try_meta(&self) -> Option<Result<Value, Refused>> {
        MetaValue::try_meta(self)
    }
    #[inline]
    fn to_meta(&self) -> Option<Value> {
        MetaValue::to_meta(self)
    }
}

/// [`JsonField`] of a `#[content(write_only)]` type: `Serialize` only.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `text(json)` field: it is written with `Serialize`",
    label = "needs `serde::Serialize`",
    note = "derive it: `#[derive(serde::Serialize)]`"
)]
pub trait JsonText {
    /// Compact JSON text, or why `serde_json` refused the value (a map with non-string keys,
    /// a failing `Serialize` impl): no block is then written, and the error names the field
    /// and the block.
    fn json_text(self) -> Result<String, Refused>;
    /// The value as a `_meta` entry (see [`MetaValueWrite::try_meta`]).
    fn try_meta(&self) -> Option<Result<Value, Refused>>;
    /// See [`MetaValueWrite::to_meta`].
    fn to_meta(&self) -> Option<Value>;
}

#[diagnostic::do_not_recommend]
impl<T: Serialize> JsonText for T {
    #[inline]
    fn json_text(self) -> Result<String, Refused> {
        to_json_text(&self)
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

        #[diagnostic::do_not_recommend]
        impl $name for $value {
            fn to_option(&self) -> Option<$value> {
                Some(self.clone())
            }
            fn from_value(value: $value) -> Self {
                value
            }
        }

        #[diagnostic::do_not_recommend]
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
        note = "use `Vec<mcp_content::model::Role>` (`Role::User`, `Role::Assistant`), or a literal `audience = [\"user\"]`"
    )]
    AudienceField,
    Vec<Role>
);

annotation_field!(
    /// The field `annotations(priority = field)` names.
    #[diagnostic::on_unimplemented(
        message = "`priority = …` names a field of type `{Self}`; a priority is a `Priority`, an f64 between 0 and 1",
        label = "expected `Priority` or `Option<Priority>`",
        note = "use `mcp_content::model::Priority` (built with `Priority::new(0.5)`, which refuses values outside 0 ..= 1), or a literal `priority = 0.5`"
    )]
    PriorityField,
    Priority
);

annotation_field!(
    /// The field `annotations(last_modified = field)` names.
    #[diagnostic::on_unimplemented(
        message = "`last_modified = …` names a field of type `{Self}`; it needs a `Timestamp`, an ISO 8601 date or date-time",
        label = "expected `Timestamp` or `Option<Timestamp>`",
        note = "use `mcp_content::model::Timestamp` (built with `Timestamp::new(\"2025-01-12T15:00:58Z\")`), or an RFC 3339 literal `last_modified = \"2025-01-12T15:00:58Z\"`"
    )]
    TimestampField,
    Timestamp
);

/// The MIME type field of an image or audio block.
#[diagnostic::on_unimplemented(
    message = "`mime = …` names a field of type `{Self}`; an image or audio block needs a `MimeType` field",
    label = "expected a `MimeType`",
    note = "use `mime_type: mcp_content::model::MimeType` (built with `MimeType::new(\"image/png\")`), or a literal `mime = \"image/png\"`"
)]
pub trait MimeField {
    /// The MIME type, cloned.
    fn mime(&self) -> MimeType;
    /// The field's value from a block's MIME type.
    fn from_mime(mime: MimeType) -> Self;
    /// The MIME type, cloned, as an `Option` (what a field read from several places is
    /// compared by).
    fn to_option(&self) -> Option<MimeType> {
        Some(self.mime())
    }
}

#[diagnostic::do_not_recommend]
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
    note = "the field is the link's URI: use `mcp_content::model::Uri` (built with `Uri::new(\"https://…\")`)"
)]
pub trait UriField {
    /// The URI.
    fn into_uri(self) -> Uri;
    /// The URI read back.
    fn from_uri(uri: &Uri) -> Self;
}

#[diagnostic::do_not_recommend]
impl UriField for Uri {
    fn into_uri(self) -> Uri {
        self
    }
    fn from_uri(uri: &Uri) -> Self {
        uri.clone()
    }
}

/// The bytes of an image, audio or blob field of a type that is also read back: written with
/// `IntoBinary`, read with `FromBinary`. Named as one trait by both directions so a type that
/// carries no bytes is one error at the field, not one per direction.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot carry the bytes of an image, audio or blob block",
    label = "not a bytes type",
    note = "use `Vec<u8>`, `Box<[u8]>`, `Base64Data`, or `bytes::Bytes` (feature `bytes`); a `#[content(write_only)]` type may also borrow them (`&[u8]`, `Cow<[u8]>`, `[u8; N]`)"
)]
pub trait BinaryField: Sized {
    /// The payload, to write.
    fn into_data(self) -> Base64Data;
    /// The field's value from a payload read back.
    fn from_data(data: &Base64Data) -> Result<Self, Violation>;
}

#[diagnostic::do_not_recommend]
impl<T: IntoBinary + FromBinary> BinaryField for T {
    #[inline]
    fn into_data(self) -> Base64Data {
        self.into_base64_data()
    }
    #[inline]
    fn from_data(data: &Base64Data) -> Result<Self, Violation> {
        T::from_base64_data(data)
    }
}

/// A `#[content(structured)]` type that is written only: its serde form is the result's
/// `structuredContent`, its schema the tool's `outputSchema`. The generated code names both
/// uses through this trait, so a type missing a derive is one error at `structured`.
#[diagnostic::on_unimplemented(
    message = "a `structured` type writes its serde form and schema: `{Self}` needs `Serialize` and `JsonSchema`",
    label = "needs `serde::Serialize` and `schemars::JsonSchema`",
    note = "derive them: `#[derive(serde::Serialize, schemars::JsonSchema)]`"
)]
pub trait StructuredWrite: Sized {
    /// The tool result: blocks, `structuredContent`, and (`with_text`) its JSON as text; when
    /// a value could not be written (the serde form, a `text(json)` or `_meta` value), the
    /// `isError` result naming each.
    fn structured_result(self, with_text: bool) -> CallToolResult;
    /// The `outputSchema`.
    fn structured_schema() -> Option<Map<String, Value>>;
}

/// The write side of both structured traits, one body for both impls.
macro_rules! structured_write {
    () => {
        #[inline]
        fn structured_result(self, with_text: bool) -> CallToolResult {
            write::result::structured_result(self, with_text)
        }
        #[inline]
        fn structured_schema() -> Option<Map<String, Value>> {
            Some(schema_of::<Self>())
        }
    };
}

#[diagnostic::do_not_recommend]
impl<T: IntoContent + Serialize + JsonSchema> StructuredWrite for T {
    structured_write!();
}

/// A `#[content(structured)]` type that is read back too: [`StructuredWrite`] and its serde
/// form read from `structuredContent`, all named through this one trait.
#[diagnostic::on_unimplemented(
    message = "a `structured` type writes and reads its serde form: `{Self}` needs `Serialize`, `Deserialize` and `JsonSchema`",
    label = "needs `serde::Serialize`, `serde::Deserialize` and `schemars::JsonSchema`",
    note = "derive them: `#[derive(serde::Serialize, serde::Deserialize, schemars::JsonSchema)]`; a `#[content(write_only)]` type needs no `Deserialize`"
)]
pub trait Structured: Sized {
    /// See [`StructuredWrite::structured_result`].
    fn structured_result(self, with_text: bool) -> CallToolResult;
    /// See [`StructuredWrite::structured_schema`].
    fn structured_schema() -> Option<Map<String, Value>>;
    /// The value from `structuredContent` when there is one, else from the blocks.
    fn read_structured(result: &CallToolResult) -> Result<Self, ReadError>;
    /// [`Structured::read_structured`] from an owned result.
    fn read_structured_owned(result: CallToolResult) -> Result<Self, ReadError>;
}

// The bounds sit on the impl, not the trait (a supertrait would be reported as a bound of
// each method): hidden behind `do_not_recommend`, a type missing one is one error.
#[diagnostic::do_not_recommend]
impl<T: ContentSlots + FromContent + Serialize + DeserializeOwned + JsonSchema> Structured for T {
    structured_write!();
    #[inline]
    fn read_structured(result: &CallToolResult) -> Result<Self, ReadError> {
        read::structured::read_structured(result)
    }
    #[inline]
    fn read_structured_owned(result: CallToolResult) -> Result<Self, ReadError> {
        read::result::read_structured_owned(result)
    }
}

/// An image or audio block: the one generic `media` writer and `offer_media` reader take
/// the kind as a marker (`Image`, `Audio`).
pub trait MediaKind: Copy {
    /// The block's name in errors.
    const NAME: &'static str;
    /// The block from its parts.
    fn block(
        data: Base64Data,
        mime_type: MimeType,
        envelope: (Option<Annotations>, Meta),
    ) -> ContentBlock;
    /// The data and MIME type of a block of this kind.
    fn parts(block: &ContentBlock) -> Option<(&Base64Data, &MimeType)>;
}

/// The kind markers: the block name in errors, the content type, the `ContentBlock` variant.
macro_rules! media_kind {
    ($(#[$doc:meta])* $kind:ident, $name:literal, $content:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub struct $kind;

        impl MediaKind for $kind {
            const NAME: &'static str = $name;
            fn block(
                data: Base64Data,
                mime_type: MimeType,
                (annotations, meta): (Option<Annotations>, Meta),
            ) -> ContentBlock {
                ContentBlock::from($content {
                    data,
                    mime_type,
                    annotations,
                    meta,
                    extra: JsonObject::new(),
                })
            }
            fn parts(block: &ContentBlock) -> Option<(&Base64Data, &MimeType)> {
                match block {
                    ContentBlock::$kind(b) => Some((&b.data, &b.mime_type)),
                    _ => None,
                }
            }
        }
    };
}

media_kind!(
    /// The image kind.
    Image,
    "image",
    ImageContent
);
media_kind!(
    /// The audio kind.
    Audio,
    "audio",
    AudioContent
);
