//! Wire edges the other `wire` modules do not walk: error text for priorities rmcp cannot hold
//! (tiny and long values); `data:` icons that are not data URLs.

// Priorities are compared exactly: exactness is what these tests are about.
#![allow(clippy::float_cmp)]

use mcp_content::model::{Annotations, Icon, Priority};
use mcp_content::rmcp::RmcpModel;
use mcp_content::{CallToolResult, ContentBlock, Validate, read_json};

fn with_priority(priority: f64) -> CallToolResult {
    let mut block = ContentBlock::text("a");
    if let ContentBlock::Text(text) = &mut block {
        text.annotations = Some(Annotations {
            priority: Some(Priority::new(priority).unwrap()),
            ..Annotations::default()
        });
    }
    CallToolResult {
        content: vec![block],
        ..CallToolResult::default()
    }
}

/// A priority rmcp's `f32` cannot hold is named in its shortest spelling: `1e-300` is not
/// written out as three hundred digits, and what it would become is short too.
#[test]
fn a_priority_rmcp_cannot_hold_is_named_short() {
    let cases = [
        (1e-300, "1e-300", "0.0"),
        (0.300_000_000_000_000_04, "0.30000000000000004", "0.3"),
        (1e-46, "1e-46", "0.0"),
        (0.999_999_99, "0.99999999", "1.0"),
    ];
    for (priority, named, becomes) in cases {
        let error = with_priority(priority).to_rmcp().unwrap_err();
        assert_eq!(error.path(), "content[0].annotations.priority");
        let message = error.message();
        assert!(
            message.contains(&format!(
                "no exact form of {named}: it would become {becomes}"
            )),
            "{message}"
        );
        assert!(message.len() < 160, "{message}");
    }
}

/// A `data:` icon is a data URL: one that declares base64 and carries something else, or has
/// no comma before its data, is refused on read with its path, and by `validate()`; escaped
/// base64 (`%2B`) and other spellings of `;base64` are read.
#[test]
fn a_data_icon_is_a_data_url() {
    let link = |src: &str| {
        format!(
            r#"{{"content":[{{"type":"resource_link","uri":"file:///a","name":"n","icons":[{{"src":"{src}"}}]}}]}}"#
        )
    };
    for bad in [
        "data:image/png;base64,@@@",
        "data:image/png;base64,iVBORw0KGgo",
        "data:image/png;base64",
    ] {
        let error = read_json::<CallToolResult>(link(bad).as_bytes()).unwrap_err();
        assert_eq!(error.path(), "content[0].icons[0].src", "{bad}: {error}");
        assert!(
            error.to_string().contains("data: URL") || error.to_string().contains("base64"),
            "{error}"
        );
        assert!(Icon::new(bad).is_err(), "{bad}");
        let mut icon = Icon::new("https://x.example/i.png").unwrap();
        icon.src = bad.to_owned();
        let problems = icon.validate().unwrap_err();
        assert_eq!(problems.problems()[0].path, "src", "{bad}");
    }
    for good in [
        "data:image/png;base64,iVBORw0KGgo=",
        "data:image/png;BASE64,iVBORw0KGgo=",
        "data:application/octet-stream;base64,%2B%2F8%3D",
        "data:,plain",
        "data:image/svg+xml,%3Csvg%3E",
    ] {
        let read = read_json::<CallToolResult>(link(good).as_bytes());
        assert!(read.is_ok(), "{good}: {read:?}");
        assert_eq!(read.unwrap().validate(), Ok(()), "{good}");
        assert!(Icon::new(good).is_ok(), "{good}");
    }
}
