//! Generated code names everything by absolute path: a module that shadows the prelude
//! (`Result`, `Ok`, `Option`, `Some`, `Vec`, `String`, `Box`…) still derives cleanly under
//! `#![deny(warnings, unused_qualifications)]`, and `crate = "…"` reaches the runtime through
//! a re-exporting path.
#![deny(warnings, unused_qualifications)]

/// A framework that re-exports the runtime under its own path.
mod framework {
    pub(crate) use mcp_content as mcp;
}

mod shadowed {
    #![allow(non_camel_case_types, dead_code)]

    use ::mcp_content::Content;

    // Every name generated code could use unqualified, shadowed.
    struct Result;
    struct Ok;
    struct Err;
    struct Option;
    struct Some;
    struct None;
    struct Vec;
    struct String;
    struct Box;
    struct Default;
    struct Clone;
    struct Meta;
    struct ContentBlock;
    struct __private;
    mod core {}
    mod std {}
    mod serde_json {}
    mod mcp_content {}

    #[derive(Content, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[content(annotations(audience = ["user"], priority = 0.5))]
    #[content(meta("com.example/source" = "hygiene", "com.example/topic" = topic))]
    pub(crate) struct Everything {
        #[content(text)]
        pub(crate) summary: ::std::string::String,
        #[content(image(mime = "image/png"), meta("com.example/alt" = topic))]
        pub(crate) chart: ::std::vec::Vec<u8>,
        #[content(resource(uri = "notes://{topic}/raw", mime = "text/plain"), resource_meta("com.example/rev" = 1))]
        pub(crate) raw: ::std::option::Option<::std::string::String>,
        #[content(link(name = "report"))]
        pub(crate) report: ::std::vec::Vec<::mcp_content::model::Uri>,
        #[content(meta = "com.example/count")]
        pub(crate) count: u32,
        pub(crate) topic: ::std::string::String,
        #[content(skip)]
        pub(crate) cache: ::std::option::Option<u8>,
    }

    #[derive(Content)]
    #[content(crate = "crate::hygiene::framework::mcp")]
    pub(crate) struct Renamed {
        #[content(text)]
        pub(crate) summary: ::std::string::String,
        #[content(flatten)]
        pub(crate) inner: Everything,
    }
}

use mcp_content::{FromContent, IntoCallToolResult};

#[test]
fn derives_in_a_module_that_shadows_the_prelude() {
    let value = shadowed::Everything {
        summary: "s".into(),
        chart: vec![1],
        raw: Some("r".into()),
        report: vec![mcp_content::model::Uri::new("file:///r").unwrap()],
        count: 2,
        topic: "t".into(),
        cache: None,
    };
    let result = shadowed::Renamed {
        summary: "outer".into(),
        inner: value,
    }
    .into_call_tool_result();
    assert_eq!(result.content.len(), 5);
    assert_eq!(result.meta.get_value("com.example/topic"), Some("t".into()));
    let back = shadowed::Renamed::from_call_tool_result(&result).unwrap();
    assert_eq!(back.summary, "outer");
    assert_eq!(back.inner.topic, "t");
}

/// Every macro inside a `#[no_implicit_prelude]` module, beside local items named like what
/// generated code could use unqualified; raw identifiers as template variables and argument
/// names; every kind of handler parameter (arguments, `Option` arguments, renamed arguments,
/// `Context` by value and by reference, template variables) in sync and async functions.
#[no_implicit_prelude]
mod no_prelude {
    #![allow(non_camel_case_types, dead_code, unused_macros)]

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
    struct Send;
    struct Future;
    struct Value;
    struct Map;
    struct Router;
    struct RouterBuilder;
    struct CallToolResult;
    struct ProtocolError;
    struct ToolHandler;
    struct PromptHandler;
    struct ResourceHandler;
    struct async_trait;
    struct __p;
    mod serde {}
    mod serde_json {}
    mod schemars {}
    mod core {}
    mod std {}
    mod alloc {}
    mod mcp_content {}
    macro_rules! format {
        ($($t:tt)*) => {
            ()
        };
    }
    macro_rules! panic {
        ($($t:tt)*) => {
            ()
        };
    }
    macro_rules! vec {
        ($($t:tt)*) => {
            ()
        };
    }

