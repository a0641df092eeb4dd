//! Asking the client for input, in both eras, through one API on [`Context`].
//!
//! On 2025-06-18 / 2025-11-25 peers a request becomes `elicitation/create`,
//! `sampling/createMessage` or `roots/list` on the back-channel and the handler awaits the
//! answer. On 2026-07-28 peers (SEP-2322, multi round-trip requests) there is no
//! back-channel: the request ends with an `InputRequiredResult` carrying the questions and
//! a sealed `requestState`, the client answers, and the handler is invoked again from the
//! start; this time the question is answered from `inputResponses`. A handler is written
//! once and does not know which happened: it must only be safe to run again (ask before
//! doing what cannot be undone).
//!
//! A `requestState` is sealed (HMAC-SHA256 under the [`StateKeys`]) and bound to its
//! request: the method, the name (the tool, the prompt, the resource URI) and a digest of
//! the arguments (SHA-256 of their canonical JSON: member order does not matter). A retry
//! that changes any of them is refused with `-32602` naming the rule ("requestState was
//! issued for other arguments"), so answers given about `{"target": "harmless.txt"}` never
//! reach a call on `{"target": "important.db"}`. A state is also bound to the principal it
//! was issued to (a digest of its [`owner`](crate::auth::Principal::owner) key; nothing for
//! a request without a principal): opened by another principal, or by a request without
//! one, it is refused exactly as a tampered state is (`-32602`, "requestState failed its
//! integrity check"). Within its TTL (one hour by default,
//! [`StateKeys::with_ttl_secs`]) a state may be replayed for the same request: the server
//! keeps no record of the states it issued (any replica may take any round), so a replay
//! runs the handler again with the answers the state carries, exactly as the retry it
//! stands for would.
//!
//! [`Context`]: crate::Context

mod capabilities;
mod form;
mod form_field;
mod key_file;
mod state;
mod target;

pub use capabilities::{Capability, ClientCapabilities, TASKS_EXTENSION};
pub use form::{Elicitation, FormSchema};
pub use form_field::{FieldKind, FormError, FormField, FormOption};
pub use key_file::KeyFileError;
pub use state::{StateError, StateKey, StateKeyError, StateKeys};
pub(crate) use target::{KeptArguments, Target};
// A request's multi round-trip fields, and what a request that may ask for input ends with.
pub use crate::server::request::{InputParams, Outcome};

use std::collections::BTreeMap;
use std::sync::Mutex;

use serde_json::{Map, Value};

use crate::rules::ProtocolVersion;
use crate::server::protocol_error::ProtocolError;

/// `-32021`: the request needs a capability the client did not declare.
pub const MISSING_REQUIRED_CLIENT_CAPABILITY: i32 = -32021;

/// A question for the client.
#[derive(Debug, Clone, PartialEq)]
pub enum InputRequest {
    /// A form (`elicitation/create`, form mode), written for the peer's version.
    Form {
        /// What the user is asked.
        message: String,
        /// The form.
        form: FormSchema,
    },
    /// `elicitation/create` with these params, as the protocol's JSON.
    Elicit(Value),
    /// `sampling/createMessage` with these params, as the protocol's JSON.
    CreateMessage(Value),
    /// `roots/list`.
    ListRoots,
}

