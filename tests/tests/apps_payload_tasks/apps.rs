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

/// The members `@modelcontextprotocol/ext-apps` 2.0.4's schema takes (`McpUiResourceMeta`,
/// `McpUiResourcePermissions`, `McpUiToolMeta`: each object closed with
/// `additionalProperties: false`), restated to check what we write against.
fn ext_apps_resource_meta_schema() -> Value {
    let empty = json!({"type": "object", "properties": {}, "additionalProperties": false});
    let list = json!({"type": "array", "items": {"type": "string"}});
    json!({
        "type": "object",
        "properties": {
            "csp": {
                "type": "object",
                "properties": {
                    "connectDomains": list, "resourceDomains": list,
                    "frameDomains": list, "baseUriDomains": list
                },
                "additionalProperties": false
            },
            "permissions": {
                "type": "object",
                "properties": {
                    "camera": empty, "microphone": empty,
                    "geolocation": empty, "clipboardWrite": empty
                },
                "additionalProperties": false
            },
            "domain": {"type": "string"},
            "prefersBorder": {"type": "boolean"}
        },
        "additionalProperties": false
    })
}

fn ext_apps_tool_meta_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "resourceUri": {"type": "string"},
            "visibility": {"type": "array", "items": {"enum": ["model", "app"]}},
            "csp": {"not": {}},
            "permissions": {"not": {}}
        },
        "additionalProperties": false
    })
}

#[test]
fn every_permission_we_write_is_in_ext_apps_schema() {
    let schema = jsonschema::validator_for(&ext_apps_resource_meta_schema()).unwrap();
    let all = UiResourceMeta {
        csp: UiCsp {
            connect: vec!["https://api.example.com".into()],
            ..UiCsp::default()
        },
        permissions: UiPermissions::from_names(mcp_content::rules::UI_PERMISSIONS).unwrap(),
        domain: Some("abc123.sandbox.example".into()),
        prefers_border: Some(true),
    };
    all.validate().unwrap();
    let written = all.to_value();
    assert!(schema.is_valid(&written), "{written}");
    // `tools` (WebMCP) is not among them: refused, naming why.
    let err = UiPermissions::from_names(["camera", "tools"]).unwrap_err();
    assert_eq!(err.rule, Rule::UiPermission);
    assert!(err.message.contains("ext-apps 2.0.4"), "{err}");
}

#[test]
fn the_domain_is_a_bare_host_not_a_csp_origin() {
    for host in [
        "abc123.sandbox.example",
        "a904794854a047f6.claudemcpcontent.com",
        "www-example-com.oaiusercontent.com",
    ] {
        let ui = UiResourceMeta {
            domain: Some(host.into()),
            ..UiResourceMeta::default()
        };
        AppResource::new("ui://a/b", "b", "", ui).unwrap();
    }
    for origin in [
        "https://abc123.sandbox.example",
        "abc123.sandbox.example:443",
        "*.sandbox.example",
        "abc123.sandbox.example/",
    ] {
        let ui = UiResourceMeta {
            domain: Some(origin.into()),
            ..UiResourceMeta::default()
        };
        let err = AppResource::new("ui://a/b", "b", "", ui).unwrap_err();
        assert_eq!(err.rule, Rule::UiDomain, "{origin}");
        assert!(!err.message.contains("CSP"), "{err}");
        assert!(err.message.contains("bare host name"), "{err}");
    }
}

