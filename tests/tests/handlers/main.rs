//! `#[tool]`, `#[prompt]`, `#[resource]` and `router!` at run time: descriptors, argument
//! and template-variable binding, every supported return type as exact JSON validated
//! against the official schemas, raw identifiers, and `RouterBuilder::build()` on
//! overlapping and disjoint resource templates; `scopes` and the router's scope lists.

mod call_tool_json;
mod portable_schemas;
mod prompt_resource;
mod raw_identifiers;
mod router_build_edges;
mod scopes;
mod shared_stores_need_keys;
mod template_overlap_exact;
mod tool;
