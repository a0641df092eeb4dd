//! MCP Apps (`io.modelcontextprotocol/ui`) and cache hints in the handler attributes:
//! `#[resource(ui(…), cache(…))]` and `#[tool(ui = "…", visibility = [...])]`. Every literal is
//! checked with the rules the runtime uses, and `_meta.ui` is built here as a JSON tree.

use syn::meta::ParseNestedMeta;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{LitBool, LitStr, Token};

use mcp_content_rules::Violation;

use crate::ctxt::Ctxt;
use crate::toolkit::{self, Json, Keys, accept};

/// `key = ["…", …]`, each string checked by `check`.
pub(crate) fn parse_words(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta<'_>,
    check: fn(&str) -> Result<(), Violation>,
) -> syn::Result<Vec<Json>> {
    let value = meta.value()?;
    let content;
    syn::bracketed!(content in value);
    let words = Punctuated::<LitStr, Token![,]>::parse_terminated(&content)?;
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
        let lit: LitStr = inner.value()?.parse()?;
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
                    let origins = parse_words(cx, &list, mcp_content_rules::check_csp_origin)?;
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
                let domain: LitStr = inner.value()?.parse()?;
                if let Err(violation) = mcp_content_rules::check_csp_origin(&domain.value()) {
                    toolkit::violation(cx, domain.span(), &violation);
                }
                entries.push(("domain".to_owned(), Json::Str(domain.value())));
            }
            _ => {
                let value: LitBool = inner.value()?.parse()?;
                entries.push(("prefersBorder".to_owned(), Json::Bool(value.value)));
            }
        }
        Ok(())
    })?;
    Ok(Json::Obj(entries))
}
