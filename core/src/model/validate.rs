//! `validate()`: every problem of a composite value, each with its JSON path and rule.
//!
//! Values read from JSON were checked as they were read; `validate` is for values built or
//! changed in code (the model's fields are public) and for rules that span fields.
//!
//! The promise: when `validate()` is `Ok`, what the value writes for every supported
//! protocol version is valid under that version's official schema, and reads back as the
//! same value. So it also reports what the types alone cannot refuse: an `extra` key that is
//! one of the type's own fields (it would be written twice), an unknown field a protocol
//! version defines with another shape (`Tool.execution` in 2025-11-25), an unknown block
//! (no version's `ContentBlock` has it; it can be relayed, not validated), a tool schema
//! the 2025 schemas refuse, a `_meta` key the 2026-07-28 schema types
//! ([`Meta::TYPED_KEYS`]) holding another shape, and JSON text kept as it is (unknown
//! fields, `_meta`, structured content, schemas) with a key twice in one object, a lone
//! surrogate escape or nesting past the JSON parser's 128 levels, which
//! [`RawJson::from`](crate::model::RawJson) a `Box<RawValue>` or a `Value` can hold.
//!
//! Size is not validity: the limits a reader puts on untrusted input
//! ([`ReadLimits`](crate::wire::ReadLimits): document and binary size, nesting depth) are the
//! reader's policy, and a value over them validates (a peer with other limits reads it);
//! only the parser's own 128 levels, which no reader passes, are reported.

use std::fmt;

use serde_json::{Map, Value};

use crate::model::annotations::Annotations;
use crate::model::content::{
    AudioContent, BlobResourceContents, ContentBlock, EmbeddedResource, ImageContent,
    ResourceContents, ResourceLink, TextContent, TextResourceContents, UnknownBlock,
};
use crate::model::extra::{ExtraFields, shadowing};
use crate::model::icon::Icon;
use crate::model::meta::{Meta, check_reserved_text};
use crate::model::prompt::{GetPromptResult, Prompt, PromptArgument, PromptMessage};
use crate::model::resource::{ReadResourceResult, Resource, ResourceTemplate};
use crate::model::tool::{CallToolResult, Tool, ToolAnnotations, execution_fault, schema_type};
use crate::rules::{self, MediaKind, Rule, Violation};
use crate::wire::error::{cut, cut_path, cut_quoted, join_key, join_path};

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
/// use mcp_content::model::{ImageContent, MimeType};
/// use mcp_content::{CallToolResult, ContentBlock, Validate};
/// let mut image = ImageContent::new(vec![1], MimeType::new("image/png").unwrap()).unwrap();
/// image.mime_type = MimeType::new("text/plain").unwrap(); // fields are public
/// let result = CallToolResult::new(vec![ContentBlock::text("ok"), image.into()]);
/// let err = result.validate().unwrap_err();
/// assert_eq!(err.to_string(), "content[1].mimeType: an image block needs an image/* MIME type, got \"text/plain\" (rule: mime-kind)");
/// ```
pub trait Validate {
    /// Adds every problem of `self`, found at `path`, to `out`.
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>);

    /// Every problem, or `Ok(())`. As in the reader's errors, every key on a path and every
    /// quoted value in a message is cut to 80 characters (with `…`).
    fn validate(&self) -> Result<(), ValidationError> {
        let mut problems = Vec::new();
        self.collect_problems("", &mut problems);
        if problems.is_empty() {
            return Ok(());
        }
        // As the reader's errors: every key on a path and every quoted value in a message
        // cut to 80 characters, whichever check built them (an unknown block's `type`, a key
        // inside a `_meta` value the spec types, may be a megabyte long).
        for problem in &mut problems {
            problem.path = cut_path(std::mem::take(&mut problem.path));
            problem.violation.message = cut_quoted(&problem.violation.message);
        }
        Err(ValidationError { problems })
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

/// JSON text the model keeps as it is (unknown fields, `_meta`, structured content, schemas,
/// unknown blocks) that `read_json` would refuse once written: a key twice in one object or
/// a lone surrogate escape, which text built with `RawJson::from(Box<RawValue>)` can hold.
/// `path` is where the text sits; the problem's path goes inside it.
fn check_text(text: &str, path: &str, out: &mut Vec<Problem>) {
    if let Some((inside, message)) = crate::model::json::unreadable(text) {
        out.push(Problem {
            path: join_path(path, &inside),
            violation: Violation::new(Rule::Type, message),
        });
    }
}

/// Every `extra` key of `value` that is one of its own fields.
fn check_extra<T: ExtraFields>(value: &T, path: &str, out: &mut Vec<Problem>) {
    if !value.extra_fields().is_empty() {
        check_text(value.extra_fields().as_str(), path, out);
    }
    for key in value.extra_fields().keys() {
        if T::is_known_field(&key) {
            out.push(Problem {
                path: at(path, &key),
                violation: shadowing(T::TYPE_NAME, &key),
            });
        }
    }
}

fn check_optional<T: Validate>(value: Option<&T>, path: &str, out: &mut Vec<Problem>) {
    if let Some(value) = value {
        value.collect_problems(path, out);
    }
}

impl Validate for Meta {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        if !self.is_empty() {
            check_text(self.as_object().as_str(), path, out);
        }
        for (key, raw) in self.iter() {
            // The reader's path style (`_meta.com.example/k`, keys joined with `.`), cut as
            // its paths are: a key may be a megabyte long.
            let here = join_key(path, &key);
            push(out, here.clone(), rules::check_meta_key(&key));
            if !Meta::TYPED_KEYS.contains(&key.as_ref()) {
                continue;
            }
            // From its text, as the reader checks it: what the checks do not read is skipped
            // (at any depth), and a number no `Value` holds (`1E400`) is not read as `null`.
            if let Err((inside, violation)) = check_reserved_text(&key, raw.get()) {
                out.push(Problem {
                    path: join_path(&here, &inside),
                    violation,
                });
            }
        }
    }
}

