//! Rounds: sealing, resuming and binding a request's input state to its target.

use super::*;
use crate::server::auth::Principal;

fn keys() -> StateKeys {
    StateKeys::new(StateKey::new("k", vec![3; 32]).unwrap())
}

#[test]
fn a_question_without_an_answer_becomes_an_input_required_result() {
    let round = Round::begin(&keys(), Target::new("tools/call", "t", None), None, None).unwrap();
    let err = round
        .ask("q", &InputRequest::ListRoots, serde_json::json!({}))
        .unwrap_err();
    assert!(err.message.contains("`q`"));
    let result = round
        .finish(&keys(), Target::new("tools/call", "t", None))
        .unwrap()
        .unwrap();
    assert_eq!(result["resultType"], "input_required");
    assert_eq!(result["inputRequests"]["q"]["method"], "roots/list");
    assert!(result["requestState"].is_string());
}

#[test]
fn answers_carry_to_later_rounds_in_the_sealed_state() {
    let k = keys();
    let target = Target::new("tools/call", "t", None);
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
    let target = Target::new("tools/call", "t", None);
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
    assert!(Target::new("prompts/get", "a b", None).is("prompts/get a b"));
}

#[test]
fn a_state_for_another_request_or_tampered_is_refused_with_invalid_params() {
    let k = keys();
    let r1 = Round::begin(&k, Target::new("tools/call", "t", None), None, None).unwrap();
    let _ = r1.ask("a", &InputRequest::ListRoots, Value::Null);
    let state = r1
        .finish(&k, Target::new("tools/call", "t", None))
        .unwrap()
        .unwrap()["requestState"]
        .as_str()
        .unwrap()
        .to_owned();
    let foreign = Round::begin(
        &k,
        Target::new("tools/call", "other", None),
        None,
        Some(&state),
    )
    .unwrap_err();
    assert_eq!(foreign.code, ProtocolError::INVALID_PARAMS);
    let tampered = Round::begin(
        &k,
        Target::new("tools/call", "t", None),
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
        Target::new("tools/call", "t", None),
        Some(&serde_json::json!({"user_name": 12345})),
        None,
    )
    .unwrap();
    let request = InputRequest::Elicit(Value::Null);
    assert!(round.ask("user_name", &request, Value::Null).is_err());
    let err = round
        .finish(&keys(), Target::new("tools/call", "t", None))
        .unwrap_err();
    assert!(err.message.contains("inputResponses.user_name"), "{err}");
}

