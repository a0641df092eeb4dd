// A tool whose body has no tail expression: rustc's own error, at the signature and the
// bindings, as for any function (the macro gives the user's function back as it was written).

use mcp_content::tool;

/// Greets.
#[tool]
fn greet(name: String) -> String {
    let greeting = format!("hello {name}");
}

fn main() {}
