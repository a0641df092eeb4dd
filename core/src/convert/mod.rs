//! Conversions that MCP gateways and agent frameworks write by hand today, one module per job.
//!
//! | job | module | entry points |
//! |---|---|---|
//! | template variables (`ToolHive` `vMCP` `ContentArrayToMap`) | [`template_vars`](mod@template_vars) | [`template_vars()`](template_vars::template_vars), [`tool_result_template_vars`](template_vars::tool_result_template_vars) |
//! | LLM message parts (Genkit `fromMcpPromptMessage`, without its losses) | [`message_parts`] | [`Message`](message_parts::Message), [`Part`](message_parts::Part), [`block_to_part`](message_parts::block_to_part), [`part_to_block`](message_parts::part_to_block) |
//! | `data:` URLs (RFC 2397) for images, audio and blob resources | [`data_url`] | [`DataUrl`](data_url::DataUrl) |
//! | prompt arguments to the string map `prompts/get` takes | [`prompt_args`] | [`prompt_arguments`](prompt_args::prompt_arguments) |
//! | reading any server's structured results into types (`FastMCP` / Python SDK / our own `{"result": …}` unwrapped when the schema says so, checked with feature `jsonschema`, numbers read exactly from the text) | [`typed_result`] | [`ToolOutput`](typed_result::ToolOutput), [`ResultWrapping`](typed_result::ResultWrapping) |
//! | one cache hint from several upstream results (smallest TTL, `private` wins) | [`cache_hints`] | [`merge_cache_hints`](cache_hints::merge_cache_hints) |
//! | payload links (large binary blocks a server sent as `resource_link`s) read back as the blocks they replaced; any server's `resource_link`s followed through the caller's `resources/read`, bounded | [`payload_links`] | [`inline_payload_links`](payload_links::inline_payload_links), [`follow_links`](payload_links::follow_links), [`read_following_links`](payload_links::read_following_links), [`LinkBounds`](payload_links::LinkBounds), [`ResourceReader`](payload_links::ResourceReader) |
//! | normalization for gateways (empty → `None`, `_meta` egress, `progressToken`) | [`normalize`] | [`normalize_tool`](normalize::normalize_tool), [`MetaEgress`](normalize::MetaEgress), [`request_meta`](normalize::request_meta) |
//!
//! ```
//! use mcp_content::{CallToolResult, ContentBlock};
//! use mcp_content::convert::{template_vars::tool_result_template_vars, message_parts::Message};
//!
//! let result = CallToolResult::new(vec![ContentBlock::text("sunny"), ContentBlock::text("22°C")]);
//! let vars = tool_result_template_vars(&result);
//! assert_eq!(vars["text"], "sunny");
//! assert_eq!(vars["text_1"], "22°C");
//!
//! let message = Message::from_call_tool_result(&result);
//! assert_eq!(
//!     serde_json::to_string(&message).unwrap(),
//!     r#"{"role":"tool","content":[{"text":"sunny"},{"text":"22°C"}]}"#
//! );
//! ```

pub mod cache_hints;
pub mod data_url;
pub mod message_parts;
pub mod normalize;
pub mod payload_links;
pub mod prompt_args;
pub mod template_vars;
pub mod typed_result;
