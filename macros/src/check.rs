//! Every rule an input must follow, all reported together: the protocol's rules on literal
//! values (from `mcp-content-rules`, the runtime's own rules: never written twice), field
//! references, what each kind needs, and whether the layout can be read back.

use proc_macro2::Span;
use syn::{Ident, LitStr};

use mcp_content_rules::{self as rules, MediaKind, UriTemplate, Violation};

use crate::ast::{Cardinality, Enum, Field, Input, Value, cardinality, is_bytes};
use crate::attr::{AnnotationsAttr, Kind, Media, MetaEntry};
use crate::ctxt::Ctxt;
use crate::suggest;

pub(crate) fn check(cx: &mut Ctxt, input: &Input) {
    let attrs = &input.attrs;
    check_annotations(cx, input, None, &attrs.annotations);
    check_meta(cx, input, None, &attrs.meta, "meta");
    for field in &input.fields {
        check_field(cx, input, field);
    }
    check_unplaced(cx, input);
    if input.reads() {
        check_layout(cx, input);
    }
}

/// Checks every variant as a layout of its own, then that each can be read back.
///
/// Attributes on the enum are checked once per variant (a field reference must hold in each):
/// the same mistake found in several variants is reported once.
pub(crate) fn check_enum(cx: &mut Ctxt, item: &Enum) {
    let mut reported = std::collections::HashSet::new();
    for variant in &item.variants {
        let mut variant_cx = Ctxt::new();
        check(&mut variant_cx, variant);
        if let Err(errors) = variant_cx.check() {
            for error in errors {
                if reported.insert((format!("{:?}", error.span()), error.to_string())) {
                    cx.syn_error(error);
                }
            }
        }
    }
    if cx.is_ok() && item.variants.first().is_some_and(Input::reads) {
        check_shadowing(cx, &item.variants);
    }
}

/// A rule violation at `span`: the rule's own message, so compile time and run time say the same.
fn violation(cx: &mut Ctxt, span: Span, violation: &Violation) {
    cx.error_at(span, violation);
}

