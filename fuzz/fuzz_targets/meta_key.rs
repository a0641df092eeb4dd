//! Fuzz target `meta_key`: see `mcp_content_fuzz::meta_key` for what it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_content_fuzz::meta_key(data));
