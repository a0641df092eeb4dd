//! What the client declared it can do (`initialize` for 2025-era sessions, each request's
//! `_meta` for 2026-07-28), typed.

use std::sync::Arc;

use serde_json::{Map, Value};

/// The tasks extension's identifier (SEP-2663).
pub const TASKS_EXTENSION: &str = "io.modelcontextprotocol/tasks";

/// The client's declared capabilities.
///
/// ```
/// use mcp_content::input::ClientCapabilities;
/// let caps = ClientCapabilities::from_value(serde_json::json!({"sampling": {}}));
/// assert!(caps.sampling());
/// assert!(!caps.elicitation_form());
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClientCapabilities {
    /// Shared: a session's declaration goes into the context of each of its calls, and a
    /// clone is a reference count, not a copy of the map.
    raw: Arc<Map<String, Value>>,
}

/// A capability a server-to-client request needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Capability {
    /// `sampling` (`sampling/createMessage`).
    Sampling,
    /// `elicitation.form` (`elicitation/create` in form mode).
    ElicitationForm,
    /// `elicitation.url` (`elicitation/create` in URL mode).
    ElicitationUrl,
    /// `roots` (`roots/list`).
    Roots,
    /// The tasks extension.
    Tasks,
}

impl Capability {
    /// The `ClientCapabilities` object that declares exactly this capability (what a
    /// `-32021` error's `data.requiredCapabilities` carries).
    pub fn as_required(self) -> Value {
        match self {
            Capability::Sampling => serde_json::json!({ "sampling": {} }),
            Capability::ElicitationForm => serde_json::json!({ "elicitation": { "form": {} } }),
            Capability::ElicitationUrl => serde_json::json!({ "elicitation": { "url": {} } }),
            Capability::Roots => serde_json::json!({ "roots": {} }),
            Capability::Tasks => {
                serde_json::json!({ "extensions": { TASKS_EXTENSION: {} } })
            }
        }
    }

    /// Its name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Capability::Sampling => "sampling",
            Capability::ElicitationForm => "elicitation (form)",
            Capability::ElicitationUrl => "elicitation (url)",
            Capability::Roots => "roots",
            Capability::Tasks => "the tasks extension",
        }
    }
}

impl ClientCapabilities {
    /// The capabilities in this JSON (anything but an object declares nothing).
    pub fn from_value(value: Value) -> Self {
        match value {
            Value::Object(raw) => Self { raw: Arc::new(raw) },
            _ => Self::default(),
        }
    }

    /// The declaration as sent.
    pub fn as_map(&self) -> &Map<String, Value> {
        &self.raw
    }

    /// Whether the client declared `capability`.
    pub fn supports(&self, capability: Capability) -> bool {
        match capability {
            Capability::Sampling => self.sampling(),
            Capability::ElicitationForm => self.elicitation_form(),
            Capability::ElicitationUrl => self.elicitation_url(),
            Capability::Roots => self.roots(),
            Capability::Tasks => self.extension(TASKS_EXTENSION).is_some(),
        }
    }

    /// `sampling` is declared.
    pub fn sampling(&self) -> bool {
        self.raw.get("sampling").is_some_and(Value::is_object)
    }

    /// `elicitation` in form mode: declared as `elicitation.form`, or as a bare
    /// `elicitation: {}` (which means form mode, for clients older than URL mode).
    pub fn elicitation_form(&self) -> bool {
        match self.raw.get("elicitation").and_then(Value::as_object) {
            Some(e) => e.contains_key("form") || !e.contains_key("url"),
            None => false,
        }
    }

    /// `elicitation.url` is declared.
    pub fn elicitation_url(&self) -> bool {
        self.raw
            .get("elicitation")
            .and_then(Value::as_object)
            .is_some_and(|e| e.contains_key("url"))
    }

    /// `roots` is declared.
    pub fn roots(&self) -> bool {
        self.raw.get("roots").is_some_and(Value::is_object)
    }

    /// The settings of extension `id` (`extensions.<id>`), if declared.
    pub fn extension(&self, id: &str) -> Option<&Value> {
        self.raw.get("extensions")?.get(id)
    }
}
