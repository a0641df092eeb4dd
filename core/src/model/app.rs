//! MCP Apps (`io.modelcontextprotocol/ui`): the `_meta.ui` of a UI resource (CSP origins,
//! sandbox permissions, dedicated domain, border preference) and of a tool (the UI resource
//! it renders in, who may call it).
//!
//! Every origin, URI and word is checked when the value is built, with the rules the
//! attribute macros apply to literals at compile time.

use serde_json::{Map, Value};

use crate::model::content::{EmbeddedResource, ResourceContents};
use crate::model::meta::Meta;
use crate::model::resource::Resource;
use crate::model::tool::Tool;
use crate::rules::{self, Violation};

#[path = "app_read.rs"]
mod read;

/// The extension's identifier, as negotiated in capabilities.
pub const UI_EXTENSION: &str = "io.modelcontextprotocol/ui";

/// The `_meta` key the extension's values sit under.
pub const UI_META_KEY: &str = "ui";

/// The flat key older hosts read a tool's UI resource from (deprecated by the extension).
pub const LEGACY_RESOURCE_URI_KEY: &str = "ui/resourceUri";

pub use crate::rules::APP_MIME_TYPE;

/// The Content Security Policy origins a UI resource needs (`_meta.ui.csp`). Empty lists
/// are left out: the host's default is no access.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UiCsp {
    /// `connectDomains`: origins for fetch / XHR / WebSocket.
    pub connect: Vec<String>,
    /// `resourceDomains`: origins for images, scripts, stylesheets, fonts, media.
    pub resources: Vec<String>,
    /// `frameDomains`: origins for nested iframes.
    pub frames: Vec<String>,
    /// `baseUriDomains`: allowed base URIs.
    pub base_uris: Vec<String>,
}

impl UiCsp {
    /// Checks every origin ([`rules::check_csp_origin`]).
    pub fn validate(&self) -> Result<(), Violation> {
        self.lists()
            .into_iter()
            .flat_map(|(_, list)| list)
            .try_for_each(|origin| rules::check_csp_origin(origin))
    }

    fn lists(&self) -> [(&'static str, &Vec<String>); 4] {
        [
            ("connectDomains", &self.connect),
            ("resourceDomains", &self.resources),
            ("frameDomains", &self.frames),
            ("baseUriDomains", &self.base_uris),
        ]
    }

    fn to_value(&self) -> Value {
        let mut map = Map::new();
        for (key, list) in self.lists() {
            if !list.is_empty() {
                map.insert(key.into(), Value::from(list.clone()));
            }
        }
        Value::Object(map)
    }

    fn is_empty(&self) -> bool {
        self.lists().iter().all(|(_, list)| list.is_empty())
    }
}

/// The browser capabilities a UI resource asks for (`_meta.ui.permissions`); each one
/// asked for is written as `{}`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // one flag per permission the extension names
pub struct UiPermissions {
    /// `camera`.
    pub camera: bool,
    /// `microphone`.
    pub microphone: bool,
    /// `geolocation`.
    pub geolocation: bool,
    /// `clipboardWrite`.
    pub clipboard_write: bool,
}

impl UiPermissions {
    /// The permissions named (as written on the wire: `camera`, `microphone`,
    /// `geolocation`, `clipboardWrite`: the ones `@modelcontextprotocol/ext-apps` 2.0.4's
    /// schema takes; `tools` is refused, as its hosts drop it).
    pub fn from_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Self, Violation> {
        let mut permissions = Self::default();
        for name in names {
            rules::check_ui_permission(name)?;
            *permissions.flag(name) = true;
        }
        Ok(permissions)
    }

    fn flag(&mut self, name: &str) -> &mut bool {
        match name {
            "camera" => &mut self.camera,
            "microphone" => &mut self.microphone,
            "geolocation" => &mut self.geolocation,
            _ => &mut self.clipboard_write,
        }
    }

