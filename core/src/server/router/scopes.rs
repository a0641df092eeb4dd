//! The scopes a caller needs for each handler ([`ToolHandler::scopes`](crate::handler::ToolHandler::scopes)
//! and its siblings, else [`RouterBuilder::default_scopes`](super::RouterBuilder::default_scopes)),
//! and the check at dispatch: a request whose [`Context`] carries a verified principal
//! that lacks them is refused with [`INSUFFICIENT_SCOPE`] before its handler runs, on
//! every transport (the HTTP endpoint refuses it with 403 before it gets here; `rmcp`'s
//! transports answer this JSON-RPC error). Without a principal (stdio, a server without
//! authorization) nothing is checked.
//!
//! Listing is not filtered: `tools/list` shows every tool to every caller, so a client can
//! see what a scope would let it do and step up (ask for a token with more scopes); the
//! scopes are public anyway (the RFC 9728 metadata lists them), and a list that is the
//! same for everyone can be cached.

use super::Router;
use crate::rules;
use crate::server::handler::{Context, ProtocolError};

/// JSON-RPC: the caller's token lacks scopes the handler needs. Its `data` is
/// `{"error": "insufficient_scope", "scope": "<required, space-separated>", "missing":
/// [...]}`; over HTTP the same refusal is a 403 with `WWW-Authenticate: Bearer
/// error="insufficient_scope", scope="…"`.
pub const INSUFFICIENT_SCOPE: i32 = -32003;

/// The refusal of a call to `what` (such as "tool `x`") by a caller without `missing` of
/// `required`.
pub fn insufficient_scope_error(required: &[&str], missing: &[&str], what: &str) -> ProtocolError {
    ProtocolError::new(
        INSUFFICIENT_SCOPE,
        format!(
            "insufficient scope: {what} needs the scope{} {}; the token lacks {}",
            if required.len() == 1 { "" } else { "s" },
            required.join(" "),
            missing.join(" "),
        ),
    )
    .with_data(serde_json::json!({
        "error": "insufficient_scope",
        "scope": required.join(" "),
        "missing": missing,
    }))
}

/// How a refusal names the handler of `method` named `name`.
pub fn handler_label(method: &str, name: &str) -> String {
    let kind = match method {
        "tools/call" => "tool",
        "prompts/get" => "prompt",
        _ => "resource",
    };
    format!("{kind} `{}`", crate::wire::error::cut(name))
}

impl Router {
    /// Every scope a handler needs, and the router's default scopes: what the RFC 9728
    /// metadata lists as `scopes_supported`. Sorted, each once.
    pub fn scopes_supported(&self) -> Vec<String> {
        let mut scopes: Vec<String> = self.default_scopes.clone();
        let handlers = self.tools.iter().map(|(_, h)| h.scopes());
        let prompts = self.prompts.iter().map(|(_, h)| h.scopes());
        let resources = (self.resources.iter().map(|(_, h)| h.scopes()))
            .chain(self.templates.iter().map(|(_, h)| h.scopes()));
        for list in handlers.chain(prompts).chain(resources) {
            scopes.extend(list.iter().map(|s| (*s).to_owned()));
        }
        scopes.sort();
        scopes.dedup();
        scopes
    }

    /// The scopes a caller needs for the tool `name`: its own, else the router's default.
    pub fn tool_scopes(&self, name: &str) -> Option<Vec<String>> {
        let index = *self.tool_index.get(name)?;
        Some(self.own_or_default(self.tools[index].1.scopes()))
    }

    fn own_or_default(&self, own: &[&str]) -> Vec<String> {
        if own.is_empty() {
            self.default_scopes.clone()
        } else {
            own.iter().map(|s| (*s).to_owned()).collect()
        }
    }

    /// The scopes a caller needs for the prompt `name`: its own, else the router's default.
    pub fn prompt_scopes(&self, name: &str) -> Option<Vec<String>> {
        let index = *self.prompt_index.get(name)?;
        Some(self.own_or_default(self.prompts[index].1.scopes()))
    }

    /// The scopes a caller needs to read (or subscribe to) the resource at `uri`: those of
    /// the fixed resource there, else of the first template that matches it (as
    /// `resources/read` finds its handler), else the router's default.
    pub fn resource_scopes(&self, uri: &str) -> Option<Vec<String>> {
        if let Some(&index) = self.resource_index.get(&*rules::comparable_uri(uri)) {
            return Some(self.own_or_default(self.resources[index].1.scopes()));
        }
        let (_, handler) = self
            .templates
            .iter()
            .find(|(template, _)| template.uri_template.match_uri(uri).is_some())?;
        Some(self.own_or_default(handler.scopes()))
    }

    /// The scopes of the handler a request names: `tools/call`, `prompts/get`
    /// (`name`), `resources/read`, `resources/subscribe` (`uri`); `None` for other methods
    /// and for a name no handler has.
    ///
    /// ```
    /// use mcp_content::{Router, tool};
    ///
    /// /// Deletes a photo.
    /// #[tool]
    /// fn delete(id: String) -> String {
    ///     id
    /// }
    ///
    /// let router = Router::builder()
    ///     .tool(delete {})
    ///     .default_scopes(["photos:write"])
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(router.scopes_for("tools/call", "delete"), Some(vec!["photos:write".into()]));
    /// assert_eq!(router.scopes_for("tools/call", "nothing"), None);
    /// assert_eq!(router.scopes_for("tools/list", ""), None);
    /// ```
    pub fn scopes_for(&self, method: &str, name: &str) -> Option<Vec<String>> {
        match method {
            "tools/call" => self.tool_scopes(name),
            "prompts/get" => self.prompt_scopes(name),
            "resources/read" | "resources/subscribe" => self.resource_scopes(name),
            _ => None,
        }
    }

    /// Refuses a caller whose principal lacks the scopes `own` (a handler's, else the
    /// router's default) with [`INSUFFICIENT_SCOPE`]; a context without a principal passes.
    pub(crate) fn check_scopes(
        &self,
        own: &[&str],
        context: &Context,
        what: impl FnOnce() -> String,
    ) -> Result<(), ProtocolError> {
        let Some(principal) = context.principal() else {
            return Ok(());
        };
        let required: Vec<&str> = if own.is_empty() {
            self.default_scopes.iter().map(String::as_str).collect()
        } else {
            own.to_vec()
        };
        let missing = principal.missing_scopes(&required);
        if missing.is_empty() {
            return Ok(());
        }
        Err(insufficient_scope_error(&required, &missing, &what()))
    }
}
