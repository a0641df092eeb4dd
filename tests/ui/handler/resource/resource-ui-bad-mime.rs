use mcp_content::resource;

/// The view.
#[resource(uri = "ui://weather/view.html", mime = "text/html", ui(prefers_border = true))]
fn view() -> &'static str {
    "<html></html>"
}

fn main() {}
