//! Whether two templates match a common URI: two resource handlers that do leave one of
//! them unreachable for those URIs, which `router!` refuses at compile time and
//! `RouterBuilder::build()` at run time.
//!
//! Each template is read as a small automaton over bytes (its language is what
//! [`UriTemplate::match_uri`] accepts), and the two automata are run side by side. The same
//! `const fn`s serve both checks, within the same budget (below), so the two give the same
//! answer whenever the compile-time one compares.
//!
//! What an expression may match is what [`UriTemplate::match_uri`] lets it take: the
//! characters its operator can write (`{x}` no `/`, `:` or `@`; `{+x}` any URI character),
//! after its leading character when it has one (`{/x}` is empty or starts with `/`,
//! `{?x}` with `?`). Literals compare as `match_uri` compares them: the scheme and the host
//! without regard to case, `%XX` escapes by the byte they stand for (an escaped unreserved
//! character is the character; RFC 3986 section 6.2.2).
//!
//! Exact (an overlap is reported if and only if some URI matches both, up to the limits
//! below), expression by expression:
//! - `{x}`, `{+x}`, `{#x}`, `{.x}`: any run of what the operator writes (empty included);
//! - `{/x}`: empty, or `/` and one segment (no `/`: `a://r{/x}` and `a://r/b/c` are apart);
//! - several unnamed variables (`{x,y}`, `{+x,y}`, `{#x,y}`, `{.x,y}`, `{/x,y}`): at most
//!   one separator fewer than variables (`a://{x,y}` and `a://1,2,3` are apart,
//!   `a://r{/x,y}` and `a://r/b/c/d` too);
//! - named expressions (`{?x}`, `{&x}`, `{;x}`, and `{?x,y}` of several variables): empty
//!   (every variable undefined, so `res://a{?x,y}` and `res://a` overlap), or the lead and
//!   up to one item per variable, joined by the separator; an item is one of the
//!   expression's names, then nothing or `=` and a value without the separator
//!   (`search://items{?q,limit}` and `search://items?page=1` are apart, and so are
//!   `res://a{?x}` and `res://a?x=1&x=2`). Names are read at any length, and a name's
//!   `%XX` escapes as a literal's are;
//! - beside a literal URI, a variable used twice (each use an unnamed expression of one
//!   variable) and the names of a named expression of several variables: the ways the
//!   template reads the URI are searched for one where both uses take one value (decoded;
//!   `users://{id}/posts/{id}` and `users://7/posts/8` are apart) and each name comes
//!   once (`res://a{?x,y}` and `res://a?x=1&x=2` are apart), within 20,000 steps (past
//!   them, an overlap).
//!
//! Looser, towards reporting an overlap where no URI may match both (exactness would need
//! more than this automaton, or the matcher refuses more than one expression shows):
//! - beside another template (not a literal URI), a named expression of several variables
//!   lets an item's name come again (the matcher refuses `?x=1&x=2` for `{?x,y}`): only a
//!   template that itself writes one name twice there (`res://a?x=1&x={v}`) is reported
//!   although apart;
//! - two names that differ only in how an escape is written (`{?a%41}` and `{?aA}`) are
//!   taken as one (the matcher compares names as written; both named expressions would
//!   have to be written at one place, which little forces);
//! - a variable used twice beside another template, or used in a named expression or one
//!   of several variables, takes its values apart here (`res://{x}/{x}` and
//!   `res://a/{y}b` are reported); and beside a literal, `match_uri` keeps the first way
//!   it reads the URI, the search takes any (`res://{x}.{x}` and `res://a.b.a.b`);
//! - a template with `*` or `:N` modifiers (which `match_uri` never matches) is read as if
//!   it had none;
//! - `%XX` escapes in values are not checked to decode to UTF-8 (the matcher refuses
//!   `%FF`), and the matcher's work limit (a pathological template on a long URI) is not
//!   modelled.
//!
//! The budget: each template at most [`CONST_OVERLAP_MAX_TOKENS`] states, and the table of
//! the two side by side at most 128,000 cells (the rows the first one's longest move needs,
//! one bit for each state of the other: `CONST_ROW_WORDS`). A named expression of several
//! variables takes about its names' bytes once per variable (`{?q,limit,offset,sort,order}`
//! 150 states); when the exact automata do not fit, such expressions are read as any names
//! (a run of what the operator writes), by both checks alike; when even those do not fit,
//! the compile-time check does not compare (`false`) and the run-time one still does.

