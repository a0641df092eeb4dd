//! A handler's doc comment: the description, and the `# Arguments` list that documents the
//! parameters.
//!
//! An entry is a bullet (`*`, `-` or `+`) at the list's own indentation that starts with a
//! name, backticked or not, then a separator (`-`, `–`, `—` or `:`) and the text:
//! `* `city` - The city.`, `- city: The city.`, `* r#type - The kind.`, `1. **city** - The
//! city.` (ordered items and bold or italic names too). A raw identifier is
//! written either way (`r#type` or `type`). Deeper bullets, and lines without a bullet, continue
//! the entry above them; a bullet at the list's indentation that names nothing is reported, so
//! no description is dropped without a word.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::Expr;

/// Stands, in the doc's lines, for a doc attribute whose value is not a literal
/// (`#[doc = include_str!("tool.md")]`): the index of the expression follows it.
const EXPR: char = '\u{0}';

/// A handler's doc comment, read.
#[derive(Default)]
pub(crate) struct Docs {
    /// The text without its `# Arguments` section; `None` when empty.
    pub(crate) text: Option<String>,
    /// With a doc attribute that is not a literal (`include_str!`), the whole text as an
    /// expression: `::core::concat!(…)` of the literal parts and those expressions, read when
    /// the descriptor is made.
    pub(crate) expr: Option<TokenStream>,
    pub(crate) arguments: ArgDocs,
}

/// One entry of `# Arguments`, with the doc line it was written on.
pub(crate) struct ArgDoc {
    /// The name as written (`r#type`), for messages.
    pub(crate) written: String,
    /// The name without `r#`: what it is matched against.
    pub(crate) name: String,
    pub(crate) text: String,
    pub(crate) span: Span,
}

/// What `# Arguments` said: its entries, and the bullets that could not be read as one.
#[derive(Default)]
pub(crate) struct ArgDocs {
    pub(crate) entries: Vec<ArgDoc>,
    /// Bullets at the list's indentation that name no parameter: `(line, span)`.
    pub(crate) unreadable: Vec<(String, Span)>,
}

/// The doc comment as text (lines joined, the one space after `///` removed), without its
/// `# Arguments` section; and that section's entries.
pub(super) fn read_docs(attrs: &[syn::Attribute]) -> Docs {
    let mut lines = Vec::new();
    let mut exprs: Vec<&Expr> = Vec::new();
    for attr in attrs {
        let syn::Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        if !nv.path.is_ident("doc") {
            continue;
        }
        if let Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) = &nv.value
        {
            for line in block_lines(&s.value()) {
                lines.push((line.strip_prefix(' ').unwrap_or(&line).to_owned(), s.span()));
            }
        } else {
            lines.push((format!("{EXPR}{}", exprs.len()), Span::call_site()));
            exprs.push(&nv.value);
        }
    }
    let mut kept = Vec::new();
    let mut docs = ArgDocs::default();
    let mut in_arguments = false;
    // A fenced code block: a `#` line in it is code (a hidden doctest line), not a heading.
    let mut fence: Option<&'static str> = None;
    // The indentation of the list's bullets, set by its first one.
    let mut list_indent: Option<usize> = None;
    for (line, span) in lines {
        if line.starts_with(EXPR) {
            kept.push(line);
            continue;
        }
        let trimmed = line.trim();
        let was_fenced = fence.is_some();
        if let Some(open) = fence {
            if trimmed.starts_with(open) {
                fence = None;
            }
        } else if let Some(open) = ["```", "~~~"].into_iter().find(|f| trimmed.starts_with(f)) {
            fence = Some(open);
        }
        let code = was_fenced || fence.is_some();
        if !code && trimmed.starts_with('#') {
            // `# Arguments:` too: a colon after a heading is still that heading.
            in_arguments = trimmed
                .trim_start_matches('#')
                .trim()
                .trim_end_matches(':')
                .trim_end()
                .eq_ignore_ascii_case("arguments");
            if in_arguments {
                list_indent = None;
                continue;
            }
        }
        if !in_arguments {
            kept.push(line);
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let bullet =
            bullet(trimmed).filter(|_| !code && list_indent.is_none_or(|base| indent <= base));
        if let Some(rest) = bullet {
            list_indent.get_or_insert(indent);
            if let Some((written, text)) = argument_entry(rest) {
                let name = written.strip_prefix("r#").unwrap_or(&written).to_owned();
                docs.entries.push(ArgDoc {
                    written,
                    name,
                    text,
                    span,
                });
            } else {
                docs.unreadable.push((trimmed.to_owned(), span));
            }
        } else if let Some(ArgDoc { text, .. }) = docs.entries.last_mut() {
            // A continuation line of the previous entry (a deeper bullet included).
            if !trimmed.is_empty() {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(trimmed);
            }
        }
    }
    let doc = kept.join("\n").trim().to_owned();
    let expr = (!exprs.is_empty()).then(|| concat_expr(&doc, &exprs));
    Docs {
        text: (!doc.is_empty() && exprs.is_empty()).then_some(doc),
        expr,
        arguments: docs,
    }
}

