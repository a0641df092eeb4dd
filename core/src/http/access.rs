//! Who may ask: the `Host` check (DNS rebinding); `Origin` is checked by `cors`.

use super::HttpServer;
use super::body::ResponseBody;
use super::response::INVALID_REQUEST;
use super::response::error_response;
use crate::server::handler::ProtocolError;
use crate::transport::id::RequestId;
use http::{HeaderMap, Response, StatusCode, header};

impl HttpServer {
    /// `None` when `Host` is allowed; the 403 otherwise (`Origin` is [`Cors`](super::Cors)'s).
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
                crate::transport::trace::refused("Host not allowed");
                return forbidden(format!("Host {host:?} is not allowed"));
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
}

/// The host name of a `Host` header or of an origin, without its port.
pub(super) fn strip_port(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        // `[::1]:8080`
        return rest.split_once(']').map_or(host, |(name, _)| name);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}
