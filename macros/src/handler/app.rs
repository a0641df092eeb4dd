//! MCP Apps (`io.modelcontextprotocol/ui`) and cache hints in the handler attributes:
//! `#[resource(ui(…), cache(…))]` and `#[tool(ui = "…", visibility = [...])]`. Every literal is
//! checked with the rules the runtime uses, and `_meta.ui` is built here as a JSON tree.

use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;

use mcp_content_rules::Violation;

use crate::ctxt::Ctxt;
use crate::toolkit::{self, Json, Keys, accept, string_list};

/// `key = ["…", …]`, each string checked by `check`.
pub(crate) fn parse_words(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta<'_>,
    check: fn(&str) -> Result<(), Violation>,
    example: &str,
) -> syn::Result<Vec<Json>> {
    let key = meta.path.to_token_stream().to_string();
    let Some(content) = toolkit::bracketed(cx, meta.value()?, &key, example)? else {
        return Ok(Vec::new());
    };
    let item = example
        .split(", ")
        .next()
        .unwrap_or(example)
        .trim_matches('"');
    let words = string_list(cx, &content, &key, item)?;
    Ok(words
        .into_iter()
        .map(|word| {
            if let Err(violation) = check(&word.value()) {
                toolkit::violation(cx, word.span(), &violation);
            }
            Json::Str(word.value())
        })
        .collect())
}

/// `cache(ttl = "5m", scope = "public")`: the duration and the scope checked with the
/// runtime's rules. `None` after a mistake (reported).
pub(crate) fn parse_cache(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta<'_>,
) -> syn::Result<Option<(u64, bool)>> {
    let mut keys = Keys::new(&["ttl", "scope"]);
    let mut ttl = None;
    let mut public = false;
    let mut ok = true;
    meta.parse_nested_meta(|inner| {
        let Some(key) = accept(&mut keys, cx, &inner, "cache(…)")? else {
            ok = false;
            return Ok(());
        };
        let example = if key == "ttl" { "5m" } else { "public" };
        let Some(lit) = toolkit::lit_str(cx, inner.value()?, &key, example)? else {
            ok = false;
            return Ok(());
        };
        match key.as_str() {
            "ttl" => match mcp_content_rules::parse_duration_ms(&lit.value()) {
                Ok(ms) => ttl = Some(ms),
                Err(violation) => {
                    toolkit::violation(cx, lit.span(), &violation);
                    ok = false;
                }
            },
            "scope" => match mcp_content_rules::check_cache_scope(&lit.value()) {
                Ok(()) => public = lit.value() == "public",
                Err(violation) => {
                    toolkit::violation(cx, lit.span(), &violation);
                    ok = false;
                }
            },
            _ => unreachable!("every allowed key is handled"),
        }
        Ok(())
    })?;
    if ok && ttl.is_none() {
        cx.error_at(
            meta.path.span(),
            "`cache(…)` needs a lifetime: `cache(ttl = \"5m\")` (scope defaults to \"private\")",
        );
        ok = false;
    }
    Ok(ttl.filter(|_| ok).map(|ms| (ms, public)))
}

/// `ui(csp(connect = [...], resources = [...], frame = [...], base_uri = [...]),
/// permissions(camera, …), domain = "…", prefers_border = true)` on a resource.
pub(crate) fn parse_resource_ui(cx: &mut Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<Json> {
    let mut keys = Keys::new(&["csp", "permissions", "domain", "prefers_border"]);
    let mut entries = Vec::new();
    meta.parse_nested_meta(|inner| {
        let Some(key) = accept(&mut keys, cx, &inner, "ui(…)")? else {
            return Ok(());
        };
        match key.as_str() {
            "csp" => {
                let mut csp_keys = Keys::new(&["connect", "resources", "frame", "base_uri"]);
                let mut csp = Vec::new();
                inner.parse_nested_meta(|list| {
                    let Some(key) = accept(&mut csp_keys, cx, &list, "csp(…)")? else {
                        return Ok(());
                    };
                    let origins = parse_words(
                        cx,
                        &list,
                        mcp_content_rules::check_csp_origin,
                        "\"https://api.example.com\"",
                    )?;
                    let name = match key.as_str() {
                        "connect" => "connectDomains",
                        "resources" => "resourceDomains",
                        "frame" => "frameDomains",
                        _ => "baseUriDomains",
                    };
                    csp.push((name.to_owned(), Json::Arr(origins)));
                    Ok(())
                })?;
                entries.push(("csp".to_owned(), Json::Obj(csp)));
            }
            "permissions" => {
                let mut permissions = Vec::new();
                inner.parse_nested_meta(|word| {
                    let name = word
                        .path
                        .get_ident()
                        .map(ToString::to_string)
                        .unwrap_or_default();
                    if let Err(violation) = mcp_content_rules::check_ui_permission(&name) {
                        toolkit::violation(cx, word.path.span(), &violation);
                    }
                    permissions.push((name, Json::Obj(Vec::new())));
                    Ok(())
                })?;
                entries.push(("permissions".to_owned(), Json::Obj(permissions)));
            }
            "domain" => {
                let Some(domain) =
                    toolkit::lit_str(cx, inner.value()?, "domain", "abc123.sandbox.example")?
                else {
                    return Ok(());
                };
                if let Err(violation) = mcp_content_rules::check_ui_domain(&domain.value()) {
                    toolkit::violation(cx, domain.span(), &violation);
                }
                entries.push(("domain".to_owned(), Json::Str(domain.value())));
            }
            _ => {
                let Some(value) = toolkit::lit_bool(cx, inner.value()?, "prefers_border")? else {
                    return Ok(());
                };
                entries.push(("prefersBorder".to_owned(), Json::Bool(value.value)));
            }
        }
        Ok(())
    })?;
    Ok(Json::Obj(entries))
}