impl InputRequest {
    /// The JSON-RPC method.
    pub fn method(&self) -> &'static str {
        match self {
            InputRequest::Form { .. } | InputRequest::Elicit(_) => "elicitation/create",
            InputRequest::CreateMessage(_) => "sampling/createMessage",
            InputRequest::ListRoots => "roots/list",
        }
    }

    /// The capability the client must have declared.
    pub fn capability(&self) -> Capability {
        match self {
            InputRequest::Elicit(params)
                if params.get("mode").and_then(Value::as_str) == Some("url") =>
            {
                Capability::ElicitationUrl
            }
            InputRequest::Form { .. } | InputRequest::Elicit(_) => Capability::ElicitationForm,
            InputRequest::CreateMessage(_) => Capability::Sampling,
            InputRequest::ListRoots => Capability::Roots,
        }
    }

    /// The params, as a peer on `version` reads them.
    pub fn params_for(&self, version: ProtocolVersion) -> Result<Value, ProtocolError> {
        match self {
            InputRequest::Form { message, form } => {
                let schema = form
                    .to_value_for(version)
                    .map_err(|e| ProtocolError::internal(e.to_string()))?;
                let mut params = Map::new();
                // `mode` arrived with URL elicitation (2025-11-25); 2025-06-18 peers do not know it.
                if version.has_elicitation_modes() {
                    params.insert("mode".into(), "form".into());
                }
                params.insert("message".into(), Value::from(message.clone()));
                params.insert("requestedSchema".into(), schema);
                Ok(Value::Object(params))
            }
            InputRequest::Elicit(params) | InputRequest::CreateMessage(params) => {
                Ok(params.clone())
            }
            InputRequest::ListRoots => Ok(Value::Object(Map::new())),
        }
    }

    /// Checks the shape of the client's answer (what the method's result must be).
    pub(crate) fn check_answer(&self, key: &str, answer: &Value) -> Result<(), ProtocolError> {
        let bad =
            |rule: &str| ProtocolError::invalid_params(format!("inputResponses.{key}: {rule}"));
        let object = answer
            .as_object()
            .ok_or_else(|| bad("must be an object (the request's result)"))?;
        match self {
            InputRequest::Form { .. } | InputRequest::Elicit(_) => {
                match object.get("action").and_then(Value::as_str) {
                    Some("accept" | "decline" | "cancel") => Ok(()),
                    _ => Err(bad(
                        "an ElicitResult needs `action`: accept, decline or cancel",
                    )),
                }
            }
            InputRequest::CreateMessage(_) => {
                if object.contains_key("content") && object.contains_key("role") {
                    Ok(())
                } else {
                    Err(bad("a CreateMessageResult needs `role` and `content`"))
                }
            }
            InputRequest::ListRoots => {
                if object.get("roots").is_some_and(Value::is_array) {
                    Ok(())
                } else {
                    Err(bad("a ListRootsResult needs a `roots` array"))
                }
            }
        }
    }
}

/// The `-32021` error for `capability`.
pub fn missing_capability(capability: Capability, what: &str) -> ProtocolError {
    ProtocolError::new(
        MISSING_REQUIRED_CLIENT_CAPABILITY,
        format!(
            "{what} needs the client capability {}, which the client did not declare",
            capability.name()
        ),
    )
    .with_data(serde_json::json!({ "requiredCapabilities": capability.as_required() }))
}

/// The error a handler's input request ends with on a 2026-07-28 peer while the answer is
/// not there yet. The handler only has to pass it on (`?`); its result is replaced by the
/// `InputRequiredResult`.
pub(crate) fn input_required(key: &str) -> ProtocolError {
    ProtocolError::new(
        ProtocolError::INTERNAL_ERROR,
        format!("input `{key}` is required: the client is asked and the request runs again"),
    )
}

