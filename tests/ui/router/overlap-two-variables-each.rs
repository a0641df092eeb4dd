use mcp_content::{resource, router};

/// An item of a shelf.
#[resource(uri = "store://{shelf}/{item}")]
fn shelf_item(shelf: String, item: String) -> String {
    format!("{shelf}{item}")
}

/// A product of an aisle: the same URIs as `shelf_item`.
#[resource(uri = "store://{aisle}/{product}")]
fn aisle_product(aisle: String, product: String) -> String {
    format!("{aisle}{product}")
}

fn main() {
    let _ = router! { resources: [shelf_item, aisle_product] };
}
