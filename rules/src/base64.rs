//! Base64 as MCP carries binary data: `data` on image/audio blocks, `blob` on resources.

use crate::violation::{Rule, Violation, quote};

/// Checks that `s` is standard base64: the RFC 4648 alphabet (`+`, `/`), `=` padding, a
/// length that is a multiple of 4, and canonical (the unused bits of the last symbol are
/// zero, so every byte string has exactly one encoding). The empty string is valid.
///
/// With the feature `simd` (the runtime enables it) the happy path is one SIMD pass;
/// without it (the macros' compile-time checks) a scalar pass with the same answers. Only a
/// rejected value is scanned again, to name the first bad byte: whitespace, the URL-safe
/// alphabet (`-`, `_`), a `data:` URL given instead of its payload, misplaced padding, or a
/// bad length.
///
/// ```
/// use mcp_content_rules::check_base64;
///
/// assert!(check_base64("aGVsbG8=").is_ok());
/// assert!(check_base64("").is_ok());
///
/// let err = check_base64("aGVs bG8=").unwrap_err();
/// assert_eq!(err.to_string(), "not base64: invalid character ' ' at byte 4 (rule: base64)");
/// ```
pub fn check_base64(s: &str) -> Result<(), Violation> {
    if is_canonical_base64(s.as_bytes()) {
        Ok(())
    } else {
        Err(Violation::new(
            Rule::Base64,
            format!("not base64: {}", diagnose(s)),
        ))
    }
}

/// One SIMD pass. `STANDARD` is strict: padded, and it rejects non-zero trailing bits
/// (non-canonical).
#[cfg(feature = "simd")]
fn is_canonical_base64(bytes: &[u8]) -> bool {
    base64_simd::STANDARD.check(bytes).is_ok()
}

/// Without the feature `simd`: hand-written, so that the macros' host build of the rules does
/// not compile `base64-simd` (issue 27; `base64/scalar.rs` says why).
#[cfg(not(feature = "simd"))]
use scalar::is_canonical_base64;

#[cfg(any(test, not(feature = "simd")))]
mod scalar;

/// Explains why `s` failed the check. Only runs on the error path.
fn diagnose(s: &str) -> String {
    if s.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("data:")) {
        return "has a data: prefix; give the bare base64".to_owned();
    }
    for (at, c) in s.char_indices() {
        match c {
            'A'..='Z' | 'a'..='z' | '0'..='9' | '+' | '/' | '=' => {}
            '-' | '_' => {
                return format!(
                    "invalid character {c:?} at byte {at} (URL-safe alphabet; use '+' and '/')"
                );
            }
            _ => return format!("invalid character {c:?} at byte {at}"),
        }
    }
    // Only alphabet characters and '=' from here on.
    if let Some(first_pad) = s.find('=') {
        let tail = &s[first_pad..];
        if tail.len() > 2 || tail.bytes().any(|b| b != b'=') {
            return format!("misplaced padding '=' at byte {first_pad}");
        }
    }
    if !s.len().is_multiple_of(4) {
        return format!(
            "length {} is not a multiple of 4 (missing '=' padding?)",
            s.len()
        );
    }
    // Well-formed apart from the bits: the symbol before the padding carries bits that
    // do not fit in a byte and must be zero.
    let last = s.trim_end_matches('=');
    match last.len().checked_sub(1) {
        Some(at) if s.len() != last.len() => format!(
            "non-canonical encoding: the symbol at byte {at} has non-zero unused bits ({})",
            quote(&s[at..])
        ),
        _ => "rejected by the decoder".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(s: &str) -> String {
        let err = check_base64(s).unwrap_err();
        assert_eq!(err.rule, Rule::Base64);
        err.message
    }

    #[test]
    fn accepts_standard_padded() {
        for ok in [
            "",
            "AA==",
            "AAA=",
            "AAAA",
            "aGVsbG8gd29ybGQ=",
            "+/+/",
            "////",
        ] {
            assert!(check_base64(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn names_whitespace_with_byte_offset() {
        assert_eq!(
            message("aGVsbG8gd29ybGQg aGVsbG8="),
            "not base64: invalid character ' ' at byte 16"
        );
        assert_eq!(
            message("aGVs\nbG8="),
            "not base64: invalid character '\\n' at byte 4"
        );
    }

    #[test]
    fn names_url_safe_alphabet() {
        let m = message("ab-_");
        assert!(m.contains("'-' at byte 2") && m.contains("URL-safe"), "{m}");
    }

    #[test]
    fn names_data_prefix() {
        assert_eq!(
            message("data:image/png;base64,iVBORw0KGgo="),
            "not base64: has a data: prefix; give the bare base64"
        );
        assert!(message("DATA:x").contains("data: prefix"));
    }

    #[test]
    fn names_padding_and_length() {
        assert_eq!(
            message("aGVsbG8"),
            "not base64: length 7 is not a multiple of 4 (missing '=' padding?)"
        );
        assert_eq!(
            message("aG=sbG8="),
            "not base64: misplaced padding '=' at byte 2"
        );
        assert_eq!(
            message("AA==AA=="),
            "not base64: misplaced padding '=' at byte 2"
        );
        assert_eq!(
            message("A==="),
            "not base64: misplaced padding '=' at byte 1"
        );
        assert_eq!(
            message("===="),
            "not base64: misplaced padding '=' at byte 0"
        );
    }

    #[test]
    fn rejects_non_canonical_trailing_bits() {
        // "AB==" decodes like "AA==" but has bits set in the unused part of 'B'.
        let m = message("AB==");
        assert!(m.contains("non-canonical") && m.contains("byte 1"), "{m}");
        let m = message("AAB=");
        assert!(m.contains("non-canonical") && m.contains("byte 2"), "{m}");
        assert!(check_base64("AQ==").is_ok());
        assert!(check_base64("AAE=").is_ok());
    }

    #[test]
    fn names_non_ascii_at_its_byte_offset() {
        assert_eq!(
            message("AAé="),
            "not base64: invalid character 'é' at byte 2"
        );
    }

    #[test]
    fn agrees_with_a_round_trip_on_random_bytes() {
        // Every encoding produced by the engine is accepted.
        let mut bytes = Vec::new();
        for n in 0..64u8 {
            bytes.push(n.wrapping_mul(37));
            let encoded = base64_simd::STANDARD.encode_to_string(&bytes);
            assert!(check_base64(&encoded).is_ok(), "{encoded}");
        }
    }
}