impl Validate for Icon {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        push(out, at(path, "src"), rules::check_icon_src(&self.src));
        check_extra(self, path, out);
    }
}

impl Validate for Annotations {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        check_extra(self, path, out);
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

impl Validate for TextResourceContents {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        check_extra(self, path, out);
        self.meta.collect_problems(&at(path, "_meta"), out);
    }
}

impl Validate for BlobResourceContents {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        check_extra(self, path, out);
        self.meta.collect_problems(&at(path, "_meta"), out);
    }
}

impl Validate for ResourceContents {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        match self {
            ResourceContents::Text(c) => c.collect_problems(path, out),
            ResourceContents::Blob(c) => c.collect_problems(path, out),
        }
    }
}

/// What every known block has: annotations, `_meta` and unknown fields.
fn check_envelope<T: ExtraFields>(
    block: &T,
    annotations: Option<&Annotations>,
    meta: &Meta,
    path: &str,
    out: &mut Vec<Problem>,
) {
    check_optional(annotations, &at(path, "annotations"), out);
    meta.collect_problems(&at(path, "_meta"), out);
    check_extra(block, path, out);
}

impl Validate for TextContent {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        check_envelope(self, self.annotations.as_ref(), &self.meta, path, out);
    }
}

impl Validate for ImageContent {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        push(
            out,
            at(path, "mimeType"),
            rules::check_mime_kind(self.mime_type.as_str(), MediaKind::Image),
        );
        check_envelope(self, self.annotations.as_ref(), &self.meta, path, out);
    }
}

impl Validate for AudioContent {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        push(
            out,
            at(path, "mimeType"),
            rules::check_mime_kind(self.mime_type.as_str(), MediaKind::Audio),
        );
        check_envelope(self, self.annotations.as_ref(), &self.meta, path, out);
    }
}

impl Validate for ResourceLink {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        self.icons.collect_problems(&at(path, "icons"), out);
        check_envelope(self, self.annotations.as_ref(), &self.meta, path, out);
    }
}

impl Validate for EmbeddedResource {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        self.resource.collect_problems(&at(path, "resource"), out);
        check_envelope(self, self.annotations.as_ref(), &self.meta, path, out);
    }
}

/// An unknown block is never valid: every supported version's `ContentBlock` is one of the
/// five known types. It is relayed as it came; `validate` says so.
impl Validate for UnknownBlock {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        let kind = self
            .fields()
            .get("type")
            .and_then(|t| serde_json::from_str::<String>(t.get()).ok());
        let violation = match kind {
            Some(kind) => Violation::new(
                Rule::Type,
                format!(
                    "a block of type {kind:?} is in no supported protocol version (a content \
                     block is text, image, audio, resource_link or resource): it can be \
                     relayed, not validated"
                ),
            ),
            _ => Violation::new(Rule::Required, "a block needs a string `type`"),
        };
        out.push(Problem {
            path: at(path, "type"),
            violation,
        });
        check_text(self.fields().as_str(), path, out);
    }
}

impl Validate for ContentBlock {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        match self {
            ContentBlock::Text(b) => b.collect_problems(path, out),
            ContentBlock::Image(b) => b.collect_problems(path, out),
            ContentBlock::Audio(b) => b.collect_problems(path, out),
            ContentBlock::ResourceLink(b) => b.collect_problems(path, out),
            ContentBlock::Resource(b) => b.collect_problems(path, out),
            ContentBlock::Unknown(b) => b.collect_problems(path, out),
        }
    }
}

impl Validate for CallToolResult {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        self.content.collect_problems(&at(path, "content"), out);
        if let Some(structured) = &self.structured_content {
            check_text(structured.as_str(), &at(path, "structuredContent"), out);
        }
        self.meta.collect_problems(&at(path, "_meta"), out);
        check_extra(self, path, out);
    }
}

impl Validate for PromptMessage {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        self.content.collect_problems(&at(path, "content"), out);
        check_extra(self, path, out);
    }
}

impl Validate for GetPromptResult {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        self.messages.collect_problems(&at(path, "messages"), out);
        self.meta.collect_problems(&at(path, "_meta"), out);
        check_extra(self, path, out);
    }
}

