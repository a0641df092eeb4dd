//! RFC 6570 URI templates (`uriTemplate`): parsing, expansion, and the reverse (matching a
//! URI back to variable values).
//!
//! `iri-string` 0.7.14 has an RFC 6570 implementation, but it panics on some input: its
//! validator on `"%"` followed by a non-ASCII character, its expander on `{+x}` with
//! `"%25é"` or `{x:2}` with `"éé"` (byte offsets sliced inside a character). These rules
//! must never panic on input, so the grammar and the expansion are written here, and
//! differential tests check them against `iri-string` where it does not panic.

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use crate::uri::check_absolute_uri;
use crate::violation::{Rule, Violation, quote};

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

/// One piece of a parsed template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    /// Literal text: URI characters and `%XX` only, so it expands to itself.
    Literal(String),
    /// A `{…}` expression.
    Expression(Expression),
}

/// A `{…}` expression.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Expression {
    /// The operator after `{`.
    operator: Operator,
    /// The variables, in order.
    vars: Vec<VarSpec>,
}

/// One variable of an expression.
#[derive(Debug, Clone, PartialEq, Eq)]
struct VarSpec {
    /// The name as written (it may hold `%XX` and `.`).
    name: String,
    /// `*`, `:N` or nothing after the name.
    modifier: Modifier,
}

/// A variable's modifier (RFC 6570 section 2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Modifier {
    /// None.
    None,
    /// `*`: one item per list member.
    Explode,
    /// `:N`: at most the first N characters of a string value.
    Prefix(usize),
}

/// The RFC 6570 operators (section 3.2, table in appendix A).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Operator {
    /// `{x}`
    Simple,
    /// `{+x}`
    Reserved,
    /// `{#x}`
    Fragment,
    /// `{.x}`
    Label,
    /// `{/x}`
    Path,
    /// `{;x}`
    PathParam,
    /// `{?x}`
    Query,
    /// `{&x}`
    QueryContinuation,
}

impl Operator {
    /// The operator that starts an expression body, and the rest of the body.
    fn split(body: &str) -> (Self, &str) {
        let op = match body.as_bytes().first() {
            Some(b'+') => Self::Reserved,
            Some(b'#') => Self::Fragment,
            Some(b'.') => Self::Label,
            Some(b'/') => Self::Path,
            Some(b';') => Self::PathParam,
            Some(b'?') => Self::Query,
            Some(b'&') => Self::QueryContinuation,
            _ => return (Self::Simple, body),
        };
        (op, &body[1..])
    }

    /// What the expansion starts with when any variable is defined.
    fn first(self) -> Option<char> {
        match self {
            Self::Simple | Self::Reserved => None,
            Self::Fragment => Some('#'),
            Self::Label => Some('.'),
            Self::Path => Some('/'),
            Self::PathParam => Some(';'),
            Self::Query => Some('?'),
            Self::QueryContinuation => Some('&'),
        }
    }

    /// What separates the expansions of defined variables.
    fn separator(self) -> char {
        match self {
            Self::Simple | Self::Reserved | Self::Fragment => ',',
            Self::Label => '.',
            Self::Path => '/',
            Self::PathParam => ';',
            Self::Query | Self::QueryContinuation => '&',
        }
    }

    /// Whether values are written `name=value`.
    fn named(self) -> bool {
        matches!(
            self,
            Self::PathParam | Self::Query | Self::QueryContinuation
        )
    }

