//! A template's text as an automaton over bytes: what [`UriTemplate::match_uri`] accepts, one
//! state per literal byte and a few per expression (see the parent module for what is exact).
//!
//! Every move goes forward or stays in place, so the parent's `intersect` reads two automata
//! in one sweep.
//!
//! [`UriTemplate::match_uri`]: super::super::UriTemplate::match_uri

use super::names::{distinct_names, first_use, name_at, name_len, seen_before, used_after};
use crate::uri::UriUnit;

/// A set of bytes: ASCII ones by bit, every non-ASCII byte together (a matched URI may hold
/// raw UTF-8 in a variable; literals are ASCII). Non-ASCII takes the bit of byte 0, which no
/// template or matched URI holds (no operator writes a control character).
#[derive(Clone, Copy)]
pub(super) struct Class {
    /// Bytes 0 to 63, then 64 to 127, by bit (two words keep the state small).
    ascii: [u64; 2],
}

impl Class {
    const EMPTY: Class = Class { ascii: [0; 2] };

    /// The characters every expression may write: unreserved ones, `%` of escapes, and
    /// non-ASCII (see `Operator::can_contain`).
    const VALUE: Class = Class::EMPTY
        .with_range(b'a', b'z')
        .with_range(b'A', b'Z')
        .with_range(b'0', b'9')
        .with(b"-._~%")
        .with_high();

    /// What `{+x}` and `{#x}` write: the value characters and the reserved ones.
    const RESERVED: Class = Class::VALUE.with(b":/?#[]@!$&'()*+,;=");

    const fn with(self, bytes: &[u8]) -> Class {
        let mut ascii = self.ascii;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            ascii[(b >> 6) as usize] |= 1 << (b & 63);
            i += 1;
        }
        Class { ascii }
    }

    const fn without(self, b: u8) -> Class {
        let mut ascii = self.ascii;
        ascii[(b >> 6) as usize] &= !(1 << (b & 63));
        Class { ascii }
    }

    const fn with_range(self, from: u8, to: u8) -> Class {
        let mut ascii = self.ascii;
        let mut b = from;
        while b <= to {
            ascii[(b >> 6) as usize] |= 1 << (b & 63);
            b += 1;
        }
        Class { ascii }
    }

    const fn with_high(self) -> Class {
        let mut ascii = self.ascii;
        ascii[0] |= 1;
        Class { ascii }
    }

    pub(super) const fn admits(self, b: u8) -> bool {
        let b = if b < 128 { b } else { 0 };
        self.ascii[(b >> 6) as usize] & (1 << (b & 63)) != 0
    }
}

/// One state of a template's automaton. State `i` may consume `step` and go to `i + 1`,
/// consume any byte of `repeat` and stay, or go to `i + skip` or `i + jump` consuming
/// nothing. The last state of a template is implicit (index `len`) and accepts.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// The byte that moves to the next state; `0` for none (a template holds no NUL).
    pub(super) step: u8,
    /// Whether `step` is a letter taken in either case (the scheme and the host of a
    /// literal: `match_uri` compares them so, while another template's literal at the same
    /// place may want one case).
    pub(super) fold: bool,
    /// The bytes consumed in place.
    pub(super) repeat: Class,
    /// How far a move without input goes; `0` for none.
    pub(super) skip: u32,
    /// How far a second move without input goes; `0` for none.
    pub(super) jump: u32,
    /// For the value of a variable used twice in the template (an unnamed expression of
    /// one variable, `repeat` its characters): one more than where its name is first
    /// written. For the first byte of a name in a named expression of several variables:
    /// [`ITEM`] and one more than where that name is written. `0` otherwise.
    pub(super) var: u32,
}

impl State {
    pub(super) const NONE: State = State {
        step: 0,
        fold: false,
        repeat: Class::EMPTY,
        skip: 0,
        jump: 0,
        var: 0,
    };