impl Validate for ReadResourceResult {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        self.contents.collect_problems(&at(path, "contents"), out);
        // 2026-07-28's `ttlMs` has `"minimum": 0` (and no maximum: any size is valid).
        if let Some(ttl) = self.ttl_ms.as_ref().filter(|ttl| ttl.is_negative()) {
            out.push(Problem {
                path: at(path, "ttlMs"),
                violation: Violation::new(
                    Rule::Type,
                    format!(
                        "{} is negative: the schema's minimum is 0",
                        cut(&ttl.to_string())
                    ),
                ),
            });
        }
        self.meta.collect_problems(&at(path, "_meta"), out);
        check_extra(self, path, out);
    }
}

impl Validate for ToolAnnotations {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        check_extra(self, path, out);
    }
}

impl Validate for PromptArgument {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        check_extra(self, path, out);
    }
}

impl Validate for Prompt {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        if let Some(arguments) = &self.arguments {
            arguments.collect_problems(&at(path, "arguments"), out);
        }
        self.icons.collect_problems(&at(path, "icons"), out);
        self.meta.collect_problems(&at(path, "_meta"), out);
        check_extra(self, path, out);
    }
}

impl Validate for Resource {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        check_optional(self.annotations.as_ref(), &at(path, "annotations"), out);
        self.icons.collect_problems(&at(path, "icons"), out);
        self.meta.collect_problems(&at(path, "_meta"), out);
        check_extra(self, path, out);
    }
}

impl Validate for ResourceTemplate {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        check_optional(self.annotations.as_ref(), &at(path, "annotations"), out);
        self.icons.collect_problems(&at(path, "icons"), out);
        self.meta.collect_problems(&at(path, "_meta"), out);
        check_extra(self, path, out);
    }
}

fn type_problem(out: &mut Vec<Problem>, path: String, message: String) {
    out.push(Problem {
        path,
        violation: Violation::new(Rule::Type, message),
    });
}

/// The keywords the 2025 schemas give a shape at the root of a tool's input schema (and of
/// an object output schema, written as it is for them): `$schema` a string, `properties`
/// an object of object schemas, `required` an array of strings.
fn check_schema_root(schema: &Map<String, Value>, path: &str, out: &mut Vec<Problem>) {
    if let Some(value) = schema.get("$schema")
        && !value.is_string()
    {
        type_problem(
            out,
            at(path, "$schema"),
            "`$schema` must be a string".to_owned(),
        );
    }
    if let Some(value) = schema.get("properties") {
        match value {
            Value::Object(properties) => {
                for (name, property) in properties {
                    if !property.is_object() {
                        type_problem(
                            out,
                            join_key(&at(path, "properties"), name),
                            "each property schema must be an object (2025 schemas)".to_owned(),
                        );
                    }
                }
            }
            _ => type_problem(
                out,
                at(path, "properties"),
                "`properties` must be an object".to_owned(),
            ),
        }
    }
    if let Some(value) = schema.get("required")
        && !value
            .as_array()
            .is_some_and(|names| names.iter().all(Value::is_string))
    {
        type_problem(
            out,
            at(path, "required"),
            "`required` must be an array of strings".to_owned(),
        );
    }
}

/// `execution`, a field 2025-11-25 gives tools (`ToolExecution`), kept in `extra`: the
/// reader's rule ([`execution_fault`]).
fn check_tool_execution(value: &serde_json::value::RawValue, path: &str, out: &mut Vec<Problem>) {
    if let Some((at_path, violation)) = execution_fault(value) {
        out.push(Problem {
            path: join_path(path, at_path),
            violation,
        });
    }
}

impl Validate for Tool {
    fn collect_problems(&self, path: &str, out: &mut Vec<Problem>) {
        push(
            out,
            at(path, "name"),
            rules::check_tool_name(self.name.as_str()),
        );
        if schema_type(&self.input_schema).as_deref() != Some("object") {
            out.push(Problem {
                path: at(path, "inputSchema.type"),
                violation: Violation::new(
                    Rule::Type,
                    "an input schema needs \"type\": \"object\" at its root",
                ),
            });
        }
        check_schema_root(&self.input_schema.to_map(), &at(path, "inputSchema"), out);
        check_text(self.input_schema.as_str(), &at(path, "inputSchema"), out);
        if let Some(output) = &self.output_schema {
            check_text(output.as_str(), &at(path, "outputSchema"), out);
            let output = &output.to_map();
            let here = at(path, "outputSchema");
            if output.get("type").and_then(Value::as_str) == Some("object") {
                // Written as it is for every version.
                check_schema_root(output, &here, out);
            } else if let Some(value) = output.get("$schema")
                && !value.is_string()
            {
                type_problem(
                    out,
                    at(&here, "$schema"),
                    "`$schema` must be a string".to_owned(),
                );
            }
        }
        check_optional(self.annotations.as_ref(), &at(path, "annotations"), out);
        self.icons.collect_problems(&at(path, "icons"), out);
        self.meta.collect_problems(&at(path, "_meta"), out);
        check_extra(self, path, out);
        if let Some(execution) = self.extra.get("execution") {
            check_tool_execution(execution, path, out);
        }
    }
}
