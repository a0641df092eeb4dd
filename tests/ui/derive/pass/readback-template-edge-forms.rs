#![deny(warnings)] // the macros give the user no warning
// URI-template forms that read back, each round-tripped: a variable used twice, reserved
// (`{+x}`) and fragment (`{#x}`) expansion, non-`String` variables apart from each other, a
// custom `FromStr` type, a variable that is also a `_meta` value; and borrowed variables (`&str`, `Cow<str>`) in a type that is
// written only (a generic type is never read back).

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use mcp_content::{Content, FromContent, IntoCallToolResult, model::ResourceContents};

#[derive(Debug, PartialEq)]
struct Day(u8);

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "day-{}", self.0)
    }
}

impl FromStr for Day {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        s.strip_prefix("day-")
            .and_then(|n| n.parse().ok())
            .map(Day)
            .ok_or_else(|| format!("not a day: {s}"))
    }
}

#[derive(Content, Debug, PartialEq)]
struct Twice {
    #[content(resource(uri = "a://x/{a}/{a}"))]
    body: String,
    a: u32,
}

#[derive(Content, Debug, PartialEq)]
struct Reserved {
    #[content(resource(uri = "a://x/{+path}"))]
    body: String,
    path: String,
}

#[derive(Content, Debug, PartialEq)]
struct Fragment {
    #[content(resource(uri = "a://x/y{#part}"))]
    body: String,
    part: u32,
}

#[derive(Content, Debug, PartialEq)]
struct Apart {
    #[content(resource(uri = "a://x/{a}-{b}/{day}"))]
    body: String,
    a: u32,
    b: u32,
    day: Day,
}

// A variable that is also the result's `_meta` value: both places written, read and compared.
#[derive(Content, Debug, PartialEq)]
struct AlsoMeta {
    #[content(resource(uri = "a://x/{day}"))]
    body: String,
    #[content(meta = "com.example/day")]
    day: u32,
}

#[derive(Content)]
struct Borrowed<'a> {
    #[content(resource(uri = "a://x/{name}/{label}"))]
    body: String,
    name: &'a str,
    label: Cow<'a, str>,
}

fn uri(result: &mcp_content::CallToolResult) -> String {
    let mcp_content::ContentBlock::Resource(block) = &result.content[0] else {
        panic!("a resource block")
    };
    match &block.resource {
        ResourceContents::Text(text) => text.uri.as_str().to_owned(),
        ResourceContents::Blob(blob) => blob.uri.as_str().to_owned(),
    }
}

fn round_trip<T: IntoCallToolResult + FromContent + fmt::Debug + PartialEq>(value: T, expected: &str, again: T) {
    let result = value.into_call_tool_result();
    assert_eq!(uri(&result), expected);
    assert_eq!(T::from_call_tool_result(&result).unwrap(), again);
}

fn main() {
    round_trip(Twice { body: "b".into(), a: 7 }, "a://x/7/7", Twice { body: "b".into(), a: 7 });
    round_trip(
        Reserved { body: "b".into(), path: "dir/file.txt".into() },
        "a://x/dir/file.txt",
        Reserved { body: "b".into(), path: "dir/file.txt".into() },
    );
    round_trip(Fragment { body: "b".into(), part: 3 }, "a://x/y#3", Fragment { body: "b".into(), part: 3 });
    round_trip(
        Apart { body: "b".into(), a: 1, b: 2, day: Day(9) },
        "a://x/1-2/day-9",
        Apart { body: "b".into(), a: 1, b: 2, day: Day(9) },
    );
    let also = AlsoMeta { body: "b".into(), day: 4 }.into_call_tool_result();
    assert_eq!(uri(&also), "a://x/4");
    assert_eq!(also.meta.get_value("com.example/day"), Some(4.into()));
    assert_eq!(AlsoMeta::from_call_tool_result(&also).unwrap(), AlsoMeta { body: "b".into(), day: 4 });
    let borrowed = Borrowed { body: "b".into(), name: "n m", label: Cow::Borrowed("l") };
    assert_eq!(uri(&borrowed.into_call_tool_result()), "a://x/n%20m/l");
}
