//! The extensions: MCP Apps (`_meta.ui` on tools and resources, the router's checks, the
//! attributes that write them), cache hints, payload budgets (blocks become links and read
//! back), and task tools served over rmcp's stdio transport.

mod app_attributes;
mod apps;
mod cache_hints;
mod followed_links;
mod payload_budget;
mod task_tools;
