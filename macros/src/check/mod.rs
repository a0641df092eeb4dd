//! Every rule an input must follow, all reported together: the protocol's rules on literal
//! values (from `mcp-content-rules`, the runtime's own rules: never written twice), field
//! references, what each kind needs, and whether the layout can be read back.

use proc_macro2::Span;
use syn::{Ident, LitStr};

use mcp_content_rules::{self as rules, MediaKind, UriTemplate, Violation};

use crate::ast::{Enum, Field, Input};
use crate::attr::{AnnotationsAttr, Kind, Media, MetaEntry, Value};
use crate::ctxt::Ctxt;
use crate::resolve::Layout;
use crate::suggest;
use crate::toolkit;

mod placement;
mod read_back;
mod types;

pub(crate) use read_back::told_apart_by_mime;
use types::{check_flatten_type, check_not_bytes, check_source_types};

pub(crate) fn check(cx: &mut Ctxt, layout: &Layout) {
    let input = layout.input;
    let attrs = &input.attrs;
    check_annotations(cx, input, None, &attrs.annotations);
    check_meta(cx, input, None, &attrs.meta, "meta");
    for field in &input.fields {
        check_field(cx, input, field);
    }
    check_result_meta_keys(cx, input);
    check_source_types(cx, layout);
    placement::check_unplaced(cx, layout);
    placement::check_skipped_but_used(cx, layout);
    placement::check_structured_bytes(cx, layout);
    if input.reads() {
        read_back::check_layout(cx, layout);
    }
}

/// Checks every variant as a layout of its own, then that each can be read back.
///
/// Attributes on the enum are checked once per variant (a field reference must hold in each):
/// the same mistake found in several variants is reported once.
pub(crate) fn check_enum(cx: &mut Ctxt, item: &Enum, layouts: &[Layout]) {
    let mut reported = std::collections::HashSet::new();
    for layout in layouts {
        let mut variant_cx = cx.child();
        check(&mut variant_cx, layout);
        if let Err(errors) = variant_cx.check() {
            for error in errors {
                if reported.insert((format!("{:?}", error.span()), error.to_string())) {
                    cx.syn_error(error);
                }
            }
        }
    }
    if cx.is_ok() && item.variants.first().is_some_and(Input::reads) {
        read_back::variants::check_shadowing(cx, layouts);
    }
}

fn violation(cx: &mut Ctxt, span: Span, v: &Violation) {
    toolkit::violation(cx, span, v);
}

/// Checks a `field` reference in an attribute of `owner` (`None`: the struct's attribute),
/// for a key whose fixed value is a string literal.
fn check_reference(cx: &mut Ctxt, input: &Input, owner: Option<&Field>, name: &Ident, what: &str) {
    check_reference_or(cx, input, owner, name, what, "a string literal");
}

/// [`check_reference`] for a key whose fixed value is `fixed` (the hint of an unknown name:
/// a `const` is not a field, and the key takes a literal).
fn check_reference_or(
    cx: &mut Ctxt,
    input: &Input,
    owner: Option<&Field>,
    name: &Ident,
    what: &str,
    fixed: &str,
) {
    let Some(target) = input.field(name) else {
        if owner.is_none()
            && let Some(variant) = &input.variant
            && other_variant_has(input, name)
        {
            // An attribute on the enum names a field each variant must have: say which lacks it.
            cx.error_spanned_by(
                name,
                format!(
                    "variant `{}` has no field `{name}` to take {what} from: an attribute on the enum takes it from every variant \
                     (move it to the variants that have the field)",
                    variant.ident
                ),
            );
            return;
        }
        let names: Vec<String> = input.fields.iter().map(|f| f.ident.to_string()).collect();
        let message =
            match suggest::did_you_mean(&name.to_string(), names.iter().map(String::as_str)) {
                Some(close) => {
                    format!("no field `{name}` to take {what} from; did you mean `{close}`?")
                }
                None => {
                    format!("no field `{name}` to take {what} from ({fixed} gives a fixed value)")
                }
            };
        cx.error_spanned_by(name, message);
        return;
    };
    if matches!(target.attrs.kind, Some(Kind::Flatten { .. })) {
        cx.error_spanned_by(
            name,
            format!("{what} cannot come from the flattened field `{name}`"),
        );
    }
    let _ = owner;
}

