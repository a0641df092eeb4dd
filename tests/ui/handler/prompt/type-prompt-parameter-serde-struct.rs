use mcp_content::prompt;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Options {
    depth: u8,
}

/// Asks.
#[prompt]
fn ask(options: Options) -> String {
    options.depth.to_string()
}

fn main() {}
