//! Icons on tools, prompts, resources and resource links (spec 2025-11-25 and later).

use serde::{Deserialize, Deserializer, Serialize};

use crate::model::json::{JsonObject, deserialize_object};

use crate::model::validated::MimeType;
use crate::rules::{self, Violation};

/// The background an icon is drawn for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum IconTheme {
    /// For a light background.
    Light,
    /// For a dark background.
    Dark,
}

/// Reads through the `icon-theme` rule, so an unknown theme names its rule in the error.
impl<'de> Deserialize<'de> for IconTheme {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        rules::check_icon_theme(&text).map_err(serde::de::Error::custom)?;
        Ok(if text == "dark" {
            IconTheme::Dark
        } else {
            IconTheme::Light
        })
    }
}

/// An icon a client may show. `src` is an `https:` or `data:` URI. Icons are not emitted for
/// peers on protocol 2025-06-18, which has no icons.
///
/// ```
/// use mcp_content::Icon;
/// let icon = Icon::new("https://example.com/icon.png").unwrap();
/// assert!(Icon::new("ftp://example.com/icon.png").is_err());
/// assert_eq!(serde_json::to_string(&icon).unwrap(), r#"{"src":"https://example.com/icon.png"}"#);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Icon {
    /// An `http:`, `https:` or `data:` URI (what [`Icon::new`] takes is `https:` or `data:`).
    pub src: String,
    /// A MIME type override.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<MimeType>,
    /// Sizes such as `48x48` or `any`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sizes: Option<Vec<String>>,
    /// The theme the icon is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<IconTheme>,
    /// Fields this version does not know, kept for lossless relaying.
    #[serde(flatten)]
    pub extra: JsonObject,
}

impl Icon {
    /// An icon at `src` (checked: `https:` or `data:`).
    pub fn new(src: impl Into<String>) -> Result<Self, Violation> {
        let src = src.into();
        rules::check_icon_src(&src)?;
        Ok(Self {
            src,
            mime_type: None,
            sizes: None,
            theme: None,
            extra: JsonObject::new(),
        })
    }

    /// Sets the MIME type.
    #[must_use]
    pub fn mime_type(mut self, mime_type: MimeType) -> Self {
        self.mime_type = Some(mime_type);
        self
    }

    /// Sets the sizes.
    #[must_use]
    pub fn sizes(mut self, sizes: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.sizes = Some(sizes.into_iter().map(Into::into).collect());
        self
    }

    /// Sets the theme.
    #[must_use]
    pub fn theme(mut self, theme: IconTheme) -> Self {
        self.theme = Some(theme);
        self
    }
}

deserialize_object!(Icon, "an icon object", {
    src: required IconSrc = "src" => |s: IconSrc| s.0,
    mime_type: optional MimeType = "mimeType",
    sizes: optional Vec<String> = "sizes",
    theme: optional IconTheme = "theme",
});

/// An icon `src` as read: the spec allows HTTP and HTTPS URLs and `data:` URIs, so `http:` is
/// read too, unless the read opted into [`ReadLimits::https_icons_only`](crate::ReadLimits).
struct IconSrc(String);

impl<'de> Deserialize<'de> for IconSrc {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let src = String::deserialize(deserializer)?;
        check_read_icon_src(&src, crate::wire::limits::https_icons_only())
            .map_err(serde::de::Error::custom)?;
        Ok(IconSrc(src))
    }
}

/// The rule for a `src` read from a peer: `https:` or `data:` as [`rules::check_icon_src`]
/// says, and `http:` unless `https_only`.
pub(crate) fn check_read_icon_src(src: &str, https_only: bool) -> Result<(), Violation> {
    match rules::check_icon_src(src) {
        Ok(()) => Ok(()),
        Err(violation) => {
            let scheme = src.split_once(':').map_or("", |(scheme, _)| scheme);
            // An HTTP URL names a host (RFC 9110 section 4.2.1): `http://host…`.
            let has_host = src
                .get(scheme.len() + 1..)
                .and_then(|rest| rest.strip_prefix("//"))
                .is_some_and(|rest| !rest.is_empty() && !rest.starts_with('/'));
            if !https_only
                && scheme.eq_ignore_ascii_case("http")
                && has_host
                && rules::check_absolute_uri(src).is_ok()
            {
                Ok(())
            } else {
                Err(violation)
            }
        }
    }
}
