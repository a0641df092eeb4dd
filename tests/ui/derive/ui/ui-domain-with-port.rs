use mcp_content::Content;

#[derive(Content)]
struct WithView {
    #[content(
        resource(uri = "ui://weather/view.html", mime = "text/html;profile=mcp-app"),
        ui(domain = "abc123.sandbox.example:8443")
    )]
    view: String,
}

fn main() {}