    /// What a named empty value gets after its name.
    fn if_empty(self) -> &'static str {
        match self {
            Self::Query | Self::QueryContinuation => "=",
            _ => "",
        }
    }

    /// Whether reserved characters (`/`, `?`, …) in values are written raw.
    fn allows_reserved(self) -> bool {
        matches!(self, Self::Reserved | Self::Fragment)
    }

    /// Whether `c` can appear in this operator's expansion of string values; `multi` says
    /// the expression has several variables (so `,` may join them). Non-ASCII is allowed
    /// so that IRIs a peer sends unencoded still match.
    fn can_contain(self, c: char, multi: bool) -> bool {
        if c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~' | '%') || !c.is_ascii() {
            return true;
        }
        match self {
            Self::Reserved | Self::Fragment => ":/?#[]@!$&'()*+,;=".contains(c),
            Self::Simple | Self::Label => multi && c == ',',
            // `/` also starts the expansion (`Matcher::frame` passes over it).
            Self::Path => multi && matches!(c, '/' | ','),
            Self::PathParam => matches!(c, ';' | '=') || (multi && c == ','),
            Self::Query => matches!(c, '?' | '&' | '=') || (multi && c == ','),
            Self::QueryContinuation => matches!(c, '&' | '=') || (multi && c == ','),
        }
    }
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

/// Parses a template (RFC 6570 section 2) into literals and expressions, or says what is
/// wrong and where.
fn split_parts(s: &str) -> Result<Vec<Part>, String> {
    let bytes = s.as_bytes();
    let mut parts = Vec::new();
    let mut literal_start = 0;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'{' => {
                if literal_start < i {
                    parts.push(Part::Literal(s[literal_start..i].to_owned()));
                }
                let Some(len) = s[i..].find('}') else {
                    return Err(format!("expression at byte {i} is not closed"));
                };
                let body = &s[i + 1..i + len];
                parts.push(Part::Expression(expression(body).map_err(|why| {
                    format!("{why} in expression {} at byte {i}", quote(&s[i..=i + len]))
                })?));
                i += len + 1;
                literal_start = i;
            }
            b'%' => {
                if !is_pct_triplet(bytes, i) {
                    return Err(format!("'%' at byte {i} does not start a %XX escape"));
                }
                i += 3;
            }
            // RFC 6570 `literals`, ASCII part, plus `'` (a URI sub-delim the RFC's ABNF
            // leaves out; `iri-string` admits it too).
            b'!'
            | b'#'
            | b'$'
            | b'&'..=b';'
            | b'='
            | b'?'..=b'['
            | b']'
            | b'_'
            | b'a'..=b'z'
            | b'~' => {
                i += 1;
            }
            _ => {
                // Only ASCII was stepped over, so `i` is on a character boundary.
                let c = s[i..].chars().next().unwrap_or_default();
                return Err(if c.is_ascii() {
                    format!("character {c:?} at byte {i} is not allowed in a URI template")
                } else {
                    format!("non-ASCII character {c:?} at byte {i}; percent-encode it")
                });
            }
        }
    }
    if literal_start < s.len() {
        parts.push(Part::Literal(s[literal_start..].to_owned()));
    }
    Ok(parts)
}

/// Whether `bytes[at..]` starts with `%XX`.
fn is_pct_triplet(bytes: &[u8], at: usize) -> bool {
    bytes.get(at) == Some(&b'%')
        && bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
        && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// Parses an expression body (between the braces).
fn expression(body: &str) -> Result<Expression, String> {
    if let Some(c) = body.chars().next().filter(|c| "=,!@|".contains(*c)) {
        return Err(format!("operator {c:?} is reserved for future extensions"));
    }
    let (operator, specs) = Operator::split(body);
    if specs.is_empty() {
        return Err("no variable".to_owned());
    }
    let vars = specs
        .split(',')
        .map(var_spec)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Expression { operator, vars })
}

