//! Whether every field is placed: each field is written somewhere (a block, a link part, a
//! template variable, a `_meta` entry) or marked `skip`, and a `skip` field is not written by
//! another attribute. Fields named by an attribute that failed to parse are not reported
//! again (one mistake, one error).

use crate::ast::Input;
use crate::attr::{Kind, Value};
use crate::ctxt::Ctxt;
use crate::resolve::{Layout, Role, Use};
use crate::{suggest, toolkit};
use mcp_content_rules::UriTemplate;

/// Every field is placed somewhere: a kind of its own, or a value another attribute uses.
pub(super) fn check_unplaced(cx: &mut Ctxt, layout: &Layout) {
    let input = layout.input;
    // A structured type's every field is in `structuredContent` already; after a kind written
    // in the wrong place or a broken kind list, a field it would have used is not a second
    // mistake.
    if input.attrs.structured.is_some()
        || input.attrs.misplaced_kind
        || input.fields.iter().any(|f| f.attrs.kind_broken)
    {
        return;
    }
    // Names used in attributes that are no field: a field they misspell is not reported
    // as unplaced too (one mistake, one error).
    let names = unresolved_names(input);
    let in_broken_templates = broken_template_words(input);
    for resolved in &layout.fields {
        let field = resolved.field;
        if field.attrs.kind.is_some()
            || (field.annotated && !cx.is_ok())
            || cx.named_by_broken_attr(&field.ident.to_string())
        {
            continue;
        }
        let field_name = field.ident.to_string();
        if names
            .iter()
            .any(|n| suggest::did_you_mean(n, [field_name.as_str()]).is_some())
        {
            continue;
        }
        // A word of a broken template that names the field, or misspells it (`{nam` for
        // `name`): the template's error is the one mistake.
        let unraw = field_name.trim_start_matches("r#");
        let in_broken_template = in_broken_templates
            .iter()
            .any(|word| word == unraw || suggest::did_you_mean(word, [unraw]).is_some());
        if resolved.uses.is_empty() && !in_broken_template {
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

/// A `skip` field that another attribute takes a value from is written all the same (from
/// that attribute), and read back from there: `skip` would only claim it is not written.
pub(super) fn check_skipped_but_used(cx: &mut Ctxt, layout: &Layout) {
    for resolved in &layout.fields {
        let (Some(Kind::Skip { key }), Some(used)) =
            (&resolved.field.attrs.kind, resolved.uses.first())
        else {
            continue;
        };
        let owner = |owner: &usize| format!("field `{}`", layout.fields[*owner].field.ident);
        let place = match used {
            // Paths as the runtime's errors spell them (`_meta.com.example/key`).
            Use::ResultMeta(key) => format!("the result's `_meta.{}`", key.value()),
            Use::BlockMeta { owner: o, key } => {
                format!("the `_meta.{}` of {}'s block", key.value(), owner(o))
            }
            Use::ContentsMeta { owner: o, key } => {
                format!(
                    "the `resource._meta.{}` of {}'s block",
                    key.value(),
                    owner(o)
                )
            }
            Use::Annotation { owner: o, key } => format!("the `{key}` annotation of {}", owner(o)),
            Use::Mime { owner: o } => format!("the `mime` of {}", owner(o)),
            Use::TemplateVar { owner: o, name } => {
                format!("the URI template variable `{{{name}}}` of {}", owner(o))
            }
            Use::LinkPart { owner: o, key } => format!("the link `{key}` of {}", owner(o)),
        };
        cx.error_spanned_by(
            key,
            format!(
                "field `{}` is `skip` but written as {place}, and read back from there: remove `skip`",
                resolved.field.ident
            ),
        );
    }
}

/// The words of resource URIs that are not valid templates (reported once, as such): a field
/// such a template seems to use is not reported as unplaced too.
fn broken_template_words(input: &Input) -> Vec<String> {
    let mut out = Vec::new();
    for field in &input.fields {
        if let Some(Kind::Resource { uri: Some(lit), .. }) = &field.attrs.kind {
            let text = lit.value();
            if UriTemplate::parse(&text).is_err() {
                out.extend(
                    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .filter(|word| !word.is_empty())
                        .map(str::to_owned),
                );
            }
        }
    }
    out
}

/// Names attributes use as fields that are no field.
fn unresolved_names(input: &Input) -> Vec<String> {
    let mut values: Vec<&Value> = input.attrs.annotations.values().map(|(_, v)| v).collect();
    values.extend(input.attrs.meta.iter().map(|e| &e.value));
    let mut out = Vec::new();
    for field in &input.fields {
        let attrs = &field.attrs;
        values.extend(attrs.annotations.values().map(|(_, v)| v));
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
                    out.extend(template.variables().into_iter().map(str::to_owned));
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
    out.extend(
        values
            .into_iter()
            .filter_map(Value::field)
            .map(ToString::to_string),
    );
    out.retain(|n| input.fields.iter().all(|f| toolkit::unraw(&f.ident) != *n));
    out
}

/// A `structured` type's binary fields are kept out of its serde form: serialized, the bytes
/// would go to `structuredContent` a second time as an array of numbers, and the output
/// schema would describe them so. The block carries the bytes; reading back takes them from
/// there.
pub(super) fn check_structured_bytes(cx: &mut Ctxt, layout: &Layout) {
    let input = layout.input;
    if input.attrs.structured.is_none() {
        return;
    }
    for resolved in &layout.fields {
        let Role::Block(block) = &resolved.role else {
            continue;
        };
        if !block.bytes || resolved.field.serde_skipped {
            continue;
        }
        let name = match &resolved.field.member {
            syn::Member::Named(ident) => format!("`{}`", toolkit::unraw(ident)),
            syn::Member::Unnamed(index) => format!("field {} of `{}`", index.index, input.name()),
        };
        let (article, kind) = match block.kind.wire() {
            "resource" => ("a", "blob resource"),
            other => ("an", other),
        };
        cx.error_spanned_by(
            &resolved.field.ident,
            format!(
                "{name} is {article} {kind} field of a `structured` type: serde would write its bytes into structuredContent as an array of numbers \
                 (and the output schema would say so); keep it out of the serde form with `#[serde(skip)]`: the {kind} block carries it, and reading back takes it from there"
            ),
        );
    }
}
