//! The keys that seal `requestState`, read from a file every replica is given:
//! [`StateKeys::from_key_file`].

use std::fmt;
use std::path::{Path, PathBuf};

use super::state::{StateKey, StateKeys};

/// The largest key file read (a few hundred keys): anything larger is not a key file.
const MAX_KEY_FILE_BYTES: u64 = 64 << 10;

/// How many different byte values a secret must hold: 32 random bytes hold about 30, so
/// fewer than this is a pattern (`aaaa…`, a counter, a short word repeated), not a key.
const MIN_DISTINCT_BYTES: usize = 16;

/// A key file was refused: names the file, the line when a line is at fault, and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyFileError {
    path: PathBuf,
    line: Option<usize>,
    message: String,
}

impl KeyFileError {
    fn file(path: &Path, message: impl Into<String>) -> Self {
        Self {
            path: path.to_owned(),
            line: None,
            message: message.into(),
        }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The line at fault (from 1), if one is.
    pub fn line(&self) -> Option<usize> {
        self.line
    }
}

impl fmt::Display for KeyFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "key file {}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, " line {line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for KeyFileError {}

impl StateKeys {
    /// The keys in the file at `path`, for replicas that must open each other's
    /// `requestState` (give every replica the same file).
    ///
    /// The format: one key per line, `<id> <secret>`: the id is 1 to 32 of `A-Z a-z 0-9 _ -`
    /// (written into every state the key seals), the secret at least 32 bytes in base64
    /// (`openssl rand -base64 32` makes one). The first key is the current one, which seals;
    /// every key opens what it sealed while it was current. Blank lines and lines starting
    /// with `#` are skipped. To rotate, put a new key on the first line and keep the old one
    /// below it until the states it sealed have expired (an hour by default), then remove it.
    ///
    /// ```text
    /// # state keys: the first seals, all open
    /// 2026-07 3ctx7bnm/KJbfmOlFh1jwQnvsH2uoG62o0WfNXQYG4Q=
    /// 2026-06 ZFQ35jnkj00W3kcjEIW1aH8TWLLNaxMBGRue6rA0x4w=
    /// ```
    ///
    /// Refused, with an error naming the file and the line: a line that is not an id and a
    /// secret, an id used twice, a secret that is not base64, shorter than 32 bytes or a
    /// pattern rather than random bytes (fewer than 16 different byte values), and a file
    /// without keys, unreadable or larger than 64 KiB.
    ///
    /// ```no_run
    /// use mcp_content::input::StateKeys;
    ///
    /// # fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let router = mcp_content::Router::builder()
    ///     .state_keys(StateKeys::from_key_file("/etc/mcp/state-keys")?)
    ///     .build()?;
    /// # let _ = router;
    /// # Ok(())
    /// # }
    /// ```
    pub fn from_key_file(path: impl AsRef<Path>) -> Result<Self, KeyFileError> {
        let path = path.as_ref();
        let file = std::fs::File::open(path)
            .map_err(|e| KeyFileError::file(path, format!("cannot be read: {e}")))?;
        let mut text = String::new();
        std::io::Read::read_to_string(
            &mut std::io::Read::take(file, MAX_KEY_FILE_BYTES + 1),
            &mut text,
        )
        .map_err(|e| KeyFileError::file(path, format!("cannot be read as text: {e}")))?;
        if text.len() as u64 > MAX_KEY_FILE_BYTES {
            return Err(KeyFileError::file(
                path,
                format!("is larger than {MAX_KEY_FILE_BYTES} bytes; a key file holds a few lines"),
            ));
        }
        parse(&text).map_err(|(line, message)| KeyFileError {
            path: path.to_owned(),
            line,
            message,
        })
    }
}

/// The keys in a key file's text, or the line at fault (from 1) and why.
pub(super) fn parse(text: &str) -> Result<StateKeys, (Option<usize>, String)> {
    let mut keys: Vec<(String, StateKey)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |message: String| (Some(number), message);
        let mut fields = line.split_whitespace();
        let (Some(id), Some(secret), None) = (fields.next(), fields.next(), fields.next()) else {
            return Err(at("expected `<id> <base64 secret>`".into()));
        };
        if keys.iter().any(|(seen, _)| seen == id) {
            return Err(at(format!("the id `{id}` is used twice")));
        }
        let bytes =
            decode(secret).ok_or_else(|| at(format!("the secret of `{id}` is not base64")))?;
        let distinct = {
            let mut seen = [false; 256];
            for &b in &bytes {
                seen[usize::from(b)] = true;
            }
            seen.iter().filter(|&&s| s).count()
        };
        if bytes.len() >= 32 && distinct < MIN_DISTINCT_BYTES {
            return Err(at(format!(
                "the secret of `{id}` is a pattern, not random bytes ({distinct} different \
                 byte values); make one with `openssl rand -base64 32`"
            )));
        }
        let key = StateKey::new(id, bytes).map_err(|e| {
            at(format!(
                "{}; make a secret with `openssl rand -base64 32`",
                e.to_string().trim_start_matches("request state key: ")
            ))
        })?;
        keys.push((id.to_owned(), key));
    }
    // The first key seals: built from the last, each earlier one rotated in.
    let mut keys = keys.into_iter().rev().map(|(_, key)| key);
    let last = keys.next().ok_or((
        None,
        "holds no key (one `<id> <base64 secret>` per line)".to_owned(),
    ))?;
    Ok(keys.fold(StateKeys::new(last), StateKeys::rotate))
}

/// Base64, with or without padding, in the standard or the URL-safe alphabet.
fn decode(text: &str) -> Option<Vec<u8>> {
    let engines = [
        base64_simd::STANDARD,
        base64_simd::STANDARD_NO_PAD,
        base64_simd::URL_SAFE,
        base64_simd::URL_SAFE_NO_PAD,
    ];
    engines
        .iter()
        .find_map(|engine| engine.decode_to_vec(text).ok())
}

#[cfg(test)]
#[path = "key_file_tests.rs"]
mod tests;