/// Parses one `varspec`: a name and an optional modifier (RFC 6570 section 2.3, 2.4).
fn var_spec(spec: &str) -> Result<VarSpec, String> {
    let (name, modifier) = if let Some(name) = spec.strip_suffix('*') {
        (name, Modifier::Explode)
    } else if let Some((name, len)) = spec.split_once(':') {
        // max-length = %x31-39 0*3DIGIT
        let valid = (1..=4).contains(&len.len())
            && !len.starts_with('0')
            && len.bytes().all(|b| b.is_ascii_digit());
        match len.parse() {
            Ok(n) if valid => (name, Modifier::Prefix(n)),
            _ => return Err(format!("prefix length {} is not 1 to 9999", quote(len))),
        }
    } else {
        (spec, Modifier::None)
    };
    // varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded
    let bytes = name.as_bytes();
    let mut i = 0;
    let mut after_dot = true;
    while let Some(&b) = bytes.get(i) {
        if b == b'.' && !after_dot {
            after_dot = true;
            i += 1;
        } else if b.is_ascii_alphanumeric() || b == b'_' {
            after_dot = false;
            i += 1;
        } else if is_pct_triplet(bytes, i) {
            after_dot = false;
            i += 3;
        } else {
            return Err(format!("invalid variable name {}", quote(name)));
        }
    }
    if after_dot {
        return Err(format!("invalid variable name {}", quote(name)));
    }
    Ok(VarSpec {
        name: name.to_owned(),
        modifier,
    })
}

impl Expression {
    /// Appends this expression's expansion to `out` (RFC 6570 appendix A).
    fn expand_into<'v>(&self, out: &mut String, value: &dyn Fn(&str) -> Option<TemplateValue<'v>>) {
        let op = self.operator;
        let mut first = true;
        for var in &self.vars {
            let value = match value(&var.name) {
                // An empty list is undefined (section 2.3); a prefix does not apply to a
                // list (section 2.4.1), so such a value is treated as undefined too.
                Some(TemplateValue::List(items))
                    if items.is_empty() || matches!(var.modifier, Modifier::Prefix(_)) =>
                {
                    continue;
                }
                Some(v) => v,
                None => continue,
            };
            if first {
                out.extend(op.first());
                first = false;
            } else {
                out.push(op.separator());
            }
            match value {
                TemplateValue::Str(s) => {
                    let s = match var.modifier {
                        Modifier::Prefix(n) => {
                            s.char_indices().nth(n).map_or(s, |(at, _)| &s[..at])
                        }
                        Modifier::None | Modifier::Explode => s,
                    };
                    if op.named() {
                        out.push_str(&var.name);
                        if s.is_empty() {
                            out.push_str(op.if_empty());
                            continue;
                        }
                        out.push('=');
                    }
                    encode_into(out, s, op.allows_reserved());
                }
                TemplateValue::List(items) if var.modifier == Modifier::Explode => {
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            out.push(op.separator());
                        }
                        if op.named() {
                            out.push_str(&var.name);
                            if item.is_empty() {
                                out.push_str(op.if_empty());
                                continue;
                            }
                            out.push('=');
                        }
                        encode_into(out, item, op.allows_reserved());
                    }
                }
                TemplateValue::List(items) => {
                    if op.named() {
                        out.push_str(&var.name);
                        out.push('=');
                    }
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        encode_into(out, item, op.allows_reserved());
                    }
                }
            }
        }
    }
}

/// Appends `s` percent-encoded: unreserved characters stay, reserved ones too when
/// `allow_reserved`, everything else (and `%` always, see [`UriTemplate::expand`]) becomes
/// `%XX` of its UTF-8 bytes.
fn encode_into(out: &mut String, s: &str, allow_reserved: bool) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for c in s.chars() {
        let keep = c.is_ascii_alphanumeric()
            || matches!(c, '-' | '.' | '_' | '~')
            || (allow_reserved && ":/?#[]@!$&'()*+,;=".contains(c));
        if keep {
            out.push(c);
        } else {
            let mut utf8 = [0; 4];
            for &b in c.encode_utf8(&mut utf8).as_bytes() {
                out.push('%');
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xf)]));
            }
        }
    }
}

/// Upper bound on matching work (characters examined, about 64 M), so a pathological
/// template with adjacent expressions cannot make a long URI cost quadratic time: past it,
/// no match. Templates with literals between expressions stay far below it.
const MATCH_WORK_LIMIT: usize = 1 << 26;

