//! Interpretation of the tree: every unknown key (with "did you mean"), duplicate (with
//! "first used here") and misplaced value is reported into the `Ctxt`, and parsing goes on.

use syn::Attribute;

use super::tree::{
    Item, content_items, expect_flag, expect_list, expect_value, seen, stray_entry, unknown,
};
use super::{
    ANNOTATION_KEYS, AnnotationsAttr, CONTAINER_KEYS, ContainerAttrs, FIELD_KEYS, FieldAttrs,
    MetaEntry, STRUCTURED_KEYS, Structured, VARIANT_KEYS, Value, VariantAttrs,
};
use crate::ctxt::Ctxt;

mod kind;
mod ui;

use kind::field_kind;
use ui::app_ui;

/// Reads the `#[content(…)]` of the item, `holder` being `"struct"` or `"enum"`.
pub(crate) fn container_attrs(cx: &mut Ctxt, attrs: &[Attribute], holder: &str) -> ContainerAttrs {
    let mut out = ContainerAttrs::default();
    let mut seen = seen();
    let place = format!(
        "#[content(…)] on a{} {holder}",
        if holder == "enum" { "n" } else { "" }
    );
    let place = place.as_str();
    for item in content_items(cx, attrs) {
        let Some((name, key)) = named(cx, &item, place) else {
            continue;
        };
        if !CONTAINER_KEYS.contains(&key.as_str()) {
            let hint_keys: Vec<&str> = CONTAINER_KEYS.iter().chain(FIELD_KEYS).copied().collect();
            if FIELD_KEYS.contains(&key.as_str()) {
                cx.error_spanned_by(
                    &name,
                    format!("`{key}` goes on a field, not on the {holder}"),
                );
                out.misplaced_kind = true;
            } else {
                unknown(cx, &name, place, &hint_keys);
            }
            continue;
        }
        // `meta(…)` may be split over several attributes; every other key is written once.
        if key != "meta" && !seen.first(cx, &key, name.span()) {
            continue;
        }
        match key.as_str() {
            "crate" => {
                if let Some((_, value)) = expect_value(cx, item, "`crate = \"my_crate::mcp\"`") {
                    match value {
                        Value::Str(lit) => match lit.parse::<syn::Path>() {
                            Ok(path) => out.krate = Some(path),
                            Err(_) => cx.error_spanned_by(
                                &lit,
                                "`crate` must be a path, e.g. \"my_crate::mcp\"",
                            ),
                        },
                        other => cx.error_at(
                            other.span(),
                            "`crate` takes a string: `crate = \"my_crate::mcp\"`",
                        ),
                    }
                }
            }
            "annotations" | "meta" => {
                block_defaults(cx, &key, item, &mut out.annotations, &mut out.meta);
            }
            "structured" => {
                let no_text = flag_list(cx, item, "structured", "no_text", STRUCTURED_KEYS);
                out.structured = Some(Structured {
                    span: name.span(),
                    no_text,
                });
            }
            "write_only" => {
                expect_flag(cx, &item, "`write_only`");
                out.write_only = Some(name.span());
            }
            _ => {}
        }
    }
    out
}

/// Reads a variant's `#[content(…)]`.
pub(crate) fn variant_attrs(cx: &mut Ctxt, attrs: &[Attribute]) -> VariantAttrs {
    let mut out = VariantAttrs::default();
    let mut seen = seen();
    let place = "#[content(…)] on a variant";
    for item in content_items(cx, attrs) {
        let Some((name, key)) = named(cx, &item, place) else {
            continue;
        };
        if !VARIANT_KEYS.contains(&key.as_str()) {
            if FIELD_KEYS.contains(&key.as_str()) {
                cx.error_spanned_by(&name, format!("`{key}` goes on a field, not on a variant"));
                out.misplaced_kind = true;
            } else if CONTAINER_KEYS.contains(&key.as_str()) {
                cx.error_spanned_by(&name, format!("`{key}` goes on the enum, not on a variant"));
            } else {
                unknown(cx, &name, place, VARIANT_KEYS);
            }
            continue;
        }
        // `meta(…)` may be split over several attributes, as on the enum.
        if key != "meta" && !seen.first(cx, &key, name.span()) {
            continue;
        }
        match key.as_str() {
            "annotations" | "meta" => {
                block_defaults(cx, &key, item, &mut out.annotations, &mut out.meta);
            }
            _ => {
                expect_flag(cx, &item, "`skip`");
                out.skip = Some(name);
            }
        }
    }
    out
}

