//! Integer fields as the official schemas give them: resource `size` is
//! `"type": "integer"` with no bound, 2026-07-28 `ttlMs` is an integer from 0 with no
//! maximum. Every integer they allow is read and written back (within 64 bits in plain
//! digits, past them as spelled); everything else is refused naming the path and the rule.
use mcp_content::model::{JsonInteger, ReadResourceResult, Resource, ResourceLink, Uri};
use mcp_content::rules::Rule;
use mcp_content::wire::read_value;
use mcp_content::{
    CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, Validate, read_json,
};
use serde_json::Value;

/// Each spelling the schemas call an integer, and how it is written back.
const INTEGERS: [(&str, &str); 12] = [
    ("-1", "-1"),
    ("0", "0"),
    ("-0", "0"),
    ("9223372036854775808", "9223372036854775808"),
    ("18446744073709551615", "18446744073709551615"),
    ("18446744073709551616", "18446744073709551616"),
    ("-18446744073709551616", "-18446744073709551616"),
    (
        "1000000000000000000000000000000",
        "1000000000000000000000000000000",
    ),
    ("1e30", "1e30"),
    ("1.0", "1"),
    ("1e3", "1000"),
    ("2.50e1", "25"),
];

/// What the schemas do not call an integer: (spelling, what the error says).
const NOT_INTEGERS: [(&str, &str); 6] = [
    ("1.5", "1.5 is not an integer"),
    ("1e-3", "1e-3 is not an integer"),
    ("\"1\"", "expected an integer, found a string"),
    ("true", "expected an integer, found a boolean"),
    ("[1]", "expected an integer, found an array"),
    ("{}", "expected an integer, found an object"),
];

fn link_doc(size: &str) -> String {
    format!(
        r#"{{"content":[{{"type":"resource_link","uri":"file:///a","name":"a","size":{size}}}],"isError":false,"resultType":"complete"}}"#
    )
}