/// Backtracking matcher for [`UriTemplate::match_uri`]. Iterative (an explicit stack), so
/// a template with many parts cannot overflow the call stack.
struct Matcher<'t, 'u> {
    /// The template's parts.
    parts: &'t [Part],
    /// The URI being matched.
    uri: &'u str,
}

/// One part being tried at one position.
struct Frame {
    /// Index into the parts.
    part: usize,
    /// Where in the URI the part starts.
    pos: usize,
    /// End positions still to try, best last (popped first).
    candidates: Vec<usize>,
    /// How many captures precede this part.
    captures_len: usize,
}

impl<'t> Matcher<'t, '_> {
    /// Matches the whole URI; the captures (variable name, decoded value) in order.
    fn run(&self) -> Option<Vec<(&'t str, String)>> {
        if self.parts.is_empty() {
            return self.uri.is_empty().then(Vec::new);
        }
        let mut captures: Vec<(&'t str, String)> = Vec::new();
        // (part, pos) pairs from which the rest cannot match.
        let mut dead_ends: HashSet<(usize, usize)> = HashSet::new();
        let mut work = 0usize;
        let mut stack = vec![self.frame(0, 0, 0)];
        while let Some(top) = stack.last_mut() {
            let Some(end) = top.candidates.pop() else {
                dead_ends.insert((top.part, top.pos));
                stack.pop();
                continue;
            };
            work += end - top.pos + 1;
            if work > MATCH_WORK_LIMIT {
                return None;
            }
            captures.truncate(top.captures_len);
            if let Part::Expression(e) = &self.parts[top.part] {
                match decode_expression(e, &self.uri[top.pos..end]) {
                    Some(values) => captures.extend(values),
                    None => continue,
                }
            }
            let next = top.part + 1;
            if next == self.parts.len() {
                if end == self.uri.len() {
                    return Some(captures);
                }
            } else if !dead_ends.contains(&(next, end)) {
                // Building a frame scans what the part may cover.
                work += self.uri.len() - end;
                let frame = self.frame(next, end, captures.len());
                stack.push(frame);
            }
        }
        None
    }

    /// The frame for `part` starting at `pos`, with the ends it may take.
    fn frame(&self, part: usize, pos: usize, captures_len: usize) -> Frame {
        let rest = &self.uri[pos..];
        let candidates = match &self.parts[part] {
            Part::Literal(text) => match literal_fits(rest, text, part == 0) {
                Some(taken) => vec![pos + taken],
                None => Vec::new(),
            },
            Part::Expression(e) => {
                let multi = e.vars.len() > 1;
                // The operator's first character is no value's: `{/a}{/b}` stops at the
                // second `/`, which a value of `a` would have had encoded.
                let start = e
                    .operator
                    .first()
                    .filter(|&first| rest.starts_with(first))
                    .map_or(0, char::len_utf8);
                let span = rest[start..]
                    .char_indices()
                    .find(|&(_, c)| !e.operator.can_contain(c, multi))
                    .map_or(rest.len(), |(at, _)| start + at);
                let next = self.parts.get(part + 1);
                // Ascending, so the longest (greedy) end is popped first.
                let mut ends: Vec<usize> = (0..=span)
                    .filter(|&len| rest.is_char_boundary(len))
                    .filter(|&len| match next {
                        None => len == rest.len(),
                        Some(Part::Literal(text)) => {
                            literal_fits(&rest[len..], text, false).is_some()
                        }
                        Some(Part::Expression(_)) => true,
                    })
                    .map(|len| pos + len)
                    .collect();
                // Before a query or fragment expression (`{+path}{?q}`), the ends where the
                // URI's query or fragment starts are tried first: greedy, `{+path}` would
                // swallow `?q=1` and read back `path = "a?q=1"`, `q` absent.
                if let Some(Part::Expression(then)) = next
                    && let Some(mark @ ('?' | '#')) = then.operator.first()
                {
                    let (starts, others): (Vec<usize>, Vec<usize>) = ends
                        .into_iter()
                        .partition(|&end| self.uri[end..].starts_with(mark));
                    ends = others;
                    ends.extend(starts);
                }
                ends
            }
        };
        Frame {
            part,
            pos,
            candidates,
            captures_len,
        }
    }
}

