//! The `rmcp` bridge and transport: every model type to `rmcp::model` and back without loss
//! where rmcp can hold it and refused with its path where it cannot, and the request `_meta`
//! rule on rmcp's transport.

mod bridge;
mod bridge_edges;
mod elicitation_forms;
mod large_reads;
mod request_meta;
mod rmcp_tool_macro;
mod spliced_images;
