//! MCP Apps handlers: a UI resource (HTML served at a `ui://` URI with the app MIME profile
//! and its `_meta.ui`) and a tool that renders in one.

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::model::app::{APP_MIME_TYPE, UiResourceMeta, UiToolMeta};
use crate::model::content::{ResourceContents, TextResourceContents};
use crate::model::resource::{ReadResourceResult, Resource};
use crate::model::tool::{CallToolResult, Tool};
use crate::model::validated::{MimeType, Uri};
use crate::rules::{self, Violation};
use crate::server::handler::{
    BoxFuture, Context, ProtocolError, ResourceDescriptor, ResourceHandler, ToolHandler,
};

/// An MCP App's HTML, served at a `ui://` URI as `text/html;profile=mcp-app`, with its
/// `_meta.ui` on the `resources/list` entry and on the read contents.
///
/// ```
/// use mcp_content::Router;
/// use mcp_content::apps::{AppResource, UiCsp, UiResourceMeta};
/// let ui = UiResourceMeta {
///     csp: UiCsp { connect: vec!["https://api.example.com".into()], ..UiCsp::default() },
///     ..UiResourceMeta::default()
/// };
/// let app = AppResource::new("ui://weather/view.html", "weather-view", "<!doctype html><p>hi</p>", ui).unwrap();
/// let router = Router::builder().resource(app).build().unwrap();
/// let listed = &router.list_resources()[0];
/// assert_eq!(listed.mime_type.as_ref().unwrap().as_str(), "text/html;profile=mcp-app");
/// assert_eq!(listed.meta.get_value("ui").unwrap()["csp"]["connectDomains"][0], "https://api.example.com");
///
/// assert!(AppResource::new("https://weather/view.html", "v", "", UiResourceMeta::default()).is_err());
/// ```
#[derive(Debug, Clone)]
pub struct AppResource {
    resource: Resource,
    html: Arc<str>,
    ui: UiResourceMeta,
}

impl AppResource {
    /// The app `name` at `uri` (a `ui://` URI) serving `html`; every CSP origin of `ui`
    /// is checked.
    pub fn new(
        uri: &str,
        name: impl Into<String>,
        html: impl Into<Arc<str>>,
        ui: UiResourceMeta,
    ) -> Result<Self, Violation> {
        rules::check_ui_uri(uri)?;
        ui.validate()?;
        let mut resource = Resource::new(Uri::new(uri)?, name);
        resource.mime_type = Some(MimeType::new(APP_MIME_TYPE)?);
        ui.apply_to_resource(&mut resource);
        Ok(Self {
            resource,
            html: html.into(),
            ui,
        })
    }

    /// The `resources/list` entry, to set a title, a description or icons.
    pub fn resource_mut(&mut self) -> &mut Resource {
        &mut self.resource
    }
}

impl ResourceHandler for AppResource {
    fn descriptor(&self) -> ResourceDescriptor {
        ResourceDescriptor::Fixed(self.resource.clone())
    }

    fn read(
        &self,
        _uri: &str,
        _variables: Vec<(String, String)>,
        _context: Context,
    ) -> BoxFuture<'_, Result<ReadResourceResult, ProtocolError>> {
        let mut text = TextResourceContents::new(self.resource.uri.clone(), &*self.html);
        text.mime_type.clone_from(&self.resource.mime_type);
        let mut contents = ResourceContents::Text(text);
        self.ui.apply_to_contents(&mut contents);
        Box::pin(async move { Ok(ReadResourceResult::new(vec![contents])) })
    }
}

/// A tool that renders in an MCP App: any tool handler (a `#[tool]` function's type, or
/// your own) with `_meta.ui` (`resourceUri`, `visibility`) on its descriptor.
/// [`RouterBuilder::build`](crate::RouterBuilder::build) refuses it unless a resource
/// serves its URI.
///
/// ```
/// use mcp_content::apps::{AppResource, AppTool, UiResourceMeta, UiToolMeta};
/// use mcp_content::handler::RouterError;
/// use mcp_content::{Router, tool};
///
/// /// Shows the weather.
/// #[tool]
/// fn show_weather(city: String) -> String {
///     format!("{city}: sunny")
/// }
///
/// let ui = UiToolMeta::new("ui://weather/view.html").unwrap();
/// let app = AppResource::new("ui://weather/view.html", "view", "<p></p>", UiResourceMeta::default()).unwrap();
/// let router = Router::builder().tool(AppTool::new(show_weather {}, ui.clone())).resource(app).build().unwrap();
/// assert_eq!(router.list_tools()[0].meta.get_value("ui").unwrap()["resourceUri"], "ui://weather/view.html");
///
/// let err = Router::builder().tool(AppTool::new(show_weather {}, ui)).build().unwrap_err();
/// assert!(matches!(err, RouterError::MissingUiResource { .. }));
/// ```
#[derive(Debug, Clone)]
pub struct AppTool<H> {
    handler: H,
    ui: UiToolMeta,
}

impl<H: ToolHandler> AppTool<H> {
    /// `handler`, rendered in the UI `ui` names.
    pub fn new(handler: H, ui: UiToolMeta) -> Self {
        Self { handler, ui }
    }
}

impl<H: ToolHandler> ToolHandler for AppTool<H> {
    fn tool(&self) -> Tool {
        let mut tool = self.handler.tool();
        self.ui.apply_to_tool(&mut tool);
        tool
    }

    fn call(
        &self,
        arguments: Map<String, Value>,
        context: Context,
    ) -> BoxFuture<'_, CallToolResult> {
        self.handler.call(arguments, context)
    }

    fn max_inline(&self) -> Option<u64> {
        self.handler.max_inline()
    }
}