#[test]
fn a_servers_resource_ui_meta_reads_back_typed() {
    // As an ext-apps server lists it, with a CSP value our writer would not write.
    let listed = json!({
        "csp": {
            "connectDomains": ["https://api.weather.com", "wss://realtime.service.com"],
            "resourceDomains": ["https://cdn.jsdelivr.net", "data:"],
            "frameDomains": ["https://www.youtube.com"],
            "baseUriDomains": ["https://cdn.example.com"]
        },
        "permissions": {"microphone": {}, "geolocation": {}, "tools": {}},
        "domain": "www-example-com.oaiusercontent.com",
        "prefersBorder": true,
        "future": 1
    });
    let read = UiResourceMeta::from_value(&listed).unwrap();
    assert_eq!(read.csp.resources, ["https://cdn.jsdelivr.net", "data:"]);
    assert_eq!(read.csp.base_uris, ["https://cdn.example.com"]);
    assert_eq!(
        read.permissions,
        UiPermissions::from_names(["microphone", "geolocation"]).unwrap()
    );
    assert_eq!(
        read.domain.as_deref(),
        Some("www-example-com.oaiusercontent.com")
    );
    assert_eq!(read.prefers_border, Some(true));
    // Our own meta reads back as written, through the list entry and the read contents.
    let ours = UiResourceMeta {
        csp: UiCsp {
            frames: vec!["https://www.youtube.com".into()],
            ..UiCsp::default()
        },
        permissions: UiPermissions::from_names(["camera"]).unwrap(),
        domain: Some("abc123.sandbox.example".into()),
        prefers_border: Some(false),
    };
    let app = AppResource::new("ui://w/v.html", "v", "<p>hi</p>", ours.clone()).unwrap();
    let router = Router::builder().resource(app).build().unwrap();
    let listed = &router.list_resources()[0];
    assert_eq!(
        UiResourceMeta::of_resource(listed).unwrap(),
        Some(ours.clone())
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let read = runtime
        .block_on(router.read_resource(
            "ui://w/v.html",
            Context::new(Meta::new(), ProtocolVersion::LATEST),
        ))
        .unwrap();
    assert_eq!(
        UiResourceMeta::of_contents(&read.contents[0]).unwrap(),
        Some(ours)
    );

    for (bad, path) in [
        (json!([]), "_meta.ui"),
        (json!({"csp": []}), "_meta.ui.csp"),
        (
            json!({"csp": {"connectDomains": "https://a"}}),
            "_meta.ui.csp.connectDomains",
        ),
        (
            json!({"permissions": {"camera": true}}),
            "_meta.ui.permissions.camera",
        ),
        (json!({"domain": 3}), "_meta.ui.domain"),
        (json!({"prefersBorder": "yes"}), "_meta.ui.prefersBorder"),
    ] {
        assert_eq!(
            UiResourceMeta::from_value(&bad).unwrap_err().path(),
            path,
            "{bad}"
        );
    }
}

#[test]
fn a_servers_tool_ui_meta_reads_back_typed() {
    let schema = jsonschema::validator_for(&ext_apps_tool_meta_schema()).unwrap();
    let mut tool = Tool::new(ToolName::new("forecast").unwrap());
    let ours = UiToolMeta::new("ui://weather/view.html")
        .unwrap()
        .visibility([UiVisibility::Model, UiVisibility::App]);
    ours.apply_to_tool(&mut tool);
    assert!(schema.is_valid(&tool.meta.get_value("ui").unwrap()));
    assert_eq!(UiToolMeta::of_tool(&tool).unwrap(), Some(ours));

    // An app-only helper: visibility alone, no view.
    let helper = UiToolMeta::without_view([UiVisibility::App]);
    assert!(schema.is_valid(&helper.to_value()));
    let read = UiToolMeta::from_value(&json!({"visibility": ["app"]})).unwrap();
    assert_eq!(read, helper);
    assert_eq!(read.resource_uri(), None);

    // The deprecated flat key alone.
    let mut legacy = Tool::new(ToolName::new("old").unwrap());
    legacy.meta = Meta::from_map(
        json!({"ui/resourceUri": "ui://old/view.html"})
            .as_object()
            .unwrap()
            .clone(),
    )
    .unwrap();
    let read = UiToolMeta::of_tool(&legacy).unwrap().unwrap();
    assert_eq!(read.resource_uri(), Some("ui://old/view.html"));

    for (bad, path) in [
        (json!({"resourceUri": 1}), "_meta.ui.resourceUri"),
        (json!({"visibility": "app"}), "_meta.ui.visibility"),
        (
            json!({"visibility": ["model", "agent"]}),
            "_meta.ui.visibility[1]",
        ),
    ] {
        assert_eq!(
            UiToolMeta::from_value(&bad).unwrap_err().path(),
            path,
            "{bad}"
        );
    }
}
