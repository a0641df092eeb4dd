//! The [`Context`] a handler may take: the request's `_meta` (read lazily from what the
//! transport kept), the negotiated protocol version, what the client declared, and the
//! client itself (progress, logging, and input: forms, sampling, roots).
//!
//! Apart from the handler traits because it is the part that changes with the protocol
//! (each era's way of asking for input, task escalation); the traits only name it.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::model::json::{Key, ObjectBuilder};
use crate::model::meta::Meta;
use crate::model::validated::MetaKey;
use crate::rules::{self, ProtocolVersion};
use crate::server::auth::Principal;
use crate::server::input::{
    Capability, ClientCapabilities, Elicitation, FormSchema, InputRequest, Round,
    missing_capability,
};
use crate::server::protocol_error::ProtocolError;

use super::cancel::Cancellation;
use super::peer::{ClientPeer, LogLevel};

/// The request a handler runs for: its `_meta`, the negotiated protocol version, what the
/// client declared, and the client itself (progress, logging, and input: forms, sampling,
/// roots).
///
/// A `#[tool]` function receives it when it has a parameter of type `Context` (not part of
/// the input schema).
///
/// # Asking for input
///
/// One API for both eras: on a 2025-era peer the question goes out on the back-channel
/// and the call waits for the answer; on a 2026-07-28 peer the request ends with an
/// `InputRequiredResult` and the handler runs again with the answer (see
/// [`input`](crate::input)). Either way the handler reads a typed answer:
///
/// ```
/// use mcp_content::input::Elicitation;
/// use mcp_content::{Context, handler::ProtocolError};
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Booking {
///     /// How many guests
///     guests: u8,
///     /// Anything we should know
///     notes: Option<String>,
/// }
///
/// async fn book(context: &Context) -> Result<String, ProtocolError> {
///     match context.elicit_form::<Booking>("How many guests?").await? {
///         Elicitation::Accept(booking) => Ok(format!("table for {}", booking.guests)),
///         Elicitation::Decline | Elicitation::Cancel => Ok("no booking".into()),
///     }
/// }
/// ```
///
/// # Cancellation
///
/// A request the client cancels (or walks away from, see the transports) drops the
/// handler's future at its next `.await`; [`Context::cancelled`] and
/// [`Context::is_cancelled`] tell work the handler spawned, or a long computation between
/// awaits, to stop (see [`Context::cancelled`] for an example).
#[derive(Default)]
pub struct Context {
    /// Given, or read from the transport's request on first use (most handlers never ask).
    meta: OnceLock<Meta>,
    /// What `meta` is read from on first use, when it was not given as a `Meta`.
    meta_source: MetaSource,
    version: ProtocolVersion,
    /// The client, as the transport gives it (it may keep the request's `_meta` too, read
    /// only when a handler asks: [`ClientPeer::request_meta`]).
    peer: Option<Arc<dyn ClientPeer>>,
    min_log_level: Option<LogLevel>,
    capabilities: Option<ClientCapabilities>,
    round: Option<Arc<Round>>,
    /// The counter of automatic input keys, shared by every clone of this context. Made on
    /// the first key or the first clone: a call that never asks and is never cloned
    /// allocates nothing for it.
    next_key: OnceLock<Arc<AtomicUsize>>,
    /// A task tool's first run for a client that declared the tasks extension: the call
    /// becomes a task the first time the handler waits (see [`Context::run_as_task`]).
    may_become_task: bool,
    /// Set when the request is cancelled (see [`Context::cancelled`]); `None` for a context
    /// no transport can cancel.
    cancellation: Option<Cancellation>,
    /// The verified caller, when the transport checked a bearer token.
    principal: Option<Arc<Principal>>,
}

impl Clone for Context {
    fn clone(&self) -> Self {
        Self {
            meta: self.meta.clone(),
            meta_source: self.meta_source.clone(),
            version: self.version,
            peer: self.peer.clone(),
            min_log_level: self.min_log_level,
            capabilities: self.capabilities.clone(),
            round: self.round.clone(),
            // Clones count keys together, as one request.
            next_key: OnceLock::from(Arc::clone(self.key_counter())),
            may_become_task: self.may_become_task,
            cancellation: self.cancellation.clone(),
            principal: self.principal.clone(),
        }
    }
}

/// A request's `_meta` as the transport read it, converted into a [`Meta`] only when a
/// handler asks.
#[derive(Clone, Default)]
enum MetaSource {
    #[default]
    None,
    /// The JSON text of the `_meta` object.
    Raw(Box<RawValue>),
    /// The `_meta` object, parsed.
    Map(Map<String, Value>),
}

impl MetaSource {
    /// The `_meta`. A key that breaks the grammar is dropped, not the whole `_meta` (the
    /// progress token must survive a peer's one odd key); anything but an object is empty.
    fn read(&self) -> Meta {
        match self {
            MetaSource::None => Meta::new(),
            MetaSource::Raw(raw) => serde_json::from_str::<LenientMeta>(raw.get())
                .map(|lenient| lenient.0)
                .unwrap_or_default(),
            MetaSource::Map(map) => {
                let mut meta = Meta::new();
                for (key, value) in map {
                    if let Ok(key) = MetaKey::new(key.as_str()) {
                        meta.insert_key(key, value.clone());
                    }
                }
                meta
            }
        }
    }
}

/// A request's `_meta` read from its text, keys that break the grammar left out.
struct LenientMeta(Meta);

impl<'de> serde::Deserialize<'de> for LenientMeta {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct LenientVisitor;
        impl<'de> serde::de::Visitor<'de> for LenientVisitor {
            type Value = LenientMeta;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a _meta object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut access: A,
            ) -> Result<LenientMeta, A::Error> {
                let mut builder = ObjectBuilder::new();
                while let Some(Key(key)) = access.next_key::<Key<'de>>()? {
                    if rules::check_meta_key(&key).is_ok() {
                        builder.push_value(&key, &mut access)?;
                    } else {
                        access.next_value::<serde::de::IgnoredAny>()?;
                    }
                }
                Ok(LenientMeta(Meta::from_checked_object(builder.finish())))
            }
        }
        deserializer.deserialize_map(LenientVisitor)
    }
}

