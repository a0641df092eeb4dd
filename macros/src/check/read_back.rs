//! Whether what is written can be read back: blocks are read by kind, in declaration order,
//! so a field that may take any number of blocks must not swallow a later field's; an enum's
//! variants are read in order, so an earlier variant must not read what a later one writes.

use mcp_content_rules as rules;
use mcp_content_rules::UriTemplate;

use crate::attr::{Kind, Value};
use crate::ctxt::Ctxt;
use crate::resolve::{Cardinality, Layout, Resolved, Role, Use};
use crate::toolkit::is_string;

pub(super) mod variants;

/// A block field as the reader sees it.
pub(super) struct Slot<'a> {
    field: &'a crate::ast::Field<'a>,
    block: &'static str,
    cardinality: Cardinality,
    /// The block's annotations (the container's with the field's merged in).
    annotations: &'a crate::attr::AnnotationsAttr,
}

/// The block fields of a layout, in declaration order.
pub(super) fn block_slots<'a>(layout: &'a Layout<'a>) -> Vec<Slot<'a>> {
    layout
        .blocks()
        .map(|(resolved, block): (&Resolved, _)| Slot {
            field: resolved.field,
            block: block.kind.wire(),
            cardinality: block.cardinality,
            annotations: &block.annotations,
        })
        .collect()
}

/// Blocks are read back by kind, in declaration order: a field that may take any number of
/// blocks (a `Vec`) or none (an `Option`) must not come before another field that takes the
/// same blocks, or the first would swallow the second's. Values a block carries for an
/// `Option` field must read back as `None` when the field is `None`.
pub(super) fn check_layout(cx: &mut Ctxt, layout: &Layout) {
    check_block_order(cx, layout);
    check_absent_values(cx, layout);
    // After another mistake (a kind that does not fit the field), these would be its
    // follow-on errors.
    if cx.is_ok() {
        check_conditional_places(cx, layout);
        check_template_round_trip(cx, layout);
    }
}