use super::UriTemplate;

mod automaton;
mod names;
mod repeated;
#[cfg(test)]
mod tests;

use automaton::{Built, Repeats, State, build};
use repeated::{Frame, reads_alike};

/// How many rows [`intersect`] keeps for an automaton whose longest move is `longest`: one
/// more than that (a move goes at most that many states on, and at least to the next).
const fn ring(longest: usize) -> usize {
    if longest < 2 { 3 } else { longest + 1 }
}

/// How many words a row of `width` cells takes.
const fn words(width: usize) -> usize {
    width.div_ceil(64)
}

/// Whether some input takes automaton `a` and automaton `b` both to their ends. `rows` holds
/// [`ring`] rows of `a` of [`words`]`(b.len() + 1)` words each, one bit a cell (rows of `a`'s
/// states not yet reached, reused); its contents on entry do not matter.
// `a`, `b`, `p`, `q`: the two automata and a state of each, as the table reads.
#[allow(clippy::many_single_char_names)]
const fn intersect(a: &[State], a_longest: usize, b: &[State], rows: &mut [u64]) -> bool {
    let width = b.len() + 1;
    let row_words = words(width);
    let ring = ring(a_longest);
    let mut word = 0;
    while word < ring * row_words {
        rows[word] = 0;
        word += 1;
    }
    rows[0] = 1;
    let mut p = 0;
    while p <= a.len() {
        // Row `p + ring - 1` reuses the words of row `p - 1`, done with.
        if p > 0 {
            let base = ((p + ring - 1) % ring) * row_words;
            let mut w = 0;
            while w < row_words {
                rows[base + w] = 0;
                w += 1;
            }
        }
        let row = (p % ring) * row_words;
        let next = ((p + 1) % ring) * row_words;
        let x = if p < a.len() { a[p] } else { State::NONE };
        let mut q = 0;
        while q < width {
            // Cells of this row are only set further on while it is read: read the word again.
            let bits = rows[row + q / 64] >> (q % 64);
            if bits == 0 {
                q = (q / 64 + 1) * 64;
                continue;
            }
            q += bits.trailing_zeros() as usize;
            if p == a.len() && q == b.len() {
                return true;
            }
            let y = if q < b.len() { b[q] } else { State::NONE };
            if x.skip > 0 {
                set(rows, ((p + x.skip as usize) % ring) * row_words, q);
            }
            if x.jump > 0 {
                set(rows, ((p + x.jump as usize) % ring) * row_words, q);
            }
            if y.skip > 0 {
                set(rows, row, q + y.skip as usize);
            }
            if y.jump > 0 {
                set(rows, row, q + y.jump as usize);
            }
            if x.steps_with(y) {
                set(rows, next, q + 1);
            }
            if x.steps_into(y) {
                set(rows, next, q);
            }
            if y.steps_into(x) {
                set(rows, row, q + 1);
            }
            q += 1;
        }
        p += 1;
    }
    false
}

/// Sets cell `q` of the row starting at word `row`.
const fn set(rows: &mut [u64], row: usize, q: usize) {
    rows[row + q / 64] |= 1 << (q % 64);
}

/// How two templates are compared within the budget: whether their named expressions of
/// several variables are read exactly, and which goes first (the one whose rows cost less).
#[derive(Clone, Copy)]
struct Plan {
    exact_named: bool,
    a_first: bool,
}

/// The plan for `a` and `b` (the budget of the module docs), or `None` past it.
const fn plan(a: &str, b: &str) -> Option<Plan> {
    let mut exact_named = true;
    loop {
        let (a_built, b_built) = (
            build(a, &mut [], exact_named),
            build(b, &mut [], exact_named),
        );
        if a_built.len <= CONST_OVERLAP_MAX_TOKENS && b_built.len <= CONST_OVERLAP_MAX_TOKENS {
            let (ab, ba) = (rows_for(a_built, b_built), rows_for(b_built, a_built));
            let a_first = ab <= ba;
            if (if a_first { ab } else { ba }) <= CONST_ROW_WORDS {
                return Some(Plan {
                    exact_named,
                    a_first,
                });
            }
        }
        if !exact_named {
            return None;
        }
        exact_named = false;
    }
}

