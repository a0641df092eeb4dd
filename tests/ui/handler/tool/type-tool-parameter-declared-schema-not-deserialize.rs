use mcp_content::{model::JsonObject, tool};

struct City;

fn city_schema() -> JsonObject {
    JsonObject::new()
}

/// Gets the weather.
#[tool(input_schema = city_schema)]
fn weather(city: City) -> String {
    let _ = city;
    String::new()
}

fn main() {}
