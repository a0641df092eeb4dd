//! The method names and the typed requests read from params.

use serde_json::{Map, Value, json};

use super::{CallTool, Listen, Method, Request};
use crate::server::protocol_error::ProtocolError;

fn params(value: Value) -> Map<String, Value> {
    let Value::Object(map) = value else {
        panic!("params are an object")
    };
    map
}

#[test]
fn every_method_reads_back_from_its_name_and_no_other_name_is_one() {
    for method in Method::ALL {
        assert_eq!(Method::parse(method.as_str()), Some(method));
        assert_eq!(method.as_str().parse::<Method>().unwrap(), method);
        assert_eq!(method.to_string(), method.as_str());
    }
    assert_eq!(Method::parse("TOOLS/LIST"), None);
    let error = "x/unknown".parse::<Method>().unwrap_err();
    assert_eq!(error.code, ProtocolError::METHOD_NOT_FOUND);
    assert!(error.message.contains("x/unknown"), "{}", error.message);
}

#[test]
fn a_call_is_read_into_its_members_and_a_missing_name_is_refused() {
    let request = Request::parse(
        Method::CallTool,
        params(json!({"name": "t", "arguments": {"a": 1}, "requestState": "s"})),
    )
    .unwrap();
    let Request::CallTool(CallTool {
        name,
        arguments,
        input,
    }) = &request
    else {
        panic!("{request:?}")
    };
    assert_eq!(name, "t");
    assert_eq!(arguments.as_ref().unwrap()["a"], 1);
    assert_eq!(input.state.as_deref(), Some("s"));
    let error = Request::parse(Method::GetPrompt, Map::new()).unwrap_err();
    assert_eq!(error.message, "params.name is required");
}

#[test]
fn a_method_the_router_does_not_serve_is_not_found() {
    let error = Request::read("ping", Map::new()).unwrap_err();
    assert_eq!(error.code, ProtocolError::METHOD_NOT_FOUND);
    // Not found before its params are read: `resources/subscribe` without a `uri`.
    let error = Request::read("resources/subscribe", Map::new()).unwrap_err();
    assert_eq!(error.code, ProtocolError::METHOD_NOT_FOUND);
    // The generic checks come first: a `null` member, whatever the method.
    let error = Request::read("x/unknown", params(json!({"a": null}))).unwrap_err();
    assert_eq!(error.code, ProtocolError::INVALID_PARAMS);
}

#[test]
fn every_method_reads_into_its_own_request() {
    let sample = json!({
        "protocolVersion": "2025-11-25", "uri": "test://u", "name": "n", "taskId": "t",
        "level": "info", "notifications": {},
        "ref": {"type": "ref/prompt", "name": "p"}, "argument": {"name": "a", "value": "v"},
    });
    for method in Method::ALL {
        let request = Request::parse(method, params(sample.clone())).unwrap();
        assert_eq!(request.method(), method);
    }
}

#[test]
fn the_transports_own_requests_name_the_member_they_lack() {
    let error = |method, value| Request::parse(method, params(value)).unwrap_err().message;
    assert_eq!(
        error(Method::Initialize, json!({})),
        "params.protocolVersion: a string is required"
    );
    assert_eq!(
        error(
            Method::Initialize,
            json!({"protocolVersion": "x", "capabilities": 1})
        ),
        "params.capabilities: an object"
    );
    assert_eq!(
        error(Method::Subscribe, json!({})),
        "params.uri is required"
    );
    // A `uri` that is not an absolute URI (the schema's `format: uri`) is refused naming the
    // member and the rule, not kept as a subscription nothing can match.
    for method in [Method::Subscribe, Method::Unsubscribe] {
        for bad in ["not a uri", "relative/path", ""] {
            let message = error(method, json!({ "uri": bad }));
            assert!(
                message.starts_with("params.uri: ") && message.ends_with("(rule: uri)"),
                "{method:?} {bad:?}: {message}"
            );
        }
        assert!(Request::parse(method, params(json!({"uri": "test://watched"}))).is_ok());
    }
    let message = error(
        Method::SubscriptionsListen,
        json!({"notifications": {"resourceSubscriptions": ["test://a", "no scheme"]}}),
    );
    assert!(
        message.starts_with("params.notifications.resourceSubscriptions[1]: ")
            && message.ends_with("(rule: uri)"),
        "{message}"
    );
    assert!(error(Method::SetLevel, json!({"level": "loud"})).starts_with("params.level: one of"));
    assert_eq!(
        error(Method::TasksGet, json!({})),
        "params.taskId is required"
    );
    assert!(
        error(
            Method::TasksUpdate,
            json!({"taskId": "t", "inputResponses": null})
        )
        .starts_with("params.inputResponses: null")
    );
    assert!(
        error(Method::SubscriptionsListen, json!({}))
            .starts_with("params.notifications: an object")
    );
    let listen = |value| Request::parse(Method::SubscriptionsListen, params(value)).unwrap();
    assert_eq!(
        listen(json!({"notifications": {"resourceSubscriptions": null}})),
        Request::Listen(Listen {
            resource_subscriptions: Some(Vec::new())
        })
    );
    assert_eq!(
        listen(json!({"notifications": {}})),
        Request::Listen(Listen {
            resource_subscriptions: None
        })
    );
}

#[test]
fn a_completion_names_the_argument_member_it_lacks() {
    let error = Request::parse(
        Method::Complete,
        params(json!({"ref": {"type": "ref/prompt", "name": "p"}, "argument": {"name": "a"}})),
    )
    .unwrap_err();
    assert_eq!(error.message, "params.argument.value is required");
}
