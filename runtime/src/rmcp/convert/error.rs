//! The error a conversion between the two models ends with: the path of what cannot cross.

use std::fmt;

use ::rmcp::ErrorData;

use crate::wire::error::{cut_path, cut_quoted, join_path};

/// A conversion between the two models failed: the JSON path of the value that cannot
/// cross, and why.
///
/// ```
/// use mcp_content::rmcp::RmcpModel;
/// use mcp_content::CallToolResult;
/// use mcp_content::model::ExtraFields;
/// let mut result = CallToolResult::text("hi");
/// result.insert_extra("x-trace", "abc").unwrap();
/// let err = result.to_rmcp().unwrap_err();
/// assert_eq!(err.path(), "x-trace");
/// assert_eq!(
///     err.to_string(),
///     "rmcp conversion: x-trace: rmcp's model has no place for this unknown field; \
///      converting would drop it"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConvertError {
    path: String,
    message: String,
}

impl ConvertError {
    /// As the reader's errors: every key on the path and every quoted value in the message
    /// cut to 80 characters (an unknown field's name can be a megabyte long).
    pub(super) fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        let path = path.into();
        Self {
            path: if path.is_empty() {
                ".".to_owned()
            } else {
                cut_path(path)
            },
            message: cut_quoted(&message.into()),
        }
    }

    /// This error with `prefix` put in front of its path.
    pub(super) fn within(self, prefix: &str) -> Self {
        Self::new(join_path(prefix, &self.path), self.message)
    }

    /// The JSON path of the value that cannot cross (`.` for the whole value).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Why, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rmcp conversion: {}: {}", self.path, self.message)
    }
}

impl std::error::Error for ConvertError {}

pub(crate) fn convert_error(error: &ConvertError) -> ErrorData {
    ErrorData::internal_error(error.to_string(), None)
}
