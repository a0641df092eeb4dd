//! Reading a server's `_meta.ui` (MCP Apps, as `@modelcontextprotocol/ext-apps` 2.0.4 shapes
//! it) into [`UiResourceMeta`] and [`UiToolMeta`], as a host or a test reads what a server
//! lists.
//!
//! The values are the server's: they are read as they are (an origin this crate's writer
//! would refuse, such as `data:`, is kept; call `validate` to apply the writer's rules). A
//! member of the wrong JSON type is an error naming its path (`_meta.ui.csp.connectDomains[1]`),
//! as is a visibility other than `model` or `app`. Members the schema does not name (a
//! permission other than the four, a future key) are skipped, as a host skips them.

use serde_json::Value;

use super::{
    LEGACY_RESOURCE_URI_KEY, UI_META_KEY, UiCsp, UiPermissions, UiResourceMeta, UiToolMeta,
    UiVisibility,
};
use crate::model::content::ResourceContents;
use crate::model::meta::Meta;
use crate::model::resource::Resource;
use crate::model::tool::Tool;
use crate::wire::error::ReadError;

const AT: &str = "_meta.ui";

fn kind(value: &Value) -> &'static str {
    crate::model::meta::kind_of(value)
}

fn expected(path: &str, what: &str, value: &Value) -> ReadError {
    ReadError::message(path, format!("expected {what}, found {}", kind(value)))
}

fn strings(value: &Value, path: &str) -> Result<Vec<String>, ReadError> {
    let Value::Array(items) = value else {
        return Err(expected(path, "an array of strings", value));
    };
    items
        .iter()
        .enumerate()
        .map(|(index, item)| {
            item.as_str()
                .map(str::to_owned)
                .ok_or_else(|| expected(&format!("{path}[{index}]"), "a string", item))
        })
        .collect()
}

fn object<'a>(
    value: &'a Value,
    path: &str,
) -> Result<&'a serde_json::Map<String, Value>, ReadError> {
    value
        .as_object()
        .ok_or_else(|| expected(path, "an object", value))
}

impl UiResourceMeta {
    /// Reads a `_meta.ui` object of a UI resource (errors name paths under `_meta.ui`).
    ///
    /// ```
    /// use mcp_content::apps::UiResourceMeta;
    /// use serde_json::json;
    /// let ui = UiResourceMeta::from_value(&json!({
    ///     "csp": {"connectDomains": ["https://api.example.com"]},
    ///     "permissions": {"camera": {}},
    ///     "domain": "a904794854a047f6.claudemcpcontent.com",
    ///     "prefersBorder": false
    /// })).unwrap();
    /// assert_eq!(ui.csp.connect, ["https://api.example.com"]);
    /// assert!(ui.permissions.camera);
    /// assert_eq!(ui.domain.as_deref(), Some("a904794854a047f6.claudemcpcontent.com"));
    /// assert_eq!(ui.prefers_border, Some(false));
    ///
    /// let err = UiResourceMeta::from_value(&json!({"csp": {"frameDomains": ["https://a.example", 3]}})).unwrap_err();
    /// assert_eq!(err.path(), "_meta.ui.csp.frameDomains[1]");
    /// ```
    pub fn from_value(value: &Value) -> Result<Self, ReadError> {
        let ui = object(value, AT)?;
        let mut read = Self::default();
        if let Some(csp) = ui.get("csp") {
            let path = format!("{AT}.csp");
            let csp = object(csp, &path)?;
            let mut lists = UiCsp::default();
            for (key, list) in [
                ("connectDomains", &mut lists.connect),
                ("resourceDomains", &mut lists.resources),
                ("frameDomains", &mut lists.frames),
                ("baseUriDomains", &mut lists.base_uris),
            ] {
                if let Some(value) = csp.get(key) {
                    *list = strings(value, &format!("{path}.{key}"))?;
                }
            }
            read.csp = lists;
        }
        if let Some(permissions) = ui.get("permissions") {
            let path = format!("{AT}.permissions");
            let permissions = object(permissions, &path)?;
            let mut flags = UiPermissions::default();
            for (key, flag) in [
                ("camera", &mut flags.camera),
                ("microphone", &mut flags.microphone),
                ("geolocation", &mut flags.geolocation),
                ("clipboardWrite", &mut flags.clipboard_write),
            ] {
                if let Some(value) = permissions.get(key) {
                    object(value, &format!("{path}.{key}"))?;
                    *flag = true;
                }
            }
            read.permissions = flags;
        }
        if let Some(domain) = ui.get("domain") {
            let path = format!("{AT}.domain");
            read.domain = Some(
                domain
                    .as_str()
                    .ok_or_else(|| expected(&path, "a string", domain))?
                    .to_owned(),
            );
        }
        if let Some(border) = ui.get("prefersBorder") {
            let path = format!("{AT}.prefersBorder");
            read.prefers_border = Some(
                border
                    .as_bool()
                    .ok_or_else(|| expected(&path, "a boolean", border))?,
            );
        }
        Ok(read)
    }

