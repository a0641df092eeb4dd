//! Matching, the reverse of expansion: a URI read back into variable values, by backtracking
//! over where each expression may end, with literals compared as RFC 3986 compares URIs.

use std::collections::HashSet;

use super::syntax::{Expression, Part};

/// Upper bound on matching work (characters examined, about 64 M), so a pathological
/// template with adjacent expressions cannot make a long URI cost quadratic time: past it,
/// no match. Templates with literals between expressions stay far below it.
const MATCH_WORK_LIMIT: usize = 1 << 26;

/// Backtracking matcher for [`UriTemplate::match_uri`](super::UriTemplate::match_uri). Iterative (an explicit stack), so
/// a template with many parts cannot overflow the call stack.
pub(super) struct Matcher<'t, 'u> {
    /// The template's parts.
    pub(super) parts: &'t [Part],
    /// The URI being matched.
    pub(super) uri: &'u str,
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
    pub(super) fn run(&self) -> Option<Vec<(&'t str, String)>> {
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
