//! Variable names in a template's text: the names of an expression, and where else a name
//! is written.

use crate::uri::UriUnit;

/// The name of the variable spec at `bytes[at..to]` (up to `,` and without its modifier,
/// `*` or `:N`): where it starts and ends, and where the next spec starts.
pub(super) const fn name_at(bytes: &[u8], at: usize, to: usize) -> (usize, usize, usize) {
    let mut end = at;
    while end < to && bytes[end] != b',' {
        end += 1;
    }
    let mut name_end = at;
    while name_end < end && !matches!(bytes[name_end], b'*' | b':') {
        name_end += 1;
    }
    (at, name_end, end + 1)
}

/// Whether the name at `bytes[name_from..name_to]` is spelled the same way earlier in the
/// expression whose names start at `from` (the matcher refuses a name given twice).
pub(super) const fn seen_before(
    bytes: &[u8],
    from: usize,
    name_from: usize,
    name_to: usize,
) -> bool {
    if name_from == name_to {
        return true;
    }
    let mut at = from;
    while at < name_from {
        let (other_from, other_to, next) = name_at(bytes, at, name_from);
        if other_to - other_from == name_to - name_from {
            let mut k = 0;
            while k < name_to - name_from && bytes[other_from + k] == bytes[name_from + k] {
                k += 1;
            }
            if k == name_to - name_from {
                return true;
            }
        }
        at = next;
    }
    false
}

/// How many distinct names the expression whose names are `bytes[from..to]` has.
pub(super) const fn distinct_names(bytes: &[u8], from: usize, to: usize) -> usize {
    let mut count = 0;
    let mut at = from;
    while at < to {
        let (name_from, name_to, next) = name_at(bytes, at, to);
        if !seen_before(bytes, from, name_from, name_to) {
            count += 1;
        }
        at = next;
    }
    count
}

/// How many bytes a name is when its escapes are compared as literals are (`%41` is `A`).
pub(super) const fn name_len(bytes: &[u8], from: usize, to: usize) -> usize {
    let mut len = 0;
    let mut at = from;
    while at < to {
        match crate::uri::uri_unit(bytes, at) {
            Some((UriUnit::Plain(_), taken)) => {
                len += 1;
                at += taken;
            }
            Some((UriUnit::Escaped(_), taken)) => {
                len += 3;
                at += taken;
            }
            None => at = to,
        }
    }
    len
}

/// Where the variable name `bytes[from..to]` is first written in the template (`from` when
/// there).
pub(super) const fn first_use(bytes: &[u8], from: usize, to: usize) -> usize {
    let mut at = 0;
    while at < from {
        if let Some(found) = use_at(bytes, at, from, to) {
            return found;
        }
        at += 1;
    }
    from
}

/// Whether the variable name `bytes[from..to]` is written again after `to`.
pub(super) const fn used_after(bytes: &[u8], from: usize, to: usize) -> bool {
    let mut at = to;
    while at < bytes.len() {
        if use_at(bytes, at, from, to).is_some() {
            return true;
        }
        at += 1;
    }
    false
}

/// Whether a variable spec in an expression starts at `at` with the name `bytes[from..to]`
/// (then where), the name ending at `,`, `}`, `*` or `:`.
pub(super) const fn use_at(bytes: &[u8], at: usize, from: usize, to: usize) -> Option<usize> {
    let len = to - from;
    // A spec starts after `{`, an operator right after `{`, or `,`.
    let starts = at > 0
        && (matches!(bytes[at - 1], b'{' | b',')
            || (at > 1
                && bytes[at - 2] == b'{'
                && matches!(
                    bytes[at - 1],
                    b'+' | b'#' | b'.' | b'/' | b';' | b'?' | b'&'
                )));
    if !starts || at + len > bytes.len() || at == from {
        return None;
    }
    // Inside an expression: the last brace before `at` opens one.
    let mut back = at;
    while back > 0 && !matches!(bytes[back - 1], b'{' | b'}') {
        back -= 1;
    }
    if back == 0 || bytes[back - 1] != b'{' {
        return None;
    }
    let mut k = 0;
    while k < len {
        if bytes[at + k] != bytes[from + k] {
            return None;
        }
        k += 1;
    }
    if at + len < bytes.len() && !matches!(bytes[at + len], b',' | b'}' | b'*' | b':') {
        return None;
    }
    Some(at)
}
