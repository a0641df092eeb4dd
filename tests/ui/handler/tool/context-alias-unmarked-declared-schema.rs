use mcp_content::{tool, Context};

type Ctx = Context;

fn schema() -> serde_json::Map<String, serde_json::Value> {
    serde_json::Map::new()
}

/// With a hand-written schema: an unmarked alias of `Context` is still one error.
#[tool(input_schema = schema)]
fn hi(context: Ctx) -> String {
    let _ = context;
    String::new()
}

fn main() {}