/// One invocation's view of a multi round-trip request: the answers it may use and the
/// questions it asked.
#[derive(Debug, Default)]
pub(crate) struct Round {
    answers: Map<String, Value>,
    completed_rounds: u64,
    used: Mutex<Map<String, Value>>,
    pending: Mutex<BTreeMap<String, Value>>,
    failure: Mutex<Option<ProtocolError>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Round {
    /// The round for a request to `target` with these `inputResponses` and `requestState`.
    pub(crate) fn begin(
        keys: &StateKeys,
        target: Target<'_>,
        input_responses: Option<&Value>,
        request_state: Option<&str>,
    ) -> Result<Self, ProtocolError> {
        let mut round = Round::default();
        if let Some(token) = request_state {
            let payload = keys
                .open(token)
                .map_err(|e| ProtocolError::invalid_params(e.to_string()))?;
            // Another principal's state is refused as a forged one, before anything it binds
            // is compared: the answer says nothing of the state.
            if payload.get("o").and_then(Value::as_str) != target.owner_digest().as_deref() {
                return Err(ProtocolError::invalid_params(
                    StateError::Tampered.to_string(),
                ));
            }
            if !payload
                .get("t")
                .and_then(Value::as_str)
                .is_some_and(|sealed| target.is(sealed))
            {
                return Err(ProtocolError::invalid_params(format!(
                    "requestState belongs to another request: a state is bound to the method \
                     and name it was issued for, and this is {}",
                    crate::wire::error::cut(&target.to_string())
                )));
            }
            if payload.get("d").and_then(Value::as_str) != Some(&target.arguments_digest()) {
                return Err(ProtocolError::invalid_params(format!(
                    "requestState was issued for other arguments: a state is bound to its \
                     request's arguments, and these are not the ones {} was called with \
                     when it asked (send the original arguments, or start again without \
                     requestState)",
                    crate::wire::error::cut(&target.to_string())
                )));
            }
            if let Some(Value::Object(answers)) = payload.get("a") {
                round.answers.clone_from(answers);
            }
            round.completed_rounds = payload.get("r").and_then(Value::as_u64).unwrap_or(0);
        }
        match input_responses {
            None => {}
            Some(Value::Null) => {
                return Err(ProtocolError::null_param("inputResponses", "an object"));
            }
            Some(Value::Object(responses)) => {
                for (key, answer) in responses {
                    // An answer from an earlier round was checked then; it is not replaced.
                    round
                        .answers
                        .entry(key.clone())
                        .or_insert_with(|| answer.clone());
                }
            }
            Some(_) => {
                return Err(ProtocolError::invalid_params(
                    "inputResponses must be an object",
                ));
            }
        }
        Ok(round)
    }

    /// A round with these answers and no state (a task running again after `tasks/update`).
    #[allow(
        dead_code,
        reason = "the transports' tasks engine (`crate::transport::tasks`) uses it"
    )]
    pub(crate) fn with_answers(answers: Map<String, Value>) -> Self {
        Self {
            answers,
            ..Self::default()
        }
    }

    /// Every answer this round knows: from earlier rounds (the sealed state) and this one.
    #[allow(
        dead_code,
        reason = "the transports' tasks engine (`crate::transport::tasks`) uses it"
    )]
    pub(crate) fn answers(&self) -> &Map<String, Value> {
        &self.answers
    }

    /// After the handler returned: a protocol error, or the questions it asked that have
    /// no answer yet (`None` when there are none).
    pub(crate) fn outcome(&self) -> Result<Option<BTreeMap<String, Value>>, ProtocolError> {
        if let Some(error) = lock(&self.failure).take() {
            return Err(error);
        }
        let pending = std::mem::take(&mut *lock(&self.pending));
        Ok((!pending.is_empty()).then_some(pending))
    }

    /// How many rounds this request has completed (0 on the first call; the sealed state
    /// counts them).
    pub(crate) fn completed_rounds(&self) -> u64 {
        self.completed_rounds
    }

    /// The answer to `key`, checked, or the question registered for the next round.
    pub(crate) fn ask(
        &self,
        key: &str,
        request: &InputRequest,
        params: Value,
    ) -> Result<Value, ProtocolError> {
        if let Some(answer) = self.answers.get(key) {
            if let Err(error) = request.check_answer(key, answer) {
                lock(&self.failure).get_or_insert(error.clone());
                return Err(error);
            }
            lock(&self.used).insert(key.to_owned(), answer.clone());
            return Ok(answer.clone());
        }
        let mut question = Map::new();
        question.insert("method".into(), Value::from(request.method()));
        question.insert("params".into(), params);
        lock(&self.pending).insert(key.to_owned(), Value::Object(question));
        Err(input_required(key))
    }

    /// Records an error that ends the request as a JSON-RPC error whatever the handler
    /// returns (a malformed answer).
    pub(crate) fn fail(&self, error: ProtocolError) {
        lock(&self.failure).get_or_insert(error);
    }

    /// After the handler returned: a protocol error, an `InputRequiredResult`, or `None`
    /// when the handler's own result stands.
    pub(crate) fn finish(
        &self,
        keys: &StateKeys,
        target: Target<'_>,
    ) -> Result<Option<Value>, ProtocolError> {
        let Some(pending) = self.outcome()? else {
            return Ok(None);
        };
        let used = lock(&self.used).clone();
        let mut sealed = serde_json::json!({
            "t": target.to_string(),
            "d": target.arguments_digest(),
            "r": self.completed_rounds + 1,
            "a": used,
        });
        if let Some(owner) = target.owner_digest() {
            sealed["o"] = Value::from(owner);
        }
        let state = keys.seal(&sealed);
        Ok(Some(serde_json::json!({
            "resultType": "input_required",
            "inputRequests": pending,
            "requestState": state,
        })))
    }
}

#[cfg(test)]
mod tests;
