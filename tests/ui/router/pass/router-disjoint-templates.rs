#![deny(warnings)] // the macros give the user no warning
use mcp_content::{resource, router};

/// Raw logs of a day.
#[resource(uri = "logs://{day}/raw")]
fn raw_logs(day: String) -> String {
    day
}

/// A summary of a day's logs.
#[resource(uri = "logs://{day}/summary")]
fn log_summary(day: String) -> String {
    day
}

/// A file at the top level (`files://a/b` is not one).
#[resource(uri = "files://{name}")]
fn file(name: String) -> String {
    name
}

/// A nested file, which `file` does not match.
#[resource(uri = "files://a/b")]
fn nested() -> String {
    String::new()
}

fn main() {
    let router = router! { resources: [raw_logs, log_summary, file, nested] };
    assert!(router.build().is_ok());
}