/// Returns `Pending` once: the driver of a task tool's first run sees the handler wait and
/// moves the rest of the call into a task.
struct YieldOnce(bool);

impl Future for YieldOnce {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<()> {
        if self.0 {
            return std::task::Poll::Ready(());
        }
        self.0 = true;
        cx.waker().wake_by_ref();
        std::task::Poll::Pending
    }
}

impl fmt::Debug for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Context")
            .field("meta", self.meta())
            .field("version", &self.version)
            .field("peer", &self.peer.is_some())
            .field("min_log_level", &self.min_log_level)
            .field("capabilities", &self.capabilities)
            .field("round", &self.round.is_some())
            .field("cancelled", &self.is_cancelled())
            .field("principal", &self.principal)
            .finish_non_exhaustive()
    }
}

impl Context {
    /// A context for a request with `_meta`, on `version`, with no client to talk to.
    pub fn new(meta: Meta, version: ProtocolVersion) -> Self {
        Self {
            meta: OnceLock::from(meta),
            version,
            ..Self::default()
        }
    }

    /// A context for a request whose `_meta` is this JSON text, as the transport read it:
    /// it is read into a [`Meta`] the first time a handler asks ([`Context::meta`],
    /// [`Context::progress_token`]), so a call whose handler never looks costs one copy of
    /// the text. A key that breaks the `_meta` key grammar is left out then (the rest is
    /// kept), and anything but an object reads as an empty `_meta`.
    ///
    /// ```
    /// use mcp_content::{Context, ProtocolVersion};
    /// use serde_json::value::RawValue;
    /// let raw = RawValue::from_string(r#"{"progressToken": 7, "bad key": 1}"#.into()).unwrap();
    /// let context = Context::from_raw_meta(raw, ProtocolVersion::LATEST);
    /// assert_eq!(context.progress_token(), Some(serde_json::json!(7)));
    /// assert_eq!(context.meta().len(), 1);
    /// ```
    pub fn from_raw_meta(meta: Box<RawValue>, version: ProtocolVersion) -> Self {
        Self {
            meta_source: MetaSource::Raw(meta),
            version,
            ..Self::default()
        }
    }