/// Checks a `field` reference in an attribute of `owner` (`None`: the struct's attribute).
fn check_reference(cx: &mut Ctxt, input: &Input, owner: Option<&Field>, name: &Ident, what: &str) {
    let Some(target) = input.field(name) else {
        let names: Vec<String> = input.fields.iter().map(|f| f.ident.to_string()).collect();
        let message =
            match suggest::did_you_mean(&name.to_string(), names.iter().map(String::as_str)) {
                Some(close) => {
                    format!("no field `{name}` to take {what} from; did you mean `{close}`?")
                }
                None => format!(
                    "no field `{name}` to take {what} from (a string literal gives a fixed value)"
                ),
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
            Value::Field(name) => check_reference(cx, input, owner, name, "the audience"),
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
            Value::Field(name) => check_reference(cx, input, owner, name, "the priority"),
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
                check_reference(cx, input, owner, name, &format!("a `{list}` value"));
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

fn check_meta_key(cx: &mut Ctxt, key: &LitStr) {
    if let Err(v) = rules::check_user_meta_key(&key.value()) {
        violation(cx, key.span(), &v);
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
    match kind {
        Kind::Text { .. } | Kind::Flatten { .. } | Kind::Skip { .. } => {}
        Kind::Media { key, media, mime } => match mime {
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
            }
        },
        Kind::Resource {
            key,
            uri,
            mime,
            body,
        } => {
            match uri {
                None => cx.error_spanned_by(
                    key,
                    "`resource` needs a URI: `resource(uri = \"file:///{name}.txt\")`",
                ),
                Some(lit) => check_template(cx, input, field, lit),
            }
            if let Some(mime) = mime {
                check_mime(cx, input, field, mime, None);
            }
            let _ = body;
        }
        Kind::Link {
            name,
            title,
            description,
            mime,
            size,
            ..
        } => {
            for (key, value) in [
                ("name", name),
                ("title", title),
                ("description", description),
            ] {
                if let Some(value) = value {
                    check_text_part(cx, input, field, key, value);
                }
            }
            if let Some(mime) = mime {
                check_mime(cx, input, field, mime, None);
            }
            match size {
                None | Some(Value::Number { int: Some(_), .. }) => {}
                Some(Value::Field(name)) => {
                    check_reference(cx, input, Some(field), name, "the link's `size`");
                }
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
        Err(v) => return violation(cx, lit.span(), &v),
    };
    let names: Vec<String> = input.fields.iter().map(|f| f.ident.to_string()).collect();
    for variable in template.variables() {
        if field.ident == variable {
            cx.error_spanned_by(lit, format!("template variable `{variable}` is this field itself; a variable names another field"));
        } else if let Some(target) = input.fields.iter().find(|f| f.ident == variable) {
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

/// Every field is placed somewhere: a kind of its own, or a value another attribute uses.
fn check_unplaced(cx: &mut Ctxt, input: &Input) {
    // A structured type's every field is in `structuredContent` already.
    if input.attrs.structured.is_some() {
        return;
    }
    // Names used in attributes that are no field: a field they misspell is not reported
    // as unplaced too (one mistake, one error).
    let mut names: Vec<String> = references_by_name(input);
    names.retain(|n| input.fields.iter().all(|f| f.ident != n));
    for field in &input.fields {
        if field.attrs.kind.is_some() || (field.annotated && !cx.is_ok()) {
            continue;
        }
        let field_name = field.ident.to_string();
        if names
            .iter()
            .any(|n| suggest::did_you_mean(n, [field_name.as_str()]).is_some())
        {
            continue;
        }
        if !is_referenced(input, &field.ident) {
            cx.error_spanned_by(
                &field.ident,
                format!(
                    "field `{}` is not placed: add #[content(text)] (or `image(…)`, `audio(…)`, `resource(…)`, `link`, \
                     `flatten`, `meta = \"…\"`), use it in another attribute, or add #[content(skip)]",
                    field.ident
                ),
            );
        }
    }
}

/// Every name an attribute uses as a field (including names that are no field).
fn references_by_name(input: &Input) -> Vec<String> {
    let mut out: Vec<String> = references(input).iter().map(ToString::to_string).collect();
    for field in &input.fields {
        if let Some(Kind::Resource { uri: Some(lit), .. }) = &field.attrs.kind
            && let Ok(template) = UriTemplate::parse(&lit.value())
        {
            out.extend(template.variables().into_iter().map(str::to_owned));
        }
    }
    out
}

/// Whether an attribute anywhere takes a value from field `name`.
pub(crate) fn is_referenced(input: &Input, name: &Ident) -> bool {
    references(input).iter().any(|r| r == name)
}

/// Every field named by a value in an attribute (template variables included).
pub(crate) fn references(input: &Input) -> Vec<Ident> {
    fn collect_annotations<'v>(a: &'v AnnotationsAttr, values: &mut Vec<&'v Value>) {
        values.extend(a.values().map(|(_, v)| v));
    }
    let mut out = Vec::new();
    let mut values: Vec<&Value> = Vec::new();
    collect_annotations(&input.attrs.annotations, &mut values);
    values.extend(input.attrs.meta.iter().map(|e| &e.value));
    for field in &input.fields {
        let attrs = &field.attrs;
        collect_annotations(&attrs.annotations, &mut values);
        values.extend(
            attrs
                .meta
                .iter()
                .chain(&attrs.resource_meta)
                .map(|e| &e.value),
        );
        match &attrs.kind {
            Some(Kind::Media { mime: Some(m), .. }) => values.push(m),
            Some(Kind::Resource { uri, mime, .. }) => {
                values.extend(mime);
                if let Some(template) = uri
                    .as_ref()
                    .and_then(|lit| UriTemplate::parse(&lit.value()).ok())
                {
                    for variable in template.variables() {
                        if let Some(target) = input.fields.iter().find(|f| f.ident == variable) {
                            out.push(target.ident.clone());
                        }
                    }
                }
            }
            Some(Kind::Link {
                name,
                title,
                description,
                mime,
                size,
                ..
            }) => {
                values.extend([name, title, description, mime, size].into_iter().flatten());
            }
            _ => {}
        }
    }
    out.extend(values.into_iter().filter_map(Value::field).cloned());
    out
}

/// A block field as the reader sees it.
struct Slot<'a> {
    field: &'a Field<'a>,
    block: &'static str,
    cardinality: Cardinality,
}

/// The block fields of a layout, in declaration order.
fn block_slots<'a>(input: &'a Input<'a>) -> Vec<Slot<'a>> {
    input
        .fields
        .iter()
        .filter_map(|field| {
            let kind = field.attrs.kind.as_ref()?;
            let block = kind.block_type()?;
            let bytes = match kind {
                Kind::Media { .. } => true,
                Kind::Resource { body, .. } => match body {
                    Some((body, _)) => *body == crate::attr::Body::Blob,
                    None => is_bytes(cardinality(field.ty, true).1),
                },
                _ => false,
            };
            let (cardinality, _) = cardinality(field.ty, bytes);
            Some(Slot {
                field,
                block,
                cardinality,
            })
        })
        .collect()
}

/// Blocks are read back by kind, in declaration order: a field that may take any number of
/// blocks (a `Vec`) or none (an `Option`) must not come before another field that takes the
/// same blocks, or the first would swallow the second's.
fn check_layout(cx: &mut Ctxt, input: &Input) {
    let slots = block_slots(input);
    for (i, earlier) in slots.iter().enumerate() {
        if earlier.cardinality == Cardinality::One {
            continue;
        }
        for later in &slots[i + 1..] {
            if later.block != earlier.block || distinguishable(earlier.field, later.field) {
                continue;
            }
            let (e, l) = (&earlier.field.ident, &later.field.ident);
            let what = if earlier.cardinality == Cardinality::Many {
                "a `Vec`"
            } else {
                "an `Option`"
            };
            cx.error_spanned_by(
                l,
                format!(
                    "field `{l}` cannot be read back: `{e}` comes first, is {what} of {block} blocks, and would take `{l}`'s block too. \
                     Declare `{l}` before `{e}`{tell}, or mark the {item} #[content(write_only)]",
                    block = later.block,
                    item = input.item_word(),
                    tell = match later.block {
                        "resource" => ", give them URI templates that cannot match each other's URIs",
                        "resource_link" => ", give both links distinct literal names",
                        _ => "",
                    },
                ),
            );
            break;
        }
    }
}

/// Whether a block of `later`'s can never be taken by `earlier`: resources whose templates
/// cannot match each other's URIs, links with different literal names.
fn distinguishable(earlier: &Field, later: &Field) -> bool {
    match (&earlier.attrs.kind, &later.attrs.kind) {
        (Some(Kind::Resource { uri: Some(a), .. }), Some(Kind::Resource { uri: Some(b), .. })) => {
            let (Ok(a), Ok(b)) = (
                UriTemplate::parse(&a.value()),
                UriTemplate::parse(&b.value()),
            ) else {
                return true;
            };
            let sample = |t: &UriTemplate| t.expand(&|_| Some(rules::TemplateValue::Str("x")));
            a.match_uri(&sample(&b)).is_none() && b.match_uri(&sample(&a)).is_none()
        }
        (Some(Kind::Link { name: a, .. }), Some(Kind::Link { name: b, .. })) => {
            // A link without `name` is named after its field.
            let literal = |name: &Option<Value>, field: &Field| match name {
                Some(Value::Str(lit)) => Some(lit.value()),
                None => Some(field.ident.to_string()),
                Some(_) => None,
            };
            match (literal(a, earlier), literal(b, later)) {
                (Some(a), Some(b)) => a != b,
                _ => false,
            }
        }
        _ => false,
    }
}

/// Variants are read in declaration order and the first that reads without error wins: a
/// variant is unreachable when an earlier one can read content it writes. Counted by kind
/// (a text block is a text block, whatever it parses as), so the check errs on the side of
/// reporting; variants with a `flatten` field are not compared (their blocks are not known
/// here).
fn check_shadowing(cx: &mut Ctxt, variants: &[Input]) {
    for (j, later) in variants.iter().enumerate() {
        let Some(earlier) = variants[..j]
            .iter()
            .find(|earlier| may_read(earlier, later))
        else {
            continue;
        };
        let (Some(e), Some(l)) = (&earlier.variant, &later.variant) else {
            continue;
        };
        let (e, l) = (e.ident, l.ident);
        let what = if block_slots(later).is_empty() {
            "no blocks".to_owned()
        } else {
            format!("`{l}`'s blocks")
        };
        cx.error_spanned_by(
            l,
            format!(
                "variant `{l}` cannot be read back: `{e}` comes first and also reads {what} \
                 (reading takes the first variant that fits). Reorder the variants, tell their blocks apart \
                 (another kind, resource URI templates that cannot match each other's URIs, distinct link names), \
                 or mark the enum #[content(write_only)]"
            ),
        );
    }
}

/// Whether `earlier`'s reader may accept some content `later` writes: every block `later`
/// can write finds a field of `earlier` with room (taken greedily, as the reader does), and
/// every single-block field of `earlier` is filled.
fn may_read(earlier: &Input, later: &Input) -> bool {
    let has_flatten = |input: &Input| {
        input
            .fields
            .iter()
            .any(|f| matches!(f.attrs.kind, Some(Kind::Flatten { .. })))
    };
    if has_flatten(earlier) || has_flatten(later) {
        return false;
    }
    let (takers, writers) = (block_slots(earlier), block_slots(later));
    // How many blocks each field of `later` may write; a `Vec` is tried up to one more than
    // `earlier` has fields, past which nothing changes.
    let most = takers.len() + 1;
    let choices: Vec<Vec<usize>> = writers
        .iter()
        .map(|w| match w.cardinality {
            Cardinality::One => vec![1],
            Cardinality::Optional => vec![0, 1],
            Cardinality::Many => (0..=most).collect(),
        })
        .collect();
    // Small layouts are compared exhaustively; a huge one is not compared at all.
    let total = choices
        .iter()
        .try_fold(1usize, |n, c| n.checked_mul(c.len()))
        .unwrap_or(usize::MAX);
    if total > 4096 {
        return false;
    }
    let mut counts: Vec<usize> = choices.iter().map(|c| c[0]).collect();
    let mut positions = vec![0usize; choices.len()];
    loop {
        if reads_counts(&takers, &writers, &counts) {
            return true;
        }
        // The next combination, odometer style.
        let mut k = 0;
        loop {
            if k == choices.len() {
                return false;
            }
            positions[k] += 1;
            if positions[k] < choices[k].len() {
                counts[k] = choices[k][positions[k]];
                break;
            }
            positions[k] = 0;
            counts[k] = choices[k][0];
            k += 1;
        }
    }
}

/// Whether `takers` read `counts[k]` blocks of each of `writers[k]`, written in order.
fn reads_counts(takers: &[Slot], writers: &[Slot], counts: &[usize]) -> bool {
    let mut filled = vec![0usize; takers.len()];
    for (writer, &count) in writers.iter().zip(counts) {
        for _ in 0..count {
            let taker = takers.iter().enumerate().position(|(i, t)| {
                t.block == writer.block
                    && !distinguishable(t.field, writer.field)
                    && (t.cardinality == Cardinality::Many || filled[i] == 0)
            });
            match taker {
                Some(i) => filled[i] += 1,
                None => return false,
            }
        }
    }
    takers
        .iter()
        .zip(&filled)
        .all(|(t, &n)| t.cardinality != Cardinality::One || n > 0)
}
