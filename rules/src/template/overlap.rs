//! Whether two templates match a common URI: two resource handlers that do leave one of
//! them unreachable for those URIs, which `router!` refuses at compile time and
//! `RouterBuilder::build()` at run time.
//!
//! Each template is read as a small automaton over bytes (its language is what
//! [`UriTemplate::match_uri`] accepts), and the two automata are run side by side. The same
//! `const fn`s serve both checks: the compile-time one keeps its states in fixed arrays, the
//! run-time one in vectors, so the two cannot disagree.
//!
//! What an expression may match is what [`UriTemplate::match_uri`] lets it take: the
//! characters its operator can write (`{x}` no `/`, `:` or `@`; `{+x}` any URI character),
//! after its leading character when it has one (`{/x}` is empty or starts with `/`,
//! `{?x}` with `?`). Literals compare as `match_uri` compares them: the scheme and the host
//! without regard to case, `%XX` escapes by the byte they stand for (an escaped unreserved
//! character is the character; RFC 3986 section 6.2.2). Two looser points, both towards reporting an overlap: the
//! names in `{?x}` / `{;x}` / `{&x}` expansions are not checked against the variables, and
//! a template with `*` or `:N` modifiers (which `match_uri` never matches) is read as if it
//! had none.

use super::UriTemplate;
use crate::uri::UriUnit;

/// A set of bytes: ASCII ones by bit, every non-ASCII byte together (a matched URI may hold
/// raw UTF-8 in a variable; literals are ASCII).
#[derive(Clone, Copy)]
struct Class {
    /// Bytes 0 to 63, then 64 to 127, by bit (two words keep the state small).
    ascii: [u64; 2],
    high: bool,
}

impl Class {
    const EMPTY: Class = Class {
        ascii: [0; 2],
        high: false,
    };

    /// The characters every expression may write: unreserved ones, `%` of escapes, and
    /// non-ASCII (see `Operator::can_contain`).
    const VALUE: Class = Class::EMPTY
        .with_range(b'a', b'z')
        .with_range(b'A', b'Z')
        .with_range(b'0', b'9')
        .with(b"-._~%")
        .with_high();

    const fn with(self, bytes: &[u8]) -> Class {
        let mut ascii = self.ascii;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            ascii[(b >> 6) as usize] |= 1 << (b & 63);
            i += 1;
        }
        Class {
            ascii,
            high: self.high,
        }
    }

    const fn with_range(self, from: u8, to: u8) -> Class {
        let mut ascii = self.ascii;
        let mut b = from;
        while b <= to {
            ascii[(b >> 6) as usize] |= 1 << (b & 63);
            b += 1;
        }
        Class {
            ascii,
            high: self.high,
        }
    }

    const fn with_high(self) -> Class {
        Class {
            ascii: self.ascii,
            high: true,
        }
    }

    const fn admits(self, b: u8) -> bool {
        if b < 128 {
            self.ascii[(b >> 6) as usize] & (1 << (b & 63)) != 0
        } else {
            self.high
        }
    }
}

/// One state of a template's automaton. State `i` may consume `step` and go to `i + 1`,
/// consume any byte of `repeat` and stay, or go to `i + skip` consuming nothing. The last
/// state of a template is implicit (index `len`) and accepts.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// The byte that moves to the next state; `0` for none (a template holds no NUL).
    step: u8,
    /// The bytes consumed in place.
    repeat: Class,
    /// How far a move without input goes; `0` for none.
    skip: u8,
}

impl State {
    const NONE: State = State {
        step: 0,
        repeat: Class::EMPTY,
        skip: 0,
    };

    /// A literal byte.
    const fn literal(b: u8) -> State {
        State {
            step: b,
            repeat: Class::EMPTY,
            skip: 0,
        }
    }
}

