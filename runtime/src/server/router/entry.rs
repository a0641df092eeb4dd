//! What `router!` reads of each item it lists, and the messages it fails with at compile
//! time when an item sits in the wrong list.
//!
//! `#[tool]`, `#[prompt]` and `#[resource]` give their handler structs hidden inherent items
//! (`__MCP_ROUTER_KIND` and the rest, below); inherent items take precedence over a trait's,
//! so for any other type [`RouterEntry`]'s defaults answer. `router!` can then read every
//! listed type the same way without a type error, and say in a `const` what is wrong: one
//! error, at the path, in the user's words ("`tools` takes `#[tool]` functions; `greet` is a
//! `#[prompt]`").

use super::RouterBuilder;
use crate::server::glue::{ConstMessage, str_eq};

/// What `router!` reads of a listed type that is no handler struct; handler structs shadow
/// every item with an inherent one of the same name.
pub trait RouterEntry {
    /// `"tool"`, `"prompt"` or `"resource"`; empty for a type that is no handler.
    const __MCP_ROUTER_KIND: &'static str = "";
    /// The tool's or prompt's name, the resource's URI or template.
    const __MCP_ROUTER_KEY: &'static str = "";
    /// The `ui://` resource of a tool's app; empty when none.
    const __MCP_ROUTER_UI: &'static str = "";

    /// Registers the handler on `builder`.
    #[must_use]
    fn __mcp_router_add(builder: RouterBuilder) -> RouterBuilder {
        builder
    }
}

impl<T: ?Sized> RouterEntry for T {}

/// The kind of handler the list `list` of `router!` takes.
const fn kind_of_list(list: &str) -> &'static str {
    if str_eq(list, "tools") {
        "tool"
    } else if str_eq(list, "prompts") {
        "prompt"
    } else {
        "resource"
    }
}

/// Whether the item of kind `kind` belongs in `list`.
pub const fn listed_right(list: &str, kind: &str) -> bool {
    str_eq(kind, kind_of_list(list))
}

/// The message for `path`, of kind `kind`, listed under `list` (`"tools"`), when it does not
/// belong there; empty when it does (a pattern such as `Some(…)` in the generated `const`
/// would be flagged by `unused_qualifications` in the user's crate).
pub const fn misplaced(list: &'static str, path: &'static str, kind: &'static str) -> ConstMessage {
    let wants = kind_of_list(list);
    if str_eq(kind, wants) {
        return ConstMessage::new(&[]);
    }
    let takes = [
        "`",
        list,
        "` takes `#[",
        wants,
        "]` functions; `",
        path,
        "` ",
    ];
    if kind.is_empty() {
        ConstMessage::new(&[
            takes[0],
            takes[1],
            takes[2],
            takes[3],
            takes[4],
            takes[5],
            takes[6],
            "is not one (a function with `#[",
            wants,
            "]`, listed by its name)",
        ])
    } else {
        let list_of_kind = if str_eq(kind, "tool") {
            "tools"
        } else if str_eq(kind, "prompt") {
            "prompts"
        } else {
            "resources"
        };
        ConstMessage::new(&[
            takes[0],
            takes[1],
            takes[2],
            takes[3],
            takes[4],
            takes[5],
            takes[6],
            "is a `#[",
            kind,
            "]`: list it under `",
            list_of_kind,
            "`",
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_list_the_item_and_its_kind() {
        assert_eq!(misplaced("tools", "greet", "tool").as_str(), "");
        assert_eq!(
            misplaced("tools", "greet", "prompt").as_str(),
            "`tools` takes `#[tool]` functions; `greet` is a `#[prompt]`: list it under `prompts`"
        );
        assert_eq!(
            misplaced("resources", "Config", "").as_str(),
            "`resources` takes `#[resource]` functions; `Config` is not one (a function with `#[resource]`, listed by its name)"
        );
        assert!(listed_right("prompts", "prompt"));
        assert!(!listed_right("prompts", ""));
    }
}
