//! Field types the attributes need, checked where the spelling already tells (the rest is
//! left to trait checks at the field's type): bytes or a list of `char` under a text kind, a
//! wrapper around a flattened type, a reference or an unbounded type parameter behind a value
//! an attribute takes.

use syn::Ident;

use crate::ast::{Field, Input};
use crate::ctxt::Ctxt;
use crate::resolve::Layout;
use crate::toolkit;

/// The type of a field an attribute takes a value from, where a trait check would advise
/// badly: a typed value (`mime`, an annotation, a link's part) is cloned into each block, so a
/// reference there is named as such (not "borrow it once more"); an unbounded type parameter
/// is told the bound to declare (not the derive's helper trait).
pub(super) fn check_source_types(cx: &mut Ctxt, layout: &Layout) {
    use crate::resolve::Use;
    for resolved in &layout.fields {
        let key = resolved.uses.iter().find_map(|used| match used {
            Use::Mime { .. } => Some("mime"),
            Use::Annotation { key, .. } | Use::LinkPart { key, .. } => Some(*key),
            _ => None,
        });
        let ty = resolved.field.ty;
        if let Some(param) = unbounded_param(layout.input, ty) {
            check_unbounded_source(cx, resolved, key, &param);
            continue;
        }
        // A typed value (`MimeType`, `u64`, `String`, an annotation) is one concrete type:
        // a type parameter, whatever its bounds, is told so, not asked for the derive's
        // helper trait as a further bound.
        if let (Some(_), Some(param)) = (key, type_param(layout.input, ty)) {
            check_unbounded_source(cx, resolved, key, &param);
            continue;
        }
        let inner = toolkit::option_inner(ty).unwrap_or(ty);
        let Some(key) = key else {
            // A template variable or a `_meta` value of a type that is read back: parsed or
            // deserialized into an owned value (serde would say "not general enough").
            let result_meta = matches!(resolved.role, crate::resolve::Role::ResultMeta(_))
                .then_some("a `_meta` entry");
            let read_from = result_meta.or_else(|| {
                resolved.uses.iter().find_map(|used| match used {
                    Use::TemplateVar { .. } => Some("a URI template variable"),
                    Use::ResultMeta(_) | Use::BlockMeta { .. } | Use::ContentsMeta { .. } => {
                        Some("a `_meta` entry")
                    }
                    _ => None,
                })
            });
            if let (syn::Type::Reference(_), Some(place), true) =
                (inner, read_from, layout.input.reads())
            {
                cx.error_spanned_by(
                    ty,
                    format!(
                        "field `{}` is read back from {place}, into an owned value: make it a `String` (or another owned type), \
                         or mark the {} #[content(write_only)]",
                        toolkit::unraw(&resolved.field.ident),
                        layout.input.item_word()
                    ),
                );
            }
            continue;
        };
        if let syn::Type::Reference(_) = inner {
            // What the attribute sets, not the referenced type: `&'static str` under `mime`
            // becomes a `MimeType`, never a `String` that would be refused next.
            let owned = match key {
                "mime" => "MimeType",
                "priority" => "Priority",
                "audience" => "Vec<Role>",
                "last_modified" => "Timestamp",
                "size" => "u64",
                _ => "String",
            };
            // An image's or audio's MIME type is always written: no `Option` there.
            let media_mime = resolved.uses.iter().any(|used| {
                matches!(used, Use::Mime { owner } if matches!(
                    layout.fields[*owner].block().map(|b| b.kind),
                    Some(crate::resolve::BlockKind::Image | crate::resolve::BlockKind::Audio)
                ))
            });
            let optional = if media_mime {
                String::new()
            } else {
                format!(" (or `Option<{owned}>`)")
            };
            cx.error_spanned_by(
                ty,
                format!(
                    "`{key} = {}` takes its value from an owned field, cloned into each block: \
                     make the field `{owned}`{optional}, not a reference",
                    toolkit::unraw(&resolved.field.ident)
                ),
            );
        }
    }
}

/// The name of the type parameter `ty` is (or is an `Option` of), bounded or not.
fn type_param(input: &Input, ty: &syn::Type) -> Option<Ident> {
    let ty = toolkit::option_inner(ty).unwrap_or(ty);
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let ident = path.path.get_ident()?;
    input
        .original
        .generics
        .type_params()
        .any(|p| p.ident == *ident)
        .then(|| ident.clone())
}

/// The name of the type parameter `ty` is, when it is one without any bound (inline or in
/// the `where` clause): such a field can carry no value an attribute takes.
fn unbounded_param(input: &Input, ty: &syn::Type) -> Option<Ident> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let ident = path.path.get_ident()?;
    let generics = &input.original.generics;
    let param = generics.type_params().find(|p| p.ident == *ident)?;
    let bounded_in_where = generics.where_clause.as_ref().is_some_and(|w| {
        w.predicates.iter().any(|p| {
            matches!(p, syn::WherePredicate::Type(t)
                if matches!(&t.bounded_ty, syn::Type::Path(b) if b.path.is_ident(ident)))
        })
    });
    (param.bounds.is_empty() && !bounded_in_where).then(|| ident.clone())
}