fn resource_doc(size: &str) -> String {
    format!(r#"{{"uri":"file:///a","name":"a","size":{size}}}"#)
}

fn ttl_doc(ttl: &str) -> String {
    format!(r#"{{"contents":[],"cacheScope":"public","ttlMs":{ttl},"resultType":"complete"}}"#)
}

fn written<T: SerializeFor>(value: &T) -> String {
    String::from_utf8(value.to_json_for(ProtocolVersion::V2026_07_28)).unwrap()
}

#[test]
fn every_integer_size_round_trips_on_links_and_resources() {
    for (size, out) in INTEGERS {
        let result: CallToolResult =
            read_json(link_doc(size).as_bytes()).unwrap_or_else(|e| panic!("{size}: {e}"));
        let ContentBlock::ResourceLink(link) = &result.content[0] else {
            panic!("{size}: a link")
        };
        assert_eq!(link.size.as_ref().unwrap().to_string(), out, "{size}");
        let text = written(&result);
        assert!(text.contains(&format!(r#""size":{out}"#)), "{size}: {text}");
        let again: CallToolResult = read_json(text.as_bytes()).unwrap();
        assert_eq!(again, result, "{size}: reads back equal");
        assert!(result.validate().is_ok(), "{size}: validate() takes it");

        let resource: Resource =
            read_json(resource_doc(size).as_bytes()).unwrap_or_else(|e| panic!("{size}: {e}"));
        let text = written(&resource);
        assert_eq!(
            text,
            format!(r#"{{"uri":"file:///a","name":"a","size":{out}}}"#)
        );
        assert!(resource.validate().is_ok(), "{size}");
    }
}

#[test]
fn every_integer_from_zero_is_a_ttl_and_a_negative_one_is_refused() {
    for (ttl, out) in INTEGERS.into_iter().filter(|(t, _)| !t.starts_with("-1")) {
        let result: ReadResourceResult =
            read_json(ttl_doc(ttl).as_bytes()).unwrap_or_else(|e| panic!("{ttl}: {e}"));
        let text = written(&result);
        assert!(text.contains(&format!(r#""ttlMs":{out}"#)), "{ttl}: {text}");
        assert_eq!(
            read_json::<ReadResourceResult>(text.as_bytes()).unwrap(),
            result
        );
        assert!(result.validate().is_ok(), "{ttl}");
    }
    for ttl in ["-1", "-1e30", "-18446744073709551616"] {
        let error = read_json::<ReadResourceResult>(ttl_doc(ttl).as_bytes()).expect_err(ttl);
        assert_eq!(error.path(), "ttlMs", "{ttl}");
        assert_eq!(error.rule(), Some(Rule::Type), "{ttl}");
        assert_eq!(
            error.to_string(),
            format!("ttlMs: {ttl} is negative: the schema's minimum is 0 (rule: type)")
        );
    }
    // Built in code, a negative ttl is reported by `validate()` at the same path.
    let mut built = ReadResourceResult::new(Vec::new());
    built.ttl_ms = Some(JsonInteger::from(-5_i64));
    let problems = built.validate().unwrap_err();
    assert_eq!(problems.problems()[0].path, "ttlMs");
}

#[test]
fn a_non_integer_size_or_ttl_is_refused_naming_the_path_and_rule() {
    for (size, message) in NOT_INTEGERS {
        for (doc, path) in [
            (link_doc(size), "content[0].size"),
            (resource_doc(size), "size"),
            (ttl_doc(size), "ttlMs"),
        ] {
            let error = match path {
                "content[0].size" => read_json::<CallToolResult>(doc.as_bytes()).map(drop),
                "size" => read_json::<Resource>(doc.as_bytes()).map(drop),
                _ => read_json::<ReadResourceResult>(doc.as_bytes()).map(drop),
            }
            .expect_err(&doc);
            assert_eq!(error.path(), path, "{doc}");
            assert_eq!(error.rule(), Some(Rule::Type), "{doc}");
            assert_eq!(error.to_string(), format!("{path}: {message} (rule: type)"));
            // From a `Value` too (where the document parses as one).
            let value: Value = serde_json::from_str(&doc).unwrap();
            let from_value = match path {
                "content[0].size" => read_value::<CallToolResult>(value).map(drop),
                "size" => read_value::<Resource>(value).map(drop),
                _ => read_value::<ReadResourceResult>(value).map(drop),
            }
            .expect_err(&doc);
            assert_eq!(from_value.path(), path, "{doc} (Value)");
            assert_eq!(from_value.rule(), Some(Rule::Type), "{doc} (Value)");
        }
    }
    // `null`: the one null rule.
    let error = read_json::<CallToolResult>(link_doc("null").as_bytes()).unwrap_err();
    assert_eq!(error.path(), "content[0].size");
    assert!(
        error.detail().starts_with("null is not allowed here"),
        "{error}"
    );
}

#[test]
fn a_value_reads_what_a_value_holds() {
    // A `serde_json::Value` holds 2^64 as the float 1.8446744073709552e19: read as that
    // integer, past 64 bits, and never refused.
    let value: Value = serde_json::from_str(&resource_doc("18446744073709551616")).unwrap();
    let resource: Resource = read_value(value).unwrap();
    let size = resource.size.unwrap();
    assert_eq!((size.as_u64(), size.is_negative()), (None, false));
    let value: Value = serde_json::from_str(&resource_doc("-1")).unwrap();
    let resource: Resource = read_value(value).unwrap();
    assert_eq!(resource.size.unwrap().as_i64(), Some(-1));
}

#[test]
fn the_public_type_converts_and_compares() {
    let link_size = |size: JsonInteger| {
        let mut link = ResourceLink::new(Uri::new("file:///a").unwrap(), "a");
        link.size = Some(size);
        link
    };
    assert_eq!(
        link_size(4096_u64.into()).size.unwrap().as_u64(),
        Some(4096)
    );
    assert_eq!(JsonInteger::from(-1_i64).as_u64(), None);
    assert_eq!(JsonInteger::from(u64::MAX).as_i64(), None);
    assert_eq!(JsonInteger::from(7_usize), 7_u64);
    assert_eq!(JsonInteger::from(-7_i32), -7_i64);
    assert_eq!(
        "1e3".parse::<JsonInteger>().unwrap(),
        JsonInteger::from(1000_u32)
    );
    let error = "1.5".parse::<JsonInteger>().unwrap_err();
    assert_eq!(error.to_string(), "1.5 is not an integer (rule: type)");
}

#[test]
fn the_rmcp_bridge_names_the_size_its_u64_cannot_carry() {
    use mcp_content::rmcp::RmcpModel;
    for size in ["-1", "18446744073709551616", "1e30"] {
        let result: CallToolResult = read_json(link_doc(size).as_bytes()).unwrap();
        let error = result.to_rmcp().expect_err(size);
        assert_eq!(error.path(), "content[0].size", "{size}: {error}");
    }
    let result: CallToolResult = read_json(link_doc("1e3").as_bytes()).unwrap();
    let ours = CallToolResult::from_rmcp(&result.to_rmcp().unwrap()).unwrap();
    assert_eq!(ours, result);
    let read: ReadResourceResult = read_json(ttl_doc("18446744073709551616").as_bytes()).unwrap();
    assert_eq!(read.to_rmcp().expect_err("2^64").path(), "ttlMs");
}

#[test]
fn a_size_before_the_block_type_is_read_the_same_way() {
    // Members before `type` are held, then read one by one once the type is known.
    let doc = br#"{"content":[{"size":-1,"a":0,"type":"resource_link","uri":"a:b","name":"n"}]}"#;
    let result: CallToolResult = read_json(doc).unwrap();
    let ContentBlock::ResourceLink(link) = &result.content[0] else {
        panic!("a link")
    };
    assert_eq!(link.size.as_ref().and_then(JsonInteger::as_i64), Some(-1));
    assert_eq!(link.extra.as_str(), r#"{"a":0}"#);
    let doc =
        br#"{"content":[{"a":0,"size":1.5,"b":1,"type":"resource_link","uri":"a:b","name":"n"}]}"#;
    let error = read_json::<CallToolResult>(doc).unwrap_err();
    assert_eq!(
        error.to_string(),
        "content[0].size: 1.5 is not an integer (rule: type)"
    );
}