/// Whether another variant of the enum `input` is a layout of has a field `name`.
fn other_variant_has(input: &Input, name: &Ident) -> bool {
    let syn::Data::Enum(data) = &input.original.data else {
        return false;
    };
    data.variants.iter().any(|variant| {
        variant
            .fields
            .iter()
            .enumerate()
            .any(|(index, field)| match &field.ident {
                Some(ident) => ident == name,
                None => *name == format!("_{index}"),
            })
    })
}

fn check_annotations(
    cx: &mut Ctxt,
    input: &Input,
    owner: Option<&Field>,
    annotations: &AnnotationsAttr,
) {
    if let Some(value) = &annotations.audience {
        match value {
            Value::Array(items, _) => {
                for item in items {
                    match item {
                        Value::Str(lit) => {
                            if let Err(v) = rules::check_audience(&lit.value()) {
                                violation(cx, lit.span(), &v);
                            }
                        }
                        other => cx.error_at(
                            other.span(),
                            format!(
                                "an audience entry is \"user\" or \"assistant\", not {}",
                                other.describe()
                            ),
                        ),
                    }
                }
            }
            Value::Field(name) => check_reference_or(
                cx,
                input,
                owner,
                name,
                "the audience",
                "a list such as `[\"user\"]`",
            ),
            other => cx.error_at(
                other.span(),
                "`audience` takes a list such as `[\"user\"]` or a field of type `Vec<Role>`",
            ),
        }
    }
    if let Some(value) = &annotations.priority {
        match value {
            Value::Number { value, span, .. } => {
                if let Err(v) = rules::check_priority(*value) {
                    violation(cx, *span, &v);
                }
            }
            Value::Field(name) => check_reference_or(
                cx,
                input,
                owner,
                name,
                "the priority",
                "a number literal from 0 to 1",
            ),
            other => cx.error_at(
                other.span(),
                format!(
                    "`priority` takes a number from 0 to 1 or a field of type `Priority`, not {}",
                    other.describe()
                ),
            ),
        }
    }
    if let Some(value) = &annotations.last_modified {
        match value {
            Value::Str(lit) => {
                if let Err(v) = rules::check_timestamp(&lit.value()) {
                    violation(cx, lit.span(), &v);
                }
            }
            Value::Field(name) => check_reference(cx, input, owner, name, "`last_modified`"),
            other => cx.error_at(other.span(), format!("`last_modified` takes an RFC 3339 timestamp string or a field of type `Timestamp`, not {}", other.describe())),
        }
    }
}

fn check_meta(
    cx: &mut Ctxt,
    input: &Input,
    owner: Option<&Field>,
    entries: &[MetaEntry],
    list: &str,
) {
    for entry in entries {
        check_meta_key(cx, &entry.key);
        match &entry.value {
            Value::Field(name) => {
                check_reference_or(
                    cx,
                    input,
                    owner,
                    name,
                    &format!("a `{list}` value"),
                    "a string, number or boolean literal",
                );
            }
            Value::Array(_, span) => cx.error_at(
                *span,
                "a `_meta` value is a string, a number, a boolean or a field name",
            ),
            Value::Number { value, span, .. } if !value.is_finite() => {
                cx.error_at(*span, "a `_meta` number must be finite");
            }
            _ => {}
        }
    }
}

/// The result's `_meta` is one object: a key written twice (by `meta(…)` split over
/// attributes, by an enum and its variant, by a field's `meta = "…"`) would keep only the
/// last value, and reading back would give both sources that one value.
fn check_result_meta_keys(cx: &mut Ctxt, input: &Input) {
    let fields = input
        .fields
        .iter()
        .filter_map(|field| match &field.attrs.kind {
            Some(Kind::ResultMeta { meta_key, .. }) => Some(meta_key),
            _ => None,
        });
    let mut seen: Vec<&LitStr> = Vec::new();
    for key in input
        .attrs
        .meta
        .iter()
        .map(|entry| &entry.key)
        .chain(fields)
    {
        let text = key.value();
        if let Some(first) = seen.iter().find(|first| first.value() == text) {
            cx.error_at(
                key.span(),
                format!(
                    "duplicate `_meta` key `{text}`: the result's `_meta` holds one value per key"
                ),
            );
            cx.error_at(first.span(), format!("`{text}` first used here"));
        } else {
            seen.push(key);
        }
    }
}

fn check_meta_key(cx: &mut Ctxt, key: &LitStr) {
    if let Err(v) = rules::check_user_meta_key(&key.value()) {
        violation(cx, key.span(), &v);
    }
}

