//! Handler traits (what `#[tool]`, `#[prompt]` and `#[resource]` implement) and the
//! [`Context`] a handler may take to reach the request and the client.
//!
//! This file holds the traits; the [`Context`] is in `context`, and what a transport offers
//! a handler to talk back to the client ([`ClientPeer`], [`LogLevel`], [`BoxFuture`]) in
//! `peer`.

use serde_json::{Map, Value};

use crate::model::prompt::{GetPromptResult, Prompt};
use crate::model::resource::{ReadResourceResult, Resource, ResourceTemplate};
use crate::model::tool::{CallToolResult, Tool};
pub use crate::server::protocol_error::ProtocolError;

pub(crate) mod cancel;
mod context;
mod peer;

pub use self::context::Context;
pub use self::peer::{BoxFuture, ClientPeer, LogLevel};

/// A tool: its descriptor and how to call it. `#[tool]` implements it.
pub trait ToolHandler: Send + Sync + 'static {
    /// The descriptor `tools/list` shows.
    fn tool(&self) -> Tool;
    /// Calls the tool. Bad arguments give an `isError` result naming the argument.
    fn call(
        &self,
        arguments: Map<String, Value>,
        context: Context,
    ) -> BoxFuture<'_, CallToolResult>;
    /// The payload budget: binary blocks larger than this many bytes go out as links to
    /// short-lived resources. `None`: the router's default
    /// ([`RouterBuilder::max_inline`](crate::RouterBuilder::max_inline)), else no limit.
    fn max_inline(&self) -> Option<u64> {
        None
    }
    /// Whether the tool runs as a task (the tasks extension, SEP-2663) for clients that
    /// declare it: `#[tool(task = "optional" | "required")]`. `None`: never (unless it is
    /// registered with [`RouterBuilder::task_tool`](crate::RouterBuilder::task_tool)).
    ///
    /// Not written on the descriptor: 2026-07-28 tools have no `execution` field and
    /// SEP-2663 makes task creation the server's decision per call; 2025-11-25's
    /// `execution.taskSupport` announces that version's experimental tasks, which are not
    /// served.
    fn task_support(&self) -> Option<TaskSupport> {
        None
    }
    /// The OAuth scopes a caller's token must hold to call it (`#[tool(scopes = [...])]`).
    /// Empty: the router's default ([`RouterBuilder::default_scopes`]), checked only when the
    /// transport verifies tokens.
    ///
    /// [`RouterBuilder::default_scopes`]: crate::RouterBuilder::default_scopes
    fn scopes(&self) -> &[&str] {
        &[]
    }
}

/// A prompt: its descriptor and how to get it. `#[prompt]` implements it.
pub trait PromptHandler: Send + Sync + 'static {
    /// The descriptor `prompts/list` shows.
    fn prompt(&self) -> Prompt;
    /// Gets the prompt with these (string) arguments.
    fn get(
        &self,
        arguments: Map<String, Value>,
        context: Context,
    ) -> BoxFuture<'_, Result<GetPromptResult, ProtocolError>>;
    /// The OAuth scopes a caller's token must hold to get it (`#[prompt(scopes = [...])]`).
    /// Empty: the router's default ([`RouterBuilder::default_scopes`]), checked only when the
    /// transport verifies tokens.
    ///
    /// [`RouterBuilder::default_scopes`]: crate::RouterBuilder::default_scopes
    fn scopes(&self) -> &[&str] {
        &[]
    }
}

/// What a resource handler serves: one URI, or every URI a template matches.
#[derive(Debug, Clone, PartialEq)]
pub enum ResourceDescriptor {
    /// A fixed resource (`resources/list`).
    Fixed(Resource),
    /// A template (`resources/templates/list`).
    Template(ResourceTemplate),
}

/// A resource or resource template and how to read it. `#[resource]` implements it.
pub trait ResourceHandler: Send + Sync + 'static {
    /// What it serves.
    fn descriptor(&self) -> ResourceDescriptor;
    /// Reads `uri`; `variables` are the template's variables, decoded, in template order
    /// (empty for a fixed resource).
    fn read(
        &self,
        uri: &str,
        variables: Vec<(String, String)>,
        context: Context,
    ) -> BoxFuture<'_, Result<ReadResourceResult, ProtocolError>>;
    /// Whether template variables may hold `..`, slashes or absolute paths for a `file:`
    /// template. `false` (refused) unless the handler opts in.
    fn allows_path_traversal(&self) -> bool {
        false
    }
    /// The cache hint (2026-07-28 `ttlMs` / `cacheScope`) for its read results, set where a
    /// result has none. `None`: the router's default ([`RouterBuilder::read_cache`]), else
    /// no caching.
    ///
    /// [`RouterBuilder::read_cache`]: crate::RouterBuilder::read_cache
    fn cache_hint(&self) -> Option<crate::model::cache::CacheHint> {
        None
    }
    /// The OAuth scopes a caller's token must hold to read it (`#[resource(scopes = [...])]`).
    /// Empty: the router's default ([`RouterBuilder::default_scopes`]), checked only when the
    /// transport verifies tokens.
    ///
    /// [`RouterBuilder::default_scopes`]: crate::RouterBuilder::default_scopes
    fn scopes(&self) -> &[&str] {
        &[]
    }
}

/// Argument completion (`completion/complete`).
pub trait CompletionHandler: Send + Sync + 'static {
    /// The candidate values for `argument` (its name and the partial `value`) of the prompt
    /// or resource template `reference` (`{"type": "ref/prompt", "name": …}`).
    fn complete(
        &self,
        reference: &Value,
        argument: &str,
        value: &str,
        context: Context,
    ) -> BoxFuture<'_, Result<Vec<String>, ProtocolError>>;
}

impl<F> CompletionHandler for F
where
    F: Fn(&Value, &str, &str) -> Vec<String> + Send + Sync + 'static,
{
    fn complete(
        &self,
        reference: &Value,
        argument: &str,
        value: &str,
        _context: Context,
    ) -> BoxFuture<'_, Result<Vec<String>, ProtocolError>> {
        let values = self(reference, argument, value);
        Box::pin(std::future::ready(Ok(values)))
    }
}

/// Whether a tool runs as a task.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TaskSupport {
    /// As a task when the client declared the extension, inline otherwise.
    Optional,
    /// Only as a task: a client without the extension gets `-32021`.
    Required,
}

impl TaskSupport {
    /// The `execution.taskSupport` value of the tool's descriptor.
    pub fn as_str(self) -> &'static str {
        match self {
            TaskSupport::Optional => "optional",
            TaskSupport::Required => "required",
        }
    }
}
