//! One item with several mistakes: every one is reported.
use mcp_content::tool;

#[tool(
    name = "bad name",
    titel = "Weather",
    annotations(read_only_hint = true, destructiv_hint = true),
    icon = "ftp://example.com/i.png",
    meta("mcp.dev/x" = 1, "com.example/ok" = [1]),
    icon(src = "https://example.com/i.png", theme = "blue"),
)]
fn weather(#[arg(descripton = "x")] city: String, (a, b): (u8, u8)) -> String {
    let _ = (a, b);
    city
}

fn main() {}
