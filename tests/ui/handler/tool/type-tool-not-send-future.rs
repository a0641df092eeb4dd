use mcp_content::tool;

/// Holds an Rc over an await.
#[tool]
async fn held() -> String {
    let rc = std::rc::Rc::new(1);
    std::future::ready(()).await;
    rc.to_string()
}

fn main() {}
