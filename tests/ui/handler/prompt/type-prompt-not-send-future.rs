use mcp_content::prompt;

/// Holds an Rc over an await.
#[prompt]
async fn held() -> String {
    let rc = std::rc::Rc::new(1);
    std::future::ready(()).await;
    rc.to_string()
}

fn main() {}
