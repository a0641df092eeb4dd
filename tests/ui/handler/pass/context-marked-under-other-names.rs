#![deny(warnings)] // the macros give the user no warning
//! The request's context under another name, marked `#[context]`: by value and by reference,
//! through an alias and a path, in every handler kind; it is no argument (the schema lists
//! none, a call with no arguments succeeds) and the function gets the request's context.
use mcp_content::{prompt, resource, router, tool, Context};

type Ctx = Context;
type Shared<'a> = &'a Context;

mod deep {
    pub type Request = mcp_content::Context;
}

/// A tool with its context under an alias (one context per handler: a second is an error).
///
/// # Arguments
///
/// * `context` - documented, and unused: the context is no argument.
#[tool]
fn aliased(#[context] context: Ctx, word: Option<String>) -> String {
    format!("{} {word:?}", context.protocol_version().as_str())
}

/// A tool with its context behind a reference alias.
#[tool]
fn shared(#[context] shared: Shared<'_>) -> String {
    let _ = shared;
    String::from("ok")
}

/// A tool with its context through a module path.
#[tool]
fn pathed(#[context] request: deep::Request) -> String {
    let _ = request;
    String::from("ok")
}

/// A prompt with its context under an alias.
#[prompt]
fn greet(name: String, #[context] context: Ctx) -> String {
    let _ = context;
    format!("Hello, {name}")
}

/// A resource with its context under an alias, beside a template variable.
#[resource(uri = "notes://{id}")]
fn note(id: u32, #[context] context: &Ctx) -> String {
    let _ = context;
    format!("note {id}")
}

/// `#[context]` on a context already spelled `Context` is allowed.
#[tool]
fn plain(#[context] context: Context) -> String {
    let _ = context;
    String::from("plain")
}

fn main() {
    let router = router! { tools: [aliased, shared, pathed, plain], prompts: [greet], resources: [note] }
        .build()
        .unwrap();
    for tool in router.list_tools() {
        let schema = serde_json::to_value(&tool.input_schema).unwrap();
        let properties: Vec<&String> = schema["properties"]
            .as_object()
            .map(|p| p.keys().collect())
            .unwrap_or_default();
        let expected: &[&str] = if tool.name.as_str() == "aliased" { &["word"] } else { &[] };
        assert_eq!(properties, expected, "{schema}");
    }
    let prompt = &router.list_prompts()[0];
    let names: Vec<&str> = prompt.arguments.iter().flatten().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["name"]);
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let result = runtime
        .block_on(router.call_tool("aliased", None, Context::default()))
        .unwrap();
    let json = serde_json::to_value(&result).unwrap();
    let version = mcp_content::ProtocolVersion::LATEST.as_str();
    assert_eq!(json["content"][0]["text"], format!("{version} None"), "{json}");
    for name in ["shared", "pathed"] {
        let result = runtime
            .block_on(router.call_tool(name, None, Context::default()))
            .unwrap();
        let json = serde_json::to_value(&result).unwrap();
        assert_eq!(json["content"][0]["text"], "ok", "{json}");
    }
    let read = runtime
        .block_on(router.read_resource("notes://7", Context::default()))
        .unwrap();
    let json = serde_json::to_value(&read).unwrap();
    assert_eq!(json["contents"][0]["text"], "note 7", "{json}");
}
