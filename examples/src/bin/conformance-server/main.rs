//! The fixtures the official MCP conformance suite (`@modelcontextprotocol/conformance`)
//! calls for tools, resources and prompts, built only with this framework's attributes and
//! served through `rmcp` or through mcp-content's own Streamable HTTP endpoint.
//!
//! ```text
//! cargo run -p mcp-content-examples --bin conformance-server -- --http 127.0.0.1:3001      # rmcp's Streamable HTTP at /mcp
//! cargo run -p mcp-content-examples --bin conformance-server -- --own-http 127.0.0.1:3001  # mcp_content::http::HttpServer at /mcp
//! cargo run -p mcp-content-examples --bin conformance-server -- --own-http 127.0.0.1:3001 --allow-origin http://127.0.0.1:8000  # browsers from that origin only (repeatable)
//! cargo run -p mcp-content-examples --bin conformance-server -- --own-http 127.0.0.1:3001 --redis redis://127.0.0.1:6379/ --key-file state-keys  # a replica: tasks, payload links and changes in Redis
//! cargo run -p mcp-content-examples --bin conformance-server -- --stdio
//! ```
//!
//! As a replica (`--redis URL --key-file PATH`), every replica given the same Redis and the
//! same key file answers any request of the 2026-07-28 flow: `scripts/conformance-replicas.sh`
//! runs the suite through a round-robin proxy in front of three of them.
//!
//! The fixtures live by concern: `content` (content, input schemas, resources, prompts),
//! `client` (logging, progress, sampling and elicitation on the back-channel),
//! `input_required` (the 2026-07-28 input rounds), `tasks`, `changes` (a resource change
//! announced); `flags` reads the command line; this file builds the router and serves it.

mod changes;
mod client;
mod content;
mod flags;
mod input_required;
mod tasks;

use std::sync::Arc;

use mcp_content::Router;
use mcp_content::http::Serve;
use mcp_content::input::{StateKey, StateKeys};
use mcp_content::redis::{Redis, RedisChangeBus, RedisPayloadStore, RedisTaskStore};
use mcp_content::tasks::FileTaskStore;

use flags::{Shared, own_http_flags};

/// The conformance router.
#[cfg(test)]
fn router() -> Router {
    router_builder().build().expect("fixture names are unique")
}

/// The conformance handlers.
fn router_builder() -> mcp_content::RouterBuilder {
    mcp_content::router! {
        tools: [
            content::test_simple_text,
            content::test_image_content,
            content::test_audio_content,
            content::test_embedded_resource,
            content::test_multiple_content_types,
            content::test_error_handling,
            client::test_tool_with_logging,
            client::test_tool_with_progress,
            client::test_sampling,
            client::test_elicitation,
            client::test_elicitation_sep1034_defaults,
            client::test_elicitation_sep1330_enums,
            content::json_schema_2020_12_tool,
            content::test_custom_header_lookup,
            input_required::test_input_required_result_elicitation,
            input_required::test_input_required_result_sampling,
            input_required::test_input_required_result_list_roots,
            input_required::test_input_required_result_request_state,
            input_required::test_input_required_result_multiple_inputs,
            input_required::test_input_required_result_multi_round,
            input_required::test_input_required_result_tampered_state,
            input_required::test_input_required_result_capabilities,
            input_required::test_missing_capability,
            input_required::test_streaming_elicitation,
            client::test_logging_tool,
            tasks::greet,
            tasks::slow_compute,
            tasks::failing_job,
            tasks::protocol_error_job,
            tasks::confirm_delete,
            tasks::multi_input,
            tasks::test_tool_with_task,
            content::large_payload_link,
            changes::test_resource_changed,
        ],
        prompts: [
            input_required::test_input_required_result_prompt,
            content::test_simple_prompt,
            content::test_prompt_with_arguments,
            content::test_prompt_with_embedded_resource,
            content::test_prompt_with_image,
        ],
        resources: [content::static_text, content::static_binary, content::template_data],
    }
    .info("mcp-content-conformance-server", env!("CARGO_PKG_VERSION"))
    .completion(content::complete)
}

