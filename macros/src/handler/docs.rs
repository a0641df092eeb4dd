//! A handler's doc comment: the description, and the `# Arguments` list that documents the
//! parameters.

use syn::Expr;

/// One `* `name` - text` entry of `# Arguments`, with the doc line it was written on.
pub(crate) struct ArgDoc {
    pub(crate) name: String,
    pub(crate) text: String,
    pub(crate) span: proc_macro2::Span,
}

/// The doc comment as text (lines joined, the one space after `///` removed), without its
/// `# Arguments` section; and that section's `* `name` - text` entries.
pub(super) fn read_docs(attrs: &[syn::Attribute]) -> (Option<String>, Vec<ArgDoc>) {
    let mut lines = Vec::new();
    for attr in attrs {
        if let syn::Meta::NameValue(nv) = &attr.meta
            && nv.path.is_ident("doc")
            && let Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
        {
            for line in s.value().lines() {
                lines.push((line.strip_prefix(' ').unwrap_or(line).to_owned(), s.span()));
            }
        }
    }
    let mut kept = Vec::new();
    let mut arguments: Vec<ArgDoc> = Vec::new();
    let mut in_arguments = false;
    for (line, span) in lines {
        let trimmed = line.trim();
        if trimmed.starts_with('#') {
            in_arguments = trimmed
                .trim_start_matches('#')
                .trim()
                .eq_ignore_ascii_case("arguments");
            if in_arguments {
                continue;
            }
        }
        if !in_arguments {
            kept.push(line);
            continue;
        }
        if let Some((name, text)) = argument_entry(trimmed) {
            arguments.push(ArgDoc { name, text, span });
        } else if let Some(ArgDoc { text, .. }) = arguments.last_mut() {
            // A continuation line of the previous entry.
            if !trimmed.is_empty() {
                text.push(' ');
                text.push_str(trimmed);
            }
        }
    }
    let doc = kept.join("\n").trim().to_owned();
    ((!doc.is_empty()).then_some(doc), arguments)
}

/// `* `name` - text` (also `-` bullets and `:` separators).
fn argument_entry(line: &str) -> Option<(String, String)> {
    let rest = line
        .strip_prefix('*')
        .or_else(|| line.strip_prefix('-'))?
        .trim_start();
    let rest = rest.strip_prefix('`')?;
    let (name, rest) = rest.split_once('`')?;
    let text = rest.trim_start().trim_start_matches(['-', ':', '–']).trim();
    Some((name.to_owned(), text.to_owned()))
}
