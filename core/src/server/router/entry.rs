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

/// Which clash [`clashes`] looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Clash {
    /// The same key (tool name, prompt name, URI) as an earlier entry of the list.
    SameKey,
    /// A resource template that matches some URI an earlier resource's matches too, the
    /// keys differing (equal keys are [`Clash::SameKey`]'s).
    Overlap,
}

/// For every item `router!` lists, in order (`kinds` and `keys` are `__MCP_ROUTER_KIND` and
/// `__MCP_ROUTER_KEY` of each; the tools end at `ends[0]`, the prompts at `ends[1]`, the
/// resources at `ends[2]`): one more than the index of the first earlier entry of its list
/// that it clashes with, `0` when none. Only entries of the kind their list takes are
/// compared (one in the wrong list is [`misplaced`]'s to report).
///
/// One `const` evaluates it for the whole router, so each entry's check only reads its cell.
/// Const evaluation interprets every step, and a server of 70 handlers compares about 2,400
/// pairs: the keys are compared by a hash first (each key read once), their bytes only when
/// the hashes agree.
pub const fn clashes<const N: usize>(
    kinds: &[&str; N],
    keys: &[&str; N],
    ends: [usize; 3],
    clash: Clash,
) -> [usize; N] {
    const LISTS: [&str; 3] = ["tools", "prompts", "resources"];
    let mut list = [0; N];
    let mut right = [false; N];
    let mut hash = [0u64; N];
    let mut i = 0;
    while i < N {
        while list[i] < 2 && i >= ends[list[i]] {
            list[i] += 1;
        }
        if i + 1 < N {
            list[i + 1] = list[i];
        }
        right[i] = listed_right(LISTS[list[i]], kinds[i]);
        hash[i] = fnv1a(keys[i]);
        i += 1;
    }
    let mut first = [0; N];
    let mut at = 0;
    while at < N {
        let mut i = if list[at] == 0 { 0 } else { ends[list[at] - 1] };
        let compared = right[at] && (matches!(clash, Clash::SameKey) || list[at] == 2);
        while compared && i < at {
            let same = right[i] && hash[i] == hash[at] && str_eq(keys[i], keys[at]);
            let found = match clash {
                Clash::SameKey => same,
                Clash::Overlap => {
                    right[i] && !same && crate::rules::templates_overlap(keys[i], keys[at])
                }
            };
            if found {
                first[at] = i + 1;
                break;
            }
            i += 1;
        }
        at += 1;
    }
    first
}

/// FNV-1a of `key`'s bytes: a cheap hash for [`clashes`] (no collision matters, equal
/// hashes are compared byte by byte).
const fn fnv1a(key: &str) -> u64 {
    let bytes = key.as_bytes();
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    let mut i = 0;
    while i < bytes.len() {
        hash = (hash ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

/// The message for entry `at` of `router!`'s listed items when entry `earlier` of its list
/// has the same key ([`clashes`] finds it: the first such entry, so three tools named `x`
/// are two errors): it names both (`"`b` has the same tool name as `a` (\"x\"): rename
/// one …"`). `names` and `keys` are the listed items in order (the paths as written,
/// `__MCP_ROUTER_KEY`).
pub const fn duplicate(
    names: &[&'static str],
    keys: &[&'static str],
    earlier: usize,
    at: usize,
    what: &'static str,
    fix: &'static str,
) -> ConstMessage {
    ConstMessage::new(&[
        "`",
        names[at],
        "` has the same ",
        what,
        " as `",
        names[earlier],
        "` (\"",
        keys[at],
        "\"): ",
        fix,
    ])
}

/// The message for resource entry `at` when its URI template matches some URI that the
/// template (or URI) of resource entry `earlier` matches too (`logs://{day}` and
/// `logs://{date}`; [`clashes`] finds it): one of the two would never serve it. It names
/// both handlers and both templates.
pub const fn overlapping(
    names: &[&'static str],
    keys: &[&'static str],
    earlier: usize,
    at: usize,
) -> ConstMessage {
    ConstMessage::new(&[
        "resource `",
        names[at],
        "` (",
        keys[at],
        ") overlaps resource `",
        names[earlier],
        "` (",
        keys[earlier],
        "): some URIs match both, and only one handler can serve them; make the \
         templates disjoint (a distinct literal part, such as `logs://{day}/raw` and \
         `logs://{day}/summary`)",
    ])
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
    fn a_duplicate_is_found_against_the_first_entry_of_its_key_in_its_list() {
        // One tool, three prompts, no resource.
        let keys = ["x", "x", "y", "x"];
        let ends = [1, 4, 4];
        let same = |kinds: &[&'static str; 4]| clashes(kinds, &keys, ends, Clash::SameKey);
        // The tool `x` is in another list than the prompts `x`.
        assert_eq!(same(&["tool", "prompt", "prompt", "prompt"]), [0, 0, 0, 2]);
        // An entry in the wrong list is `misplaced`'s to report, and compares with nothing.
        assert_eq!(same(&["tool", "tool", "prompt", "prompt"]), [0, 0, 0, 0]);
        assert_eq!(same(&["tool", "prompt", "prompt", "tool"]), [0, 0, 0, 0]);
        // Three of one key: each later one against the first.
        let three = clashes(&["tool"; 3], &["x"; 3], [3, 3, 3], Clash::SameKey);
        assert_eq!(three, [0, 1, 1]);
        let names = ["greet", "a", "b", "c"];
        assert_eq!(
            duplicate(&names, &keys, 1, 3, "tool name", "rename one").as_str(),
            "`c` has the same tool name as `a` (\"x\"): rename one"
        );
    }

    #[test]
    fn keys_of_one_hash_still_compare_by_their_bytes() {
        // Distinct keys are never a duplicate, whatever their hashes; equal ones always are.
        let keys: [&str; 6] = ["a", "b", "ab", "ba", "", "a"];
        let found = clashes(&["prompt"; 6], &keys, [0, 6, 6], Clash::SameKey);
        assert_eq!(found, [0, 0, 0, 0, 0, 1]);
        assert_ne!(fnv1a("ab"), fnv1a("ba"));
    }

    #[test]
    fn overlapping_templates_name_both_handlers_and_templates() {
        let names = ["t", "day", "date", "raw", "day2"];
        let kinds = ["tool", "resource", "resource", "resource", "resource"];
        let keys = [
            "t",
            "logs://{day}",
            "logs://{date}",
            "files://readme",
            "logs://{day}",
        ];
        let ends = [1, 1, 5];
        // Equal keys are the duplicate check's; the tool is never a template.
        assert_eq!(
            clashes(&kinds, &keys, ends, Clash::Overlap),
            [0, 0, 2, 0, 3]
        );
        assert_eq!(
            clashes(&kinds, &keys, ends, Clash::SameKey),
            [0, 0, 0, 0, 2]
        );
        assert!(
            overlapping(&names, &keys, 1, 2).as_str().starts_with(
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