/// A resource's URI template must give back the values it was written with: two expressions
/// with nothing between them (`{a}{b}`), a separator a text value may hold unencoded
/// (`{a}-{b}`: `-`, `.`, `_`, `~` are left as they are), or a form the reader does not take
/// (`{/a}{/b}`) read back other values. Tried with digits for every variable, then with
/// text that holds those characters for the variables taken from a `String`.
fn check_template_round_trip(cx: &mut Ctxt, layout: &Layout) {
    for (resolved, block) in layout.blocks() {
        let (Some(template), Kind::Resource { uri: Some(lit), .. }) = (&block.template, block.attr)
        else {
            continue;
        };
        let variables = template.variables();
        // A template no URI of which matches back (a modifier) is reported as such.
        let any = template.expand(&|_| Some(rules::TemplateValue::Str("x")));
        if variables.is_empty() || template.match_uri(&any).is_none() {
            continue;
        }
        let text_valued = |variable: &str| {
            layout.fields.iter().any(|f| {
                is_string(f.source_ty())
                    && f.uses.iter().any(|u| {
                        matches!(u, Use::TemplateVar { owner, name }
                            if *owner == resolved.index && name == variable)
                    })
            })
        };
        for text in [false, true] {
            let sample = |variable: &str| {
                if text && text_valued(variable) {
                    "a-b.c_d~e"
                } else {
                    "12"
                }
            };
            let uri = template.expand(&|v| Some(rules::TemplateValue::Str(sample(v))));
            let back = template.match_uri(&uri);
            let read = |variable: &str| {
                back.as_ref()?
                    .iter()
                    .find(|(n, _)| n == variable)
                    .map(|(_, value)| value.clone())
            };
            if variables
                .iter()
                .all(|v| read(v).as_deref() == Some(sample(v)))
            {
                continue;
            }
            let assignments = |value: &dyn Fn(&str) -> String| {
                variables
                    .iter()
                    .map(|v| format!("`{v} = {}`", value(v)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let written = assignments(&|v| format!("{:?}", sample(v)));
            let why = if text {
                " (a `String` may hold `-`, `.`, `_` and `~`, which a URI keeps as they are)"
            } else {
                ""
            };
            let read_back = if back.is_some() {
                format!(
                    "which reads back as {}",
                    assignments(
                        &|v| read(v).map_or_else(|| "nothing".to_owned(), |x| format!("{x:?}"))
                    )
                )
            } else {
                "which the template does not match".to_owned()
            };
            cx.error_spanned_by(
                lit,
                format!(
                    "the URI template `{template}` of field `{field}` cannot be read back: written with {written}{why} it gives `{uri}`, {read_back}. \
                     Separate the expressions with a character their values cannot hold unencoded (`{{a}}/{{b}}`), \
                     or take the variables in one expression (`{{a,b}}`, `{{?a,b}}`); or mark the {item} #[content(write_only)]",
                    field = resolved.field.ident,
                    item = layout.input.item_word(),
                ),
            );
            break;
        }
    }
}

/// A field with no place of its own, written only with blocks that may be absent (an
/// `Option` block field's, a `Vec`'s): when they are, its value is written nowhere, and a
/// field that must have a value cannot be read back. (An `Option` field reads back `None`
/// then, as documented: its value goes with those blocks.)
fn check_conditional_places(cx: &mut Ctxt, layout: &Layout) {
    let sources = layout
        .fields
        .iter()
        .filter(|f| matches!(f.role, Role::Source) && !f.is_optional());
    for source in sources {
        // The blocks that carry it, unless one is always written (or the result's `_meta`).
        let owners: Option<Vec<usize>> = source
            .uses
            .iter()
            .map(|used| {
                used.owner().filter(|&owner| {
                    layout.fields[owner]
                        .block()
                        .is_some_and(|b| b.cardinality != Cardinality::One)
                })
            })
            .collect();
        let Some(mut owners) = owners else {
            continue;
        };
        owners.dedup();
        let Some(&first) = owners.first() else {
            continue;
        };
        let owner = &layout.fields[first];
        let when = match owner.block().map(|b| b.cardinality) {
            Some(Cardinality::Many) => "is an empty `Vec`",
            _ => "is `None`",
        };
        let (name, owner_name) = (&source.field.ident, &owner.field.ident);
        let also = if owners.len() > 1 {
            " (and the others that take it)"
        } else {
            ""
        };
        cx.error_spanned_by(
            name,
            format!(
                "field `{name}` cannot be read back: it is written only with the block of field `{owner_name}`{also}, \
                 which is not written when `{owner_name}` {when}, and then `{name}` is written nowhere and reading fails. \
                 Write it where it always is too (`#[content(meta = \"…\")]` on `{name}`, or a block that is always written), \
                 give it a block of its own, or mark the {item} #[content(write_only)]",
                item = layout.input.item_word(),
            ),
        );
    }
}

/// An `Option` field whose `None` writes something that reads back as another value: a
/// template variable left out of a `{x}` expression (the URI then matches `x = ""`), a link
/// `name` (a `None` name writes the link field's own name).
fn check_absent_values(cx: &mut Ctxt, layout: &Layout) {
    let item = layout.input.item_word();
    for source in layout.fields.iter().filter(|f| f.is_optional()) {
        let name = &source.field.ident;
        for used in &source.uses {
            let problem = match used {
                Use::TemplateVar {
                    owner,
                    name: variable,
                } => {
                    let Some(template) = layout.fields[*owner]
                        .block()
                        .and_then(|b| b.template.as_ref())
                    else {
                        continue;
                    };
                    // Written with this variable undefined and every other one set: read
                    // back, the variable must be absent again.
                    let uri = template
                        .expand(&|v| (v != variable).then_some(rules::TemplateValue::Str("x")));
                    match template.match_uri(&uri) {
                        Some(vars) if vars.iter().all(|(v, _)| v != variable) => continue,
                        Some(_) => format!(
                            "when it is `None`, the URI template `{template}` writes `{uri}`, which reads back as `{variable} = \"\"`, not `None`. \
                             Use a query expression (`{{?{variable}}}`), which leaves an absent variable out, or a field that is not an `Option`",
                        ),
                        None => format!(
                            "when it is `None`, the URI template `{template}` writes `{uri}`, which the template does not match. \
                             Use a query expression (`{{?{variable}}}`), which leaves an absent variable out, or a field that is not an `Option`",
                        ),
                    }
                }
                Use::LinkPart { owner, key: "name" } => {
                    let link = layout.fields[*owner].field.ident.to_string();
                    let link = link.trim_start_matches("r#");
                    format!(
                        "it names the link of field `{link}`, and when it is `None` the link is named `{link}`, which reads back as `Some(\"{link}\")`. \
                         A link always has a name: use a `String` field"
                    )
                }
                _ => continue,
            };
            cx.error_spanned_by(
                source.field.ty,
                format!("field `{name}` is an `Option` that cannot be read back: {problem}; or mark the {item} #[content(write_only)]"),
            );
        }
    }
}

fn check_block_order(cx: &mut Ctxt, layout: &Layout) {
    let input = layout.input;
    let slots = block_slots(layout);
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
                        "image" | "audio" => ", give both literal MIME types of their own (without `any_mime`)",
                        _ => "",
                    },
                ),
            );
            break;
        }
    }
}

