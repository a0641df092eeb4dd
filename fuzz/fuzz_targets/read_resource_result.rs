//! Fuzz target `read_resource_result`: see `mcp_content_fuzz::read_resource_result` for what it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_content_fuzz::read_resource_result(data));