    /// A literal byte, in either case when `fold`.
    const fn literal(b: u8, fold: bool) -> State {
        State {
            step: b,
            fold: fold && b.is_ascii_alphabetic(),
            ..State::NONE
        }
    }

    /// Whether a byte that takes this state's step takes `other`'s too.
    pub(super) const fn steps_with(self, other: State) -> bool {
        self.step != 0
            && (self.step == other.step
                || ((self.fold || other.fold) && self.step.eq_ignore_ascii_case(&other.step)))
    }

    /// Whether a byte that takes this state's step may be one `other` repeats.
    pub(super) const fn steps_into(self, other: State) -> bool {
        self.step != 0
            && (other.repeat.admits(self.step)
                || (self.fold && other.repeat.admits(self.step ^ 0x20)))
    }

    /// Moves without input only.
    const fn moves(skip: usize, jump: usize) -> State {
        State {
            skip: distance(skip),
            jump: distance(jump),
            ..State::NONE
        }
    }
}

/// The bit of [`State::var`] that marks a name of a named expression.
pub(super) const ITEM: u32 = 1 << 31;

/// A distance as a state holds it (a template text is far shorter than 4 GiB).
#[allow(clippy::cast_possible_truncation)]
const fn distance(d: usize) -> u32 {
    if d > u32::MAX as usize {
        u32::MAX
    } else {
        d as u32
    }
}

/// The states being written: into `states` while there is room, counted either way.
struct Out<'a> {
    states: &'a mut [State],
    len: usize,
    /// The longest move so far.
    longest: usize,
    expressions: usize,
    repeats: Repeats,
    items: bool,
}

impl Out<'_> {
    const fn push(&mut self, state: State) {
        if self.len < self.states.len() {
            self.states[self.len] = state;
        }
        self.len += 1;
        if state.skip as usize > self.longest {
            self.longest = state.skip as usize;
        }
        if state.jump as usize > self.longest {
            self.longest = state.jump as usize;
        }
    }
}

/// What [`build`] made: how many states, the longest move of any, how many expressions.
#[derive(Clone, Copy)]
pub(super) struct Built {
    pub(super) len: usize,
    pub(super) longest: usize,
    pub(super) expressions: usize,
    pub(super) repeats: Repeats,
    /// Whether a named expression of several variables tags its names ([`ITEM`]).
    pub(super) items: bool,
}

/// Variables used twice in a template.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Repeats {
    None,
    /// Each use of each is an unnamed expression of one variable, whose value state is
    /// tagged (`State::var`).
    Tagged,
    /// One is used in an expression of several variables or a named one.
    Untagged,
}

/// The states of template text `t` (accepted by [`UriTemplate::parse`]) into `out`, as many
/// as fit; how many there are and their longest move. A literal byte is one state. With
/// `exact_named` a named expression of several variables (`{?x,y}`) is read as its names
/// allow (about as many states as its names have bytes, once per variable); without, as one
/// run of what it may write, names or not (two states).
///
/// [`UriTemplate::parse`]: super::super::UriTemplate::parse
pub(super) const fn build(t: &str, out: &mut [State], exact_named: bool) -> Built {
    let bytes = t.as_bytes();
    let mut out = Out {
        states: out,
        len: 0,
        longest: 1,
        expressions: 0,
        repeats: Repeats::None,
        items: false,
    };
    let mut i = 0;
    // The scheme and the host compare without regard to case: lowercase here.
    let [scheme_end, host_start, host_end] = crate::uri::case_free(bytes);
    // Hex digits of a `%XX` escape still to read.
    let mut hex_left = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'{' {
            let mut end = i + 1;
            while end < bytes.len() && bytes[end] != b'}' {
                end += 1;
            }
            expression(bytes, i + 1, end, &mut out, exact_named);
            out.expressions += 1;
            i = end + 1;
            continue;
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
        out.push(State::literal(normal, lower));
        i += taken;
    }
    Built {
        len: out.len,
        longest: out.longest,
        expressions: out.expressions,
        repeats: out.repeats,
        items: out.items,
    }
}

