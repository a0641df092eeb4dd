// A custom `Display + FromStr` variable next to a `String` one (`{day}{tag}`): refused as
// for two `String`s, at the template.
use std::fmt;
use std::str::FromStr;

use mcp_content::Content;

struct Day(u8);

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Day {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        s.parse().map(Day).map_err(|_| s.to_owned())
    }
}

#[derive(Content)]
struct Log {
    #[content(resource(uri = "logs://{day}{tag}"))]
    body: String,
    day: Day,
    tag: String,
}

fn main() {}
