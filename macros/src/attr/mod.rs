//! The `#[content(…)]` grammar: the interpreted attributes (here), the generic tree they are
//! parsed into (`tree`), and its interpretation (`interpret`).
//!
//! Parsing is two steps: a small generic tree (`key`, `key = value`, `key(…)`,
//! `"meta/key" = value`), then its interpretation, which reports every unknown key (with
//! "did you mean"), duplicate (with "first used here") and misplaced value into the `Ctxt`
//! and keeps going. Rules on literal values (MIME types, URIs, `_meta` keys…) are `check`'s.

use proc_macro2::Span;
use syn::{Ident, LitStr};

// ---------------------------------------------------------------------------------------
// The interpreted attributes

/// `#[content(…)]` on the struct or enum.
#[derive(Default, Clone)]
pub(crate) struct ContainerAttrs {
    /// `crate = "path"`: where `mcp_content` is, for re-exporting crates.
    pub(crate) krate: Option<syn::Path>,
    /// `annotations(…)`: defaults for every block.
    pub(crate) annotations: AnnotationsAttr,
    /// `meta("key" = value, …)`: the result's `_meta`.
    pub(crate) meta: Vec<MetaEntry>,
    /// `structured` / `structured(no_text)`.
    pub(crate) structured: Option<Structured>,
    /// `write_only`: no `FromContent`.
    pub(crate) write_only: Option<Span>,
    /// A field's kind written on the item or a variant (reported): its fields are then not
    /// reported as unplaced too.
    pub(crate) misplaced_kind: bool,
}

/// `structured`: the struct's serde form goes to `structuredContent`.
#[derive(Clone)]
pub(crate) struct Structured {
    pub(crate) span: Span,
    /// `no_text`: no JSON text block for older clients.
    pub(crate) no_text: bool,
}

/// `annotations(audience = …, priority = …, last_modified = …)`.
#[derive(Default, Clone)]
pub(crate) struct AnnotationsAttr {
    pub(crate) audience: Option<Value>,
    pub(crate) priority: Option<Value>,
    pub(crate) last_modified: Option<Value>,
}

impl AnnotationsAttr {
    /// Every value, with the key it was given under.
    pub(crate) fn values(&self) -> impl Iterator<Item = (&'static str, &Value)> {
        [
            ("audience", self.audience.as_ref()),
            ("priority", self.priority.as_ref()),
            ("last_modified", self.last_modified.as_ref()),
        ]
        .into_iter()
        .filter_map(|(key, value)| Some((key, value?)))
    }

    /// These annotations with every key `over` sets taken from `over` (field over struct).
    pub(crate) fn merged(&self, over: &AnnotationsAttr) -> AnnotationsAttr {
        AnnotationsAttr {
            audience: over.audience.clone().or_else(|| self.audience.clone()),
            priority: over.priority.clone().or_else(|| self.priority.clone()),
            last_modified: over
                .last_modified
                .clone()
                .or_else(|| self.last_modified.clone()),
        }
    }
}

/// `"key" = value` in a `meta(…)` / `resource_meta(…)` list.
#[derive(Clone)]
pub(crate) struct MetaEntry {
    pub(crate) key: LitStr,
    pub(crate) value: Value,
}

/// `#[content(…)]` on a field.
#[derive(Default)]
pub(crate) struct FieldAttrs {
    /// What the field becomes.
    pub(crate) kind: Option<Kind>,
    /// `annotations(…)`: overrides the struct's.
    pub(crate) annotations: AnnotationsAttr,
    /// Where `annotations(…)` was written.
    pub(crate) annotations_span: Option<Span>,
    /// `meta("key" = value, …)`: the block's envelope `_meta`.
    pub(crate) meta: Vec<MetaEntry>,
    /// Where `meta(…)` was written.
    pub(crate) meta_span: Option<Span>,
    /// `resource_meta("key" = value, …)`: the embedded resource contents' `_meta`.
    pub(crate) resource_meta: Vec<MetaEntry>,
    /// Where `resource_meta(…)` was written.
    pub(crate) resource_meta_span: Option<Span>,
    /// `ui(…)`: the embedded resource contents' `_meta.ui` (MCP Apps), checked and built.
    pub(crate) resource_ui: Option<(Span, crate::toolkit::Json)>,
    /// Two kinds were given (reported): rules on the kept one would be follow-on errors.
    pub(crate) kind_conflict: bool,
    /// The kind's own list had a mistake (reported: an unknown key, a value of the wrong
    /// form): what it then lacks (`mime`, `uri`) and the fields it would have used are not
    /// reported again.
    pub(crate) kind_broken: bool,
}

/// `#[content(…)]` on an enum variant.
#[derive(Default)]
pub(crate) struct VariantAttrs {
    /// `annotations(…)`: overrides the enum's, for this variant's blocks.
    pub(crate) annotations: AnnotationsAttr,
    /// `meta("key" = value, …)`: added to the result's `_meta` when this variant is written.
    pub(crate) meta: Vec<MetaEntry>,
    /// `skip`: the variant's fields are not written (each as if `#[content(skip)]`).
    pub(crate) skip: Option<Ident>,
    /// A field's kind written on the variant (reported).
    pub(crate) misplaced_kind: bool,
}

/// Image or audio.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Media {
    Image,
    Audio,
}

