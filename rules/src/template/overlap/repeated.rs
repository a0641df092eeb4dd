//! Beside a literal URI, what the automaton alone lets through and
//! [`UriTemplate::match_uri`] does not: a variable used twice taking two values (the matcher
//! wants one), and a name of a named expression of several variables coming twice (the
//! matcher refuses it). The other template being a literal (a URI, one string up to how it
//! is spelled), the ways the template can read it are searched for one where every variable
//! used twice reads one value (decoded, the host's letters in either case) and each name of
//! an expression comes once, within a number of steps; past them the answer is `true` (an
//! overlap), as without the search.
//!
//! [`UriTemplate::match_uri`]: super::super::UriTemplate::match_uri

use super::automaton::{ITEM, State};

/// The steps [`reads_alike`] takes before it gives up (and reports an overlap).
const SEARCH_STEPS: usize = 20_000;

/// The most values of variables used twice one way of reading holds at once.
const CAPTURES: usize = 16;

/// One state of the search: a state of the template at a byte of the literal.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    /// The template's state.
    p: u16,
    /// The literal's state (its byte).
    i: u16,
    /// Where the template came to state `p`: the start of its value when `p` is tagged.
    start: u16,
    /// The next move to try: skip, jump, step, repeat.
    choice: u8,
}

impl Frame {
    pub(super) const NONE: Frame = Frame {
        p: 0,
        i: 0,
        start: 0,
        choice: 0,
    };
}

/// A value read for a variable used twice.
#[derive(Clone, Copy)]
struct Capture {
    var: u32,
    start: u16,
    end: u16,
    /// The depth of the frame that read it (popped with it).
    depth: u16,
}

/// Whether template automaton `a` (its variables used twice tagged) reads literal `w` (a
/// literal template's states, one byte each) with each variable used twice taking one
/// value. `frames` holds `a.len() + w.len() + 1` frames; both have at most `u16::MAX`
/// states.
// `a`, `w`, `p`, `i`, `x`: the template, the literal, a state of each, and the template's
// state, as in the parent's `intersect`.
#[allow(clippy::cast_possible_truncation)] // lengths checked by the caller
#[allow(clippy::many_single_char_names)]
pub(super) const fn reads_alike(a: &[State], w: &[State], frames: &mut [Frame]) -> bool {
    let mut captures = [Capture {
        var: 0,
        start: 0,
        end: 0,
        depth: 0,
    }; CAPTURES];
    let mut held = 0;
    let mut depth = 1;
    frames[0] = Frame::NONE;
    let mut steps = 0;
    while depth > 0 {
        steps += 1;
        if steps > SEARCH_STEPS {
            return true;
        }
        let top = frames[depth - 1];
        let (p, i) = (top.p as usize, top.i as usize);
        if p == a.len() && i == w.len() {
            return true;
        }
        if top.choice > 3 || p == a.len() {
            // Every move tried: back, dropping what this frame read.
            depth -= 1;
            while held > 0 && captures[held - 1].depth as usize >= depth {
                held -= 1;
            }
            continue;
        }
        frames[depth - 1].choice += 1;
        let x = a[p];
        let (next_p, next_i) = match top.choice {
            0 if x.skip > 0 => (p + x.skip as usize, i),
            1 if x.jump > 0 => (p + x.jump as usize, i),
            2 if i < w.len() && x.steps_with(w[i]) => (p + 1, i + 1),
            3 if i < w.len() && w[i].steps_into(x) => (p, i + 1),
            _ => continue,
        };
        let item = x.var & ITEM != 0;
        // Leaving a value of a variable used twice, or reading a name of a named expression.
        if (next_p != p && x.var != 0 && !item) || (item && top.choice == 2) {
            // The variable's other value, if read, must be the same; a name, not read yet.
            let mut k = 0;
            let mut same = true;
            while k < held {
                if captures[k].var == x.var {
                    let other = captures[k];
                    let (from, to) = (other.start as usize, other.end as usize);
                    same = same && !item && decoded_equal(w, top.start as usize, i, from, to);
                }
                k += 1;
            }
            if !same {
                continue;
            }
            if held == CAPTURES {
                return true;
            }
            captures[held] = Capture {
                var: x.var,
                start: top.start,
                end: i as u16,
                depth: depth as u16,
            };
            held += 1;
        }
        frames[depth] = Frame {
            p: next_p as u16,
            i: next_i as u16,
            start: if next_p == p {
                top.start
            } else {
                next_i as u16
            },
            choice: 0,
        };
        depth += 1;
    }
    false
}

/// Whether the bytes of `w` from `one` to `one_end` and from `two` to `two_end` decode to the same
/// value (`%XX` as its byte; a letter that may be in either case in either case).
const fn decoded_equal(
    w: &[State],
    one: usize,
    one_end: usize,
    two: usize,
    two_end: usize,
) -> bool {
    let (mut one, mut two) = (one, two);
    while one < one_end && two < two_end {
        let (first, first_len) = unit(w, one, one_end);
        let (second, second_len) = unit(w, two, two_end);
        let fold = (first_len == 1 && w[one].fold) || (second_len == 1 && w[two].fold);
        if first != second && !(fold && first.eq_ignore_ascii_case(&second)) {
            return false;
        }
        one += first_len;
        two += second_len;
    }
    one == one_end && two == two_end
}

/// The byte at `w[at]` (up to `end`) and how many states it takes: a `%XX` escape is its
/// byte.
const fn unit(w: &[State], at: usize, end: usize) -> (u8, usize) {
    let b = w[at].step;
    if b == b'%'
        && at + 2 < end
        && let (Some(high), Some(low)) = (hex(w[at + 1].step), hex(w[at + 2].step))
    {
        return (high << 4 | low, 3);
    }
    (b, 1)
}

const fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}
