//! Session ids are capabilities: whoever sends one is the session. Each is 32 lowercase hex
//! digits of 128 random bits, distinct, and the next one shares no structure with the last
//! (a client that opened sessions of its own learns nothing about another's).

use serde_json::json;

use super::session_tests::{initialize, rt, start};

fn bytes_of(id: &str) -> Vec<u8> {
    assert_eq!(id.len(), 32, "{id}: 32 hex digits");
    (0..32)
        .step_by(2)
        .map(|i| u8::from_str_radix(&id[i..i + 2], 16).expect("lowercase hex"))
        .collect()
}

#[test]
fn session_ids_are_128_random_bits_with_no_structure() {
    rt().block_on(async {
        let (addr, _server) = start().await;
        let mut ids = Vec::new();
        for _ in 0..20 {
            let (session, _) = initialize(addr, "2025-11-25", json!({})).await;
            assert!(
                session
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
                "{session}"
            );
            ids.push(session);
        }
        let distinct: std::collections::HashSet<_> = ids.iter().collect();
        assert_eq!(distinct.len(), ids.len());
        for pair in ids.windows(2) {
            let (a, b) = (bytes_of(&pair[0]), bytes_of(&pair[1]));
            let differing: u32 = a.iter().zip(&b).map(|(x, y)| (x ^ y).count_ones()).sum();
            assert!(differing >= 32, "{pair:?}: only {differing} bits differ");
            assert_ne!(a[..4], b[..4], "{pair:?}");
        }
    });
}
