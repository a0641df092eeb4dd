//! What [`RouterBuilder::build`](super::RouterBuilder::build) checks across the handlers and
//! the stores, one function per rule.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::Value;

use super::error::RouterError;
use crate::model::app;
use crate::model::resource::{Resource, ResourceTemplate};
use crate::model::tool::Tool;
use crate::rules;
use crate::server::handler::{ResourceHandler, ToolHandler};
use crate::server::store::StoreKind;

/// A router whose task store, payload store or change bus is shared with other processes
/// needs `requestState` keys they share too: with a per-process random key an input round
/// sealed by one replica fails on the next.
pub(super) fn shared_stores_have_keys(
    keys_configured: bool,
    shared: &[(StoreKind, bool)],
) -> Result<(), RouterError> {
    if keys_configured {
        return Ok(());
    }
    match shared.iter().find(|(_, shared)| *shared) {
        Some((store, _)) => Err(RouterError::SharedStoreWithoutStateKeys {
            store: store.name().to_owned(),
        }),
        None => Ok(()),
    }
}

/// A fixed URI that a template matches: the same rule as between templates, whichever was
/// registered first.
pub(super) fn fixed_uris_apart(
    resources: &[(Resource, Arc<dyn ResourceHandler>)],
    templates: &[(ResourceTemplate, Arc<dyn ResourceHandler>)],
) -> Result<(), RouterError> {
    for (resource, _) in resources {
        let Ok(fixed) = rules::UriTemplate::parse(resource.uri.as_str()) else {
            continue;
        };
        if let Some((template, _)) = templates
            .iter()
            .find(|(t, _)| t.uri_template.overlaps(&fixed))
        {
            return Err(RouterError::OverlappingResources {
                first: template.uri_template.as_str().to_owned(),
                second: resource.uri.as_str().to_owned(),
            });
        }
    }
    Ok(())
}

/// Refuses a tool whose `_meta.ui.resourceUri` no resource or template serves; writes the
/// deprecated flat key when asked.
pub(super) fn check_ui_resources(
    tools: &mut [(Tool, Arc<dyn ToolHandler>)],
    resource_index: &HashMap<String, usize>,
    templates: &[(ResourceTemplate, Arc<dyn ResourceHandler>)],
    legacy: bool,
) -> Result<(), RouterError> {
    for (tool, _) in tools {
        let Some(uri) = app::tool_ui_resource_uri(tool) else {
            continue;
        };
        let served = resource_index.contains_key(&*rules::comparable_uri(&uri))
            || templates
                .iter()
                .any(|(t, _)| t.uri_template.match_uri(&uri).is_some());
        if !served {
            return Err(RouterError::MissingUiResource {
                tool: tool.name.as_str().to_owned(),
                uri,
            });
        }
        if legacy {
            tool.meta
                .__insert_unchecked(app::LEGACY_RESOURCE_URI_KEY, Value::from(uri));
        }
    }
    Ok(())
}