/// The words [`intersect`] needs with `first` going first.
const fn rows_for(first: Built, second: Built) -> usize {
    ring(first.longest) * words(second.len + 1)
}

/// The most automaton states (about one per literal byte and one or two per expression) a
/// template may have for [`templates_overlap`] to compare it.
pub const CONST_OVERLAP_MAX_TOKENS: usize = 512;

/// [`UriTemplate::overlaps`] at compile time, on template texts that
/// [`UriTemplate::parse`] accepts: whether some URI matches both. `router!` uses it to
/// refuse two resource handlers that serve the same URIs. It gives the answer of
/// [`UriTemplate::overlaps`], except past its budget (a template of more than
/// [`CONST_OVERLAP_MAX_TOKENS`] states, or two too large side by side; see the module
/// docs), where it does not compare (`false`): the run-time check of the router still does.
///
/// ```
/// use mcp_content_rules::templates_overlap;
///
/// const DAYS: bool = templates_overlap("logs://{day}", "logs://{date}");
/// assert!(DAYS);
/// assert!(templates_overlap("files://{name}", "files://readme"));
/// assert!(templates_overlap("x://{a}", "X://{b}"));
/// assert!(!templates_overlap("logs://{day}/raw", "logs://{day}/summary"));
/// // A query expression takes its own names only.
/// assert!(!templates_overlap("search://items{?q,limit}", "search://items?page=1"));
/// assert!(templates_overlap("search://items{?q,limit}", "search://items?limit=5&q=a"));
/// ```
pub const fn templates_overlap(a: &str, b: &str) -> bool {
    if literals_apart(a, b) {
        return false;
    }
    let Some(plan) = plan(a, b) else {
        return false;
    };
    let mut a_states = [State::NONE; CONST_OVERLAP_MAX_TOKENS];
    let mut b_states = [State::NONE; CONST_OVERLAP_MAX_TOKENS];
    let mut rows = [0; CONST_ROW_WORDS];
    let mut frames = [Frame::NONE; 2 * CONST_OVERLAP_MAX_TOKENS + 1];
    let (a_built, b_built) = (
        build(a, &mut a_states, plan.exact_named),
        build(b, &mut b_states, plan.exact_named),
    );
    let (a_states, b_states) = (
        a_states.split_at(a_built.len).0,
        b_states.split_at(b_built.len).0,
    );
    let shared = if plan.a_first {
        intersect(a_states, a_built.longest, b_states, &mut rows)
    } else {
        intersect(b_states, b_built.longest, a_states, &mut rows)
    };
    shared && alike((a_states, a_built), (b_states, b_built), &mut frames)
}

