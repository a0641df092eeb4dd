//! The `#[content(…)]` grammar.
//!
//! Parsing is two steps: a small generic tree (`key`, `key = value`, `key(…)`,
//! `"meta/key" = value`), then its interpretation, which reports every unknown key (with
//! "did you mean"), duplicate (with "first used here") and misplaced value into the `Ctxt`
//! and keeps going. Rules on literal values (MIME types, URIs, `_meta` keys…) are `check`'s.

use std::collections::HashMap;

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::{Attribute, Ident, LitStr, Token, bracketed, parenthesized};

use crate::ast::Value;
use crate::ctxt::Ctxt;
use crate::suggest;

// ---------------------------------------------------------------------------------------
// The interpreted attributes

/// `#[content(…)]` on the struct or enum.
#[derive(Default, Clone)]
pub(crate) struct ContainerAttrs {
    /// `crate = "path"`: where `mcp_content` is, for re-exporting crates.
    pub(crate) krate: Option<syn::Path>,
    /// `annotations(…)`: defaults for every block.
    pub(crate) annotations: AnnotationsAttr,
    /// `meta("key" = value, …)`: the result's `_meta`.
    pub(crate) meta: Vec<MetaEntry>,
    /// `structured` / `structured(no_text)`.
    pub(crate) structured: Option<Structured>,
    /// `write_only`: no `FromContent`.
    pub(crate) write_only: Option<Span>,
}

/// `structured`: the struct's serde form goes to `structuredContent`.
#[derive(Clone)]
pub(crate) struct Structured {
    pub(crate) span: Span,
    /// `no_text`: no JSON text block for older clients.
    pub(crate) no_text: bool,
}

/// `annotations(audience = …, priority = …, last_modified = …)`.
#[derive(Default, Clone)]
pub(crate) struct AnnotationsAttr {
    pub(crate) audience: Option<Value>,
    pub(crate) priority: Option<Value>,
    pub(crate) last_modified: Option<Value>,
}

impl AnnotationsAttr {
    /// Every value, with the key it was given under.
    pub(crate) fn values(&self) -> impl Iterator<Item = (&'static str, &Value)> {
        [
            ("audience", self.audience.as_ref()),
            ("priority", self.priority.as_ref()),
            ("last_modified", self.last_modified.as_ref()),
        ]
        .into_iter()
        .filter_map(|(key, value)| Some((key, value?)))
    }

    /// These annotations with every key `over` sets taken from `over` (field over struct).
    pub(crate) fn merged(&self, over: &AnnotationsAttr) -> AnnotationsAttr {
        AnnotationsAttr {
            audience: over.audience.clone().or_else(|| self.audience.clone()),
            priority: over.priority.clone().or_else(|| self.priority.clone()),
            last_modified: over
                .last_modified
                .clone()
                .or_else(|| self.last_modified.clone()),
        }
    }
}

/// `"key" = value` in a `meta(…)` / `resource_meta(…)` list.
#[derive(Clone)]
pub(crate) struct MetaEntry {
    pub(crate) key: LitStr,
    pub(crate) value: Value,
}

/// `#[content(…)]` on a field.
#[derive(Default)]
pub(crate) struct FieldAttrs {
    /// What the field becomes.
    pub(crate) kind: Option<Kind>,
    /// `annotations(…)`: overrides the struct's.
    pub(crate) annotations: AnnotationsAttr,
    /// Where `annotations(…)` was written.
    pub(crate) annotations_span: Option<Span>,
    /// `meta("key" = value, …)`: the block's envelope `_meta`.
    pub(crate) meta: Vec<MetaEntry>,
    /// Where `meta(…)` was written.
    pub(crate) meta_span: Option<Span>,
    /// `resource_meta("key" = value, …)`: the embedded resource contents' `_meta`.
    pub(crate) resource_meta: Vec<MetaEntry>,
    /// Where `resource_meta(…)` was written.
    pub(crate) resource_meta_span: Option<Span>,
}

