//! MCP Apps (`io.modelcontextprotocol/ui`): `_meta.ui` on tools, on UI resources' list
//! entries and read contents, and the router's checks.

use mcp_content::apps::{
    AppResource, AppTool, UiCsp, UiPermissions, UiResourceMeta, UiToolMeta, UiVisibility,
};
use mcp_content::handler::BoxFuture;
use mcp_content::handler::{
    ProtocolError, ResourceDescriptor, ResourceHandler, RouterError, ToolHandler,
};
use mcp_content::model::{
    EmbeddedResource, Meta, ReadResourceResult, ResourceTemplate, TextResourceContents, Tool,
    ToolName, Uri,
};
use mcp_content::rules::Rule;
use mcp_content::rules::UriTemplate;
use mcp_content::{CallToolResult, Context, ProtocolVersion, Router};
use serde_json::{Map, Value, json};

struct Plain;

impl ToolHandler for Plain {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("plain").unwrap())
    }
    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async { CallToolResult::text("ok") })
    }
}

/// UI views from a template; one view carries its own `_meta.ui`.
struct Views;

impl ResourceHandler for Views {
    fn descriptor(&self) -> ResourceDescriptor {
        let mut template =
            ResourceTemplate::new(UriTemplate::parse("ui://views/{name}").unwrap(), "views");
        template
            .meta
            .insert("ui", json!({"prefersBorder": false}))
            .unwrap();
        ResourceDescriptor::Template(template)
    }
    fn read(
        &self,
        uri: &str,
        _: Vec<(String, String)>,
        _: Context,
    ) -> BoxFuture<'_, Result<ReadResourceResult, ProtocolError>> {
        let mut own = TextResourceContents::new(Uri::new(uri).unwrap(), "<p>own</p>");
        if uri.ends_with("own") {
            own.meta
                .insert("ui", json!({"prefersBorder": true}))
                .unwrap();
        }
        let result = ReadResourceResult::new(vec![own.into()]);
        Box::pin(async move { Ok(result) })
    }
}

fn ui(uri: &str) -> UiToolMeta {
    UiToolMeta::new(uri).unwrap()
}

fn read(router: &Router, uri: &str) -> Value {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(router.read_resource(uri, Context::new(Meta::new(), ProtocolVersion::LATEST)))
        .map(|r| serde_json::to_value(&r).unwrap())
        .unwrap()
}

#[test]
fn a_tool_whose_view_nobody_serves_is_refused() {
    let err = Router::builder()
        .tool(AppTool::new(Plain, ui("ui://nowhere/view.html")))
        .build()
        .unwrap_err();
    assert_eq!(
        err,
        RouterError::MissingUiResource {
            tool: "plain".into(),
            uri: "ui://nowhere/view.html".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "tool `plain` renders in the UI resource `ui://nowhere/view.html`, which no resource serves"
    );
}

#[test]
fn a_template_may_serve_the_view_and_contents_items_keep_their_own_ui() {
    let router = Router::builder()
        .tool(AppTool::new(Plain, ui("ui://views/main")))
        .resource(Views)
        .build()
        .unwrap();
    let tool = &router.list_tools()[0];
    assert!(
        tool.meta.get("ui/resourceUri").is_none(),
        "legacy key is opt-in"
    );
    assert_eq!(
        read(&router, "ui://views/main")["contents"][0]["_meta"]["ui"],
        json!({"prefersBorder": false})
    );
    assert_eq!(
        read(&router, "ui://views/own")["contents"][0]["_meta"]["ui"],
        json!({"prefersBorder": true})
    );
}

#[test]
fn the_legacy_flat_key_is_written_on_request() {
    let app = AppResource::new("ui://a/b", "b", "<p></p>", UiResourceMeta::default()).unwrap();
    let router = Router::builder()
        .tool(AppTool::new(
            Plain,
            ui("ui://a/b").visibility([UiVisibility::App]),
        ))
        .resource(app)
        .legacy_ui_resource_uri(true)
        .build()
        .unwrap();
    let tool = serde_json::to_value(&router.list_tools()[0]).unwrap();
    assert_eq!(
        tool["_meta"],
        json!({"ui": {"resourceUri": "ui://a/b", "visibility": ["app"]}, "ui/resourceUri": "ui://a/b"})
    );
    mcp_content_tests::assert_valid("2025-11-25", "Tool", &tool);
}

#[test]
fn resource_meta_is_complete_and_checked() {
    let meta = UiResourceMeta {
        csp: UiCsp {
            connect: vec!["wss://live.example.com".into()],
            resources: vec!["https://*.cdn.example.com".into()],
            frames: vec!["https://www.youtube.com".into()],
            base_uris: vec!["https://cdn.example.com".into()],
        },
        permissions: UiPermissions::from_names(["camera", "clipboardWrite"]).unwrap(),
        domain: Some("weather.example-host.com".into()),
        prefers_border: Some(false),
    };
    assert_eq!(
        meta.to_value(),
        json!({
            "csp": {
                "connectDomains": ["wss://live.example.com"],
                "resourceDomains": ["https://*.cdn.example.com"],
                "frameDomains": ["https://www.youtube.com"],
                "baseUriDomains": ["https://cdn.example.com"]
            },
            "permissions": {"camera": {}, "clipboardWrite": {}},
            "domain": "weather.example-host.com",
            "prefersBorder": false
        })
    );
    assert_eq!(
        UiPermissions::from_names(["usb"]).unwrap_err().rule,
        Rule::UiPermission
    );
    let err = AppResource::new(
        "ui://a/b",
        "b",
        "",
        UiResourceMeta {
            csp: UiCsp {
                connect: vec!["https://api.example.com/v1".into()],
                ..UiCsp::default()
            },
            ..UiResourceMeta::default()
        },
    )
    .unwrap_err();
    assert_eq!(err.rule, Rule::CspOrigin);
    assert_eq!(
        "user".parse::<UiVisibility>().unwrap_err().rule,
        Rule::UiVisibility
    );
    assert_eq!(UiToolMeta::new("ui:view").unwrap_err().rule, Rule::UiUri);
}

#[test]
fn embedded_view_blocks_carry_ui_on_the_inner_contents() {
    let mut block = EmbeddedResource::new(TextResourceContents::new(
        Uri::new("ui://a/b").unwrap(),
        "<p></p>",
    ));
    UiResourceMeta {
        prefers_border: Some(true),
        ..UiResourceMeta::default()
    }
    .apply_to_embedded(&mut block);
    let value = serde_json::to_value(mcp_content::ContentBlock::from(block)).unwrap();
    assert_eq!(
        value["resource"]["_meta"]["ui"],
        json!({"prefersBorder": true})
    );
    assert!(value.get("_meta").is_none());
}
