//! RFC 6570 URI templates (`uriTemplate`): parsing, expansion, and the reverse (matching a
//! URI back to variable values).
//!
//! `iri-string` 0.7.14 has an RFC 6570 implementation, but it panics on some input: its
//! validator on `"%"` followed by a non-ASCII character, its expander on `{+x}` with
//! `"%25é"` or `{x:2}` with `"éé"` (byte offsets sliced inside a character). These rules
//! must never panic on input, so the grammar and the expansion are written here, and
//! differential tests check them against `iri-string` where it does not panic.
//!
//! Here the public types; `syntax` parses, `expand` expands, `matching` reads a URI back,
//! `overlap` says whether two templates can produce the same URI.

use std::fmt;
use std::str::FromStr;

use crate::uri::check_absolute_uri;
use crate::violation::{Rule, Violation, quote};

mod expand;
mod matching;
mod syntax;

use matching::Matcher;
pub(crate) use matching::hex_value;
use syntax::{Expression, Modifier, Part, split_parts};

/// An RFC 6570 URI template (levels 1 to 4) that expands to an absolute URI.
///
/// Literals are limited to URI characters and `%XX` escapes (RFC 6570 also admits
/// non-ASCII there; here it must be percent-encoded, so a literal expands to itself).
///
/// ```
/// use mcp_content_rules::{TemplateValue, UriTemplate};
///
/// let t = UriTemplate::parse("weather://{city}/raw.json").unwrap();
/// assert_eq!(t.variables(), ["city"]);
/// let uri = t.expand(&|_| Some(TemplateValue::Str("São Paulo")));
/// assert_eq!(uri, "weather://S%C3%A3o%20Paulo/raw.json");
/// assert_eq!(t.match_uri(&uri), Some(vec![("city".to_owned(), "São Paulo".to_owned())]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UriTemplate {
    /// The template as written.
    source: String,
    /// Literals and expressions, in order.
    parts: Vec<Part>,
}

