//! The IR of a `#[derive(Content)]` input. It keeps the original syn nodes, so every later
//! stage can point an error at the exact token it is about.

use syn::spanned::Spanned;
use syn::{Ident, Type};

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
    /// Whether serde leaves it out of its form both ways (`#[serde(skip)]`): not in a
    /// `structured` type's `structuredContent` nor in its output schema.
    pub(crate) serde_skipped: bool,
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
        let attrs = cx.parse_attrs(None, &input.attrs, |cx| {
            attr::container_attrs(cx, &input.attrs, word)
        });
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
        let attrs = cx.parse_attrs(Some(&ident), &field.attrs, |cx| {
            attr::field_attrs(cx, &field.attrs, word)
        });
        Field {
            ident,
            member,
            ty: &field.ty,
            attrs,
            annotated,
            serde_skipped: serde_skipped(&field.attrs),
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
        let variant_attrs = cx.parse_attrs(None, &variant.attrs, |cx| {
            attr::variant_attrs(cx, &variant.attrs)
        });
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
        attrs.misplaced_kind |= variant_attrs.misplaced_kind;
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

/// Whether `#[serde(…)]` leaves the field out of its serde form: a top-level `skip` word.
/// Not `skip_serializing` (schemars still lists the field in the schema) nor
/// `skip_serializing_if` (the value is still written when the condition does not hold).
/// serde reports its own syntax errors; this only looks.
fn serde_skipped(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("serde"))
        .filter_map(|attr| attr.meta.require_list().ok())
        .any(|list| {
            let mut previous_eq = false;
            list.tokens.clone().into_iter().any(|token| {
                let hit = matches!(&token, proc_macro2::TokenTree::Ident(word)
                    if !previous_eq && word == "skip");
                previous_eq =
                    matches!(&token, proc_macro2::TokenTree::Punct(p) if p.as_char() == '=');
                hit
            })
        })
}
