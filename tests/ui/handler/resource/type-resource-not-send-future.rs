use mcp_content::resource;

/// Holds an Rc over an await.
#[resource(uri = "held://one")]
async fn held() -> String {
    let rc = std::rc::Rc::new(1);
    std::future::ready(()).await;
    rc.to_string()
}

fn main() {}