    /// [`Context::from_raw_meta`] for a `_meta` object already parsed (a transport that reads
    /// the request into a `serde_json::Value`): converted on first use, keys that break the
    /// grammar left out.
    ///
    /// ```
    /// use mcp_content::{Context, ProtocolVersion};
    /// let meta = serde_json::json!({"progressToken": "t", "bad key": 1});
    /// let serde_json::Value::Object(meta) = meta else { unreachable!() };
    /// let context = Context::from_meta_map(meta, ProtocolVersion::LATEST);
    /// assert_eq!(context.progress_token(), Some(serde_json::json!("t")));
    /// assert_eq!(context.meta().len(), 1);
    /// ```
    pub fn from_meta_map(meta: Map<String, Value>, version: ProtocolVersion) -> Self {
        Self {
            meta_source: MetaSource::Map(meta),
            version,
            ..Self::default()
        }
    }

    /// A context whose `_meta` and client capabilities the transport's `peer` keeps with the
    /// request it received: converted only when a handler asks ([`ClientPeer::request_meta`],
    /// [`ClientPeer::client_capabilities`]), so a call whose handler never looks converts
    /// nothing.
    pub fn from_peer(peer: Arc<dyn ClientPeer>, version: ProtocolVersion) -> Self {
        Self {
            version,
            peer: Some(peer),
            ..Self::default()
        }
    }

    /// This context with a client to talk to.
    #[must_use]
    pub fn with_peer(mut self, peer: Arc<dyn ClientPeer>) -> Self {
        self.peer = Some(peer);
        self
    }

    fn peer(&self) -> Option<&dyn ClientPeer> {
        self.peer.as_deref()
    }

    /// This context with the client's minimum log level (`logging/setLevel`, or the
    /// request's log level for 2026-07-28). Without one, log messages are not sent.
    #[must_use]
    pub fn with_log_level(mut self, level: Option<LogLevel>) -> Self {
        self.min_log_level = level;
        self
    }

    /// This context for a caller whose bearer token the transport verified.
    #[must_use]
    pub fn with_principal(mut self, principal: Arc<Principal>) -> Self {
        self.principal = Some(principal);
        self
    }

    /// The verified caller: `None` when the transport checks no token (stdio, a server
    /// without authorization).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use mcp_content::{Context, ProtocolVersion, auth::Principal};
    /// let context = Context::new(Default::default(), ProtocolVersion::LATEST)
    ///     .with_principal(Arc::new(Principal::new("alice")));
    /// assert_eq!(context.principal().and_then(|p| p.subject()), Some("alice"));
    /// ```
    pub fn principal(&self) -> Option<&Principal> {
        self.principal.as_deref()
    }

    /// The verified caller, shared (for work the handler spawns).
    pub fn principal_arc(&self) -> Option<&Arc<Principal>> {
        self.principal.as_ref()
    }

    /// This context with what the client declared (otherwise asked of the peer).
    #[must_use]
    pub fn with_client_capabilities(mut self, capabilities: ClientCapabilities) -> Self {
        self.capabilities = Some(capabilities);
        self
    }

    /// This context taking part in a multi round-trip request (2026-07-28).
    #[must_use]
    pub(crate) fn with_round(mut self, round: Arc<Round>) -> Self {
        self.round = Some(round);
        self
    }

