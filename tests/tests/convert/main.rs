//! Conversions for gateways and LLM APIs: `data:` URLs, LLM message parts (byte for byte,
//! within the limits, refusing what has no place), normalization, prompt arguments and
//! template variables.

#[path = "../common/quotes.rs"]
mod quotes;
#[path = "../common/read_one_answer.rs"]
mod read_one_answer;

mod data_url;
mod message_parts;
mod message_parts_byte_for_byte;
mod message_parts_limits;
mod message_parts_refusals;
mod normalize;
mod prompt_args;
mod template_vars;