    fn to_value(self) -> Value {
        let mut map = Map::new();
        for (name, on) in [
            ("camera", self.camera),
            ("microphone", self.microphone),
            ("geolocation", self.geolocation),
            ("clipboardWrite", self.clipboard_write),
        ] {
            if on {
                map.insert(name.into(), Value::Object(Map::new()));
            }
        }
        Value::Object(map)
    }

    fn is_empty(self) -> bool {
        self == Self::default()
    }
}

/// A UI resource's `_meta.ui`: written on its `resources/list` entry and on each item of
/// its read contents (hosts read the contents item first; an item that has its own
/// `_meta.ui` keeps it).
///
/// ```
/// use mcp_content::apps::{UiCsp, UiResourceMeta};
/// let ui = UiResourceMeta {
///     csp: UiCsp { connect: vec!["https://api.example.com".into()], ..UiCsp::default() },
///     prefers_border: Some(true),
///     ..UiResourceMeta::default()
/// };
/// assert_eq!(
///     ui.to_value(),
///     serde_json::json!({"csp": {"connectDomains": ["https://api.example.com"]}, "prefersBorder": true})
/// );
/// let bad = UiResourceMeta {
///     csp: UiCsp { frames: vec!["http://example.com".into()], ..UiCsp::default() },
///     ..UiResourceMeta::default()
/// };
/// assert_eq!(bad.validate().unwrap_err().rule, mcp_content::rules::Rule::CspOrigin);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UiResourceMeta {
    /// CSP origins.
    pub csp: UiCsp,
    /// Sandbox permissions.
    pub permissions: UiPermissions,
    /// A dedicated sandbox domain: a bare host name in the host's format
    /// (`abc123.sandbox.example`), not a CSP origin.
    pub domain: Option<String>,
    /// Whether the view prefers a visible border (`None`: the host decides).
    pub prefers_border: Option<bool>,
}

impl UiResourceMeta {
    /// Checks every origin, and that the domain is a bare host name
    /// ([`rules::check_ui_domain`]).
    pub fn validate(&self) -> Result<(), Violation> {
        self.csp.validate()?;
        self.domain
            .as_deref()
            .map_or(Ok(()), rules::check_ui_domain)
    }

    /// The `_meta.ui` object.
    pub fn to_value(&self) -> Value {
        let mut map = Map::new();
        if !self.csp.is_empty() {
            map.insert("csp".into(), self.csp.to_value());
        }
        if !self.permissions.is_empty() {
            map.insert("permissions".into(), self.permissions.to_value());
        }
        if let Some(domain) = &self.domain {
            map.insert("domain".into(), Value::from(domain.clone()));
        }
        if let Some(border) = self.prefers_border {
            map.insert("prefersBorder".into(), Value::Bool(border));
        }
        Value::Object(map)
    }

    /// Writes `_meta.ui` on a `resources/list` entry.
    pub fn apply_to_resource(&self, resource: &mut Resource) {
        put_ui(&mut resource.meta, self.to_value());
    }

    /// Writes `_meta.ui` on read contents, unless the item has its own.
    pub fn apply_to_contents(&self, contents: &mut ResourceContents) {
        fill_contents_ui(contents, &self.to_value());
    }

    /// Writes `_meta.ui` on the inner contents of an embedded resource block (where hosts
    /// read it), unless they have their own.
    pub fn apply_to_embedded(&self, block: &mut EmbeddedResource) {
        self.apply_to_contents(&mut block.resource);
    }
}

/// Who may call a tool that has a UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UiVisibility {
    /// The model (the agent) sees and calls it.
    Model,
    /// The app (the UI) calls it, on this server only.
    App,
}

impl UiVisibility {
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            UiVisibility::Model => "model",
            UiVisibility::App => "app",
        }
    }
}

impl std::str::FromStr for UiVisibility {
    type Err = Violation;

    fn from_str(s: &str) -> Result<Self, Violation> {
        rules::check_ui_visibility(s)?;
        Ok(if s == "model" {
            UiVisibility::Model
        } else {
            UiVisibility::App
        })
    }
}