/// Reads a field's `#[content(…)]`; `holder` is what holds it (`"struct"` or `"enum"`).
pub(crate) fn field_attrs(cx: &mut Ctxt, attrs: &[Attribute], holder: &str) -> FieldAttrs {
    let mut out = FieldAttrs::default();
    let mut seen = seen();
    let place = "#[content(…)] on a field";
    for item in content_items(cx, attrs) {
        let Some((name, key)) = named(cx, &item, place) else {
            continue;
        };
        if !FIELD_KEYS.contains(&key.as_str()) {
            if CONTAINER_KEYS.contains(&key.as_str()) {
                cx.error_spanned_by(
                    &name,
                    format!("`{key}` goes on the {holder}, not on a field"),
                );
            } else {
                unknown(cx, &name, place, FIELD_KEYS);
            }
            continue;
        }
        // `meta = "key"` places the field; `meta(…)` is the block's `_meta`.
        let is_kind = matches!(
            key.as_str(),
            "text" | "image" | "audio" | "resource" | "link" | "flatten" | "skip"
        ) || (key == "meta" && matches!(item, Item::Assign(..)));
        if is_kind {
            let errors = cx.error_count();
            let kind = field_kind(cx, item);
            out.kind_broken |= cx.error_count() > errors;
            match (&out.kind, kind) {
                (_, None) => {}
                (None, Some(kind)) => out.kind = Some(kind),
                (Some(first), Some(kind)) => {
                    let (a, b) = (first.key().to_string(), kind.key().to_string());
                    if a == b {
                        cx.error_spanned_by(kind.key(), format!("duplicate `{b}`"));
                        cx.error_spanned_by(first.key(), format!("`{a}` first used here"));
                    } else {
                        out.kind_conflict = true;
                        cx.error_spanned_by(
                            kind.key(),
                            format!("conflicting kinds: the field is already `{a}`; a field becomes one thing (use two fields for two blocks)"),
                        );
                        cx.error_spanned_by(first.key(), format!("`{a}` chosen here"));
                    }
                }
            }
            continue;
        }
        if !seen.first(cx, &key, name.span()) {
            continue;
        }
        match key.as_str() {
            "annotations" => {
                if let Some((name, items)) = expect_list(
                    cx,
                    item,
                    "`annotations(audience = [\"user\"], priority = 0.5)`",
                ) {
                    out.annotations = annotations(cx, items);
                    out.annotations_span = Some(name.span());
                }
            }
            "meta" => {
                if let Some((name, items)) = expect_list(
                    cx,
                    item,
                    "`meta(\"com.example/key\" = value)` for the block's `_meta`, or `meta = \"com.example/key\"` to put the field in the result's `_meta`",
                ) {
                    out.meta = meta_entries(cx, items, "meta");
                    out.meta_span = Some(name.span());
                }
            }
            "ui" => {
                if let Some((name, items)) = expect_list(
                    cx,
                    item,
                    "`ui(csp(connect = [\"https://…\"]), permissions(camera), domain = \"abc123.sandbox.example\", prefers_border = true)`",
                ) {
                    out.resource_ui = Some((name.span(), app_ui(cx, items)));
                }
            }
            "resource_meta" => {
                if let Some((name, items)) =
                    expect_list(cx, item, "`resource_meta(\"com.example/key\" = value)`")
                {
                    out.resource_meta = meta_entries(cx, items, "resource_meta");
                    out.resource_meta_span = Some(name.span());
                }
            }
            _ => {}
        }
    }
    if out.resource_ui.is_some() {
        for entry in out.resource_meta.iter().filter(|e| e.key.value() == "ui") {
            cx.error_spanned_by(
                &entry.key,
                "`_meta.ui` of the resource is written by `ui(…)`: set it there, not in `resource_meta`",
            );
        }
    }
    out
}