    /// The `_meta.ui` of `meta`, if it has one.
    pub fn from_meta(meta: &Meta) -> Result<Option<Self>, ReadError> {
        meta.get_value(UI_META_KEY)
            .map(|ui| Self::from_value(&ui))
            .transpose()
    }

    /// The `_meta.ui` of a `resources/list` entry.
    pub fn of_resource(resource: &Resource) -> Result<Option<Self>, ReadError> {
        Self::from_meta(&resource.meta)
    }

    /// The `_meta.ui` of a `resources/read` contents item (where hosts look first).
    pub fn of_contents(contents: &ResourceContents) -> Result<Option<Self>, ReadError> {
        Self::from_meta(contents.meta())
    }
}

impl UiToolMeta {
    /// Reads a tool's `_meta.ui` object (errors name paths under `_meta.ui`). `csp` and
    /// `permissions` belong on the resource: hosts ignore them here, and so does this.
    ///
    /// ```
    /// use mcp_content::apps::{UiToolMeta, UiVisibility};
    /// use serde_json::json;
    /// let ui = UiToolMeta::from_value(&json!({"resourceUri": "ui://weather/view.html", "visibility": ["app"]})).unwrap();
    /// assert_eq!(ui.resource_uri(), Some("ui://weather/view.html"));
    /// assert_eq!(ui.visibilities(), [UiVisibility::App]);
    /// // An app-only helper tool has no view of its own.
    /// let helper = UiToolMeta::from_value(&json!({"visibility": ["app"]})).unwrap();
    /// assert_eq!(helper.resource_uri(), None);
    /// assert_eq!(
    ///     UiToolMeta::from_value(&json!({"visibility": ["user"]})).unwrap_err().path(),
    ///     "_meta.ui.visibility[0]"
    /// );
    /// ```
    pub fn from_value(value: &Value) -> Result<Self, ReadError> {
        let ui = object(value, AT)?;
        let resource_uri = match ui.get("resourceUri") {
            Some(uri) => Some(
                uri.as_str()
                    .ok_or_else(|| expected(&format!("{AT}.resourceUri"), "a string", uri))?
                    .to_owned(),
            ),
            None => None,
        };
        let mut visibility = Vec::new();
        if let Some(list) = ui.get("visibility") {
            let path = format!("{AT}.visibility");
            for (index, word) in strings(list, &path)?.iter().enumerate() {
                let read = word
                    .parse::<UiVisibility>()
                    .map_err(|v| ReadError::new(format!("{path}[{index}]"), v))?;
                visibility.push(read);
            }
        }
        Ok(Self {
            resource_uri,
            visibility,
        })
    }

    /// The `_meta.ui` of a tool as listed, if it has one; a tool that has only the
    /// deprecated flat `_meta["ui/resourceUri"]` reads as a view at that URI.
    ///
    /// ```
    /// use mcp_content::apps::UiToolMeta;
    /// use mcp_content::model::{Tool, ToolName};
    /// let mut tool = Tool::new(ToolName::new("forecast").unwrap());
    /// assert_eq!(UiToolMeta::of_tool(&tool).unwrap(), None);
    /// UiToolMeta::new("ui://weather/view.html").unwrap().apply_to_tool(&mut tool);
    /// let ui = UiToolMeta::of_tool(&tool).unwrap().unwrap();
    /// assert_eq!(ui.resource_uri(), Some("ui://weather/view.html"));
    /// ```
    pub fn of_tool(tool: &Tool) -> Result<Option<Self>, ReadError> {
        if let Some(ui) = tool.meta.get_value(UI_META_KEY) {
            return Self::from_value(&ui).map(Some);
        }
        let Some(legacy) = tool.meta.get_value(LEGACY_RESOURCE_URI_KEY) else {
            return Ok(None);
        };
        let uri = legacy.as_str().ok_or_else(|| {
            expected(
                &format!("_meta[\"{LEGACY_RESOURCE_URI_KEY}\"]"),
                "a string",
                &legacy,
            )
        })?;
        Ok(Some(Self {
            resource_uri: Some(uri.to_owned()),
            visibility: Vec::new(),
        }))
    }
}
