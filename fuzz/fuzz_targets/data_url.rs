//! Fuzz target `data_url`: see `mcp_content_fuzz::data_url` for what it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_content_fuzz::data_url(data));