/// The states of the expression whose body is `bytes[from..to]` (between the braces).
const fn expression(bytes: &[u8], from: usize, to: usize, out: &mut Out<'_>, exact_named: bool) {
    if from >= to {
        return;
    }
    let operator = bytes[from];
    let names = if matches!(operator, b'+' | b'#' | b'.' | b'/' | b';' | b'?' | b'&') {
        from + 1
    } else {
        from
    };
    let mut vars = 1;
    let mut k = names;
    while k < to {
        if bytes[k] == b',' {
            vars += 1;
        }
        k += 1;
    }
    let multi = vars > 1;
    // Variables used twice: an unnamed expression of one variable tags its value state.
    let mut tag = 0;
    let mut at = names;
    while at < to {
        let (name_from, name_to, next) = name_at(bytes, at, to);
        let first = first_use(bytes, name_from, name_to);
        if first != name_from || used_after(bytes, name_from, name_to) {
            let simple = !multi && !matches!(operator, b'?' | b'&' | b';');
            if simple && !matches!(out.repeats, Repeats::Untagged) {
                out.repeats = Repeats::Tagged;
                tag = distance(first + 1);
            } else {
                out.repeats = Repeats::Untagged;
            }
        }
        at = next;
    }
    match operator {
        b'?' | b'&' | b';' if exact_named || distinct_names(bytes, names, to) == 1 => {
            named(bytes, names, to, multi, out);
        }
        // Any names, in any number: the whole expression as one run.
        b'?' | b'&' | b';' => {
            let separator = if operator == b';' { b';' } else { b'&' };
            let class = named_value(operator, multi).with(&[operator, separator]);
            out.push(State {
                step: operator,
                skip: 2,
                ..State::NONE
            });
            out.push(State {
                repeat: class,
                skip: 1,
                ..State::NONE
            });
        }
        _ => unnamed(operator, vars, tag, out),
    }
}

/// An unnamed expression (`{x}`, `{+x}`, `{#x}`, `{.x}`, `{/x}`) of `vars` variables: its
/// lead (or nothing at all), then up to `vars` values, which the separator joins. One
/// variable owns the whole body: `{.x}` may hold `.`, `{+x}` `,`.
const fn unnamed(operator: u8, vars: usize, tag: u32, out: &mut Out<'_>) {
    // The lead, the separator, and what one variable's value may hold (`Operator::can_contain`).
    let (lead, separator, class) = match operator {
        b'+' => (0, b',', Class::RESERVED),
        b'#' => (b'#', b',', Class::RESERVED),
        b'.' => (b'.', b'.', Class::VALUE),
        b'/' => (b'/', b'/', Class::VALUE),
        _ => (0, b',', Class::VALUE),
    };
    if lead != 0 {
        out.push(State {
            step: lead,
            skip: distance(vars + 1),
            ..State::NONE
        });
    }
    if vars == 1 {
        out.push(State {
            repeat: class,
            skip: 1,
            var: tag,
            ..State::NONE
        });
        return;
    }
    // Several: `,` may be written inside a value (`{.x,y}`, `{/x,y}`), never the separator.
    let value = class.with(b",").without(separator);
    let mut v = 0;
    while v < vars {
        out.push(State {
            step: if v + 1 < vars { separator } else { 0 },
            repeat: value,
            skip: distance(vars - v),
            ..State::NONE
        });
        v += 1;
    }
}