/// `any_mime` beside a `mime` it cannot widen: one taken from a field (any type is read
/// already) or none at all (`block` names what has no `mime`).
fn check_any_mime(cx: &mut Ctxt, any_mime: Option<&Ident>, mime: Option<&Value>, block: &str) {
    let Some(flag) = any_mime else { return };
    match mime {
        Some(Value::Field(_)) => cx.error_spanned_by(
            flag,
            "`any_mime` is for a literal `mime`: a MIME type taken from a field already reads any type",
        ),
        None => cx.error_spanned_by(
            flag,
            format!("`any_mime` is for a literal `mime`: {block} without `mime` already reads any type"),
        ),
        Some(_) => {}
    }
}

fn check_mime(cx: &mut Ctxt, input: &Input, field: &Field, value: &Value, kind: Option<MediaKind>) {
    match value {
        Value::Str(lit) => {
            let result = match kind {
                Some(kind) => rules::check_mime_kind(&lit.value(), kind),
                None => rules::check_mime_type(&lit.value()),
            };
            if let Err(v) = result {
                violation(cx, lit.span(), &v);
            }
        }
        Value::Field(name) => {
            if *name == field.ident {
                cx.error_spanned_by(
                    name,
                    "the MIME type must come from another field (of type `MimeType`)",
                );
            } else {
                check_reference(cx, input, Some(field), name, "the MIME type");
            }
        }
        other => cx.error_at(
            other.span(),
            format!(
                "`mime` takes a string such as \"image/png\" or a field of type `MimeType`, not {}",
                other.describe()
            ),
        ),
    }
}

fn check_text_part(cx: &mut Ctxt, input: &Input, field: &Field, key: &str, value: &Value) {
    match value {
        Value::Str(_) => {}
        Value::Field(name) => {
            check_reference(cx, input, Some(field), name, &format!("the link's `{key}`"));
        }
        other => cx.error_at(
            other.span(),
            format!(
                "`{key}` takes a string or a field name, not {}",
                other.describe()
            ),
        ),
    }
}

// One arm per kind: what each needs, in one place.
#[allow(clippy::too_many_lines)]
fn check_field(cx: &mut Ctxt, input: &Input, field: &Field) {
    let attrs = &field.attrs;
    check_annotations(cx, input, Some(field), &attrs.annotations);
    check_meta(cx, input, Some(field), &attrs.meta, "meta");
    check_meta(
        cx,
        input,
        Some(field),
        &attrs.resource_meta,
        "resource_meta",
    );
    let Some(kind) = &attrs.kind else { return };
    let is_block = kind.block_type().is_some();
    if !is_block {
        let what = kind.key().to_string();
        if let Some(span) = attrs.annotations_span {
            cx.error_at(
                span,
                format!("`annotations(…)` applies to a block; this field is `{what}`"),
            );
        }
        if let Some(span) = attrs.meta_span {
            cx.error_at(
                span,
                format!("`meta(…)` is the `_meta` of a block; this field is `{what}`"),
            );
        }
    }
    if !matches!(kind, Kind::Resource { .. })
        && let Some(span) = attrs.resource_meta_span
    {
        cx.error_at(span, "`resource_meta(…)` is the `_meta` of embedded resource contents: it needs `resource(…)` on the field");
    }
    if !matches!(kind, Kind::Resource { .. })
        && let Some((span, _)) = &attrs.resource_ui
    {
        cx.error_at(*span, "`ui(…)` is the `_meta.ui` of embedded resource contents (an MCP App view): it needs `resource(…)` on the field");
    }
    match kind {
        Kind::Text { json: false, .. } => check_not_bytes(cx, field, "text"),
        Kind::Flatten { .. } => check_flatten_type(cx, input, field),
        Kind::Text { .. } | Kind::Skip { .. } => {}
        Kind::Media {
            key,
            media,
            mime,
            any_mime,
        } => match mime {
            None if field.attrs.kind_broken => {}
            None => cx.error_spanned_by(
                key,
                format!(
                    "`{k}` needs a MIME type: `{k}(mime = \"{k}/…\")` or `{k}(mime = field)`",
                    k = media.key()
                ),
            ),
            Some(value) => {
                let kind = match media {
                    Media::Image => MediaKind::Image,
                    Media::Audio => MediaKind::Audio,
                };
                check_mime(cx, input, field, value, Some(kind));
                check_any_mime(
                    cx,
                    any_mime.as_ref(),
                    Some(value),
                    "an image or audio block",
                );
            }
        },
        Kind::Resource {
            key,
            uri,
            mime,
            any_mime,
            body,
        } => {
            match uri {
                None if field.attrs.kind_broken => {}
                None => cx.error_spanned_by(
                    key,
                    "`resource` needs a URI: `resource(uri = \"file:///{name}.txt\")`",
                ),
                Some(lit) => check_template(cx, input, field, lit),
            }
            if let Some(mime) = mime {
                check_mime(cx, input, field, mime, None);
            }
            check_any_mime(cx, any_mime.as_ref(), mime.as_ref(), "a resource");
            if let Some((crate::attr::Body::Text, _)) = body {
                check_not_bytes(cx, field, "resource(…, text)");
            }
        }
        Kind::Link {
            mime,
            size,
            any_mime,
            ..
        } => {
            for (key, value) in kind.link_text_parts() {
                if let Some(value) = value {
                    check_text_part(cx, input, field, key, value);
                }
            }
            if let Some(mime) = mime {
                check_mime(cx, input, field, mime, None);
            }
            check_any_mime(cx, any_mime.as_ref(), mime.as_ref(), "a link");
            match size {
                None | Some(Value::Number { int: Some(_), .. }) => {}
                Some(Value::Field(name)) => {
                    check_reference_or(
                        cx,
                        input,
                        Some(field),
                        name,
                        "the link's `size`",
                        "an integer literal",
                    );
                }
                Some(Value::Number {
                    value,
                    int: None,
                    span,
                    ..
                }) if *value >= 18_446_744_073_709_551_616.0 => cx.error_at(
                    *span,
                    "`size` is at most 18446744073709551615 bytes (a `u64`)",
                ),
                Some(other) => cx.error_at(
                    other.span(),
                    "`size` takes a whole number of bytes or a field of type `u64`",
                ),
            }
        }
        Kind::ResultMeta { meta_key, .. } => check_meta_key(cx, meta_key),
    }
}

