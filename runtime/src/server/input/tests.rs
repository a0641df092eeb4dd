//! Rounds: sealing, resuming and binding a request's input state to its target.

use super::*;

fn keys() -> StateKeys {
    StateKeys::new(StateKey::new("k", vec![3; 32]).unwrap())
}

#[test]
fn a_question_without_an_answer_becomes_an_input_required_result() {
    let round = Round::begin(&keys(), Target::new("tools/call", "t"), None, None).unwrap();
    let err = round
        .ask("q", &InputRequest::ListRoots, serde_json::json!({}))
        .unwrap_err();
    assert!(err.message.contains("`q`"));
    let result = round
        .finish(&keys(), Target::new("tools/call", "t"))
        .unwrap()
        .unwrap();
    assert_eq!(result["resultType"], "input_required");
    assert_eq!(result["inputRequests"]["q"]["method"], "roots/list");
    assert!(result["requestState"].is_string());
}

#[test]
fn answers_carry_to_later_rounds_in_the_sealed_state() {
    let k = keys();
    let target = Target::new("tools/call", "t");
    let r1 = Round::begin(&k, target, None, None).unwrap();
    let _ = r1.ask("a", &InputRequest::ListRoots, Value::Null);
    let state = r1.finish(&k, target).unwrap().unwrap()["requestState"].clone();
    let answer = serde_json::json!({"a": {"roots": []}});
    let r2 = Round::begin(&k, target, Some(&answer), state.as_str()).unwrap();
    assert_eq!(r2.completed_rounds(), 1);
    assert!(r2.ask("a", &InputRequest::ListRoots, Value::Null).is_ok());
    let _ = r2.ask("b", &InputRequest::ListRoots, Value::Null);
    let state = r2.finish(&k, target).unwrap().unwrap()["requestState"].clone();
    // Round three answers only `b`; `a` comes from the state.
    let answer = serde_json::json!({"b": {"roots": []}});
    let r3 = Round::begin(&k, target, Some(&answer), state.as_str()).unwrap();
    assert!(r3.ask("a", &InputRequest::ListRoots, Value::Null).is_ok());
    assert!(r3.ask("b", &InputRequest::ListRoots, Value::Null).is_ok());
    assert_eq!(r3.finish(&k, target).unwrap(), None);
}

#[test]
fn a_target_matches_only_its_own_method_and_name() {
    let target = Target::new("tools/call", "t");
    assert_eq!(target.to_string(), "tools/call t");
    assert!(target.is("tools/call t"));
    for other in [
        "tools/call tt",
        "tools/call",
        "tools/callt",
        "prompts/get t",
        "tools/call t ",
    ] {
        assert!(!target.is(other), "{other}");
    }
    // A name with a space is still one name.
    assert!(Target::new("prompts/get", "a b").is("prompts/get a b"));
}

#[test]
fn a_state_for_another_request_or_tampered_is_refused_with_invalid_params() {
    let k = keys();
    let r1 = Round::begin(&k, Target::new("tools/call", "t"), None, None).unwrap();
    let _ = r1.ask("a", &InputRequest::ListRoots, Value::Null);
    let state = r1
        .finish(&k, Target::new("tools/call", "t"))
        .unwrap()
        .unwrap()["requestState"]
        .as_str()
        .unwrap()
        .to_owned();
    let foreign =
        Round::begin(&k, Target::new("tools/call", "other"), None, Some(&state)).unwrap_err();
    assert_eq!(foreign.code, ProtocolError::INVALID_PARAMS);
    let tampered = Round::begin(
        &k,
        Target::new("tools/call", "t"),
        None,
        Some(&format!("{state}x")),
    )
    .unwrap_err();
    assert_eq!(tampered.code, ProtocolError::INVALID_PARAMS);
}

#[test]
fn a_malformed_answer_fails_the_request_naming_the_key() {
    let round = Round::begin(
        &keys(),
        Target::new("tools/call", "t"),
        Some(&serde_json::json!({"user_name": 12345})),
        None,
    )
    .unwrap();
    let request = InputRequest::Elicit(Value::Null);
    assert!(round.ask("user_name", &request, Value::Null).is_err());
    let err = round
        .finish(&keys(), Target::new("tools/call", "t"))
        .unwrap_err();
    assert!(err.message.contains("inputResponses.user_name"), "{err}");
}