/// `#[content(…)]` on an enum variant.
#[derive(Default)]
pub(crate) struct VariantAttrs {
    /// `annotations(…)`: overrides the enum's, for this variant's blocks.
    pub(crate) annotations: AnnotationsAttr,
    /// `meta("key" = value, …)`: added to the result's `_meta` when this variant is written.
    pub(crate) meta: Vec<MetaEntry>,
    /// `skip`: the variant's fields are not written (each as if `#[content(skip)]`).
    pub(crate) skip: Option<Ident>,
}

/// Image or audio.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Media {
    Image,
    Audio,
}

impl Media {
    pub(crate) fn key(self) -> &'static str {
        match self {
            Media::Image => "image",
            Media::Audio => "audio",
        }
    }
}

/// `text` / `blob` contents of an embedded resource.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Body {
    Text,
    Blob,
}

/// What a field becomes. `key` is the attribute's keyword, for spans.
// A handful of these exist per derive: boxing the large variants would only add noise.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Kind {
    /// `text` or `text(json)`.
    Text { key: Ident, json: bool },
    /// `image(mime = …)` / `audio(mime = …)`.
    Media {
        key: Ident,
        media: Media,
        mime: Option<Value>,
    },
    /// `resource(uri = "…", mime = …, text | blob)`.
    Resource {
        key: Ident,
        uri: Option<LitStr>,
        mime: Option<Value>,
        body: Option<(Body, Span)>,
    },
    /// `link(name = …, title = …, description = …, mime = …, size = …)`: the field is the URI.
    Link {
        key: Ident,
        name: Option<Value>,
        title: Option<Value>,
        description: Option<Value>,
        mime: Option<Value>,
        size: Option<Value>,
    },
    /// `flatten`: a nested `Content` struct whose blocks are inlined.
    Flatten { key: Ident },
    /// `skip`.
    Skip { key: Ident },
    /// `meta = "key"`: the field's value goes into the result's `_meta`.
    ResultMeta { key: Ident, meta_key: LitStr },
}

impl Kind {
    pub(crate) fn key(&self) -> &Ident {
        match self {
            Kind::Text { key, .. }
            | Kind::Media { key, .. }
            | Kind::Resource { key, .. }
            | Kind::Link { key, .. }
            | Kind::Flatten { key }
            | Kind::Skip { key }
            | Kind::ResultMeta { key, .. } => key,
        }
    }

    /// The wire type of the block, for block kinds.
    pub(crate) fn block_type(&self) -> Option<&'static str> {
        match self {
            Kind::Text { .. } => Some("text"),
            Kind::Media { media, .. } => Some(media.key()),
            Kind::Resource { .. } => Some("resource"),
            Kind::Link { .. } => Some("resource_link"),
            _ => None,
        }
    }
}

const CONTAINER_KEYS: &[&str] = &["crate", "annotations", "meta", "structured", "write_only"];
const FIELD_KEYS: &[&str] = &[
    "text",
    "image",
    "audio",
    "resource",
    "link",
    "flatten",
    "skip",
    "meta",
    "resource_meta",
    "annotations",
];
const ANNOTATION_KEYS: &[&str] = &["audience", "priority", "last_modified"];
const TEXT_KEYS: &[&str] = &["json"];
const MEDIA_KEYS: &[&str] = &["mime"];
const RESOURCE_KEYS: &[&str] = &["uri", "mime", "text", "blob"];
const LINK_KEYS: &[&str] = &["name", "title", "description", "mime", "size"];
const STRUCTURED_KEYS: &[&str] = &["no_text"];
const VARIANT_KEYS: &[&str] = &["annotations", "meta", "skip"];

// ---------------------------------------------------------------------------------------
// The generic tree

/// One item of an attribute list.
enum Item {
    /// `key`
    Flag(Ident),
    /// `key(…)`
    List(Ident, Vec<Item>),
    /// `key = value`
    Assign(Ident, Value),
    /// `"meta/key" = value`
    Entry(LitStr, Value),
}