/// A value for one template variable.
///
/// ```
/// use mcp_content_rules::{TemplateValue, UriTemplate};
///
/// let t = UriTemplate::parse("https://example.com/search{?tags}").unwrap();
/// let uri = t.expand(&|_| Some(TemplateValue::List(vec!["a b", "c"])));
/// assert_eq!(uri, "https://example.com/search?tags=a%20b,c");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateValue<'a> {
    /// A string value.
    Str(&'a str),
    /// A list value (joined by `,`, or one item per part with the explode modifier `*`).
    List(Vec<&'a str>),
}

impl UriTemplate {
    /// Parses and validates an RFC 6570 template (rule `uri-template`), then expands every
    /// variable as `x` and requires an absolute URI (rule `uri`), so a template that can
    /// only ever produce relative URIs is refused up front.
    ///
    /// ```
    /// use mcp_content_rules::{Rule, UriTemplate};
    ///
    /// assert!(UriTemplate::parse("file:///logs/{date}.txt").is_ok());
    /// assert_eq!(UriTemplate::parse("file:///{unclosed").unwrap_err().rule, Rule::UriTemplate);
    /// assert_eq!(UriTemplate::parse("{path}/x").unwrap_err().rule, Rule::Uri);
    /// ```
    pub fn parse(s: &str) -> Result<Self, Violation> {
        let template = Self {
            source: s.to_owned(),
            parts: split_parts(s).map_err(|why| {
                Violation::new(
                    Rule::UriTemplate,
                    format!("invalid URI template {}: {why}", quote(s)),
                )
            })?,
        };
        let sample = template.expand(&|_| Some(TemplateValue::Str("x")));
        if let Err(e) = check_absolute_uri(&sample) {
            return Err(Violation::new(
                Rule::Uri,
                format!(
                    "URI template {} does not expand to an absolute URI: {}",
                    quote(s),
                    e.message
                ),
            ));
        }
        Ok(template)
    }

    /// The template as written.
    ///
    /// ```
    /// use mcp_content_rules::UriTemplate;
    ///
    /// let t = UriTemplate::parse("file:///{name}").unwrap();
    /// assert_eq!(t.as_str(), "file:///{name}");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// The distinct variable names, in order of first appearance.
    ///
    /// ```
    /// use mcp_content_rules::UriTemplate;
    ///
    /// let t = UriTemplate::parse("x://{a}/{b}{?a,c}").unwrap();
    /// assert_eq!(t.variables(), ["a", "b", "c"]);
    /// ```
    pub fn variables(&self) -> Vec<&str> {
        let mut seen = Vec::new();
        for var in self.expressions().flat_map(|e| &e.vars) {
            if !seen.contains(&var.name.as_str()) {
                seen.push(var.name.as_str());
            }
        }
        seen
    }

    /// Whether the template has no expressions (it is a plain URI).
    ///
    /// ```
    /// use mcp_content_rules::UriTemplate;
    ///
    /// assert!(UriTemplate::parse("file:///README.md").unwrap().is_literal());
    /// assert!(!UriTemplate::parse("file:///{name}").unwrap().is_literal());
    /// ```
    pub fn is_literal(&self) -> bool {
        self.expressions().next().is_none()
    }

    /// Whether every use of variable `name` writes `/` raw (`{+name}`, `{#name}`), so a
    /// matched value may legitimately hold several path segments. Pick the traversal guard
    /// with it: [`is_path_traversal_multi_segment`] then, [`is_path_traversal`] otherwise.
    /// `false` for a name the template does not use.
    ///
    /// [`is_path_traversal`]: crate::is_path_traversal
    /// [`is_path_traversal_multi_segment`]: crate::is_path_traversal_multi_segment
    ///
    /// ```
    /// use mcp_content_rules::UriTemplate;
    ///
    /// let t = UriTemplate::parse("file:///{+path}/{name}").unwrap();
    /// assert!(t.keeps_slashes("path"));
    /// assert!(!t.keeps_slashes("name"));
    /// ```
    pub fn keeps_slashes(&self, name: &str) -> bool {
        let mut uses = self
            .expressions()
            .filter(|e| e.vars.iter().any(|v| v.name == name))
            .peekable();
        uses.peek().is_some() && uses.all(|e| e.operator.allows_reserved())
    }

    /// Expands the template: `value` gives each variable's value, `None` for undefined.
    /// Percent-encoding follows each operator (RFC 6570 section 3.2), with one deliberate
    /// difference: in `{+x}` and `{#x}` a `%` in a value is always written `%25`, where RFC
    /// 6570 would pass an existing `%XX` through. Values are data here, not pre-encoded
    /// URI pieces, and this way [`UriTemplate::match_uri`] gets every string back.
    ///
    /// A list given to a variable with a prefix modifier (`{x:3}`), which RFC 6570 does not
    /// define, expands as undefined.
    ///
    /// ```
    /// use mcp_content_rules::{TemplateValue, UriTemplate};
    ///
    /// let t = UriTemplate::parse("file:///{+dir}/{name}{?rev}").unwrap();
    /// let uri = t.expand(&|var| match var {
    ///     "dir" => Some(TemplateValue::Str("docs/2025")),
    ///     "name" => Some(TemplateValue::Str("a/b 100%.md")),
    ///     _ => None,
    /// });
    /// assert_eq!(uri, "file:///docs/2025/a%2Fb%20100%25.md");
    /// ```
    pub fn expand<'v>(&self, value: &dyn Fn(&str) -> Option<TemplateValue<'v>>) -> String {
        let mut out = String::with_capacity(self.source.len());
        for part in &self.parts {
            match part {
                Part::Literal(text) => out.push_str(text),
                Part::Expression(e) => e.expand_into(&mut out, value),
            }
        }
        out
    }

    /// Matches `uri` against the template and returns each variable's decoded value, in
    /// [`UriTemplate::variables`] order; variables the URI leaves undefined are absent.
    /// `None` when the URI does not fit.
    ///
    /// No well-kept crate implements RFC 6570 matching (the RFC defines expansion only), so
    /// this is written here: literals must appear as expansion writes them, compared as
    /// RFC 3986 compares URIs (scheme and host without regard to case, escapes by the byte
    /// they stand for; see [`comparable_uri`](crate::comparable_uri)), and
    /// each expression takes the longest stretch of characters its operator can produce
    /// that still lets the rest match (backtracking, with memoised dead ends). Supported:
    /// every operator with plain variables. Not supported (returns `None`): the explode
    /// (`*`) and prefix (`:N`) modifiers.
    ///
    /// Round trip: `match_uri(expand(values))` gives `values` back for any strings in `{x}`
    /// and `{+x}` expressions separated by literals that the values cannot contain. Where
    /// RFC 6570 expansion is ambiguous it cannot: in `{x,y}` a lone value goes to `x`; an
    /// empty match of `{x}` or `{+x}` gives `x = ""`; two `{+x}{+y}` in a row split
    /// greedily; before a query or fragment expression (`{+x}{?q}`), `x` ends where the
    /// query or fragment can start (`x` holding a `?` of its own then reads back only when
    /// `q` is absent). A variable used twice must match the same value both times.
    ///
    /// ```
    /// use mcp_content_rules::UriTemplate;
    ///
    /// let t = UriTemplate::parse("file:///{+dir}/{name}.txt{?rev}").unwrap();
    /// let vars = t.match_uri("file:///a/b/notes%20v2.txt.txt?rev=3").unwrap();
    /// assert_eq!(vars, [
    ///     ("dir".to_owned(), "a/b".to_owned()),
    ///     ("name".to_owned(), "notes v2.txt".to_owned()),
    ///     ("rev".to_owned(), "3".to_owned()),
    /// ]);
    /// assert_eq!(t.match_uri("https://a/b/notes.txt"), None);
    ///
    /// let t = UriTemplate::parse("store://{+key}{?version}").unwrap();
    /// let vars = t.match_uri("store://x/y?version=3").unwrap();
    /// assert_eq!(vars, [("key".to_owned(), "x/y".to_owned()), ("version".to_owned(), "3".to_owned())]);
    /// ```
    pub fn match_uri(&self, uri: &str) -> Option<Vec<(String, String)>> {
        // Prefixes truncate and explode changes the shape: neither can be read back.
        if self
            .expressions()
            .any(|e| e.vars.iter().any(|v| v.modifier != Modifier::None))
        {
            return None;
        }
        let captures = Matcher {
            parts: &self.parts,
            uri,
        }
        .run()?;
        let mut out = Vec::new();
        for name in self.variables() {
            let mut values = captures.iter().filter(|(n, _)| *n == name).map(|(_, v)| v);
            if let Some(first) = values.next() {
                if values.any(|v| v != first) {
                    return None;
                }
                out.push((name.to_owned(), first.clone()));
            }
        }
        Some(out)
    }

    /// The template's expressions.
    fn expressions(&self) -> impl Iterator<Item = &Expression> {
        self.parts.iter().filter_map(|p| match p {
            Part::Expression(e) => Some(e),
            Part::Literal(_) => None,
        })
    }
}

impl fmt::Display for UriTemplate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

impl FromStr for UriTemplate {
    type Err = Violation;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

mod overlap;

pub use overlap::{CONST_OVERLAP_MAX_TOKENS, templates_overlap};

#[cfg(test)]
mod tests;
