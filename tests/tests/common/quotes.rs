//! The bounded-error-text check `security/peer_error_text.rs` and
//! `convert/message_parts_refusals.rs` share (included with `#[path]`).

/// Whether every quotation (`"…"` or `` `…` ``) in `text` holds at most `limit` characters
/// (an unclosed one at most 81: the cut quote ends in `…`).
pub(crate) fn quotes_are_cut(text: &str, limit: usize) -> bool {
    let mut rest = text;
    while let Some(open) = rest.find(['"', '`']) {
        let quote = rest.as_bytes()[open] as char;
        let body = &rest[open + 1..];
        let Some(close) = body.find(quote) else {
            return body.chars().count() <= 81;
        };
        if body[..close].chars().count() > limit {
            return false;
        }
        rest = &body[close + 1..];
    }
    true
}
