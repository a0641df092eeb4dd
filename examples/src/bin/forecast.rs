//! The README's main example: DESIGN.md's first snippet, a `Forecast` tool result, printed as
//! the JSON each protocol version's peers receive, then read back.
//!
//! Run it with `cargo run -p mcp-content-examples --bin forecast`.

use mcp_content::{Content, FromContent, IntoCallToolResult, ProtocolVersion, SerializeFor};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A weather forecast as a tool returns it. Every field becomes a content block (or `_meta`),
/// validated at compile time.
#[derive(Content, Serialize, Deserialize, JsonSchema, Debug, Clone, PartialEq)]
#[content(annotations(audience = ["user"]))] // default annotations for each block
#[content(meta("com.example/source" = "weather-api"))] // static _meta on the whole result
struct Forecast {
    #[content(text)]
    summary: String,
    #[content(image(mime = "image/png"), meta("com.example/alt" = "Temperature chart"))]
    chart: Vec<u8>, // raw bytes: base64 is the framework's job
    #[content(
        resource(uri = "weather://{city}/raw.json", mime = "application/json"),
        resource_meta("com.example/schema" = "v2")
    )] // _meta on the inner resource contents
    raw: String,
    #[content(meta = "com.example/city")] // a field's value into the result's _meta
    city: String,
}

fn main() {
    let forecast = Forecast {
        summary: "Sunny, 24 °C".to_owned(),
        // The first bytes of a PNG file: enough to show the base64.
        chart: vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a],
        raw: r#"{"high":24,"low":15}"#.to_owned(),
        city: "São Paulo".to_owned(),
    };
    let result = forecast.clone().into_call_tool_result();
    for version in [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ] {
        // Written straight from the model (not through a `serde_json::Value`): fields keep
        // the order the protocol documents.
        let json = serde_json::to_string_pretty(&result.for_version(version))
            .expect("model values always serialize to JSON");
        println!("{}:\n{json}", version.as_str());
    }
    // The other way: the result's JSON bytes back into a `Forecast`, URI template decoded.
    let bytes = result.to_json_for(ProtocolVersion::LATEST);
    let read: mcp_content::CallToolResult =
        mcp_content::read_json(&bytes).expect("the result we just wrote reads back");
    let back = Forecast::from_call_tool_result(&read).expect("and so does the forecast");
    assert_eq!(back, forecast);
    println!("read back: city = {}", back.city);
}
