//! The literal values a type's attributes declare, as the generated reader checks them: a
//! block field's (annotations, `_meta` entries, a link's parts) in its offer, and the
//! result's `_meta` entries a type or variant declares in its `finish`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::attr::{Kind, Value};
use crate::resolve::{Block, Layout, Resolved};

/// The call that refuses a block taken by `resolved` unless it carries every literal the
/// field's attributes write in it (annotations, `_meta` entries, a link's parts); nothing for
/// a block that carries none. A literal MIME type, link name or resource URI is checked, or
/// selects the block, in the offer itself.
pub(super) fn expect_literals(resolved: &Resolved, block: &Block) -> TokenStream {
    let name = resolved.field.ident.to_string();
    let name = name.trim_start_matches("r#");
    // The container's annotations, on every block that has no envelope of its own: named
    // once per `offer` (`shared_literals`).
    let mut out = TokenStream::new();
    let mut literals = Vec::new();
    if block.shared_envelope {
        if !annotation_literals(&block.annotations).is_empty() {
            out.extend(quote!(__p::read::expect(__b, __i, #name, __A)?;));
        }
    } else {
        literals = annotation_literals(&block.annotations);
    }
    if let Kind::Link {
        title,
        description,
        size,
        ..
    } = block.attr
    {
        if let Some(Value::Str(lit)) = title {
            literals.push(quote!(__p::read::Expect::Title(#lit)));
        }
        if let Some(Value::Str(lit)) = description {
            literals.push(quote!(__p::read::Expect::Description(#lit)));
        }
        if let Some(Value::Number { int: Some(n), .. }) = size {
            literals.push(quote!(__p::read::Expect::Size(#n)));
        }
    }
    let attrs = &resolved.field.attrs;
    for (entries, place) in [
        (&attrs.meta, "Meta"),
        (&attrs.resource_meta, "ContentsMeta"),
    ] {
        let place = format_ident!("{}", place);
        for entry in entries {
            if let Some(lit) = literal(&entry.value) {
                let key = &entry.key;
                literals.push(quote!(__p::read::Expect::#place(#key, #lit)));
            }
        }
    }
    if let Some((_, ui)) = &attrs.resource_ui {
        let text = ui.to_text();
        literals.push(quote!(__p::read::Expect::ContentsMeta("ui", __p::read::Lit::Json(#text))));
    }
    if !literals.is_empty() {
        out.extend(quote!(__p::read::expect(__b, __i, #name, &[#(#literals),*])?;));
    }
    out
}

/// The `const __A` the blocks with the container's envelope are checked against (its literal
/// annotations), when one of them is read.
pub(super) fn shared_literals(layout: &Layout) -> TokenStream {
    let shared = layout.blocks().any(|(_, block)| block.shared_envelope);
    let literals = annotation_literals(&layout.input.attrs.annotations);
    if !shared || literals.is_empty() {
        return TokenStream::new();
    }
    quote!(const __A: &[__p::read::Expect] = &[#(#literals),*];)
}

/// The literal annotation values `a` declares, as `__p::read::Expect`s.
fn annotation_literals(a: &crate::attr::AnnotationsAttr) -> Vec<TokenStream> {
    let mut literals = Vec::new();
    if let Some(Value::Array(items, _)) = &a.audience {
        let roles = items.iter().filter_map(|item| match item {
            Value::Str(lit) if lit.value() == "user" => Some(quote!(__p::Role::User)),
            Value::Str(lit) if lit.value() == "assistant" => Some(quote!(__p::Role::Assistant)),
            _ => None,
        });
        literals.push(quote!(__p::read::Expect::Audience(&[#(#roles),*])));
    }
    if let Some(Value::Number { value, .. }) = &a.priority {
        literals.push(quote!(__p::read::Expect::Priority(#value)));
    }
    if let Some(Value::Str(lit)) = &a.last_modified {
        literals.push(quote!(__p::read::Expect::LastModified(#lit)));
    }
    literals
}

/// A literal `_meta` value as a `__p::read::Lit` (`None` for a field's value).
fn literal(value: &Value) -> Option<TokenStream> {
    match value {
        Value::Str(lit) => Some(quote!(__p::read::Lit::Str(#lit))),
        Value::Bool(lit) => Some(quote!(__p::read::Lit::Bool(#lit))),
        Value::Number { int: Some(n), .. } => {
            let n = i128::from(*n);
            Some(quote!(__p::read::Lit::Int(#n)))
        }
        Value::Number { value, text, .. } if !text.contains(['.', 'e', 'E']) => {
            #[allow(clippy::cast_possible_truncation)] // A negative integer literal.
            let n = *value as i128;
            Some(quote!(__p::read::Lit::Int(#n)))
        }
        Value::Number { value, .. } => Some(quote!(__p::read::Lit::Num(#value))),
        Value::Field(_) | Value::Array(..) => None,
    }
}

/// The call that refuses a result whose `_meta` lacks a literal entry the type (or variant)
/// declares, or holds another value there; `None` when it declares none.
pub(super) fn expect_result_literals(layout: &Layout) -> Option<TokenStream> {
    let entries = result_literals(layout)?;
    let name = layout.input.name();
    // A struct names them once, in `ContentSlots::RESULT_META` (a `structured` read with no
    // block checks them there too); a variant in its own `finish`.
    if layout.input.variant.is_none() {
        return Some(
            quote!(__p::read::expect_result_meta(__rmeta, #name, <Self as __p::read::ContentSlots>::RESULT_META)?;),
        );
    }
    Some(quote!(__p::read::expect_result_meta(__rmeta, #name, &[#(#entries),*])?;))
}

/// The literal entries the type (or variant) declares in the result's `_meta`, as
/// `(key, __p::read::Lit)`; `None` when it declares none.
pub(super) fn result_literals(layout: &Layout) -> Option<Vec<TokenStream>> {
    let entries: Vec<TokenStream> = layout
        .input
        .attrs
        .meta
        .iter()
        .filter_map(|entry| {
            let (key, lit) = (&entry.key, literal(&entry.value)?);
            Some(quote!((#key, #lit)))
        })
        .collect();
    (!entries.is_empty()).then_some(entries)
}