impl Item {
    fn name(&self) -> Option<&Ident> {
        match self {
            Item::Flag(name) | Item::List(name, _) | Item::Assign(name, _) => Some(name),
            Item::Entry(..) => None,
        }
    }
}

fn parse_items(input: ParseStream) -> syn::Result<Vec<Item>> {
    let mut items = Vec::new();
    while !input.is_empty() {
        items.push(parse_item(input)?);
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    Ok(items)
}

fn parse_item(input: ParseStream) -> syn::Result<Item> {
    if input.peek(LitStr) {
        let key: LitStr = input.parse()?;
        input.parse::<Token![=]>()?;
        return Ok(Item::Entry(key, parse_value(input)?));
    }
    // `Ident::parse_any` accepts keywords (`crate`).
    let name = Ident::parse_any(input)
        .map_err(|e| syn::Error::new(e.span(), "expected a key such as `text` or `image(…)`"))?;
    if input.peek(syn::token::Paren) {
        let content;
        parenthesized!(content in input);
        Ok(Item::List(name, parse_items(&content)?))
    } else if input.peek(Token![=]) {
        input.parse::<Token![=]>()?;
        Ok(Item::Assign(name, parse_value(input)?))
    } else {
        Ok(Item::Flag(name))
    }
}

fn parse_value(input: ParseStream) -> syn::Result<Value> {
    let lookahead = input.lookahead1();
    if lookahead.peek(LitStr) {
        Ok(Value::Str(input.parse()?))
    } else if lookahead.peek(syn::LitBool) {
        Ok(Value::Bool(input.parse()?))
    } else if lookahead.peek(syn::LitInt)
        || lookahead.peek(syn::LitFloat)
        || lookahead.peek(Token![-])
    {
        parse_number(input)
    } else if lookahead.peek(syn::token::Bracket) {
        let content;
        let bracket = bracketed!(content in input);
        let mut values = Vec::new();
        while !content.is_empty() {
            values.push(parse_value(&content)?);
            if content.is_empty() {
                break;
            }
            content.parse::<Token![,]>()?;
        }
        Ok(Value::Array(values, bracket.span.join()))
    } else if lookahead.peek(Ident) {
        Ok(Value::Field(input.parse()?))
    } else {
        Err(lookahead.error())
    }
}

fn parse_number(input: ParseStream) -> syn::Result<Value> {
    let minus: Option<Token![-]> = input.parse()?;
    let sign = if minus.is_some() { -1.0 } else { 1.0 };
    let (value, int, span, text) = if input.peek(syn::LitInt) {
        let lit: syn::LitInt = input.parse()?;
        let int = lit.base10_parse::<u64>()?;
        #[allow(clippy::cast_precision_loss)] // Priorities and sizes are small.
        let value = int as f64;
        (
            value,
            (minus.is_none()).then_some(int),
            lit.span(),
            lit.to_string(),
        )
    } else {
        let lit: syn::LitFloat = input.parse()?;
        (
            lit.base10_parse::<f64>()?,
            None,
            lit.span(),
            lit.to_string(),
        )
    };
    let span = minus.map_or(span, |m| m.span.join(span).unwrap_or(span));
    let text = if minus.is_some() {
        format!("-{text}")
    } else {
        text
    };
    Ok(Value::Number {
        value: sign * value,
        int,
        span,
        text,
    })
}

/// Parses every `#[content(…)]` among `attrs` into one list of items.
fn content_items(cx: &mut Ctxt, attrs: &[Attribute]) -> Vec<Item> {
    let mut items = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("content")) {
        let parsed = match &attr.meta {
            syn::Meta::List(list) => parse_items.parse2(list.tokens.clone()),
            other => Err(syn::Error::new_spanned(
                other,
                "expected `#[content(…)]`, e.g. `#[content(text)]`",
            )),
        };
        match parsed {
            Ok(parsed) => items.extend(parsed),
            Err(error) => cx.syn_error(error),
        }
    }
    items
}

