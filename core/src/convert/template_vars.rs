//! Template variables from content: the key scheme of `ToolHive` `vMCP`'s `ContentArrayToMap`,
//! so workflow templates written against a gateway read the same names here.
//!
//! | block | key | value |
//! |---|---|---|
//! | text | `text`, then `text_1`, `text_2`, … | the text |
//! | image | `image_0`, `image_1`, … | the base64 `data` |
//! | embedded resource | `resource`, then `resource_1`, … | its `text`, else its base64 `blob` |
//! | audio, resource link, unknown | — | skipped |
//!
//! The first text and the first resource have no suffix while images start at `_0`: that is
//! `vMCP`'s scheme, kept as it is because templates already depend on it.

use serde_json::{Map, Value};

use crate::model::content::{ContentBlock, ResourceContents};
use crate::model::json::RawJson;
use crate::model::tool::CallToolResult;

/// The template variables of `blocks`, as a JSON object of strings (see the [module
/// docs](self) for the key scheme). Audio, resource links and unknown blocks are skipped; no
/// blocks give an empty map.
///
/// ```
/// use mcp_content::ContentBlock;
/// use mcp_content::model::{ImageContent, MimeType};
/// use mcp_content::convert::template_vars::template_vars;
///
/// let image = ImageContent::new(b"png".to_vec(), MimeType::new("image/png").unwrap()).unwrap();
/// let vars = template_vars(&[ContentBlock::text("a"), image.into(), ContentBlock::text("b")]);
/// assert_eq!(
///     serde_json::Value::Object(vars),
///     serde_json::json!({"text": "a", "image_0": "cG5n", "text_1": "b"})
/// );
/// assert!(template_vars(&[]).is_empty());
/// ```
pub fn template_vars(blocks: &[ContentBlock]) -> Map<String, Value> {
    let mut vars = Map::new();
    let (mut texts, mut images, mut resources) = (0usize, 0usize, 0usize);
    for block in blocks {
        match block {
            ContentBlock::Text(text) => {
                vars.insert(suffixed("text", texts), Value::String(text.text.clone()));
                texts += 1;
            }
            ContentBlock::Image(image) => {
                vars.insert(
                    format!("image_{images}"),
                    Value::String(image.data.to_base64()),
                );
                images += 1;
            }
            ContentBlock::Resource(embedded) => {
                let value = match &embedded.resource {
                    ResourceContents::Text(text) => text.text.clone(),
                    ResourceContents::Blob(blob) => blob.blob.to_base64(),
                };
                vars.insert(suffixed("resource", resources), Value::String(value));
                resources += 1;
            }
            // vMCP has no key for these; a template cannot name them.
            ContentBlock::Audio(_) | ContentBlock::ResourceLink(_) | ContentBlock::Unknown(_) => {}
        }
    }
    vars
}

/// The template variables of a whole tool result: its `structuredContent` when that is a JSON
/// object (callers prefer it: it is typed and named by the tool), else [`template_vars`] of
/// its blocks. A structured value that is not an object (allowed from 2026-07-28) has no
/// names to offer, so the blocks are used.
///
/// ```
/// use mcp_content::CallToolResult;
/// use mcp_content::convert::template_vars::tool_result_template_vars;
/// use serde_json::json;
///
/// let structured = CallToolResult::structured(json!({"temperature": 22}));
/// assert_eq!(tool_result_template_vars(&structured)["temperature"], 22);
///
/// let plain = CallToolResult::text("sunny");
/// assert_eq!(tool_result_template_vars(&plain)["text"], "sunny");
/// ```
pub fn tool_result_template_vars(result: &CallToolResult) -> Map<String, Value> {
    match result.structured_content.as_ref().map(RawJson::to_value) {
        Some(Value::Object(object)) => object,
        _ => template_vars(&result.content),
    }
}

/// `base` for the first, `base_N` after it.
fn suffixed(base: &str, index: usize) -> String {
    if index == 0 {
        base.to_owned()
    } else {
        format!("{base}_{index}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffix_scheme() {
        assert_eq!(suffixed("text", 0), "text");
        assert_eq!(suffixed("text", 11), "text_11");
    }
}