/// Whether the plain literal bytes both templates start with differ at one place (in any
/// case): then no URI matches both, and the automata need not be built. Up to the first
/// expression or `%` of either, each byte is one state of its automaton ([`build`]), which
/// takes that byte (or, in the scheme and the host, its other case) and nothing else, after
/// as many bytes as come before it; so two bytes that differ in more than case leave no
/// input both take. `router!` compares every pair of its resources in const evaluation,
/// where building the automata of two templates costs milliseconds: most pairs differ in
/// their scheme or path (`memo://r0`, `notes://r1/{id}`) and end here.
const fn literals_apart(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut i = 0;
    while i < a.len() && i < b.len() {
        let (left, right) = (a[i], b[i]);
        if matches!(left, b'{' | b'%') || matches!(right, b'{' | b'%') {
            return false;
        }
        if !left.eq_ignore_ascii_case(&right) {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether a template has what [`reads_alike`] searches for: a variable used twice (each
/// use an unnamed expression of one variable), or a named expression of several variables.
const fn searched(built: Built) -> bool {
    matches!(built.repeats, Repeats::Tagged) || built.items
}

/// Whether an overlap the automata share holds where a template uses a variable twice
/// (each use an unnamed expression of one variable) or has a named expression of several
/// variables, and the other is a literal URI: one way of reading it gives both uses one
/// value, and each name once ([`reads_alike`]). `true` otherwise.
/// `frames` holds one more frame than the two have states.
const fn alike(a: (&[State], Built), b: (&[State], Built), frames: &mut [Frame]) -> bool {
    if searched(a.1) && b.1.expressions == 0 {
        reads_alike(a.0, b.0, frames)
    } else if searched(b.1) && a.1.expressions == 0 {
        reads_alike(b.0, a.0, frames)
    } else {
        true
    }
}

/// The words of the table [`templates_overlap`] keeps (16,000 bytes, under clippy's 16 KiB
/// for a local array): for example 62 rows of a first template of 513 states.
const CONST_ROW_WORDS: usize = 2000;

impl UriTemplate {
    /// Whether some URI matches both templates (a literal URI is a template without
    /// variables): two resource handlers that overlap so leave one of them unreachable for
    /// those URIs. Variables may take any value their operator can write, so
    /// `logs://{day}` and `logs://{date}` overlap, and so do `files://{name}` and
    /// `files://readme`; `logs://{day}/raw` and `logs://{day}/summary` do not. Schemes
    /// compare without regard to case, as [`UriTemplate::match_uri`] compares them.
    ///
    /// The answer is exact (`true` if and only if some URI matches both under
    /// [`UriTemplate::match_uri`]) for every operator, with one variable or several: a
    /// query expression takes its own names only, each at most once, or nothing at all;
    /// `{x,y}` and `{/x,y}` one separator fewer than variables. It leans towards `true`,
    /// never `false`, in a few shapes: a template (not a literal URI) that writes one query
    /// name twice where the other's expression of several variables stands
    /// (`a://r?x=1&x={v}` beside `a://r{?x,y}`; beside a literal URI, `a://r?x=1&x=2`,
    /// the answer is exact), a variable used twice unless beside a literal URI (then
    /// `users://{id}/posts/{id}` and `users://7/posts/8` are apart), `*` and `:N`
    /// modifiers, escapes in values that do not decode to UTF-8 (`a://%FF` beside
    /// `a://{x}`), and a named expression of many variables beside a large template, which
    /// is read as taking any names (the same for the compile-time [`templates_overlap`]).
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
    /// // Several names: any of them, each once, in any order; or none at all.
    /// assert!(!t("search://items{?q,limit}").overlaps(&t("search://items?page=1")));
    /// assert!(t("search://items{?q,limit}").overlaps(&t("search://items?limit=5&q=a")));
    /// assert!(t("search://items{?q,limit}").overlaps(&t("search://items{?page}")));
    /// // Several unnamed variables: one separator fewer than variables, at most.
    /// assert!(!t("a://{x,y}").overlaps(&t("a://1,2,3")));
    /// assert!(t("a://{x,y}").overlaps(&t("a://1,2")));
    /// ```
    pub fn overlaps(&self, other: &UriTemplate) -> bool {
        let (a, b) = (self.source.as_str(), other.source.as_str());
        if literals_apart(a, b) {
            return false;
        }
        // The compile-time check's plan; past its budget, any names, at any size.
        let plan = plan(a, b);
        let exact_named = plan.is_some_and(|p| p.exact_named);
        let states = |t: &str| {
            let mut out = vec![State::NONE; build(t, &mut [], exact_named).len];
            let built = build(t, &mut out, exact_named);
            (out, built)
        };
        let (a, b) = (states(a), states(b));
        let a_first = plan.map_or(a.0.len() <= b.0.len(), |p| p.a_first);
        let ((first, built), (second, _)) = if a_first { (&a, &b) } else { (&b, &a) };
        let mut rows = vec![0; ring(built.longest) * words(second.len() + 1)];
        if !intersect(first, built.longest, second, &mut rows) {
            return false;
        }
        // Within the budget (lengths that fit the search's frames), as at compile time.
        plan.is_none() || {
            let mut frames = vec![Frame::NONE; a.0.len() + b.0.len() + 1];
            alike((&a.0, a.1), (&b.0, b.1), &mut frames)
        }
    }
}