/// A field of an unbounded type parameter that an attribute takes a value from: the bound
/// to add, in the user's terms (rustc would suggest the derive's own helper trait).
fn check_unbounded_source(
    cx: &mut Ctxt,
    resolved: &crate::resolve::Resolved,
    typed_key: Option<&str>,
    param: &Ident,
) {
    use crate::resolve::{Role, Use};
    let field = toolkit::unraw(&resolved.field.ident);
    let meta = matches!(resolved.role, Role::ResultMeta(_))
        || resolved.uses.iter().any(|u| {
            matches!(
                u,
                Use::ResultMeta(_) | Use::BlockMeta { .. } | Use::ContentsMeta { .. }
            )
        });
    let variable = resolved
        .uses
        .iter()
        .any(|u| matches!(u, Use::TemplateVar { .. }));
    let message = if let Some(key) = typed_key {
        let expected = match key {
            "mime" => "MimeType",
            "audience" => "Vec<Role>",
            "priority" => "Priority",
            "last_modified" => "Timestamp",
            "size" => "u64",
            _ => "String",
        };
        format!(
            "`{key} = {field}` takes a field of type `{expected}` (or `Option<{expected}>`), not the type parameter `{param}`"
        )
    } else if variable || meta {
        let (bound, what) = match (variable, meta) {
            (true, true) => (
                "std::fmt::Display + serde::Serialize",
                "a URI template variable (written with `Display`) and a `_meta` value (written with `Serialize`)",
            ),
            (true, false) => (
                "std::fmt::Display",
                "a URI template variable, written with `Display`",
            ),
            _ => (
                "serde::Serialize",
                "a `_meta` value, written with `Serialize`",
            ),
        };
        format!(
            "field `{field}` is {what}, and its type parameter `{param}` has no bound: declare `{param}: {bound}`"
        )
    } else {
        return;
    };
    cx.error_spanned_by(resolved.field.ty, message);
}

/// Bytes under a text kind: refused, naming the kinds that take bytes (text is never the
/// bytes' UTF-8 by guess, and a list of bytes is never one block per byte).
pub(super) fn check_not_bytes(cx: &mut Ctxt, field: &Field, kind: &str) {
    if field.attrs.kind_conflict {
        return;
    }
    let ty = field.ty;
    // Through any nesting of `Option`, `Vec` and smart pointers (`Option<Vec<Box<[u8]>>>`,
    // `Box<Vec<u8>>`).
    let mut inner = Some(ty);
    let mut bytes = false;
    let mut chars = false;
    let mut in_list = false;
    while let Some(t) = inner {
        bytes |= toolkit::is_bytes(t) || toolkit::is_byte_container(t);
        chars |= in_list && toolkit::is_char(t);
        in_list |= toolkit::vec_inner(t).is_some();
        inner = toolkit::option_inner(t)
            .or_else(|| toolkit::vec_inner(t))
            .or_else(|| match toolkit::wrapper(t) {
                Some((name, inner)) if ["Box", "Rc", "Arc"].contains(&name.as_str()) => Some(inner),
                _ => None,
            });
    }
    if chars {
        // One text block per character: a list of `char` is text the user meant as one.
        cx.error_spanned_by(
            ty,
            format!(
                "`{kind}` on a list of `char` writes one block per character: make field `{}` a `String` \
                 (or a `Vec<String>` for one block per string)",
                field.ident
            ),
        );
    } else if bytes {
        cx.error_spanned_by(
            ty,
            format!(
                "`{kind}` takes text, and field `{}` holds bytes: bytes go in `image(mime = …)`, `audio(mime = …)` or `resource(uri = …, blob)` \
                 (or make the field a `String`)",
                field.ident
            ),
        );
    }
}

/// `flatten` inlines the blocks of one value of a type that derives `Content`: a wrapper
/// around one (`Box<Inner>`, `Option<Inner>`, `Vec<Inner>`) is named as such, not sent to
/// the trait check (whose advice would be to derive `Content` on `Box`).
pub(super) fn check_flatten_type(cx: &mut Ctxt, input: &Input, field: &Field) {
    if let Some(param) = unbounded_param(input, field.ty) {
        cx.error_spanned_by(
            field.ty,
            format!(
                "`flatten` takes a type that derives `Content`, and the type parameter `{param}` has no bound: \
                 declare `{param}: mcp_content::IntoContent` (a generic type is written only)"
            ),
        );
        return;
    }
    let Some((wrapper, inner)) = toolkit::wrapper(field.ty) else {
        return;
    };
    let inner = quote::ToTokens::to_token_stream(inner)
        .to_string()
        .replace(" < ", "<")
        .replace(" >", ">")
        .replace(" ,", ",");
    let written = if wrapper == "&" {
        format!("&{inner}")
    } else {
        format!("{wrapper}<{inner}>")
    };
    let message = match wrapper.as_str() {
        "Option" => format!(
            "`flatten` takes a type that derives `Content`, not `{written}`: a flattened field is always inlined; \
             make the nested type's own fields optional instead"
        ),
        "Vec" => format!(
            "`flatten` takes a type that derives `Content`, not `{written}`: a flattened field is inlined once; \
             give the nested type a list field instead"
        ),
        _ => format!(
            "`flatten` takes a type that derives `Content`, not `{written}`: write the type itself (`{}: {inner}`)",
            field.ident
        ),
    };
    cx.error_spanned_by(field.ty, message);
}
