#![deny(warnings)] // the macros give the user no warning
#![deny(warnings, unused_qualifications)]

#[no_implicit_prelude]
mod handlers {
    #![allow(non_camel_case_types, dead_code, non_snake_case, unused_macros, clippy::all)]

    // Every name generated code could use unqualified, shadowed.
    struct String;
    struct Option;
    struct Some;
    struct None;
    struct Result;
    struct Ok;
    struct Err;
    struct Vec;
    struct Box;
    struct From;
    struct Into;
    struct Default;
    struct Clone;
    struct Copy;
    struct Debug;
    struct Send;
    struct Sync;
    struct Sized;
    struct Future;
    struct Pin;
    struct Value;
    struct Map;
    struct Router;
    struct RouterBuilder;
    struct Context;
    struct ContextType;
    struct BoxFuture;
    struct CallToolResult;
    struct ProtocolError;
    struct Tool;
    struct Prompt;
    struct ToolHandler;
    struct PromptHandler;
    struct ResourceHandler;
    struct LazyLock;
    struct async_trait;
    struct __p;
    struct __private;
    mod serde {}
    mod serde_json {}
    mod schemars {}
    mod core {}
    mod std {}
    mod alloc {}
    mod mcp_content {}
    macro_rules! format { ($($t:tt)*) => { () }; }
    macro_rules! panic { ($($t:tt)*) => { () }; }
    macro_rules! assert { ($($t:tt)*) => { () }; }
    macro_rules! vec { ($($t:tt)*) => { () }; }

    /// Echoes, sync, with an optional argument, a rename and a context by reference.
    ///
    /// # Arguments
    /// * `text` - what to echo
    /// * `type` - the kind
    #[::mcp_content::tool(annotations(read_only_hint), meta("com.example/k" = 1))]
    pub(crate) fn echo(
        text: ::std::string::String,
        times: ::std::option::Option<u8>,
        #[arg(name = "kind")] r#type: ::std::option::Option<::std::string::String>,
        context: &::mcp_content::Context,
    ) -> ::std::string::String {
        let _ = (times, r#type, context);
        text
    }

    /// Async, returning a `Result`, with a context by value.
    #[::mcp_content::tool(name = "async.echo", task = "optional", max_inline = "1KiB")]
    pub(crate) async fn async_echo(
        text: ::std::string::String,
        context: ::mcp_content::Context,
    ) -> ::core::result::Result<::std::string::String, ::std::string::String> {
        let _ = context;
        ::core::result::Result::Ok(text)
    }

    /// No parameters, returns an option.
    #[::mcp_content::tool]
    pub(crate) fn nothing() -> ::core::option::Option<::std::string::String> {
        ::core::option::Option::None
    }

    /// A prompt: required, optional, raw argument and context.
    #[::mcp_content::prompt(title = "Greet")]
    pub(crate) async fn greet(
        name: ::std::string::String,
        r#loop: ::std::option::Option<u32>,
        context: &::mcp_content::Context,
    ) -> ::std::string::String {
        let _ = (r#loop, context);
        name
    }

    /// A sync prompt without arguments, returning a `Result`.
    #[::mcp_content::prompt]
    pub(crate) fn plain() -> ::core::result::Result<::std::string::String, ::mcp_content::handler::ProtocolError> {
        ::core::result::Result::Ok(::std::string::String::new())
    }

    /// A template resource with raw and typed variables and a context.
    #[::mcp_content::resource(uri = "kinds://{type}/{n}", mime = "text/plain", cache(ttl = "5m", scope = "public"))]
    pub(crate) async fn notes(
        r#type: ::std::string::String,
        n: u32,
        context: ::mcp_content::Context,
    ) -> ::std::string::String {
        let _ = (n, context);
        r#type
    }

    /// A fixed resource, sync, bytes.
    #[::mcp_content::resource(uri = "files://logo.png", mime = "image/png")]
    pub(crate) fn logo() -> ::std::vec::Vec<u8> {
        ::std::vec::Vec::new()
    }

    pub(crate) fn router() -> ::mcp_content::Router {
        let router = ::mcp_content::router! {
            tools: [echo, async_echo, nothing],
            prompts: [greet, plain],
            resources: [notes, logo],
        };
        match router.build() {
            ::core::result::Result::Ok(router) => router,
            ::core::result::Result::Err(_) => ::core::unreachable!(),
        }
    }
}

fn main() {
    let router = handlers::router();
    assert_eq!(router.list_tools().len(), 3);
    assert_eq!(router.list_prompts().len(), 2);
    let schema = serde_json::to_value(&router.list_tools()[0].input_schema).unwrap();
    assert_eq!(schema["required"], serde_json::json!(["text"]), "{schema}");
    assert_eq!(schema["properties"]["kind"]["description"], "the kind", "{schema}");
}
