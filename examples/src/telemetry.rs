//! Tracing for an example server: `tracing` events and spans as text on stderr, and, given
//! an OTLP endpoint, every span exported to it with `tracing-opentelemetry` (OTLP over
//! HTTP with protobuf bodies, on hyper's client: no gRPC, no TLS). mcp-content's
//! `mcp.request` spans carry the client's SEP-414 trace context (feature `otel`), so a
//! request's spans land in the client's trace.
//!
//! ```no_run
//! # #[tokio::main]
//! # async fn main() {
//! // A collector listening for OTLP/HTTP on the usual port (Jaeger, the OpenTelemetry
//! // Collector); `None` writes text only.
//! let _telemetry = mcp_content_examples::telemetry::init(Some("http://127.0.0.1:4318"));
//! // … serve; the spans still buffered are sent when `_telemetry` is dropped.
//! # }
//! ```

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_http::{Bytes, HttpClient, HttpError, Request, Response};
use opentelemetry_otlp::{Protocol, WithExportConfig as _, WithHttpConfig as _};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;

/// Keeps the exporter running; dropping it sends the spans still buffered (within the
/// exporter's timeout) and shuts the exporter down.
#[must_use = "dropping the guard stops the export"]
#[derive(Debug)]
pub struct Guard {
    provider: Option<SdkTracerProvider>,
}

impl Guard {
    /// Whether spans are exported (an endpoint was given and the exporter was built).
    pub fn exporting(&self) -> bool {
        self.provider.is_some()
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(provider) = self.provider.take()
            && let Err(e) = provider.shutdown()
        {
            eprintln!("telemetry: shutting the exporter down: {e}");
        }
    }
}

/// Sets the process's `tracing` subscriber: text to stderr (level `info`, rmcp's own at
/// `warn`: at `debug` rmcp logs each request whole, arguments included), and with
/// `otlp_endpoint` an OpenTelemetry layer exporting spans in batches over OTLP/HTTP. The
/// endpoint is the collector's base URL (`http://127.0.0.1:4318`: spans go to its
/// `/v1/traces`) or the full traces URL. Call it once, inside the tokio runtime when an
/// endpoint is given (the export runs on it). A subscriber already set stays; an exporter
/// that cannot be built is reported on stderr and the server runs without it.
pub fn init(otlp_endpoint: Option<&str>) -> Guard {
    let filter = tracing_subscriber::filter::Targets::new()
        .with_default(tracing::Level::INFO)
        .with_target("rmcp", tracing::Level::WARN);
    let text = tracing_subscriber::fmt::layer().with_writer(std::io::stderr);
    let provider = otlp_endpoint.and_then(|endpoint| match provider(endpoint) {
        Ok(provider) => Some(provider),
        Err(e) => {
            eprintln!("telemetry: no OTLP export to {endpoint}: {e}");
            None
        }
    });
    let otel = provider.as_ref().map(|provider| {
        tracing_opentelemetry::layer().with_tracer(provider.tracer("mcp-content-examples"))
    });
    let _ = tracing_subscriber::registry()
        .with(text)
        .with(otel)
        .with(filter)
        .try_init();
    Guard { provider }
}

/// The tracer provider exporting to `endpoint` in batches.
fn provider(endpoint: &str) -> Result<SdkTracerProvider, Box<dyn std::error::Error>> {
    let runtime = tokio::runtime::Handle::try_current()
        .map_err(|_| "init must be called inside the tokio runtime to export")?;
    let uri: http::Uri = endpoint.parse()?;
    let endpoint = if matches!(uri.path(), "" | "/") {
        format!("{}/v1/traces", endpoint.trim_end_matches('/'))
    } else {
        endpoint.to_owned()
    };
    let client = OnTokio {
        runtime,
        client: opentelemetry_http::hyper::HyperClient::with_default_connector(
            Duration::from_secs(10),
            None,
        ),
    };
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_protocol(Protocol::HttpBinary)
        .with_endpoint(endpoint)
        .with_http_client(client)
        .build()?;
    Ok(SdkTracerProvider::builder()
        .with_resource(
            Resource::builder()
                .with_service_name("mcp-content-example")
                .build(),
        )
        .with_batch_exporter(exporter)
        .build())
}

/// hyper's client, run on the tokio runtime `init` was called in. The SDK's batch processor
/// exports from a thread of its own, where no tokio runtime is current and hyper's client
/// cannot run; a tokio task's handle can be awaited from any thread. (Written here because
/// `opentelemetry-http`'s clients either need a current runtime or bring reqwest.)
#[derive(Debug, Clone)]
struct OnTokio {
    runtime: tokio::runtime::Handle,
    client: opentelemetry_http::hyper::HyperClient,
}

impl HttpClient for OnTokio {
    fn send_bytes<'a, 'b>(
        &'a self,
        request: Request<Bytes>,
    ) -> Pin<Box<dyn Future<Output = Result<Response<Bytes>, HttpError>> + Send + 'b>>
    where
        'a: 'b,
        Self: 'b,
    {
        let client = self.client.clone();
        let task = self
            .runtime
            .spawn(async move { client.send_bytes(request).await });
        Box::pin(async move { task.await.map_err(HttpError::from)? })
    }
}
