//! The one `null` rule for the requests rmcp reads: rmcp takes `"arguments": null` (or
//! `"_meta": null`, `"cursor": null`…) as a member left out, so a tool would run without its
//! arguments where the router refuses the same request. No member of a request's `params`
//! takes `null` in any schema version; the stdio and HTTP fronts refuse one naming its path
//! (`-32602`, as the router does) before rmcp sees the message.

use std::borrow::Cow;
use std::fmt;

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::server::protocol_error::ProtocolError;

/// The id of a request whose `params` has a member that is `null`, and the error for it;
/// `None` for any other message (a notification has no id to answer).
pub(super) fn null_param(bytes: &[u8]) -> Option<(Value, ProtocolError)> {
    // Most messages hold no `null` at all: they are not read twice.
    memchr::memmem::find(bytes, b"null")?;
    let probe: Probe<'_> = serde_json::from_slice(bytes).ok()?;
    probe.method?;
    let id: Value = serde_json::from_str(probe.id?.get()).ok()?;
    let key = probe.params?.0?;
    Some((id, error_for(&key)))
}

/// The error for `params.<key>: null`, naming the type the schemas give the member.
fn error_for(key: &str) -> ProtocolError {
    let expected = match key {
        "arguments" | "_meta" | "ref" | "argument" | "context" | "task" | "inputResponses"
        | "capabilities" | "clientInfo" => "an object",
        "name" | "uri" | "cursor" | "requestState" | "protocolVersion" | "level" | "taskId" => {
            "a string"
        }
        _ => "a value (no member of a request's params takes null: leave it out)",
    };
    ProtocolError::null_param(&crate::wire::error::cut(key), expected)
}

#[derive(serde::Deserialize)]
struct Probe<'a> {
    #[serde(borrow, default)]
    method: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
    #[serde(default)]
    params: Option<FirstNull>,
}

/// The name of the first member of an object that is `null` (`None` for an object without
/// one, or a value that is not an object), read without keeping the values.
struct FirstNull(Option<String>);

impl<'de> Deserialize<'de> for FirstNull {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FirstNullVisitor;
        impl<'de> Visitor<'de> for FirstNullVisitor {
            type Value = FirstNull;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<FirstNull, A::Error> {
                let mut first = None;
                while let Some(key) = map.next_key::<Cow<'de, str>>()? {
                    let null = map.next_value::<IsNull>()?.0;
                    if null && first.is_none() {
                        first = Some(key.into_owned());
                    }
                }
                Ok(FirstNull(first))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<FirstNull, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(FirstNull(None))
            }
            fn visit_unit<E>(self) -> Result<FirstNull, E> {
                Ok(FirstNull(None))
            }
            fn visit_bool<E>(self, _: bool) -> Result<FirstNull, E> {
                Ok(FirstNull(None))
            }
            fn visit_i64<E>(self, _: i64) -> Result<FirstNull, E> {
                Ok(FirstNull(None))
            }
            fn visit_u64<E>(self, _: u64) -> Result<FirstNull, E> {
                Ok(FirstNull(None))
            }
            fn visit_f64<E>(self, _: f64) -> Result<FirstNull, E> {
                Ok(FirstNull(None))
            }
            fn visit_str<E>(self, _: &str) -> Result<FirstNull, E> {
                Ok(FirstNull(None))
            }
        }
        deserializer.deserialize_any(FirstNullVisitor)
    }
}

/// Whether a value is `null`, read without keeping it.
struct IsNull(bool);

impl<'de> Deserialize<'de> for IsNull {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct IsNullVisitor;
        impl<'de> Visitor<'de> for IsNullVisitor {
            type Value = IsNull;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_unit<E>(self) -> Result<IsNull, E> {
                Ok(IsNull(true))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<IsNull, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(IsNull(false))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<IsNull, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(IsNull(false))
            }
            fn visit_bool<E>(self, _: bool) -> Result<IsNull, E> {
                Ok(IsNull(false))
            }
            fn visit_i64<E>(self, _: i64) -> Result<IsNull, E> {
                Ok(IsNull(false))
            }
            fn visit_u64<E>(self, _: u64) -> Result<IsNull, E> {
                Ok(IsNull(false))
            }
            fn visit_f64<E>(self, _: f64) -> Result<IsNull, E> {
                Ok(IsNull(false))
            }
            fn visit_str<E>(self, _: &str) -> Result<IsNull, E> {
                Ok(IsNull(false))
            }
        }
        deserializer.deserialize_any(IsNullVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::null_param;

    #[test]
    fn a_null_member_of_a_requests_params_is_named() {
        for (message, expected) in [
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":null}}"#,
                "params.arguments: null is not allowed here: expected an object (rule: type)",
            ),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","_meta":null}}"#,
                "params._meta: null is not allowed here: expected an object (rule: type)",
            ),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":null}}"#,
                "params.cursor: null is not allowed here: expected a string (rule: type)",
            ),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":null}}"#,
                "params.name: null is not allowed here: expected a string (rule: type)",
            ),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"x/y","params":{"z":{"a":[]},"w":null}}"#,
                "params.w: null is not allowed here: expected a value (no member of a request's params takes null: leave it out) (rule: type)",
            ),
        ] {
            let (id, error) = null_param(message.as_bytes()).expect(message);
            assert_eq!(id, 1);
            assert_eq!(error.code, -32602);
            assert_eq!(error.message, expected);
        }
        // A long key is cut.
        let long = format!(
            r#"{{"jsonrpc":"2.0","id":"i","method":"m","params":{{"{}":null}}}}"#,
            "k".repeat(300)
        );
        let (_, error) = null_param(long.as_bytes()).unwrap();
        assert!(error.message.len() < 250, "{}", error.message);
        // `null` deeper (inside arguments), no null, a notification, a response, no params:
        // nothing to refuse here.
        for fine in [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":null}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add"}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":null}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"a":null}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"ping","params":[null]}"#,
            r#"[{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":null}}]"#,
        ] {
            assert!(null_param(fine.as_bytes()).is_none(), "{fine}");
        }
    }
}
