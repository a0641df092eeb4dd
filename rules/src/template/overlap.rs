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
//! character is the character; RFC 3986 section 6.2.2).
//!
//! Exact (an overlap is reported if and only if some URI matches both), expression by
//! expression:
//! - `{x}`, `{+x}`, `{#x}`, `{.x}`: any run of what the operator writes (empty included);
//! - `{/x}`: empty, or `/` and one segment (no `/`: `a://r{/x}` and `a://r/b/c` are apart);
//! - `{?x}`, `{&x}`, `{;x}` of one variable: empty (`x` undefined, so `res://a{?x}` and
//!   `res://a` overlap), or the lead, the name itself, then nothing or `=` and a value
//!   without the separator (`res://a{?x}` and `res://a?y=1`, `res://a?x=1&x=2` are apart).
//!   The compile-time check reads names this way when those of the template with the
//!   shorter ones are at most 27 bytes long; past that in both, and for a name with a `%XX`
//!   escape (compared raw in a URI), it reads them as the looser point below.
//!
//! Looser, towards reporting an overlap where no URI may match both (exactness would need
//! more than this automaton, or the matcher refuses more than one expression shows):
//! - named expressions of several variables (`{?x,y}`: any subset, in any order) take any
//!   names, and unnamed ones (`{x,y}`, `{/x,y}`) any number of separators;
//! - a template with `*` or `:N` modifiers (which `match_uri` never matches) is read as if
//!   it had none;
//! - a variable used twice must take the same value twice in `match_uri`, here not;
//! - `%XX` escapes in values are not checked to decode to UTF-8 (the matcher refuses
//!   `%FF`), and the matcher's work limit (a pathological template on a long URI) is not
//!   modelled.

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
pub(super) const fn build(t: &str, out: &mut [State], exact_names: bool) -> Option<usize> {
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
            // A named expression of one variable (`{?x}`, `{&x}`, `{;x}`) takes exactly its
            // lead, its name, then nothing or `=` and a value without the separator.
            if exact_names && !multi && matches!(operator, b'?' | b'&' | b';') {
                match named_states(bytes, i + 2, end, out, len) {
                    Named::Built(added) => {
                        len += added;
                        i = end + 1;
                        continue;
                    }
                    Named::NoRoom => return None,
                    Named::Loose => {}
                }
            }
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

/// What [`named_states`] did.
enum Named {
    /// Wrote this many states.
    Built(usize),
    /// `out` has no room for them.
    NoRoom,
    /// The name is not read exactly: the caller writes the loose states.
    Loose,
}

/// The states of a named expression of one variable (`{?x}`, `{&x}`, `{;x}`, its name at
/// `bytes[from..to]`) at `out[len..]`: its lead (or nothing at all), the name itself, then
/// nothing, or `=` and a value without the separator.
const fn named_states(
    bytes: &[u8],
    from: usize,
    to: usize,
    out: &mut [State],
    len: usize,
) -> Named {
    let name_len = to - from;
    if !plain_name(bytes, from, to) || name_len + 3 > u8::MAX as usize {
        return Named::Loose;
    }
    if len + name_len + 3 > out.len() {
        return Named::NoRoom;
    }
    let operator = bytes[from - 1];
    out[len] = State {
        step: operator,
        repeat: Class::EMPTY,
        #[allow(clippy::cast_possible_truncation)] // checked above
        skip: (name_len + 3) as u8,
    };
    let mut k = 0;
    while k < name_len {
        out[len + 1 + k] = State::literal(bytes[from + k]);
        k += 1;
    }
    out[len + 1 + name_len] = State {
        step: b'=',
        repeat: Class::EMPTY,
        skip: 2,
    };
    out[len + 2 + name_len] = State {
        step: 0,
        repeat: named_value(operator),
        skip: 1,
    };
    Named::Built(name_len + 3)
}

/// Whether the variable name `bytes[from..to]` is compared as its bytes: no modifier (a
/// template with one matches nothing, and is read as if it had none) and no `%XX` (compared
/// raw in a URI, normalized in a literal).
const fn plain_name(bytes: &[u8], from: usize, to: usize) -> bool {
    let mut k = from;
    while k < to {
        if matches!(bytes[k], b'*' | b':' | b'%') {
            return false;
        }
        k += 1;
    }
    to > from
}

/// What the value of a named expression of one variable may hold: what its operator
/// writes, less the separator (a second `x=…` after it would name the variable twice, which
/// the matcher refuses).
const fn named_value(operator: u8) -> Class {
    match operator {
        b'?' => Class::VALUE.with(b"?="),
        _ => Class::VALUE.with(b"="),
    }
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
        // The lead `/` is no value's: one variable holds no `/`, several are joined by it.
        b'/' if multi => (b'/', value.with(b"/")),
        b'/' => (b'/', value),
        b';' => (b';', value.with(b";=")),
        b'?' => (b'?', value.with(b"?&=")),
        b'&' => (b'&', value.with(b"&=")),
        _ => (0, value),
    }
}

