//! Reading and writing JSON: the reader's rules on untrusted input (the one `null` rule, what
//! the spec allows, limits, encoding faults, error text cut short, paths), relaying byte for
//! byte (the `tests/relay/` corpus and its edges), lossless proxying, the two writers giving
//! the same bytes, conformance to the official schemas, and the spec's own examples.

#[path = "../common/deep.rs"]
mod deep;
#[path = "../common/model_fixtures.rs"]
mod model_fixtures;
#[path = "../common/read_by_kind.rs"]
mod read_by_kind;
#[path = "../common/read_through_bytes.rs"]
mod read_through_bytes;

mod deep_values_unlimited;
mod limits_and_checked_path;
mod lossless;
mod member_sweep;
mod null_rule;
mod priority_and_icon_text;
mod reader_rules;
mod relay_corpus;
mod relay_edges;
mod schema_conformance;
mod spec_examples;
mod text_and_paths;
mod two_writers;
mod untrusted_input;