/// The states of template text `t` (accepted by [`UriTemplate::parse`]) into `out`; how many,
/// or `None` when `out` is too small. A literal byte is one state; an expression without a
/// leading character one (its run of bytes, possibly empty), one with a leading character
/// two (that character, then its run; or nothing at all).
pub(super) const fn build(t: &str, out: &mut [State]) -> Option<usize> {
    let bytes = t.as_bytes();
    let mut len = 0;
    let mut i = 0;
    // The scheme and the host compare without regard to case: lowercase here.
    let [scheme_end, host_start, host_end] = crate::uri::case_free(bytes);
    // Hex digits of a `%XX` escape still to read.
    let mut hex_left = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'{' {
            let mut end = i + 1;
            let mut multi = false;
            while end < bytes.len() && bytes[end] != b'}' {
                multi |= bytes[end] == b',';
                end += 1;
            }
            let operator = if i + 1 < bytes.len() { bytes[i + 1] } else { 0 };
            let (lead, repeat) = expression(operator, multi);
            if lead == 0 {
                if len + 1 > out.len() {
                    return None;
                }
                out[len] = State {
                    step: 0,
                    repeat,
                    skip: 1,
                };
                len += 1;
            } else {
                if len + 2 > out.len() {
                    return None;
                }
                out[len] = State {
                    step: lead,
                    repeat: Class::EMPTY,
                    skip: 2,
                };
                out[len + 1] = State {
                    step: 0,
                    repeat,
                    skip: 1,
                };
                len += 2;
            }
            i = end + 1;
            continue;
        }
        if len + 1 > out.len() {
            return None;
        }
        let lower = i < scheme_end || (i >= host_start && i < host_end);
        let (normal, taken) = match crate::uri::uri_unit(bytes, i) {
            Some((UriUnit::Plain(b), taken)) if lower => (b.to_ascii_lowercase(), taken),
            Some((UriUnit::Plain(b), taken)) => (b, taken),
            // An escape that stays one: its `%`, then its hex digits in uppercase.
            Some((UriUnit::Escaped(_), _)) => {
                hex_left = 2;
                (b, 1)
            }
            None => (b, 1),
        };
        let normal = if hex_left > 0 && normal != b'%' {
            hex_left -= 1;
            normal.to_ascii_uppercase()
        } else {
            normal
        };
        out[len] = State::literal(normal);
        len += 1;
        i += taken;
    }
    Some(len)
}

/// An expression's leading character (`0` for none) and the bytes of the run after it, by
/// the operator byte after `{` (a variable name's first byte for a simple expression) and
/// whether it has several variables (which `,` joins). The sets are `Operator::can_contain`'s.
const fn expression(operator: u8, multi: bool) -> (u8, Class) {
    let value = if multi {
        Class::VALUE.with(b",")
    } else {
        Class::VALUE
    };
    match operator {
        b'+' => (0, Class::VALUE.with(b":/?#[]@!$&'()*+,;=")),
        b'#' => (b'#', Class::VALUE.with(b":/?#[]@!$&'()*+,;=")),
        b'.' => (b'.', value),
        b'/' => (b'/', value.with(b"/")),
        b';' => (b';', value.with(b";=")),
        b'?' => (b'?', value.with(b"?&=")),
        b'&' => (b'&', value.with(b"&=")),
        _ => (0, value),
    }
}

/// Whether some input takes automaton `a` and automaton `b` both to their ends. `rows` holds
/// three rows of `b.len() + 1` cells (every move goes at most two states on in `a`); its
/// contents on entry do not matter.
// `a`, `b`, `p`, `q`: the two automata and a state of each, as the table reads.
#[allow(clippy::many_single_char_names)]
pub(super) const fn intersect(a: &[State], b: &[State], rows: &mut [bool]) -> bool {
    let width = b.len() + 1;
    let mut cell = 0;
    while cell < 3 * width {
        rows[cell] = false;
        cell += 1;
    }
    rows[0] = true;
    let mut p = 0;
    while p <= a.len() {
        // Row `p + 2` reuses the cells of row `p - 1`, done with.
        if p > 0 {
            let base = ((p + 2) % 3) * width;
            let mut q = 0;
            while q < width {
                rows[base + q] = false;
                q += 1;
            }
        }
        let row = (p % 3) * width;
        let x = if p < a.len() { a[p] } else { State::NONE };
        let mut q = 0;
        while q < width {
            if rows[row + q] {
                if p == a.len() && q == b.len() {
                    return true;
                }
                let y = if q < b.len() { b[q] } else { State::NONE };
                if x.skip > 0 {
                    rows[((p + x.skip as usize) % 3) * width + q] = true;
                }
                if y.skip > 0 {
                    rows[row + q + y.skip as usize] = true;
                }
                let next = ((p + 1) % 3) * width;
                if x.step != 0 && x.step == y.step {
                    rows[next + q + 1] = true;
                }
                if x.step != 0 && y.repeat.admits(x.step) {
                    rows[next + q] = true;
                }
                if y.step != 0 && x.repeat.admits(y.step) {
                    rows[row + q + 1] = true;
                }
            }
            q += 1;
        }
        p += 1;
    }
    false
}

