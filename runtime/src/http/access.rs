//! Who may ask: the `Host` and `Origin` checks (DNS rebinding, browsers on other sites).

use super::HttpServer;
use super::body::ResponseBody;
use super::response::INVALID_REQUEST;
use super::response::error_response;
use crate::server::handler::ProtocolError;
use crate::transport::id::RequestId;
use http::{HeaderMap, Response, StatusCode, header};

impl HttpServer {
    /// `None` when `Host` and `Origin` are allowed; the 403 otherwise.
    pub(super) fn refuse(&self, headers: &HeaderMap) -> Option<Response<ResponseBody>> {
        let forbidden = |why: String| {
            Some(error_response(
                StatusCode::FORBIDDEN,
                &RequestId::null(),
                &ProtocolError::new(INVALID_REQUEST, why),
            ))
        };
        if let Some(host) = headers.get(header::HOST) {
            let host = host.to_str().unwrap_or("");
            if !self.host_allowed(host) {
                return forbidden(format!("Host {host:?} is not allowed"));
            }
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("null");
            if !self.origin_allowed(origin) {
                return forbidden(format!("Origin {origin:?} is not allowed"));
            }
        }
        None
    }

    pub(super) fn host_allowed(&self, host: &str) -> bool {
        let name = strip_port(host);
        self.config
            .allowed_hosts
            .iter()
            .any(|allowed| allowed.eq_ignore_ascii_case(name))
    }

    pub(super) fn origin_allowed(&self, origin: &str) -> bool {
        if origin == "null" {
            return false;
        }
        if !self.config.allowed_origins.is_empty() {
            return self
                .config
                .allowed_origins
                .iter()
                .any(|allowed| allowed.eq_ignore_ascii_case(origin));
        }
        // `scheme://host[:port]`: same-host origins only.
        origin.split_once("://").is_some_and(|(scheme, host)| {
            (scheme == "http" || scheme == "https") && self.host_allowed(host)
        })
    }
}

fn strip_port(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        // `[::1]:8080`
        return rest.split_once(']').map_or(host, |(name, _)| name);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}
