//! The base64 check without SIMD, for builds without the `simd` feature.
//!
//! Hand-written rather than taken from `base64-simd`: the macros validate attribute literals
//! with these rules at compile time, so every dependency of the rules (`base64-simd` brings
//! `vsimd` and `outref`) is compiled a second time, for the host, in every user's clean build
//! (issue 27). The runtime enables the feature `simd` (its 1 MiB images stay one SIMD pass);
//! the macros do not, and with resolver 3 the proc-macro's host copy of the rules is built
//! without it. The differential tests below pin the same answers as
//! `base64_simd::STANDARD.check`: padded, canonical (the unused bits of the last symbol zero).

/// The byte that marks a character outside the standard alphabet in [`VALUES`].
const INVALID: u8 = 0xff;

/// The 6-bit value of each byte in the standard alphabet (`A-Z a-z 0-9 + /`), else
/// [`INVALID`].
const VALUES: [u8; 256] = {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut values = [INVALID; 256];
    let mut value: u8 = 0;
    while value < 64 {
        values[alphabet[value as usize] as usize] = value;
        value += 1;
    }
    values
};

/// Whether `bytes` is standard padded base64 in its canonical form, as
/// `base64_simd::STANDARD.check` decides it.
pub(super) fn is_canonical_base64(bytes: &[u8]) -> bool {
    if !bytes.len().is_multiple_of(4) {
        return false;
    }
    let padding = match bytes {
        [.., b'=', b'='] => 2,
        [.., b'='] => 1,
        _ => 0,
    };
    let symbols = &bytes[..bytes.len() - padding];
    if symbols.iter().any(|&b| VALUES[usize::from(b)] == INVALID) {
        return false;
    }
    // The last symbol before the padding carries bits no byte uses: they must be zero.
    match (padding, symbols.last()) {
        // "xx==": 12 bits for one byte, the low 4 unused.
        (2, Some(&last)) => VALUES[usize::from(last)].trailing_zeros() >= 4,
        // "xxx=": 18 bits for two bytes, the low 2 unused.
        (1, Some(&last)) => VALUES[usize::from(last)].trailing_zeros() >= 2,
        (0, _) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::is_canonical_base64;

    fn assert_agrees(s: &[u8]) {
        assert_eq!(
            is_canonical_base64(s),
            base64_simd::STANDARD.check(s).is_ok(),
            "{:?}",
            String::from_utf8_lossy(s)
        );
    }

    #[test]
    fn edge_cases_agree_with_base64_simd() {
        for s in [
            "", "=", "==", "===", "====", "A", "AA", "AAA", "AAAA", "A===", "AA==", "AB==", "AAA=",
            "AAB=", "AAC=", "AC==", "AI==", "AQ==", "AAE=", "AA=A", "=AAA", "AA==AAAA", "AAAA====",
            "AAAAAA==", "+/+/", "-_-_", "AA\n=", "é=AA",
        ] {
            assert_agrees(s.as_bytes());
        }
    }

    /// Long strings (past base64-simd's 38-byte SIMD threshold) with one byte changed.
    #[test]
    fn every_byte_value_at_every_place_agrees() {
        let valid = base64_simd::STANDARD.encode_to_string([7u8; 64]);
        for at in [0, 31, 32, 40, 60, valid.len() - 3, valid.len() - 1] {
            for b in 0..=255u8 {
                let mut s = valid.clone().into_bytes();
                s[at] = b;
                assert_agrees(&s);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        /// Random strings over the alphabet, padding and a few strangers agree.
        #[test]
        fn random_strings_agree(s in "[A-Da-d0-9+/=_ -]{0,100}") {
            assert_agrees(s.as_bytes());
        }

        /// Encodings of random bytes, sometimes with one byte replaced, agree.
        #[test]
        fn mutated_encodings_agree(
            bytes in proptest::collection::vec(any::<u8>(), 0..120),
            at in any::<usize>(),
            replacement in any::<u8>(),
            mutate in any::<bool>(),
        ) {
            let mut s = base64_simd::STANDARD.encode_to_string(&bytes).into_bytes();
            if mutate && !s.is_empty() {
                let at = at % s.len();
                s[at] = replacement;
            }
            assert_agrees(&s);
        }
    }
}
