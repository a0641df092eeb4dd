//! What a sealed `requestState` is bound to: the request's method, its name (a tool, a
//! prompt, a resource URI), a digest of its arguments and a digest of the principal it was
//! issued to. A state sealed for one request cannot resume another: not another tool, and
//! not the same tool with other arguments (a state issued while asking about
//! `{"target": "harmless.txt"}` must not carry the answer into a call on
//! `{"target": "important.db"}`); and a state issued to one principal does not open for
//! another, nor for a request without a principal (nor the reverse).

use std::sync::OnceLock;

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::server::auth::Principal;
use crate::wire::value_text::write_string;

/// A request's MRTR target (`tools/call weather` and its arguments' digest). Written out
/// only when a state is sealed or checked: most calls neither bring nor seal one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Target<'a> {
    method: &'a str,
    name: &'a str,
    arguments: Arguments<'a>,
    /// A digest of the caller's owner key (`None`: a request without a principal).
    owner: Option<[u8; 32]>,
}

impl<'a> Target<'a> {
    /// The target of a request to `name` by `method` with `arguments` (none: the same as
    /// an empty object, as the handler sees them), its digest computed at once (a task's
    /// round, which outlives the request; the router's calls use [`Target::deferred`]).
    #[cfg_attr(
        not(any(feature = "__rmcp", feature = "http", feature = "stdio")),
        allow(dead_code)
    )]
    pub(crate) fn new(
        method: &'a str,
        name: &'a str,
        arguments: Option<&Map<String, Value>>,
    ) -> Self {
        Self {
            method,
            name,
            arguments: Arguments::Digest(arguments_digest(arguments)),
            owner: None,
        }
    }

    /// [`Target::new`] whose arguments' digest is computed from `kept` only if something
    /// needs it (a `requestState` to check, or one to seal): a call that neither brings
    /// nor seals a state pays for no hash.
    pub(crate) fn deferred(method: &'a str, name: &'a str, kept: &'a KeptArguments) -> Self {
        Self {
            method,
            name,
            arguments: Arguments::Kept(kept),
            owner: None,
        }
    }

    /// This target, for a request of `principal` (`None`: a request without one). Only a
    /// digest of its [`owner`](Principal::owner) key is sealed: the state is readable by the
    /// client, the key need not be.
    #[must_use]
    pub(crate) fn owned_by(mut self, principal: Option<&Principal>) -> Self {
        self.owner = principal.map(|principal| {
            let mut digest = Sha256::new();
            digest.update(b"mcp-content/requestState/owner/v1\n");
            digest.update(principal.owner().as_bytes());
            digest.finalize().into()
        });
        self
    }

    /// The owner's digest as sealed (`"o"`, absent for a request without a principal).
    pub(super) fn owner_digest(self) -> Option<String> {
        self.owner
            .map(|owner| base64_simd::URL_SAFE_NO_PAD.encode_to_string(owner))
    }

    /// Whether a sealed state's target (`"t"`) names this one's method and name.
    pub(super) fn is(self, sealed: &str) -> bool {
        sealed
            .strip_prefix(self.method)
            .and_then(|rest| rest.strip_prefix(' '))
            == Some(self.name)
    }

    /// The arguments' digest as sealed (`"d"`): SHA-256 of their canonical JSON, base64url.
    pub(super) fn arguments_digest(self) -> String {
        let digest = match self.arguments {
            Arguments::Digest(digest) => digest,
            Arguments::Kept(kept) => kept.digest(),
        };
        base64_simd::URL_SAFE_NO_PAD.encode_to_string(digest)
    }
}

/// The arguments' digest, or the arguments it is computed from when needed.
#[derive(Debug, Clone, Copy)]
enum Arguments<'a> {
    #[cfg_attr(
        not(any(feature = "__rmcp", feature = "http", feature = "stdio")),
        allow(dead_code)
    )]
    Digest([u8; 32]),
    Kept(&'a KeptArguments),
}

/// A request's arguments, kept for a [`Target::deferred`] (the handler takes the originals)
/// as the canonical JSON their digest hashes, one buffer, and their digest once computed.
/// Writing a call's arguments out costs a fraction of their SHA-256, which most calls never
/// need, and less than a copy of their tree (a node, a key and a value allocated each).
#[derive(Debug, Default)]
pub(crate) struct KeptArguments {
    canonical: Vec<u8>,
    digest: OnceLock<[u8; 32]>,
}

impl KeptArguments {
    /// `arguments` kept (none: the same as an empty object).
    pub(crate) fn new(arguments: Option<&Map<String, Value>>) -> Self {
        Self {
            canonical: canonical_text(arguments),
            digest: OnceLock::new(),
        }
    }

    fn digest(&self) -> [u8; 32] {
        *self.digest.get_or_init(|| digest_of(&self.canonical))
    }
}

/// SHA-256 of the arguments' canonical JSON, after the digest's own prefix.
fn arguments_digest(arguments: Option<&Map<String, Value>>) -> [u8; 32] {
    digest_of(&canonical_text(arguments))
}

/// SHA-256 of `canonical` (arguments as [`canonical_text`] writes them), after the digest's
/// own prefix.
fn digest_of(canonical: &[u8]) -> [u8; 32] {
    let mut digest = Sha256::new();
    digest.update(b"mcp-content/requestState/arguments/v1\n");
    digest.update(canonical);
    digest.finalize().into()
}

/// The arguments' canonical JSON (none: an empty object).
fn canonical_text(arguments: Option<&Map<String, Value>>) -> Vec<u8> {
    let mut out = Vec::with_capacity(64);
    match arguments {
        Some(map) => canonical_object(&mut out, map),
        None => out.extend_from_slice(b"{}"),
    }
    out
}

impl std::fmt::Display for Target<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.method, self.name)
    }
}

/// Writes `value` as canonical JSON: object members sorted by key (whatever order the
/// client sent them in, and whether or not `serde_json` keeps insertion order in this
/// build), strings and numbers as `serde_json` writes them, no whitespace. Written by hand
/// because it is a dozen lines.
fn canonical(out: &mut Vec<u8>, value: &Value) {
    match value {
        Value::Object(map) => canonical_object(out, map),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                canonical(out, item);
            }
            out.push(b']');
        }
        Value::String(text) => write_string(out, text),
        scalar => serde_json::to_writer(&mut *out, scalar).unwrap_or_default(),
    }
}

fn canonical_object(out: &mut Vec<u8>, map: &Map<String, Value>) {
    out.push(b'{');
    // A map that iterates in key order (a `BTreeMap`, or few members) needs no sorted copy.
    if map.keys().zip(map.keys().skip(1)).all(|(a, b)| a < b) {
        canonical_members(out, map.iter());
    } else {
        let mut members: Vec<(&String, &Value)> = map.iter().collect();
        members.sort_unstable_by(|a, b| a.0.cmp(b.0));
        canonical_members(out, members.into_iter());
    }
    out.push(b'}');
}

fn canonical_members<'m>(
    out: &mut Vec<u8>,
    members: impl Iterator<Item = (&'m String, &'m Value)>,
) {
    for (i, (key, member)) in members.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_string(out, key);
        out.push(b':');
        canonical(out, member);
    }
}
