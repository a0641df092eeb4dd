use std::path::PathBuf;

use serde_json::json;

use super::parse;
use crate::server::input::{StateKey, StateKeys};

/// 32 bytes that look random enough (every value different).
fn secret(seed: u8) -> Vec<u8> {
    (0..32u8)
        .map(|i| i.wrapping_mul(7).wrapping_add(seed))
        .collect()
}

fn base64(bytes: &[u8]) -> String {
    base64_simd::STANDARD.encode_to_string(bytes)
}

fn refused(text: &str) -> (Option<usize>, String) {
    parse(text).map(|_| ()).unwrap_err()
}

/// A file of its own under the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> Self {
        let path = std::env::temp_dir().join(format!(
            "mcp-content-key-file-{}-{name}",
            std::process::id()
        ));
        std::fs::write(&path, contents).unwrap();
        Self(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn the_first_key_seals_and_every_key_opens() {
    let text = format!(
        "# state keys\n\n2026-07 {}\n  2026-06 {}  \n",
        base64(&secret(1)),
        base64(&secret(2))
    );
    let keys = parse(&text).unwrap();
    assert_eq!(keys.current_id(), "2026-07");
    let old = StateKeys::new(StateKey::new("2026-06", secret(2)).unwrap());
    let sealed_before = old.seal(&json!({"round": 1}));
    assert_eq!(keys.open(&sealed_before).unwrap()["round"], 1);
    let sealed_now = keys.seal(&json!({"round": 2}));
    assert!(sealed_now.starts_with("v1.2026-07."), "{sealed_now}");
    // Another process reading the same file opens it.
    assert_eq!(parse(&text).unwrap().open(&sealed_now).unwrap()["round"], 2);
}

#[test]
fn url_safe_and_unpadded_base64_are_read_too() {
    let url_safe = base64_simd::URL_SAFE_NO_PAD.encode_to_string(secret(3));
    assert_eq!(parse(&format!("k {url_safe}")).unwrap().current_id(), "k");
}

#[test]
fn a_malformed_line_is_named() {
    let good = base64(&secret(1));
    assert_eq!(
        refused(&format!("a {good}\n\njust-an-id\n")),
        (Some(3), "expected `<id> <base64 secret>`".into())
    );
    assert_eq!(
        refused(&format!("a {good} extra")),
        (Some(1), "expected `<id> <base64 secret>`".into())
    );
    assert_eq!(
        refused(&format!("a {good}\na {}", base64(&secret(2)))),
        (Some(2), "the id `a` is used twice".into())
    );
    assert_eq!(
        refused("a not*base64"),
        (Some(1), "the secret of `a` is not base64".into())
    );
    let (line, message) = refused(&format!("a.b {good}"));
    assert_eq!(line, Some(1));
    assert!(
        message.starts_with("id `a.b` must be 1 to 32 of"),
        "{message}"
    );
}

#[test]
fn short_and_patterned_secrets_are_refused() {
    assert_eq!(
        refused(&format!("short {}", base64(&secret(1)[..16]))),
        (
            Some(1),
            "secret is 16 bytes; at least 32 are needed; make a secret with `openssl rand \
             -base64 32`"
                .into()
        )
    );
    let (line, message) = refused(&format!("zeros {}", base64(&[0; 32])));
    assert_eq!(line, Some(1));
    assert!(
        message.starts_with("the secret of `zeros` is a pattern, not random bytes (1 different"),
        "{message}"
    );
    let word = base64(b"passwordpasswordpasswordpassword");
    assert!(refused(&format!("word {word}")).1.contains("a pattern"));
}

#[test]
fn a_file_without_keys_is_refused() {
    assert_eq!(
        refused("# nothing yet\n\n"),
        (
            None,
            "holds no key (one `<id> <base64 secret>` per line)".into()
        )
    );
}

#[test]
fn errors_name_the_file_and_the_line() {
    let file = TempFile::new(
        "bad",
        format!("a {}\nb short\n", base64(&secret(1))).as_bytes(),
    );
    let error = StateKeys::from_key_file(&file.0).unwrap_err();
    assert_eq!(error.line(), Some(2));
    assert_eq!(
        error.to_string(),
        format!(
            "key file {} line 2: the secret of `b` is not base64",
            file.0.display()
        )
    );

    let good = TempFile::new("good", format!("a {}\n", base64(&secret(1))).as_bytes());
    assert_eq!(StateKeys::from_key_file(&good.0).unwrap().current_id(), "a");

    let missing = std::env::temp_dir().join("mcp-content-no-such-key-file");
    let error = StateKeys::from_key_file(&missing).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with(&format!("key file {}: cannot be read:", missing.display())),
        "{error}"
    );

    let huge = TempFile::new("huge", &vec![b'#'; 70 << 10]);
    let error = StateKeys::from_key_file(&huge.0).unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("is larger than 65536 bytes; a key file holds a few lines"),
        "{error}"
    );
}
