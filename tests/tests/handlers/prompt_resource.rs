//! `#[prompt]`, `#[resource]` and `router!` end to end: descriptors, argument and template
//! variable binding, every supported return type as exact JSON validated against the official
//! schemas, errors, and path traversal.

use std::future::Future;
use std::pin::pin;
use std::task::{Poll, Waker};

use mcp_content::handler::{PromptHandler, ProtocolError, ResourceDescriptor, ResourceHandler};
use mcp_content::model::{
    GetPromptResult, Meta, PromptMessage, ReadResourceResult, ResourceContents, Role,
    TextResourceContents, Uri,
};
use mcp_content::{
    Content, ContentBlock, Context, ProtocolVersion, SerializeFor, prompt, resource, router,
};
use mcp_content_tests::{VERSIONS, assert_valid};
use serde_json::{Map, Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut cx = std::task::Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(value) = future.as_mut().poll(&mut cx) {
            return value;
        }
    }
}

fn args(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

fn get(handler: &impl PromptHandler, arguments: Value) -> Result<GetPromptResult, ProtocolError> {
    block_on(handler.get(args(arguments), Context::default()))
}

/// The JSON of `value` for every version, validated as `definition`; the latest one returned.
fn wire<T: SerializeFor>(definition: &str, value: &T) -> Value {
    let mut last = Value::Null;
    for version in VERSIONS {
        let v = ProtocolVersion::parse(version).expect("a known version");
        last = value.to_value_for(v);
        assert_valid(version, definition, &last);
    }
    last
}

// ---------------------------------------------------------------------------------------
// Prompts

/// Asks for a code review.
///
/// # Arguments
/// * `code` - The code to review.
#[prompt(title = "Code review")]
fn code_review(
    code: String,
    #[arg(description = "The language, if known.")] language: Option<String>,
) -> Vec<PromptMessage> {
    let language = language.unwrap_or_else(|| "code".into());
    vec![
        PromptMessage::new(
            Role::User,
            ContentBlock::text(format!("Review this {language}: {code}")),
        ),
        PromptMessage::new(Role::Assistant, ContentBlock::text("Sure.")),
    ]
}

/// A simple prompt.
#[prompt(name = "test_simple_prompt")]
fn simple() -> String {
    "This is a simple prompt for testing.".into()
}

/// Repeats a word.
#[prompt]
#[allow(clippy::unused_async)] // async on purpose: the async path of `#[prompt]`
async fn repeat(word: String, times: u8) -> Result<String, ProtocolError> {
    if times == 0 {
        return Err(ProtocolError::invalid_params("times must be positive"));
    }
    Ok(vec![word; usize::from(times)].join(" "))
}

#[derive(Content)]
#[content(meta("com.example/kind" = "greeting"))]
struct Greeting {
    #[content(text)]
    hello: String,
    #[content(text)]
    question: String,
}

/// A derived struct: one user message per block.
#[prompt]
fn greeting(name: String) -> Greeting {
    Greeting {
        hello: format!("Hello {name}"),
        question: "How are you?".into(),
    }
}

#[test]
fn prompt_descriptor() {
    let prompt = code_review {}.prompt();
    assert_eq!(
        wire("Prompt", &prompt),
        json!({
            "name": "code_review",
            "title": "Code review",
            "description": "Asks for a code review.",
            "arguments": [
                {"name": "code", "description": "The code to review.", "required": true},
                {"name": "language", "description": "The language, if known.", "required": false}
            ]
        })
    );
    assert_eq!(
        wire("Prompt", &simple {}.prompt()),
        json!({"name": "test_simple_prompt", "description": "A simple prompt."})
    );
    assert_eq!(simple::NAME, "test_simple_prompt");
}

#[test]
fn prompt_messages() {
    let result = get(
        &code_review {},
        json!({"code": "fn x() {}", "language": "Rust"}),
    )
    .expect("ok");
    assert_eq!(
        wire("GetPromptResult", &result),
        json!({
            "messages": [
                {"role": "user", "content": {"type": "text", "text": "Review this Rust: fn x() {}"}},
                {"role": "assistant", "content": {"type": "text", "text": "Sure."}}
            ],
            "resultType": "complete"
        })
    );
    let result = get(&simple {}, json!({})).expect("ok");
    assert_eq!(
        wire("GetPromptResult", &result)["messages"],
        json!([{"role": "user", "content": {"type": "text", "text": "This is a simple prompt for testing."}}])
    );
}

#[test]
fn prompt_from_derived_content() {
    let result = get(&greeting {}, json!({"name": "Ann"})).expect("ok");
    assert_eq!(
        wire("GetPromptResult", &result),
        json!({
            "messages": [
                {"role": "user", "content": {"type": "text", "text": "Hello Ann"}},
                {"role": "user", "content": {"type": "text", "text": "How are you?"}}
            ],
            "_meta": {"com.example/kind": "greeting"},
            "resultType": "complete"
        })
    );
}

#[test]
fn prompt_arguments_are_parsed_from_strings() {
    let result = get(&repeat {}, json!({"word": "hi", "times": "3"})).expect("ok");
    assert_eq!(result.messages[0].content.as_text(), Some("hi hi hi"));
    // A number given as JSON is read in its JSON spelling.
    let result = get(&repeat {}, json!({"word": "hi", "times": 2})).expect("ok");
    assert_eq!(result.messages[0].content.as_text(), Some("hi hi"));
}

#[test]
fn prompt_argument_errors() {
    let missing = get(&repeat {}, json!({"word": "hi"})).unwrap_err();
    assert_eq!(missing.code, ProtocolError::INVALID_PARAMS);
    assert_eq!(missing.message, "missing required argument `times`");
    let null = get(&code_review {}, json!({"code": null})).unwrap_err();
    assert_eq!(null.message, "missing required argument `code`");
    let bad = get(&repeat {}, json!({"word": "hi", "times": "many"})).unwrap_err();
    assert_eq!(
        bad.message,
        "argument `times`: invalid digit found in string"
    );
    let user = get(&repeat {}, json!({"word": "hi", "times": "0"})).unwrap_err();
    assert_eq!(
        user,
        ProtocolError::invalid_params("times must be positive")
    );
}

// ---------------------------------------------------------------------------------------
// Resources

/// A static text resource.
#[resource(uri = "test://static-text", name = "static_text", mime = "text/plain")]
fn static_text() -> &'static str {
    "This is the content of the static text resource."
}

