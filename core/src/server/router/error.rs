//! [`RouterError`]: why [`RouterBuilder::build`](super::RouterBuilder::build) refused.

use std::fmt;

/// Why a router could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RouterError {
    /// Two tools share a name.
    DuplicateTool(String),
    /// Two prompts share a name.
    DuplicatePrompt(String),
    /// Two resources share a URI, or two templates share a template.
    DuplicateResource(String),
    /// A tool's `_meta.ui.resourceUri` names a UI resource no resource or template serves.
    MissingUiResource {
        /// The tool.
        tool: String,
        /// The URI it names.
        uri: String,
    },
    /// Two resource handlers can match the same URI (two templates, or a template and a
    /// fixed URI it matches): for those URIs one of them could never run.
    OverlappingResources {
        /// The one registered first.
        first: String,
        /// The one registered later.
        second: String,
    },
    /// A tool's output schema does not compile (with `check_structured_output` on).
    InvalidOutputSchema {
        /// The tool.
        tool: String,
        /// Why.
        message: String,
    },
    /// A scope ([`RouterBuilder::default_scopes`](crate::RouterBuilder::default_scopes), or
    /// a handler's own `scopes()`) breaks the RFC 6749 scope-token grammar: no token could
    /// ever carry it.
    InvalidScope {
        /// Whose scope: `default_scopes`, or the handler (``tool `x` ``).
        owner: String,
        /// Why.
        message: String,
    },
    /// A store is shared with other processes (`TaskStore::is_shared` and its siblings) but
    /// no [`state_keys`](crate::RouterBuilder::state_keys) are set: a random key per process would
    /// make an input round sealed by one replica fail on another.
    SharedStoreWithoutStateKeys {
        /// Which store (`task store`, `payload store`, `change bus`).
        store: String,
    },
}

impl fmt::Display for RouterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouterError::DuplicateTool(name) => write!(f, "two tools are named `{name}`"),
            RouterError::DuplicatePrompt(name) => write!(f, "two prompts are named `{name}`"),
            RouterError::DuplicateResource(uri) => write!(f, "two resources are at `{uri}`"),
            RouterError::MissingUiResource { tool, uri } => write!(
                f,
                "tool `{tool}` renders in the UI resource `{uri}`, which no resource serves"
            ),
            RouterError::OverlappingResources { first, second } => write!(
                f,
                "the resource `{second}` overlaps `{first}`: some URI matches both, and only one handler can serve it"
            ),
            RouterError::InvalidOutputSchema { tool, message } => {
                write!(f, "tool `{tool}`: {message}")
            }
            RouterError::InvalidScope { owner, message } => write!(f, "{owner}: {message}"),
            RouterError::SharedStoreWithoutStateKeys { store } => write!(
                f,
                "the {store} is shared with other processes, but no state keys are set: \
                 give every replica the same keys (RouterBuilder::state_keys, \
                 StateKeys::from_key_file), or an input round sealed by one replica fails on \
                 another"
            ),
        }
    }
}

impl std::error::Error for RouterError {}
