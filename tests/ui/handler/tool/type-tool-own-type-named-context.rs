use mcp_content::tool;

mod settings {
    /// A type of the user's own, named `Context`.
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    pub struct Context {
        pub verbose: bool,
    }
}

/// Runs: a parameter of a type spelled `Context` is the request's context, one error at it.
#[tool]
fn run(settings: settings::Context) -> String {
    settings.verbose.to_string()
}

fn main() {}
