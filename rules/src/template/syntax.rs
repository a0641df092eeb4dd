//! The template grammar (RFC 6570 section 2): the parsed form (literals, expressions, their
//! operators and variables) and the parser, which says what is wrong and where.

use crate::violation::quote;

/// One piece of a parsed template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Part {
    /// Literal text: URI characters and `%XX` only, so it expands to itself.
    Literal(String),
    /// A `{…}` expression.
    Expression(Expression),
}

/// A `{…}` expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Expression {
    /// The operator after `{`.
    pub(super) operator: Operator,
    /// The variables, in order.
    pub(super) vars: Vec<VarSpec>,
}

/// One variable of an expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct VarSpec {
    /// The name as written (it may hold `%XX` and `.`).
    pub(super) name: String,
    /// `*`, `:N` or nothing after the name.
    pub(super) modifier: Modifier,
}

/// A variable's modifier (RFC 6570 section 2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Modifier {
    /// None.
    None,
    /// `*`: one item per list member.
    Explode,
    /// `:N`: at most the first N characters of a string value.
    Prefix(usize),
}

/// The RFC 6570 operators (section 3.2, table in appendix A).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Operator {
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
    pub(super) fn split(body: &str) -> (Self, &str) {
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
    pub(super) fn first(self) -> Option<char> {
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
    pub(super) fn separator(self) -> char {
        match self {
            Self::Simple | Self::Reserved | Self::Fragment => ',',
            Self::Label => '.',
            Self::Path => '/',
            Self::PathParam => ';',
            Self::Query | Self::QueryContinuation => '&',
        }
    }

    /// Whether values are written `name=value`.
    pub(super) fn named(self) -> bool {
        matches!(
            self,
            Self::PathParam | Self::Query | Self::QueryContinuation
        )
    }

    /// What a named empty value gets after its name.
    pub(super) fn if_empty(self) -> &'static str {
        match self {
            Self::Query | Self::QueryContinuation => "=",
            _ => "",
        }
    }

    /// Whether reserved characters (`/`, `?`, …) in values are written raw.
    pub(super) fn allows_reserved(self) -> bool {
        matches!(self, Self::Reserved | Self::Fragment)
    }

    /// Whether `c` can appear in this operator's expansion of string values; `multi` says
    /// the expression has several variables (so `,` may join them). Non-ASCII is allowed
    /// so that IRIs a peer sends unencoded still match.
    pub(super) fn can_contain(self, c: char, multi: bool) -> bool {
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

/// Parses a template (RFC 6570 section 2) into literals and expressions, or says what is
/// wrong and where.
pub(super) fn split_parts(s: &str) -> Result<Vec<Part>, String> {
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