/// How many bytes of `rest` literal `text` takes, compared as RFC 3986 compares URIs
/// (section 6.2.2): the scheme and the host (of the first literal, when `first`: see
/// `case_free`) without regard to case, `%XX` escapes by the byte they stand for (so the hex
/// digits' case does not count, and an escaped unreserved character is that character);
/// everything else exactly. `None` when it does not start there.
fn literal_fits(rest: &str, text: &str, first: bool) -> Option<usize> {
    let (rest, text) = (rest.as_bytes(), text.as_bytes());
    let [scheme_end, host_start, host_end] = if first {
        crate::uri::case_free(text)
    } else {
        [0; 3]
    };
    let (mut at, mut taken) = (0, 0);
    while at < text.len() {
        use crate::uri::UriUnit;
        let (want, want_len) = crate::uri::uri_unit(text, at)?;
        let (got, got_len) = crate::uri::uri_unit(rest, taken)?;
        let loose = at < scheme_end || (host_start..host_end).contains(&at);
        let same = match (want, got) {
            (UriUnit::Plain(a), UriUnit::Plain(b)) => {
                a == b || (loose && a.eq_ignore_ascii_case(&b))
            }
            (UriUnit::Escaped(a), UriUnit::Escaped(b)) => a == b,
            _ => false,
        };
        if !same {
            return None;
        }
        at += want_len;
        taken += got_len;
    }
    Some(taken)
}

/// Reads the variables of expression `e` out of `text`, the stretch of URI it produced.
fn decode_expression<'t>(e: &'t Expression, text: &str) -> Option<Vec<(&'t str, String)>> {
    let op = e.operator;
    if text.is_empty() {
        // No first character: either every variable was undefined, or (for `{x}` and
        // `{+x}`) the first one was empty. Prefer the empty string, so "" round-trips.
        return Some(match (op.first(), e.vars.first()) {
            (None, Some(var)) => vec![(var.name.as_str(), String::new())],
            _ => Vec::new(),
        });
    }
    let body = match op.first() {
        Some(first) => text.strip_prefix(first)?,
        None => text,
    };
    // A single unnamed variable owns the whole body: its value may hold the separator
    // raw (`.` is unreserved in `{.x}`, `,` is reserved-but-allowed in `{+x}`).
    let items: Vec<&str> = if e.vars.len() == 1 && !op.named() {
        vec![body]
    } else {
        body.split(op.separator()).collect()
    };
    let mut out = Vec::with_capacity(items.len());
    if op.named() {
        for item in items {
            let (name, raw) = item.split_once('=').unwrap_or((item, ""));
            let var = e.vars.iter().find(|v| v.name == name)?;
            if out.iter().any(|(n, _)| *n == var.name) {
                return None;
            }
            out.push((var.name.as_str(), percent_decode(raw)?));
        }
    } else {
        if items.len() > e.vars.len() {
            return None;
        }
        for (var, raw) in e.vars.iter().zip(items) {
            out.push((var.name.as_str(), percent_decode(raw)?));
        }
    }
    Some(out)
}

/// Decodes `%XX` escapes; `None` for a stray `%` or bytes that are not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    if !s.contains('%') {
        return Some(s.to_owned());
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let high = hex_value(*bytes.get(i + 1)?)?;
            let low = hex_value(*bytes.get(i + 2)?)?;
            out.push(high << 4 | low);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The value of one hex digit.
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

mod overlap;

pub use overlap::{CONST_OVERLAP_MAX_TOKENS, templates_overlap};

#[cfg(test)]
mod tests;
