//! The IR of a `#[derive(Content)]` input. It keeps the original syn nodes, so every later
//! stage can point an error at the exact token it is about.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Ident, LitStr, Type};

use crate::attr::{self, ContainerAttrs, FieldAttrs};
use crate::ctxt::Ctxt;

/// What `#[derive(Content)]` is applied to.
pub(crate) enum Item<'a> {
    /// A struct: one layout.
    Struct(Input<'a>),
    /// An enum: one layout per variant.
    Enum(Enum<'a>),
}

/// An enum: its own attributes, and each variant as a layout of its own.
pub(crate) struct Enum<'a> {
    pub(crate) original: &'a syn::DeriveInput,
    pub(crate) attrs: ContainerAttrs,
    pub(crate) variants: Vec<Input<'a>>,
}

/// One layout: the struct being derived, or one variant of an enum (whose `attrs` are the
/// enum's with the variant's merged in).
pub(crate) struct Input<'a> {
    pub(crate) original: &'a syn::DeriveInput,
    pub(crate) attrs: ContainerAttrs,
    pub(crate) fields: Vec<Field<'a>>,
    /// `Some` for an enum variant.
    pub(crate) variant: Option<Variant<'a>>,
}

/// The variant a layout is, for an enum.
pub(crate) struct Variant<'a> {
    pub(crate) ident: &'a Ident,
}

/// One field. Fields of a tuple variant are named `_0`, `_1`, … in attributes and messages.
pub(crate) struct Field<'a> {
    pub(crate) ident: Ident,
    /// How the field is written in a pattern or a constructor (`name` or `0`).
    pub(crate) member: syn::Member,
    pub(crate) ty: &'a Type,
    pub(crate) attrs: FieldAttrs,
    /// Whether the field carries any `#[content]` attribute (even a broken one).
    pub(crate) annotated: bool,
}

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

impl Cardinality {
    #[allow(dead_code)] // Kept for messages about cardinality.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Cardinality::One => "exactly one",
            Cardinality::Optional => "an optional",
            Cardinality::Many => "a list of",
        }
    }
}

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

impl<'a> Item<'a> {
    /// Builds the IR from a derive input; grammar mistakes go to `cx`. `None` when the item
    /// is a tuple struct or a union (reported too).
    pub(crate) fn from_syn(cx: &mut Ctxt, input: &'a syn::DeriveInput) -> Option<Self> {
        let word = if matches!(input.data, syn::Data::Enum(_)) {
            "enum"
        } else {
            "struct"
        };
        let attrs = attr::container_attrs(cx, &input.attrs, word);
        match &input.data {
            syn::Data::Struct(data) => {
                let fields = match &data.fields {
                    syn::Fields::Named(named) => named.named.iter().collect::<Vec<_>>(),
                    syn::Fields::Unit => Vec::new(),
                    syn::Fields::Unnamed(unnamed) => {
                        cx.error_spanned_by(
                            unnamed,
                            "#[derive(Content)] needs named fields: attributes refer to fields by name",
                        );
                        return None;
                    }
                };
                let fields = fields
                    .into_iter()
                    .filter_map(|field| {
                        let ident = field.ident.as_ref()?;
                        Some(Field::from_syn(
                            cx,
                            field,
                            ident.clone(),
                            syn::Member::Named(ident.clone()),
                            word,
                        ))
                    })
                    .collect();
                Some(Item::Struct(Input {
                    original: input,
                    attrs,
                    fields,
                    variant: None,
                }))
            }
            syn::Data::Enum(data) => {
                let variants = data
                    .variants
                    .iter()
                    .map(|variant| Input::variant(cx, input, &attrs, variant))
                    .collect();
                Some(Item::Enum(Enum {
                    original: input,
                    attrs,
                    variants,
                }))
            }
            syn::Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "#[derive(Content)] supports structs and enums, not unions",
                );
                None
            }
        }
    }
}

impl<'a> Field<'a> {
    fn from_syn(
        cx: &mut Ctxt,
        field: &'a syn::Field,
        ident: Ident,
        member: syn::Member,
        word: &str,
    ) -> Self {
        let annotated = field.attrs.iter().any(|a| a.path().is_ident("content"));
        Field {
            ident,
            member,
            ty: &field.ty,
            attrs: attr::field_attrs(cx, &field.attrs, word),
            annotated,
        }
    }
}

