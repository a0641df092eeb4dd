//! Wire edges the other `edges_*.rs` files do not walk, found by a second independent review
//! of issue 11: error text for priorities rmcp cannot hold (tiny and long values).

// Priorities are compared exactly: exactness is what these tests are about.
#![allow(clippy::float_cmp)]

use mcp_content::rmcp::RmcpModel;
use mcp_content::{Annotations, CallToolResult, ContentBlock, Priority};

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
