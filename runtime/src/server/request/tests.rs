//! The method names and the typed requests read from params.

use serde_json::{Map, Value, json};

use super::{Method, Request};
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
    let Request::CallTool {
        name,
        arguments,
        input,
    } = &request
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
    let error = Request::parse(Method::Ping, Map::new()).unwrap_err();
    assert_eq!(error.code, ProtocolError::METHOD_NOT_FOUND);
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