impl Media {
    pub(crate) fn key(self) -> &'static str {
        match self {
            Media::Image => "image",
            Media::Audio => "audio",
        }
    }
}

/// `text` / `blob` contents of an embedded resource.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Body {
    Text,
    Blob,
}

/// What a field becomes. `key` is the attribute's keyword, for spans.
// A handful of these exist per derive: boxing the large variants would only add noise.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Kind {
    /// `text` or `text(json)`.
    Text { key: Ident, json: bool },
    /// `image(mime = …, any_mime)` / `audio(mime = …, any_mime)`.
    Media {
        key: Ident,
        media: Media,
        mime: Option<Value>,
        /// Read back blocks of any MIME type of the kind, not only the literal `mime`.
        any_mime: Option<Ident>,
    },
    /// `resource(uri = "…", mime = …, text | blob)`.
    Resource {
        key: Ident,
        uri: Option<LitStr>,
        mime: Option<Value>,
        /// `any_mime`: a literal `mime` is written but any type is read back.
        any_mime: Option<Ident>,
        /// `text` or `blob`; `None` also when both were given (reported while parsing).
        body: Option<(Body, Span)>,
    },
    /// `link(name = …, title = …, description = …, mime = …, size = …, any_mime)`: the field
    /// is the URI.
    Link {
        key: Ident,
        name: Option<Value>,
        title: Option<Value>,
        description: Option<Value>,
        mime: Option<Value>,
        size: Option<Value>,
        /// `any_mime`: a literal `mime` is written but any type is read back.
        any_mime: Option<Ident>,
    },
    /// `flatten`: a nested `Content` struct whose blocks are inlined.
    Flatten { key: Ident },
    /// `skip`.
    Skip { key: Ident },
    /// `meta = "key"`: the field's value goes into the result's `_meta`.
    ResultMeta { key: Ident, meta_key: LitStr },
}

impl Kind {
    pub(crate) fn key(&self) -> &Ident {
        match self {
            Kind::Text { key, .. }
            | Kind::Media { key, .. }
            | Kind::Resource { key, .. }
            | Kind::Link { key, .. }
            | Kind::Flatten { key }
            | Kind::Skip { key }
            | Kind::ResultMeta { key, .. } => key,
        }
    }

    /// A link's text parts by key (`name`, `title`, `description`), each a literal, a field
    /// or absent; none for other kinds.
    pub(crate) fn link_text_parts(&self) -> [(&'static str, Option<&Value>); 3] {
        let (name, title, description) = match self {
            Kind::Link {
                name,
                title,
                description,
                ..
            } => (name.as_ref(), title.as_ref(), description.as_ref()),
            _ => (None, None, None),
        };
        [
            ("name", name),
            ("title", title),
            ("description", description),
        ]
    }

    /// The wire type of the block, for block kinds.
    pub(crate) fn block_type(&self) -> Option<&'static str> {
        match self {
            Kind::Text { .. } => Some("text"),
            Kind::Media { media, .. } => Some(media.key()),
            Kind::Resource { .. } => Some("resource"),
            Kind::Link { .. } => Some("resource_link"),
            _ => None,
        }
    }
}

pub(super) const CONTAINER_KEYS: &[&str] =
    &["crate", "annotations", "meta", "structured", "write_only"];
pub(super) const FIELD_KEYS: &[&str] = &[
    "text",
    "image",
    "audio",
    "resource",
    "link",
    "flatten",
    "skip",
    "meta",
    "resource_meta",
    "ui",
    "annotations",
];
pub(super) const ANNOTATION_KEYS: &[&str] = &["audience", "priority", "last_modified"];
pub(super) const TEXT_KEYS: &[&str] = &["json"];
pub(super) const MEDIA_KEYS: &[&str] = &["mime", "any_mime"];
pub(super) const RESOURCE_KEYS: &[&str] = &["uri", "mime", "text", "blob", "any_mime"];
pub(super) const LINK_KEYS: &[&str] = &["name", "title", "description", "mime", "size", "any_mime"];
pub(super) const STRUCTURED_KEYS: &[&str] = &["no_text"];
pub(super) const VARIANT_KEYS: &[&str] = &["annotations", "meta", "skip"];

/// A value in an attribute: a literal, a field name (the value is taken from that field),
/// or a list.
#[derive(Clone)]
pub(crate) enum Value {
    Str(LitStr),
    Number {
        value: f64,
        int: Option<u64>,
        span: Span,
        text: String,
    },
    Bool(syn::LitBool),
    Field(Ident),
    Array(Vec<Value>, Span),
}

impl Value {
    pub(crate) fn span(&self) -> Span {
        match self {
            Value::Str(lit) => lit.span(),
            Value::Number { span, .. } | Value::Array(_, span) => *span,
            Value::Bool(lit) => lit.span,
            Value::Field(ident) => ident.span(),
        }
    }

    pub(crate) fn field(&self) -> Option<&Ident> {
        match self {
            Value::Field(ident) => Some(ident),
            _ => None,
        }
    }

    pub(crate) fn describe(&self) -> &'static str {
        match self {
            Value::Str(_) => "a string",
            Value::Number { .. } => "a number",
            Value::Bool(_) => "a boolean",
            Value::Field(_) => "a field name",
            Value::Array(..) => "a list",
        }
    }
}

mod interpret;
mod tree;

pub(crate) use interpret::{container_attrs, field_attrs, variant_attrs};