/// The key of `item`, as an identifier and as text; a `"key" = value` entry where a key is
/// expected is reported (`place` says where).
fn named(cx: &mut Ctxt, item: &Item, place: &str) -> Option<(syn::Ident, String)> {
    let Some(name) = item.name().cloned() else {
        if let Item::Entry(key, _) = item {
            stray_entry(cx, key, place);
        }
        return None;
    };
    let key = name.to_string();
    Some((name, key))
}

/// `key` or `key(flag)` (`structured(no_text)`, `text(json)`): whether `flag` was given.
fn flag_list(cx: &mut Ctxt, item: Item, key: &str, flag: &str, keys: &[&str]) -> bool {
    let Item::List(_, items) = item else {
        expect_flag(cx, &item, &format!("`{key}` or `{key}({flag})`"));
        return false;
    };
    let place = format!("`{key}(…)`");
    let mut found = false;
    let mut seen = seen();
    for inner in items {
        match inner.name() {
            Some(n) if n == flag => {
                if seen.first(cx, flag, n.span()) {
                    expect_flag(cx, &inner, &format!("`{key}({flag})`"));
                }
                found = true;
            }
            Some(n) => unknown(cx, n, &place, keys),
            None => {
                if let Item::Entry(k, _) = &inner {
                    stray_entry(cx, k, &place);
                }
            }
        }
    }
    found
}

/// `annotations(…)` and `meta(…)` on the container or a variant: the defaults of its blocks
/// (`meta(…)` may be split over several attributes).
fn block_defaults(
    cx: &mut Ctxt,
    key: &str,
    item: Item,
    annotations_out: &mut AnnotationsAttr,
    meta_out: &mut Vec<MetaEntry>,
) {
    if key == "annotations" {
        if let Some((_, items)) = expect_list(
            cx,
            item,
            "`annotations(audience = [\"user\"], priority = 0.5)`",
        ) {
            *annotations_out = annotations(cx, items);
        }
    } else if let Some((_, items)) =
        expect_list(cx, item, "`meta(\"com.example/key\" = \"value\")`")
    {
        meta_out.extend(meta_entries(cx, items, "meta"));
    }
}

fn annotations(cx: &mut Ctxt, items: Vec<Item>) -> AnnotationsAttr {
    let mut out = AnnotationsAttr::default();
    let mut seen = seen();
    for item in items {
        let Some((name, key)) = named(cx, &item, "`annotations(…)`") else {
            continue;
        };
        if !ANNOTATION_KEYS.contains(&key.as_str()) {
            unknown(cx, &name, "`annotations(…)`", ANNOTATION_KEYS);
            continue;
        }
        if !seen.first(cx, &key, name.span()) {
            continue;
        }
        let usage = match key.as_str() {
            "audience" => "`audience = [\"user\", \"assistant\"]` or `audience = field`",
            "priority" => "`priority = 0.5` or `priority = field`",
            _ => "`last_modified = \"2025-01-12T15:00:58Z\"` or `last_modified = field`",
        };
        let Some((_, value)) = expect_value(cx, item, usage) else {
            continue;
        };
        let slot = match key.as_str() {
            "audience" => &mut out.audience,
            "priority" => &mut out.priority,
            _ => &mut out.last_modified,
        };
        *slot = Some(value);
    }
    out
}

fn meta_entries(cx: &mut Ctxt, items: Vec<Item>, list: &str) -> Vec<MetaEntry> {
    let mut out = Vec::new();
    let mut seen = seen();
    for item in items {
        match item {
            Item::Entry(key, value) => {
                if seen.first(cx, &key.value(), key.span()) {
                    out.push(MetaEntry { key, value });
                }
            }
            other => {
                if let Some(name) = other.name() {
                    cx.error_spanned_by(
                        name,
                        format!("`{list}(…)` takes `\"key\" = value` entries with the key as a string: `{list}(\"com.example/{name}\" = …)`"),
                    );
                }
            }
        }
    }
    out
}