/// A static binary resource.
#[resource(uri = "test://static-binary", mime = "image/png")]
fn static_binary() -> Vec<u8> {
    vec![0x89, b'P', b'N', b'G']
}

/// A templated resource.
#[resource(
    uri = "test://template/{id}/data",
    name = "template",
    mime = "application/json"
)]
#[allow(clippy::unused_async)] // async on purpose: the async path of `#[resource]`
async fn template_data(id: u32, context: Context) -> Result<String, String> {
    let _ = context.protocol_version();
    if id == 0 {
        return Err("no such item".into());
    }
    Ok(json!({"id": id}).to_string())
}

/// Files under a root.
#[resource(uri = "file:///srv/{name}", mime = "text/plain")]
fn file(name: String) -> String {
    format!("file {name}")
}

/// Files under a root, traversal allowed.
#[resource(uri = "file:///any/{name}", allow_path_traversal)]
fn any_file(name: String) -> ResourceContents {
    let uri = Uri::new(format!("file:///any/{name}")).expect("a URI");
    TextResourceContents::new(uri, "x").into()
}

#[derive(Content)]
struct Doc {
    #[content(text)]
    body: String,
}

/// A derived struct as a resource.
#[resource(uri = "test://doc", mime = "text/markdown")]
fn doc() -> Doc {
    Doc {
        body: "# Title".into(),
    }
}

/// A whole result.
#[resource(uri = "test://whole")]
fn whole() -> ReadResourceResult {
    let uri = Uri::new("test://whole").expect("a URI");
    ReadResourceResult::new(vec![TextResourceContents::new(uri, "w").into()])
}

