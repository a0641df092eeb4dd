//! The validation rules of Model Context Protocol (MCP) content, in one place.
//!
//! `mcp-content` checks values against these at run time and `mcp-content-macros` checks
//! attribute literals against them at compile time, so a rule is written once. Each check
//! returns a [`Violation`] naming the [`Rule`] broken and the offending value.
//!
//! | thing | check |
//! |---|---|
//! | `data` / `blob` | [`check_base64`] |
//! | `mimeType` | [`check_mime_type`], [`check_mime_kind`] |
//! | `uri` | [`check_absolute_uri`]; templates: [`UriTemplate`], [`is_path_traversal`] |
//! | `annotations` | [`check_priority`], [`check_audience`], [`check_timestamp`] |
//! | `_meta` keys | [`check_meta_key`], [`check_user_meta_key`], [`reserved_meta_prefix`] |
//! | tool name | [`check_tool_name`] |
//! | OAuth scope (`#[tool(scopes = [...])]`) | [`check_scope_token`] |
//! | icons | [`check_icon_src`], [`check_icon_theme`] |
//! | protocol version | [`ProtocolVersion`] |
//! | cache hints, payload budgets | [`parse_duration_ms`], [`check_cache_scope`], [`parse_byte_size`] |
//! | MCP Apps (`io.modelcontextprotocol/ui`) | [`check_ui_uri`], [`check_app_mime_type`], [`check_csp_origin`], [`check_ui_visibility`], [`check_ui_permission`], [`check_ui_domain`] |
//!
//! ```
//! use mcp_content_rules::{check_mime_kind, MediaKind};
//!
//! let err = check_mime_kind("text/plain", MediaKind::Image).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "an image block needs an image/* MIME type, got \"text/plain\" (rule: mime-kind)"
//! );
//! ```

mod annotations;
mod app;
mod base64;
mod icon;
mod meta;
mod mime;
mod quantity;
mod scope;
mod template;
mod timestamp;
mod tool;
mod traversal;
mod uri;
mod version;
mod violation;

pub use annotations::{check_audience, check_priority, check_timestamp};
pub use app::{
    APP_MIME_TYPE, UI_PERMISSIONS, check_app_mime_type, check_csp_origin, check_ui_domain,
    check_ui_permission, check_ui_uri, check_ui_visibility,
};
pub use base64::check_base64;
pub use icon::{check_icon_src, check_icon_theme};
pub use meta::{check_meta_key, check_user_meta_key, reserved_meta_prefix};
pub use mime::{MediaKind, check_mime_kind, check_mime_type};
pub use quantity::{check_cache_scope, parse_byte_size, parse_duration_ms};
pub use scope::check_scope_token;
pub use template::{CONST_OVERLAP_MAX_TOKENS, TemplateValue, UriTemplate, templates_overlap};
pub use tool::check_tool_name;
pub use traversal::{is_path_traversal, is_path_traversal_multi_segment};
pub use uri::{check_absolute_uri, comparable_uri};
pub use version::ProtocolVersion;
pub use violation::{Rule, Violation};

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// No check panics, whatever it is given.
        #[test]
        fn checks_never_panic(s in any::<String>(), p in any::<f64>()) {
            let _ = check_base64(&s);
            let _ = check_mime_type(&s);
            let _ = check_mime_kind(&s, MediaKind::Image);
            let _ = check_absolute_uri(&s);
            let _ = check_priority(p);
            let _ = check_audience(&s);
            let _ = check_timestamp(&s);
            let _ = check_tool_name(&s);
            let _ = check_scope_token(&s);
            let _ = check_icon_src(&s);
            let _ = check_icon_theme(&s);
            let _ = check_meta_key(&s);
            let _ = check_user_meta_key(&s);
            let _ = is_path_traversal(&s);
            let _ = is_path_traversal_multi_segment(&s);
            let _ = s.parse::<ProtocolVersion>();
            let _ = parse_duration_ms(&s);
            let _ = parse_byte_size(&s);
            let _ = check_cache_scope(&s);
            let _ = check_ui_uri(&s);
            let _ = check_app_mime_type(&s);
            let _ = check_csp_origin(&s);
            let _ = check_ui_visibility(&s);
            let _ = check_ui_permission(&s);
            let _ = check_ui_domain(&s);
            if let Ok(t) = UriTemplate::parse(&s) {
                let _ = t.expand(&|_| Some(TemplateValue::Str(&s)));
                let _ = t.match_uri(&s);
            }
        }

        /// Base64 is accepted exactly when it decodes strictly (the engine's own decoder).
        #[test]
        fn base64_agrees_with_decoding(s in "[A-Za-z0-9+/=_ -]{0,12}") {
            let decodes = base64_simd::STANDARD.decode_to_vec(s.as_bytes()).is_ok();
            prop_assert_eq!(check_base64(&s).is_ok(), decodes);
        }

        /// Every encoding of bytes is accepted.
        #[test]
        fn base64_accepts_every_encoding(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            let encoded = base64_simd::STANDARD.encode_to_string(&bytes);
            prop_assert!(check_base64(&encoded).is_ok());
        }

        /// Templates built from random pieces either fail with a rule or expand and match
        /// without panicking.
        #[test]
        fn templates_from_pieces(pieces in proptest::collection::vec(
            prop_oneof![
                Just("{a}"), Just("{+b}"), Just("{#c}"), Just("{.d}"), Just("{/e}"), Just("{;f}"),
                Just("{?g,h}"), Just("{&i}"), Just("{j:3}"), Just("{k*}"), Just("/"), Just("."),
                Just("x"), Just("%20"), Just("{"), Just("}"), Just(":"), Just("?"),
            ],
            0..8,
        ), value in any::<String>()) {
            let source = format!("x:{}", pieces.concat());
            match UriTemplate::parse(&source) {
                Ok(t) => {
                    let uri = t.expand(&|_| Some(TemplateValue::Str(&value)));
                    let _ = t.match_uri(&uri);
                }
                Err(e) => prop_assert!(matches!(e.rule, Rule::UriTemplate | Rule::Uri)),
            }
        }
    }
}
