//! Interpretation of the tree: every unknown key (with "did you mean"), duplicate (with
//! "first used here") and misplaced value is reported into the `Ctxt`, and parsing goes on.

use syn::Attribute;

use super::tree::{
    Item, content_items, expect_flag, expect_list, expect_value, seen, stray_entry, unknown,
};
use super::{
    ANNOTATION_KEYS, AnnotationsAttr, Body, CONTAINER_KEYS, ContainerAttrs, FIELD_KEYS, FieldAttrs,
    Kind, LINK_KEYS, MEDIA_KEYS, Media, MetaEntry, RESOURCE_KEYS, STRUCTURED_KEYS, Structured,
    TEXT_KEYS, VARIANT_KEYS, Value, VariantAttrs,
};
use crate::ctxt::Ctxt;
use crate::handler::app::Json;
use crate::toolkit;

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
        let Some(name) = item.name().cloned() else {
            if let Item::Entry(key, _) = &item {
                stray_entry(cx, key, place);
            }
            continue;
        };
        let key = name.to_string();
        if !CONTAINER_KEYS.contains(&key.as_str()) {
            let hint_keys: Vec<&str> = CONTAINER_KEYS.iter().chain(FIELD_KEYS).copied().collect();
            if FIELD_KEYS.contains(&key.as_str()) {
                cx.error_spanned_by(
                    &name,
                    format!("`{key}` goes on a field, not on the {holder}"),
                );
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
            "annotations" => {
                if let Some((_, items)) = expect_list(
                    cx,
                    item,
                    "`annotations(audience = [\"user\"], priority = 0.5)`",
                ) {
                    out.annotations = annotations(cx, items);
                }
            }
            "meta" => {
                if let Some((_, items)) =
                    expect_list(cx, item, "`meta(\"com.example/key\" = \"value\")`")
                {
                    out.meta.extend(meta_entries(cx, items, "meta"));
                }
            }
            "structured" => {
                let mut no_text = false;
                if let Item::List(_, items) = item {
                    for inner in items {
                        match inner.name() {
                            Some(n) if n == "no_text" => {
                                expect_flag(cx, &inner, "`structured(no_text)`");
                                no_text = true;
                            }
                            Some(n) => unknown(cx, n, "`structured(…)`", STRUCTURED_KEYS),
                            None => {
                                if let Item::Entry(k, _) = &inner {
                                    stray_entry(cx, k, "`structured(…)`");
                                }
                            }
                        }
                    }
                } else {
                    expect_flag(cx, &item, "`structured` or `structured(no_text)`");
                }
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
        let Some(name) = item.name().cloned() else {
            if let Item::Entry(key, _) = &item {
                stray_entry(cx, key, place);
            }
            continue;
        };
        let key = name.to_string();
        if !VARIANT_KEYS.contains(&key.as_str()) {
            if FIELD_KEYS.contains(&key.as_str()) {
                cx.error_spanned_by(&name, format!("`{key}` goes on a field, not on a variant"));
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
            "annotations" => {
                if let Some((_, items)) = expect_list(
                    cx,
                    item,
                    "`annotations(audience = [\"user\"], priority = 0.5)`",
                ) {
                    out.annotations = annotations(cx, items);
                }
            }
            "meta" => {
                if let Some((_, items)) =
                    expect_list(cx, item, "`meta(\"com.example/key\" = \"value\")`")
                {
                    out.meta.extend(meta_entries(cx, items, "meta"));
                }
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
        let Some(name) = item.name().cloned() else {
            if let Item::Entry(key, _) = &item {
                stray_entry(cx, key, place);
            }
            continue;
        };
        let key = name.to_string();
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
            let kind = field_kind(cx, item);
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
                    "`ui(csp(connect = [\"https://…\"]), permissions(camera), domain = \"https://…\", prefers_border = true)`",
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
    out
}

// One arm per kind keeps the grammar of each kind readable in one place.
#[allow(clippy::too_many_lines)]
fn field_kind(cx: &mut Ctxt, item: Item) -> Option<Kind> {
    let name = item.name()?.clone();
    let key = name.to_string();
    match key.as_str() {
        "text" => {
            let mut json = false;
            match item {
                Item::List(_, items) => {
                    for inner in items {
                        match inner.name() {
                            Some(n) if n == "json" => {
                                expect_flag(cx, &inner, "`text(json)`");
                                json = true;
                            }
                            Some(n) => unknown(cx, n, "`text(…)`", TEXT_KEYS),
                            None => {
                                if let Item::Entry(k, _) = &inner {
                                    stray_entry(cx, k, "`text(…)`");
                                }
                            }
                        }
                    }
                }
                other => expect_flag(cx, &other, "`text` or `text(json)`"),
            }
            Some(Kind::Text { key: name, json })
        }
        "image" | "audio" => {
            let media = if key == "image" {
                Media::Image
            } else {
                Media::Audio
            };
            let mut mime = None;
            // A bare `image` is reported once, by `check`, as a missing MIME type.
            let list = match item {
                Item::Flag(_) => None,
                other => expect_list(cx, other, &format!("`{key}(mime = \"{key}/…\")`")),
            };
            if let Some((_, items)) = list {
                let mut seen = seen();
                for inner in items {
                    let Some(n) = inner.name().cloned() else {
                        if let Item::Entry(k, _) = &inner {
                            stray_entry(cx, k, &format!("`{key}(…)`"));
                        }
                        continue;
                    };
                    if n != "mime" {
                        unknown(cx, &n, &format!("`{key}(…)`"), MEDIA_KEYS);
                    } else if seen.first(cx, "mime", n.span()) {
                        mime = expect_value(cx, inner, "`mime = \"image/png\"` or `mime = field`")
                            .map(|(_, v)| v);
                    }
                }
            }
            Some(Kind::Media {
                key: name,
                media,
                mime,
            })
        }
        "resource" => {
            let (mut uri, mut mime, mut body) = (None, None, None);
            let mut body_conflict = false;
            if let Some((_, items)) =
                expect_list(cx, item, "`resource(uri = \"file:///{name}.txt\")`")
            {
                let mut seen = seen();
                for inner in items {
                    let Some(n) = inner.name().cloned() else {
                        if let Item::Entry(k, _) = &inner {
                            stray_entry(cx, k, "`resource(…)`");
                        }
                        continue;
                    };
                    let k = n.to_string();
                    if !RESOURCE_KEYS.contains(&k.as_str()) {
                        unknown(cx, &n, "`resource(…)`", RESOURCE_KEYS);
                        continue;
                    }
                    // `text` and `blob` exclude each other: one slot for both.
                    let slot = if k == "blob" { "text" } else { k.as_str() };
                    if let Some(first) = seen.span_of(slot).filter(|_| slot == "text") {
                        cx.error_at(
                            n.span(),
                            format!("`{k}` conflicts: the contents are already chosen"),
                        );
                        cx.error_at(first, "first chosen here");
                        body_conflict = true;
                        continue;
                    }
                    if !seen.first(cx, slot, n.span()) {
                        continue;
                    }
                    match k.as_str() {
                        "uri" => match expect_value(cx, inner, "`uri = \"file:///{name}.txt\"`") {
                            Some((_, Value::Str(lit))) => uri = Some(lit),
                            Some((_, other)) => cx.error_at(
                                other.span(),
                                "`uri` takes a string literal: a URI or an RFC 6570 template whose variables are fields",
                            ),
                            None => {}
                        },
                        "mime" => mime = expect_value(cx, inner, "`mime = \"text/plain\"` or `mime = field`").map(|(_, v)| v),
                        "text" => {
                            expect_flag(cx, &inner, "`text`");
                            body = Some((Body::Text, n.span()));
                        }
                        "blob" => {
                            expect_flag(cx, &inner, "`blob`");
                            body = Some((Body::Blob, n.span()));
                        }
                        _ => {}
                    }
                }
            }
            Some(Kind::Resource {
                key: name,
                uri,
                mime,
                // With both, neither is kept: a rule on one would be a follow-on error.
                body: if body_conflict { None } else { body },
            })
        }
        "link" => {
            let mut parts: [Option<Value>; 5] = Default::default();
            if let Item::List(_, items) = item {
                let mut seen = seen();
                for inner in items {
                    let Some(n) = inner.name().cloned() else {
                        if let Item::Entry(k, _) = &inner {
                            stray_entry(cx, k, "`link(…)`");
                        }
                        continue;
                    };
                    let k = n.to_string();
                    let Some(index) = LINK_KEYS.iter().position(|x| *x == k) else {
                        unknown(cx, &n, "`link(…)`", LINK_KEYS);
                        continue;
                    };
                    if seen.first(cx, &k, n.span()) {
                        parts[index] =
                            expect_value(cx, inner, &format!("`{k} = \"…\"` or `{k} = field`"))
                                .map(|(_, v)| v);
                    }
                }
            } else {
                expect_flag(cx, &item, "`link` or `link(name = \"…\")`");
            }
            let [name_part, title, description, mime, size] = parts;
            Some(Kind::Link {
                key: name,
                name: name_part,
                title,
                description,
                mime,
                size,
            })
        }
        "flatten" | "skip" => {
            expect_flag(cx, &item, &format!("`{key}`"));
            Some(if key == "flatten" {
                Kind::Flatten { key: name }
            } else {
                Kind::Skip { key: name }
            })
        }
        "meta" => {
            match item {
                Item::Assign(_, Value::Str(meta_key)) => Some(Kind::ResultMeta {
                    key: name,
                    meta_key,
                }),
                Item::Assign(_, other) => {
                    cx.error_at(other.span(), "`meta = …` takes the `_meta` key as a string: `meta = \"com.example/key\"`");
                    None
                }
                _ => None,
            }
        }
        _ => None,
    }
}

fn annotations(cx: &mut Ctxt, items: Vec<Item>) -> AnnotationsAttr {
    let mut out = AnnotationsAttr::default();
    let mut seen = seen();
    for item in items {
        let Some(name) = item.name().cloned() else {
            if let Item::Entry(k, _) = &item {
                stray_entry(cx, k, "`annotations(…)`");
            }
            continue;
        };
        let key = name.to_string();
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

/// `ui(csp(connect = [...], resources = [...], frame = [...], base_uri = [...]),
/// permissions(…), domain = "…", prefers_border = …)`: the same grammar and rules as
/// `#[resource(ui(…))]`, as the JSON of `_meta.ui`.
// One arm per key of `ui(…)` keeps its grammar in one place, as `field_kind` does.
#[allow(clippy::too_many_lines)]
fn app_ui(cx: &mut Ctxt, items: Vec<Item>) -> Json {
    const UI_KEYS: &[&str] = &["csp", "permissions", "domain", "prefers_border"];
    const CSP_KEYS: &[&str] = &["connect", "resources", "frame", "base_uri"];
    let mut entries = Vec::new();
    let mut seen_keys = seen();
    for item in items {
        let Some(name) = item.name().cloned() else {
            continue;
        };
        let key = name.to_string();
        if !UI_KEYS.contains(&key.as_str()) {
            unknown(cx, &name, "ui(…)", UI_KEYS);
            continue;
        }
        if !seen_keys.first(cx, &key, name.span()) {
            continue;
        }
        match (key.as_str(), item) {
            ("csp", Item::List(_, lists)) => {
                let mut csp = Vec::new();
                let mut seen_lists = seen();
                for list in lists {
                    let Some(list_name) = list.name().cloned() else {
                        continue;
                    };
                    let list_key = list_name.to_string();
                    if !CSP_KEYS.contains(&list_key.as_str()) {
                        unknown(cx, &list_name, "csp(…)", CSP_KEYS);
                        continue;
                    }
                    if !seen_lists.first(cx, &list_key, list_name.span()) {
                        continue;
                    }
                    let Item::Assign(_, Value::Array(values, _)) = list else {
                        cx.error_spanned_by(&list_name, format!("`{list_key}` takes a list of origins: `{list_key} = [\"https://…\"]`"));
                        continue;
                    };
                    let origins = values
                        .iter()
                        .filter_map(|value| {
                            let Value::Str(lit) = value else {
                                cx.error_at(value.span(), "an origin is a string: \"https://…\"");
                                return None;
                            };
                            if let Err(violation) =
                                mcp_content_rules::check_csp_origin(&lit.value())
                            {
                                toolkit::violation(cx, lit.span(), &violation);
                            }
                            Some(Json::Str(lit.value()))
                        })
                        .collect();
                    let json_key = match list_key.as_str() {
                        "connect" => "connectDomains",
                        "resources" => "resourceDomains",
                        "frame" => "frameDomains",
                        _ => "baseUriDomains",
                    };
                    csp.push((json_key.to_owned(), Json::Arr(origins)));
                }
                entries.push(("csp".to_owned(), Json::Obj(csp)));
            }
            ("permissions", Item::List(_, words)) => {
                let mut permissions = Vec::new();
                for word in words {
                    let Item::Flag(word) = word else {
                        if let Some(name) = word.name() {
                            cx.error_spanned_by(
                                name,
                                "`permissions(…)` takes names: `permissions(camera, geolocation)`",
                            );
                        }
                        continue;
                    };
                    if let Err(violation) =
                        mcp_content_rules::check_ui_permission(&word.to_string())
                    {
                        toolkit::violation(cx, word.span(), &violation);
                    }
                    permissions.push((word.to_string(), Json::Obj(Vec::new())));
                }
                entries.push(("permissions".to_owned(), Json::Obj(permissions)));
            }
            ("domain", Item::Assign(_, Value::Str(lit))) => {
                if let Err(violation) = mcp_content_rules::check_csp_origin(&lit.value()) {
                    toolkit::violation(cx, lit.span(), &violation);
                }
                entries.push(("domain".to_owned(), Json::Str(lit.value())));
            }
            ("prefers_border", Item::Assign(_, Value::Bool(lit))) => {
                entries.push(("prefersBorder".to_owned(), Json::Bool(lit.value)));
            }
            ("prefers_border", Item::Flag(_)) => {
                entries.push(("prefersBorder".to_owned(), Json::Bool(true)));
            }
            _ => {
                let usage = match key.as_str() {
                    "csp" => "`csp(connect = [\"https://…\"])`",
                    "permissions" => "`permissions(camera, geolocation)`",
                    "domain" => "`domain = \"https://…\"`",
                    _ => "`prefers_border = true`",
                };
                cx.error_spanned_by(&name, format!("`{key}` is written {usage}"));
            }
        }
    }
    Json::Obj(entries)
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