/// The router, configured from the environment for replicas: `MCP_CONTENT_STATE_KEY` (at
/// least 32 bytes) seals `requestState` with a key every replica shares, and
/// `MCP_CONTENT_TASK_DIR` keeps tasks in a directory every replica shares. With `shared`
/// (`--redis URL --key-file PATH`), tasks, payload links and change notifications live in
/// Redis and the key file's keys seal `requestState` instead.
async fn configured_router(shared: Option<&Shared>) -> Result<Arc<Router>, String> {
    let mut builder = router_builder();
    if let Ok(secret) = std::env::var("MCP_CONTENT_STATE_KEY") {
        let key = StateKey::new("shared", secret.into_bytes())
            .map_err(|e| format!("MCP_CONTENT_STATE_KEY: {e}"))?;
        builder = builder.state_keys(StateKeys::new(key));
    }
    if let Ok(dir) = std::env::var("MCP_CONTENT_TASK_DIR") {
        let store =
            FileTaskStore::new(&dir).map_err(|e| format!("MCP_CONTENT_TASK_DIR {dir}: {e}"))?;
        builder = builder.task_store(store);
    }
    if let Some(shared) = shared {
        let redis = Redis::connect(&shared.redis)
            .await
            .map_err(|e| e.to_string())?;
        let bus = RedisChangeBus::new(&redis)
            .await
            .map_err(|e| e.to_string())?;
        builder = builder
            .task_store(RedisTaskStore::new(&redis))
            .payload_store(RedisPayloadStore::new(&redis))
            .change_bus(bus);
        if let Some(path) = &shared.key_file {
            builder =
                builder.state_keys(StateKeys::from_key_file(path).map_err(|e| e.to_string())?);
        }
    }
    let router = Arc::new(
        builder
            .build()
            .map_err(|e| format!("the router does not build: {e}"))?,
    );
    let _ = changes::ROUTER.set(Arc::clone(&router));
    Ok(router)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("--stdio") => mcp_content::rmcp::serve_stdio(configured_router(None).await?).await,
        Some("--http") => {
            let addr = args.get(1).map_or("127.0.0.1:3001", String::as_str);
            let service =
                mcp_content::rmcp::streamable_http_service(configured_router(None).await?);
            let app = axum::Router::new().nest_service("/mcp", service);
            // The hardened loop (header and body timeouts, a connection limit, a backoff when
            // out of descriptors, TCP_NODELAY on every socket) serves the axum app as it is.
            let listener = tokio::net::TcpListener::bind(addr).await?;
            eprintln!(
                "conformance-server listening on http://{}/mcp",
                listener.local_addr()?
            );
            Serve::new()
                .run_until(listener, app, async {
                    let _ = tokio::signal::ctrl_c().await;
                })
                .await?;
            Ok(())
        }
        Some("--own-http") => {
            let given = args.get(1).filter(|a| !a.starts_with("--"));
            let addr = given.map_or("127.0.0.1:3001", String::as_str);
            // `--allow-origin ORIGIN` (repeatable): browsers from exactly these origins
            // (scripts/browser-cors.sh); without it, the default (loopback origins).
            // `--redis URL --key-file PATH`: a replica (scripts/conformance-replicas.sh).
            let flags = own_http_flags(&args[1 + usize::from(given.is_some())..])?;
            // Connected before listening: a replica that cannot reach Redis never accepts.
            let router = configured_router(flags.shared()?.as_ref()).await?;
            let listener = tokio::net::TcpListener::bind(addr).await?;
            eprintln!(
                "conformance-server (own endpoint) listening on http://{}/mcp",
                listener.local_addr()?
            );
            // `serve` runs the same hardened loop, with its defaults.
            let mut server = mcp_content::http::HttpServer::new(router);
            if !flags.origins.is_empty() {
                server = server.allowed_origins(flags.origins);
            }
            tokio::select! {
                outcome = server.serve(listener) => outcome?,
                _ = tokio::signal::ctrl_c() => {}
            }
            Ok(())
        }
        _ => {
            eprintln!(
                "usage: conformance-server --stdio | --http 127.0.0.1:PORT | --own-http 127.0.0.1:PORT [--allow-origin ORIGIN]... [--redis URL --key-file PATH]"
            );
            std::process::exit(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixture_names_are_unique_and_described() {
        let router = router();
        assert_eq!(router.list_tools().len(), 34);
        for tool in router.list_tools() {
            assert!(
                tool.description.as_deref().is_some_and(|d| !d.is_empty()),
                "{}",
                tool.name
            );
        }
        for prompt in router.list_prompts() {
            assert!(
                prompt.description.as_deref().is_some_and(|d| !d.is_empty()),
                "{}",
                prompt.name
            );
        }
    }
}
