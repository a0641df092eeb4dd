#![deny(warnings)] // the macros give the user no warning
#![deny(warnings, unused_qualifications)]

// A structured struct and enum with fields that have no place in the blocks (and `skip`
// fields): read back with `structuredContent`, they are taken from it.

use mcp_content::{Content, FromContent, IntoCallToolResult};

#[derive(Content, serde::Serialize, serde::Deserialize, schemars::JsonSchema, Debug, PartialEq)]
#[content(structured)]
struct Weather {
    #[content(text)]
    summary: String,
    temperature: f64,
    #[content(skip)]
    station: u32,
}

#[derive(Content, serde::Serialize, serde::Deserialize, schemars::JsonSchema, Debug, PartialEq)]
#[content(structured)]
enum Shape {
    Circle {
        #[content(text)]
        label: String,
        radius: f64,
    },
    Chart(
        // The bytes are in the image block only (the derive requires it).
        #[content(image(mime = "image/png"))]
        #[serde(skip)]
        Vec<u8>,
        String,
        #[content(skip)] u8,
    ),
    Empty,
}

fn main() {
    let weather = || Weather { summary: String::from("Sunny"), temperature: 24.5, station: 7 };
    let result = weather().into_call_tool_result();
    assert_eq!(Weather::from_call_tool_result(&result).unwrap(), weather());
    for shape in [
        Shape::Circle { label: String::from("c"), radius: 2.0 },
        Shape::Chart(vec![1], String::from("y"), 3),
        Shape::Empty,
    ] {
        let result = match &shape {
            Shape::Circle { label, radius } => Shape::Circle { label: label.clone(), radius: *radius },
            Shape::Chart(png, name, n) => Shape::Chart(png.clone(), name.clone(), *n),
            Shape::Empty => Shape::Empty,
        }
        .into_call_tool_result();
        assert_eq!(Shape::from_call_tool_result(&result).unwrap(), shape);
    }
}
