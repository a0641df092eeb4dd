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

/// The message for entry `at` of `router!`'s listed items when an earlier entry of its list
/// (the entries `start..at`), both of the kind the list takes, has the same key: it names both
/// (`"`b` has the same tool name as `a` (\"x\"): rename one …"`), and only the first such
/// entry, so three tools named `x` are two errors. Empty when there is none. `names`, `kinds`
/// and `keys` are the listed items in order (the paths as written, `__MCP_ROUTER_KIND`,
/// `__MCP_ROUTER_KEY`): one array each, read once per item, so the expansion grows with the
/// number of handlers and the comparison of every pair is left to const evaluation.
#[allow(clippy::too_many_arguments)] // the `const` call of generated code, one per entry
pub const fn duplicate(
    list: &str,
    names: &[&'static str],
    kinds: &[&'static str],
    keys: &[&'static str],
    start: usize,
    at: usize,
    what: &'static str,
    fix: &'static str,
) -> ConstMessage {
    if !listed_right(list, kinds[at]) {
        return ConstMessage::new(&[]);
    }
    let mut i = start;
    while i < at {
        if listed_right(list, kinds[i]) && str_eq(keys[i], keys[at]) {
            return ConstMessage::new(&[
                "`",
                names[at],
                "` has the same ",
                what,
                " as `",
                names[i],
                "` (\"",
                keys[at],
                "\"): ",
                fix,
            ]);
        }
        i += 1;
    }
    ConstMessage::new(&[])
}

/// The message for resource entry `at` when its URI template matches some URI that the
/// template (or URI) of an earlier resource entry (`start..at`) matches too
/// (`logs://{day}` and `logs://{date}`): one of the two would never serve it. It names both
/// handlers and both templates; equal keys are [`duplicate`]'s to report. Empty when none.
pub const fn overlapping(
    names: &[&'static str],
    kinds: &[&'static str],
    keys: &[&'static str],
    start: usize,
    at: usize,
) -> ConstMessage {
    if !listed_right("resources", kinds[at]) {
        return ConstMessage::new(&[]);
    }
    let mut i = start;
    while i < at {
        if listed_right("resources", kinds[i])
            && !str_eq(keys[i], keys[at])
            && crate::rules::templates_overlap(keys[i], keys[at])
        {
            return ConstMessage::new(&[
                "resource `",
                names[at],
                "` (",
                keys[at],
                ") overlaps resource `",
                names[i],
                "` (",
                keys[i],
                "): some URIs match both, and only one handler can serve them; make the \
                 templates disjoint (a distinct literal part, such as `logs://{day}/raw` and \
                 `logs://{day}/summary`)",
            ]);
        }
        i += 1;
    }
    ConstMessage::new(&[])
}

/// Whether the `ui://` resource `ui` a tool names (empty: none) is served by a listed
/// resource (any listed item of kind `"resource"`, even one in the wrong list: that mistake
/// is reported by itself).
pub const fn ui_served(ui: &str, kinds: &[&'static str], keys: &[&'static str]) -> bool {
    if ui.is_empty() {
        return true;
    }
    let mut i = 0;
    while i < kinds.len() {
        if str_eq(kinds[i], "resource") && str_eq(keys[i], ui) {
            return true;
        }
        i += 1;
    }
    false
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

    #[test]
    fn a_duplicate_is_named_against_the_first_entry_of_its_key_in_its_list() {
        let names = ["greet", "a", "b", "c"];
        let keys = ["x", "x", "y", "x"];
        let at = |kinds: &[&'static str], at| {
            let message = duplicate(
                "tools",
                &names,
                kinds,
                &keys,
                1,
                at,
                "tool name",
                "rename one",
            );
            message.as_str().to_owned()
        };
        let kinds = ["prompt", "tool", "tool", "tool"];
        assert_eq!(at(&kinds, 1), "");
        assert_eq!(at(&kinds, 2), "");
        assert_eq!(
            at(&kinds, 3),
            "`c` has the same tool name as `a` (\"x\"): rename one"
        );
        // An entry in the wrong list is reported by `misplaced`, not as a duplicate.
        assert_eq!(at(&["prompt", "prompt", "tool", "tool"], 3), "");
    }

    #[test]
    fn overlapping_templates_name_both_handlers_and_templates() {
        let names = ["day", "date", "raw"];
        let kinds = ["resource"; 3];
        let keys = ["logs://{day}", "logs://{date}", "files://readme"];
        assert_eq!(overlapping(&names, &kinds, &keys, 0, 2).as_str(), "");
        assert!(
            overlapping(&names, &kinds, &keys, 0, 1)
                .as_str()
                .starts_with(
                    "resource `date` (logs://{date}) overlaps resource `day` (logs://{day})"
                )
        );
    }

    #[test]
    fn a_ui_resource_is_served_by_any_listed_resource_of_its_uri() {
        let kinds = ["tool", "resource"];
        assert!(ui_served("", &kinds, &["t", "ui://a"]));
        assert!(ui_served("ui://a", &kinds, &["t", "ui://a"]));
        assert!(!ui_served("ui://b", &kinds, &["t", "ui://a"]));
        assert!(!ui_served("t", &kinds, &["t", "ui://a"]));
    }
}
