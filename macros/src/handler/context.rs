//! Where a handler attribute sits. An attribute macro sees only its function; inside an
//! `impl` or `trait` block the handler struct it declares beside the function is not an
//! associated item, and rustc reports one error per generated item ("struct is not supported
//! in `trait`s or `impl`s", then names it cannot find) — none of which names the mistake.
//! So the function's file is read (only when the function is indented: a function at column
//! one is at the top of its file) and its enclosing braces are walked, to report that mistake
//! once, in its own words. Anything uncertain (no file, a span without a location, text that
//! does not scan) answers "not in an impl": the usual expansion follows.

use proc_macro2::Span;

/// Whether the item starting at `first` (its first token) is inside an `impl` or `trait`
/// block, as far as its source file tells.
pub(crate) fn in_impl_block(first: Span) -> bool {
    if !proc_macro::is_available() {
        return false;
    }
    let span = first.unwrap();
    if span.column() <= 1 {
        return false;
    }
    let Some(path) = span.local_file() else {
        return false;
    };
    let Ok(source) = std::fs::read_to_string(path) else {
        return false;
    };
    innermost_block_is_impl(&source, span.line(), span.column())
}

/// Scans `source` up to `line`:`column` (1-based, in characters) and answers whether the
/// innermost `{ … }` open there belongs to an `impl` or a `trait` item. Comments, strings,
/// raw strings and character literals are skipped, so braces inside them do not count.
pub(crate) fn innermost_block_is_impl(source: &str, line: usize, column: usize) -> bool {
    let chars: Vec<char> = source.chars().collect();
    // For each open brace: whether its item is an `impl` or a `trait`.
    let mut stack: Vec<bool> = Vec::new();
    // The words of the item header since the last `;`, `{` or `}` (attributes left out).
    let mut header: Vec<String> = Vec::new();
    let (mut at_line, mut at_column) = (1, 1);
    let mut i = 0;
    // `#[…]` nesting depth: words inside an attribute are not the header's.
    let mut attribute_depth = 0usize;
    let advance = |i: &mut usize, at_line: &mut usize, at_column: &mut usize, n: usize| {
        for _ in 0..n {
            if chars.get(*i) == Some(&'\n') {
                *at_line += 1;
                *at_column = 1;
            } else {
                *at_column += 1;
            }
            *i += 1;
        }
    };
    while i < chars.len() {
        if (at_line, at_column) >= (line, column) {
            return stack.last().copied().unwrap_or(false);
        }
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let skip = if c == '/' && next == Some('/') {
            chars[i..]
                .iter()
                .position(|&c| c == '\n')
                .unwrap_or(chars.len() - i)
        } else if c == '/' && next == Some('*') {
            block_comment_len(&chars[i..])
        } else if let Some(len) = string_len(&chars[i..]) {
            len
        } else if c == '\'' {
            char_literal_len(&chars[i..])
        } else {
            0
        };
        if skip > 0 {
            advance(&mut i, &mut at_line, &mut at_column, skip);
            continue;
        }
        if c.is_alphanumeric() || c == '_' {
            let len = chars[i..]
                .iter()
                .position(|&c| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(chars.len() - i);
            if attribute_depth == 0 {
                header.push(chars[i..i + len].iter().collect());
            }
            advance(&mut i, &mut at_line, &mut at_column, len);
            continue;
        }
        match c {
            '#' if matches!(next, Some('['))
                || (next == Some('!') && chars.get(i + 2) == Some(&'[')) =>
            {
                attribute_depth += 1;
                let open = if next == Some('[') { 2 } else { 3 };
                advance(&mut i, &mut at_line, &mut at_column, open);
                continue;
            }
            '[' if attribute_depth > 0 => attribute_depth += 1,
            ']' if attribute_depth > 0 => attribute_depth -= 1,
            '{' if attribute_depth == 0 => {
                stack.push(is_impl_header(&header));
                header.clear();
            }
            '}' if attribute_depth == 0 => {
                stack.pop();
                header.clear();
            }
            ';' if attribute_depth == 0 => header.clear(),
            _ => {}
        }
        advance(&mut i, &mut at_line, &mut at_column, 1);
    }
    false
}

/// Whether an item header (`pub(crate) unsafe impl<T> Trait for X`) starts an `impl` or a
/// `trait` item.
fn is_impl_header(header: &[String]) -> bool {
    for word in header {
        match word.as_str() {
            "pub" | "crate" | "super" | "self" | "in" | "unsafe" | "default" | "auto" => {}
            "impl" | "trait" => return true,
            _ => return false,
        }
    }
    false
}

/// The length of `/* … */` (nested) at the start of `chars`.
fn block_comment_len(chars: &[char]) -> usize {
    let mut depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    chars.len()
}

/// The length of a string literal at the start of `chars` (`"…"`, `b"…"`, `c"…"`, `r#"…"#`,
/// `br"…"`), or `None` when none starts there.
fn string_len(chars: &[char]) -> Option<usize> {
    let mut i = 0;
    if matches!(chars.first(), Some('b' | 'c')) {
        i += 1;
    }
    let raw = chars.get(i) == Some(&'r');
    if raw {
        i += 1;
        let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
        i += hashes;
        if chars.get(i) != Some(&'"') {
            return None;
        }
        i += 1;
        while i < chars.len() {
            if chars[i] == '"'
                && chars[i + 1..]
                    .iter()
                    .take(hashes)
                    .filter(|&&c| c == '#')
                    .count()
                    == hashes
            {
                return Some(i + 1 + hashes);
            }
            i += 1;
        }
        return Some(chars.len());
    }
    if chars.get(i) != Some(&'"') {
        return None;
    }
    i += 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    Some(chars.len())
}

/// The length of a character literal at the start of `chars` (`'{'`, `'\''`, `'\u{7b}'`);
/// one for a lifetime's quote (`'a`).
fn char_literal_len(chars: &[char]) -> usize {
    match chars.get(1) {
        // The escaped character is skipped: `'\''` ends at its fourth character.
        Some('\\') => chars
            .get(3..)
            .and_then(|rest| rest.iter().position(|&c| c == '\''))
            .map_or(1, |end| end + 4),
        Some(_) if chars.get(2) == Some(&'\'') => 3,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::innermost_block_is_impl;

    /// Whether the position of the `fn` that follows `marker` is in an impl block.
    fn at(source: &str, marker: &str) -> bool {
        let offset = source.find(marker).expect("marker") + marker.len();
        let before: Vec<&str> = source[..offset].split('\n').collect();
        let line = before.len();
        let column = before.last().unwrap().chars().count() + 1;
        innermost_block_is_impl(source, line, column)
    }

    #[test]
    fn free_and_associated_functions() {
        let source =
            "mod m {\n    fn free() {}\n}\nimpl S {\n    /// Doc.\n    #[tool] fn assoc() {}\n}\n";
        assert!(!at(source, "mod m {\n    "));
        assert!(at(source, "/// Doc.\n    "));
    }

    #[test]
    fn trait_impls_attributes_and_visibility() {
        let source = "#[cfg(all())] pub(crate) unsafe impl<T> Tr for S<T> where T: Copy {\n    fn a() {}\n}\n";
        assert!(at(source, "where T: Copy {\n    "));
        let source = "trait T {\n    fn a();\n}\n";
        assert!(at(source, "trait T {\n    "));
    }

    #[test]
    fn impl_trait_in_a_signature_is_no_impl_block() {
        let source = "fn f() -> impl Fn() {\n    fn g() {}\n    || ()\n}\n";
        assert!(!at(source, "impl Fn() {\n    "));
    }

    #[test]
    fn a_function_in_a_method_body_is_free() {
        let source = "impl S {\n    fn m() {\n        fn inner() {}\n    }\n}\n";
        assert!(!at(source, "fn m() {\n        "));
    }

    #[test]
    fn braces_in_comments_strings_and_chars_do_not_count() {
        let source = "// impl X {\n/* impl Y { /* } */ */\nconst A: &str = \"impl Z {\";\nconst B: char = '{';\nconst D: char = '\\'';\nconst E: char = '\\u{7b}';\nconst C: &str = r#\"impl W { \"#;\nfn f<'a>(x: &'a str) {}\n    fn g() {}\n";
        assert!(!at(source, "fn f<'a>(x: &'a str) {}\n    "));
        let source =
            "impl S {\n    const Q: char = '}';\n    const R: &str = \"}\";\n    fn g() {}\n}\n";
        assert!(at(source, "\"}\";\n    "));
    }
}
