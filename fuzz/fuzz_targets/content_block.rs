//! Fuzz target `content_block`: see `mcp_content_fuzz::content_block` for what it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_content_fuzz::content_block(data));
