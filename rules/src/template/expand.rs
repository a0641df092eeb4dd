//! Expansion (RFC 6570 section 3 and appendix A): an expression's values, percent-encoded as
//! its operator says.

use super::TemplateValue;
use super::syntax::{Expression, Modifier};

impl Expression {
    /// Appends this expression's expansion to `out` (RFC 6570 appendix A).
    pub(super) fn expand_into<'v>(
        &self,
        out: &mut String,
        value: &dyn Fn(&str) -> Option<TemplateValue<'v>>,
    ) {
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
/// `allow_reserved`, everything else (and `%` always, see [`UriTemplate::expand`](super::UriTemplate::expand)) becomes
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
