//! The resolved layout of one derive input (a struct, or one enum variant): every fact the
//! later stages need, computed once — per field its role, cardinality, element type, text or
//! bytes, merged annotations, and where its value is read back from; per layout the fields
//! attributes reference. `check` and `expand` only read it, so they cannot drift apart.
//!
//! Adding a block kind: a `Kind` in `attr`, its `BlockKind` here, and its lines in
//! `expand/content/{write,read}.rs`.

use syn::{Ident, LitStr, Type};

use mcp_content_rules::UriTemplate;

use crate::ast::{Field, Input};
use crate::attr::{AnnotationsAttr, Body, Kind, Media, MetaEntry, Value};
use crate::toolkit::{is_bytes, is_string, option_inner, vec_inner};

/// How many blocks a field's type gives: read from its spelling (`Option<T>`, `Vec<T>`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cardinality {
    /// Exactly one block.
    One,
    /// A block when `Some`.
    Optional,
    /// One block per element.
    Many,
}

/// The block kinds, as reading and writing see them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum BlockKind {
    Text,
    Image,
    Audio,
    Resource,
    Link,
}

impl BlockKind {
    /// The wire `type`.
    pub(crate) fn wire(self) -> &'static str {
        match self {
            BlockKind::Text => "text",
            BlockKind::Image => "image",
            BlockKind::Audio => "audio",
            BlockKind::Resource => "resource",
            BlockKind::Link => "resource_link",
        }
    }
}

/// How a text value is written and read.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum TextForm {
    /// A `String`: moved in, cloned out.
    String,
    /// `Display` out, `FromStr` in.
    Display,
    /// `text(json)`: serde JSON both ways.
    Json,
}

/// A field that becomes blocks.
pub(crate) struct Block<'a> {
    pub(crate) kind: BlockKind,
    pub(crate) attr: &'a Kind,
    pub(crate) cardinality: Cardinality,
    /// The type of one element (`T` of `Option<T>` / `Vec<T>`).
    pub(crate) inner: &'a Type,
    /// Bytes (image, audio, blob resource) rather than text.
    pub(crate) bytes: bool,
    /// For text and text resources.
    pub(crate) text: TextForm,
    /// The container's annotations with the field's merged in (field over container).
    pub(crate) annotations: AnnotationsAttr,
    /// Whether the block's envelope is the container's (no own annotations, no block `_meta`).
    pub(crate) shared_envelope: bool,
    /// A resource's URI template, parsed.
    pub(crate) template: Option<UriTemplate>,
}

