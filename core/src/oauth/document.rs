//! The RFC 9728 protected-resource metadata document.

use bytes::Bytes;
use serde_json::{Map, Value};

/// The well-known prefix of the metadata's path (RFC 9728 §3).
pub(crate) const WELL_KNOWN: &str = "/.well-known/oauth-protected-resource";

/// What the document says.
pub(super) struct View<'a> {
    pub(super) resource: &'a str,
    pub(super) authorization_servers: &'a [String],
    pub(super) scopes: Vec<String>,
    pub(super) name: Option<&'a str>,
    pub(super) documentation: Option<&'a str>,
}

/// The metadata document (RFC 9728 §2), members in the RFC's order.
pub(super) fn document(view: &View<'_>) -> Bytes {
    let mut out = Map::new();
    out.insert("resource".into(), Value::from(view.resource));
    out.insert(
        "authorization_servers".into(),
        Value::from(view.authorization_servers.to_vec()),
    );
    if !view.scopes.is_empty() {
        out.insert("scopes_supported".into(), Value::from(view.scopes.clone()));
    }
    out.insert(
        "bearer_methods_supported".into(),
        Value::from(vec!["header"]),
    );
    if let Some(name) = view.name {
        out.insert("resource_name".into(), Value::from(name));
    }
    if let Some(documentation) = view.documentation {
        out.insert("resource_documentation".into(), Value::from(documentation));
    }
    Bytes::from(serde_json::to_vec(&Value::Object(out)).expect("values serialize"))
}