impl<'a> Input<'a> {
    /// The layout of one enum variant: the enum's attributes with the variant's merged in
    /// (annotations key by key, `_meta` entries added).
    fn variant(
        cx: &mut Ctxt,
        input: &'a syn::DeriveInput,
        enum_attrs: &ContainerAttrs,
        variant: &'a syn::Variant,
    ) -> Self {
        let variant_attrs = attr::variant_attrs(cx, &variant.attrs);
        let fields = variant
            .fields
            .iter()
            .enumerate()
            .map(|(index, field)| {
                let (ident, member) = match &field.ident {
                    Some(ident) => (ident.clone(), syn::Member::Named(ident.clone())),
                    None => (
                        Ident::new(&format!("_{index}"), field.ty.span()),
                        syn::Member::Unnamed(syn::Index {
                            index: u32::try_from(index).unwrap_or(u32::MAX),
                            span: field.ty.span(),
                        }),
                    ),
                };
                let mut field = Field::from_syn(cx, field, ident, member, "enum");
                if let Some(skip) = &variant_attrs.skip {
                    // A skipped variant's fields are each skipped: attributes would be unused.
                    if field.annotated {
                        cx.error_spanned_by(
                            &field.ident,
                            format!(
                                "variant `{}` is `skip`: its fields take no #[content] attribute",
                                variant.ident
                            ),
                        );
                    }
                    field.attrs.kind = Some(attr::Kind::Skip { key: skip.clone() });
                }
                field
            })
            .collect();
        let mut attrs = enum_attrs.clone();
        attrs.annotations = enum_attrs.annotations.merged(&variant_attrs.annotations);
        attrs.meta.extend(variant_attrs.meta.iter().cloned());
        Input {
            original: input,
            attrs,
            fields,
            variant: Some(Variant {
                ident: &variant.ident,
            }),
        }
    }

    pub(crate) fn field(&self, name: &Ident) -> Option<&Field<'a>> {
        self.fields.iter().find(|f| f.ident == *name)
    }

    /// The name in messages: `Forecast`, or `Answer::Chart` for a variant.
    pub(crate) fn name(&self) -> String {
        match &self.variant {
            Some(variant) => format!("{}::{}", self.original.ident, variant.ident),
            None => self.original.ident.to_string(),
        }
    }

    /// `struct` or `enum`, for messages that say where an attribute goes.
    pub(crate) fn item_word(&self) -> &'static str {
        if self.variant.is_some() {
            "enum"
        } else {
            "struct"
        }
    }

    /// Whether the type has generic parameters (then only the writing side is derived).
    pub(crate) fn is_generic(&self) -> bool {
        !self.original.generics.params.is_empty()
    }

    /// Whether the reading side (`FromContent`) is derived.
    pub(crate) fn reads(&self) -> bool {
        self.attrs.write_only.is_none() && !self.is_generic()
    }
}

/// The last path segment of a type, with its generic arguments: `Option<T>` → (`Option`, [T]).
fn last_segment(ty: &Type) -> Option<(&Ident, Vec<&Type>)> {
    let Type::Path(path) = ty else { return None };
    if path.qself.is_some() {
        return None;
    }
    let segment = path.path.segments.last()?;
    let args = match &segment.arguments {
        syn::PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .filter_map(|arg| match arg {
                syn::GenericArgument::Type(ty) => Some(ty),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Some((&segment.ident, args))
}

/// `Option<T>` → `T`.
pub(crate) fn option_inner(ty: &Type) -> Option<&Type> {
    match last_segment(ty) {
        Some((ident, args)) if ident == "Option" && args.len() == 1 => Some(args[0]),
        _ => None,
    }
}

/// `Vec<T>` → `T`.
pub(crate) fn vec_inner(ty: &Type) -> Option<&Type> {
    match last_segment(ty) {
        Some((ident, args)) if ident == "Vec" && args.len() == 1 => Some(args[0]),
        _ => None,
    }
}

/// Whether `ty` is spelled `u8`.
fn is_u8(ty: &Type) -> bool {
    matches!(last_segment(ty), Some((ident, args)) if ident == "u8" && args.is_empty())
}

/// Whether `ty` is spelled `String`.
pub(crate) fn is_string(ty: &Type) -> bool {
    matches!(last_segment(ty), Some((ident, args)) if ident == "String" && args.is_empty())
}

/// Whether `ty` is spelled like a bytes type: `Vec<u8>`, `Box<[u8]>`, `&[u8]`, `[u8; N]`,
/// `Cow<[u8]>`, `Bytes`, `Base64Data`.
pub(crate) fn is_bytes(ty: &Type) -> bool {
    match ty {
        Type::Reference(r) => matches!(&*r.elem, Type::Slice(s) if is_u8(&s.elem)),
        Type::Array(a) => is_u8(&a.elem),
        Type::Group(g) => is_bytes(&g.elem),
        Type::Paren(p) => is_bytes(&p.elem),
        _ => match last_segment(ty) {
            Some((ident, args)) => {
                (ident == "Vec" && args.len() == 1 && is_u8(args[0]))
                    || ((ident == "Box" || ident == "Cow")
                        && args
                            .last()
                            .is_some_and(|t| matches!(t, Type::Slice(s) if is_u8(&s.elem))))
                    || ((ident == "Bytes" || ident == "Base64Data") && args.is_empty())
            }
            None => false,
        },
    }
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
