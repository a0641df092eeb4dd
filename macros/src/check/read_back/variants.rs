//! An enum's variants, read in declaration order: a variant is unreachable when an earlier one
//! can read content it writes (compared block by block, literal by literal).

use super::{Slot, block_slots, distinguishable, read_mime, written_mime};
use crate::attr::{Kind, Value};
use crate::ctxt::Ctxt;
use crate::resolve::{Cardinality, Layout};

/// Variants are read in declaration order and the first that reads without error wins: a
/// variant is unreachable when an earlier one can read content it writes. Counted by kind
/// (a text block is a text block, whatever it parses as), so the check errs on the side of
/// reporting; variants with a `flatten` field are not compared (their blocks are not known
/// here).
pub(in crate::check) fn check_shadowing(cx: &mut Ctxt, variants: &[Layout]) {
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
