//! `ui(…)` on an embedded resource field: the MCP App's `_meta.ui`.

use super::super::Value;
use super::super::tree::{Item, seen, unknown};
use crate::ctxt::Ctxt;
use crate::toolkit;
use crate::toolkit::Json;

/// `ui(csp(connect = [...], resources = [...], frame = [...], base_uri = [...]),
/// permissions(…), domain = "…", prefers_border = …)`: the same grammar and rules as
/// `#[resource(ui(…))]`, as the JSON of `_meta.ui`.
// One arm per key of `ui(…)` keeps its grammar in one place, as `field_kind` does.
#[allow(clippy::too_many_lines)]
pub(super) fn app_ui(cx: &mut Ctxt, items: Vec<Item>) -> Json {
    const UI_KEYS: &[&str] = &["csp", "permissions", "domain", "prefers_border"];
    const CSP_KEYS: &[&str] = &["connect", "resources", "frame", "base_uri"];
    let mut entries = Vec::new();
    let mut seen_keys = seen();
    for item in items {
        let Some(name) = item.name().cloned() else {
            continue;
        };
        let key = name.to_string();
        if !UI_KEYS.contains(&key.as_str()) {
            unknown(cx, &name, "ui(…)", UI_KEYS);
            continue;
        }
        if !seen_keys.first(cx, &key, name.span()) {
            continue;
        }
        match (key.as_str(), item) {
            ("csp", Item::List(_, lists)) => {
                let mut csp = Vec::new();
                let mut seen_lists = seen();
                for list in lists {
                    let Some(list_name) = list.name().cloned() else {
                        continue;
                    };
                    let list_key = list_name.to_string();
                    if !CSP_KEYS.contains(&list_key.as_str()) {
                        unknown(cx, &list_name, "csp(…)", CSP_KEYS);
                        continue;
                    }
                    if !seen_lists.first(cx, &list_key, list_name.span()) {
                        continue;
                    }
                    let Item::Assign(_, Value::Array(values, _)) = list else {
                        cx.error_spanned_by(&list_name, format!("`{list_key}` takes a list of origins: `{list_key} = [\"https://…\"]`"));
                        continue;
                    };
                    let origins = values
                        .iter()
                        .filter_map(|value| {
                            let Value::Str(lit) = value else {
                                cx.error_at(value.span(), "an origin is a string: \"https://…\"");
                                return None;
                            };
                            if let Err(violation) =
                                mcp_content_rules::check_csp_origin(&lit.value())
                            {
                                toolkit::violation(cx, lit.span(), &violation);
                            }
                            Some(Json::Str(lit.value()))
                        })
                        .collect();
                    let json_key = match list_key.as_str() {
                        "connect" => "connectDomains",
                        "resources" => "resourceDomains",
                        "frame" => "frameDomains",
                        _ => "baseUriDomains",
                    };
                    csp.push((json_key.to_owned(), Json::Arr(origins)));
                }
                entries.push(("csp".to_owned(), Json::Obj(csp)));
            }
            ("permissions", Item::List(_, words)) => {
                let mut permissions = Vec::new();
                for word in words {
                    let Item::Flag(word) = word else {
                        if let Some(name) = word.name() {
                            cx.error_spanned_by(
                                name,
                                "`permissions(…)` takes names: `permissions(camera, geolocation)`",
                            );
                        }
                        continue;
                    };
                    if let Err(violation) =
                        mcp_content_rules::check_ui_permission(&word.to_string())
                    {
                        toolkit::violation(cx, word.span(), &violation);
                    }
                    permissions.push((word.to_string(), Json::Obj(Vec::new())));
                }
                entries.push(("permissions".to_owned(), Json::Obj(permissions)));
            }
            ("domain", Item::Assign(_, Value::Str(lit))) => {
                if let Err(violation) = mcp_content_rules::check_ui_domain(&lit.value()) {
                    toolkit::violation(cx, lit.span(), &violation);
                }
                entries.push(("domain".to_owned(), Json::Str(lit.value())));
            }
            ("prefers_border", Item::Assign(_, Value::Bool(lit))) => {
                entries.push(("prefersBorder".to_owned(), Json::Bool(lit.value)));
            }
            ("prefers_border", Item::Flag(_)) => {
                entries.push(("prefersBorder".to_owned(), Json::Bool(true)));
            }
            _ => {
                let usage = match key.as_str() {
                    "csp" => "`csp(connect = [\"https://…\"])`",
                    "permissions" => "`permissions(camera, geolocation)`",
                    "domain" => "`domain = \"abc123.sandbox.example\"` (a bare host name)",
                    _ => "`prefers_border = true`",
                };
                cx.error_spanned_by(&name, format!("`{key}` is written {usage}"));
            }
        }
    }
    Json::Obj(entries)
}
