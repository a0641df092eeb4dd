//! Fuzz target `get_prompt_result`: see `mcp_content_fuzz::get_prompt_result` for what it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_content_fuzz::get_prompt_result(data));
