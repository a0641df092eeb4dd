use mcp_content::resource;

/// Never returns: one error at `!`.
#[resource(uri = "spin://forever")]
fn spin() -> ! {
    loop {}
}

fn main() {}
