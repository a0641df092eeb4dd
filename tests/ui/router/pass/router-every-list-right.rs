#![deny(warnings)] // the macros give the user no warning
// Every list right, by module paths, with trailing commas and `crate = …`: it builds, and
// resources that only look alike (the path's case, a leading `/` or `?`, a reserved
// character a simple variable cannot write) are not refused.

mod handlers {
    /// Gets the weather.
    #[mcp_content::tool(ui = "ui://weather/app.html")]
    pub(crate) fn weather() -> String {
        String::new()
    }

    /// Greets.
    #[mcp_content::prompt]
    pub(crate) fn greet() -> String {
        "hi".to_owned()
    }

    /// The weather app.
    #[mcp_content::resource(uri = "ui://weather/app.html", mime = "text/html;profile=mcp-app")]
    pub(crate) fn app() -> String {
        String::new()
    }
}

/// Today, with a capital `T` in the path.
#[mcp_content::resource(uri = "x://h/Today")]
fn capital() -> String {
    String::new()
}

/// Today, in lowercase: another path.
#[mcp_content::resource(uri = "x://h/today")]
fn lower() -> String {
    String::new()
}

/// Versions of the API, each after a `/`.
#[mcp_content::resource(uri = "docs://api{/version}")]
fn api(version: Option<String>) -> String {
    version.unwrap_or_default()
}

/// `apiv2`, which `api` does not match (no `/`).
#[mcp_content::resource(uri = "docs://apiv2")]
fn api_v2() -> String {
    String::new()
}

/// A user's mailbox.
#[mcp_content::resource(uri = "mail://{user}")]
fn mailbox(user: String) -> String {
    user
}

/// An address: `{user}` cannot write `@`.
#[mcp_content::resource(uri = "mail://a@b")]
fn address() -> String {
    String::new()
}

fn main() {
    let router = mcp_content::router! {
        crate = mcp_content,
        resources: [handlers::app, capital, lower, api, api_v2, mailbox, address,],
        prompts: [handlers::greet],
        tools: [handlers::weather,],
    };
    let router = router.build().unwrap();
    assert_eq!(router.list_tools().len(), 1);
    assert_eq!(router.list_prompts().len(), 1);
    assert_eq!(router.list_resources().len(), 5);
    assert_eq!(router.list_resource_templates().len(), 2);
}
