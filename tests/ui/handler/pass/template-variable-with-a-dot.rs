#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Context, resource, router};

/// A dotted variable, bound through a rename.
#[resource(uri = "cfg://{app.name}/{key}")]
fn setting(#[arg(name = "app.name")] app: String, key: String) -> String {
    format!("{app}:{key}")
}

fn main() {
    let router = router! { resources: [setting] }.build().unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let read = runtime
        .block_on(router.read_resource("cfg://shop/port", Context::default()))
        .unwrap();
    let json = serde_json::to_value(&read).unwrap();
    assert_eq!(json["contents"][0]["text"], "shop:port", "{json}");
}