/// The most automaton states (about one per literal byte and one or two per expression) a
/// template may have for [`templates_overlap`] to compare it.
pub const CONST_OVERLAP_MAX_TOKENS: usize = 512;

/// [`UriTemplate::overlaps`] at compile time, on template texts that
/// [`UriTemplate::parse`] accepts: whether some URI matches both. `router!` uses it to
/// refuse two resource handlers that serve the same URIs. A template of more than
/// [`CONST_OVERLAP_MAX_TOKENS`] states is not compared (`false`): the run-time check of
/// the router still is.
///
/// ```
/// use mcp_content_rules::templates_overlap;
///
/// const DAYS: bool = templates_overlap("logs://{day}", "logs://{date}");
/// assert!(DAYS);
/// assert!(templates_overlap("files://{name}", "files://readme"));
/// assert!(templates_overlap("x://{a}", "X://{b}"));
/// assert!(!templates_overlap("logs://{day}/raw", "logs://{day}/summary"));
/// ```
pub const fn templates_overlap(a: &str, b: &str) -> bool {
    let mut a_states = [State::NONE; CONST_OVERLAP_MAX_TOKENS];
    let mut b_states = [State::NONE; CONST_OVERLAP_MAX_TOKENS];
    let (Some(a_len), Some(b_len)) = (build(a, &mut a_states), build(b, &mut b_states)) else {
        return false;
    };
    let mut rows = [false; 3 * (CONST_OVERLAP_MAX_TOKENS + 1)];
    intersect(
        a_states.split_at(a_len).0,
        b_states.split_at(b_len).0,
        &mut rows,
    )
}

impl UriTemplate {
    /// Whether some URI matches both templates (a literal URI is a template without
    /// variables): two resource handlers that overlap so leave one of them unreachable for
    /// those URIs. Variables may take any value their operator can write, so
    /// `logs://{day}` and `logs://{date}` overlap, and so do `files://{name}` and
    /// `files://readme`; `logs://{day}/raw` and `logs://{day}/summary` do not. Schemes
    /// compare without regard to case, as [`UriTemplate::match_uri`] compares them.
    ///
    /// ```
    /// use mcp_content_rules::UriTemplate;
    ///
    /// let t = |s| UriTemplate::parse(s).unwrap();
    /// assert!(t("logs://{day}").overlaps(&t("logs://{date}")));
    /// assert!(t("files://{name}").overlaps(&t("files://readme")));
    /// assert!(t("a://{x}/b").overlaps(&t("a://c/{y}")));
    /// assert!(t("x://a").overlaps(&t("X://a")));
    /// assert!(!t("logs://{day}/raw").overlaps(&t("logs://{day}/summary")));
    /// assert!(!t("files://{name}").overlaps(&t("files://a/b")));
    /// assert!(!t("docs://api{/version}").overlaps(&t("docs://apiv2")));
    /// ```
    pub fn overlaps(&self, other: &UriTemplate) -> bool {
        let states = |t: &str| {
            // A state takes at least one byte of the text.
            let mut out = vec![State::NONE; t.len()];
            let len = build(t, &mut out).unwrap_or(0);
            out.truncate(len);
            out
        };
        let (a, b) = (states(&self.source), states(&other.source));
        let mut rows = vec![false; 3 * (b.len() + 1)];
        intersect(&a, &b, &mut rows)
    }
}