/// A named expression (`{?x,y}`, `{&x,y}`, `{;x,y}`, its names at `bytes[from..to]`): empty
/// (every variable undefined), or its lead and then up to one item per distinct name, which
/// the separator joins; an item is a name, then nothing or `=` and a value without the
/// separator. The items are laid out once per name (copies), each copy a choice among the
/// names, so every move stays short:
///
/// ```text
/// copy:  lead-or-separator  name₁ Z₁ name₂ Z₂ … nameₖ  `=`  value  G  Q
/// ```
///
/// The first byte of nameᵢ may jump to nameᵢ₊₁; Zᵢ (after nameᵢ) passes over nameᵢ₊₁ towards
/// `=`; G goes on to the next copy's separator or to Q; the Qs pass from copy to copy to the
/// end of the expression (the lead's other way: nothing at all).
const fn named(bytes: &[u8], from: usize, to: usize, multi: bool, out: &mut Out<'_>) {
    let operator = bytes[from - 1];
    let separator = if operator == b';' { b';' } else { b'&' };
    let value = named_value(operator, multi);
    let copies = distinct_names(bytes, from, to);
    out.items |= copies > 1;
    // The states of the names, with the Zs between them.
    let mut width = 0;
    let mut at = from;
    while at < to {
        let (name_from, name_to, next) = name_at(bytes, at, to);
        if !seen_before(bytes, from, name_from, name_to) {
            width += name_len(bytes, name_from, name_to) + 1;
        }
        at = next;
    }
    if copies == 0 {
        return;
    }
    width -= 1;
    let mut copy = 0;
    while copy < copies {
        out.push(State {
            step: if copy == 0 { operator } else { separator },
            skip: if copy == 0 { distance(width + 4) } else { 0 },
            ..State::NONE
        });
        let mut name = 0;
        let mut at = from;
        while at < to {
            let (name_from, name_to, next) = name_at(bytes, at, to);
            at = next;
            if seen_before(bytes, from, name_from, name_to) {
                continue;
            }
            let len = name_len(bytes, name_from, name_to);
            // The Z before this name passes over it.
            if name > 0 {
                out.push(State::moves(len + 1, 0));
            }
            let last = name + 1 == copies;
            name_states(
                bytes,
                name_from,
                name_to,
                if last { 0 } else { len + 1 },
                // Several names: the search beside a literal takes each once.
                if copies > 1 {
                    ITEM | distance(name_from + 1)
                } else {
                    0
                },
                out,
            );
            name += 1;
        }
        let more = copy + 1 < copies;
        // `=`, then the value; G; Q.
        out.push(State {
            step: b'=',
            skip: 2,
            ..State::NONE
        });
        out.push(State {
            repeat: value,
            skip: 1,
            ..State::NONE
        });
        out.push(if more {
            State::moves(2, 1)
        } else {
            State::moves(1, 0)
        });
        out.push(State::moves(if more { width + 5 } else { 1 }, 0));
        copy += 1;
    }
}

/// What the value of a named expression may hold: what its operator writes, less the
/// separator (`&`, or `;` for `{;x}`: a second item after it).
const fn named_value(operator: u8, multi: bool) -> Class {
    let value = if multi {
        Class::VALUE.with(b",")
    } else {
        Class::VALUE
    };
    match operator {
        b'?' => value.with(b"?="),
        _ => value.with(b"="),
    }
}

/// The states of a name, its escapes as literals have them (an escaped unreserved character
/// is the character, other escapes have uppercase hex digits); the first may jump `jump` on.
const fn name_states(
    bytes: &[u8],
    from: usize,
    to: usize,
    jump: usize,
    tag: u32,
    out: &mut Out<'_>,
) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut first = true;
    let mut at = from;
    while at < to {
        let mut units = [0; 3];
        let (count, taken) = match crate::uri::uri_unit(bytes, at) {
            Some((UriUnit::Plain(b), taken)) => {
                units[0] = b;
                (1, taken)
            }
            Some((UriUnit::Escaped(b), taken)) => {
                units = [b'%', HEX[(b >> 4) as usize], HEX[(b & 15) as usize]];
                (3, taken)
            }
            None => (0, to - at),
        };
        let mut k = 0;
        while k < count {
            out.push(State {
                step: units[k],
                jump: if first { distance(jump) } else { 0 },
                var: if first { tag } else { 0 },
                ..State::NONE
            });
            first = false;
            k += 1;
        }
        at += taken;
    }
}