/// The URI or template of a resource: syntax, absoluteness, variables that are fields,
/// a literal scheme, and (when read back) a template that can be matched.
fn check_template(cx: &mut Ctxt, input: &Input, field: &Field, lit: &LitStr) {
    let text = lit.value();
    let template = match UriTemplate::parse(&text) {
        Ok(template) => template,
        Err(v) => {
            // `{r#type}`: the Rust spelling of a raw field, where the template takes its name.
            let raw = input.fields.iter().find_map(|f| {
                let spelled = f.ident.to_string();
                (spelled.starts_with("r#") && text.contains(&spelled)).then_some(spelled)
            });
            if let Some(raw) = raw {
                let name = &raw[2..];
                return cx.error_spanned_by(
                    lit,
                    format!("a template names field `{raw}` as `{name}`, without `r#`: write `{{{name}}}`"),
                );
            }
            return violation(cx, lit.span(), &v);
        }
    };
    let names: Vec<String> = input
        .fields
        .iter()
        .map(|f| toolkit::unraw(&f.ident))
        .collect();
    for variable in template.variables() {
        if toolkit::unraw(&field.ident) == variable {
            cx.error_spanned_by(lit, format!("template variable `{variable}` is this field itself; a variable names another field"));
        } else if let Some(target) = input
            .fields
            .iter()
            .find(|f| toolkit::unraw(&f.ident) == variable)
        {
            if matches!(target.attrs.kind, Some(Kind::Flatten { .. })) {
                cx.error_spanned_by(
                    lit,
                    format!("template variable `{variable}` names a flattened field"),
                );
            }
        } else {
            let hint = suggest::hint(variable, names.iter().map(String::as_str));
            cx.error_spanned_by(
                lit,
                format!(
                    "template variable `{variable}` is not a field of `{}`{hint}",
                    input.name()
                ),
            );
        }
    }
    // Values are inserted percent-encoded, which keeps the URI absolute only when the
    // scheme is written out.
    let scheme_is_literal = text
        .find('{')
        .is_none_or(|brace| text[..brace].contains(':'));
    if !scheme_is_literal {
        cx.error_spanned_by(
            lit,
            "the URI scheme must be literal (`file:///{path}`, not `{scheme}://…`)",
        );
    }
    if input.reads() && !template.is_literal() {
        let sample = template.expand(&|_| Some(rules::TemplateValue::Str("x")));
        if template.match_uri(&sample).is_none() {
            cx.error_spanned_by(
                lit,
                format!("this template cannot be matched back to its variables (explode `*` and prefix `:N` modifiers are write-only); \
                 drop the modifier or mark the {} #[content(write_only)]", input.item_word()),
            );
        }
    }
}
