//! Annotations and roles.

use serde::{Deserialize, Serialize, Serializer};

use crate::model::declare::model_object;
use crate::model::validated::{Priority, Timestamp};
use crate::model::write::serialize_object;
use crate::rules::{ProtocolVersion, Rule, Violation};

/// The sender or recipient of messages and data in a conversation.
///
/// ```
/// use mcp_content::model::Role;
/// assert_eq!(serde_json::to_string(&Role::Assistant).unwrap(), r#""assistant""#);
/// assert!(serde_json::from_str::<Role>(r#""system""#).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The human side.
    User,
    /// The model side.
    Assistant,
}

impl Role {
    /// `"user"` or `"assistant"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

impl std::str::FromStr for Role {
    type Err = Violation;
    fn from_str(s: &str) -> Result<Self, Violation> {
        match s {
            "user" => Ok(Role::User),
            "assistant" => Ok(Role::Assistant),
            other => Err(Violation::new(
                Rule::Audience,
                format!("unknown role {other:?}: expected \"user\" or \"assistant\""),
            )),
        }
    }
}

/// Reads through [`FromStr`](std::str::FromStr) so that an unknown role names its rule
/// (`audience`) in the error, like every other rule.
impl<'de> Deserialize<'de> for Role {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

model_object! {
    /// Optional hints for the client about a block: who it is for, how important it is, and
    /// when it last changed. Unknown fields from newer peers are kept in `extra`.
    ///
    /// ```
    /// use mcp_content::model::{Annotations, Priority, Role};
    /// let a = Annotations::new().audience([Role::User]).priority(Priority::new(0.0).unwrap());
    /// assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"audience":["user"],"priority":0.0}"#);
    /// assert!(!a.is_empty()); // a priority of 0.0 is something
    /// ```
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Annotations as "Annotations", read "an annotations object" {
        /// Who the data is for.
        pub audience: Option<Vec<Role>> = "audience" (optional Vec<Role>) value,
        /// How important the data is, from 0 to 1.
        pub priority: Option<Priority> = "priority" (optional Priority) value,
        /// When the data last changed (ISO 8601, kept as received).
        pub last_modified: Option<Timestamp> = "lastModified" (optional Timestamp) value,
    }
}

impl Serialize for Annotations {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Annotations have no version-dependent field.
        serialize_object(self, ProtocolVersion::LATEST, serializer)
    }
}

impl Annotations {
    /// No annotations.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the audience.
    #[must_use]
    pub fn audience(mut self, roles: impl IntoIterator<Item = Role>) -> Self {
        self.audience = Some(roles.into_iter().collect());
        self
    }

    /// Sets the priority.
    #[must_use]
    pub fn priority(mut self, priority: Priority) -> Self {
        self.priority = Some(priority);
        self
    }

    /// Sets the last-modified timestamp.
    #[must_use]
    pub fn last_modified(mut self, timestamp: Timestamp) -> Self {
        self.last_modified = Some(timestamp);
        self
    }

    /// Whether nothing is set (such annotations are omitted on the wire).
    pub fn is_empty(&self) -> bool {
        self.audience.is_none()
            && self.priority.is_none()
            && self.last_modified.is_none()
            && self.extra.is_empty()
    }

    /// `None` when empty.
    pub fn into_option(self) -> Option<Self> {
        if self.is_empty() { None } else { Some(self) }
    }

    /// These annotations with every field `over` sets taken from `over`.
    #[must_use]
    pub fn merged_with(mut self, over: &Annotations) -> Self {
        if over.audience.is_some() {
            self.audience.clone_from(&over.audience);
        }
        if over.priority.is_some() {
            self.priority = over.priority;
        }
        if over.last_modified.is_some() {
            self.last_modified.clone_from(&over.last_modified);
        }
        self.extra.extend(&over.extra);
        self
    }
}
