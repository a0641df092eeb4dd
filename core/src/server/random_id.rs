//! Identifiers that grant access: task ids, payload link ids, HTTP session ids. Whoever
//! holds one reaches what it names (`tasks/get` returns a task's result to any client that
//! names it; a payload link serves its bytes to anyone who reads it; a session id is the
//! session), so without authorization the id is the only protection, and each is 128 bits
//! from the operating system's CSPRNG (`getrandom`): never a time, a process id, a counter
//! or a hasher seed, which a client holding two ids of its own could extrapolate. With
//! authorization, what an id names also belongs to the principal that created it, and
//! another principal holding the id gets "not found" (see [`crate::store`], "Ownership").

/// How many random bytes an id holds: 128 bits, past the 122 of a version-4 UUID.
pub(crate) const ID_BYTES: usize = 16;

/// A fresh id: [`ID_BYTES`] bytes from the OS's CSPRNG as 32 lowercase hex digits, which
/// fit every place an id goes (a URI path segment, an HTTP header, a file name).
///
/// # Panics
///
/// If the operating system has no random source to give (no such system runs a server):
/// an id from anything weaker would be a guessable capability, so none is made.
pub fn random_id() -> String {
    let mut bytes = [0u8; ID_BYTES];
    getrandom::fill(&mut bytes).expect("the operating system's random source is available");
    hex(&bytes)
}

/// `bytes` fresh random bytes from the OS's CSPRNG (a key, not an id).
pub(crate) fn random_bytes(len: usize) -> Vec<u8> {
    let mut bytes = vec![0u8; len];
    getrandom::fill(&mut bytes).expect("the operating system's random source is available");
    bytes
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
            let _ = write!(out, "{b:02x}");
            out
        })
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::{ID_BYTES, random_id};

    fn decode(id: &str) -> Vec<u8> {
        assert_eq!(id.len(), ID_BYTES * 2, "{id}: 32 hex digits");
        (0..id.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&id[i..i + 2], 16).expect("lowercase hex"))
            .collect()
    }

    #[test]
    fn ids_are_32_lowercase_hex_digits_of_16_random_bytes() {
        let id = random_id();
        assert!(
            id.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
            "{id}"
        );
        assert_eq!(decode(&id).len(), 16);
    }

    #[test]
    fn consecutive_ids_share_no_structure() {
        let ids: Vec<String> = (0..1000).map(|_| random_id()).collect();
        assert_eq!(ids.iter().collect::<HashSet<_>>().len(), ids.len());
        for pair in ids.windows(2) {
            let (a, b) = (decode(&pair[0]), decode(&pair[1]));
            // Independent 128-bit values differ in about 64 bits; a counter, a clock or a
            // shared prefix would differ in a handful.
            let differing: u32 = a.iter().zip(&b).map(|(x, y)| (x ^ y).count_ones()).sum();
            assert!(
                differing >= 32,
                "{} then {}: {differing} bits differ",
                pair[0],
                pair[1]
            );
            // No shared leading bytes (a process id, a time) beyond chance.
            assert!(a[..4] != b[..4], "{} then {}", pair[0], pair[1]);
        }
    }
}
