//! Fuzz target `uri_template`: see `mcp_content_fuzz::uri_template` for what it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_content_fuzz::uri_template(data));
