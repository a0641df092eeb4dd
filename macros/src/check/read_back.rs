//! Whether what is written can be read back: blocks are read by kind, in declaration order,
//! so a field that may take any number of blocks must not swallow a later field's; an enum's
//! variants are read in order, so an earlier variant must not read what a later one writes.

use mcp_content_rules as rules;
use mcp_content_rules::UriTemplate;

use crate::attr::{Kind, Value};
use crate::ctxt::Ctxt;
use crate::resolve::{Cardinality, Layout, Resolved, Role, Use};
use crate::toolkit::is_string;

/// A block field as the reader sees it.
struct Slot<'a> {
    field: &'a crate::ast::Field<'a>,
    block: &'static str,
    cardinality: Cardinality,
    /// The block's annotations (the container's with the field's merged in).
    annotations: &'a crate::attr::AnnotationsAttr,
}

/// The block fields of a layout, in declaration order.
fn block_slots<'a>(layout: &'a Layout<'a>) -> Vec<Slot<'a>> {
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
fn distinguishable(earlier: &crate::ast::Field, later: &crate::ast::Field) -> bool {
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

/// Variants are read in declaration order and the first that reads without error wins: a
/// variant is unreachable when an earlier one can read content it writes. Counted by kind
/// (a text block is a text block, whatever it parses as), so the check errs on the side of
/// reporting; variants with a `flatten` field are not compared (their blocks are not known
/// here).
pub(super) fn check_shadowing(cx: &mut Ctxt, variants: &[Layout]) {
    for (j, later) in variants.iter().enumerate() {
        let Some(earlier) = variants[..j]
            .iter()
            .find(|earlier| may_read(earlier, later))
        else {
            continue;
        };
        let (Some(e), Some(l)) = (&earlier.input.variant, &later.input.variant) else {
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
fn may_read(earlier: &Layout, later: &Layout) -> bool {
    let has_flatten = |layout: &Layout| {
        layout
            .input
            .fields
            .iter()
            .any(|f| matches!(f.attrs.kind, Some(Kind::Flatten { .. })))
    };
    if has_flatten(earlier) || has_flatten(later) || meta_literals_differ(earlier, later) {
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

/// Whether the two layouts write different literals under one key of the result's `_meta`:
/// a reader refuses a result whose `_meta` lacks its literal, so neither reads the other's.
fn meta_literals_differ(earlier: &Layout, later: &Layout) -> bool {
    use crate::attr::Value;
    let same = |a: &Value, b: &Value| match (a, b) {
        (Value::Str(a), Value::Str(b)) => a.value() == b.value(),
        (Value::Bool(a), Value::Bool(b)) => a.value == b.value,
        #[allow(
            clippy::float_cmp,
            reason = "both are literals, compared as the reader does"
        )]
        (Value::Number { value: a, .. }, Value::Number { value: b, .. }) => a == b,
        _ => true,
    };
    earlier.input.attrs.meta.iter().any(|e| {
        later
            .input
            .attrs
            .meta
            .iter()
            .any(|l| e.key.value() == l.key.value() && !same(&e.value, &l.value))
    })
}

/// Whether `taker`'s reader refuses every block `writer` writes: `taker` declares a literal
/// (an annotation, a block `_meta` or contents `_meta` entry, `ui(…)`, a link part, a MIME
/// type without `any_mime`) that `writer`'s blocks carry with another value or not at all
/// (a value taken from a field may be anything, so it is never told apart). (Within a struct
/// a block that lacks a field's literal is refused, not passed on, so this tells only
/// variants apart.)
fn literals_differ(taker: &Slot, writer: &Slot) -> bool {
    let differ = |a: Option<&Value>, b: Option<&Value>| match (a, b) {
        (Some(Value::Str(a)), Some(Value::Str(b))) => a.value() != b.value(),
        (Some(Value::Bool(a)), Some(Value::Bool(b))) => a.value != b.value,
        #[allow(
            clippy::float_cmp,
            reason = "both are literals, compared as the reader does"
        )]
        (Some(Value::Number { value: a, .. }), Some(Value::Number { value: b, .. })) => a != b,
        (Some(Value::Array(a, _)), Some(Value::Array(b, _))) => {
            // An audience, compared as a set of role names.
            let roles = |items: &[Value]| {
                let mut names: Vec<String> = items
                    .iter()
                    .filter_map(|v| match v {
                        Value::Str(lit) => Some(lit.value()),
                        _ => None,
                    })
                    .collect();
                names.sort();
                names.dedup();
                names
            };
            roles(a) != roles(b)
        }
        // A literal the writer does not write at all: the taker refuses the block.
        (Some(a), None) => !matches!(a, Value::Field(_)),
        // Literals of two kinds (`"1"` and `1`) differ; a field's value may be either.
        (Some(a), Some(b)) => {
            !matches!(a, Value::Field(_))
                && !matches!(b, Value::Field(_))
                && std::mem::discriminant(a) != std::mem::discriminant(b)
        }
        (None, _) => false,
    };
    let (a, b) = (taker.annotations, writer.annotations);
    if differ(a.audience.as_ref(), b.audience.as_ref())
        || differ(a.priority.as_ref(), b.priority.as_ref())
        || differ(a.last_modified.as_ref(), b.last_modified.as_ref())
    {
        return true;
    }
    let entries_differ = |taken: &[crate::attr::MetaEntry], written: &[crate::attr::MetaEntry]| {
        taken.iter().any(|t| {
            let w = written.iter().find(|w| w.key.value() == t.key.value());
            differ(Some(&t.value), w.map(|w| &w.value))
        })
    };
    let (t, w) = (&taker.field.attrs, &writer.field.attrs);
    let meta_differs = entries_differ(&t.meta, &w.meta)
        || entries_differ(&t.resource_meta, &w.resource_meta)
        || match (&t.resource_ui, &w.resource_ui) {
            (Some((_, a)), Some((_, b))) => !json_eq(a, b),
            (Some(_), None) => true,
            (None, _) => false,
        };
    let link_differs = match (&t.kind, &w.kind) {
        (
            Some(Kind::Link {
                title: t1,
                description: d1,
                size: s1,
                ..
            }),
            Some(Kind::Link {
                title: t2,
                description: d2,
                size: s2,
                ..
            }),
        ) => {
            differ(t1.as_ref(), t2.as_ref())
                || differ(d1.as_ref(), d2.as_ref())
                || differ(s1.as_ref(), s2.as_ref())
        }
        _ => false,
    };
    let mime_differs = match (read_mime(t.kind.as_ref()), written_mime(w.kind.as_ref())) {
        (Some(a), Some(b)) => a != b,
        _ => false,
    };
    meta_differs || link_differs || mime_differs
}

/// Whether two JSON values are equal as the reader compares them: objects by their members,
/// whatever their order.
fn json_eq(a: &crate::toolkit::Json, b: &crate::toolkit::Json) -> bool {
    use crate::toolkit::Json;
    match (a, b) {
        (Json::Str(a), Json::Str(b)) => a == b,
        (Json::Bool(a), Json::Bool(b)) => a == b,
        (Json::Arr(a), Json::Arr(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| json_eq(a, b))
        }
        (Json::Obj(a), Json::Obj(b)) => {
            a.len() == b.len()
                && a.iter().all(|(key, value)| {
                    b.iter()
                        .any(|(other, found)| key == other && json_eq(value, found))
                })
        }
        _ => false,
    }
}

/// The literal MIME type a field writes (type and subtype, lowercase: what the reader
/// compares).
fn written_mime(kind: Option<&Kind>) -> Option<String> {
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
fn read_mime(kind: Option<&Kind>) -> Option<String> {
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

/// Whether `takers` read `counts[k]` blocks of each of `writers[k]`, written in order.
fn reads_counts(takers: &[Slot], writers: &[Slot], counts: &[usize]) -> bool {
    let mut filled = vec![0usize; takers.len()];
    for (writer, &count) in writers.iter().zip(counts) {
        for _ in 0..count {
            let taker = takers.iter().enumerate().position(|(i, t)| {
                t.block == writer.block
                    && !distinguishable(t.field, writer.field)
                    && !literals_differ(t, writer)
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

#[cfg(test)]
#[path = "read_back_tests.rs"]
mod tests;
