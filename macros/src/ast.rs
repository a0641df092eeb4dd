//! The IR of a `#[derive(Content)]` input. It keeps the original syn nodes, so every later
//! stage can point an error at the exact token it is about.

use proc_macro2::Span;
use syn::{Ident, LitStr, Type};

use crate::attr::{self, ContainerAttrs, FieldAttrs};
use crate::ctxt::Ctxt;

/// The struct being derived.
pub(crate) struct Input<'a> {
    pub(crate) original: &'a syn::DeriveInput,
    pub(crate) attrs: ContainerAttrs,
    pub(crate) fields: Vec<Field<'a>>,
}

/// One named field.
pub(crate) struct Field<'a> {
    pub(crate) ident: &'a Ident,
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

impl<'a> Input<'a> {
    /// Builds the IR from a derive input; grammar mistakes go to `cx`. `None` when the item
    /// is not a struct with named fields (reported too).
    pub(crate) fn from_syn(cx: &mut Ctxt, input: &'a syn::DeriveInput) -> Option<Self> {
        let attrs = attr::container_attrs(cx, &input.attrs);
        let named = match &input.data {
            syn::Data::Struct(data) => match &data.fields {
                syn::Fields::Named(named) => Some(named.named.iter().collect::<Vec<_>>()),
                syn::Fields::Unit => Some(Vec::new()),
                syn::Fields::Unnamed(unnamed) => {
                    cx.error_spanned_by(
                        unnamed,
                        "#[derive(Content)] needs named fields: attributes refer to fields by name",
                    );
                    None
                }
            },
            syn::Data::Enum(data) => {
                cx.error_spanned_by(
                    data.enum_token,
                    "#[derive(Content)] supports structs; for alternatives, use one struct per layout \
                     or an `Option` field per alternative",
                );
                None
            }
            syn::Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "#[derive(Content)] supports structs, not unions",
                );
                None
            }
        };
        let fields = named?
            .into_iter()
            .filter_map(|field| {
                let ident = field.ident.as_ref()?;
                let annotated = field.attrs.iter().any(|a| a.path().is_ident("content"));
                Some(Field {
                    ident,
                    ty: &field.ty,
                    attrs: attr::field_attrs(cx, &field.attrs),
                    annotated,
                })
            })
            .collect();
        Some(Input {
            original: input,
            attrs,
            fields,
        })
    }

    pub(crate) fn field(&self, name: &Ident) -> Option<&Field<'a>> {
        self.fields.iter().find(|f| f.ident == name)
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
