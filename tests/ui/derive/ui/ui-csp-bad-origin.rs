use mcp_content::Content;

#[derive(Content)]
struct WithView {
    #[content(
        resource(uri = "ui://weather/view.html", mime = "text/html;profile=mcp-app"),
        ui(csp(connect = ["https://api.weather.example/v1"]))
    )]
    view: String,
}

fn main() {}
