//! Reading derived types back from what they wrote: every kind, place and literal compared,
//! enums and `structured` types, `_meta` of a result or of blocks read alone, instants in
//! any spelling, and tool results captured from other SDKs read through their output
//! schemas. What cannot be read back is refused naming the field and the path.

#[path = "../common/read_every_way.rs"]
mod read_every_way;
#[path = "../common/read_one_answer.rs"]
mod read_one_answer;

mod enums;
mod instants_and_image_lists;
mod kinds;
mod literal_instants_and_structured_meta;
mod literals;
mod other_kinds_and_sources;
mod other_sdk_results;
mod own_wrapped_results;
mod places;
mod result_meta_alone;
mod rules;
mod structured;
mod walk;
