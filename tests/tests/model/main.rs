//! The model's values: `validate()` and its promise (valid under each version's official
//! schema, read back, written the same), the rules of DESIGN.md's table through constructors,
//! builders and readers, `extra` maps that cannot shadow a type's own fields, integers as the
//! schemas give them, one model written for each protocol version, deep values through the
//! model's own constructors, and every member of every type mutated and read back.

#[path = "../common/deep.rs"]
mod deep;
#[path = "../common/model_fixtures.rs"]
mod model_fixtures;
#[path = "../common/quotes.rs"]
mod quotes;

mod deep_values;
mod design_rules;
mod extra_keys;
mod extra_shadowing;
mod integers;
mod member_mutation_sweep;
mod validate_property;
mod validity_edges;
mod versions;
