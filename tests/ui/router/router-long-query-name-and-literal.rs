// A long query name is read whole at compile time: `long://r?k=1{&…_b}` matches
// `long://r?k=1&…_b=2`: one error naming both.

use mcp_content::{resource, router};

/// A long query name after a fixed one.
#[resource(uri = "long://r?k=1{&a_rather_long_parameter_name_of_forty_b}")]
fn long_name(a_rather_long_parameter_name_of_forty_b: Option<String>) -> String {
    a_rather_long_parameter_name_of_forty_b.unwrap_or_default()
}

/// The same with a value, served apart.
#[resource(uri = "long://r?k=1&a_rather_long_parameter_name_of_forty_b=2")]
fn fixed() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [long_name, fixed] };
}