/// The lines of one doc literal; for a block comment whose lines all start with `*`
/// (`/** … \n * # Arguments\n * * `a` - … */`), without that star, as rustdoc shows them.
fn block_lines(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let starred = lines.len() > 1
        && lines
            .iter()
            .filter(|line| !line.trim().is_empty())
            .all(|line| line.trim_start().starts_with('*'));
    lines
        .into_iter()
        .map(|line| {
            if starred {
                let rest = line.trim_start();
                rest.strip_prefix('*').unwrap_or(rest).to_owned()
            } else {
                line.to_owned()
            }
        })
        .collect()
}

/// `::core::concat!(…)` of `doc`'s literal parts and the expressions its markers stand for.
fn concat_expr(doc: &str, exprs: &[&Expr]) -> TokenStream {
    let mut parts = Vec::new();
    for (i, piece) in doc.split(EXPR).enumerate() {
        let text = if i == 0 {
            piece
        } else {
            let digits = piece
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(piece.len());
            let index: usize = piece[..digits].parse().unwrap_or_default();
            if let Some(expr) = exprs.get(index) {
                parts.push(quote!(#expr));
            }
            &piece[digits..]
        };
        if !text.is_empty() {
            parts.push(quote!(#text));
        }
    }
    quote!(::core::concat!(#(#parts),*))
}

/// The line after its bullet (`* `, `- `, `+ `), if it has one.
fn bullet(line: &str) -> Option<&str> {
    let rest = line
        .strip_prefix('*')
        .or_else(|| line.strip_prefix('-'))
        .or_else(|| line.strip_prefix('+'))
        .or_else(|| {
            // An ordered list's item (`1.`, `2)`): an entry as well, never dropped as prose.
            let digits = line.find(|c: char| !c.is_ascii_digit())?;
            (digits > 0)
                .then(|| line[digits..].strip_prefix(['.', ')']))
                .flatten()
        })?;
    rest.starts_with(char::is_whitespace)
        .then(|| rest.trim_start())
}

/// The separators between an entry's name and its text.
const SEPARATORS: [char; 4] = ['-', ':', '–', '—'];

/// `name` and text of an entry (the line after its bullet): `` `name` - text ``, `` `name`:
/// text ``, `` `name` text ``, `name - text`, `name: text`, or `name` alone.
fn argument_entry(rest: &str) -> Option<(String, String)> {
    // A name in bold or italics (`**city**`, `*`city`*`): the emphasis is markup, not the name.
    if let Some(marker) = ["**", "*"].into_iter().find(|m| rest.starts_with(m)) {
        let inner_rest = &rest[marker.len()..];
        let (inner, after) = inner_rest.split_once(marker)?;
        // As for a bare word: a separator (or nothing) follows, or it is prose (`*Note* that…`).
        let next = after.trim_start();
        if !(next.is_empty() || next.starts_with(SEPARATORS)) {
            return None;
        }
        let inner = inner.trim();
        let name = inner
            .strip_prefix('`')
            .and_then(|n| n.strip_suffix('`'))
            .unwrap_or(inner);
        let (name, text) = argument_entry(&format!("`{name}`{after}"))?;
        return Some((name, text));
    }
    let (name, after) = if let Some(quoted) = rest.strip_prefix('`') {
        let (name, after) = quoted.split_once('`')?;
        (name.trim(), after)
    } else {
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '#'))
            .unwrap_or(rest.len());
        let (name, after) = rest.split_at(end);
        // A bare word is a name only when a separator (or nothing) follows it: `* the new
        // width` is prose, not an entry for `the`.
        let next = after.trim_start();
        if !(next.is_empty() || next.starts_with(SEPARATORS)) {
            return None;
        }
        (name, after)
    };
    let valid = name
        .strip_prefix("r#")
        .unwrap_or(name)
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if name.is_empty() || !valid {
        return None;
    }
    let text = after.trim_start();
    let text = text
        .strip_prefix(SEPARATORS)
        .map_or(text, |rest| rest.trim_start_matches(SEPARATORS))
        .trim();
    Some((name.to_owned(), text.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(line: &str) -> Option<(String, String)> {
        argument_entry(bullet(line)?)
    }

    #[test]
    fn reads_every_bullet_style() {
        for line in [
            "* `city` - The city.",
            "- `city`: The city.",
            "* city - The city.",
            "- city: The city.",
            "+ `city` – The city.",
            "* `city` — The city.",
            "* `city` The city.",
            "* city -- The city.",
        ] {
            assert_eq!(
                entry(line),
                Some(("city".to_owned(), "The city.".to_owned())),
                "{line}"
            );
        }
        for line in [
            "* **city** - The city.",
            "- *city*: The city.",
            "* **`city`** - The city.",
        ] {
            assert_eq!(
                entry(line),
                Some(("city".to_owned(), "The city.".to_owned())),
                "{line}"
            );
        }
        assert_eq!(entry("* **the new width**"), None);
        assert_eq!(entry("* *Note* that it rounds"), None);
        assert_eq!(entry("* r#type - kind").unwrap().0, "r#type");
        assert_eq!(entry("* `r#type` - kind").unwrap().0, "r#type");
        assert_eq!(entry("* `city`").unwrap().1, "");
        assert_eq!(entry("* city").unwrap().0, "city");
    }

    #[test]
    fn prose_is_no_entry() {
        assert_eq!(entry("* the new width"), None);
        assert_eq!(entry("* `two words` - x"), None);
        assert_eq!(entry("* `` - x"), None);
        assert_eq!(entry("*bold* text"), None);
        assert_eq!(entry("---"), None);
    }

    #[test]
    fn nested_bullets_and_fences_continue_the_entry() {
        let attrs: Vec<syn::Attribute> = syn::parse_quote! {
            /// Does it.
            ///
            /// # Arguments
            /// * `mode` - how:
            ///   - `fast`: quickly
            /// * `n` - count
            ///
            /// # Examples
            ///
            /// ```
            /// # Arguments
            /// ```
        };
        let Docs {
            text: doc,
            arguments: docs,
            ..
        } = read_docs(&attrs);
        let names: Vec<&str> = docs.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["mode", "n"]);
        assert_eq!(docs.entries[0].text, "how: - `fast`: quickly");
        assert!(docs.unreadable.is_empty());
        let doc = doc.unwrap();
        assert!(doc.contains("# Examples"), "{doc}");
        assert!(doc.ends_with("# Arguments\n```"), "{doc}");
    }

    #[test]
    fn a_doc_that_is_no_literal_is_read_as_an_expression() {
        let attrs: Vec<syn::Attribute> = syn::parse_quote! {
            /// First.
            #[doc = include_str!("tool.md")]
            /// Last.
            ///
            /// # Arguments
            /// * `a` - the a
        };
        let docs = read_docs(&attrs);
        assert_eq!(docs.text, None);
        let expr = docs.expr.unwrap().to_string().replace(' ', "");
        assert_eq!(
            expr,
            r#"::core::concat!("First.\n",include_str!("tool.md"),"\nLast.")"#
        );
        assert_eq!(docs.arguments.entries[0].name, "a");
    }

    #[test]
    fn ordered_items_and_a_heading_with_a_colon_are_read() {
        assert_eq!(entry("1. `city` - The city.").unwrap().0, "city");
        assert_eq!(entry("12) city: The city.").unwrap().0, "city");
        assert_eq!(entry("1.5 litres"), None);
        assert_eq!(entry(". city - x"), None);
        let attrs: Vec<syn::Attribute> = syn::parse_quote! {
            /// Does it.
            ///
            /// # Arguments:
            ///
            /// 1. `a` - the a
            /// 2. `b` - the b
        };
        let docs = read_docs(&attrs);
        let names: Vec<&str> = docs
            .arguments
            .entries
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(names, ["a", "b"]);
        assert_eq!(docs.text.as_deref(), Some("Does it."));
    }

    #[test]
    fn a_starred_block_comment_is_read_without_its_stars() {
        let attrs: Vec<syn::Attribute> = syn::parse_quote! {
            #[doc = "\n * Greets.\n *\n * # Arguments\n *\n * * `name` - who\n "]
        };
        let docs = read_docs(&attrs);
        assert_eq!(docs.text.as_deref(), Some("Greets."));
        assert_eq!(docs.arguments.entries[0].name, "name");
        assert_eq!(docs.arguments.entries[0].text, "who");
        // One line, or lines that are not all starred, are kept as written.
        assert_eq!(block_lines("* a - b"), ["* a - b"]);
        assert_eq!(block_lines("Intro\n* a - b"), ["Intro", "* a - b"]);
    }
}
