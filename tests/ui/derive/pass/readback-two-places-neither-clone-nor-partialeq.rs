#![deny(warnings)] // the macros give the user no warning
// A field read back from several places (two URIs, a `_meta` entry; a text and a URI) whose
// type is neither `Clone` nor `PartialEq`: the places are compared as written, so it needs
// nothing beyond what writing and reading it ask.

use std::fmt;
use std::str::FromStr;

use mcp_content::{Content, FromContent, IntoCallToolResult, model::Uri};

#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Region(String);

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Region {
    type Err = std::convert::Infallible;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Ok(Region(text.to_owned()))
    }
}

#[derive(Content, Debug)]
#[content(meta("com.example/region" = region))]
struct Map {
    #[content(resource(uri = "map://{region}/north"))]
    north: String,
    #[content(resource(uri = "map://{region}/south"))]
    south: String,
    region: Region,
    #[content(link(name = "legend", title = caption))]
    legend: Uri,
    caption: String,
    // A text field a URI template also takes (compared as text).
    #[content(text)]
    note: Region,
    #[content(resource(uri = "notes://{note}"))]
    about: String,
}

fn main() {
    let map = Map {
        north: "n".into(),
        south: "s".into(),
        region: Region("alps".into()),
        legend: Uri::new("file:///legend.png").unwrap(),
        caption: "Legend".into(),
        note: Region("scale 1:25000".into()),
        about: "a".into(),
    };
    let read = Map::from_call_tool_result(&map.into_call_tool_result()).unwrap();
    assert_eq!(read.region.0, "alps");
    assert_eq!(read.note.0, "scale 1:25000");
}
