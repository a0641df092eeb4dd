//! The grammar of a field's kind: `text(json)`, `image(mime = …)`, `resource(uri = …, text)`,
//! `link(…)`, `flatten`, `skip`, `meta = "key"` — one arm per kind.

use super::super::tree::{
    Item, expect_flag, expect_list, expect_value, seen, stray_entry, unknown,
};
use super::super::{Body, Kind, LINK_KEYS, MEDIA_KEYS, Media, RESOURCE_KEYS, TEXT_KEYS, Value};
use super::flag_list;
use crate::ctxt::Ctxt;

// One arm per kind keeps the grammar of each kind readable in one place.
#[allow(clippy::too_many_lines)]
pub(super) fn field_kind(cx: &mut Ctxt, item: Item) -> Option<Kind> {
    let name = item.name()?.clone();
    let key = name.to_string();
    match key.as_str() {
        "text" => {
            let json = flag_list(cx, item, "text", "json", TEXT_KEYS);
            Some(Kind::Text { key: name, json })
        }
        "image" | "audio" => {
            let media = if key == "image" {
                Media::Image
            } else {
                Media::Audio
            };
            let (mut mime, mut any_mime) = (None, None);
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
                    if n == "any_mime" {
                        if seen.first(cx, "any_mime", n.span()) {
                            expect_flag(cx, &inner, "`any_mime`");
                            any_mime = Some(n);
                        }
                    } else if n != "mime" {
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
                any_mime,
            })
        }
        "resource" => {
            let (mut uri, mut mime, mut body, mut any_mime) = (None, None, None, None);
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
                        "any_mime" => {
                            expect_flag(cx, &inner, "`any_mime`");
                            any_mime = Some(n);
                        }
                        _ => {}
                    }
                }
            }
            Some(Kind::Resource {
                key: name,
                uri,
                mime,
                any_mime,
                // With both, neither is kept: a rule on one would be a follow-on error.
                body: if body_conflict { None } else { body },
            })
        }
        "link" => {
            let mut parts: [Option<Value>; 5] = Default::default();
            let mut any_mime = None;
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
                    if k == "any_mime" {
                        if seen.first(cx, &k, n.span()) {
                            expect_flag(cx, &inner, "`any_mime`");
                            any_mime = Some(n);
                        }
                    } else if seen.first(cx, &k, n.span()) {
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
                any_mime,
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