/// What a field is in the layout.
// A few per derive: boxing the block would only add noise.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Role<'a> {
    Block(Block<'a>),
    Flatten,
    Skip,
    /// `meta = "key"`: written to the result's `_meta`, read back from it.
    ResultMeta(&'a LitStr),
    /// No placement of its own: read back from the values attributes take from it.
    Source,
}

/// Where the value of a field is taken by another attribute (so also read back from).
#[derive(Clone)]
pub(crate) enum Use<'a> {
    /// A `meta("k" = field)` of the container: the result's `_meta`.
    ResultMeta(&'a LitStr),
    /// A block's `meta("k" = field)`.
    BlockMeta { owner: usize, key: &'a LitStr },
    /// An embedded resource's `resource_meta("k" = field)`.
    ContentsMeta { owner: usize, key: &'a LitStr },
    /// `audience`, `priority` or `last_modified` of a block's annotations.
    Annotation { owner: usize, key: &'static str },
    /// `mime = field`.
    Mime { owner: usize },
    /// A variable of a resource's URI template.
    TemplateVar { owner: usize, name: String },
    /// A link's `name`, `title`, `description` or `size`.
    LinkPart { owner: usize, key: &'static str },
}

impl Use<'_> {
    /// The block field whose block carries the value, if any.
    pub(crate) fn owner(&self) -> Option<usize> {
        match self {
            Use::ResultMeta(_) => None,
            Use::BlockMeta { owner, .. }
            | Use::ContentsMeta { owner, .. }
            | Use::Annotation { owner, .. }
            | Use::Mime { owner }
            | Use::TemplateVar { owner, .. }
            | Use::LinkPart { owner, .. } => Some(*owner),
        }
    }
}

/// One field, resolved.
pub(crate) struct Resolved<'a> {
    pub(crate) field: &'a Field<'a>,
    pub(crate) index: usize,
    pub(crate) role: Role<'a>,
    /// Every place another attribute takes this field's value from.
    pub(crate) uses: Vec<Use<'a>>,
}

impl<'a> Resolved<'a> {
    /// Whether the field is read back from the values attributes take from it.
    pub(crate) fn has_param_slot(&self) -> bool {
        matches!(self.role, Role::Source | Role::ResultMeta(_))
    }

    /// Whether the field is spelled `Option<T>` (its value may be absent).
    pub(crate) fn is_optional(&self) -> bool {
        option_inner(self.field.ty).is_some()
    }

    /// The type a source value is read as: `T` of `Option<T>`, else the field's type.
    pub(crate) fn source_ty(&self) -> &Type {
        option_inner(self.field.ty).unwrap_or(self.field.ty)
    }

    pub(crate) fn block(&self) -> Option<&Block<'a>> {
        match &self.role {
            Role::Block(block) => Some(block),
            _ => None,
        }
    }

    /// Whether the field, with no block of its own, is both a URI template variable and a
    /// `_meta` value: its type is then named through one trait for both (`TemplateVariableAndMeta`), so
    /// a type that fits neither is one error at the field, not one per requirement.
    fn variable_and_meta(&self) -> bool {
        let meta = matches!(self.role, Role::ResultMeta(_))
            || self.uses.iter().any(|used| {
                matches!(
                    used,
                    Use::ResultMeta(_) | Use::BlockMeta { .. } | Use::ContentsMeta { .. }
                )
            });
        let variable = self
            .uses
            .iter()
            .any(|used| matches!(used, Use::TemplateVar { .. }));
        self.has_param_slot() && meta && variable
    }

    /// The traits (reading, write-only) a `_meta` value taken from this field is named by.
    pub(crate) fn meta_traits(&self) -> [&'static str; 2] {
        if self.variable_and_meta() {
            ["TemplateVariableAndMeta", "TemplateVariableAndMetaWrite"]
        } else {
            ["MetaValue", "MetaValueWrite"]
        }
    }

    /// The traits (reading, write-only) a URI template variable taken from this field is
    /// named by.
    pub(crate) fn variable_traits(&self) -> [&'static str; 2] {
        if self.variable_and_meta() {
            ["TemplateVariableAndMeta", "TemplateVariableAndMetaWrite"]
        } else {
            ["TemplateVariable", "TemplateVariableWrite"]
        }
    }
}

/// One layout, resolved.
pub(crate) struct Layout<'a> {
    pub(crate) input: &'a Input<'a>,
    pub(crate) fields: Vec<Resolved<'a>>,
}

impl<'a> Layout<'a> {
    pub(crate) fn resolve(input: &'a Input<'a>) -> Self {
        let mut fields: Vec<Resolved<'a>> = input
            .fields
            .iter()
            .enumerate()
            .map(|(index, field)| Resolved {
                field,
                index,
                role: role(input, field),
                uses: Vec::new(),
            })
            .collect();
        let mut uses: Vec<(Ident, Use<'a>)> = Vec::new();
        for entry in &input.attrs.meta {
            if let Value::Field(name) = &entry.value {
                uses.push((name.clone(), Use::ResultMeta(&entry.key)));
            }
        }
        for (owner, resolved) in fields.iter().enumerate() {
            collect_uses(input, owner, resolved, &mut uses);
        }
        for (name, used) in uses {
            if let Some(target) = fields.iter_mut().find(|f| f.field.ident == name) {
                target.uses.push(used);
            }
        }
        Layout { input, fields }
    }

    /// Whether field `target`, read back from the values attributes take from it, is read
    /// from two or more places (then they must agree): two attributes, or one in a block that
    /// is written once per element of a `Vec`.
    pub(crate) fn agreed(&self, target: &Resolved) -> bool {
        let own = usize::from(matches!(target.role, Role::ResultMeta(_)));
        let copied = target.uses.iter().any(|u| {
            u.owner()
                .and_then(|owner| self.fields[owner].block())
                .is_some_and(|b| b.cardinality == Cardinality::Many)
        });
        target.has_param_slot() && (copied || target.uses.len() + own >= 2)
    }

    /// The field named `name`.
    pub(crate) fn field(&self, name: &Ident) -> Option<&Resolved<'a>> {
        self.fields.iter().find(|f| f.field.ident == *name)
    }

    /// The block fields, in declaration order.
    pub(crate) fn blocks(&self) -> impl Iterator<Item = (&Resolved<'a>, &Block<'a>)> + '_ {
        self.fields.iter().filter_map(|f| Some((f, f.block()?)))
    }

    /// Whether any block uses the container's envelope.
    pub(crate) fn uses_shared_envelope(&self) -> bool {
        self.blocks().any(|(_, b)| b.shared_envelope)
    }
}