fn read(
    handler: &impl ResourceHandler,
    uri: &str,
    variables: &[(&str, &str)],
) -> Result<ReadResourceResult, ProtocolError> {
    let variables = variables
        .iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect();
    block_on(handler.read(uri, variables, Context::default()))
}

#[test]
fn resource_descriptors() {
    let ResourceDescriptor::Fixed(resource) = static_text {}.descriptor() else {
        panic!("a fixed resource")
    };
    assert_eq!(
        wire("Resource", &resource),
        json!({
            "uri": "test://static-text",
            "name": "static_text",
            "description": "A static text resource.",
            "mimeType": "text/plain"
        })
    );
    let ResourceDescriptor::Template(template) = template_data {}.descriptor() else {
        panic!("a template")
    };
    assert_eq!(
        wire("ResourceTemplate", &template),
        json!({
            "uriTemplate": "test://template/{id}/data",
            "name": "template",
            "description": "A templated resource.",
            "mimeType": "application/json"
        })
    );
    assert_eq!(template_data::URI, "test://template/{id}/data");
    assert!(!file {}.allows_path_traversal());
    assert!(any_file {}.allows_path_traversal());
}

#[test]
fn text_and_blob_results() {
    let result = read(&static_text {}, "test://static-text", &[]).expect("ok");
    assert_eq!(
        wire("ReadResourceResult", &result),
        json!({
            "contents": [{
                "uri": "test://static-text",
                "mimeType": "text/plain",
                "text": "This is the content of the static text resource."
            }],
            "cacheScope": "private",
            "ttlMs": 0,
            "resultType": "complete"
        })
    );
    let result = read(&static_binary {}, "test://static-binary", &[]).expect("ok");
    assert_eq!(
        wire("ReadResourceResult", &result)["contents"],
        json!([{"uri": "test://static-binary", "mimeType": "image/png", "blob": "iVBORw=="}])
    );
}

#[test]
fn template_variables_bind_to_parameters() {
    let result = read(
        &template_data {},
        "test://template/42/data",
        &[("id", "42")],
    )
    .expect("ok");
    assert_eq!(
        wire("ReadResourceResult", &result)["contents"],
        json!([{"uri": "test://template/42/data", "mimeType": "application/json", "text": "{\"id\":42}"}])
    );
    let bad = read(&template_data {}, "test://template/x/data", &[("id", "x")]).unwrap_err();
    assert_eq!(bad.code, ProtocolError::INVALID_PARAMS);
    assert_eq!(
        bad.message,
        "template variable `id`: invalid digit found in string"
    );
    let failed = read(&template_data {}, "test://template/0/data", &[("id", "0")]).unwrap_err();
    assert_eq!(failed, ProtocolError::internal("no such item"));
}

#[test]
fn derived_and_whole_results() {
    let result = read(&doc {}, "test://doc", &[]).expect("ok");
    assert_eq!(
        wire("ReadResourceResult", &result)["contents"],
        json!([{"uri": "test://doc", "mimeType": "text/markdown", "text": "# Title"}])
    );
    let result = read(&whole {}, "test://whole", &[]).expect("ok");
    assert_eq!(
        wire("ReadResourceResult", &result)["contents"],
        json!([{"uri": "test://whole", "text": "w"}])
    );
}

// ---------------------------------------------------------------------------------------
// router!

