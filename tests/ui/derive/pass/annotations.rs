#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoContent, model::{Priority, Role, Timestamp}};

/// Annotations: struct-level defaults, field-level overrides, literals and field values.
#[derive(Content, Debug, PartialEq)]
#[content(annotations(audience = ["user", "assistant"], priority = 0.5))]
struct Annotated {
    #[content(text)]
    defaults: String,
    #[content(text, annotations(priority = 1, last_modified = "2025-01-12T15:00:58Z"))]
    literal: String,
    #[content(text, annotations(audience = who, priority = how_much, last_modified = when))]
    from_fields: String,
    who: Vec<Role>,
    how_much: Option<Priority>,
    when: Timestamp,
}

fn main() {
    let value = Annotated {
        defaults: "a".into(),
        literal: "b".into(),
        from_fields: "c".into(),
        who: vec![Role::Assistant],
        how_much: Priority::new(0.0).ok(),
        when: Timestamp::new("2025-01-12T15:00:58Z").unwrap(),
    };
    let _ = Annotated::from_content(&value.into_content());
}
