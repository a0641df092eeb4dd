use mcp_content::Content;

#[derive(Content)]
struct WithView {
    #[content(
        resource(uri = "ui://weather/view.html", mime = "text/html;profile=mcp-app"),
        ui(prefersborder = true)
    )]
    view: String,
}

fn main() {}