// ---------------------------------------------------------------------------------------
// Interpretation

/// Where each key was first used, for "duplicate" errors.
#[derive(Default)]
struct Seen(HashMap<String, Span>);

impl Seen {
    /// `true` the first time `name` is seen; else reports the duplicate and where it was first used.
    fn first(&mut self, cx: &mut Ctxt, name: &str, span: Span) -> bool {
        match self.0.get(name) {
            None => {
                self.0.insert(name.to_owned(), span);
                true
            }
            Some(first) => {
                cx.error_at(span, format!("duplicate `{name}`"));
                cx.error_at(*first, format!("`{name}` first used here"));
                false
            }
        }
    }
}

fn unknown(cx: &mut Ctxt, name: &Ident, place: &str, keys: &[&str]) {
    let word = name.to_string();
    let hint = suggest::hint(&word, keys.iter().copied());
    let message = if hint.is_empty() {
        format!(
            "unknown key `{word}` in {place}; expected one of: {}",
            keys.join(", ")
        )
    } else {
        format!("unknown key `{word}` in {place}{hint}")
    };
    cx.error_spanned_by(name, message);
}

fn expect_flag(cx: &mut Ctxt, item: &Item, usage: &str) {
    if !matches!(item, Item::Flag(_))
        && let Some(name) = item.name()
    {
        cx.error_spanned_by(name, format!("`{name}` takes no value; write {usage}"));
    }
}

fn expect_value(cx: &mut Ctxt, item: Item, usage: &str) -> Option<(Ident, Value)> {
    match item {
        Item::Assign(name, value) => Some((name, value)),
        Item::Flag(name) | Item::List(name, _) => {
            cx.error_spanned_by(&name, format!("`{name}` needs a value: {usage}"));
            None
        }
        Item::Entry(..) => None,
    }
}

fn expect_list(cx: &mut Ctxt, item: Item, usage: &str) -> Option<(Ident, Vec<Item>)> {
    match item {
        Item::List(name, items) => Some((name, items)),
        Item::Flag(name) | Item::Assign(name, _) => {
            cx.error_spanned_by(&name, format!("`{name}` takes a list: {usage}"));
            None
        }
        Item::Entry(..) => None,
    }
}

/// A `"key"` where a keyword was expected.
fn stray_entry(cx: &mut Ctxt, key: &LitStr, place: &str) {
    cx.error_spanned_by(
        key,
        format!("a `\"key\" = value` entry belongs in `meta(…)`, not directly in {place}"),
    );
}

/// Reads the `#[content(…)]` of the item, `holder` being `"struct"` or `"enum"`.
pub(crate) fn container_attrs(cx: &mut Ctxt, attrs: &[Attribute], holder: &str) -> ContainerAttrs {
    let mut out = ContainerAttrs::default();
    let mut seen = Seen::default();
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
    let mut seen = Seen::default();
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
    let mut seen = Seen::default();
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
                let mut seen = Seen::default();
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
            if let Some((_, items)) =
                expect_list(cx, item, "`resource(uri = \"file:///{name}.txt\")`")
            {
                let mut seen = Seen::default();
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
                    if seen.0.contains_key(slot) && slot == "text" {
                        let first = seen.0[slot];
                        cx.error_at(
                            n.span(),
                            format!("`{k}` conflicts: the contents are already chosen"),
                        );
                        cx.error_at(first, "first chosen here");
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
                body,
            })
        }
        "link" => {
            let mut parts: [Option<Value>; 5] = Default::default();
            if let Item::List(_, items) = item {
                let mut seen = Seen::default();
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
    let mut seen = Seen::default();
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

fn meta_entries(cx: &mut Ctxt, items: Vec<Item>, list: &str) -> Vec<MetaEntry> {
    let mut out = Vec::new();
    let mut seen = Seen::default();
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
