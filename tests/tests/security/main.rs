//! Hostile input and hostile peers: path traversal and reserved `_meta` keys, the bad-input
//! and fuzz corpora, error text that quotes a peer's values cut short, and requests nested
//! past every parser's depth refused with their path, never overflowing the stack.

#[path = "../common/deep.rs"]
mod deep;
#[path = "../common/handle.rs"]
mod handle;
#[path = "../common/quotes.rs"]
mod quotes;

mod bad_input_corpus;
mod deep_requests;
mod fuzz_corpus;
mod peer_error_text;
mod peer_quotes_and_shared_rules;
mod properties;
