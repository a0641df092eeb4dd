//! Fuzz target `derived_read_back`: see `mcp_content_fuzz::derived_read_back` for what it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_content_fuzz::derived_read_back(data));
