//! Fuzz target `template_vars`: see `mcp_content_fuzz::template_vars` for what it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_content_fuzz::template_vars(data));
