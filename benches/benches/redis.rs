//! redis: the store seams on Redis against the in-memory defaults (issue 26). Being written.

fn main() {}
