//! Fuzz target `call_tool_result`: see `mcp_content_fuzz::call_tool_result` for what it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_content_fuzz::call_tool_result(data));