    /// A derived type whose template variable is a raw identifier.
    #[derive(::mcp_content::Content, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub(crate) struct Typed {
        #[content(text)]
        pub(crate) summary: ::std::string::String,
        #[content(resource(uri = "kinds://{type}/raw", mime = "text/plain"))]
        pub(crate) raw: ::std::string::String,
        pub(crate) r#type: ::std::string::String,
    }

    /// Echoes a text.
    ///
    /// # Arguments
    /// * `type` - what to echo
    /// - times: how often
    #[::mcp_content::tool]
    pub(crate) fn echo(
        r#type: ::std::string::String,
        times: ::std::option::Option<u8>,
        #[arg(name = "loud")] shout: ::std::option::Option<bool>,
        context: &::mcp_content::Context,
    ) -> ::std::string::String {
        let _ = (times, shout, context);
        r#type
    }

    /// Echoes later, or fails.
    #[::mcp_content::tool(name = "echo.later", task = "optional")]
    pub(crate) async fn later(
        text: ::std::string::String,
        context: ::mcp_content::Context,
    ) -> ::core::result::Result<::std::string::String, ::std::string::String> {
        ::core::mem::drop(context);
        ::core::result::Result::Ok(text)
    }

    /// Greets someone.
    #[::mcp_content::prompt]
    pub(crate) fn greet(
        name: ::std::option::Option<::std::string::String>,
    ) -> ::std::string::String {
        name.unwrap_or_default()
    }

    /// Greets someone, later.
    #[::mcp_content::prompt(name = "greet.later")]
    pub(crate) async fn greet_later(
        r#fn: ::std::string::String,
        context: &::mcp_content::Context,
    ) -> ::core::result::Result<::std::string::String, ::mcp_content::handler::ProtocolError> {
        let _ = context;
        ::core::result::Result::Ok(r#fn)
    }

    /// A kind's notes.
    #[::mcp_content::resource(uri = "kinds://{type}/notes{?page}", mime = "text/plain")]
    pub(crate) fn notes(
        r#type: ::std::string::String,
        page: ::std::option::Option<u32>,
    ) -> ::std::string::String {
        let _ = page;
        r#type
    }

    /// The logo, later.
    #[::mcp_content::resource(uri = "kinds://logo", mime = "image/png")]
    pub(crate) async fn logo(context: ::mcp_content::Context) -> ::std::vec::Vec<u8> {
        ::core::mem::drop(context);
        ::std::vec::Vec::new()
    }

    pub(crate) fn router() -> ::mcp_content::Router {
        ::mcp_content::router!(
            tools: [echo, later],
            prompts: [greet, greet_later],
            resources: [notes, logo],
        )
        .build()
        .unwrap()
    }
}

#[test]
fn every_macro_compiles_without_the_prelude_and_takes_raw_identifiers() {
    let value = no_prelude::Typed {
        summary: "s".into(),
        raw: "r".into(),
        r#type: "mime".into(),
    };
    let result = value.into_call_tool_result();
    let json = serde_json::to_string(&result).unwrap();
    assert!(json.contains("kinds://mime/raw"), "{json}");
    let back = no_prelude::Typed::from_call_tool_result(&result).unwrap();
    assert_eq!(back.r#type, "mime");
    let router = no_prelude::router();
    let tools = router.list_tools();
    assert_eq!(tools.len(), 2);
    let schema = serde_json::to_value(&tools[0].input_schema).unwrap();
    assert_eq!(schema["required"], serde_json::json!(["type"]), "{schema}");
    assert_eq!(schema["properties"]["type"]["description"], "what to echo");
    assert_eq!(schema["properties"]["times"]["description"], "how often");
    assert!(schema["properties"]["loud"].is_object(), "{schema}");
    assert!(!schema.to_string().contains("r#type"), "{schema}");
    let prompts = router.list_prompts();
    assert_eq!(prompts.len(), 2);
    assert_eq!(prompts[1].arguments.as_ref().unwrap()[0].name, "fn");
    assert_eq!(router.list_resource_templates().len(), 1);
    assert_eq!(router.list_resources().len(), 1);
}