/// A tool's `_meta.ui`: the UI resource it renders in and who may call it.
///
/// ```
/// use mcp_content::apps::{UiToolMeta, UiVisibility};
/// use mcp_content::model::{Tool, ToolName};
/// let ui = UiToolMeta::new("ui://weather/view.html").unwrap()
///     .visibility([UiVisibility::Model, UiVisibility::App]);
/// let mut tool = Tool::new(ToolName::new("forecast").unwrap());
/// ui.apply_to_tool(&mut tool);
/// assert_eq!(
///     tool.meta.get_value("ui"),
///     Some(serde_json::json!({"resourceUri": "ui://weather/view.html", "visibility": ["model", "app"]}))
/// );
/// assert!(UiToolMeta::new("https://weather/view.html").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UiToolMeta {
    resource_uri: Option<String>,
    visibility: Vec<UiVisibility>,
}

impl UiToolMeta {
    /// A tool rendered in the UI resource at `resource_uri` (a `ui://` URI).
    pub fn new(resource_uri: &str) -> Result<Self, Violation> {
        rules::check_ui_uri(resource_uri)?;
        Ok(Self {
            resource_uri: Some(resource_uri.to_owned()),
            visibility: Vec::new(),
        })
    }

    /// A tool with no UI of its own that says who may call it (ext-apps: `resourceUri` is
    /// optional; an app-only helper tool lists `visibility: ["app"]` alone).
    pub fn without_view(visibility: impl IntoIterator<Item = UiVisibility>) -> Self {
        Self {
            resource_uri: None,
            visibility: visibility.into_iter().collect(),
        }
    }

    /// Who may call it (left out when empty: the host's default is both).
    #[must_use]
    pub fn visibility(mut self, visibility: impl IntoIterator<Item = UiVisibility>) -> Self {
        self.visibility = visibility.into_iter().collect();
        self
    }

    /// The UI resource's URI, when the tool has a view.
    pub fn resource_uri(&self) -> Option<&str> {
        self.resource_uri.as_deref()
    }

    /// Who may call it (empty: the host's default, both).
    pub fn visibilities(&self) -> &[UiVisibility] {
        &self.visibility
    }

    /// The `_meta.ui` object.
    pub fn to_value(&self) -> Value {
        let mut map = Map::new();
        if let Some(uri) = &self.resource_uri {
            map.insert("resourceUri".into(), Value::from(uri.clone()));
        }
        if !self.visibility.is_empty() {
            map.insert(
                "visibility".into(),
                self.visibility.iter().map(|v| v.as_str()).collect(),
            );
        }
        Value::Object(map)
    }

    /// Writes `_meta.ui` on the tool's descriptor (the deprecated flat `ui/resourceUri` is
    /// the router's option, [`RouterBuilder::legacy_ui_resource_uri`]).
    ///
    /// [`RouterBuilder::legacy_ui_resource_uri`]: crate::RouterBuilder::legacy_ui_resource_uri
    pub fn apply_to_tool(&self, tool: &mut Tool) {
        put_ui(&mut tool.meta, self.to_value());
    }
}

/// The `_meta.ui.resourceUri` of a tool descriptor, if it has one.
pub(crate) fn tool_ui_resource_uri(tool: &Tool) -> Option<String> {
    let ui = tool.meta.get_value(UI_META_KEY)?;
    ui.get("resourceUri")?.as_str().map(str::to_owned)
}

fn put_ui(meta: &mut Meta, value: Value) {
    // `ui` is a plain key of the grammar, never reserved.
    meta.__insert_unchecked(UI_META_KEY, value);
}

/// Copies `ui` onto read contents that have no `_meta.ui` of their own.
pub(crate) fn fill_contents_ui(contents: &mut ResourceContents, ui: &Value) {
    if contents.meta().get(UI_META_KEY).is_none() {
        contents
            .meta_mut()
            .__insert_unchecked(UI_META_KEY, ui.clone());
    }
}