#[test]
fn router_macro_registers_everything() {
    let router = router! {
        prompts: [code_review, simple],
        resources: [static_text, static_binary, template_data, file, any_file],
    }
    .build()
    .expect("unique names");
    assert_eq!(router.list_prompts().len(), 2);
    assert_eq!(router.list_resources().len(), 2);
    assert_eq!(router.list_resource_templates().len(), 3);
    let context = Context::new(Meta::new(), ProtocolVersion::V2025_11_25);
    let read = |uri: &str| {
        block_on(router.handle(
            "resources/read",
            Some(args(json!({"uri": uri}))),
            context.clone(),
        ))
    };
    assert_eq!(
        read("test://template/7/data").expect("ok"),
        json!({"contents": [{"uri": "test://template/7/data", "mimeType": "application/json", "text": "{\"id\":7}"}]})
    );
    assert_eq!(
        read("file:///srv/notes.txt").expect("ok")["contents"][0]["text"],
        "file notes.txt"
    );
    // Climbing out of a `file:` root is refused unless the handler allows it.
    let refused = read("file:///srv/..%2Fetc%2Fpasswd").unwrap_err();
    assert_eq!(refused.code, ProtocolError::INVALID_PARAMS);
    assert!(read("file:///any/..%2Fetc").is_ok());
}

mod tools {
    /// One.
    #[mcp_content::tool(name = "one")]
    pub(crate) fn first() {}

    /// Two.
    #[mcp_content::tool]
    pub(crate) fn second() {}
}

#[test]
fn router_macro_takes_paths_and_returns_a_builder() {
    let router = router! { tools: [tools::first, tools::second] }
        .info("test", "1.0")
        .build()
        .expect("unique names");
    let names: Vec<String> = router
        .list_tools()
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert_eq!(names, ["one", "second"]);
    assert_eq!(router.info().name, "test");
}

/// Days' logs.
#[resource(uri = "logs://{day}")]
fn logs_by_day(day: String) -> String {
    day
}

/// Dates' logs: the same URIs as `logs_by_day`.
#[resource(uri = "logs://{date}")]
fn logs_by_date(date: String) -> String {
    date
}

/// Today's log: a URI `logs_by_day` matches.
#[resource(uri = "logs://today")]
fn logs_today() -> String {
    "today".into()
}

/// Raw logs: apart from `logs_by_day`.
#[resource(uri = "logs://{day}/raw")]
fn raw_logs(day: String) -> String {
    day
}

#[test]
fn overlapping_resources_are_refused_naming_both() {
    let Err(err) = mcp_content::Router::builder()
        .resource(logs_by_day {})
        .resource(logs_by_date {})
        .build()
    else {
        panic!("two templates with the same URIs are refused");
    };
    assert_eq!(
        err.to_string(),
        "the resource `logs://{date}` overlaps `logs://{day}`: some URI matches both, and only one handler can serve it"
    );
    let Err(err) = mcp_content::Router::builder()
        .resource(logs_today {})
        .resource(logs_by_day {})
        .build()
    else {
        panic!("a fixed URI the template matches is refused");
    };
    assert_eq!(
        err.to_string(),
        "the resource `logs://today` overlaps `logs://{day}`: some URI matches both, and only one handler can serve it"
    );
    assert!(
        mcp_content::Router::builder()
            .resource(logs_by_day {})
            .resource(raw_logs {})
            .build()
            .is_ok()
    );
}

/// Greets (the parameter is named like the function).
#[prompt]
fn salute(salute: String) -> String {
    salute
}

/// A page (the variable is named like the function).
#[resource(uri = "pages://{page}")]
fn page(page: String) -> String {
    page
}

/// A fixed resource named like the generated method's URI parameter.
#[resource(uri = "test://uri")]
fn uri() -> String {
    "u".into()
}

#[test]
fn a_parameter_named_like_its_function_is_read_and_passed() {
    let result = get(&salute {}, json!({"salute": "hello"})).expect("a prompt");
    assert_eq!(
        wire("GetPromptResult", &result),
        json!({
            "messages": [{"role": "user", "content": {"type": "text", "text": "hello"}}],
            "resultType": "complete"
        })
    );
    let result = read(&page {}, "pages://home", &[("page", "home")]).expect("a page");
    assert_eq!(
        wire("ReadResourceResult", &result)["contents"],
        json!([{"uri": "pages://home", "text": "home"}])
    );
    let result = read(&uri {}, "test://uri", &[]).expect("a resource");
    assert_eq!(
        wire("ReadResourceResult", &result)["contents"],
        json!([{"uri": "test://uri", "text": "u"}])
    );
}