/// How many rows [`intersect`] keeps for automaton `a`: one more than its longest move
/// (a move goes at most `skip` states on, and at least to the next).
pub(super) const fn ring(a: &[State]) -> usize {
    let mut longest = 2;
    let mut p = 0;
    while p < a.len() {
        if a[p].skip as usize > longest {
            longest = a[p].skip as usize;
        }
        p += 1;
    }
    longest + 1
}

/// Whether some input takes automaton `a` and automaton `b` both to their ends. `rows` holds
/// [`ring`]`(a)` rows of `b.len() + 1` cells (rows of `a`'s states not yet reached, reused);
/// its contents on entry do not matter.
// `a`, `b`, `p`, `q`: the two automata and a state of each, as the table reads.
#[allow(clippy::many_single_char_names)]
pub(super) const fn intersect(a: &[State], b: &[State], rows: &mut [bool]) -> bool {
    let width = b.len() + 1;
    let ring = ring(a);
    let mut cell = 0;
    while cell < ring * width {
        rows[cell] = false;
        cell += 1;
    }
    rows[0] = true;
    let mut p = 0;
    while p <= a.len() {
        // Row `p + ring - 1` reuses the cells of row `p - 1`, done with.
        if p > 0 {
            let base = ((p + ring - 1) % ring) * width;
            let mut q = 0;
            while q < width {
                rows[base + q] = false;
                q += 1;
            }
        }
        let row = (p % ring) * width;
        let x = if p < a.len() { a[p] } else { State::NONE };
        let mut q = 0;
        while q < width {
            if rows[row + q] {
                if p == a.len() && q == b.len() {
                    return true;
                }
                let y = if q < b.len() { b[q] } else { State::NONE };
                if x.skip > 0 {
                    rows[((p + x.skip as usize) % ring) * width + q] = true;
                }
                if y.skip > 0 {
                    rows[row + q + y.skip as usize] = true;
                }
                let next = ((p + 1) % ring) * width;
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
    let mut rows = [false; CONST_RING_ROWS * (CONST_OVERLAP_MAX_TOKENS + 1)];
    let mut exact_names = true;
    loop {
        let (Some(a_len), Some(b_len)) = (
            build(a, &mut a_states, exact_names),
            build(b, &mut b_states, exact_names),
        ) else {
            return false;
        };
        let (a_states, b_states) = (a_states.split_at(a_len).0, b_states.split_at(b_len).0);
        // Only the first automaton's moves take rows: the one with the shorter ones goes first.
        let (first, second) = if ring(a_states) <= ring(b_states) {
            (a_states, b_states)
        } else {
            (b_states, a_states)
        };
        if ring(first) <= CONST_RING_ROWS {
            return intersect(first, second, &mut rows);
        }
        // Both have a long variable name in a named expression: read them as the run-time
        // check does without names (never less of an overlap).
        exact_names = false;
    }
}

/// The rows [`templates_overlap`] keeps (under clippy's 16 KiB for a local array): a named
/// expression's name in the template with the shorter ones is read exactly up to
/// `CONST_RING_ROWS - 4` bytes.
const CONST_RING_ROWS: usize = 31;

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
    /// // A query expression takes its own name only, and may write nothing.
    /// assert!(!t("res://a{?x}").overlaps(&t("res://a?y=1")));
    /// assert!(t("res://a{?x}").overlaps(&t("res://a?x=1")));
    /// assert!(t("res://a{?x}").overlaps(&t("res://a")));
    /// ```
    pub fn overlaps(&self, other: &UriTemplate) -> bool {
        let states = |t: &str| {
            // A state takes at least one byte of the text.
            let mut out = vec![State::NONE; t.len()];
            let len = build(t, &mut out, true).unwrap_or(0);
            out.truncate(len);
            out
        };
        let (a, b) = (states(&self.source), states(&other.source));
        let mut rows = vec![false; ring(&a) * (b.len() + 1)];
        intersect(&a, &b, &mut rows)
    }
}
