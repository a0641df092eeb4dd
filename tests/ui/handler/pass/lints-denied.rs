//! Generated code is quiet under strict lints.
#![deny(
    warnings,
    missing_docs,
    missing_debug_implementations,
    unreachable_pub,
    unused_qualifications,
    unused_results,
    unused_extern_crates,
    rust_2018_idioms,
    elided_lifetimes_in_paths,
    trivial_casts,
    trivial_numeric_casts,
    single_use_lifetimes,
    unused_lifetimes,
    variant_size_differences,
    non_ascii_idents,
    let_underscore_drop,
    unsafe_code,
    deprecated
)]

/// Handlers, public.
pub mod handlers {
    use mcp_content::{Context, prompt, resource, tool};

    /// Echoes.
    ///
    /// # Arguments
    /// * `text` - what
    #[tool(annotations(read_only_hint))]
    pub fn echo(text: String, times: Option<u8>, context: &Context) -> String {
        let _ = (times, context);
        text
    }

    /// Echoes later.
    #[tool(task = "optional")]
    pub async fn later(text: String, context: Context) -> Result<String, String> {
        drop(context);
        Ok(text)
    }

    /// Greets.
    #[prompt]
    pub async fn greet(name: String, mood: Option<String>) -> String {
        format!("{name} {mood:?}")
    }

    /// Notes.
    #[resource(uri = "notes://{id}", mime = "text/plain")]
    pub fn notes(id: u32, context: &Context) -> String {
        let _ = context;
        id.to_string()
    }
}

fn main() {
    let router = mcp_content::router! {
        tools: [handlers::echo, handlers::later],
        prompts: [handlers::greet],
        resources: [handlers::notes],
    };
    assert!(router.build().is_ok());
}
