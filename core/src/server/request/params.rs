//! The request parameters every front reads the same way: the multi round-trip fields
//! (`inputResponses`, `requestState`), the required string and optional object members, and
//! what a round ends with. They need nothing of the router (a leaf: no import back).

use serde_json::{Map, Value};

use crate::server::protocol_error::ProtocolError;
use crate::wire::version::SerializeFor;

/// What a request that may ask for input ends with.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome<T> {
    /// The handler's result.
    Complete(T),
    /// An `InputRequiredResult` (2026-07-28): the questions and the sealed state, as JSON.
    InputRequired(Value),
}

/// A request's multi round-trip fields (`inputResponses`, `requestState`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InputParams {
    /// `inputResponses`, as sent.
    pub responses: Option<Value>,
    /// `requestState`, as sent.
    pub state: Option<String>,
}

impl InputParams {
    /// Takes the fields out of a request's params.
    ///
    /// Both follow the model's one `null` rule: an optional member is absent or has its
    /// type, and `null` is refused naming it (`params.requestState: null is not allowed
    /// here: …`).
    pub fn take_from(params: &mut Map<String, Value>) -> Result<Self, ProtocolError> {
        let responses = match params.remove("inputResponses") {
            Some(Value::Null) => {
                return Err(ProtocolError::null_param("inputResponses", "an object"));
            }
            responses => responses,
        };
        let state = match params.remove("requestState") {
            None => None,
            Some(Value::Null) => return Err(ProtocolError::null_param("requestState", "a string")),
            Some(Value::String(s)) => Some(s),
            Some(_) => {
                return Err(ProtocolError::invalid_params(
                    "params.requestState must be a string",
                ));
            }
        };
        Ok(Self { responses, state })
    }
}

pub(crate) fn outcome_value<T: SerializeFor>(
    outcome: Outcome<T>,
    version: crate::ProtocolVersion,
) -> Value {
    match outcome {
        Outcome::Complete(result) => result.to_value_for(version),
        Outcome::InputRequired(value) => value,
    }
}

/// A required string parameter, taken out of `params`.
pub(crate) fn take_string(
    params: &mut Map<String, Value>,
    key: &str,
) -> Result<String, ProtocolError> {
    match params.remove(key) {
        Some(Value::String(s)) => Ok(s),
        Some(Value::Null) => Err(ProtocolError::null_param(key, "a string")),
        Some(_) => Err(ProtocolError::invalid_params(format!(
            "params.{key} must be a string"
        ))),
        None => Err(ProtocolError::invalid_params(format!(
            "params.{key} is required"
        ))),
    }
}

/// An optional object parameter, taken out of `params`: absent is `None`; `null` is refused
/// as for every optional field (the one `null` rule: `params.arguments: null is not allowed
/// here`), never read as absent.
pub(crate) fn take_object(
    params: &mut Map<String, Value>,
    key: &str,
) -> Result<Option<Map<String, Value>>, ProtocolError> {
    match params.remove(key) {
        Some(Value::Object(map)) => Ok(Some(map)),
        None => Ok(None),
        Some(Value::Null) => Err(ProtocolError::null_param(key, "an object")),
        Some(_) => Err(ProtocolError::invalid_params(format!(
            "params.{key} must be an object"
        ))),
    }
}