/// A state sealed by a first round of `tools/call name` with `arguments`.
fn state_for(k: &StateKeys, name: &str, arguments: &Value) -> String {
    let target = Target::new("tools/call", name, arguments.as_object());
    let round = Round::begin(k, target, None, None).unwrap();
    let _ = round.ask("go", &InputRequest::ListRoots, Value::Null);
    round.finish(k, target).unwrap().unwrap()["requestState"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn a_state_is_refused_for_other_arguments_naming_the_rule() {
    let k = keys();
    let state = state_for(&k, "delete", &serde_json::json!({"target": "harmless.txt"}));
    let other = serde_json::json!({"target": "important.db"});
    let target = Target::new("tools/call", "delete", other.as_object());
    let refused = Round::begin(&k, target, None, Some(&state)).unwrap_err();
    assert_eq!(refused.code, ProtocolError::INVALID_PARAMS);
    assert!(
        refused
            .message
            .contains("requestState was issued for other arguments"),
        "{}",
        refused.message
    );
    // An extra argument, a missing one, another type: other arguments too.
    for other in [
        serde_json::json!({"target": "harmless.txt", "force": true}),
        serde_json::json!({}),
        serde_json::json!({"target": ["harmless.txt"]}),
    ] {
        let target = Target::new("tools/call", "delete", other.as_object());
        assert!(
            Round::begin(&k, target, None, Some(&state)).is_err(),
            "{other}"
        );
    }
}

#[test]
fn a_state_is_accepted_for_the_same_arguments_in_any_member_order() {
    let k = keys();
    let sent: Value = serde_json::from_str(r#"{"a": 1, "b": {"y": [1, 2], "x": "z"}}"#).unwrap();
    let state = state_for(&k, "t", &sent);
    let reordered: Value =
        serde_json::from_str(r#"{"b": {"x": "z", "y": [1, 2]}, "a": 1}"#).unwrap();
    let target = Target::new("tools/call", "t", reordered.as_object());
    assert!(Round::begin(&k, target, None, Some(&state)).is_ok());
    // No arguments and an empty object are the same call (the handler sees `{}` for both).
    let state = state_for(&k, "t", &serde_json::json!({}));
    assert!(Round::begin(&k, Target::new("tools/call", "t", None), None, Some(&state)).is_ok());
}

/// The state a round of `t` issues to `owner`.
fn state_issued_to(k: &StateKeys, owner: Option<&Principal>) -> String {
    let target = Target::new("tools/call", "t", None).owned_by(owner);
    let round = Round::begin(k, target, None, None).unwrap();
    let _ = round.ask("q", &InputRequest::ListRoots, Value::Null);
    round.finish(k, target).unwrap().unwrap()["requestState"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn a_state_opens_only_for_the_principal_it_was_issued_to_refused_as_a_forged_one() {
    let k = keys();
    let opened_by = |state: &str, owner: Option<&Principal>| {
        let target = Target::new("tools/call", "t", None).owned_by(owner);
        Round::begin(&k, target, None, Some(state)).map(|_| ())
    };
    let forged = ProtocolError::invalid_params(StateError::Tampered.to_string());
    let alice = Principal::new("alice").with_issuer("i");
    let state = state_issued_to(&k, Some(&alice));
    let again = Principal::new("alice")
        .with_issuer("i")
        .with_scopes(["more"]);
    assert_eq!(opened_by(&state, Some(&again)), Ok(()));
    let bob = Principal::new("bob").with_issuer("i");
    let elsewhere = Principal::new("alice").with_issuer("j");
    for other in [Some(&bob), Some(&elsewhere), None] {
        assert_eq!(opened_by(&state, other), Err(forged.clone()), "{other:?}");
    }
    // Checked before the target: another principal learns nothing of what the state binds.
    let target = Target::new("prompts/get", "p", None).owned_by(Some(&bob));
    assert_eq!(
        Round::begin(&k, target, None, Some(&state)).map(|_| ()),
        Err(forged.clone())
    );
    // Issued without a principal: opens without one only.
    let anonymous = state_issued_to(&k, None);
    assert_eq!(opened_by(&anonymous, None), Ok(()));
    assert_eq!(opened_by(&anonymous, Some(&alice)), Err(forged));
    // The key itself is not in the state the client holds, only a digest of it.
    let body = state.split('.').nth(2).unwrap();
    let payload = base64_simd::URL_SAFE_NO_PAD.decode_to_vec(body).unwrap();
    assert!(!String::from_utf8_lossy(&payload).contains("alice"));
}

#[test]
fn a_target_that_keeps_its_arguments_binds_states_as_one_that_hashed_them() {
    let k = keys();
    let sent = serde_json::json!({"target": "harmless.txt", "n": [1, 2.5, null]});
    // Sealed by a deferred target (the digest computed only at the seal) ...
    let kept = KeptArguments::new(sent.as_object());
    let target = Target::deferred("tools/call", "delete", &kept);
    let round = Round::begin(&k, target, None, None).unwrap();
    let _ = round.ask("go", &InputRequest::ListRoots, Value::Null);
    let state = round.finish(&k, target).unwrap().unwrap()["requestState"]
        .as_str()
        .unwrap()
        .to_owned();
    // ... it opens for an eager target of the same arguments, and the reverse.
    let eager = Target::new("tools/call", "delete", sent.as_object());
    assert!(Round::begin(&k, eager, None, Some(&state)).is_ok());
    let state = state_for(&k, "delete", &sent);
    let kept = KeptArguments::new(sent.as_object());
    let deferred = Target::deferred("tools/call", "delete", &kept);
    assert!(Round::begin(&k, deferred, None, Some(&state)).is_ok());
    // Other arguments are still refused; no arguments are an empty object.
    let other = serde_json::json!({"target": "important.db"});
    let kept = KeptArguments::new(other.as_object());
    let deferred = Target::deferred("tools/call", "delete", &kept);
    assert!(Round::begin(&k, deferred, None, Some(&state)).is_err());
    let state = state_for(&k, "t", &serde_json::json!({}));
    let kept = KeptArguments::new(None);
    assert!(
        Round::begin(
            &k,
            Target::deferred("tools/call", "t", &kept),
            None,
            Some(&state)
        )
        .is_ok()
    );
}

/// The digest a state seals is SHA-256 of the arguments' canonical JSON (members sorted
/// by key at every level, no whitespace), whether the target keeps the arguments or hashed
/// them at once: states sealed before stay valid.
#[test]
fn the_arguments_digest_hashes_their_canonical_json() {
    use sha2::{Digest as _, Sha256};
    let digest_of = |canonical: &str| {
        let mut digest = Sha256::new();
        digest.update(b"mcp-content/requestState/arguments/v1\n");
        digest.update(canonical.as_bytes());
        base64_simd::URL_SAFE_NO_PAD.encode_to_string(digest.finalize())
    };
    let sent: Value = serde_json::from_str(
        r#"{"z": {"b": "é\"\u0001", "a": [1, 2.5, null, true]}, "a": -0.0, "m": {}}"#,
    )
    .unwrap();
    let canonical = r#"{"a":-0.0,"m":{},"z":{"a":[1,2.5,null,true],"b":"é\"\u0001"}}"#;
    let kept = KeptArguments::new(sent.as_object());
    let deferred = Target::deferred("tools/call", "t", &kept);
    assert_eq!(deferred.arguments_digest(), digest_of(canonical));
    let eager = Target::new("tools/call", "t", sent.as_object());
    assert_eq!(eager.arguments_digest(), digest_of(canonical));
    // Text copied as it is is text `serde_json` writes unescaped (`/`, DEL, beyond ASCII).
    let tricky = "a/b\u{7f}é\u{2028}";
    let sent = serde_json::json!({ tricky: tricky });
    let text = serde_json::to_string(tricky).unwrap();
    let kept = KeptArguments::new(sent.as_object());
    assert_eq!(
        Target::deferred("tools/call", "t", &kept).arguments_digest(),
        digest_of(&format!("{{{text}:{text}}}"))
    );
    let none = KeptArguments::new(None);
    assert_eq!(
        Target::deferred("tools/call", "t", &none).arguments_digest(),
        digest_of("{}")
    );
}
