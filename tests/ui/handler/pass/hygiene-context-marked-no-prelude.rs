//! `#[context]` and the argument probe compile inside a `#[no_implicit_prelude]` module, beside
//! local items named like the glue they use, with warnings denied.
#![deny(warnings, unused_qualifications)]

#[no_implicit_prelude]
mod handlers {
    #![allow(non_camel_case_types, dead_code, non_snake_case, clippy::all)]

    struct ArgumentProbe;
    struct ContextParameter;
    struct ContextAsArgument;
    struct PlainArgument;
    struct NotContext;
    struct Context;
    struct String;
    struct Option;
    struct __p;
    fn __argument_probes() {}
    mod core {}
    mod std {}
    mod mcp_content {}

    type Ctx = ::mcp_content::Context;

    /// A tool with a marked alias and an argument.
    #[::mcp_content::tool]
    pub(crate) fn marked(
        #[context] context: &Ctx,
        n: ::std::option::Option<u8>,
    ) -> ::std::string::String {
        let _ = (context, n);
        ::std::string::String::new()
    }

    /// A prompt with a marked alias by value.
    #[::mcp_content::prompt]
    pub(crate) async fn ask(#[context] context: Ctx, topic: ::std::string::String) -> ::std::string::String {
        let _ = context;
        topic
    }

    /// A resource with a marked alias.
    #[::mcp_content::resource(uri = "notes://{id}")]
    pub(crate) fn note(id: u32, #[context] context: &Ctx) -> ::std::string::String {
        let _ = (id, context);
        ::std::string::String::new()
    }

    pub(crate) fn router() -> ::mcp_content::Router {
        match (::mcp_content::router! { tools: [marked], prompts: [ask], resources: [note] }).build() {
            ::core::result::Result::Ok(router) => router,
            ::core::result::Result::Err(_) => ::core::unreachable!(),
        }
    }
}

fn main() {
    let router = handlers::router();
    assert_eq!(router.list_tools().len(), 1);
    assert_eq!(router.list_prompts().len(), 1);
}
