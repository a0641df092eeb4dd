//! `validate()`: every problem of a composite value, each with its JSON path and rule.
//!
//! Values read from JSON were checked as they were read; `validate` is for values built or
//! changed in code (the model's fields are public) and for rules that span fields.

use std::fmt;

use crate::model::content::{ContentBlock, ResourceContents};
use crate::model::icon::Icon;
use crate::model::meta::Meta;
use crate::model::prompt::GetPromptResult;
use crate::model::resource::ReadResourceResult;
use crate::model::tool::{CallToolResult, Tool};
use crate::rules::{self, MediaKind, Rule, Violation};

/// One broken rule at one JSON path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where: `content[2].mimeType`.
    pub path: String,
    /// What.
    pub violation: Violation,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.violation)
    }
}

/// Every problem `validate` found (never empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationError {
    problems: Vec<Problem>,
}

impl ValidationError {
    /// The problems, in document order.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ValidationError {}

/// A value whose rules can be checked as a whole.
///
/// ```
/// use mcp_content::{CallToolResult, ContentBlock, ImageContent, MimeType, Validate};
/// let mut image = ImageContent::new(vec![1], MimeType::new("image/png").unwrap()).unwrap();
/// image.mime_type = MimeType::new("text/plain").unwrap(); // fields are public
/// let result = CallToolResult::new(vec![ContentBlock::text("ok"), image.into()]);
/// let err = result.validate().unwrap_err();
/// assert_eq!(err.to_string(), "content[1].mimeType: an image block needs an image/* MIME type, got \"text/plain\" (rule: mime-kind)");
/// ```
pub trait Validate {
    /// Adds every problem of `self`, found at `path`, to `out`.
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>);

    /// Every problem, or `Ok(())`.
    fn validate(&self) -> Result<(), ValidationError> {
        let mut problems = Vec::new();
        self.collect_problems("", &mut problems);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(ValidationError { problems })
        }
    }
}

fn at(path: &str, field: &str) -> String {
    if path.is_empty() {
        field.to_owned()
    } else {
        format!("{path}.{field}")
    }
}

fn push(out: &mut Vec<Problem>, path: String, result: Result<(), Violation>) {
    if let Err(violation) = result {
        out.push(Problem { path, violation });
    }
}

impl Validate for Meta {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        for (key, _) in self.iter() {
            push(out, format!("{path}[{key:?}]"), rules::check_meta_key(&key));
        }
    }
}

impl Validate for Icon {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        push(out, at(path, "src"), rules::check_icon_src(&self.src));
    }
}

impl<T: Validate> Validate for [T] {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        for (i, item) in self.iter().enumerate() {
            item.collect_problems(&format!("{path}[{i}]"), out);
        }
    }
}

impl<T: Validate> Validate for Vec<T> {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        self.as_slice().collect_problems(path, out);
    }
}

impl Validate for ResourceContents {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        self.meta().collect_problems(&at(path, "_meta"), out);
    }
}

impl Validate for ContentBlock {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        match self {
            ContentBlock::Image(b) => push(
                out,
                at(path, "mimeType"),
                rules::check_mime_kind(b.mime_type.as_str(), MediaKind::Image),
            ),
            ContentBlock::Audio(b) => push(
                out,
                at(path, "mimeType"),
                rules::check_mime_kind(b.mime_type.as_str(), MediaKind::Audio),
            ),
            ContentBlock::ResourceLink(b) => b.icons.collect_problems(&at(path, "icons"), out),
            ContentBlock::Resource(b) => b.resource.collect_problems(&at(path, "resource"), out),
            ContentBlock::Text(_) => {}
            ContentBlock::Unknown(u) => {
                if !u
                    .fields
                    .get("type")
                    .is_some_and(|t| t.get().starts_with('"'))
                {
                    out.push(Problem {
                        path: at(path, "type"),
                        violation: Violation::new(Rule::Required, "a block needs a string `type`"),
                    });
                }
            }
        }
        if let Some(meta) = self.meta() {
            meta.collect_problems(&at(path, "_meta"), out);
        }
    }
}

impl Validate for CallToolResult {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        self.content.collect_problems(&at(path, "content"), out);
        self.meta.collect_problems(&at(path, "_meta"), out);
    }
}

impl Validate for GetPromptResult {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        for (i, message) in self.messages.iter().enumerate() {
            message
                .content
                .collect_problems(&format!("{}[{i}].content", at(path, "messages")), out);
        }
        self.meta.collect_problems(&at(path, "_meta"), out);
    }
}

impl Validate for ReadResourceResult {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        self.contents.collect_problems(&at(path, "contents"), out);
        self.meta.collect_problems(&at(path, "_meta"), out);
    }
}

impl Validate for Tool {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        push(
            out,
            at(path, "name"),
            rules::check_tool_name(self.name.as_str()),
        );
        if self
            .input_schema
            .get("type")
            .and_then(serde_json::Value::as_str)
            != Some("object")
        {
            out.push(Problem {
                path: at(path, "inputSchema.type"),
                violation: Violation::new(
                    Rule::Type,
                    "an input schema needs \"type\": \"object\" at its root",
                ),
            });
        }
        self.icons.collect_problems(&at(path, "icons"), out);
        self.meta.collect_problems(&at(path, "_meta"), out);
    }
}
