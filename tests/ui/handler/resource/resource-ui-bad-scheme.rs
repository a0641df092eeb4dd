use mcp_content::resource;

/// The view.
#[resource(uri = "https://weather/view.html", mime = "text/html;profile=mcp-app", ui(prefers_border = true))]
fn view() -> &'static str {
    "<html></html>"
}

fn main() {}
