use mcp_content::tool;

/// Never returns: `!` is no tool result, one error at it.
#[tool]
fn spin() -> ! {
    loop {}
}

fn main() {}
