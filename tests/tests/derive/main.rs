//! `#[derive(Content)]` at run time: the exact JSON of every field kind and `_meta` placement
//! (golden, validated against the official schemas), round trips, enums, hygiene of the
//! generated code, and serde failures reported, never written as data. Compile-time
//! behaviour is in the `ui` binary; reading back in `read_back`.

mod enums;
mod golden;
mod hygiene;
mod round_trip;
mod write_failures;