    /// This context in a call that becomes a task when the handler first waits.
    #[allow(
        dead_code,
        reason = "the transports' tasks engine (`crate::transport::tasks`) uses it"
    )]
    #[must_use]
    pub(crate) fn with_task_escalation(mut self) -> Self {
        self.may_become_task = true;
        self
    }

    /// Makes the rest of this call a task (the tasks extension, SEP-2663), when the tool
    /// runs as one (`#[tool(task = "optional" | "required")]` or
    /// [`RouterBuilder::task_tool`](crate::RouterBuilder::task_tool)) and the client
    /// declared the extension; otherwise it does nothing.
    ///
    /// A task tool starts in the request itself and becomes a task the first time it has to
    /// wait, or here, whichever comes first. What it asks before that is asked in input
    /// rounds on the request (2026-07-28 `InputRequiredResult`s); what it asks after, the
    /// task asks (`input_required` on `tasks/get`, answered with `tasks/update`). So a tool
    /// that gathers its input first and then works calls this between the two:
    ///
    /// ```
    /// use mcp_content::input::Elicitation;
    /// use mcp_content::{Context, handler::ProtocolError};
    ///
    /// #[derive(serde::Deserialize, schemars::JsonSchema)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// /// Greets slowly: asks for a name in input rounds, then greets as a task.
    /// #[mcp_content::tool(task = "required")]
    /// async fn greet_later(context: Context) -> Result<String, ProtocolError> {
    ///     let name = match context.elicit_form::<Name>("Your name?").await? {
    ///         Elicitation::Accept(Name { name }) => name,
    ///         Elicitation::Decline | Elicitation::Cancel => "stranger".into(),
    ///     };
    ///     context.run_as_task().await;
    ///     Ok(format!("Hello, {name}!"))
    /// }
    /// ```
    ///
    /// A tool that asks at once but should still start as a task (its questions then wait in
    /// the task) calls it first.
    pub async fn run_as_task(&self) {
        if self.may_become_task {
            YieldOnce(false).await;
        }
    }

    /// The request's `_meta`.
    pub fn meta(&self) -> &Meta {
        self.meta
            .get_or_init(|| match (&self.meta_source, self.peer()) {
                (MetaSource::None, Some(peer)) => peer.request_meta().unwrap_or_default(),
                (source, _) => source.read(),
            })
    }

    /// The negotiated protocol version.
    pub fn protocol_version(&self) -> ProtocolVersion {
        self.version
    }

    /// The request's progress token (`_meta.progressToken`), if the client asked for progress.
    pub fn progress_token(&self) -> Option<Value> {
        self.meta().get_value("progressToken")
    }

    /// What the client declared (empty when the transport does not know).
    pub fn client_capabilities(&self) -> ClientCapabilities {
        if let Some(capabilities) = &self.capabilities {
            return capabilities.clone();
        }
        self.peer()
            .and_then(ClientPeer::client_capabilities)
            .map(ClientCapabilities::from_value)
            .unwrap_or_default()
    }

    /// Whether the client declared `capability`.
    pub fn client_supports(&self, capability: Capability) -> bool {
        self.client_capabilities().supports(capability)
    }

    /// How many input rounds this request has already been through (2026-07-28: counted
    /// in the sealed `requestState`, so a value above 0 means the state was verified).
    pub fn input_round(&self) -> u64 {
        self.round.as_ref().map_or(0, |r| r.completed_rounds())
    }

    /// Reports progress, when the client asked for it (a no-op otherwise).
    pub async fn progress(
        &self,
        progress: f64,
        total: Option<f64>,
        message: Option<&str>,
    ) -> Result<(), ProtocolError> {
        let (Some(token), Some(peer)) = (self.progress_token(), self.peer()) else {
            return Ok(());
        };
        let mut params = Map::new();
        params.insert("progressToken".into(), token.clone());
        params.insert("progress".into(), Value::from(progress));
        if let Some(total) = total {
            params.insert("total".into(), Value::from(total));
        }
        if let Some(message) = message {
            params.insert("message".into(), Value::from(message));
        }
        peer.notify_progress(Value::Object(params)).await
    }

    /// Sends a log message, when the client asked for this level (a no-op otherwise).
    pub async fn log(
        &self,
        level: LogLevel,
        logger: Option<&str>,
        data: impl Into<Value>,
    ) -> Result<(), ProtocolError> {
        let (Some(min), Some(peer)) = (self.min_log_level, self.peer()) else {
            return Ok(());
        };
        if level < min {
            return Ok(());
        }
        let mut params = Map::new();
        params.insert(
            "level".into(),
            serde_json::to_value(level).unwrap_or(Value::Null),
        );
        if let Some(logger) = logger {
            params.insert("logger".into(), Value::from(logger));
        }
        params.insert("data".into(), data.into());
        peer.notify_log(Value::Object(params)).await
    }

    /// Asks the user to fill in the form of `T` (`elicitation/create`, form mode). The
    /// answer comes back as `T`; one that does not fit the form is an error naming the
    /// field. A client that did not declare elicitation is not asked (`-32021`).
    pub async fn elicit_form<T>(
        &self,
        message: impl Into<String>,
    ) -> Result<Elicitation<T>, ProtocolError>
    where
        T: DeserializeOwned + JsonSchema,
    {
        let key = self.auto_key("elicitation");
        self.elicit_form_as(&key, message).await
    }

    /// [`Context::elicit_form`] under a key of the handler's choosing (the key of the
    /// question in `inputRequests` on 2026-07-28; it must be the same on every run).
    pub async fn elicit_form_as<T>(
        &self,
        key: &str,
        message: impl Into<String>,
    ) -> Result<Elicitation<T>, ProtocolError>
    where
        T: DeserializeOwned + JsonSchema,
    {
        let form = FormSchema::of::<T>().map_err(|e| ProtocolError::internal(e.to_string()))?;
        let request = InputRequest::Form {
            message: message.into(),
            form: form.clone(),
        };
        let answer = self.ask(key, request).await?;
        Elicitation::from_result(&form, &answer).map_err(|e| {
            let error = ProtocolError::invalid_params(format!("inputResponses.{key}: {e}"));
            if let Some(round) = &self.round {
                round.fail(error.clone());
            }
            error
        })
    }

    /// Asks the client's model for a message (`sampling/createMessage`); `params` and the
    /// result are the protocol's JSON.
    pub async fn create_message(&self, params: Value) -> Result<Value, ProtocolError> {
        let key = self.auto_key("sampling");
        self.ask(&key, InputRequest::CreateMessage(params)).await
    }

    /// Asks the user for input (`elicitation/create`); `params` and the result are the
    /// protocol's JSON (`{"action": "accept", "content": {…}}`).
    pub async fn elicit(&self, params: Value) -> Result<Value, ProtocolError> {
        let key = self.auto_key("elicitation");
        self.ask(&key, InputRequest::Elicit(params)).await
    }

    /// Asks the client for its roots (`roots/list`); the result is the protocol's JSON.
    pub async fn list_roots(&self) -> Result<Value, ProtocolError> {
        let key = self.auto_key("roots");
        self.ask(&key, InputRequest::ListRoots).await
    }

    /// Asks `request` under `key` and returns the client's result as JSON (checked for the
    /// method's result shape). Every other input method is built on this one.
    ///
    /// On a 2026-07-28 peer, a question without an answer yet ends this run of the handler
    /// with an error to pass on (`?`): the client receives an `InputRequiredResult` with
    /// every question asked in this run, and the handler runs again with the answers.
    pub async fn ask(&self, key: &str, request: InputRequest) -> Result<Value, ProtocolError> {
        let capability = request.capability();
        if !self.client_supports(capability) {
            let error = missing_capability(capability, request.method());
            // 2026-07-28: the spec makes this the request's error (-32021, HTTP 400); a
            // handler with a fallback checks `client_supports` before asking.
            if let Some(round) = &self.round {
                round.fail(error.clone());
            }
            return Err(error);
        }
        let params = request.params_for(self.version)?;
        if self.version.has_result_type() {
            // 2026-07-28: no back-channel; the question goes out in the result.
            let Some(round) = &self.round else {
                return Err(ProtocolError::new(
                    ProtocolError::METHOD_NOT_FOUND,
                    format!(
                        "{}: this request cannot ask the client for input",
                        request.method()
                    ),
                ));
            };
            return round.ask(key, &request, params);
        }
        match self.peer() {
            Some(peer) => {
                let answer = peer.request(request.method(), params).await?;
                request.check_answer(key, &answer)?;
                Ok(answer)
            }
            None => Err(ProtocolError::new(
                ProtocolError::METHOD_NOT_FOUND,
                format!("{}: this transport has no client to ask", request.method()),
            )),
        }
    }

    fn key_counter(&self) -> &Arc<AtomicUsize> {
        self.next_key.get_or_init(Arc::default)
    }

    fn auto_key(&self, prefix: &str) -> String {
        let n = self.key_counter().fetch_add(1, Ordering::Relaxed) + 1;
        format!("{prefix}-{n}")
    }
}

mod cancellation;

#[cfg(test)]
#[path = "context_tests.rs"]
mod tests;