/// Whether `field`, an image or audio field, is read beside another field of its kind that
/// declares another literal MIME type: its reader then leaves a block of another type for
/// the others (`offer_media_by_mime`) instead of refusing it.
pub(crate) fn told_apart_by_mime(layout: &Layout, field: &crate::ast::Field) -> bool {
    let Some(mime) = read_mime(field.attrs.kind.as_ref()) else {
        return false;
    };
    let kind = |f: &crate::ast::Field| match &f.attrs.kind {
        Some(Kind::Media { media, .. }) => Some(*media),
        _ => None,
    };
    let own = kind(field);
    block_slots(layout).iter().any(|other| {
        !std::ptr::eq(other.field, field)
            && kind(other.field) == own
            && read_mime(other.field.attrs.kind.as_ref()).is_some_and(|m| m != mime)
    })
}

/// Whether a block of `later`'s can never be taken by `earlier`: resources whose templates
/// cannot match each other's URIs, links with different literal names, images or audio with
/// different literal MIME types (each reader leaves the other's blocks).
pub(super) fn distinguishable(earlier: &crate::ast::Field, later: &crate::ast::Field) -> bool {
    if let (Some(Kind::Media { media: a, .. }), Some(Kind::Media { media: b, .. })) =
        (&earlier.attrs.kind, &later.attrs.kind)
    {
        if a != b {
            return true;
        }
        let (a, b) = (
            read_mime(earlier.attrs.kind.as_ref()),
            read_mime(later.attrs.kind.as_ref()),
        );
        return a.is_some() && b.is_some() && a != b;
    }
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
            let literal = |name: &Option<Value>, field: &crate::ast::Field| match name {
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

/// The literal MIME type a field writes (type and subtype, lowercase: what the reader
/// compares).
pub(super) fn written_mime(kind: Option<&Kind>) -> Option<String> {
    let (Kind::Media { mime, .. } | Kind::Resource { mime, .. } | Kind::Link { mime, .. }) = kind?
    else {
        return None;
    };
    let Some(Value::Str(lit)) = mime else {
        return None;
    };
    let text = lit.value();
    let essence = text.split(';').next().unwrap_or_default();
    Some(essence.trim().to_ascii_lowercase())
}

/// The literal MIME type a field reads back only (none with `any_mime`).
pub(super) fn read_mime(kind: Option<&Kind>) -> Option<String> {
    match kind? {
        Kind::Media {
            any_mime: Some(_), ..
        }
        | Kind::Resource {
            any_mime: Some(_), ..
        }
        | Kind::Link {
            any_mime: Some(_), ..
        } => None,
        kind => written_mime(Some(kind)),
    }
}

#[cfg(test)]
#[path = "read_back_tests.rs"]
mod tests;