fn role<'a>(input: &'a Input<'a>, field: &'a Field<'a>) -> Role<'a> {
    let Some(kind) = &field.attrs.kind else {
        return Role::Source;
    };
    let block_kind = match kind {
        Kind::Text { .. } => BlockKind::Text,
        Kind::Media {
            media: Media::Image,
            ..
        } => BlockKind::Image,
        Kind::Media {
            media: Media::Audio,
            ..
        } => BlockKind::Audio,
        Kind::Resource { .. } => BlockKind::Resource,
        Kind::Link { .. } => BlockKind::Link,
        Kind::Flatten { .. } => return Role::Flatten,
        Kind::Skip { .. } => return Role::Skip,
        Kind::ResultMeta { meta_key, .. } => return Role::ResultMeta(meta_key),
    };
    let bytes = match kind {
        Kind::Media { .. } => true,
        Kind::Resource {
            body: Some((body, _)),
            ..
        } => *body == Body::Blob,
        Kind::Resource { .. } => is_bytes(cardinality(field.ty, true).1),
        _ => false,
    };
    let (cardinality, inner) = cardinality(field.ty, bytes);
    let text = match kind {
        Kind::Text { json: true, .. } => TextForm::Json,
        _ if is_string(inner) => TextForm::String,
        _ => TextForm::Display,
    };
    let template = match kind {
        Kind::Resource { uri: Some(lit), .. } => UriTemplate::parse(&lit.value()).ok(),
        _ => None,
    };
    let own = &field.attrs;
    Role::Block(Block {
        kind: block_kind,
        attr: kind,
        cardinality,
        inner,
        bytes,
        text,
        annotations: input.attrs.annotations.merged(&own.annotations),
        shared_envelope: own.annotations.values().next().is_none() && own.meta.is_empty(),
        template,
    })
}

/// The cardinality of a field of type `ty` and the type of one element. `bytes_payload`
/// says the kind carries bytes, so `Vec<u8>` is one payload, not many blocks.
pub(crate) fn cardinality(ty: &Type, bytes_payload: bool) -> (Cardinality, &Type) {
    if let Some(inner) = option_inner(ty) {
        return (Cardinality::Optional, inner);
    }
    if bytes_payload && is_bytes(ty) {
        return (Cardinality::One, ty);
    }
    if let Some(inner) = vec_inner(ty) {
        return (Cardinality::Many, inner);
    }
    (Cardinality::One, ty)
}

/// Every value of field `owner`'s attributes taken from another field.
fn collect_uses<'a>(
    input: &'a Input<'a>,
    owner: usize,
    resolved: &Resolved<'a>,
    out: &mut Vec<(Ident, Use<'a>)>,
) {
    let field = resolved.field;
    let attrs = &field.attrs;
    let Some(block) = resolved.block() else {
        return;
    };
    for (key, value) in block.annotations.values() {
        if let Value::Field(name) = value {
            out.push((name.clone(), Use::Annotation { owner, key }));
        }
    }
    let metas = |entries: &'a [MetaEntry], contents: bool, out: &mut Vec<(Ident, Use<'a>)>| {
        for entry in entries {
            if let Value::Field(name) = &entry.value {
                let used = if contents {
                    Use::ContentsMeta {
                        owner,
                        key: &entry.key,
                    }
                } else {
                    Use::BlockMeta {
                        owner,
                        key: &entry.key,
                    }
                };
                out.push((name.clone(), used));
            }
        }
    };
    metas(&attrs.meta, false, out);
    metas(&attrs.resource_meta, true, out);
    let _ = input;
    match block.attr {
        Kind::Media {
            mime: Some(Value::Field(name)),
            ..
        } => out.push((name.clone(), Use::Mime { owner })),
        Kind::Resource { mime, .. } => {
            if let Some(Value::Field(name)) = mime {
                out.push((name.clone(), Use::Mime { owner }));
            }
            if let Some(template) = &block.template {
                for variable in template.variables() {
                    let ident = syn::parse_str::<Ident>(variable)
                        .or_else(|_| syn::parse_str::<Ident>(&format!("r#{variable}")));
                    if let Ok(ident) = ident {
                        out.push((
                            ident,
                            Use::TemplateVar {
                                owner,
                                name: variable.to_owned(),
                            },
                        ));
                    }
                }
            }
        }
        Kind::Link { mime, size, .. } => {
            let parts = block.attr.link_text_parts();
            for (key, value) in parts.into_iter().chain([("size", size.as_ref())]) {
                if let Some(Value::Field(source)) = value {
                    out.push((source.clone(), Use::LinkPart { owner, key }));
                }
            }
            if let Some(Value::Field(source)) = mime {
                out.push((source.clone(), Use::Mime { owner }));
            }
        }
        _ => {}
    }
}
